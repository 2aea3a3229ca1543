package srt_test

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	gosrt "github.com/datarhei/gosrt"

	"github.com/reelvideo/reel/videohost/internal/livetest"
	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/srt"
)

const key = "k3y-for-the-srt-tests-0001"

// serve runs a Server on a loopback UDP port until the test ends and
// returns the port's address.
func serve(t *testing.T, s *srt.Server) (addr string, stop func()) {
	t.Helper()
	if s.Logger == nil {
		s.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
		if testing.Verbose() {
			s.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	ln, err := s.Listen(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), livetest.StopServe(t, cancel, done)
}

type media struct {
	video, audio []string // ffmpeg encoder options
}

var (
	h264 = []string{"-c:v", "libx264", "-preset", "ultrafast", "-x264-params", "keyint=30:min-keyint=30:scenecut=0", "-pix_fmt", "yuv420p"}
	h265 = []string{"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "keyint=30:min-keyint=30:scenecut=0:open-gop=0:repeat-headers=1:log-level=error", "-pix_fmt", "yuv420p"}
	aac  = []string{"-c:a", "aac"}
	opus = []string{"-c:a", "libopus", "-b:a", "64k"}
)

// ffmpegArgs publishes testsrc2 640x360 at 30 fps and a 48 kHz sine for
// seconds, as MPEG-TS over SRT with streamID to addr.
func ffmpegArgs(realtime bool, seconds string, m media, addr, streamID string) []string {
	var args []string
	if realtime {
		args = append(args, "-re")
	}
	args = append(args,
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", seconds)
	args = append(args, m.video...)
	args = append(args, m.audio...)
	// SRT's latency, in µs, small: a publisher's shutdown drops what the
	// receiver still holds.
	return append(args, "-f", "mpegts", "srt://"+addr+"?latency=20000&linger=2&streamid="+streamID)
}

func TestPublish(t *testing.T) {
	tests := []struct {
		name     string
		media    media
		streamID string
		want     livetest.Expect
	}{
		{"h264 aac publish:KEY", media{h264, aac}, "publish:" + key, livetest.Expect{
			Video: live.CodecH264, Audio: live.CodecAAC, AudioUnits: 3 * 48000 / 1024, AudioTo: 4,
		}},
		{"h265 aac KEY", media{h265, aac}, key, livetest.Expect{
			Video: live.CodecH265, Audio: live.CodecAAC, AudioUnits: 3 * 48000 / 1024, AudioTo: 4,
		}},
		{"h264 opus access control", media{h264, opus}, "#!::r=" + key + ",m=publish", livetest.Expect{
			Video: live.CodecH264, Audio: live.CodecOpus, AudioUnits: 3 * 50, AudioTo: 4,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := livetest.NewRecorder(key)
			addr, _ := serve(t, &srt.Server{Publishers: rec, Latency: 20 * time.Millisecond})

			ff := livetest.StartFFmpeg(t, ffmpegArgs(true, "3", tt.media, addr, tt.streamID)...)
			p := rec.NextPublish(t, 10*time.Second)
			if p.Req.Protocol != "srt" || p.Req.Key != key || p.Req.Remote == nil {
				t.Fatalf("Begin got %+v", p.Req)
			}
			p.WaitStart(t, 15*time.Second)
			t.Logf("ffmpeg start → Begin %v, → Start %v", p.Begun.Sub(ff.Started), p.StartedAt().Sub(ff.Started))
			if err := ff.Wait(t, 30*time.Second); err != nil {
				t.Fatalf("ffmpeg: %v: %s", err, ff.Stderr())
			}
			if err := p.WaitEnd(t, 10*time.Second); err != nil {
				t.Fatalf("End(%v), want End(nil) after the publisher shut down", err)
			}
			if starts, ends := p.Calls(); starts != 1 || ends != 1 {
				t.Errorf("Start called %d times, End %d", starts, ends)
			}
			want := tt.want
			want.Width, want.Height, want.VideoUnits, want.GOP, want.SampleRate = 640, 360, 90, 30, 48000
			livetest.Check(t, p, want)
			if u := p.Units()[0]; u.DTS != 0 || !u.Key {
				t.Errorf("first unit: DTS %v key %v, want 0 and a keyframe", u.DTS, u.Key)
			}
		})
	}
}

// TestRefused: the stream id decides at the handshake; the reason is the
// SRT access control's.
func TestRefused(t *testing.T) {
	tests := []struct {
		name     string
		streamID string
		reason   gosrt.RejectionReason
		begin    bool
	}{
		{"unknown key", "publish:not-" + key, gosrt.REJX_UNAUTHORIZED, true},
		{"unknown key, access control", "#!::r=not-" + key + ",m=publish", gosrt.REJX_UNAUTHORIZED, true},
		{"mode request", "#!::r=" + key + ",m=request", gosrt.REJX_BAD_MODE, false},
		{"default mode", "#!::r=" + key, gosrt.REJX_BAD_MODE, false},
		{"read", "read:" + key, gosrt.REJX_BAD_MODE, false},
		{"empty key", "publish:", gosrt.REJX_BAD_REQUEST, false},
		{"no stream id", "", gosrt.REJX_BAD_REQUEST, false},
	}
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &srt.Server{Publishers: rec})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(rec.Begins())
			conf := gosrt.DefaultConfig()
			conf.StreamId = tt.streamID
			conn, err := gosrt.Dial("srt", addr, conf)
			if err == nil {
				conn.Close()
				t.Fatal("connected; want rejected")
			}
			want := "REJECT (" + strconv.FormatUint(uint64(tt.reason), 32) + ")"
			if !strings.Contains(err.Error(), want) {
				t.Fatalf("Dial: %v; want %s (%d)", err, want, tt.reason)
			}
			if begun := len(rec.Begins()) > before; begun != tt.begin {
				t.Errorf("Begin called: %v, want %v", begun, tt.begin)
			}
		})
	}
	t.Run("ffmpeg", func(t *testing.T) {
		ff := livetest.StartFFmpeg(t, ffmpegArgs(false, "2", media{h264, aac}, addr, "publish:not-"+key)...)
		if err := ff.Wait(t, 10*time.Second); err == nil {
			t.Fatalf("ffmpeg exited 0; want refused")
		}
		t.Logf("ffmpeg exited after %v: %s", time.Since(ff.Started), ff.Stderr())
	})
	if len(rec.Publishes()) != 0 {
		t.Fatal("a publish began")
	}
}

