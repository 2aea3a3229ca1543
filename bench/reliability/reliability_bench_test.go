//go:build bench

// Package reliability measures, on a real refserver process driven as a
// black box over 127.0.0.1, what issue 20 asks Reel to hold:
//
//   - TestKillCycles: kill -9 during a tus PATCH, a transcode, a webhook
//     delivery and a burst of API writes, restarting on the same data
//     folder each time: lost uploads, lost webhook events and lost rows
//     (all must be 0), PRAGMA integrity_check after every kill, and the
//     time from restart to recovered.
//   - TestConcurrentLoad: 64 viewers on one segment beside 200 API writers:
//     errors (must be 0), p50/p99, server RSS before and after.
//   - TestFrameCacheDisk: 10,000 distinct anonymous frame URLs: bytes of
//     the frame cache folder against --frame-cache-size, 429s and 503s.
//   - TestBeaconFlood: database growth under a maximal anonymous beacon
//     flood from one address.
//   - TestFairness: time to ready of one space's uploads during another
//     space's burst of create-by-URL calls, against an idle server.
//
// Each prints a markdown table for BENCHMARKS.md.
//
//	make bench BENCH=./bench/reliability/
//	go test -tags bench -count=1 -v -timeout 90m ./bench/reliability/
//
// Knobs (environment): REEL_BENCH_CYCLES (8), REEL_BENCH_LOAD_SECONDS (10),
// REEL_BENCH_VIEWERS (64), REEL_BENCH_WRITERS (200), REEL_BENCH_FRAME_URLS
// (10000), REEL_BENCH_FRAME_SECONDS (240), REEL_BENCH_BEACON_SECONDS (30),
// REEL_BENCH_FAIR_CREATES (2000), REEL_BENCH_FAIR_UPLOADS (20),
// REEL_BENCH_FAIR_DEADLINE (seconds the loaded run may take at most; 3× the
// idle run, at least 120).
//
// refserver is built once into a temporary folder (go build) and started as
// a child process; the bench imports nothing of it. A measure that misses a
// target says so in its table and fails the test after printing it.
package reliability

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite" // PRAGMA integrity_check on the server's reel.db
)

// refserverBin is the refserver binary built by TestMain.
var refserverBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "reel-reliability-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	refserverBin = filepath.Join(dir, "refserver")
	build := exec.Command("go", "build", "-o", refserverBin, "github.com/reelvideo/reel/refserver")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building refserver:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// server is a refserver process on a data folder.
type server struct {
	cmd     *exec.Cmd
	data    string
	base    string
	started time.Time // just before the process was started

	mu        sync.Mutex
	changed   *sync.Cond
	lines     []string // every log line but plain request lines
	requests  int      // request log lines
	status5xx int      // request log lines with a 5xx status
	locked    int      // lines that mention "database is locked"
	exited    bool
	keys      map[string]string // printed on the first start of a data folder
}

// startServer runs refserver on data with --allow-networks 127.0.0.0/8 and
// the given flags; it returns once the server listens. On the first start
// of a data folder the keys it prints are in keys.
func startServer(t testing.TB, data string, args ...string) *server {
	t.Helper()
	_, err := os.Stat(filepath.Join(data, "reel.db"))
	first := os.IsNotExist(err)
	all := append([]string{"--addr", "127.0.0.1:0", "--data", data, "--allow-networks", "127.0.0.0/8",
		"--log-level", "info"}, args...)
	s := &server{data: data, keys: map[string]string{}}
	s.changed = sync.NewCond(&s.mu)
	s.cmd = exec.Command(refserverBin, all...)
	stdout, _ := s.cmd.StdoutPipe()
	stderr, _ := s.cmd.StderrPipe()
	s.started = time.Now()
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.kill)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 2 && strings.HasPrefix(f[1], "rk_") {
				s.mu.Lock()
				s.keys[f[0]] = f[1]
				s.changed.Broadcast()
				s.mu.Unlock()
			}
		}
	}()
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			s.record(sc.Text())
		}
		s.mu.Lock()
		s.exited = true
		s.changed.Broadcast()
		s.mu.Unlock()
	}()
	line, ok := s.waitLog(60*time.Second, `msg=serving`, "base_url=")
	if !ok {
		t.Fatalf("refserver did not start; log:\n%s", s.log())
	}
	s.base = strings.Fields(line[strings.Index(line, "base_url="):])[0][len("base_url="):]
	if first {
		for i := 0; i < 200 && s.key("read_write") == ""; i++ {
			time.Sleep(10 * time.Millisecond)
		}
		if s.key("read_write") == "" {
			t.Fatal("refserver printed no keys on its first start")
		}
	}
	return s
}

