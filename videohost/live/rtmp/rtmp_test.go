package rtmp_test

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
	"github.com/bluenviron/gortmplib/pkg/message"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/opus"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"

	"github.com/reelvideo/reel/videohost/internal/livetest"
	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/rtmp"
)

const key = "k3y-for-the-rtmp-tests-0001"

// serve runs a Server on a loopback port until the test ends and returns
// the port's address.
func serve(t *testing.T, s *rtmp.Server) (addr string, stop func()) {
	t.Helper()
	if s.Logger == nil {
		s.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
		if testing.Verbose() {
			s.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), livetest.StopServe(t, cancel, done)
}

// ffmpegArgs publishes testsrc2 640x360 at 30 fps, H.264 with a keyframe
// every 30 pictures, and a 48 kHz sine in AAC, for seconds, to url.
func ffmpegArgs(realtime bool, seconds, url string) []string {
	var args []string
	if realtime {
		args = append(args, "-re")
	}
	return append(args,
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", seconds,
		"-c:v", "libx264", "-preset", "ultrafast", "-x264-params", "keyint=30:min-keyint=30:scenecut=0",
		"-pix_fmt", "yuv420p",
		"-c:a", "aac",
		"-f", "flv", url)
}

func TestPublish(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &rtmp.Server{Publishers: rec})

	ff := livetest.StartFFmpeg(t, ffmpegArgs(true, "3", "rtmp://"+addr+"/live/"+key)...)
	p := rec.NextPublish(t, 10*time.Second)
	if p.Req.Protocol != "rtmp" || p.Req.Key != key || p.Req.Remote == nil {
		t.Fatalf("Begin got %+v", p.Req)
	}
	p.WaitStart(t, 15*time.Second)
	t.Logf("ffmpeg start → Begin %v, → Start %v", p.Begun.Sub(ff.Started), p.StartedAt().Sub(ff.Started))
	if err := ff.Wait(t, 20*time.Second); err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, ff.Stderr())
	}
	if err := p.WaitEnd(t, 10*time.Second); err != nil {
		t.Fatalf("End(%v), want End(nil) after a clean unpublish", err)
	}
	if starts, ends := p.Calls(); starts != 1 || ends != 1 {
		t.Errorf("Start called %d times, End %d", starts, ends)
	}
	livetest.Check(t, p, livetest.Expect{
		Video: live.CodecH264, Width: 640, Height: 360, VideoUnits: 90, GOP: 30,
		Audio: live.CodecAAC, SampleRate: 48000, AudioUnits: 3 * 48000 / 1024, AudioTo: 4,
	})
	units := p.Units()
	// Received is when the unit was read: with -re they spread over the
	// publish's three seconds, even those read while gortmplib probed the
	// tracks.
	if spread := units[len(units)-1].Received.Sub(units[0].Received); spread < 2*time.Second {
		t.Errorf("Received spans %v, want about 3s", spread)
	}
	if len(rec.Begins()) != 1 {
		t.Errorf("Begin called %d times", len(rec.Begins()))
	}
}

func TestRefused(t *testing.T) {
	tests := []struct {
		name string
		path string
	}{
		{"unknown key", "/live/not-" + key},
		{"no stream name", "/" + key},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := livetest.NewRecorder(key)
			addr, _ := serve(t, &rtmp.Server{Publishers: rec})
			ff := livetest.StartFFmpeg(t, ffmpegArgs(false, "2", "rtmp://"+addr+tt.path)...)
			if err := ff.Wait(t, 10*time.Second); err == nil {
				t.Fatalf("ffmpeg exited 0; want an error")
			}
			t.Logf("ffmpeg exited after %v: %s", time.Since(ff.Started), ff.Stderr())
			if len(rec.Publishes()) != 0 {
				t.Fatalf("a publish began")
			}
		})
	}
}

// TestKeyInURL: the key is the last element of the publish URL, whatever
// the app.
func TestKeyInURL(t *testing.T) {
	tests := []struct {
		name, path, key string
	}{
		{"app live", "/live/" + key, key},
		{"another app", "/ingest/" + key, key},
		{"nested app", "/live/eu/" + key, key},
		{"query", "/live/" + key + "?token=x", key},
	}
	rec := livetest.NewRecorder() // refuses every key: Begin is what is looked at
	addr, _ := serve(t, &rtmp.Server{Publishers: rec})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ff := livetest.StartFFmpeg(t, ffmpegArgs(false, "1", "rtmp://"+addr+tt.path)...)
			rec.WaitBegin(t, 10*time.Second)
			ff.Wait(t, 10*time.Second)
			begins := rec.Begins()
			if got := begins[len(begins)-1].Key; got != tt.key {
				t.Errorf("Begin got key %q, want %q", got, tt.key)
			}
		})
	}
}