// TestPassphrase: with Server.Passphrase, only publishers encrypting with
// it get to Begin; without, encrypted publishers are refused.
func TestPassphrase(t *testing.T) {
	const pass = "reel-test-passphrase"
	tests := []struct {
		name           string
		server, client string
		reason         gosrt.RejectionReason // 0: accepted
	}{
		{"right passphrase", pass, pass, 0},
		{"wrong passphrase", pass, "not-" + pass, gosrt.REJ_BADSECRET},
		{"unencrypted", pass, "", gosrt.REJ_UNSECURE},
		{"encrypted, server without passphrase", "", pass, gosrt.REJ_UNSECURE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := livetest.NewRecorder(key)
			addr, _ := serve(t, &srt.Server{Publishers: rec, Passphrase: tt.server})
			conf := gosrt.DefaultConfig()
			conf.StreamId = key
			conf.Passphrase = tt.client
			conn, err := gosrt.Dial("srt", addr, conf)
			if tt.reason == 0 {
				if err != nil {
					t.Fatalf("Dial: %v", err)
				}
				conn.Close()
				rec.NextPublish(t, 5*time.Second)
				return
			}
			if err == nil {
				conn.Close()
				t.Fatal("connected; want rejected")
			}
			if want := "REJECT (" + strconv.FormatUint(uint64(tt.reason), 32) + ")"; !strings.Contains(err.Error(), want) {
				t.Fatalf("Dial: %v; want %s (%d)", err, want, tt.reason)
			}
			if n := len(rec.Begins()); n != 0 {
				t.Errorf("Begin called %d times, want 0", n)
			}
		})
	}
	t.Run("ffmpeg", func(t *testing.T) {
		rec := livetest.NewRecorder(key)
		addr, _ := serve(t, &srt.Server{Publishers: rec, Passphrase: pass})
		args := ffmpegArgs(false, "1", media{h264, aac}, addr, key)
		args[len(args)-1] += "&passphrase=" + pass
		ff := livetest.StartFFmpeg(t, args...)
		p := rec.NextPublish(t, 10*time.Second)
		p.WaitStart(t, 10*time.Second)
		p.WaitUnits(t, 20, 10*time.Second) // decrypted, parsed
		if err := ff.Wait(t, 20*time.Second); err != nil {
			t.Fatalf("ffmpeg: %v: %s", err, ff.Stderr())
		}
		if err := p.WaitEnd(t, 10*time.Second); err != nil {
			t.Fatalf("End(%v), want nil", err)
		}
	})
}