// record keeps a log line; request lines are only counted, so that a load
// of thousands of requests a second does not pile up.
func (s *server) record(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.Contains(line, "database is locked") {
		s.locked++
	}
	if strings.Contains(line, "msg=request ") {
		s.requests++
		if i := strings.Index(line, " status="); i >= 0 && strings.HasPrefix(line[i+len(" status="):], "5") {
			s.status5xx++
			s.lines = append(s.lines, line)
		}
		return
	}
	s.lines = append(s.lines, line)
	s.changed.Broadcast()
}

func (s *server) key(access string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.keys[access]
}

func (s *server) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.lines, "\n")
}

// counts returns the request lines, those with a 5xx status and the lines
// that mention "database is locked", so far.
func (s *server) counts() (requests, status5xx, locked int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests, s.status5xx, s.locked
}

// waitLog waits for a log line holding every one of parts, from the first
// line of the process on; false when none came within the time or the
// process exited.
func (s *server) waitLog(within time.Duration, parts ...string) (string, bool) {
	deadline := time.Now().Add(within)
	timer := time.AfterFunc(within, func() {
		s.mu.Lock()
		s.changed.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := 0; ; {
		for ; i < len(s.lines); i++ {
			if containsAll(s.lines[i], parts) {
				return s.lines[i], true
			}
		}
		if s.exited || !time.Now().Before(deadline) {
			return "", false
		}
		s.changed.Wait()
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
func (s *server) kill() {
	if s.cmd.ProcessState == nil {
		s.cmd.Process.Signal(syscall.SIGKILL)
		s.cmd.Wait()
	}
}

// rssKiB is the server's resident set (VmRSS) in KiB.
func (s *server) rssKiB() int { return s.statusKiB("VmRSS:") }

// statusKiB reads one field of /proc/PID/status in KiB (-1 when unknown).
func (s *server) statusKiB(field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				return -1
			}
			return n
		}
	}
	return -1
}

// httpClient is shared by every request of the bench: keep-alive, many
// connections per host, bounded.
var httpClient = &http.Client{
	Transport: &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 512, MaxConnsPerHost: 0},
	Timeout:   60 * time.Second,
}