// TestUnsupportedCodec: FLV's linear PCM is no codec of live: the publish
// ends with ErrUnsupportedCodec, without Start.
func TestUnsupportedCodec(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &rtmp.Server{Publishers: rec})
	var args []string
	for _, a := range ffmpegArgs(false, "3", "rtmp://"+addr+"/live/"+key) {
		if a == "aac" {
			args = append(args, "pcm_s16le", "-ar", "44100") // FLV's PCM rates
			continue
		}
		args = append(args, a)
	}
	ff := livetest.StartFFmpeg(t, args...)
	p := rec.NextPublish(t, 10*time.Second)
	if err := p.WaitEnd(t, 15*time.Second); !errors.Is(err, live.ErrUnsupportedCodec) {
		t.Fatalf("End(%v), want ErrUnsupportedCodec", err)
	}
	if p.Started() {
		t.Fatal("Start called")
	}
	ff.Wait(t, 10*time.Second)
}

func TestBusy(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &rtmp.Server{Publishers: rec})
	url := "rtmp://" + addr + "/live/" + key

	first := livetest.StartFFmpeg(t, ffmpegArgs(true, "5", url)...)
	p := rec.NextPublish(t, 10*time.Second)
	p.WaitStart(t, 15*time.Second)

	second := livetest.StartFFmpeg(t, ffmpegArgs(false, "2", url)...)
	if err := second.Wait(t, 10*time.Second); err == nil {
		t.Fatalf("the second publisher exited 0; want refused")
	}
	if n := len(rec.Begins()); n != 2 {
		t.Fatalf("Begin called %d times, want 2", n)
	}
	if n := len(rec.Publishes()); n != 1 {
		t.Fatalf("%d publishes, want the first only", n)
	}
	n := len(p.Units())
	p.WaitUnits(t, n+30, 5*time.Second) // the first keeps publishing
	if err := first.Wait(t, 15*time.Second); err != nil {
		t.Fatalf("first ffmpeg: %v: %s", err, first.Stderr())
	}
	if err := p.WaitEnd(t, 10*time.Second); err != nil {
		t.Fatalf("first publish End(%v), want nil", err)
	}
}

// TestGarbage: bytes that are no RTMP handshake, and a handshake cut
// short, lose their connection; the server keeps serving.
func TestGarbage(t *testing.T) {
	noise := make([]byte, 8192)
	rand.Read(noise)
	c0c1 := make([]byte, 1+1536)
	c0c1[0] = 3
	tests := []struct {
		name  string
		bytes []byte
	}{
		{"noise", noise},
		{"truncated handshake", c0c1[:700]},
		{"handshake without connect", c0c1},
		{"nothing", nil},
	}
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &rtmp.Server{Publishers: rec, HandshakeTimeout: 500 * time.Millisecond})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			start := time.Now()
			if _, err := c.Write(tt.bytes); err != nil {
				t.Fatal(err)
			}
			c.SetReadDeadline(time.Now().Add(5 * time.Second))
			_, err = io.Copy(io.Discard, c)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("connection still open after 5s")
			}
			t.Logf("closed after %v (%v)", time.Since(start), err)
		})
	}
	// Still serving: a publisher gets to Begin.
	ff := livetest.StartFFmpeg(t, ffmpegArgs(false, "1", "rtmp://"+addr+"/live/unknown")...)
	rec.WaitBegin(t, 10*time.Second)
	ff.Wait(t, 10*time.Second)
	if len(rec.Publishes()) != 0 {
		t.Fatal("a publish began")
	}
}

// TestSilent: a publisher that stops sending is dropped after ReadTimeout.
func TestSilent(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &rtmp.Server{Publishers: rec, ReadTimeout: 1500 * time.Millisecond})
	ff := livetest.StartFFmpeg(t, ffmpegArgs(true, "10", "rtmp://"+addr+"/live/"+key)...)
	livetest.RequireDroppedWhenFrozen(t, ff, rec.NextPublish(t, 10*time.Second))
}

// TestStop: ending Serve's context closes the publishers' connections,
// Ends their publishes and leaves no goroutine behind.
func TestStop(t *testing.T) {
	before := runtime.NumGoroutine()
	rec := livetest.NewRecorder(key)
	addr, stop := serve(t, &rtmp.Server{Publishers: rec})
	ff := livetest.StartFFmpeg(t, ffmpegArgs(true, "20", "rtmp://"+addr+"/live/"+key)...)
	p := rec.NextPublish(t, 10*time.Second)
	p.WaitStart(t, 15*time.Second)
	// A connection still in its handshake too.
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()

	start := time.Now()
	stop()
	t.Logf("Serve returned %v after its context ended", time.Since(start))
	if err := p.WaitEnd(t, time.Second); err == nil {
		t.Fatal("End(nil) for a publish cut by the server")
	}
	ff.Wait(t, 10*time.Second)
	idle.Close()
	livetest.WaitGoroutines(t, before, 5*time.Second)
}

