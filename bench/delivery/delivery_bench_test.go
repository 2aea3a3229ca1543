//go:build bench

// Package delivery measures asset delivery over loopback with 64
// keep-alive connections, each kind against nginx serving the same bytes at
// the same paths with sendfile, in the same run: 1 MiB segments of a signed
// video (token verified on every request) and of a public one, and the
// playlists of both (which Reel rewrites per request: version pin, and for
// the signed video a compact grant in place of the token);
// then the latency of a frame served from the frame cache. The server's CPU
// time per request, read from /proc, is printed beside the rates: on a
// shared machine it is the steadier figure.
//
//	go test -tags bench -count=1 -v -run TestSegmentThroughput ./bench/delivery/
//
// Knobs: REEL_BENCH_ROUNDS (1), REEL_BENCH_SECONDS (5 a phase),
// REEL_DELIVERY_BENCH_PHASES (comma list: signed-segments, public-segments,
// signed-playlists, public-playlists; default all),
// REEL_DELIVERY_BENCH_CPUPROFILE=FILE (CPU profiles of the Go server
// processes, in FILE.reel, FILE.bare and FILE.memory),
// REEL_DELIVERY_BENCH_SERVER_ENV="K=V ..." (more environment for the Go
// server processes only, e.g. GOMAXPROCS=1 or GOGC=400, leaving the load
// generator as it is; GOMAXPROCS there overrides the httpfast.Procs that
// the Reel server sets as refserver does, while the Go floor servers keep
// Go's default), REEL_DELIVERY_BENCH_WRK=0 (leave out the rows loaded by
// wrk, which is installed with apt-get when missing: a C load generator
// that leaves the servers most of the machine, where the Go client takes
// more of it than the servers do). The server logs as refserver does (text at info to stderr),
// into a file. Every phase also loads net/http's own file server
// (http.FileServer, in a process of its own) with nginx's files: the floor
// of a Go server, to tell Reel's work from Go's.
//
// Targets: Reel at least nginx's request rate (the test fails below 0.8x);
// frame-from-cache p50 <= 2 ms. nginx is installed with apt-get when it is
// missing (skipped if that fails).
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
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
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
	"github.com/reelvideo/reel/videohost/httpfast"
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

// video is one published video as the bench sees it.
type video struct {
	Space   string `json:"space"`
	ID      string `json:"id"`
	Embed   string `json:"embed"`
	Token   string `json:"token"` // "" for the public video
	Root    string `json:"root"`  // nginx's copy of its files
	Private bool   `json:"signed"`
}

// prefix is the path of the video's files, on Reel and on nginx alike.
func (v video) prefix() string { return "/media/" + v.Space + "/" + v.ID + "/" }

// query is what a request for one of its files carries.
func (v video) query() string {
	if v.Token == "" {
		return ""
	}
	return "?token=" + v.Token
}

type server struct {
	BaseURL string `json:"base_url"`
	// NetHTTPURL serves the same Reel handler with net/http alone (as
	// refserver --net-http-only does); BaseURL serves it as refserver does
	// by default, players' requests on httpfast.
	NetHTTPURL string `json:"net_http_url,omitempty"`
	Signed     video  `json:"signed"`
	Public     video  `json:"public"`

	pid int // the server process, set by startReel
}

// serveEnv makes the bench binary a Reel server (see TestMain): the server
// runs in its own process, as nginx does, so that it does not share the Go
// runtime with the load generator.
const serveEnv = "REEL_DELIVERY_BENCH_SERVE"

// bareEnv makes the bench binary a bare Go file server (see serveBare):
// "prefix=root,prefix=root".
const bareEnv = "REEL_DELIVERY_BENCH_BARE"

// memoryEnv makes the bench binary a Go server of files held in memory
// (see serveMemory): "prefix=root,prefix=root".
const memoryEnv = "REEL_DELIVERY_BENCH_MEMORY"

