//go:build bench

// Package live measures live streaming end to end on a real refserver:
// FFmpeg publishes a test pattern in real time over RTMP, player-like
// clients follow the low-latency playlists with blocking reloads, and the
// recording becomes a video when the stream ends. The reference is the
// same stream written by `ffmpeg -f hls` (2 s segments, program date time),
// whose playlist a poller reads from disk: the latency a packager that is
// not low-latency adds.
//
//	REEL_BENCH_LIVE_SECONDS=120 REEL_BENCH_VIEWERS=100 REEL_BENCH_VIEW_SECONDS=60 \
//	  go test -tags bench -count=1 -v -timeout 30m -run TestLiveBenchmark ./bench/live/
package live

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// publishArgs are FFmpeg's input and encoding, the same for Reel and the
// reference: 1280x720 at 30 fps, a keyframe every second, x264 tuned for
// latency, AAC.
func publishArgs(seconds int) []string {
	return []string{"-nostdin", "-v", "error", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "30",
		"-b:v", "3M", "-maxrate", "3M", "-bufsize", "3M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k"}
}

type api struct {
	t   *testing.T
	srv *benchkit.Refserver
}

func (a api) call(method, path string, body any, out any) {
	a.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, a.srv.Base+path, r)
	req.Header.Set("Authorization", "Bearer "+a.srv.Key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		a.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			a.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

type stream struct {
	ID, Space, State string
	ActiveVideoID    string `json:"active_video_id"`
	StreamKey        string `json:"stream_key"`
	Ingest           struct {
		RTMPURL string `json:"rtmp_url"`
	}
}

type video struct {
	State    string
	Duration float64
}

func TestLiveBenchmark(t *testing.T) {
	seconds := benchkit.EnvInt("REEL_BENCH_LIVE_SECONDS", 120)
	viewers := benchkit.EnvInt("REEL_BENCH_VIEWERS", 100)
	viewSeconds := benchkit.EnvInt("REEL_BENCH_VIEW_SECONDS", 60)
	if seconds < viewSeconds+30 {
		t.Fatalf("REEL_BENCH_LIVE_SECONDS (%d) must leave 30 s around the %d s of viewers", seconds, viewSeconds)
	}
	dir := t.TempDir()
	load := benchkit.LoadAverage()
	srv := benchkit.StartRefserver(t, dir, "--rtmp-addr", benchkit.FreeAddr(t))
	a := api{t: t, srv: srv}
	var ls stream
	a.call("POST", "/v1/live-streams", map[string]any{"title": "bench", "reconnect_window": 0}, &ls)

	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second+5*time.Minute)
	defer cancel()
	pub := exec.CommandContext(ctx, "ffmpeg", append(publishArgs(seconds), "-f", "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)...)
	var pubErr bytes.Buffer
	pub.Stderr = &pubErr
	published := time.Now()
	if err := pub.Start(); err != nil {
		t.Fatal(err)
	}
	pubDone := make(chan error, 1)
	go func() { pubDone <- pub.Wait() }()

	var videoID string
	for deadline := time.Now().Add(time.Minute); videoID == ""; time.Sleep(100 * time.Millisecond) {
		var cur stream
		a.call("GET", "/v1/live-streams/"+ls.ID, nil, &cur)
		if cur.State == "active" {
			videoID = cur.ActiveVideoID
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stream never turned active\n%s\n%s", pubErr.String(), srv.Logs.String())
		}
	}
	base := srv.Base + "/live/" + ls.Space + "/" + videoID + "/"
	media := waitMediaPlaylist(t, base)

	// A quiet window, then the viewers: the server's CPU in each.
	time.Sleep(5 * time.Second) // let the session settle after its start
	idleCPU, idleWall := cpuOver(srv.PID, 10*time.Second, nil)
	var mu sync.Mutex
	var latencies []float64 // seconds behind the ingest when a part arrives
	var blocked []float64   // seconds a blocking playlist request took
	stalls, requests := 0, 0
	viewCPU, viewWall := cpuOver(srv.PID, time.Duration(viewSeconds)*time.Second, func(stop <-chan struct{}) {
		var wg sync.WaitGroup
		for range viewers {
			wg.Go(func() {
				l, b, s, n := follow(base+media, stop)
				mu.Lock()
				latencies, blocked = append(latencies, l...), append(blocked, b...)
				stalls, requests = stalls+s, requests+n
				mu.Unlock()
			})
		}
		wg.Wait()
	})
	perViewer := ((viewCPU.Seconds() / viewWall.Seconds()) - (idleCPU.Seconds() / idleWall.Seconds())) / float64(viewers)

	if err := <-pubDone; err != nil {
		t.Fatalf("publisher: %v\n%s", err, pubErr.String())
	}
	ended := time.Now()
	var ready video
	for deadline := time.Now().Add(2 * time.Minute); ready.State != "ready"; time.Sleep(50 * time.Millisecond) {
		a.call("GET", "/v1/videos/"+videoID, nil, &ready)
		if ready.State == "errored" || time.Now().After(deadline) {
			t.Fatalf("the recording is %s\n%s", ready.State, srv.Logs.String())
		}
	}
	toReady := time.Since(ended)
	_ = published

	refLatencies := referenceLatency(t, ctx, dir, 40)

	slices.Sort(latencies)
	slices.Sort(blocked)
	slices.Sort(refLatencies)
	pct := func(xs []float64, p float64) float64 {
		if len(xs) == 0 {
			return 0
		}
		return xs[min(len(xs)-1, int(p*float64(len(xs))))]
	}
	var out strings.Builder
	fmt.Fprintf(&out, "`REEL_BENCH_LIVE_SECONDS=%d REEL_BENCH_VIEWERS=%d REEL_BENCH_VIEW_SECONDS=%d go test -tags bench -count=1 -v -timeout 30m -run TestLiveBenchmark ./bench/live/`\n\n", seconds, viewers, viewSeconds)
	fmt.Fprintf(&out, "%d CPU cores; load average %s before, %s after.\n\n", benchkit.NumCPU(), load, benchkit.LoadAverage())
	fmt.Fprintf(&out, "| measure | Reel (LL-HLS, 0.5 s parts, 1 s GOP) | reference: `ffmpeg -f hls`, 2 s segments |\n|---|---|---|\n")
	fmt.Fprintf(&out, "| edge latency at the client, p50 / p95 / p99 s | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f |\n",
		pct(latencies, .5), pct(latencies, .95), pct(latencies, .99), pct(refLatencies, .5), pct(refLatencies, .95), pct(refLatencies, .99))
	fmt.Fprintf(&out, "| a player at its hold-back (edge p50 + PART-HOLD-BACK 1.5 s; ffmpeg: + 3 segments) s | %.2f | %.2f |\n", pct(latencies, .5)+1.5, pct(refLatencies, .5)+6)
	fmt.Fprintf(&out, "| blocking playlist requests: time held p50 / p99 s | %.3f / %.3f | – |\n", pct(blocked, .5), pct(blocked, .99))
	fmt.Fprintf(&out, "| %d viewers for %d s: requests, stalls (a part over 3 s late) | %d, %d | – |\n", viewers, viewSeconds, requests, stalls)
	fmt.Fprintf(&out, "| server CPU: idle session / per viewer | %.1f %% / %.3f %% of a core | – |\n", 100*idleCPU.Seconds()/idleWall.Seconds(), 100*perViewer)
	fmt.Fprintf(&out, "| stream ended → recording ready (%d s stream) s | %.2f | – |\n", seconds, toReady.Seconds())
	t.Log("\n" + out.String())
	if p := os.Getenv("REEL_BENCH_OUT"); p != "" {
		if err := os.WriteFile(p, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// waitMediaPlaylist reads the LL master once it answers and returns its
// video playlist's URI.
func waitMediaPlaylist(t *testing.T, base string) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get(base + "master.m3u8")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				for _, line := range strings.Split(string(b), "\n") {
					if line != "" && !strings.HasPrefix(line, "#") {
						return line
					}
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the live master never answered")
		}
	}
}

// cpuOver runs work (if any) for d and answers the process's CPU time and
// the wall time it took.
func cpuOver(pid int, d time.Duration, work func(stop <-chan struct{})) (cpu, wall time.Duration) {
	start, c0 := time.Now(), benchkit.CPUTime(pid)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		if work != nil {
			work(stop)
		}
	}()
	time.Sleep(d)
	close(stop)
	<-done
	return benchkit.CPUTime(pid) - c0, time.Since(start)
}

// follow is a player-like client: it asks for the part after the newest
// with a blocking playlist reload, fetches it, and records how far behind
// the ingest each new part is when it arrives.
func follow(playlistURL string, stop <-chan struct{}) (latencies, blocked []float64, stalls, requests int) {
	client := &http.Client{Timeout: 10 * time.Second}
	get := func(u string) ([]byte, error) {
		resp, err := client.Get(u)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		requests++
		b, err := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("%s: %d", u, resp.StatusCode)
		}
		return b, err
	}
	dir := playlistURL[:strings.LastIndex(playlistURL, "/")+1]
	query := ""
	for {
		select {
		case <-stop:
			return
		default:
		}
		asked := time.Now()
		b, err := get(playlistURL + query)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if query != "" {
			blocked = append(blocked, time.Since(asked).Seconds())
		}
		edge, partURI, msn, part, ok := liveEdge(string(b))
		if !ok {
			continue
		}
		if _, err := get(dir + partURI); err != nil {
			continue
		}
		late := time.Since(edge).Seconds()
		latencies = append(latencies, late)
		if late > 3 {
			stalls++
		}
		query = fmt.Sprintf("?_HLS_msn=%d&_HLS_part=%d", msn, part+1)
	}
}

// liveEdge parses a live LL playlist: the wall-clock time its newest part
// ends at (by the segment's EXT-X-PROGRAM-DATE-TIME), that part's URI and
// its media sequence number and index.
func liveEdge(playlist string) (edge time.Time, uri string, msn uint64, part int, ok bool) {
	var pdt time.Time
	var offset float64
	seq := uint64(0)
	partIndex := -1
	sc := bufio.NewScanner(strings.NewReader(playlist))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#EXT-X-MEDIA-SEQUENCE:"):
			seq, _ = strconv.ParseUint(strings.TrimPrefix(line, "#EXT-X-MEDIA-SEQUENCE:"), 10, 64)
			seq-- // the first segment's number, once incremented below
		case strings.HasPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"):
			pdt, _ = time.Parse(time.RFC3339Nano, strings.TrimPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"))
			offset, partIndex = 0, -1
			seq++
		case strings.HasPrefix(line, "#EXT-X-PART:"):
			for _, attr := range strings.Split(strings.TrimPrefix(line, "#EXT-X-PART:"), ",") {
				if v, found := strings.CutPrefix(attr, "DURATION="); found {
					d, _ := strconv.ParseFloat(v, 64)
					offset += d
				}
				if v, found := strings.CutPrefix(attr, "URI="); found {
					uri = strings.Trim(v, `"`)
				}
			}
			partIndex++
			edge, msn, part, ok = pdt.Add(time.Duration(offset*float64(time.Second))), seq, partIndex, true
		case strings.HasPrefix(line, "#EXTINF:"):
			offset = 0
		}
	}
	return edge, uri, msn, part, ok && !pdt.IsZero()
}