// TestListenerFails: Serve returns the listener's error.
func TestListenerFails(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &rtmp.Server{Publishers: livetest.NewRecorder(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), ln) }()
	ln.Close()
	select {
	case err := <-done:
		if !errors.Is(err, net.ErrClosed) {
			t.Fatalf("Serve: %v, want the listener's net.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve still running 5s after its listener closed")
	}
}

// TestEnhancedRTMP publishes H.265 and Opus, which FFmpeg 5.1 cannot put
// in FLV, with gortmplib's client (an enhanced-RTMP publisher, as OBS ≥
// 29.1 is): the units of an MPEG-TS file FFmpeg encoded.
func TestEnhancedRTMP(t *testing.T) {
	ts := filepath.Join(t.TempDir(), "hevc-opus.ts")
	ff := livetest.StartFFmpeg(t,
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", "3",
		"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "keyint=30:min-keyint=30:scenecut=0:open-gop=0:repeat-headers=1:log-level=error", "-pix_fmt", "yuv420p",
		"-c:a", "libopus", "-b:a", "64k",
		"-f", "mpegts", ts)
	if err := ff.Wait(t, 60*time.Second); err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, ff.Stderr())
	}

	type event struct {
		video    bool
		pts, dts int64 // 90 kHz
		data     [][]byte
	}
	var events []event
	var vps, sps, pps []byte
	f, err := os.Open(ts)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := &mpegts.Reader{R: f}
	if err := r.Initialize(); err != nil {
		t.Fatal(err)
	}
	for _, tr := range r.Tracks() {
		switch tr.Codec.(type) {
		case *mpegts.CodecH265:
			r.OnDataH265(tr, func(pts, dts int64, au [][]byte) error {
				for _, n := range au {
					switch h265.NALUType((n[0] >> 1) & 0x3f) {
					case h265.NALUType_VPS_NUT:
						vps = n
					case h265.NALUType_SPS_NUT:
						sps = n
					case h265.NALUType_PPS_NUT:
						pps = n
					}
				}
				events = append(events, event{true, pts, dts, au})
				return nil
			})
		case *mpegts.CodecOpus:
			r.OnDataOpus(tr, func(pts int64, packets [][]byte) error {
				for _, p := range packets {
					events = append(events, event{false, pts, pts, [][]byte{p}})
					pts += opus.PacketDuration2(p) * 90000 / 48000
				}
				return nil
			})
		}
	}
	for {
		if err := r.Read(); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			t.Fatal(err)
		}
	}
	if vps == nil || sps == nil || pps == nil {
		t.Fatal("no VPS, SPS or PPS in the file")
	}
	base := events[0].dts
	for _, e := range events {
		base = min(base, e.dts)
	}
	d := func(ticks int64) time.Duration { return time.Duration(ticks-base) * time.Second / 90000 }

	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &rtmp.Server{Publishers: rec})
	u, _ := url.Parse("rtmp://" + addr + "/live/" + key)
	c := &gortmplib.Client{URL: u, Publish: true}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.NetConn().SetDeadline(time.Now().Add(20 * time.Second))
	video := &gortmplib.Track{Codec: &codecs.H265{VPS: vps, SPS: sps, PPS: pps}}
	audio := &gortmplib.Track{Codec: &codecs.Opus{IDHeader: &opus.IDHeader{Version: 1, ChannelCount: 1, PreSkip: 312, InputSampleRate: 48000}}}
	w := &gortmplib.Writer{Conn: c, Tracks: []*gortmplib.Track{video, audio}}
	if err := w.Initialize(); err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if e.video {
			err = w.WriteH265(video, d(e.pts), d(e.dts), e.data)
		} else {
			err = w.WriteOpus(audio, d(e.pts), e.data[0])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Write(&message.CommandAMF0{ChunkStreamID: 3, Name: "deleteStream", CommandID: 7, Arguments: []any{nil, float64(1)}}); err != nil {
		t.Fatal(err)
	}

	p := rec.NextPublish(t, 5*time.Second)
	if err := p.WaitEnd(t, 10*time.Second); err != nil {
		t.Fatalf("End(%v), want End(nil) after deleteStream", err)
	}
	livetest.Check(t, p, livetest.Expect{
		Video: live.CodecH265, Width: 640, Height: 360, VideoUnits: 90, GOP: 30,
		Audio: live.CodecOpus, SampleRate: 48000, AudioUnits: 150, AudioTo: 4,
	})
}