func TestMain(m *testing.M) {
	serve := func(fn func() error) {
		if err := fn(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if dir := os.Getenv(serveEnv); dir != "" {
		serve(func() error { return serveReel(dir) })
	}
	if locs := os.Getenv(bareEnv); locs != "" {
		serve(func() error { return serveBare(locs) })
	}
	if locs := os.Getenv(memoryEnv); locs != "" {
		serve(func() error { return serveMemory(locs) })
	}
	os.Exit(m.Run())
}

// serveBare serves folders with net/http's own file server (os.Open, Stat
// and ServeContent per request, sendfile for the body): the floor of a Go
// server with net/http, without Reel's routing, lookups, authorization and
// rewriting, for the bench to show how much of Reel's cost is Go's.
func serveBare(locations string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	for _, loc := range strings.Split(locations, ",") {
		prefix, root, _ := strings.Cut(loc, "=")
		mux.Handle(prefix, http.StripPrefix(prefix, http.FileServer(http.Dir(root))))
	}
	if err := profileUntilStopped("bare"); err != nil {
		return err
	}
	json.NewEncoder(os.Stdout).Encode(server{BaseURL: "http://" + ln.Addr().String()})
	return (&http.Server{Handler: mux}).Serve(ln)
}

// serveMemory serves the files of folders from memory with net/http, each
// GET answered by one Write after five header values set without
// canonicalizing: no open, no checks, no lookups. It is the least a Go
// server with net/http does per request, the floor for Reel's own work
// to be told from net/http's.
func serveMemory(locations string) error {
	type file struct {
		body                      []byte
		contentType, length, etag []string
	}
	files := map[string]file{}
	for _, loc := range strings.Split(locations, ",") {
		prefix, root, _ := strings.Cut(loc, "=")
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			body, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			ct := "video/iso.segment"
			if strings.HasSuffix(path, ".m3u8") {
				ct = "application/vnd.apple.mpegurl"
			}
			files[prefix+filepath.ToSlash(rel)] = file{body, []string{ct}, []string{strconv.Itoa(len(body))}, []string{fmt.Sprintf(`"%x"`, len(body))}}
			return nil
		})
		if err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	anyOrigin, cache := []string{"*"}, []string{"private, max-age=31536000, immutable"}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h["Content-Type"], h["Content-Length"], h["Etag"] = f.contentType, f.length, f.etag
		h["Access-Control-Allow-Origin"], h["Cache-Control"] = anyOrigin, cache
		w.Write(f.body)
	})
	if err := profileUntilStopped("memory"); err != nil {
		return err
	}
	json.NewEncoder(os.Stdout).Encode(server{BaseURL: "http://" + ln.Addr().String()})
	return (&http.Server{Handler: handler}).Serve(ln)
}

// mediaPlaylist is a VOD media playlist of the 16 segments, as the
// pipeline writes one.
func mediaPlaylist() string {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=\"init.mp4\"\n")
	for i := range segments {
		fmt.Fprintf(&b, "#EXTINF:4.000000,\n%d.m4s\n", i)
	}
	b.WriteString("#EXT-X-ENDLIST\n")
	return b.String()
}

// masterPlaylist lists the one rendition and an audio track.
const masterPlaylist = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n" +
	`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/0/playlist.m3u8"` + "\n" +
	`#EXT-X-STREAM-INF:BANDWIDTH=4400000,AVERAGE-BANDWIDTH=4200000,RESOLUTION=640x360,FRAME-RATE=30.000,CODECS="avc1.64001e,mp4a.40.2",AUDIO="aac"` + "\n" +
	"h264_sd/playlist.m3u8\n"

