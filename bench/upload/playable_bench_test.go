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
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// BenchmarkUploadToPlayable measures, on a real refserver process, the time
// from the end of an upload (the tus PATCH that completes it has answered)
// to the API reporting the video playable, for a 60 s 1080p30 H.264/AAC
// file (the target: 2 s), and on to ready. Each round waits for
// ready before the next upload, so no ladder encode runs beside a remux.
// REEL_BENCH_MEDIA_PROCESS=inline runs transcodes in the server process.
//
//	go test -tags bench -run ^$ -bench UploadToPlayable -benchtime 3x -v ./bench/upload
func BenchmarkUploadToPlayable(b *testing.B) {
	seconds := 60
	if s, err := strconv.Atoi(os.Getenv("REEL_BENCH_SECONDS")); err == nil && s > 0 {
		seconds = s
	}
	dir := b.TempDir()
	src := filepath.Join(dir, "source.mp4")
	gen := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "60", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", src)
	if out, err := gen.CombinedOutput(); err != nil {
		b.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	body, err := os.ReadFile(src)
	if err != nil {
		b.Fatal(err)
	}

	mode := os.Getenv("REEL_BENCH_MEDIA_PROCESS") // child (the default) or inline
	if mode == "" {
		mode = "child"
	}
	srv := benchkit.StartRefserver(b, dir, "--media-process", mode)
	base, logs := srv.Base, srv.Logs
	call := func(method, url string, header map[string]string, body io.Reader) *http.Response {
		b.Helper()
		req, _ := http.NewRequest(method, url, body)
		req.Header.Set("Authorization", "Bearer "+srv.Key)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		return resp
	}
	type video struct {
		State    string            `json:"state"`
		Playable bool              `json:"playable"`
		URLs     map[string]string `json:"urls"`
	}
	get := func(id string) video {
		resp := call("GET", base+"/v1/videos/"+id, nil, nil)
		defer resp.Body.Close()
		var v video
		if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
			b.Fatal(err)
		}
		return v
	}

	var playable, ready []time.Duration
	b.SetBytes(int64(len(body)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resp := call("POST", base+"/v1/uploads", map[string]string{
			"Tus-Resumable": "1.0.0", "Upload-Length": strconv.Itoa(len(body)),
		}, nil)
		resp.Body.Close()
		id, location := resp.Header.Get("Reel-Video-Id"), resp.Header.Get("Location")
		if resp.StatusCode != http.StatusCreated || id == "" {
			b.Fatalf("tus create: %d", resp.StatusCode)
		}
		resp = call("PATCH", location, map[string]string{
			"Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream",
		}, bytes.NewReader(body))
		resp.Body.Close()
		uploaded := time.Now()
		if resp.StatusCode != http.StatusNoContent {
			b.Fatalf("tus PATCH: %d", resp.StatusCode)
		}
		var v video
		for v = get(id); !v.Playable; v = get(id) {
			if v.State == "errored" || time.Since(uploaded) > 2*time.Minute {
				b.Fatalf("video %s: %s\n%s", id, v.State, logs.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
		// Playable means a player can start: the master, the first media
		// playlist, its init and first segment answer. The clock stops
		// once they have.
		if err := benchkit.FetchFirstSegment(v.URLs["hls"]); err != nil {
			b.Fatal(err)
		}
		playable = append(playable, time.Since(uploaded))
		for v.State != "ready" {
			if v.State == "errored" || time.Since(uploaded) > 10*time.Minute {
				b.Fatalf("video %s: %s\n%s", id, v.State, logs.String())
			}
			time.Sleep(100 * time.Millisecond)
			v = get(id)
		}
		ready = append(ready, time.Since(uploaded))
		b.Logf("upload %d (%d MB): playable after %v, ready after %v", i+1, len(body)>>20,
			playable[i].Round(time.Millisecond), ready[i].Round(100*time.Millisecond))
	}
	b.StopTimer()
	b.ReportMetric(medianSeconds(playable), "s-to-playable")
	b.ReportMetric(medianSeconds(ready), "s-to-ready")
	fmt.Printf("--media-process %s: upload complete → playable, median of %d: %.2f s (target 2 s); → ready %.1f s\n",
		mode, len(playable), medianSeconds(playable), medianSeconds(ready))
}

func medianSeconds(ds []time.Duration) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2].Seconds()
}
