package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

// clusterPassword is the database password of the cluster test. The test
// cluster trusts every local connection, so any password works; it is
// there so that the test can check it never reaches a log.
const clusterPassword = "clu5ter-pa55word"

// startRole runs "refserver ROLE" as a process with env added to its
// environment; it returns once the process serves (the worker role its
// health probes). Keys printed on stdout land in keys.
func startRole(t *testing.T, role, data string, env []string, keys *sync.Map, args ...string) *proc {
	t.Helper()
	all := append([]string{role, "--addr", "127.0.0.1:0", "--data", data, "--allow-networks", "127.0.0.0/8"}, args...)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), env...), "REEL_REFSERVER_CHILD=1", "REEL_REFSERVER_ARGS="+strings.Join(all, " "))
	stdout, _ := cmd.StdoutPipe()
	stderr, _ := cmd.StderrPipe()
	p := &proc{cmd: cmd, started: time.Now()}
	p.seen = sync.NewCond(&p.mu)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.kill() })
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 2 && keys != nil {
				keys.Store(f[0], f[1])
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
	line := p.waitLog(t, time.Minute, "msg=", "serving", "addr=")
	p.base = "http://" + strings.Fields(line[strings.Index(line, "addr=")+len("addr="):])[0]
	return p
}

// log is everything the process wrote to stderr so far.
func (p *proc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

// hookLog records every webhook delivery: the first arrival of each
// webhook-id, per video, in arrival order.
type hookLog struct {
	*httptest.Server
	mu      sync.Mutex
	seen    map[string]bool
	byVideo map[string][]string
	repeats int
}

func newHookLog(t *testing.T) *hookLog {
	h := &hookLog{seen: map[string]bool{}, byVideo: map[string][]string{}}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct {
			Type string
			Data struct{ ID string }
		}
		if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		id := r.Header.Get("webhook-id")
		if h.seen[id] {
			h.repeats++
			return
		}
		h.seen[id] = true
		h.byVideo[ev.Data.ID] = append(h.byVideo[ev.Data.ID], ev.Type)
	}))
	t.Cleanup(h.Close)
	return h
}