func TestBusy(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &srt.Server{Publishers: rec})

	first := livetest.StartFFmpeg(t, ffmpegArgs(true, "5", media{h264, aac}, addr, "publish:"+key)...)
	p := rec.NextPublish(t, 10*time.Second)
	p.WaitStart(t, 15*time.Second)

	second := livetest.StartFFmpeg(t, ffmpegArgs(false, "2", media{h264, aac}, addr, "publish:"+key)...)
	if err := second.Wait(t, 10*time.Second); err == nil {
		t.Fatalf("the second publisher exited 0; want refused")
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

// TestUnsupportedCodec: MPEG-1 audio is no codec of live: the publish
// ends with ErrUnsupportedCodec, without Start.
func TestUnsupportedCodec(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &srt.Server{Publishers: rec})
	ff := livetest.StartFFmpeg(t, ffmpegArgs(false, "2", media{h264, []string{"-c:a", "mp2"}}, addr, key)...)
	p := rec.NextPublish(t, 10*time.Second)
	if err := p.WaitEnd(t, 15*time.Second); !errors.Is(err, live.ErrUnsupportedCodec) {
		t.Fatalf("End(%v), want ErrUnsupportedCodec", err)
	}
	if p.Started() {
		t.Fatal("Start called")
	}
	ff.Wait(t, 10*time.Second)
}

// TestNotTS: a publisher sending something else than MPEG-TS is ended
// with an error, and the server keeps serving.
func TestNotTS(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &srt.Server{Publishers: rec, MaxProbeBytes: 256 << 10})
	conf := gosrt.DefaultConfig()
	conf.StreamId = "publish:" + key
	conn, err := gosrt.Dial("srt", addr, conf)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	p := rec.NextPublish(t, 5*time.Second)
	buf := make([]byte, 1316)
	sent := 0
write:
	for sent < 16<<20 {
		select {
		case <-p.Ended():
			break write
		default:
		}
		rand.Read(buf)
		if _, err := conn.Write(buf); err != nil {
			break
		}
		sent += len(buf)
	}
	err = p.WaitEnd(t, 10*time.Second)
	if err == nil || p.Started() {
		t.Fatalf("End(%v), started %v; want an error and no Start", err, p.Started())
	}
	t.Logf("End(%v) after %d bytes sent", err, sent)

	conf.StreamId = "publish:not-" + key
	if c, err := gosrt.Dial("srt", addr, conf); err == nil {
		c.Close()
		t.Fatal("unknown key connected")
	}
}

// TestSilent: a publisher that stops sending is dropped after ReadTimeout.
func TestSilent(t *testing.T) {
	rec := livetest.NewRecorder(key)
	addr, _ := serve(t, &srt.Server{Publishers: rec, ReadTimeout: 1500 * time.Millisecond})
	ff := livetest.StartFFmpeg(t, ffmpegArgs(true, "10", media{h264, aac}, addr, key)...)
	livetest.RequireDroppedWhenFrozen(t, ff, rec.NextPublish(t, 10*time.Second))
}

// TestStop: ending Serve's context closes the connections, Ends their
// publishes and leaves no goroutine behind.
func TestStop(t *testing.T) {
	// gosrt's client, which the other tests dial with, leaves goroutines
	// of its own behind (its connection timeout's): not the server's.
	const client = "gosrt.Dial"
	before := livetest.Goroutines(client)
	rec := livetest.NewRecorder(key)
	addr, stop := serve(t, &srt.Server{Publishers: rec})
	ff := livetest.StartFFmpeg(t, ffmpegArgs(true, "20", media{h264, aac}, addr, key)...)
	p := rec.NextPublish(t, 10*time.Second)
	p.WaitStart(t, 15*time.Second)

	start := time.Now()
	stop()
	t.Logf("Serve returned %v after its context ended", time.Since(start))
	if err := p.WaitEnd(t, time.Second); err == nil {
		t.Fatal("End(nil) for a publish cut by the server")
	}
	ff.Kill()
	livetest.WaitGoroutines(t, before, 5*time.Second, client)
}
