package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The crash tests kill a real refserver process with SIGKILL at the moments
// that matter and start a new one on the same data folder: whatever was
// acknowledged must still be there, and whatever was in flight must be
// going again within restartBudget of the new process starting.
const restartBudget = 5 * time.Second

// proc is a refserver running as a child process of the test binary.
type proc struct {
	cmd     *exec.Cmd
	base    string
	started time.Time

	mu    sync.Mutex
	lines []string
	seen  *sync.Cond
}

// startProc runs refserver on data; it returns once the server listens.
// The keys are printed on the first start of a data folder only.
func startProc(t *testing.T, data string, args ...string) (*proc, map[string]string) {
	t.Helper()
	_, err := os.Stat(filepath.Join(data, "reel.db"))
	firstStart := os.IsNotExist(err)
	all := append([]string{"--addr", "127.0.0.1:0", "--data", data, "--allow-networks", "127.0.0.0/8", "--log-level", "info"}, args...)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "REEL_REFSERVER_CHILD=1", "REEL_REFSERVER_ARGS="+strings.Join(all, " "))
	stdout, _ := cmd.StdoutPipe()
	stderr, _ := cmd.StderrPipe()
	p := &proc{cmd: cmd, started: time.Now()}
	p.seen = sync.NewCond(&p.mu)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.kill() })
	keys := map[string]string{}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 2 {
				p.mu.Lock()
				keys[f[0]] = f[1]
				p.mu.Unlock()
			}
		}
	}()
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.seen.Broadcast()
			p.mu.Unlock()
		}
		p.mu.Lock()
		p.lines = append(p.lines, "<exit>")
		p.seen.Broadcast()
		p.mu.Unlock()
	}()
	line := p.waitLog(t, 30*time.Second, "base_url=")
	p.base = strings.Fields(line[strings.Index(line, "base_url="):])[0][len("base_url="):]
	// A first start prints its keys on stdout before it listens; the two
	// pipes are read apart, so give stdout a moment to catch up.
	for range 100 {
		p.mu.Lock()
		out := map[string]string{}
		for k, v := range keys {
			out[k] = v
		}
		p.mu.Unlock()
		if out["read_write"] != "" || !firstStart {
			return p, out
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("refserver printed no keys on its first start")
	return nil, nil
}

// waitLog waits for a log line holding every one of parts and returns it.
func (p *proc) waitLog(t *testing.T, within time.Duration, parts ...string) string {
	t.Helper()
	deadline := time.Now().Add(within)
	timer := time.AfterFunc(within, func() {
		p.mu.Lock()
		p.seen.Broadcast()
		p.mu.Unlock()
	})
	defer timer.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := 0; ; {
		for ; i < len(p.lines); i++ {
			if p.lines[i] == "<exit>" {
				t.Fatalf("refserver exited while waiting for %q; log:\n%s", parts, strings.Join(p.lines, "\n"))
			}
			if containsAll(p.lines[i], parts) {
				return p.lines[i]
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no log line with %q within %s; log:\n%s", parts, within, strings.Join(p.lines, "\n"))
		}
		p.seen.Wait()
	}
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// kill ends the process with SIGKILL, as a crash or the OOM killer would.
func (p *proc) kill() {
	if p.cmd.ProcessState == nil {
		p.cmd.Process.Signal(syscall.SIGKILL)
		p.cmd.Wait()
	}
}

func (p *proc) request(t *testing.T, method, path, key string, body io.Reader, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, p.base+path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return resp
}

func (p *proc) videoState(t *testing.T, key, id string) video {
	t.Helper()
	resp := p.request(t, "GET", "/v1/videos/"+id, key, nil)
	defer resp.Body.Close()
	var v video
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatalf("decoding video: %v", err)
	}
	return v
}

func (p *proc) waitReady(t *testing.T, key, id string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		v := p.videoState(t, key, id)
		switch {
		case v.State == "ready":
			return
		case v.State == "errored":
			t.Fatalf("video %s errored: %+v", id, v.Error)
		case time.Now().After(deadline):
			t.Fatalf("video %s still %s", id, v.State)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// tusCreate starts an upload of size bytes and returns its path.
func (p *proc) tusCreate(t *testing.T, key string, size int) (path, videoID string) {
	t.Helper()
	resp := p.request(t, "POST", "/v1/uploads", key, nil, "Tus-Resumable", "1.0.0",
		"Upload-Length", fmt.Sprint(size), "Upload-Metadata", "title "+base64.StdEncoding.EncodeToString([]byte("crash")))
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("tus create: %d", resp.StatusCode)
	}
	return strings.TrimPrefix(resp.Header.Get("Location"), p.base), resp.Header.Get("Reel-Video-Id")
}

func (p *proc) tusPatch(t *testing.T, key, path string, offset int, body io.Reader) *http.Response {
	t.Helper()
	resp := p.request(t, "PATCH", path, key, body, "Tus-Resumable", "1.0.0",
		"Upload-Offset", fmt.Sprint(offset), "Content-Type", "application/offset+octet-stream")
	resp.Body.Close()
	return resp
}

// TestKillDuringTranscode: the worker dies mid-ladder; the restarted
// process runs the transcode again within restartBudget and the video
// becomes ready.
func TestKillDuringTranscode(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	data := t.TempDir()
	src, err := os.ReadFile(makeSource(t, t.TempDir(), 12, "1280x720"))
	if err != nil {
		t.Fatal(err)
	}
	p, keys := startProc(t, data)
	key := keys["read_write"]
	path, id := p.tusCreate(t, key, len(src))
	if r := p.tusPatch(t, key, path, 0, bytes.NewReader(src)); r.StatusCode != http.StatusNoContent {
		t.Fatalf("PATCH: %d", r.StatusCode)
	}
	p.waitLog(t, time.Minute, `msg="job started"`, "kind=transcode")
	time.Sleep(500 * time.Millisecond) // well inside the ladder
	p.kill()

	p2, _ := startProc(t, data)
	p2.waitLog(t, restartBudget, `msg="job started"`, "kind=transcode")
	t.Logf("transcode running again %s after the restart began", time.Since(p2.started).Round(time.Millisecond))
	p2.waitReady(t, key, id)
}

// webhookCatcher records each delivery's webhook-id; while hold is set it
// keeps requests open, as a slow receiver would.
type webhookCatcher struct {
	*httptest.Server
	mu      sync.Mutex
	hold    bool
	release chan struct{}
	got     []string // webhook-id of every request, in arrival order
	types   map[string]string
}

func newWebhookCatcher(t *testing.T) *webhookCatcher {
	c := &webhookCatcher{hold: true, release: make(chan struct{}), types: map[string]string{}}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct{ Type string }
		json.NewDecoder(r.Body).Decode(&ev)
		c.mu.Lock()
		c.got = append(c.got, r.Header.Get("webhook-id"))
		c.types[r.Header.Get("webhook-id")] = ev.Type
		hold := c.hold
		c.mu.Unlock()
		if hold {
			select {
			case <-c.release:
			case <-r.Context().Done():
				return
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(func() {
		c.stopHolding()
		c.Close()
	})
	return c
}

func (c *webhookCatcher) stopHolding() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hold {
		c.hold = false
		close(c.release)
	}
}

func (c *webhookCatcher) ids() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.got...)
}

// TestKillDuringWebhookDelivery: the process dies while a receiver holds a
// delivery open; the restarted process sends the same webhook-id again
// within restartBudget.
func TestKillDuringWebhookDelivery(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	data := t.TempDir()
	catcher := newWebhookCatcher(t)
	p, keys := startProc(t, data)
	key := keys["read_write"]
	body, _ := json.Marshal(map[string]any{"url": catcher.URL, "events": []string{"video.created"}})
	resp := p.request(t, "POST", "/v1/webhooks", key, bytes.NewReader(body), "Content-Type", "application/json")
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating the endpoint: %d", resp.StatusCode)
	}
	p.tusCreate(t, key, 1000) // video.created
	deadline := time.Now().Add(20 * time.Second)
	for len(catcher.ids()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the delivery never arrived")
		}
		time.Sleep(10 * time.Millisecond)
	}
	first := catcher.ids()[0]
	p.kill()
	catcher.stopHolding()

	p2, _ := startProc(t, data)
	for {
		ids := catcher.ids()
		if len(ids) > 1 {
			if ids[1] != first {
				t.Fatalf("after the restart the receiver got webhook-id %s, want the retry of %s", ids[1], first)
			}
			break
		}
		if time.Since(p2.started) > restartBudget {
			t.Fatalf("no retry of %s within %s of the restart", first, restartBudget)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("delivery %s retried %s after the restart began", first, time.Since(p2.started).Round(time.Millisecond))
}

// slowBody hands out data in small pieces and signals once half is out.
type slowBody struct {
	data []byte
	off  int
	half chan struct{}
}

func (b *slowBody) Read(p []byte) (int, error) {
	if b.off == len(b.data) {
		// Never end: the process is killed before the body is complete.
		time.Sleep(time.Minute)
		return 0, io.EOF
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

// TestKillDuringUpload: the process dies in the middle of a tus PATCH; the
// restarted one reports an offset whose bytes are exactly the source's, and
// the upload completes from there into a ready video.
func TestKillDuringUpload(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	data := t.TempDir()
	src, err := os.ReadFile(makeSource(t, t.TempDir(), 4, "320x240"))
	if err != nil {
		t.Fatal(err)
	}
	p, keys := startProc(t, data)
	key := keys["read_write"]
	path, id := p.tusCreate(t, key, len(src))
	half := make(chan struct{})
	go func() {
		req, _ := http.NewRequest("PATCH", p.base+path, &slowBody{data: src[:len(src)*3/4], half: half})
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Tus-Resumable", "1.0.0")
		req.Header.Set("Upload-Offset", "0")
		req.Header.Set("Content-Type", "application/offset+octet-stream")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	select {
	case <-half:
	case <-time.After(20 * time.Second):
		t.Fatal("the upload did not get under way")
	}
	time.Sleep(300 * time.Millisecond)
	p.kill()

	p2, _ := startProc(t, data)
	head := p2.request(t, "HEAD", path, key, nil, "Tus-Resumable", "1.0.0")
	head.Body.Close()
	var offset int
	if _, err := fmt.Sscan(head.Header.Get("Upload-Offset"), &offset); err != nil || offset <= 0 || offset > len(src) {
		t.Fatalf("offset after the crash %q (status %d)", head.Header.Get("Upload-Offset"), head.StatusCode)
	}
	stored := uploadedBytes(t, filepath.Join(data, "uploads"), offset)
	if sha256.Sum256(stored) != sha256.Sum256(src[:offset]) {
		t.Fatalf("the %d bytes kept across the crash differ from the source's", offset)
	}
	if r := p2.tusPatch(t, key, path, offset, bytes.NewReader(src[offset:])); r.StatusCode != http.StatusNoContent {
		t.Fatalf("resuming PATCH: %d", r.StatusCode)
	}
	t.Logf("resumed at byte %d of %d after the crash", offset, len(src))
	p2.waitReady(t, key, id)
}

// uploadedBytes returns the first n bytes of the one unfinished upload in
// dir (tusd's file store: the data file beside its .info).
func uploadedBytes(t *testing.T, dir string, n int) []byte {
	t.Helper()
	infos, _ := filepath.Glob(filepath.Join(dir, "*.info"))
	if len(infos) != 1 {
		t.Fatalf("want one unfinished upload in %s, found %v", dir, infos)
	}
	b, err := os.ReadFile(strings.TrimSuffix(infos[0], ".info"))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < n {
		t.Fatalf("upload file holds %d bytes, offset says %d", len(b), n)
	}
	return b[:n]
}

// TestKillDuringWriteBurst: concurrent writers are cut off by SIGKILL;
// every write the server acknowledged is there after the restart and the
// database passes its integrity check.
func TestKillDuringWriteBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	data := t.TempDir()
	p, keys := startProc(t, data)
	key := keys["read_write"]
	var mu sync.Mutex
	var acked []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 5 * time.Second}
			for i := 0; i < 10_000; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body := fmt.Sprintf(`{"name":"burst %d-%d"}`, w, i)
				req, _ := http.NewRequest("POST", p.base+"/v1/collections", strings.NewReader(body))
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
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	p.kill()
	close(stop)
	wg.Wait()
	if len(acked) == 0 {
		t.Fatal("no write was acknowledged before the kill")
	}

	db, err := sql.Open("sqlite", filepath.Join(data, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	var check string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check after the kill: %q, %v", check, err)
	}
	db.Close()

	p2, _ := startProc(t, data)
	for _, id := range acked {
		resp := p2.request(t, "GET", "/v1/collections/"+id, key, nil)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("acknowledged collection %s answers %d after the restart", id, resp.StatusCode)
		}
	}
	t.Logf("%d acknowledged writes, all present after SIGKILL and restart", len(acked))
}
