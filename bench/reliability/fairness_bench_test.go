//go:build bench

package reliability

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/sqlite"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// stop ends the process with SIGTERM (SIGKILL after 30 s).
func (s *server) stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Signal(syscall.SIGKILL)
		<-done
	}
}

// addSpace creates a second space with a read-write key in a data folder
// whose server is stopped. Neither the API nor refserver's command line
// makes spaces (a server bootstraps one), so this one step goes through
// the store and the service, as a program embedding Reel would.
func addSpace(t testing.TB, data string) string {
	t.Helper()
	ctx := context.Background()
	secret, err := os.ReadFile(filepath.Join(data, "secret.key"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.Open(ctx, filepath.Join(data, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	blobs, err := blob.Open(filepath.Join(data, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Secret: secret,
		BaseURL: "http://127.0.0.1", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	sp := &videohost.Space{ID: videohost.NewID(videohost.SpaceIDLen), Name: "space B", CreatedAt: time.Now()}
	if err := db.CreateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	k, err := svc.CreateKey(ctx, sp.ID, videohost.AccessReadWrite, "bench space B")
	if err != nil {
		t.Fatal(err)
	}
	return k.Secret
}

// twoSpaces starts a server on a new data folder holding two spaces; it
// returns the server, space A's read-write key and space B's.
func twoSpaces(t testing.TB, data string) (*server, string, string) {
	t.Helper()
	s := startServer(t, data)
	keyA := s.key("read_write")
	s.stop()
	keyB := addSpace(t, data)
	return startServer(t, data), keyA, keyB
}

// uploadRun is the outcome of n uploads of one space.
type uploadRun struct {
	n        int
	ready    []time.Duration // per video: upload complete → ready
	playable []time.Duration // per video: upload complete → playable (polled)
	makespan time.Duration   // first upload started → last video ready
	notReady int             // not ready at the deadline
	errored  int
}

// uploadAndWait uploads src n times at once with key and waits until every
// video is ready or the deadline passes, polling the space's list (one
// request every 250 ms, well within the key's rate limit).
func uploadAndWait(t testing.TB, s *server, key string, src []byte, n int, deadline time.Time) uploadRun {
	t.Helper()
	run := uploadRun{n: n}
	start := time.Now()
	uploaded := make(map[string]time.Time, n)
	var failed []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			id, err := s.tryUpload(key, src, fmt.Sprint("space B upload ", i))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed = append(failed, err.Error())
				return
			}
			uploaded[id] = time.Now()
		})
	}
	wg.Wait()
	if len(failed) > 0 {
		t.Fatalf("%d uploads failed: %v", len(failed), failed)
	}
	playable, ready := map[string]bool{}, map[string]bool{}
	for len(ready) < n && time.Now().Before(deadline) {
		status, _, b, err := s.do("GET", "/v1/videos?limit=100", key, nil)
		if err != nil || status != http.StatusOK {
			t.Logf("listing space B: %d %v", status, err)
			time.Sleep(time.Second)
			continue
		}
		now := time.Now()
		var page struct {
			Data []struct {
				video
				ReadyAt *time.Time `json:"ready_at"`
			} `json:"data"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			t.Fatal(err)
		}
		for _, v := range page.Data {
			up, ok := uploaded[v.ID]
			if !ok {
				continue
			}
			if v.Playable && !playable[v.ID] {
				playable[v.ID] = true
				run.playable = append(run.playable, now.Sub(up))
			}
			switch {
			case ready[v.ID]:
			case v.State == "ready":
				ready[v.ID] = true
				at := now
				if v.ReadyAt != nil {
					at = *v.ReadyAt
				}
				run.ready = append(run.ready, at.Sub(up))
				run.makespan = max(run.makespan, at.Sub(start))
			case v.State == "errored":
				ready[v.ID] = true
				run.errored++
				t.Logf("video %s errored: %+v", v.ID, v.Error)
			}
		}
		time.Sleep(250 * time.Millisecond)
	}
	run.notReady = n - len(ready)
	if run.notReady > 0 {
		run.makespan = time.Since(start)
	}
	return run
}

// TestFairness: time to ready of REEL_BENCH_FAIR_UPLOADS (20) uploads of
// space B on an idle server, then on a new server while space A has just
// made REEL_BENCH_FAIR_CREATES (2,000) videos by URL from an origin on
// 127.0.0.1 that answers each fetch with a 404 after 1 s (allowed by
// --allow-networks 127.0.0.0/8), spread over ten keys of A to stay within
// the per-key rate limit. The target is the loaded time within 1.5× the
// idle one. It is expected to miss today (jobs are not yet fair across
// spaces): the bench reports the numbers and fails after printing them;
// the loaded run stops at REEL_BENCH_FAIR_DEADLINE seconds (3× the idle
// run, at least 120 s).
func TestFairness(t *testing.T) {
	n := benchkit.EnvInt("REEL_BENCH_FAIR_UPLOADS", 20)
	creates := benchkit.EnvInt("REEL_BENCH_FAIR_CREATES", 2000)
	const slow404 = time.Second
	dir := t.TempDir()
	src := makeSource(t, dir, 3, "640x360")

	// Idle: space B's uploads alone.
	idleLoad := benchkit.LoadAverage()
	s, _, keyB := twoSpaces(t, filepath.Join(dir, "idle"))
	idle := uploadAndWait(t, s, keyB, src, n, time.Now().Add(15*time.Minute))
	s.kill()
	idleLoadEnd := benchkit.LoadAverage()
	if idle.notReady > 0 {
		t.Fatalf("idle: %d of %d uploads not ready within 15 minutes", idle.notReady, n)
	}

	// Loaded: space A's burst of creates by URL first, then B's uploads.
	var fetches atomic.Int64
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		select {
		case <-time.After(slow404):
		case <-r.Context().Done():
		}
		http.NotFound(w, r)
	}))
	defer origin.Close()
	s, keyA, keyB := twoSpaces(t, filepath.Join(dir, "loaded"))
	keysA := s.createKeys(t, keyA, 10)
	burstLoad := benchkit.LoadAverage()
	var next atomic.Int64
	var mu sync.Mutex
	statuses := map[int]int{}
	burstStart := time.Now()
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= creates {
					return
				}
				status, _, b, err := s.do("POST", "/v1/videos", keysA[i%len(keysA)],
					map[string]string{"input_url": fmt.Sprintf("%s/missing/%d.mp4", origin.URL, i), "title": fmt.Sprint("burst ", i)})
				mu.Lock()
				if err != nil {
					statuses[0]++
				} else {
					statuses[status]++
					if status != http.StatusCreated && statuses[status] == 1 {
						t.Logf("create by URL: %d %.200s", status, b)
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	burst := time.Since(burstStart)
	deadlineFor := 3 * idle.makespan
	if d := benchkit.EnvInt("REEL_BENCH_FAIR_DEADLINE", 0); d > 0 {
		deadlineFor = time.Duration(d) * time.Second
	}
	deadlineFor = max(deadlineFor, 120*time.Second)
	loaded := uploadAndWait(t, s, keyB, src, n, time.Now().Add(deadlineFor))
	fetchesDuring := fetches.Load()
	loadEnd := benchkit.LoadAverage()
	s.kill()

	row := func(name string, r uploadRun, load string) {
		rd, pl := sortedCopy(r.ready), sortedCopy(r.playable)
		ready := fmt.Sprintf("%.1f", r.makespan.Seconds())
		if r.notReady > 0 {
			ready = fmt.Sprintf("> %.0f (%d of %d not ready at the deadline)", r.makespan.Seconds(), r.notReady, r.n)
		}
		secs := func(ds []time.Duration, q float64) string {
			if len(ds) == 0 {
				return "—"
			}
			return fmt.Sprintf("%.1f", quantile(ds, q).Seconds())
		}
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %s |\n", name, r.n, ready, secs(rd, 0.5), secs(rd, 1), secs(pl, 0.5), load)
	}
	fmt.Printf("\n### Time to ready of %d uploads of space B (3 s 640x360 each, sent at once), idle and after space A's burst of %d creates by URL\n\n", n, creates)
	fmt.Println("| run | uploads | all ready s | upload → ready median s (of those ready) | max s | upload → playable median s | load average |")
	fmt.Println("|---|---|---|---|---|---|---|")
	row("idle server", idle, idleLoad+" → "+idleLoadEnd)
	row(fmt.Sprintf("after space A's %d creates by URL (404 after %s each)", creates, slow404), loaded, burstLoad+" → "+loadEnd)
	ratio := loaded.makespan.Seconds() / idle.makespan.Seconds()
	verdict := "within"
	if loaded.notReady > 0 || ratio > 1.5 {
		verdict = "**misses**"
	}
	var codes []string
	for code, c := range statuses {
		codes = append(codes, fmt.Sprintf("%d × %d", c, code))
	}
	slices.Sort(codes)
	gt := ""
	if loaded.notReady > 0 {
		gt = "> "
	}
	fmt.Printf("\nLoaded / idle, all ready: %s%.1f× (target ≤ 1.5×: %s). Space A's creates took %.1f s (%s); the origin saw %d fetches by the end of the loaded run.\n",
		gt, ratio, verdict, burst.Seconds(), strings.Join(codes, ", "), fetchesDuring)
	if verdict != "within" {
		t.Errorf("space B's uploads took %s%.1f× as long with space A's burst queued (target ≤ 1.5×)", gt, ratio)
	}
}
