//go:build bench

// Package delivery measures asset delivery over loopback: segment throughput
// of a signed video (token verified on every request) with 64 keep-alive
// connections, against nginx serving the same files with sendfile, and the
// latency of a frame served from the frame cache.
//
//	go test -tags bench -run . -v ./bench/delivery
//
// Targets: at least 0.8x nginx's request rate; frame-from-cache p50 <= 2 ms.
// nginx is installed with apt-get when it is missing (skipped if that fails).
package delivery

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/sqlite"
)

const (
	connections = 64
	segments    = 16
	segmentSize = 1 << 20
	runFor      = 5 * time.Second
)

// stillFrames is a Pipeline whose frames are fixed bytes: the bench measures
// the cache path, not extraction.
type stillFrames struct{}

func (stillFrames) Process(context.Context, videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	return nil, fmt.Errorf("not benchmarked")
}

func (stillFrames) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return bytes.Repeat([]byte{0xff}, 20<<10), nil
}

type server struct {
	BaseURL string `json:"base_url"`
	Root    string `json:"root"` // the folder of the published version
	Space   string `json:"space"`
	VideoID string `json:"video_id"`
	Embed   string `json:"embed"`
	Token   string `json:"token"`

	pid int // the server process, set by startReel
}

// serveEnv makes the bench binary a Reel server (see TestMain): the server
// runs in its own process, as nginx does, so that it does not share the Go
// runtime with the load generator.
const serveEnv = "REEL_DELIVERY_BENCH_SERVE"

func TestMain(m *testing.M) {
	if dir := os.Getenv(serveEnv); dir != "" {
		if err := serveReel(dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

// serveReel runs a Reel API over SQLite and local blobs in dir with one
// signed video of 1 MiB segments, prints where it is as JSON and serves
// until killed.
func serveReel(dir string) error {
	ctx := context.Background()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		return err
	}
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		return err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Pipeline: stillFrames{}, Logger: quiet,
		Secret: bytes.Repeat([]byte("b"), 32), BaseURL: base})
	if err != nil {
		return err
	}
	sp, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		return err
	}
	var rw *videohost.Key
	for _, k := range keys {
		if k.Access == videohost.AccessReadWrite {
			rw = k
		}
	}
	p := &videohost.Principal{Space: sp.ID, KeyID: rw.ID, Access: rw.Access}
	signed := videohost.PlaybackSigned
	v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "bench"})
	if err != nil {
		return err
	}
	if _, err := svc.UpdateVideo(ctx, p, v.ID, videohost.UpdateVideoInput{PlaybackPolicy: &signed}); err != nil {
		return err
	}
	// nginx serves root; Reel publishes an identical copy (publishing takes
	// its folder over).
	root := filepath.Join(dir, "nginx-root")
	publish := filepath.Join(dir, "publish")
	for i := range segments {
		data := make([]byte, segmentSize)
		rand.Read(data)
		for _, d := range []string{root, publish} {
			p := filepath.Join(d, "h264_sd", fmt.Sprintf("%d.m4s", i))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return err
			}
		}
	}
	if _, err := svc.SourceStored(ctx, v.ID, 1); err != nil {
		return err
	}
	if _, err := svc.StartProcessing(ctx, v.ID); err != nil {
		return err
	}
	v, err = svc.PublishReady(ctx, v.ID, publish, &videohost.ProcessOutput{Duration: 60, Width: 640, Height: 360,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 640, Height: 360}}})
	if err != nil {
		return err
	}
	token, err := tokens.SignPlayback(tokens.HMACKey{ID: rw.ID, Secret: rw.Secret}, v.Embed, time.Hour, nil)
	if err != nil {
		return err
	}
	h, err := httpapi.New(svc, httpapi.Config{UploadDir: filepath.Join(dir, "uploads"), Logger: quiet})
	if err != nil {
		return err
	}
	// REEL_DELIVERY_BENCH_CPUPROFILE=FILE profiles the server process until
	// the bench stops it (SIGTERM): the load generator stays out of the profile.
	if path := os.Getenv("REEL_DELIVERY_BENCH_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGTERM)
		go func() {
			<-stop
			pprof.StopCPUProfile()
			f.Close()
			os.Exit(0)
		}()
	}
	json.NewEncoder(os.Stdout).Encode(server{BaseURL: base, Root: root, Space: v.Space, VideoID: v.ID, Embed: v.Embed, Token: token})
	return (&http.Server{Handler: h}).Serve(ln)
}

// startReel starts the bench binary as a Reel server and waits for it.
func startReel(t *testing.T) *server {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+t.TempDir())
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// SIGTERM first so that a profiling server can write its profile.
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	var s server
	if err := json.NewDecoder(out).Decode(&s); err != nil {
		t.Fatalf("starting reel: %v", err)
	}
	s.pid = cmd.Process.Pid
	return &s
}