// serveReel runs a Reel API over SQLite and local blobs in dir with a
// signed and a public video of 1 MiB segments, prints where they are as
// JSON and serves until killed. It logs as refserver does (text, info, to
// stderr), which the bench sends to a file.
func serveReel(dir string) error {
	ctx := context.Background()
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(httpfast.Procs(runtime.GOMAXPROCS(0))) // as refserver does
	}
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
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Pipeline: stillFrames{}, Logger: logger,
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
	publish := func(policy videohost.PlaybackPolicy) (video, error) {
		v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "bench"})
		if err != nil {
			return video{}, err
		}
		if _, err := svc.UpdateVideo(ctx, p, v.ID, videohost.UpdateVideoInput{PlaybackPolicy: &policy}); err != nil {
			return video{}, err
		}
		// nginx serves root; Reel publishes an identical copy (publishing
		// takes its folder over). nginx's playlists are written by the
		// bench: the bytes Reel answers.
		root := filepath.Join(dir, "nginx-root", v.ID)
		folder := filepath.Join(dir, "publish", v.ID)
		files := map[string][]byte{
			"playlist.m3u8":         []byte(masterPlaylist),
			"h264_sd/playlist.m3u8": []byte(mediaPlaylist()),
			"h264_sd/init.mp4":      bytes.Repeat([]byte{0}, 800),
		}
		for i := range segments {
			data := make([]byte, segmentSize)
			rand.Read(data)
			files[fmt.Sprintf("h264_sd/%d.m4s", i)] = data
		}
		for name, data := range files {
			for _, d := range []string{root, folder} {
				p := filepath.Join(d, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return video{}, err
				}
				if err := os.WriteFile(p, data, 0o644); err != nil {
					return video{}, err
				}
			}
		}
		if _, err := svc.Jobs().SourceStored(ctx, v.ID, 1); err != nil {
			return video{}, err
		}
		if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
			return video{}, err
		}
		v, err = svc.Jobs().PublishReady(ctx, v.ID, folder, &videohost.ProcessOutput{Duration: 64, Width: 640, Height: 360,
			Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 640, Height: 360}}})
		if err != nil {
			return video{}, err
		}
		out := video{Space: v.Space, ID: v.ID, Embed: v.Embed, Root: root, Private: policy == videohost.PlaybackSigned}
		if out.Private {
			out.Token, err = tokens.SignPlayback(tokens.HMACKey{ID: rw.ID, Secret: rw.Secret}, v.Embed, time.Hour, nil)
		}
		return out, err
	}
	signed, err := publish(videohost.PlaybackSigned)
	if err != nil {
		return err
	}
	public, err := publish(videohost.PlaybackPublic)
	if err != nil {
		return err
	}
	h, err := httpapi.New(svc, httpapi.Config{UploadDir: filepath.Join(dir, "uploads"), Logger: logger})
	if err != nil {
		return err
	}
	if err := profileUntilStopped("reel"); err != nil {
		return err
	}
	plainLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go (&http.Server{Handler: h}).Serve(plainLn)
	json.NewEncoder(os.Stdout).Encode(server{BaseURL: base, NetHTTPURL: "http://" + plainLn.Addr().String(), Signed: signed, Public: public})
	return (&httpfast.Server{HTTP: &http.Server{Handler: h}, Fast: httpapi.IsDeliveryPath}).Serve(ln)
}

// profileUntilStopped writes a CPU profile of this server process to
// $REEL_DELIVERY_BENCH_CPUPROFILE.role until the bench stops it (SIGTERM),
// when that variable is set: the load generator stays out of the profile,
// and Reel's profile can be set beside the floor's (go tool pprof -diff_base).
func profileUntilStopped(role string) error {
	path := os.Getenv("REEL_DELIVERY_BENCH_CPUPROFILE")
	if path == "" {
		return nil
	}
	f, err := os.Create(path + "." + role)
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
	return nil
}

// startReel starts the bench binary as a Reel server and waits for it. The
// server's log goes to a file, as a service manager would take it; its
// tail is printed when the test fails.
func startReel(t *testing.T) *server {
	t.Helper()
	dir := t.TempDir()
	return startChild(t, serveEnv+"="+dir, filepath.Join(dir, "server.log"))
}

// startBare starts the bench binary as a bare Go file server of the
// folders nginx serves.
func startBare(t *testing.T, s *server) *server {
	t.Helper()
	locs := s.Signed.prefix() + "=" + s.Signed.Root + "," + s.Public.prefix() + "=" + s.Public.Root
	return startChild(t, bareEnv+"="+locs, filepath.Join(t.TempDir(), "bare.log"))
}

// startMemory starts the bench binary as a Go server of nginx's files
// from memory (serveMemory).
func startMemory(t *testing.T, s *server) *server {
	t.Helper()
	locs := s.Signed.prefix() + "=" + s.Signed.Root + "," + s.Public.prefix() + "=" + s.Public.Root
	return startChild(t, memoryEnv+"="+locs, filepath.Join(t.TempDir(), "memory.log"))
}

