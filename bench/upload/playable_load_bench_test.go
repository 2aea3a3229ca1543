//go:build bench

package upload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// TestPlayableUnderLoad measures the time from the end of an upload to
// playable (its first segment fetched) for short videos that arrive while
// another video's ladder is encoding, on a real refserver with its defaults
// (one worker, transcodes in a child process): the target is 1 s on 2 cores
// for a source Reel remuxes, and 2 × 2 s for a 1080p source it must encode
// (issue 34). Each round uploads a 60 s 1080p30 source, waits until its
// transcode runs (a media child of the server has spent a second of CPU),
// uploads a 10 s 720p H.264 source and clocks it to playable, then a 10 s
// 1080p HEVC source (libx265, which Reel cannot remux: its early pass makes
// it playable) and clocks that, then the same HEVC source again as a second
// video, which finds the early lane busy with the first one's ladder
// (README: "Early playback, in a lane of its own"); it notes whether the
// long transcode was still running each time and waits for all four to be
// ready. The
// references are the same short uploads on the idle server, measured
// first. It prints a markdown table for BENCHMARKS.md; REEL_BENCH_ROUNDS
// sets the rounds (3) and REEL_BENCH_SECONDS the long source's length (60,
// for a quick try).
//
//	go test -tags bench -run TestPlayableUnderLoad -v -timeout 60m ./bench/upload
func TestPlayableUnderLoad(t *testing.T) {
	rounds, seconds := 3, 60
	if n, err := strconv.Atoi(os.Getenv("REEL_BENCH_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	if n, err := strconv.Atoi(os.Getenv("REEL_BENCH_SECONDS")); err == nil && n > 0 {
		seconds = n
	}
	dir := t.TempDir()
	long := makeSource(t, dir, "long.mp4", "1920x1080", seconds, x264Args())
	short := makeSource(t, dir, "short.mp4", "1280x720", 10, x264Args())
	hevc := makeSource(t, dir, "hevc.mp4", "1920x1080", 10, x265Args())
	srv := benchkit.StartRefserver(t, dir)
	c := &benchClient{t: t, srv: srv}
	load := []string{benchkit.LoadAverage()}

	// The references: each short upload alone, each round waiting for ready.
	var idle, loaded, idleHEVC, loadedHEVC, secondHEVC []time.Duration
	for i := 0; i < rounds; i++ {
		id, done := c.upload(short)
		idle = append(idle, c.waitPlayable(id, done))
		t.Logf("idle round %d: playable %v after the upload", i+1, idle[i].Round(time.Millisecond))
		c.waitReady(id)
		id, done = c.upload(hevc)
		idleHEVC = append(idleHEVC, c.waitPlayable(id, done))
		t.Logf("idle round %d: HEVC playable %v after the upload", i+1, idleHEVC[i].Round(time.Millisecond))
		c.waitReady(id)
	}

	// stillEncoding says whether the long video's ladder was still running.
	stillEncoding := func(longID string, child int) string {
		if v := c.get(longID); v.State == "ready" || !processAlive(child) {
			return "the long ladder had ended"
		}
		return "while " + longID + " was encoding"
	}
	var notes []string
	for i := 0; i < rounds; i++ {
		longID, _ := c.upload(long)
		child := c.waitTranscoding(longID)
		load = append(load, benchkit.LoadAverage())
		id, done := c.upload(short)
		d := c.waitPlayable(id, done)
		if v := c.get(longID); v.State == "ready" || !processAlive(child) {
			t.Fatalf("round %d: the long transcode ended before the short video was playable (%s)", i+1, v.State)
		}
		loaded = append(loaded, d)
		t.Logf("round %d: playable %v after the upload, while %s was encoding", i+1, d.Round(time.Millisecond), longID)
		hevcID, done := c.upload(hevc)
		d = c.waitPlayable(hevcID, done)
		note := stillEncoding(longID, child)
		if !strings.HasPrefix(note, "while") {
			notes = append(notes, fmt.Sprintf("round %d: %s before the HEVC upload was playable", i+1, note))
		}
		loadedHEVC = append(loadedHEVC, d)
		t.Logf("round %d: HEVC playable %v after the upload, %s", i+1, d.Round(time.Millisecond), note)
		secondID, done := c.upload(hevc)
		d = c.waitPlayable(secondID, done)
		secondHEVC = append(secondHEVC, d)
		t.Logf("round %d: a second HEVC upload playable %v after the upload, %s", i+1, d.Round(time.Millisecond), stillEncoding(longID, child))
		c.waitReady(longID)
		c.waitReady(id)
		c.waitReady(hevcID)
		c.waitReady(secondID)
	}

	var tbl strings.Builder
	fmt.Fprintf(&tbl, "\n| round | H.264 720p upload complete → playable, during a %d s 1080p ladder | the same upload, idle server | HEVC 1080p upload → playable, during the ladder | the same upload, idle server | a second HEVC upload right after the first |\n|---|---|---|---|---|---|\n", seconds)
	for i := range rounds {
		fmt.Fprintf(&tbl, "| %d | %s | %s | %s | %s | %s |\n", i+1, cell(loaded, i), cell(idle, i), cell(loadedHEVC, i), cell(idleHEVC, i), cell(secondHEVC, i))
	}
	fmt.Fprintf(&tbl, "| median | **%.2f s** (target ≤ 1 s) | %.2f s | **%.2f s** (target ≤ 2 × 2 s) | %.2f s | %.2f s |\n",
		medianSeconds(loaded), medianSeconds(idle), medianSeconds(loadedHEVC), medianSeconds(idleHEVC), medianSeconds(secondHEVC))
	fmt.Print(tbl.String())
	fmt.Printf("\nload average (1 min) at the start and in each loaded round: %s\n", strings.Join(load, ", "))
	for _, n := range notes {
		fmt.Println(n)
	}
	if m := medianSeconds(loaded); m > 1 {
		t.Logf("median %.2f s is over the 1 s target", m)
	}
	if m := medianSeconds(loadedHEVC); m > 4 {
		t.Logf("HEVC median %.2f s is over the 2 × 2 s target", m)
	}
}

func cell(ds []time.Duration, i int) string {
	if i >= len(ds) {
		return ""
	}
	return fmt.Sprintf("%.2f s", ds[i].Seconds())
}

// x264Args and x265Args are the video encoders of makeSource: H.264, which
// Reel remuxes, and HEVC tagged hvc1 as phones write it, which it cannot.
func x264Args() []string { return []string{"-c:v", "libx264", "-preset", "ultrafast", "-g", "60"} }

func x265Args() []string {
	return []string{"-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "keyint=60:log-level=error"}
}

// makeSource encodes seconds of testsrc2 and a sine tone with the video
// encoder arguments codec, and AAC.
func makeSource(t testing.TB, dir, name, size string, seconds int, codec []string) []byte {
	t.Helper()
	p := filepath.Join(dir, name)
	args := []string{"-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds)}
	args = append(append(args, codec...), "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", p)
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	body, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// benchClient speaks the API of a refserver for a benchmark.
type benchClient struct {
	t   testing.TB
	srv *benchkit.Refserver
}

type benchVideo struct {
	State    string            `json:"state"`
	Playable bool              `json:"playable"`
	URLs     map[string]string `json:"urls"`
}

func (c *benchClient) call(method, url string, header map[string]string, body io.Reader) *http.Response {
	c.t.Helper()
	req, _ := http.NewRequest(method, url, body)
	req.Header.Set("Authorization", "Bearer "+c.srv.Key)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp
}

func (c *benchClient) get(id string) benchVideo {
	c.t.Helper()
	resp := c.call("GET", c.srv.Base+"/v1/videos/"+id, nil, nil)
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		// A figure taken while the API turned the polls away would
		// measure the rate limit (600 requests a minute per key), not
		// the pipeline: the polls below stay well under it.
		c.t.Fatalf("GET /v1/videos/%s: 429, the bench polled past the API's rate limit", id)
	}
	var v benchVideo
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		c.t.Fatal(err)
	}
	if v.State == "errored" {
		c.t.Fatalf("video %s errored\n%s", id, c.srv.Logs.String())
	}
	return v
}

// upload sends body with one tus PATCH and returns the video id and when
// that PATCH answered.
func (c *benchClient) upload(body []byte) (string, time.Time) {
	c.t.Helper()
	resp := c.call("POST", c.srv.Base+"/v1/uploads", map[string]string{
		"Tus-Resumable": "1.0.0", "Upload-Length": strconv.Itoa(len(body)),
	}, nil)
	resp.Body.Close()
	id, location := resp.Header.Get("Reel-Video-Id"), resp.Header.Get("Location")
	if resp.StatusCode != http.StatusCreated || id == "" {
		c.t.Fatalf("tus create: %d", resp.StatusCode)
	}
	resp = c.call("PATCH", location, map[string]string{
		"Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream",
	}, bytes.NewReader(body))
	resp.Body.Close()
	done := time.Now()
	if resp.StatusCode != http.StatusNoContent {
		c.t.Fatalf("tus PATCH: %d", resp.StatusCode)
	}
	return id, done
}

// waitPlayable polls every 50 ms until the video is playable, then gets
// its first segment; it returns the time from done until it has it. (It
// polled every 10 ms until this bench met the API's rate limit of 600
// requests a minute per key: past it every poll answered 429, read as
// "not playable", and a video that played in 2–4 s was clocked at up to
// 39 s. The polls of a round now stay under the limit, and a 429 fails
// the bench.)
func (c *benchClient) waitPlayable(id string, done time.Time) time.Duration {
	c.t.Helper()
	// A poll that takes seconds is the client's or the server's HTTP,
	// not the time to playable: say so beside the figure.
	var slowest time.Duration
	get := func() benchVideo {
		start := time.Now()
		v := c.get(id)
		slowest = max(slowest, time.Since(start))
		return v
	}
	defer func() {
		if slowest > 2*time.Second {
			c.t.Logf("video %s: one GET /v1/videos/{id} took %v", id, slowest.Round(time.Millisecond))
		}
	}()
	v := get()
	for ; !v.Playable; v = get() {
		// Long enough for a source that waits behind a whole ladder.
		if time.Since(done) > 10*time.Minute {
			c.t.Fatalf("video %s not playable after 10 min (%s)", id, v.State)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := benchkit.FetchFirstSegment(v.URLs["hls"]); err != nil {
		c.t.Fatal(err)
	}
	return time.Since(done)
}

func (c *benchClient) waitReady(id string) {
	c.t.Helper()
	start := time.Now()
	for v := c.get(id); v.State != "ready"; v = c.get(id) {
		if time.Since(start) > 15*time.Minute {
			c.t.Fatalf("video %s not ready after 15 min (%s)", id, v.State)
		}
		time.Sleep(time.Second)
	}
}

// waitTranscoding waits until the video is processing and a media child of
// the server has spent a second of CPU on it: its ladder is encoding. It
// returns the child's pid.
func (c *benchClient) waitTranscoding(id string) int {
	c.t.Helper()
	start := time.Now()
	for {
		if v := c.get(id); v.State == "processing" && v.Playable {
			for _, pid := range mediaChildren(c.srv.PID) {
				if cpu, ok := cpuSeconds(pid); ok && cpu >= 1 {
					return pid
				}
			}
		}
		if time.Since(start) > 2*time.Minute {
			c.t.Fatalf("the transcode of %s did not start within 2 min", id)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// mediaChildren lists the "refserver media-process" children of pid.
func mediaChildren(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, ok := parentPID(child); !ok || ppid != pid {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if bytes.Contains(cmdline, []byte("media-process")) {
			out = append(out, child)
		}
	}
	return out
}

// statFields returns the fields of /proc/pid/stat after the command name.
func statFields(pid int) ([]string, bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil, false
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return nil, false
	}
	return strings.Fields(string(stat[i+1:])), true
}

func parentPID(pid int) (int, bool) {
	f, ok := statFields(pid)
	if !ok || len(f) < 2 {
		return 0, false
	}
	ppid, err := strconv.Atoi(f[1])
	return ppid, err == nil
}

// cpuSeconds is the user and system time pid has used (USER_HZ = 100).
func cpuSeconds(pid int) (float64, bool) {
	f, ok := statFields(pid)
	if !ok || len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseFloat(f[11], 64)
	stime, err2 := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100, err1 == nil && err2 == nil
}

func processAlive(pid int) bool {
	f, ok := statFields(pid)
	return ok && len(f) > 0 && f[0] != "Z"
}