// startNginx serves the blob folder of the same video at the same paths; it
// returns nginx's base URL and its master's pid.
func startNginx(t *testing.T, s *server) (string, int) {
	t.Helper()
	prefix := "/media/" + s.Space + "/" + s.VideoID + "/"
	return benchkit.StartNginx(t, prefix+"h264_sd/0.m4s", benchkit.Location{Prefix: prefix, Root: s.Root})
}

type result struct {
	requests int64
	bytes    int64
	elapsed  time.Duration
	cpu      time.Duration // used by the server process(es) meanwhile
}

// cpuPerRequest is the server's CPU time per segment served: unlike the
// request rate it hardly moves when other work shares the machine.
func (r result) cpuPerRequest() time.Duration {
	return r.cpu / time.Duration(max(r.requests, 1))
}

func (r result) reqPerSec() float64 { return float64(r.requests) / r.elapsed.Seconds() }
func (r result) mbPerSec() float64  { return float64(r.bytes) / r.elapsed.Seconds() / 1e6 }

// load fetches the segments round robin from 64 keep-alive connections for
// runFor and counts complete 200 responses.
func load(t *testing.T, base string, pid int, space, videoID, query string) result {
	t.Helper()
	cpuBefore := benchkit.CPUTime(pid)
	tr := &http.Transport{MaxIdleConnsPerHost: connections, MaxConnsPerHost: connections, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var requests, total atomic.Int64
	var failed atomic.Value
	deadline := time.Now().Add(runFor)
	start := time.Now()
	var wg sync.WaitGroup
	buf := make([][]byte, connections)
	for c := range connections {
		buf[c] = make([]byte, 256<<10)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; time.Now().Before(deadline); i++ {
				u := fmt.Sprintf("%s/media/%s/%s/h264_sd/%d.m4s%s", base, space, videoID, i%segments, query)
				res, err := client.Get(u)
				if err != nil {
					failed.Store(err.Error())
					return
				}
				n, _ := io.CopyBuffer(io.Discard, res.Body, buf[c])
				res.Body.Close()
				if res.StatusCode != http.StatusOK || n != segmentSize {
					failed.Store(fmt.Sprintf("status %d, %d bytes", res.StatusCode, n))
					return
				}
				requests.Add(1)
				total.Add(n)
			}
		}()
	}
	wg.Wait()
	if f := failed.Load(); f != nil {
		t.Fatalf("load against %s: %v", base, f)
	}
	return result{requests: requests.Load(), bytes: total.Load(), elapsed: time.Since(start), cpu: benchkit.CPUTime(pid) - cpuBefore}
}

func TestSegmentThroughput(t *testing.T) {
	s := startReel(t)
	nginx, nginxPID := startNginx(t, s)
	query := "?token=" + s.Token
	load(t, s.BaseURL, s.pid, s.Space, s.VideoID, query) // warm the page cache and connections
	reel := load(t, s.BaseURL, s.pid, s.Space, s.VideoID, query)
	ngx := load(t, nginx, nginxPID, s.Space, s.VideoID, "")
	ratio := reel.reqPerSec() / ngx.reqPerSec()
	t.Logf("reel  (signed, token verified per request): %8.0f req/s %8.0f MB/s %6.0f µs CPU/request", reel.reqPerSec(), reel.mbPerSec(), float64(reel.cpuPerRequest())/1e3)
	t.Logf("nginx (sendfile on):                         %8.0f req/s %8.0f MB/s %6.0f µs CPU/request", ngx.reqPerSec(), ngx.mbPerSec(), float64(ngx.cpuPerRequest())/1e3)
	t.Logf("ratio: %.2f (target >= 0.80); CPU per request %.2fx nginx's; load average %s", ratio,
		float64(reel.cpuPerRequest())/float64(ngx.cpuPerRequest()), benchkit.LoadAverage())
	if ratio < 0.8 {
		t.Errorf("reel delivers %.2fx nginx, below the 0.8x target", ratio)
	}
}

func TestFrameFromCacheLatency(t *testing.T) {
	s := startReel(t)
	u := s.BaseURL + "/images/" + s.Embed + ".jpg?time=12.5&width=320&token=" + s.Token
	client := &http.Client{}
	get := func() time.Duration {
		start := time.Now()
		res, err := client.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("frame: %d", res.StatusCode)
		}
		return time.Since(start)
	}
	get() // extracts and caches
	const n = 1000
	lat := make([]time.Duration, n)
	for i := range lat {
		lat[i] = get()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p50, p99 := lat[n/2], lat[n*99/100]
	t.Logf("frame from cache: p50 %s, p99 %s (target p50 <= 2ms)", p50, p99)
	if p50 > 2*time.Millisecond {
		t.Errorf("p50 %s over 2 ms", p50)
	}
}
