//go:build bench

package reliability

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// recoveryTarget is the promise of issue 20: after kill -9 and a restart,
// what was in flight is going again within 5 s of the new process starting.
const recoveryTarget = 5 * time.Second

// recoveryLimit is how long the bench waits for a recovery before it
// counts the moment as not recovered.
const recoveryLimit = 60 * time.Second

// receiver is a webhook endpoint on 127.0.0.1 that records every delivery
// and, while hold is set, keeps requests open as a slow receiver would.
type receiver struct {
	*httptest.Server

	mu        sync.Mutex
	hold      bool
	release   chan struct{}
	arrivals  []arrival
	delivered map[string]bool            // webhook-id → answered 2xx at least once
	ids       map[string]map[string]bool // "type video" → the webhook-ids it came with
}

type arrival struct {
	id string
	at time.Time
}

func newReceiver(t testing.TB) *receiver {
	r := &receiver{release: make(chan struct{}), delivered: map[string]bool{}, ids: map[string]map[string]bool{}}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var ev struct {
			Type string `json:"type"`
			Data struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		// A body cut short by the sender's death decodes to nothing: it
		// counts as an arrival, not as an event.
		decoded := json.NewDecoder(io.LimitReader(req.Body, 1<<20)).Decode(&ev) == nil && ev.Type != ""
		id := req.Header.Get("webhook-id")
		r.mu.Lock()
		r.arrivals = append(r.arrivals, arrival{id, time.Now()})
		if k := ev.Type + " " + ev.Data.ID; decoded {
			if r.ids[k] == nil {
				r.ids[k] = map[string]bool{}
			}
			r.ids[k][id] = true
		}
		hold, release := r.hold, r.release
		r.mu.Unlock()
		if hold {
			select {
			case <-release:
			case <-req.Context().Done():
				return // the sender died: not delivered
			}
		}
		w.WriteHeader(http.StatusNoContent)
		r.mu.Lock()
		r.delivered[id] = true
		r.mu.Unlock()
	}))
	t.Cleanup(func() {
		r.setHold(false)
		r.Close()
	})
	return r
}

func (r *receiver) setHold(on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case on && !r.hold:
		r.release = make(chan struct{})
	case !on && r.hold:
		close(r.release)
	}
	r.hold = on
}