// referenceLatency writes the same stream with `ffmpeg -f hls` for seconds
// and polls its playlist: how far behind the wall clock its newest segment
// ends when it appears.
func referenceLatency(t *testing.T, ctx context.Context, dir string, seconds int) []float64 {
	t.Helper()
	out := filepath.Join(dir, "reference")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	args := append(publishArgs(seconds), "-f", "hls", "-hls_time", "2", "-hls_list_size", "6",
		"-hls_flags", "program_date_time+independent_segments+delete_segments", "-hls_segment_type", "fmp4",
		filepath.Join(out, "playlist.m3u8"))
	cmd := exec.CommandContext(ctx, "ffmpeg", args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var latencies []float64
	last := ""
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("reference ffmpeg: %v", err)
			}
			return latencies
		case <-time.After(20 * time.Millisecond):
		}
		b, err := os.ReadFile(filepath.Join(out, "playlist.m3u8"))
		if err != nil {
			continue
		}
		var pdt time.Time
		var dur float64
		var seg string
		for _, line := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"):
				pdt, _ = time.Parse("2006-01-02T15:04:05.000Z0700", strings.TrimPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"))
			case strings.HasPrefix(line, "#EXTINF:"):
				dur, _ = strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(line, "#EXTINF:"), ","), 64)
			case line != "" && !strings.HasPrefix(line, "#"):
				seg = line
			}
		}
		if seg != "" && seg != last && !pdt.IsZero() {
			last = seg
			latencies = append(latencies, time.Since(pdt.Add(time.Duration(dur*float64(time.Second)))).Seconds())
		}
	}
}