// waitEvents waits until every video has received its events, and fails
// on any other sequence.
func (h *hookLog) waitEvents(t *testing.T, want map[string][]string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		h.mu.Lock()
		done, wrong := true, ""
		for id, events := range want {
			got := strings.Join(h.byVideo[id], ",")
			if got != strings.Join(events, ",") {
				done = false
				if !strings.HasPrefix(strings.Join(events, ","), got) {
					wrong = fmt.Sprintf("video %s received %s, want %s", id, got, strings.Join(events, ","))
				}
			}
		}
		repeats := h.repeats
		h.mu.Unlock()
		if wrong != "" {
			t.Fatal(wrong)
		}
		if done {
			t.Logf("every event arrived in order per video (%d repeated deliveries dropped by webhook-id)", repeats)
			return
		}
		if time.Now().After(deadline) {
			h.mu.Lock()
			defer h.mu.Unlock()
			t.Fatalf("events after a minute: %v, want %v", h.byVideo, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// status is the status of a GET of url.
func getStatus(t *testing.T, url, key string) (int, http.Header, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// within polls until cond holds and fails after limit, returning how long
// it took.
func within(t *testing.T, limit time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > limit {
			t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

// cluster is an installation as it runs on several machines, every part a
// real process: one PostgreSQL, one S3 server (versitygw), two api
// processes and two workers, each with a --data folder of its own holding
// only the shared secret (the two workers share one, as two workers on one
// machine would).
// sharedStores is what processes that share one PostgreSQL and one S3
// bucket need: the environment with S3's credentials, the flags naming
// both, data folders that hold one secret (every process signs and reads
// alike) and the keys the first start prints.
type sharedStores struct {
	pg     *pgtest.Server
	s3     *s3test.Server
	bucket string
	env    []string
	args   []string // --database, --blobs
	secret []byte
	keys   sync.Map
}

// newSharedStores starts a PostgreSQL and an S3 server; dsn rewrites the
// database's address for the processes (nil: as it is).
func newSharedStores(t *testing.T, dsn func(string) string) *sharedStores {
	t.Helper()
	st := &sharedStores{pg: pgtest.NewServer(t), s3: s3test.StartOwn(t), secret: make([]byte, 32)}
	st.bucket = st.s3.Bucket(t)
	for k, v := range st.s3.Env() {
		st.env = append(st.env, k+"="+v)
	}
	rand.Read(st.secret)
	db := st.pg.DSN
	if dsn != nil {
		db = dsn(db)
	}
	st.args = []string{"--database", db, "--blobs", st.s3.URL(st.bucket)}
	return st
}

// folder is a new data folder holding the shared secret.
func (st *sharedStores) folder(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "secret.key"), st.secret, 0o600); err != nil {
		t.Fatal(err)
	}
	return d
}

// start starts a process of role on a new data folder with the shared
// flags and extra.
func (st *sharedStores) start(t *testing.T, role string, extra ...string) *proc {
	t.Helper()
	return startRole(t, role, st.folder(t), st.env, &st.keys, append(append([]string(nil), st.args...), extra...)...)
}

// key waits for the read_write key the first start printed.
func (st *sharedStores) key(t *testing.T) string {
	t.Helper()
	var key string
	within(t, 5*time.Second, "the keys", func() bool {
		k, ok := st.keys.Load("read_write")
		key, _ = k.(string)
		return ok
	})
	return key
}

// createLiveStream creates a live stream through p.
func createLiveStream(t *testing.T, p *proc, key string, fields map[string]any) liveStream {
	t.Helper()
	body, _ := json.Marshal(fields)
	resp := p.request(t, "POST", "/v1/live-streams", key, bytes.NewReader(body), "Content-Type", "application/json")
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var ls liveStream
	if err := json.Unmarshal(raw, &ls); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating the stream: %d %s", resp.StatusCode, raw)
	}
	return ls
}

type cluster struct {
	pg       *pgtest.Server
	s3       *s3test.Server
	bucket   string
	key      string // a read_write key
	a, b     *proc  // the api processes
	workers  []*proc
	workData string // the workers' --data folder
	// startWorker starts one more worker like the others, on workData
	// (a restarted machine).
	startWorker func() *proc
}

// startCluster starts a cluster whose workers get workerArgs besides the
// common flags. When the test ends, no log line of any process may hold a
// credential; a failed test shows each process's last lines.
func startCluster(t *testing.T, workerArgs ...string) *cluster {
	t.Helper()
	st := newSharedStores(t, func(dsn string) string {
		return strings.Replace(dsn, "postgres://postgres@", "postgres://postgres:"+clusterPassword+"@", 1)
	})
	c := &cluster{pg: st.pg, s3: st.s3, bucket: st.bucket}
	args := append(append([]string(nil), st.args...), "--job-rescue-after", "2s", "--log-level", "debug")

	// Two api processes start at once on the empty database: both migrate
	// and serve.
	var wg sync.WaitGroup
	wg.Go(func() { c.a = startRole(t, "api", st.folder(t), st.env, &st.keys, args...) })
	wg.Go(func() { c.b = startRole(t, "api", st.folder(t), st.env, &st.keys, args...) })
	wg.Wait()
	if c.a == nil || c.b == nil {
		t.FailNow()
	}
	c.key = st.key(t)
	c.workData = st.folder(t)
	workArgs := append(append(append([]string(nil), args...), "--workers", "1", "--log-level", "info"), workerArgs...)
	c.startWorker = func() *proc { return startRole(t, "worker", c.workData, st.env, nil, workArgs...) }
	c.workers = []*proc{c.startWorker(), c.startWorker()}
	t.Cleanup(func() {
		// Checked last, over everything the processes wrote: no
		// credential in any log line, outages included.
		for i, p := range []*proc{c.a, c.b, c.workers[0], c.workers[1]} {
			l := p.log()
			if t.Failed() {
				lines := strings.Split(l, "\n")
				t.Logf("process %d (%s), last lines:\n%s", i, p.base, strings.Join(lines[max(0, len(lines)-15):], "\n"))
			}
			for _, c := range []string{clusterPassword, s3test.SecretKey} {
				if strings.Contains(l, c) {
					t.Errorf("a log holds a credential:\n%s", l)
				}
			}
		}
	})
	return c
}

// TestCluster runs Reel as it runs on several machines, every part a real
// process: one PostgreSQL, one S3 server (versitygw), two api processes
// and two workers, each with a --data folder of its own holding only the
// shared secret. An upload moves from one api process to the other half
// way, a URL video is created through the second, the worker running the
// upload's transcode is killed and the other finishes it; every asset
// plays through both api processes; an archived or deleted video and a
// deleted key stop working on both within 2 s; PostgreSQL and S3 go away
// and come back while the processes run; the webhook receiver sees every
// transition of every video in order; no log line holds a credential.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	c := startCluster(t)
	pg, s3, a, b, workers, key := c.pg, c.s3, c.a, c.b, c.workers, c.key

	hooks := newHookLog(t)
	body, _ := json.Marshal(map[string]any{"url": hooks.URL})
	resp := a.request(t, "POST", "/v1/webhooks", key, bytes.NewReader(body), "Content-Type", "application/json")
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating the webhook endpoint: %d", resp.StatusCode)
	}

	srcPath := makeSource(t, t.TempDir(), 5, "320x240")
	src, err := os.ReadFile(srcPath)
	if err != nil {
		t.Fatal(err)
	}

	// An upload: the first half through A, the rest through B.
	path, upID := a.tusCreate(t, key, len(src))
	half := len(src) / 2
	if r := a.tusPatch(t, key, path, 0, bytes.NewReader(src[:half])); r.StatusCode != http.StatusNoContent {
		t.Fatalf("PATCH of the first half through A: %d", r.StatusCode)
	}
	head := b.request(t, "HEAD", path, key, nil, "Tus-Resumable", "1.0.0")
	head.Body.Close()
	if got := head.Header.Get("Upload-Offset"); got != fmt.Sprint(half) {
		t.Fatalf("B sees offset %q (status %d), want %d", got, head.StatusCode, half)
	}
	if r := b.tusPatch(t, key, path, half, bytes.NewReader(src[half:])); r.StatusCode != http.StatusNoContent {
		t.Fatalf("PATCH of the rest through B: %d", r.StatusCode)
	}

	// A video by URL, through B.
	origin := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(srcPath))))
	defer origin.Close()
	body, _ = json.Marshal(map[string]any{"input_url": origin.URL + "/source.mp4", "title": "by url"})
	resp = b.request(t, "POST", "/v1/videos", key, bytes.NewReader(body), "Content-Type", "application/json")
	var urlVideo video
	json.NewDecoder(resp.Body).Decode(&urlVideo)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create by URL through B: %d", resp.StatusCode)
	}

	// kill -9 the worker that holds the upload's transcode.
	victim := -1
	within(t, 2*time.Minute, "a worker starting the transcode of the upload", func() bool {
		for i, w := range workers {
			if w.hasLog(`msg="job started"`, "kind=transcode", "video="+upID) {
				victim = i
				return true
			}
		}
		return false
	})
	workers[victim].kill()
	killedAt := time.Now()
	survivor := workers[1-victim]
	t.Logf("killed worker %d while it transcoded %s", victim, upID)
	a.waitReady(t, key, upID)
	a.waitReady(t, key, urlVideo.ID)
	t.Logf("the other worker finished the transcode %s after the kill", time.Since(killedAt).Round(time.Millisecond))
	if !strings.Contains(survivor.log(), "video="+upID) {
		t.Errorf("the surviving worker never ran a job of %s", upID)
	}

	// Every asset of both videos through both api processes.
	for _, p := range []*proc{a, b} {
		for _, id := range []string{upID, urlVideo.ID} {
			fetchEveryAsset(t, p.videoState(t, key, id))
		}
	}

	// Caches across processes: archived on A, deleted on B, a key deleted
	// on A; each stops working on both within 2 s.
	hlsOf := func(p *proc, id string) string { return p.videoState(t, key, id).URLs["hls"] }
	hlsA, hlsB := hlsOf(a, urlVideo.ID), hlsOf(b, urlVideo.ID)
	upA, upB := hlsOf(a, upID), hlsOf(b, upID)
	// Each process has just served the playlists, so both hold the video
	// in their caches when it changes.
	warm := func(urls ...string) {
		t.Helper()
		for _, u := range urls {
			if s, _, _ := getStatus(t, u, ""); s != http.StatusOK {
				t.Fatalf("GET %s: %d", u, s)
			}
		}
	}
	warm(hlsA, hlsB)
	if r := a.request(t, "POST", "/v1/videos/"+urlVideo.ID+"/archive", key, nil); r.StatusCode != http.StatusOK {
		t.Fatalf("archive: %d", r.StatusCode)
	}
	d := within(t, 2*time.Second, "the archived video stopping on both", func() bool {
		sa, _, _ := getStatus(t, hlsA, "")
		sb, _, _ := getStatus(t, hlsB, "")
		return sa == http.StatusNotFound && sb == http.StatusNotFound
	})
	t.Logf("archived video stopped playing on both api processes within %s", d.Round(time.Millisecond))
	warm(upA, upB)
	if r := b.request(t, "DELETE", "/v1/videos/"+upID, key, nil); r.StatusCode != http.StatusNoContent && r.StatusCode != http.StatusOK {
		t.Fatalf("delete: %d", r.StatusCode)
	}
	d = within(t, 2*time.Second, "the deleted video stopping on both", func() bool {
		sa, _, _ := getStatus(t, upA, "")
		sb, _, _ := getStatus(t, upB, "")
		return sa == http.StatusNotFound && sb == http.StatusNotFound
	})
	t.Logf("deleted video stopped playing on both api processes within %s", d.Round(time.Millisecond))
	body, _ = json.Marshal(map[string]any{"access": "read_only", "name": "short-lived"})
	resp = a.request(t, "POST", "/v1/keys", key, bytes.NewReader(body), "Content-Type", "application/json")
	var k struct{ ID, Key string }
	json.NewDecoder(resp.Body).Decode(&k)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || k.Key == "" {
		t.Fatalf("creating a key: %d", resp.StatusCode)
	}
	for _, p := range []*proc{a, b} {
		if s, _, _ := getStatus(t, p.base+"/v1/videos", k.Key); s != http.StatusOK {
			t.Fatalf("the new key on %s: %d", p.base, s)
		}
	}
	if r := a.request(t, "DELETE", "/v1/keys/"+k.ID, key, nil); r.StatusCode != http.StatusNoContent && r.StatusCode != http.StatusOK {
		t.Fatalf("deleting the key: %d", r.StatusCode)
	}
	d = within(t, 2*time.Second, "the deleted key refused on both", func() bool {
		sa, _, _ := getStatus(t, a.base+"/v1/videos", k.Key)
		sb, _, _ := getStatus(t, b.base+"/v1/videos", k.Key)
		return sa == http.StatusUnauthorized && sb == http.StatusUnauthorized
	})
	t.Logf("deleted key refused by both api processes within %s", d.Round(time.Millisecond))

	// PostgreSQL goes away: requests answer 503 unavailable with
	// Retry-After; a video created just before resumes its jobs and
	// becomes ready once the database is back, with nothing else done.
	body, _ = json.Marshal(map[string]any{"input_url": origin.URL + "/source.mp4", "title": "across an outage"})
	resp = a.request(t, "POST", "/v1/videos", key, bytes.NewReader(body), "Content-Type", "application/json")
	var outageVideo video
	json.NewDecoder(resp.Body).Decode(&outageVideo)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create before the outage: %d", resp.StatusCode)
	}
	pg.Stop(t)
	for _, p := range []*proc{a, b} {
		expectUnavailable(t, p.base+"/v1/videos?limit=1", key)
	}
	time.Sleep(3 * time.Second) // jobs and dispatchers meet the outage too
	pg.Start(t)
	d = within(t, 30*time.Second, "the api processes answering again after PostgreSQL came back", func() bool {
		sa, _, _ := getStatus(t, a.base+"/v1/videos?limit=1", key)
		sb, _, _ := getStatus(t, b.base+"/v1/videos?limit=1", key)
		return sa == http.StatusOK && sb == http.StatusOK
	})
	t.Logf("both api processes answered again %s after PostgreSQL restarted", d.Round(time.Millisecond))
	a.waitReady(t, key, outageVideo.ID)

	// S3 goes away: assets answer 503 unavailable, and play again once it
	// is back.
	playlist := hlsOf(b, outageVideo.ID)
	s3.Stop(t)
	expectUnavailable(t, playlist, "")
	s3.Restart(t)
	d = within(t, 30*time.Second, "assets playing again after S3 came back", func() bool {
		s, _, _ := getStatus(t, playlist, "")
		return s == http.StatusOK
	})
	t.Logf("assets served again %s after S3 restarted", d.Round(time.Millisecond))
	fetchEveryAsset(t, b.videoState(t, key, outageVideo.ID))

	lifecycle := []string{"video.created", "video.uploaded", "video.processing", "video.ready"}
	hooks.waitEvents(t, map[string][]string{
		upID:           append(append([]string(nil), lifecycle...), "video.deleted"),
		urlVideo.ID:    append(append([]string(nil), lifecycle...), "video.archived"),
		outageVideo.ID: lifecycle,
	})
}

