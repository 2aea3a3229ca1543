//go:build bench

package scaleout

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/postgres"
)

const (
	connections = 64
	segments    = 16
	segmentSize = 1 << 20
)

// target is one URL of a load and the size its body must have.
type target struct {
	url  string
	size int64
}

type loadResult struct {
	requests, bytes int64
	elapsed         time.Duration
	cpu             time.Duration   // of the serving processes meanwhile
	parts           []time.Duration // cpu by process: server, versitygw, PostgreSQL
	load            string          // load average at the start → end
}

func (r loadResult) rate() float64 { return float64(r.requests) / r.elapsed.Seconds() }
func (r loadResult) mbps() float64 { return float64(r.bytes) / r.elapsed.Seconds() / 1e6 }
func (r loadResult) partsPerRequest() string {
	s := make([]string, len(r.parts))
	for i, p := range r.parts {
		s[i] = fmt.Sprintf("%.0f", float64(p.Microseconds())/float64(max(r.requests, 1)))
	}
	return strings.Join(s, " / ")
}

func (r loadResult) cpuPerRequest() float64 {
	return float64(r.cpu.Microseconds()) / float64(max(r.requests, 1))
}

// httpLoad fetches targets round robin over 64 keep-alive connections for
// runFor (and at most 100,000 requests a connection), counting complete 200
// answers of the right size; cpu reads the serving processes' CPU times.
func httpLoad(t *testing.T, targets []target, cpu func() []time.Duration, runFor time.Duration) loadResult {
	t.Helper()
	tr := &http.Transport{MaxIdleConnsPerHost: connections, MaxConnsPerHost: connections, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var requests, total atomic.Int64
	var failed atomic.Value
	load := benchkit.LoadAverage()
	cpu0 := cpu()
	deadline := time.Now().Add(runFor)
	start := time.Now()
	var wg sync.WaitGroup
	for c := range connections {
		buf := make([]byte, 256<<10)
		wg.Go(func() {
			for i := c; i < c+100_000 && time.Now().Before(deadline); i++ {
				tg := targets[i%len(targets)]
				res, err := client.Get(tg.url)
				if err != nil {
					failed.Store(err.Error())
					return
				}
				n, _ := io.CopyBuffer(io.Discard, res.Body, buf)
				res.Body.Close()
				if res.StatusCode != http.StatusOK || n != tg.size {
					failed.Store(fmt.Sprintf("%s: status %d, %d bytes, want %d", tg.url, res.StatusCode, n, tg.size))
					return
				}
				requests.Add(1)
				total.Add(n)
			}
		})
	}
	wg.Wait()
	r := loadResult{requests: requests.Load(), bytes: total.Load(), elapsed: time.Since(start),
		load: load + "→" + benchkit.LoadAverage()}
	for i, c := range cpu() {
		r.parts = append(r.parts, c-cpu0[i])
		r.cpu += c - cpu0[i]
	}
	if f := failed.Load(); f != nil {
		t.Fatalf("load: %v", f)
	}
	return r
}

// publishedVideo is a signed video published on S3 by publishSegments.
type publishedVideo struct {
	space, id, token string
	keys             []string // the S3 keys of its segments, in order
	bucket           string
}

// publishSegments writes the server secret into data, bootstraps the space
// on dsn, and publishes a signed video of 16 random 1 MiB segments with a
// master and a media playlist to the bucket of srv, or with srv nil to
// data/blobs, as a worker would.
func publishSegments(t *testing.T, srv *s3test.Server, dsn, data string) publishedVideo {
	t.Helper()
	ctx := context.Background()
	secret := make([]byte, 32)
	rand.Read(secret)
	if err := os.WriteFile(filepath.Join(data, "secret.key"), secret, 0o600); err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := postgres.Open(ctx, dsn, postgres.WithLogger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var blobs videohost.Blobs
	var cfg s3.Config
	if srv != nil {
		cfg = srv.Config(t)
		blobs, err = s3.Open(ctx, cfg)
	} else {
		blobs, err = blob.Open(filepath.Join(data, "blobs"))
	}
	if err != nil {
		t.Fatal(err)
	}
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Logger: quiet, Secret: secret,
		BaseURL: "http://127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	sp, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
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
		t.Fatal(err)
	}
	if _, err := svc.UpdateVideo(ctx, p, v.ID, videohost.UpdateVideoInput{PlaybackPolicy: &signed}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, b []byte) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	media := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=\"init.mp4\"\n"
	for i := range segments {
		data := make([]byte, segmentSize)
		rand.Read(data)
		write(fmt.Sprintf("h264_sd/%d.m4s", i), data)
		media += fmt.Sprintf("#EXTINF:2.000000,\n%d.m4s\n", i)
	}
	write("h264_sd/playlist.m3u8", []byte(media+"#EXT-X-ENDLIST\n"))
	write("h264_sd/init.mp4", bytes.Repeat([]byte{0}, 800))
	write("playlist.m3u8", []byte("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n"+
		"#EXT-X-STREAM-INF:BANDWIDTH=4400000,AVERAGE-BANDWIDTH=4200000,RESOLUTION=640x360,FRAME-RATE=30.000,CODECS=\"avc1.64001e,mp4a.40.2\"\n"+
		"h264_sd/playlist.m3u8\n"))
	if _, err := svc.Jobs().SourceStored(ctx, v.ID, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	v, err = svc.Jobs().PublishReady(ctx, v.ID, dir, &videohost.ProcessOutput{Duration: 32, Width: 640, Height: 360,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 640, Height: 360}}})
	if err != nil {
		t.Fatal(err)
	}
	token, err := tokens.SignPlayback(tokens.HMACKey{ID: rw.ID, Secret: rw.Secret}, v.Embed, time.Hour, nil)
	if err != nil {
		t.Fatal(err)
	}
	pv := publishedVideo{space: sp.ID, id: v.ID, token: token, bucket: cfg.Bucket, keys: make([]string, segments)}
	if srv == nil {
		return pv
	}
	// Where the segments are in the bucket: listed, not spelled here.
	list, err := srv.Client().ListObjectsV2(ctx, &awss3.ListObjectsV2Input{Bucket: aws.String(cfg.Bucket)})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range list.Contents {
		k := aws.ToString(o.Key)
		for i := range segments {
			if strings.HasSuffix(k, fmt.Sprintf("/h264_sd/%d.m4s", i)) && strings.Contains(k, v.ID) {
				pv.keys[i] = k
			}
		}
	}
	for i, k := range pv.keys {
		if k == "" {
			t.Fatalf("segment %d not found in the bucket", i)
		}
	}
	return pv
}

