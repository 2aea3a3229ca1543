package liveladder_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost/internal/livetest"
	"github.com/reelvideo/reel/videohost/live"
	publivetest "github.com/reelvideo/reel/videohost/live/livetest"
	"github.com/reelvideo/reel/videohost/live/llhls"
	"github.com/reelvideo/reel/videohost/live/rtmp"
	"github.com/reelvideo/reel/videohost/transcode/liveladder"
)

const key = "k3y-for-the-ladder-tests-01"

// publishers hands the one publisher the test expects a session: the
// ladder around a Muxer.
type publishers struct {
	pub   *liveladder.Publish
	ended chan error
	once  sync.Once
}

func (ps *publishers) Begin(ctx context.Context, req live.Request) (live.Publish, error) {
	if req.Key != key {
		return nil, live.ErrUnknownKey
	}
	return &ending{Publish: ps.pub, ps: ps}, nil
}

type ending struct {
	*liveladder.Publish
	ps *publishers
}

func (e *ending) End(err error) {
	e.Publish.End(err)
	e.ps.once.Do(func() { e.ps.ended <- err })
}

func logger() *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// fetch GETs url.
func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// get fetches url, failing the test on an error status.
func get(t *testing.T, url string) string {
	t.Helper()
	code, body := fetch(t, url)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d: %s", url, code, body)
	}
	return body
}

// waitFor polls until cond holds or within passes.
func waitFor(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s after %v", what, within)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var (
	extinf  = regexp.MustCompile(`#EXTINF:([0-9.]+),`)
	preload = regexp.MustCompile(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d+)\.m4s"`)
)

func durations(playlist string) []float64 {
	var ds []float64
	for _, m := range extinf.FindAllStringSubmatch(playlist, -1) {
		d, _ := strconv.ParseFloat(m[1], 64)
		ds = append(ds, d)
	}
	return ds
}