// do sends a request with key as Bearer (none when empty); body is sent as
// JSON unless it is an io.Reader. It returns the status and the body.
func (s *server) do(method, path, key string, body any, header ...string) (int, http.Header, []byte, error) {
	var r io.Reader
	jsonBody := false
	switch b := body.(type) {
	case nil:
	case io.Reader:
		r = b
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return 0, nil, nil, err
		}
		r, jsonBody = bytes.NewReader(j), true
	}
	target := path
	if !strings.HasPrefix(path, "http") {
		target = s.base + path
	}
	req, err := http.NewRequest(method, target, r)
	if err != nil {
		return 0, nil, nil, err
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if jsonBody {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b, err
}

// mustDo is do for set-up calls: anything but want fails the test.
func (s *server) mustDo(t testing.TB, want int, method, path, key string, body any, header ...string) (http.Header, []byte) {
	t.Helper()
	status, hdr, b, err := s.do(method, path, key, body, header...)
	if err != nil || status != want {
		t.Fatalf("%s %s: %d %v %.300s", method, path, status, err, b)
	}
	return hdr, b
}

// createKeys makes n read-write keys of the key's space through the API:
// the API's rate limit is per key, and the measures spread their writers
// over keys as real clients would.
func (s *server) createKeys(t testing.TB, key string, n int) []string {
	t.Helper()
	out := make([]string, n)
	for i := range out {
		_, b := s.mustDo(t, http.StatusCreated, "POST", "/v1/keys", key, map[string]string{"access": "read_write", "name": fmt.Sprint("bench ", i)})
		var k struct {
			Key string `json:"key"`
		}
		if err := json.Unmarshal(b, &k); err != nil || k.Key == "" {
			t.Fatalf("POST /v1/keys: %s", b)
		}
		out[i] = k.Key
	}
	return out
}

// video is the part of a video's JSON the bench reads.
type video struct {
	ID         string            `json:"id"`
	Embed      string            `json:"embed"`
	State      string            `json:"state"`
	Playable   bool              `json:"playable"`
	URLs       map[string]string `json:"urls"`
	Renditions []struct {
		Width int `json:"width"`
	} `json:"renditions"`
	Source *struct {
		Size int64 `json:"size"`
	} `json:"source"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// getVideo reads a video; ok is false when the request failed.
func (s *server) getVideo(key, id string) (video, int, error) {
	status, _, b, err := s.do("GET", "/v1/videos/"+id, key, nil)
	var v video
	if err == nil && status == http.StatusOK {
		err = json.Unmarshal(b, &v)
	}
	return v, status, err
}

// waitState polls a video until it is in state (or errored) or within ends.
func (s *server) waitState(key, id, state string, within time.Duration) (video, error) {
	deadline := time.Now().Add(within)
	for {
		v, status, err := s.getVideo(key, id)
		switch {
		case err == nil && status == http.StatusOK && v.State == state:
			return v, nil
		case v.State == "errored":
			return v, fmt.Errorf("video %s errored: %+v", id, v.Error)
		case time.Now().After(deadline):
			return v, fmt.Errorf("video %s is %q (status %d, %v) after %s", id, v.State, status, err, within)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// tusCreate starts an upload of size bytes; it returns the upload's path
// and its video id.
func (s *server) tusCreate(t testing.TB, key string, size int, title string) (path, videoID string) {
	t.Helper()
	hdr, _ := s.mustDo(t, http.StatusCreated, "POST", "/v1/uploads", key, nil, "Tus-Resumable", "1.0.0",
		"Upload-Length", strconv.Itoa(size), "Upload-Metadata", "title "+base64.StdEncoding.EncodeToString([]byte(title)))
	loc, err := url.Parse(hdr.Get("Location"))
	if err != nil || hdr.Get("Reel-Video-Id") == "" {
		t.Fatalf("tus create: Location %q, Reel-Video-Id %q", hdr.Get("Location"), hdr.Get("Reel-Video-Id"))
	}
	return loc.Path, hdr.Get("Reel-Video-Id")
}

// tusPatch sends body at offset; it returns the status.
func (s *server) tusPatch(key, path string, offset int, body []byte) (int, error) {
	status, _, _, err := s.do("PATCH", path, key, bytes.NewReader(body), "Tus-Resumable", "1.0.0",
		"Upload-Offset", strconv.Itoa(offset), "Content-Type", "application/offset+octet-stream")
	return status, err
}

// upload sends a whole file in one PATCH and returns the video id.
func (s *server) upload(t testing.TB, key string, src []byte, title string) string {
	t.Helper()
	id, err := s.tryUpload(key, src, title)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// tryUpload is upload for goroutines other than the test's.
func (s *server) tryUpload(key string, src []byte, title string) (string, error) {
	status, hdr, b, err := s.do("POST", "/v1/uploads", key, nil, "Tus-Resumable", "1.0.0",
		"Upload-Length", strconv.Itoa(len(src)), "Upload-Metadata", "title "+base64.StdEncoding.EncodeToString([]byte(title)))
	if err != nil || status != http.StatusCreated {
		return "", fmt.Errorf("tus create: %d %v %.200s", status, err, b)
	}
	loc, err := url.Parse(hdr.Get("Location"))
	if err != nil {
		return "", err
	}
	if status, err := s.tusPatch(key, loc.Path, 0, src); err != nil || status != http.StatusNoContent {
		return "", fmt.Errorf("PATCH %s: %d %v", loc.Path, status, err)
	}
	return hdr.Get("Reel-Video-Id"), nil
}

// makeSource encodes an H.264/AAC MP4 from FFmpeg's test sources.
func makeSource(t testing.TB, dir string, seconds int, size string) []byte {
	t.Helper()
	return makeSourceWith(t, dir, seconds, size, "")
}

// makeSourceWith is makeSource with a filter after testsrc2 (", noise=…").
func makeSourceWith(t testing.TB, dir string, seconds int, size, filter string) []byte {
	t.Helper()
	p := filepath.Join(dir, fmt.Sprintf("source-%ds-%s-%x.mp4", seconds, size, len(filter)))
	cmd := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%s:rate=25:duration=%d%s", size, seconds, filter),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:duration=%d", seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
		"-movflags", "+faststart", p)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// integrityCheck runs PRAGMA integrity_check on a data folder's reel.db
// while no server has it open.
func integrityCheck(data string) (string, error) {
	db, err := sql.Open("sqlite", filepath.Join(data, "reel.db"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	var check string
	err = db.QueryRow("PRAGMA integrity_check").Scan(&check)
	return check, err
}

// dirBytes sums the sizes of the regular files under dir (0 when it does
// not exist) and counts them.
func dirBytes(dir string) (bytes int64, files int) {
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				bytes += info.Size()
				files++
			}
		}
		return nil
	})
	return bytes, files
}

// fileSize is the size of path, 0 when it does not exist.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// quantile of sorted durations, q in [0, 1].
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

func sortedCopy(ds []time.Duration) []time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

func mib(b int64) string { return fmt.Sprintf("%.1f", float64(b)/(1<<20)) }