// waitArrival waits for a delivery that arrives after since; with id set,
// for that webhook-id. It returns the webhook-id and when it arrived.
func (r *receiver) waitArrival(id string, since time.Time, within time.Duration) (string, time.Time, bool) {
	deadline := time.Now().Add(within)
	for {
		r.mu.Lock()
		for _, a := range r.arrivals {
			if a.at.After(since) && (id == "" || a.id == id) {
				r.mu.Unlock()
				return a.id, a.at, true
			}
		}
		r.mu.Unlock()
		if time.Now().After(deadline) {
			return "", time.Time{}, false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// slowBody hands out data in small pieces, signals once half is out, and
// never ends: the process is killed before the body is complete.
type slowBody struct {
	data []byte
	off  int
	half chan struct{}
	stop chan struct{}
}

func (b *slowBody) Read(p []byte) (int, error) {
	if b.off == len(b.data) {
		<-b.stop
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p[:min(len(p), 16<<10)], b.data[b.off:])
	b.off += n
	if b.off >= len(b.data)/2 && b.half != nil {
		close(b.half)
		b.half = nil
		time.Sleep(200 * time.Millisecond) // let the server write what it has
	}
	return n, nil
}

// killState is what the kill cycles carry from one moment to the next.
type killState struct {
	t        *testing.T
	s        *server
	data     string
	key      string
	writers  []string // keys of the write burst, one per writer
	hooks    *receiver
	hookID   string
	small    []byte // uploaded by the upload moment
	long     []byte // transcoded by the transcode moment
	uploads  []string
	videos   []string
	acked    map[string]bool // collections the server acknowledged
	kills    int
	badCheck []string // integrity_check answers other than ok

	recovered map[string][]time.Duration
	missed    map[string]int // recoveries not seen within recoveryLimit
	lost      map[string]int
}

// crash kills the server, checks the database and starts a new process on
// the same data folder.
func (k *killState) crash() {
	k.t.Helper()
	k.s.kill()
	k.kills++
	if check, err := integrityCheck(k.data); err != nil || check != "ok" {
		k.badCheck = append(k.badCheck, fmt.Sprintf("kill %d: %q %v", k.kills, check, err))
	}
	k.s = startServer(k.t, k.data)
}

// settle waits until every video made so far is ready, so that the next
// moment's timing is not another video's.
func (k *killState) settle() {
	k.t.Helper()
	for _, id := range k.videos {
		if _, err := k.s.waitState(k.key, id, "ready", 5*time.Minute); err != nil {
			k.t.Logf("settling: %v", err)
		}
	}
}

func (k *killState) note(moment string, d time.Duration, ok bool) {
	if !ok {
		k.missed[moment]++
		return
	}
	k.recovered[moment] = append(k.recovered[moment], d)
}

// killDuringUpload: SIGKILL in the middle of a tus PATCH. Recovered when
// the new process answers HEAD with an offset; lost when the upload is gone,
// the kept bytes differ from the source's, or it cannot be resumed.
func (k *killState) killDuringUpload(cycle int) {
	t := k.t
	path, id := k.s.tusCreate(t, k.key, len(k.small), fmt.Sprint("kill upload ", cycle))
	k.videos = append(k.videos, id)
	k.uploads = append(k.uploads, id)
	half, stop := make(chan struct{}), make(chan struct{})
	defer close(stop)
	go func() {
		req, _ := http.NewRequest("PATCH", k.s.base+path, &slowBody{data: k.small[:len(k.small)*3/4], half: half, stop: stop})
		req.Header.Set("Authorization", "Bearer "+k.key)
		req.Header.Set("Tus-Resumable", "1.0.0")
		req.Header.Set("Upload-Offset", "0")
		req.Header.Set("Content-Type", "application/offset+octet-stream")
		if resp, err := httpClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	select {
	case <-half:
	case <-time.After(30 * time.Second):
		t.Fatal("the upload did not get under way")
	}
	time.Sleep(300 * time.Millisecond)
	k.crash()

	var offset int
	ok := false
	for time.Since(k.s.started) < recoveryLimit {
		status, hdr, _, err := k.s.do("HEAD", path, k.key, nil, "Tus-Resumable", "1.0.0")
		if err == nil && status == http.StatusOK {
			offset, _ = strconv.Atoi(hdr.Get("Upload-Offset"))
			ok = true
			break
		}
		if err == nil && status == http.StatusNotFound {
			break // the upload is gone
		}
		time.Sleep(5 * time.Millisecond)
	}
	k.note("tus PATCH", time.Since(k.s.started), ok)
	if !ok || offset <= 0 || offset > len(k.small) {
		t.Logf("upload %s after the kill: HEAD ok %v, offset %d", id, ok, offset)
		k.lost["tus PATCH"]++
		return
	}
	kept, err := os.ReadFile(filepath.Join(k.data, "uploads", filepath.Base(path)))
	if err != nil || len(kept) < offset || sha256.Sum256(kept[:offset]) != sha256.Sum256(k.small[:offset]) {
		t.Logf("upload %s: the %d bytes kept across the kill differ from the source's (%v)", id, offset, err)
		k.lost["tus PATCH"]++
		return
	}
	if status, err := k.s.tusPatch(k.key, path, offset, k.small[offset:]); err != nil || status != http.StatusNoContent {
		t.Logf("upload %s: resuming at %d: %d %v", id, offset, status, err)
		k.lost["tus PATCH"]++
	}
}

// killDuringTranscode: SIGKILL half a second into a transcode. Recovered
// when the new process logs the job started again.
func (k *killState) killDuringTranscode(cycle int) {
	t := k.t
	k.settle()
	id := k.s.upload(t, k.key, k.long, fmt.Sprint("kill transcode ", cycle))
	k.videos = append(k.videos, id)
	if _, ok := k.s.waitLog(3*time.Minute, `msg="job started"`, "kind=transcode", "video="+id); !ok {
		t.Fatalf("the transcode of %s never started; log:\n%s", id, k.s.log())
	}
	time.Sleep(500 * time.Millisecond) // well inside the ladder
	k.crash()
	_, ok := k.s.waitLog(recoveryLimit, `msg="job started"`, "kind=transcode", "video="+id)
	k.note("transcode", time.Since(k.s.started), ok)
}

// killDuringDelivery: SIGKILL while the receiver holds a delivery open.
// Recovered when the receiver gets the same webhook-id again.
func (k *killState) killDuringDelivery(cycle int) {
	t := k.t
	since := time.Now()
	k.hooks.setHold(true)
	k.videos = append(k.videos, k.s.upload(t, k.key, k.small, fmt.Sprint("kill webhook ", cycle)))
	id, _, ok := k.hooks.waitArrival("", since, 60*time.Second)
	if !ok {
		t.Fatal("no delivery arrived while holding")
	}
	time.Sleep(100 * time.Millisecond)
	k.s.kill() // crash() restarts; release first, as the receiver recovers too
	k.kills++
	if check, err := integrityCheck(k.data); err != nil || check != "ok" {
		k.badCheck = append(k.badCheck, fmt.Sprintf("kill %d: %q %v", k.kills, check, err))
	}
	k.hooks.setHold(false)
	k.s = startServer(t, k.data)
	_, at, ok := k.hooks.waitArrival(id, k.s.started, recoveryLimit)
	k.note("webhook delivery", at.Sub(k.s.started), ok)
}

// killDuringWrites: SIGKILL during a burst of collection creates from eight
// writers. Recovered when the new process answers a read of the last
// acknowledged row; the rows are counted at the end.
func (k *killState) killDuringWrites(cycle int) {
	var mu sync.Mutex
	var acked []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	base := k.s.base
	for w, key := range k.writers {
		wg.Go(func() {
			client := &http.Client{Timeout: 10 * time.Second}
			for i := 0; i < 10_000; i++ {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest("POST", base+"/v1/collections",
					strings.NewReader(fmt.Sprintf(`{"name":"burst %d-%d-%d"}`, cycle, w, i)))
				req.Header.Set("Authorization", "Bearer "+key)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					return // the server is gone
				}
				var c struct{ ID string }
				json.NewDecoder(resp.Body).Decode(&c)
				resp.Body.Close()
				if resp.StatusCode == http.StatusCreated && c.ID != "" {
					mu.Lock()
					acked = append(acked, c.ID)
					mu.Unlock()
				}
			}
		})
	}
	time.Sleep(1500 * time.Millisecond)
	k.crash()
	close(stop)
	wg.Wait()
	for _, id := range acked {
		k.acked[id] = true
	}
	if len(acked) == 0 {
		k.t.Logf("cycle %d: no write acknowledged before the kill", cycle)
		k.note("API write burst", 0, false)
		return
	}
	last, ok := acked[len(acked)-1], false
	for time.Since(k.s.started) < recoveryLimit {
		if status, _, _, err := k.s.do("GET", "/v1/collections/"+last, k.key, nil); err == nil && status == http.StatusOK {
			ok = true
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	k.note("API write burst", time.Since(k.s.started), ok)
}

// collections lists every collection id of the space.
func (k *killState) collections() map[string]bool {
	t := k.t
	out := map[string]bool{}
	cursor := ""
	for range 10_000 {
		_, b := k.s.mustDo(t, http.StatusOK, "GET", "/v1/collections?limit=100&cursor="+cursor, k.key, nil)
		var page struct {
			Data       []struct{ ID string } `json:"data"`
			NextCursor *string               `json:"next_cursor"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			t.Fatal(err)
		}
		for _, c := range page.Data {
			out[c.ID] = true
		}
		if page.NextCursor == nil || *page.NextCursor == "" {
			break
		}
		cursor = *page.NextCursor
	}
	return out
}

// deliveries lists every delivery of the endpoint: event id → state.
func (k *killState) deliveries() map[string]string {
	t := k.t
	out := map[string]string{}
	cursor := ""
	for range 10_000 {
		_, b := k.s.mustDo(t, http.StatusOK, "GET", "/v1/webhooks/"+k.hookID+"/deliveries?limit=100&cursor="+cursor, k.key, nil)
		var page struct {
			Data []struct {
				EventID string `json:"event_id"`
				State   string `json:"state"`
			} `json:"data"`
			NextCursor *string `json:"next_cursor"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			t.Fatal(err)
		}
		for _, d := range page.Data {
			out[d.EventID] = d.State
		}
		if page.NextCursor == nil || *page.NextCursor == "" {
			break
		}
		cursor = *page.NextCursor
	}
	return out
}

// TestKillCycles runs REEL_BENCH_CYCLES cycles (8); each kills the server
// with SIGKILL at four moments and restarts it on the same data folder.
func TestKillCycles(t *testing.T) {
	cycles := benchkit.EnvInt("REEL_BENCH_CYCLES", 8)
	dir := t.TempDir()
	loadStart := benchkit.LoadAverage()
	k := &killState{t: t, data: filepath.Join(dir, "data"), acked: map[string]bool{},
		recovered: map[string][]time.Duration{}, missed: map[string]int{}, lost: map[string]int{}}
	k.small = makeSource(t, dir, 4, "320x240")
	k.long = makeSource(t, dir, 10, "1280x720")
	k.hooks = newReceiver(t)
	k.s = startServer(t, k.data)
	k.key = k.s.key("read_write")
	k.writers = k.s.createKeys(t, k.key, 8)
	_, b := k.s.mustDo(t, http.StatusCreated, "POST", "/v1/webhooks", k.key, map[string]any{"url": k.hooks.URL})
	var hook struct{ ID string }
	json.Unmarshal(b, &hook)
	k.hookID = hook.ID

	start := time.Now()
	moments := []struct {
		name string
		run  func(int)
	}{
		{"tus PATCH", k.killDuringUpload},
		{"transcode", k.killDuringTranscode},
		{"webhook delivery", k.killDuringDelivery},
		{"API write burst", k.killDuringWrites},
	}
	for c := range cycles {
		for _, m := range moments {
			m.run(c)
			t.Logf("cycle %d, %s: done (%s since start)", c+1, m.name, time.Since(start).Round(time.Second))
		}
	}

	// After the last restart: every video ready, every upload whole, every
	// delivery made, every acknowledged row there.
	k.settle()
	for _, id := range k.uploads {
		v, _, err := k.s.getVideo(k.key, id)
		if err != nil || v.State != "ready" || v.Source == nil || v.Source.Size != int64(len(k.small)) {
			t.Logf("upload %s at the end: %s, source %+v, %v", id, v.State, v.Source, err)
			k.lost["tus PATCH"]++
		}
	}
	for _, id := range k.videos {
		if v, _, err := k.s.getVideo(k.key, id); err != nil || v.State != "ready" {
			t.Logf("video %s at the end: %q %v", id, v.State, err)
			if !slices.Contains(k.uploads, id) {
				k.lost["transcode"]++
			}
		}
	}
	var deliveries map[string]string
	for deadline := time.Now().Add(3 * time.Minute); ; {
		deliveries = k.deliveries()
		pending := 0
		for _, st := range deliveries {
			if st != "delivered" {
				pending++
			}
		}
		if pending == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Second)
	}
	k.hooks.mu.Lock()
	for id := range deliveries {
		if !k.hooks.delivered[id] {
			t.Logf("event %s (%s) was never delivered", id, deliveries[id])
			k.lost["webhook delivery"]++
		}
	}
	reIDs := 0
	for ev, ids := range k.hooks.ids {
		if len(ids) > 1 {
			t.Logf("%s arrived under %d webhook-ids", ev, len(ids))
			reIDs++
		}
	}
	events := len(k.hooks.ids)
	k.hooks.mu.Unlock()
	k.lost["webhook delivery"] += reIDs
	present := k.collections()
	for id := range k.acked {
		if !present[id] {
			k.lost["API write burst"]++
		}
	}
	k.s.kill()
	if check, err := integrityCheck(k.data); err != nil || check != "ok" {
		k.badCheck = append(k.badCheck, fmt.Sprintf("final: %q %v", check, err))
	}
	elapsed := time.Since(start)

	fmt.Printf("\n### Kill -9 cycles: %d cycles × 4 moments, one data folder (load average %s at the start, %s at the end; %s)\n\n",
		cycles, loadStart, benchkit.LoadAverage(), elapsed.Round(time.Second))
	fmt.Println("| moment | kills | lost | restart → recovered, median | max | not recovered within 60 s | recovered means |")
	fmt.Println("|---|---|---|---|---|---|---|")
	means := map[string]string{
		"tus PATCH":        "HEAD answers with the offset",
		"transcode":        "`job started` `kind=transcode` for the video",
		"webhook delivery": "the receiver gets the same `webhook-id`",
		"API write burst":  "the last acknowledged row reads back",
	}
	lostWhat := map[string]string{
		"tus PATCH":        "uploads",
		"transcode":        "videos not ready",
		"webhook delivery": "events",
		"API write burst":  "rows",
	}
	totalLost, slow := 0, 0
	for _, m := range moments {
		d := sortedCopy(k.recovered[m.name])
		med, mx := "—", "—"
		if len(d) > 0 {
			med, mx = ms(quantile(d, 0.5))+" ms", ms(d[len(d)-1])+" ms"
			if d[len(d)-1] > recoveryTarget && m.name != "API write burst" {
				slow++
			}
		}
		totalLost += k.lost[m.name]
		fmt.Printf("| %s | %d | %d %s | %s | %s | %d | %s |\n", m.name, len(d)+k.missed[m.name], k.lost[m.name], lostWhat[m.name],
			med, mx, k.missed[m.name], means[m.name])
	}
	fmt.Printf("\n%d kills; `PRAGMA integrity_check` after each kill and at the end: %s. %d uploads, %d videos, %d webhook events in the delivery log (%d received, by type and video), %d acknowledged rows.\n",
		k.kills, okOr(k.badCheck), len(k.uploads), len(k.videos), len(deliveries), events, len(k.acked))
	if totalLost > 0 {
		t.Errorf("%d lost (must be 0)", totalLost)
	}
	if len(k.badCheck) > 0 {
		t.Errorf("integrity_check: %v", k.badCheck)
	}
	for _, m := range moments {
		if k.missed[m.name] > 0 {
			t.Errorf("%s: %d kills not recovered within %s", m.name, k.missed[m.name], recoveryLimit)
		}
	}
	if slow > 0 {
		t.Errorf("%d moments took longer than %s to recover at least once", slow, recoveryTarget)
	}
}

func okOr(bad []string) string {
	if len(bad) == 0 {
		return "ok every time"
	}
	return strings.Join(bad, "; ")
}