// TestLadderRTMP720p has FFmpeg publish 720p30 H.264 (with B-frames) and
// AAC over RTMP in real time to a session with the ladder: the
// multivariant playlist has the published h264_hd and an encoded h264_sd,
// the sd rung's live playlist has parts, a preload hint, rendition reports
// and blocking reloads; at the end both rungs have the same segments
// within a frame, the sd rung decodes as 640x360 with the source's frame
// count, and the recording packaged from the session lists both rungs.
func TestLadderRTMP720p(t *testing.T) {
	if testing.Short() {
		t.Skip("real time")
	}
	dir := t.TempDir()
	mux, err := llhls.NewMuxer(llhls.Config{Storage: llhls.DirStorage{Dir: dir}, ReelLayout: true, Logger: logger()})
	if err != nil {
		t.Fatal(err)
	}
	// At the ingest's priority: the publishing ffmpeg beside it would
	// otherwise starve the rungs on a busy test machine.
	ps := &publishers{pub: liveladder.New(mux, liveladder.Config{Logger: logger(), NormalPriority: true}), ended: make(chan error, 1)}
	srv := httptest.NewServer(mux.Handler())
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rs := &rtmp.Server{Publishers: ps, Logger: logger()}
	served := make(chan error, 1)
	go func() { served <- rs.Serve(ctx, ln) }()
	defer livetest.StopServe(t, cancel, served)()

	const seconds = 5
	ff := livetest.StartFFmpeg(t, "-re",
		"-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-x264-params", "keyint=30:min-keyint=30:scenecut=0",
		"-pix_fmt", "yuv420p", "-c:a", "aac",
		"-f", "flv", "rtmp://"+ln.Addr().String()+"/live/"+key)

	// The multivariant playlist is held until every track's codec is known
	// (503 after a hold: gortmplib's probe of the tracks takes seconds on
	// a busy machine).
	var master string
	waitFor(t, 30*time.Second, "the multivariant playlist", func() bool {
		code, body := fetch(t, srv.URL+"/master.m3u8")
		master = body
		return code == http.StatusOK
	})
	t.Logf("master.m3u8:\n%s", master)
	for _, want := range []string{
		`RESOLUTION=1280x720,FRAME-RATE=30.000,AUDIO="audio"` + "\nh264_hd/playlist.m3u8",
		`RESOLUTION=640x360,FRAME-RATE=30.000,AUDIO="audio"` + "\nh264_sd/playlist.m3u8",
		`CODECS="avc1.640`, `mp4a.40.2"`, `URI="audio/0/playlist.m3u8"`,
	} {
		if !strings.Contains(master, want) {
			t.Errorf("master.m3u8 lacks %q", want)
		}
	}
	if n := strings.Count(master, "#EXT-X-STREAM-INF"); n != 2 {
		t.Errorf("%d variants, want 2", n)
	}

	var sd string
	waitFor(t, 30*time.Second, "the sd rung's second segment", func() bool {
		code, body := fetch(t, srv.URL+"/h264_sd/playlist.m3u8")
		sd = body
		return code == http.StatusOK && len(durations(sd)) >= 2
	})
	for _, want := range []string{"#EXT-X-PART:", "INDEPENDENT=YES", "#EXT-X-PRELOAD-HINT:TYPE=PART",
		`#EXT-X-RENDITION-REPORT:URI="../h264_hd/playlist.m3u8",LAST-MSN=`, `#EXT-X-RENDITION-REPORT:URI="../audio/0/playlist.m3u8"`,
		"CAN-BLOCK-RELOAD=YES"} {
		if !strings.Contains(sd, want) {
			t.Errorf("h264_sd/playlist.m3u8 lacks %q:\n%s", want, sd)
		}
	}
	// A blocking reload for the hinted part answers once it is there.
	m := preload.FindStringSubmatch(sd)
	if m == nil {
		t.Fatalf("no preload hint:\n%s", sd)
	}
	start := time.Now()
	held := get(t, fmt.Sprintf("%s/h264_sd/playlist.m3u8?_HLS_msn=%s&_HLS_part=%s", srv.URL, m[1], m[2]))
	if !strings.Contains(held, fmt.Sprintf(`URI="%s.%s.m4s"`, m[1], m[2])) {
		t.Errorf("the blocking reload for %s.%s does not list it:\n%s", m[1], m[2], held)
	}
	t.Logf("blocking reload of the sd rung for part %s.%s answered after %v", m[1], m[2], time.Since(start))
	part := get(t, fmt.Sprintf("%s/h264_sd/%s.%s.m4s", srv.URL, m[1], m[2]))
	if len(part) == 0 {
		t.Error("the hinted part is empty")
	}

	if err := ff.Wait(t, 30*time.Second); err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, ff.Stderr())
	}
	select {
	case err := <-ps.ended:
		if err != nil {
			t.Logf("publish ended: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the publish did not end")
	}
	fctx, fcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer fcancel()
	if err := mux.Finish(fctx); err != nil {
		t.Fatal(err)
	}

	// The same segments in both rungs, within a frame.
	hdList, err := os.ReadFile(filepath.Join(dir, "h264_hd", "playlist.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	sdList, err := os.ReadFile(filepath.Join(dir, "h264_sd", "playlist.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	hd, sdd := durations(string(hdList)), durations(string(sdList))
	if len(hd) != len(sdd) || len(hd) < 3 {
		t.Fatalf("hd has %d segments %v, sd %d %v", len(hd), hd, len(sdd), sdd)
	}
	for i := range hd {
		if math.Abs(hd[i]-sdd[i]) > 1.0/30+0.001 {
			t.Errorf("segment %d: hd %.3fs, sd %.3fs", i, hd[i], sdd[i])
		}
	}
	t.Logf("segments: hd %v, sd %v", hd, sdd)

	// The sd rung decodes: its size, codec and frame count.
	hdProbe := probeTrack(t, dir, "h264_hd", len(hd))
	sdProbe := probeTrack(t, dir, "h264_sd", len(sdd))
	if !strings.HasPrefix(sdProbe, "h264,640,360,") || !strings.HasPrefix(hdProbe, "h264,1280,720,") {
		t.Errorf("ffprobe: hd %s, sd %s", hdProbe, sdProbe)
	}
	hdFrames, _ := strconv.Atoi(hdProbe[strings.LastIndex(hdProbe, ",")+1:])
	sdFrames, _ := strconv.Atoi(sdProbe[strings.LastIndex(sdProbe, ",")+1:])
	if sdFrames < hdFrames-1 || sdFrames > hdFrames || hdFrames < (seconds-1)*30 {
		t.Errorf("hd has %d frames, sd %d", hdFrames, sdFrames)
	}
	t.Logf("ffprobe: hd %s, sd %s", hdProbe, sdProbe)

	// The recording is the whole ladder, remuxed per rung.
	rec := func(name string, n int) media.RecordingTrack {
		tr := media.RecordingTrack{Init: filepath.Join(dir, name, "init.mp4"), Name: name}
		for i := range n {
			tr.Segments = append(tr.Segments, filepath.Join(dir, name, strconv.Itoa(i)+".m4s"))
		}
		return tr
	}
	top, sdRec, audio := rec("h264_hd", len(hd)), rec("h264_sd", len(sdd)), rec("audio/0", len(hd))
	out := filepath.Join(t.TempDir(), "out")
	man, err := media.PackageRecording(fctx, media.RecordingOptions{Video: &top, Rungs: []media.RecordingTrack{sdRec},
		Audio: []media.RecordingTrack{audio}, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range man.Renditions {
		names = append(names, fmt.Sprintf("%s %dx%d", r.Name, r.Width, r.Height))
	}
	if got := strings.Join(names, ", "); got != "h264_sd 640x360, h264_hd 1280x720" {
		t.Errorf("recording renditions: %s", got)
	}
	mb, err := os.ReadFile(filepath.Join(out, man.HLS))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"h264_sd/playlist.m3u8", "h264_hd/playlist.m3u8"} {
		if !strings.Contains(string(mb), want) {
			t.Errorf("the recording's master lacks %s:\n%s", want, mb)
		}
	}
	for _, f := range []string{"h264_sd.mp4", "h264_hd.mp4"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("the recording has no %s: %v", f, err)
		}
	}
}

// probeTrack has ffprobe count the frames of a rung's init segment and n
// segments, concatenated: "codec,width,height,frames".
func probeTrack(t *testing.T, dir, name string, n int) string {
	t.Helper()
	var all []byte
	for i := -1; i < n; i++ {
		f := filepath.Join(dir, name, strconv.Itoa(i)+".m4s")
		if i < 0 {
			f = filepath.Join(dir, name, "init.mp4")
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	path := filepath.Join(t.TempDir(), strings.ReplaceAll(name, "/", "_")+".mp4")
	if err := os.WriteFile(path, all, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := exec.Command("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
		"-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path).Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("ffprobe %s: %v: %s", name, err, ee.Stderr)
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestLadderHEVCEncodesEveryRung: an H.265 feed is not packaged: every
// rung is encoded in H.264, the top one at the feed's size, with the same
// segments, and the audio goes on beside them.
func TestLadderHEVCEncodesEveryRung(t *testing.T) {
	tracks, units := publivetest.Source(t, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "3",
		"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "keyint=30:min-keyint=30:scenecut=0:log-level=error",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts", "hevc.ts")
	if tracks[0].Codec != live.CodecH265 {
		t.Fatalf("the source's video is %s", tracks[0].Codec)
	}
	dir := t.TempDir()
	mux, err := llhls.NewMuxer(llhls.Config{Storage: llhls.DirStorage{Dir: dir}, ReelLayout: true, Logger: logger()})
	if err != nil {
		t.Fatal(err)
	}
	// The units come at once, not in real time: on a busy machine (CI) a
	// niced ladder took over the default 10 s to encode the 3 s and the
	// flush gave up on the rest. What is checked here is the picture.
	pub := liveladder.New(mux, liveladder.Config{Logger: logger(), NormalPriority: true, FlushTimeout: 2 * time.Minute})
	if err := pub.Start(tracks); err != nil {
		t.Fatal(err)
	}
	frames := 0
	for _, u := range units {
		if u.Track == tracks[0].ID {
			frames++
		}
		if err := pub.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	pub.End(nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := mux.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(pub.Rungs(), " "); got != "h264_sd h264_hd" {
		t.Errorf("rungs %s", got)
	}
	master, err := os.ReadFile(filepath.Join(dir, "master.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(master), "#EXT-X-STREAM-INF") != 2 || strings.Contains(string(master), "hvc1") ||
		!strings.Contains(string(master), "RESOLUTION=1280x720") || !strings.Contains(string(master), "RESOLUTION=640x360") {
		t.Errorf("master:\n%s", master)
	}
	var segs [2][]float64
	for i, name := range []string{"h264_hd", "h264_sd"} {
		b, err := os.ReadFile(filepath.Join(dir, name, "playlist.m3u8"))
		if err != nil {
			t.Fatal(err)
		}
		segs[i] = durations(string(b))
		probe := probeTrack(t, dir, name, len(segs[i]))
		want := "h264,1280,720,"
		if i == 1 {
			want = "h264,640,360,"
		}
		if probe != want+strconv.Itoa(frames) {
			t.Errorf("%s: ffprobe %s, want %s%d", name, probe, want, frames)
		}
	}
	if len(segs[0]) != len(segs[1]) || len(segs[0]) < 2 {
		t.Fatalf("segments: hd %v, sd %v", segs[0], segs[1])
	}
	for i := range segs[0] {
		if math.Abs(segs[0][i]-segs[1][i]) > 1.0/30+0.001 {
			t.Errorf("segment %d: hd %.3f, sd %.3f", i, segs[0][i], segs[1][i])
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "audio", "0", "0.m4s")); err != nil {
		t.Errorf("no audio: %v", err)
	}
	t.Logf("segments: hd %v, sd %v", segs[0], segs[1])
}