// startChild runs the bench binary with env set, its stderr in logPath,
// and reads the server it announces on stdout.
func startChild(t *testing.T, env, logPath string) *server {
	t.Helper()
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env)
	if extra := os.Getenv("REEL_DELIVERY_BENCH_SERVER_ENV"); extra != "" {
		cmd.Env = append(cmd.Env, strings.Fields(extra)...)
	}
	cmd.Stderr = logFile
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
		logFile.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("%s (tail):\n%s", filepath.Base(logPath), b[max(len(b)-2048, 0):])
		}
	})
	var s server
	if err := json.NewDecoder(out).Decode(&s); err != nil {
		t.Fatalf("starting the bench binary with %.40s: %v", env, err)
	}
	s.pid = cmd.Process.Pid
	return &s
}

// startNginx serves nginx's copy of each video at the same paths; it
// returns nginx's base URL and its master's pid.
func startNginx(t *testing.T, s *server) (string, int) {
	t.Helper()
	return benchkit.StartNginx(t, s.Public.prefix()+"h264_sd/0.m4s",
		benchkit.Location{Prefix: s.Signed.prefix(), Root: s.Signed.Root},
		benchkit.Location{Prefix: s.Public.prefix(), Root: s.Public.Root})
}

// target is one URL of a load (its path and query, without the server)
// and the size its body must have.
type target struct {
	path string
	size int64
}

type result struct {
	requests int64
	bytes    int64
	elapsed  time.Duration
	cpu      time.Duration // used by the server process(es) meanwhile
	load     string        // load average at the start → end
}

// cpuPerRequest is the server's CPU time per request served: unlike the
// request rate it hardly moves when other work shares the machine.
func (r result) cpuPerRequest() time.Duration {
	return r.cpu / time.Duration(max(r.requests, 1))
}

func (r result) reqPerSec() float64 { return float64(r.requests) / r.elapsed.Seconds() }
func (r result) mbPerSec() float64  { return float64(r.bytes) / r.elapsed.Seconds() / 1e6 }

// load fetches targets round robin from 64 keep-alive connections for
// runFor (at most 1,000,000 requests a connection) and counts complete 200
// responses of the right size.
func load(t *testing.T, base string, pid int, targets []target, runFor time.Duration) result {
	t.Helper()
	avg := benchkit.LoadAverage()
	cpuBefore := benchkit.CPUTime(pid)
	tr := &http.Transport{MaxIdleConnsPerHost: connections, MaxConnsPerHost: connections, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var requests, total atomic.Int64
	var failed atomic.Value
	deadline := time.Now().Add(runFor)
	start := time.Now()
	var wg sync.WaitGroup
	for c := range connections {
		buf := make([]byte, 256<<10)
		wg.Go(func() {
			for i := c; i < c+1_000_000 && time.Now().Before(deadline); i++ {
				tg := targets[i%len(targets)]
				res, err := client.Get(base + tg.path)
				if err != nil {
					failed.Store(err.Error())
					return
				}
				n, _ := io.CopyBuffer(io.Discard, res.Body, buf)
				res.Body.Close()
				if res.StatusCode != http.StatusOK || n != tg.size {
					failed.Store(fmt.Sprintf("%s: status %d, %d bytes, want %d", tg.path, res.StatusCode, n, tg.size))
					return
				}
				requests.Add(1)
				total.Add(n)
			}
		})
	}
	wg.Wait()
	if f := failed.Load(); f != nil {
		t.Fatalf("load against %s: %v", base, f)
	}
	return result{requests: requests.Load(), bytes: total.Load(), elapsed: time.Since(start),
		cpu: benchkit.CPUTime(pid) - cpuBefore, load: avg + "→" + benchkit.LoadAverage()}
}

// wrkLoad is load with wrk as the load generator, from as many
// connections, on two threads. A failed request, or fewer bytes than the
// smallest answer times the requests, fails t.
func wrkLoad(t *testing.T, bin, base string, pid int, targets []target, runFor time.Duration) result {
	t.Helper()
	avg := benchkit.LoadAverage()
	cpuBefore := benchkit.CPUTime(pid)
	var paths []string
	least := targets[0].size
	for _, tg := range targets {
		paths = append(paths, tg.path)
		least = min(least, tg.size)
	}
	w := benchkit.Wrk(context.Background(), t, bin, base, paths, connections, 2, runFor)
	if w.Failed > 0 || w.Requests == 0 || w.Bytes < w.Requests*least {
		t.Fatalf("wrk against %s: %d requests, %d failed, %d bytes (want at least %d a request)", base, w.Requests, w.Failed, w.Bytes, least)
	}
	return result{requests: w.Requests, bytes: w.Bytes, elapsed: w.Elapsed,
		cpu: benchkit.CPUTime(pid) - cpuBefore, load: avg + "→" + benchkit.LoadAverage()}
}

// segmentTargets are the 16 segments of v.
func segmentTargets(v video) []target {
	var out []target
	for i := range segments {
		out = append(out, target{fmt.Sprintf("%sh264_sd/%d.m4s%s", v.prefix(), i, v.query()), segmentSize})
	}
	return out
}

// playlistTargets fetches v's two playlists from Reel (rewritten: version
// pin, and a grant for the signed video) and writes those bytes where
// nginx serves them; every server is then asked for the same URLs, query
// and all (the static servers read the query and ignore it).
func playlistTargets(t *testing.T, s *server, v video) (targets []target) {
	t.Helper()
	for _, name := range []string{"playlist.m3u8", "h264_sd/playlist.m3u8"} {
		u := v.prefix() + name + v.query()
		res, err := http.Get(s.BaseURL + u)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v %s", u, res.StatusCode, err, body)
		}
		if err := os.WriteFile(filepath.Join(v.Root, filepath.FromSlash(name)), body, 0o644); err != nil {
			t.Fatal(err)
		}
		targets = append(targets, target{u, int64(len(body))})
	}
	return targets
}

