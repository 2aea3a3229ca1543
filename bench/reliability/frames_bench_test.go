//go:build bench

package reliability

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// frameRun is what one flood of frame URLs left.
type frameRun struct {
	label      string
	capBytes   int64
	statuses   map[int]int
	transport  int
	elapsed    time.Duration
	peak       int64 // largest size of the cache folder seen while it ran
	end        int64 // size at the end
	endFiles   int
	load0, lo1 string
}

// floodFrames asks for n distinct frames of embed from clients at once,
// spread evenly over span (request i is not sent before span*i/n), and
// samples the size of the cache folder while it runs.
func floodFrames(s *server, embed string, widest, n, first, clients int, span time.Duration, cacheDir string) frameRun {
	r := frameRun{statuses: map[int]int{}, load0: benchkit.LoadAverage()}
	var mu sync.Mutex
	var next atomic.Int64
	next.Store(int64(first))
	done := make(chan struct{})
	var peak atomic.Int64
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			if b, _ := dirBytes(cacheDir); b > peak.Load() {
				peak.Store(b)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= first+n {
					return
				}
				time.Sleep(time.Until(start.Add(span * time.Duration(i-first) / time.Duration(n))))
				// A distinct frame for every i below lcm(1000, widest/2)
				// (24,000 for a 1080p ladder): a time on a 10 ms grid within
				// the 10 s video and a width from half the widest rendition
				// up to it, as the server makes a frame at exactly the width
				// asked up to the widest rendition's (wider asks get that).
				u := fmt.Sprintf("%s/images/%s.jpg?time=%.2f&width=%d", s.base, embed, float64(i*7%1000)/100, widest/2+i%(widest/2))
				resp, err := httpClient.Get(u)
				mu.Lock()
				if err != nil {
					r.transport++
				} else {
					r.statuses[resp.StatusCode]++
				}
				mu.Unlock()
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	close(done)
	r.end, r.endFiles = dirBytes(cacheDir)
	r.peak = max(peak.Load(), r.end)
	r.lo1 = benchkit.LoadAverage()
	return r
}

// TestFrameCacheDisk: REEL_BENCH_FRAME_URLS (10,000) distinct anonymous
// frame URLs of one ready public video, from one address, spread evenly
// over REEL_BENCH_FRAME_SECONDS (240: the cold-frame limit's window is a
// minute, so a steady flood gets four windows' worth made), first with
// --frame-cache-size 20MiB, then with the default cap (1 GiB) on the same
// data folder with the cache emptied. The frame cache is the blob folder
// {data}/blobs/cache (one folder per video: cache/{video}/frames/{version}/).
// 429 (the cold-frame limit: 120 frames made a minute per address) and 503
// (at most 2 decodes at once, 250 ms wait for one) are expected answers.
func TestFrameCacheDisk(t *testing.T) {
	n := benchkit.EnvInt("REEL_BENCH_FRAME_URLS", 10_000)
	span := time.Duration(benchkit.EnvInt("REEL_BENCH_FRAME_SECONDS", 240)) * time.Second
	const clients = 4
	const smallCap = 20 << 20
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	cacheDir := filepath.Join(data, "blobs", "cache")
	// Grain, so that frames weigh what camera frames do (testsrc2 alone
	// makes 20 KB JPEGs).
	src := makeSourceWith(t, dir, 10, "1920x1080", ",noise=alls=30:allf=t+u")
	s := startServer(t, data, "--frame-cache-size", "20MiB")
	key := s.key("read_write")
	id := s.upload(t, key, src, "frames")
	v, err := s.waitState(key, id, "ready", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	widest := 0
	for _, r := range v.Renditions {
		widest = max(widest, r.Width)
	}
	if widest < 64 {
		t.Fatalf("video %s has no renditions: %+v", id, v)
	}
	before, _ := dirBytes(cacheDir)
	small := floodFrames(s, v.Embed, widest, n, 0, clients, span, cacheDir)
	small.label, small.capBytes = "`--frame-cache-size 20MiB`", smallCap
	s.kill()

	// The default cap, on the same video, the cache emptied while the
	// server is down (it reads the folder at start).
	if err := os.RemoveAll(cacheDir); err != nil {
		t.Fatal(err)
	}
	s = startServer(t, data)
	def := floodFrames(s, v.Embed, widest, n, n, clients, span, cacheDir)
	def.label, def.capBytes = "default (1 GiB)", 1<<30
	s.kill()

	fmt.Printf("\n### %d distinct anonymous frames from one address over %s, %d clients (`/images/{embed}.jpg?time=…&width=%d…%d` of a 10 s 1080p video with grain)\n\n", n, span, clients, widest/2, widest-1)
	fmt.Println("| cap | 200 (each a frame made) | 429 cold-frame limit | 503 busy | other | time s | cache folder at the end MiB (frames) | largest seen MiB | within cap | load average |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range []frameRun{small, def} {
		other := r.transport
		for code, c := range r.statuses {
			if code != http.StatusOK && code != http.StatusTooManyRequests && code != http.StatusServiceUnavailable {
				other += c
			}
		}
		within := "yes"
		if r.end > r.capBytes {
			within = "**no**"
			t.Errorf("%s: the cache folder holds %d bytes, over its cap of %d", r.label, r.end, r.capBytes)
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %.1f | %s (%d) | %s | %s | %s → %s |\n", r.label, r.statuses[http.StatusOK],
			r.statuses[http.StatusTooManyRequests], r.statuses[http.StatusServiceUnavailable], other, r.elapsed.Seconds(),
			mib(r.end), r.endFiles, mib(r.peak), within, r.load0, r.lo1)
		if other > 0 {
			t.Errorf("%s: %d answers other than 200, 429 and 503: %v (transport errors %d)", r.label, other, r.statuses, r.transport)
		}
	}
	fmt.Printf("\nThe cache folder is `{data}/blobs/cache` (%s MiB before the first flood). 429 and 503 are the expected answers of the cold-frame limit and the decode bound; \"largest seen\" is sampled every 100 ms.\n", mib(before))
}
