package rtmp_test

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/internal/livetest"
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
	stopped := false
	stop = func() {
		t.Helper()
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Serve still running 5s after its context ended")
		}
	}
	t.Cleanup(stop)
	return ln.Addr().String(), stop
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
	p := rec.NextPublish(t, 10*time.Second)
	p.WaitStart(t, 15*time.Second)
	if err := ff.Cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	err := p.WaitEnd(t, 5*time.Second)
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("End(%v), want a deadline exceeded", err)
	}
	t.Logf("dropped %v after the publisher stopped", time.Since(stopped))
	ff.Kill()
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