// envInt reads a positive integer knob from the environment.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestSegmentThroughput measures four kinds of delivery, each against nginx
// (sendfile on) serving the same bytes at the same paths, alternating Reel
// and nginx: 1 MiB segments of a signed video (playback token verified on
// every request) and of a public one, and the two playlists (master and
// media) of each, which Reel rewrites (version pin, grant) and nginx serves
// as static files holding the bytes Reel answered. Knobs: REEL_BENCH_ROUNDS
// (1), REEL_BENCH_SECONDS (5 a phase), REEL_DELIVERY_BENCH_PHASES (a comma
// list of phase names to run, default all: signed-segments,
// public-segments, signed-playlists, public-playlists). Each phase also
// loads net/http's own file server (http.FileServer in a process of its
// own) with nginx's files: the floor of any Go server, for reference.
func TestSegmentThroughput(t *testing.T) {
	rounds := envInt("REEL_BENCH_ROUNDS", 1)
	runFor := time.Duration(envInt("REEL_BENCH_SECONDS", int(runFor/time.Second))) * time.Second
	s := startReel(t)
	signedLists := playlistTargets(t, s, s.Signed)
	publicLists := playlistTargets(t, s, s.Public)
	nginx, nginxPID := startNginx(t, s)
	bare := startBare(t, s)
	memory := startMemory(t, s)
	type phase struct {
		name, label string
		reel, nginx []target
	}
	var phases []phase
	only := os.Getenv("REEL_DELIVERY_BENCH_PHASES")
	for _, p := range []phase{
		{"signed-segments", "1 MiB segments, signed (token verified per request)", segmentTargets(s.Signed), segmentTargets(s.Signed)},
		{"public-segments", "1 MiB segments, public", segmentTargets(s.Public), segmentTargets(s.Public)},
		{"signed-playlists", "playlists, signed (rewritten with a grant)", signedLists, signedLists},
		{"public-playlists", "playlists, public (rewritten with the version)", publicLists, publicLists},
	} {
		if only == "" || slices.Contains(strings.Split(only, ","), p.name) {
			phases = append(phases, p)
		}
	}
	wrk := ""
	if os.Getenv("REEL_DELIVERY_BENCH_WRK") != "0" {
		wrk = benchkit.WrkPath(t)
	}
	// Warm the page cache, the connections and Reel's caches.
	for _, p := range phases {
		load(t, s.BaseURL, s.pid, p.reel, time.Second)
		load(t, s.NetHTTPURL, s.pid, p.reel, time.Second)
		load(t, nginx, nginxPID, p.nginx, time.Second)
		load(t, bare.BaseURL, bare.pid, p.nginx, time.Second)
		load(t, memory.BaseURL, memory.pid, p.nginx, time.Second)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\n%d keep-alive connections, %s a phase, %d rounds\n\n", connections, runFor, rounds)
	fmt.Fprintln(&out, "| round: phase | server (load avg start→end) | req/s | MB/s | CPU µs/request | / nginx: rate, CPU per request |")
	fmt.Fprintln(&out, "|---|---|---|---|---|---|")
	rateRatios, wrkRatios := map[string][]float64{}, map[string][]float64{}
	for round := 1; round <= rounds; round++ {
		for _, p := range phases {
			reel := load(t, s.BaseURL, s.pid, p.reel, runFor)
			reelNetHTTP := load(t, s.NetHTTPURL, s.pid, p.reel, runFor)
			ngx := load(t, nginx, nginxPID, p.nginx, runFor)
			goFiles := load(t, bare.BaseURL, bare.pid, p.nginx, runFor)
			goMemory := load(t, memory.BaseURL, memory.pid, p.nginx, runFor)
			rateRatios[p.name] = append(rateRatios[p.name], reel.reqPerSec()/ngx.reqPerSec())
			type row struct {
				name string
				r    result
			}
			rows := []row{{"Reel", reel}, {"Reel, --net-http-only", reelNetHTTP}, {"nginx", ngx}, {"Go http.FileServer", goFiles}, {"Go net/http from memory", goMemory}}
			var wrkNginx result
			if wrk != "" {
				// The same requests from wrk, which leaves the servers
				// most of the machine.
				reelWrk := wrkLoad(t, wrk, s.BaseURL, s.pid, p.reel, runFor)
				wrkNginx = wrkLoad(t, wrk, nginx, nginxPID, p.nginx, runFor)
				wrkRatios[p.name] = append(wrkRatios[p.name], reelWrk.reqPerSec()/wrkNginx.reqPerSec())
				rows = append(rows, row{"Reel, wrk", reelWrk}, row{"nginx, wrk", wrkNginx})
			}
			for _, r := range rows {
				ratio := ""
				against := ngx
				if strings.HasSuffix(r.name, ", wrk") {
					against = wrkNginx
				}
				if !strings.HasPrefix(r.name, "nginx") {
					ratio = fmt.Sprintf("%.2f, %.2f", r.r.reqPerSec()/against.reqPerSec(), float64(r.r.cpuPerRequest())/float64(against.cpuPerRequest()))
				}
				fmt.Fprintf(&out, "| %d: %s | %s (%s) | %.0f | %.0f | %.1f | %s |\n", round, p.label, r.name, r.r.load,
					r.r.reqPerSec(), r.r.mbPerSec(), float64(r.r.cpuPerRequest())/1e3, ratio)
			}
		}
	}
	t.Log(out.String())
	for _, p := range phases {
		if r := rateRatios[p.name]; len(r) > 0 {
			t.Logf("%s: Reel / nginx rate, Go client: %s (median %.2f)", p.name, benchkit.Ratios(r), benchkit.Median(r))
		}
		if r := wrkRatios[p.name]; len(r) > 0 {
			t.Logf("%s: Reel / nginx rate, wrk: %s (median %.2f)", p.name, benchkit.Ratios(r), benchkit.Median(r))
		}
	}
	for loader, all := range map[string]map[string][]float64{"the Go client": rateRatios, "wrk": wrkRatios} {
		for name, ratios := range all {
			if m := slices.Max(ratios); m < 0.8 {
				t.Errorf("%s, loaded by %s: Reel delivers at most %.2fx nginx's request rate, below the 0.8x floor", name, loader, m)
			}
		}
	}
}

func TestFrameFromCacheLatency(t *testing.T) {
	s := startReel(t)
	u := s.BaseURL + "/images/" + s.Signed.Embed + ".jpg?time=12.5&width=320&token=" + s.Signed.Token
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
