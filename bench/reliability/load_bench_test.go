//go:build bench

package reliability

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// firstSegment follows an HLS master playlist to the first media segment
// of its first variant and returns its URL.
func firstSegment(t testing.TB, master string) string {
	t.Helper()
	uri := func(playlist string) string {
		t.Helper()
		resp, err := httpClient.Get(playlist)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", playlist, resp.StatusCode)
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
				base, _ := url.Parse(playlist)
				ref, err := url.Parse(line)
				if err != nil {
					t.Fatal(err)
				}
				return base.ResolveReference(ref).String()
			}
		}
		t.Fatalf("%s lists nothing", playlist)
		return ""
	}
	return uri(uri(master))
}

// procStatus reads VmRSS and VmHWM (peak) of a process, in KiB.
func procStatus(s *server) (rss, hwm int) {
	return s.rssKiB(), s.statusKiB("VmHWM:")
}

// opStats collects latencies and errors of one kind of request.
type opStats struct {
	mu     sync.Mutex
	lat    []time.Duration
	errors map[string]int // what went wrong → count
	bytes  atomic.Int64
}

func newOpStats() *opStats { return &opStats{errors: map[string]int{}} }

func (o *opStats) add(d time.Duration, problem string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.lat = append(o.lat, d)
	if problem != "" {
		o.errors[problem]++
	}
}

func (o *opStats) errorCount() int {
	n := 0
	for _, c := range o.errors {
		n += c
	}
	return n
}

// TestConcurrentLoad: REEL_BENCH_VIEWERS viewers (64) fetch one segment of a
// public video in a loop beside REEL_BENCH_WRITERS API writers (200, each
// with a key of its own, as the API limits each key to 600 requests a
// minute) for REEL_BENCH_LOAD_SECONDS (10). Writers cycle through creating
// a collection, renaming it, creating a video (tus creation) and renaming
// it. Any transport error, unexpected status, 5xx in the server log or
// "database is locked" is an error; there must be none.
func TestConcurrentLoad(t *testing.T) {
	viewers := benchkit.EnvInt("REEL_BENCH_VIEWERS", 64)
	writers := benchkit.EnvInt("REEL_BENCH_WRITERS", 200)
	runFor := time.Duration(benchkit.EnvInt("REEL_BENCH_LOAD_SECONDS", 10)) * time.Second
	dir := t.TempDir()
	src := makeSource(t, dir, 6, "1280x720")
	// The writers start an upload every fourth request and never finish
	// one: no bound on unfinished uploads, so the mix stays what it was.
	s := startServer(t, filepath.Join(dir, "data"), "--max-open-uploads", "-1")
	key := s.key("read_write")
	id := s.upload(t, key, src, "load")
	v, err := s.waitState(key, id, "ready", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	segment := firstSegment(t, v.URLs["hls"])
	keys := s.createKeys(t, key, writers)
	time.Sleep(time.Second) // let the set-up's garbage go
	rssBefore, _ := procStatus(s)
	req0, fivexx0, locked0 := s.counts()
	loadStart := benchkit.LoadAverage()

	view, write := newOpStats(), newOpStats()
	stop := time.Now().Add(runFor)
	var wg sync.WaitGroup
	for range viewers {
		wg.Go(func() {
			for i := 0; i < 1_000_000 && time.Now().Before(stop); i++ {
				t0 := time.Now()
				resp, err := httpClient.Get(segment)
				if err != nil {
					view.add(time.Since(t0), "transport: "+err.Error())
					continue
				}
				n, err := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				problem := ""
				switch {
				case err != nil:
					problem = "reading: " + err.Error()
				case resp.StatusCode != http.StatusOK:
					problem = fmt.Sprint("status ", resp.StatusCode)
				}
				view.bytes.Add(n)
				view.add(time.Since(t0), problem)
			}
		})
	}
	for w, key := range keys {
		wg.Go(func() {
			var collection, video string
			for i := 0; i < 1_000_000 && time.Now().Before(stop); i++ {
				var method, path string
				var body any
				var header []string
				want := http.StatusOK
				switch {
				case i%4 == 0 || (i%4 == 1 && collection == ""):
					method, path, want = "POST", "/v1/collections", http.StatusCreated
					body = map[string]string{"name": fmt.Sprintf("load %d-%d", w, i)}
				case i%4 == 1:
					method, path = "PATCH", "/v1/collections/"+collection
					body = map[string]string{"name": fmt.Sprintf("renamed %d-%d", w, i)}
				case i%4 == 2 || video == "":
					method, path, want = "POST", "/v1/uploads", http.StatusCreated
					header = []string{"Tus-Resumable", "1.0.0", "Upload-Length", "1000"}
				default:
					method, path = "PATCH", "/v1/videos/"+video
					body = map[string]string{"title": fmt.Sprintf("renamed %d-%d", w, i)}
				}
				t0 := time.Now()
				status, hdr, b, err := s.do(method, path, key, body, header...)
				problem := ""
				switch {
				case err != nil:
					problem = "transport: " + err.Error()
				case status != want:
					problem = fmt.Sprintf("%s %s: status %d", method, strings.SplitN(path[1:], "/", 3)[1], status)
				case strings.Contains(string(b), "database is locked"):
					problem = "database is locked"
				}
				write.add(time.Since(t0), problem)
				if problem != "" {
					continue
				}
				switch {
				case path == "/v1/collections":
					var c struct{ ID string }
					json.Unmarshal(b, &c)
					collection = c.ID
				case path == "/v1/uploads":
					video = hdr.Get("Reel-Video-Id")
				}
			}
		})
	}
	wg.Wait()
	elapsed := runFor
	rssAfter, hwm := procStatus(s)
	loadEnd := benchkit.LoadAverage()
	time.Sleep(200 * time.Millisecond) // the last log lines
	req1, fivexx1, locked1 := s.counts()
	serverErrors := (fivexx1 - fivexx0) + (locked1 - locked0)

	fmt.Printf("\n### %d viewers on one segment beside %d API writers, %s (load average %s at the start, %s at the end)\n\n",
		viewers, writers, runFor, loadStart, loadEnd)
	fmt.Println("| clients | requests | req/s | errors | p50 ms | p99 ms | max ms |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, row := range []struct {
		name string
		o    *opStats
	}{
		{fmt.Sprintf("%d viewers, one %.0f KiB segment", viewers, float64(view.bytes.Load())/float64(max(1, len(view.lat)))/1024), view},
		{fmt.Sprintf("%d writers (collection and video create/rename)", writers), write},
	} {
		d := sortedCopy(row.o.lat)
		fmt.Printf("| %s | %d | %.0f | %d | %s | %s | %s |\n", row.name, len(d), float64(len(d))/elapsed.Seconds(),
			row.o.errorCount(), ms(quantile(d, 0.5)), ms(quantile(d, 0.99)), ms(quantile(d, 1)))
	}
	fmt.Printf("\nServer log over the run: %d requests, %d with a 5xx status, %d lines saying \"database is locked\". Server RSS %s MiB before, %s MiB after (peak %s MiB since start).\n",
		req1-req0, fivexx1-fivexx0, locked1-locked0, mib(int64(rssBefore)<<10), mib(int64(rssAfter)<<10), mib(int64(hwm)<<10))
	for what, n := range view.errors {
		t.Errorf("viewers: %d × %s", n, what)
	}
	for what, n := range write.errors {
		t.Errorf("writers: %d × %s", n, what)
	}
	if serverErrors > 0 {
		t.Errorf("the server logged %d 5xx answers and %d \"database is locked\"", fivexx1-fivexx0, locked1-locked0)
	}
}