// TestDeliveryFromS3: a signed video's 1 MiB segments in a versitygw bucket
// served by `refserver api` (PostgreSQL, --blobs s3://) against presigned
// GETs straight from versitygw (its signature checked per request, as Reel
// checks the playback token); then its two playlists (rewritten by Reel per
// request: version pin and token) against nginx serving the bytes Reel
// answered. The segments are served four ways by four api processes on the
// same database and bucket: without the media cache (every segment a GET
// through refserver: the target's path), from the media cache (hits), with
// a media cache of one segment (mostly misses), and with --media-redirect
// (a 302 the load follows to a presigned GET). The same video on local disk
// (a fifth api process on its own database, file:// blobs) is measured
// beside them, segments and playlists, to show what S3 adds. Alternating
// for REEL_BENCH_ROUNDS rounds. REEL_BENCH_PERF=DIR records each S3 segment
// phase's refserver with perf (see perfRecord).
func TestDeliveryFromS3(t *testing.T) {
	m := startMeasure()
	rounds := benchkit.EnvInt("REEL_BENCH_ROUNDS", 2)
	runFor := time.Duration(benchkit.EnvInt("REEL_BENCH_SECONDS", 5)) * time.Second
	srv := s3test.Start(t)
	dsn, dsnDisk := pgtest.New(t), pgtest.New(t)
	data, dataDisk := t.TempDir(), t.TempDir()
	v := publishSegments(t, srv, dsn, data)
	vd := publishSegments(t, nil, dsnDisk, dataDisk)
	var env []string
	for k, val := range srv.Env() {
		env = append(env, k+"="+val)
	}
	// The S3 api process without the media cache: every segment is a GET
	// to versitygw whose body passes through refserver (the target's
	// path). Two more on the same database and bucket with the cache on:
	// one large enough for every segment (after the warm-up every request
	// is a hit, sent from local disk), one that holds a single segment
	// (almost every request a miss: GET, copy to disk, send the copy).
	api := startRefserver(t, "api", data, env, "--database", dsn, "--blobs", srv.URL(v.bucket), "--media-cache-size", "0")
	apiCache := startRefserver(t, "api", sameSecret(t, data), env, "--database", dsn, "--blobs", srv.URL(v.bucket), "--media-cache-size", "1GiB")
	apiMiss := startRefserver(t, "api", sameSecret(t, data), env, "--database", dsn, "--blobs", srv.URL(v.bucket), "--media-cache-size", "1536KiB")
	// And one that answers with a redirect to a presigned URL: the load
	// follows it, so a request is Reel's 302 and then versitygw's GET.
	apiRedirect := startRefserver(t, "api", sameSecret(t, data), env, "--database", dsn, "--blobs", srv.URL(v.bucket), "--media-cache-size", "0", "--media-redirect", "10m")
	apiDisk := startRefserver(t, "api", dataDisk, nil, "--database", dsnDisk)
	gw := versitygwPID(t)
	pg := postgresPID(t, dsn)

	prefix := "/media/" + v.space + "/" + v.id + "/"
	prefixDisk := "/media/" + vd.space + "/" + vd.id + "/"
	var reelSegs, cacheSegs, missSegs, redirectSegs, diskSegs, s3Segs []target
	presign := awss3.NewPresignClient(srv.Client())
	for i := range segments {
		reelSegs = append(reelSegs, target{fmt.Sprintf("%s%sh264_sd/%d.m4s?token=%s", api.base, prefix, i, v.token), segmentSize})
		cacheSegs = append(cacheSegs, target{fmt.Sprintf("%s%sh264_sd/%d.m4s?token=%s", apiCache.base, prefix, i, v.token), segmentSize})
		missSegs = append(missSegs, target{fmt.Sprintf("%s%sh264_sd/%d.m4s?token=%s", apiMiss.base, prefix, i, v.token), segmentSize})
		redirectSegs = append(redirectSegs, target{fmt.Sprintf("%s%sh264_sd/%d.m4s?token=%s", apiRedirect.base, prefix, i, v.token), segmentSize})
		diskSegs = append(diskSegs, target{fmt.Sprintf("%s%sh264_sd/%d.m4s?token=%s", apiDisk.base, prefixDisk, i, vd.token), segmentSize})
		req, err := presign.PresignGetObject(context.Background(), &awss3.GetObjectInput{Bucket: aws.String(v.bucket), Key: aws.String(v.keys[i])},
			awss3.WithPresignExpires(2*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		s3Segs = append(s3Segs, target{req.URL, segmentSize})
	}
	// The playlists as Reel answers them, written where nginx serves them.
	playlists := func(base, prefix, token, root string) (reel, nginx []target) {
		for _, name := range []string{"playlist.m3u8", "h264_sd/playlist.m3u8"} {
			u := base + prefix + name + "?token=" + token
			resp, body, err := do(http.DefaultClient, "GET", u, "", nil, nil)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: %v %s", u, err, body)
			}
			path := filepath.Join(root, name)
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, body, 0o644); err != nil {
				t.Fatal(err)
			}
			reel = append(reel, target{u, int64(len(body))})
			nginx = append(nginx, target{prefix + name, int64(len(body))})
		}
		return reel, nginx
	}
	root, rootDisk := t.TempDir(), t.TempDir()
	reelLists, nginxLists := playlists(api.base, prefix, v.token, root)
	diskLists, nginxDiskLists := playlists(apiDisk.base, prefixDisk, vd.token, rootDisk)
	nginx, nginxPID := benchkit.StartNginx(t, prefix+"playlist.m3u8",
		benchkit.Location{Prefix: prefix, Root: root}, benchkit.Location{Prefix: prefixDisk, Root: rootDisk})
	for i := range nginxLists {
		nginxLists[i].url = nginx + nginxLists[i].url
		nginxDiskLists[i].url = nginx + nginxDiskLists[i].url
	}
	nginxLists = append(nginxLists, nginxDiskLists...) // the same bytes as both Reels answer

	// The CPU of an S3 api process, versitygw and PostgreSQL.
	s3CPU := func(p *proc) func() []time.Duration {
		return func() []time.Duration { return []time.Duration{p.cpu(), benchkit.CPUTime(gw), benchkit.CPUTime(pg)} }
	}
	reelCPU, cacheCPU, missCPU, redirectCPU := s3CPU(api), s3CPU(apiCache), s3CPU(apiMiss), s3CPU(apiRedirect)
	diskCPU := func() []time.Duration { return []time.Duration{apiDisk.cpu(), 0, benchkit.CPUTime(pg)} }
	gwCPU := func() []time.Duration { return []time.Duration{0, benchkit.CPUTime(gw), 0} }
	ngxCPU := func() []time.Duration { return []time.Duration{benchkit.CPUTime(nginxPID), 0, 0} }
	// Warm connections, caches and the page cache.
	httpLoad(t, reelSegs, reelCPU, time.Second)
	httpLoad(t, cacheSegs, cacheCPU, time.Second)
	httpLoad(t, missSegs, missCPU, time.Second)
	httpLoad(t, redirectSegs, redirectCPU, time.Second)
	httpLoad(t, diskSegs, diskCPU, time.Second)
	httpLoad(t, s3Segs, gwCPU, time.Second)
	httpLoad(t, reelLists, reelCPU, time.Second)
	httpLoad(t, diskLists, diskCPU, time.Second)
	httpLoad(t, nginxLists, ngxCPU, time.Second)

	type row struct {
		name string
		r    loadResult
	}
	var rows []row
	var segRatio, segCPU, cacheRatio, cacheCPURatio, missRatio, redirectRatio, redirectCPURatio, listRatio, listCPU, diskListRatio, diskSegRatio []float64
	for round := 1; round <= rounds; round++ {
		stopPerf := perfRecord(t, api.pid, fmt.Sprintf("segments-s3-%d", round))
		reel := httpLoad(t, reelSegs, reelCPU, runFor)
		stopPerf()
		stopPerf = perfRecord(t, apiCache.pid, fmt.Sprintf("segments-s3-cache-%d", round))
		cached := httpLoad(t, cacheSegs, cacheCPU, runFor)
		stopPerf()
		stopPerf = perfRecord(t, apiMiss.pid, fmt.Sprintf("segments-s3-miss-%d", round))
		missed := httpLoad(t, missSegs, missCPU, runFor)
		stopPerf()
		stopPerf = perfRecord(t, apiRedirect.pid, fmt.Sprintf("segments-s3-redirect-%d", round))
		redirected := httpLoad(t, redirectSegs, redirectCPU, runFor)
		stopPerf()
		direct := httpLoad(t, s3Segs, gwCPU, runFor)
		disk := httpLoad(t, diskSegs, diskCPU, runFor)
		lists := httpLoad(t, reelLists, reelCPU, runFor)
		ngx := httpLoad(t, nginxLists, ngxCPU, runFor)
		dlists := httpLoad(t, diskLists, diskCPU, runFor)
		rows = append(rows,
			row{fmt.Sprintf("%d: segments through Reel on S3, no media cache", round), reel},
			row{fmt.Sprintf("%d: segments through Reel on S3, media cache hits", round), cached},
			row{fmt.Sprintf("%d: segments through Reel on S3, media cache of 1 segment (misses)", round), missed},
			row{fmt.Sprintf("%d: segments through Reel on S3, --media-redirect (302, then presigned GET)", round), redirected},
			row{fmt.Sprintf("%d: segments straight from versitygw (presigned GET)", round), direct},
			row{fmt.Sprintf("%d: segments through Reel on local disk", round), disk},
			row{fmt.Sprintf("%d: playlists through Reel on S3", round), lists},
			row{fmt.Sprintf("%d: playlists from nginx (same bytes)", round), ngx},
			row{fmt.Sprintf("%d: playlists through Reel on local disk", round), dlists})
		segRatio = append(segRatio, reel.rate()/direct.rate())
		segCPU = append(segCPU, reel.cpuPerRequest()/direct.cpuPerRequest())
		cacheRatio = append(cacheRatio, cached.rate()/direct.rate())
		cacheCPURatio = append(cacheCPURatio, cached.cpuPerRequest()/direct.cpuPerRequest())
		missRatio = append(missRatio, missed.rate()/direct.rate())
		redirectRatio = append(redirectRatio, redirected.rate()/direct.rate())
		redirectCPURatio = append(redirectCPURatio, redirected.cpuPerRequest()/direct.cpuPerRequest())
		diskSegRatio = append(diskSegRatio, disk.rate()/direct.rate())
		listRatio = append(listRatio, lists.rate()/ngx.rate())
		listCPU = append(listCPU, lists.cpuPerRequest()/ngx.cpuPerRequest())
		diskListRatio = append(diskListRatio, dlists.rate()/ngx.rate())
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\n%d keep-alive connections, %s a phase, %d rounds; CPU per request split into the HTTP server (refserver or nginx), versitygw and PostgreSQL\n\n", connections, runFor, rounds)
	fmt.Fprintln(&out, "| round: phase (load avg start→end) | requests | req/s | MB/s | CPU µs/request | server / versitygw / PostgreSQL µs |")
	fmt.Fprintln(&out, "|---|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Fprintf(&out, "| %s (%s) | %d | %.0f | %.0f | %.0f | %s |\n", r.name, r.r.load, r.r.requests, r.r.rate(), r.r.mbps(), r.r.cpuPerRequest(), r.r.partsPerRequest())
	}
	fmt.Fprintf(&out, "\nsegments, Reel on S3 without media cache / versitygw request rate: %s (median %.2f, target >= 0.80); CPU per request: %s (median %.2f)\n",
		benchkit.Ratios(segRatio), benchkit.Median(segRatio), benchkit.Ratios(segCPU), benchkit.Median(segCPU))
	fmt.Fprintf(&out, "segments, Reel on S3 from the media cache / versitygw request rate: %s (median %.2f); CPU per request: %s (median %.2f)\n",
		benchkit.Ratios(cacheRatio), benchkit.Median(cacheRatio), benchkit.Ratios(cacheCPURatio), benchkit.Median(cacheCPURatio))
	fmt.Fprintf(&out, "segments, Reel on S3 missing the media cache / versitygw request rate: %s (median %.2f)\n", benchkit.Ratios(missRatio), benchkit.Median(missRatio))
	fmt.Fprintf(&out, "segments, Reel on S3 with --media-redirect / versitygw request rate: %s (median %.2f); CPU per request: %s (median %.2f)\n",
		benchkit.Ratios(redirectRatio), benchkit.Median(redirectRatio), benchkit.Ratios(redirectCPURatio), benchkit.Median(redirectCPURatio))
	fmt.Fprintf(&out, "segments, Reel on local disk / versitygw request rate: %s (median %.2f)\n", benchkit.Ratios(diskSegRatio), benchkit.Median(diskSegRatio))
	fmt.Fprintf(&out, "playlists, Reel on S3 / nginx request rate: %s (median %.2f, target >= 0.80); CPU per request: %s (median %.2f)\n",
		benchkit.Ratios(listRatio), benchkit.Median(listRatio), benchkit.Ratios(listCPU), benchkit.Median(listCPU))
	fmt.Fprintf(&out, "playlists, Reel on local disk / nginx request rate: %s (median %.2f)\n", benchkit.Ratios(diskListRatio), benchkit.Median(diskListRatio))
	fmt.Fprintf(&out, "%s\n", m)
	fmt.Print(out.String())
}

// perfRecord profiles pid with `perf record -g` (user and kernel stacks)
// into $REEL_BENCH_PERF/NAME.perf.data when that knob names a folder,
// until the returned function is called; without the knob it does nothing.
// A profiler outside the process, so that refserver carries no profiling
// code: `perf report -i FILE` reads it (Go binaries keep their symbols).
func perfRecord(t *testing.T, pid int, name string) func() {
	t.Helper()
	dir := os.Getenv("REEL_BENCH_PERF")
	if dir == "" {
		return func() {}
	}
	out := filepath.Join(dir, name+".perf.data")
	cmd := exec.Command("perf", "record", "-q", "-g", "-F", "999", "-o", out, "-p", strconv.Itoa(pid))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("REEL_BENCH_PERF: %v", err)
	}
	time.Sleep(200 * time.Millisecond) // perf attaches
	return func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		t.Logf("perf profile of pid %d: %s", pid, out)
	}
}

// sameSecret is a new data folder holding the secret.key of data: another
// api process of the same installation.
func sameSecret(t *testing.T, data string) string {
	t.Helper()
	secret, err := os.ReadFile(filepath.Join(data, "secret.key"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "secret.key"), secret, 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}