// expectUnavailable polls url until it stops answering 200 and checks
// that the answer is 503 unavailable with a Retry-After.
func expectUnavailable(t *testing.T, url, key string) {
	t.Helper()
	var status int
	var hdr http.Header
	var body []byte
	within(t, 20*time.Second, "a request failing in the outage", func() bool {
		status, hdr, body = getStatus(t, url, key)
		return status != http.StatusOK
	})
	var p struct{ Code string }
	json.Unmarshal(body, &p)
	if status != http.StatusServiceUnavailable || p.Code != "unavailable" || hdr.Get("Retry-After") == "" {
		t.Fatalf("GET %s in the outage: %d %s (Retry-After %q), want 503 unavailable with Retry-After", url, status, body, hdr.Get("Retry-After"))
	}
}

// hasLog reports whether the process logged a line holding every one of
// parts.
func (p *proc) hasLog(parts ...string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, l := range p.lines {
		if containsAll(l, parts) {
			return true
		}
	}
	return false
}

// TestStartFaultsExit1: a server that cannot reach its blob store, or is
// given a malformed DSN or S3 URL, says so in one line naming what and
// why, without the credentials, and exits 1.
func TestStartFaultsExit1(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close() // nothing listens there now
	for _, tt := range []struct {
		name, args, want string
	}{
		{"S3 unreachable", "--blobs s3://media?endpoint=http://" + closed + "&path_style=true",
			"refserver: blobs unreachable: s3://media?endpoint=http://" + closed},
		{"malformed DSN", "--database postgres://reel:" + clusterPassword + "@localhost:99999/reel", `port "99999"`},
		{"malformed S3 URL", "--blobs s3://Media", `bucket "Media" is not a valid bucket name`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "REEL_REFSERVER_CHILD=1",
				"AWS_ACCESS_KEY_ID="+s3test.AccessKey, "AWS_SECRET_ACCESS_KEY="+s3test.SecretKey,
				"AWS_REGION="+s3test.Region, "AWS_EC2_METADATA_DISABLED=true",
				"REEL_REFSERVER_ARGS=api --addr 127.0.0.1:0 --data "+t.TempDir()+" "+tt.args)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Fatalf("refserver ended with %v, want exit status 1; stderr:\n%s", err, &stderr)
			}
			msg := strings.TrimSpace(stderr.String())
			if strings.Count(msg, "\n") != 0 || !strings.HasPrefix(msg, "refserver: ") || !strings.Contains(msg, tt.want) {
				t.Fatalf("stderr %q, want one line holding %q", msg, tt.want)
			}
			if strings.Contains(msg, clusterPassword) || strings.Contains(msg, s3test.SecretKey) {
				t.Fatalf("the error shows a credential: %s", msg)
			}
		})
	}
}
