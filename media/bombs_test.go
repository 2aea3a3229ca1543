package media_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// tsPart encodes seconds of testsrc2 at size and rate as H.264 in MPEG-TS
// whose timestamps start at offset seconds, so that parts written one
// after the other play as one stream whose picture changes size where
// they meet (a new SPS, as in a broadcast capture).
func tsPart(t *testing.T, name, size, rate string, frames int, offset float64) string {
	t.Helper()
	return generateSource(t, name,
		"-f", "lavfi", "-i", "testsrc2=size="+size+":rate="+rate,
		"-frames:v", strconv.Itoa(frames), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
		"-output_ts_offset", strconv.FormatFloat(offset, 'f', -1, 64), "-f", "mpegts")
}

// sizeChange is a stream of first (frames at rate) followed by second.
func sizeChange(t *testing.T, first, second string, rate, frames1, frames2 int) string {
	t.Helper()
	r := strconv.Itoa(rate)
	a := tsPart(t, "a.ts", first, r, frames1, 0)
	b := tsPart(t, "b.ts", second, r, frames2, float64(frames1)/float64(rate))
	return concatFiles(t, filepath.Join(t.TempDir(), "change.ts"), a, b)
}

// noLeak fails t unless the goroutines running come back to at most
// before, waiting for them rather than for a fixed time.
func noLeak(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines after the run, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		runtime.Gosched()
		time.Sleep(time.Millisecond) // a poll interval, not a wait for an outcome
	}
}

// TestProcessDecompressionBombs processes sources that cost more to decode
// than their header says: each ends too_large, within a bound, without a
// crash or a goroutine left behind.
func TestProcessDecompressionBombs(t *testing.T) {
	cases := []struct {
		name   string
		source func(t *testing.T) string
		want   string // in the error
	}{
		{
			// 2.49 G pixels a second, in a few kB: refused from the header.
			name: "1080p at 1200 fps",
			source: func(t *testing.T) string {
				return generateSource(t, "fast.mp4", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=1200",
					"-frames:v", "3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
			},
			want: "pixels a second",
		},
		{
			// The header says 320x240; the stream then grows past 8192 on an edge.
			name:   "320x240, then 16384x16",
			source: func(t *testing.T) string { return sizeChange(t, "320x240", "16384x16", 25, 25, 3) },
			want:   "16384x16",
		},
		{
			// At the header's 240 fps a picture may have 8.8 M pixels; the
			// stream then sends 9.4 M, which the decoder refuses to
			// allocate (max_pixels).
			name:   "320x240 at 240 fps, then 3072x3072",
			source: func(t *testing.T) string { return sizeChange(t, "320x240", "3072x3072", 240, 60, 2) },
			want:   "3072x3072",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.source(t)
			before := runtime.NumGoroutine()
			ctx := ladderTestContext(t)
			started := time.Now()
			_, err := media.Process(ctx, media.ProcessOptions{
				Source: src, OutDir: t.TempDir(), Ladder: media.LadderOptions{Preset: "ultrafast"}, LadderOnly: true,
				// Two passes at once, as an upload gets: both must stop.
				OnPlayable: func(context.Context, media.Playable) error { return nil },
			})
			elapsed := time.Since(started)
			requireCode(t, err, media.CodeTooLarge)
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
			if elapsed > 30*time.Second {
				t.Errorf("refused after %v", elapsed)
			}
			noLeak(t, before)
		})
	}
}

// TestProcessSizeChange processes streams whose picture changes size
// mid-way within the bounds, both ways: every picture is scaled to the
// ladder planned from the header, and no frame is lost.
func TestProcessSizeChange(t *testing.T) {
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Skip("ffprobe not installed")
	}
	cases := []struct {
		name, first, second string
		rungs               []string // width x height of each rendition
	}{
		{"640x360, then 1280x720", "640x360", "1280x720", []string{"640x360"}},
		{"1280x720, then 640x360", "1280x720", "640x360", []string{"640x360", "1280x720"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := sizeChange(t, c.first, c.second, 25, 50, 50)
			info, err := media.Probe(ladderTestContext(t), src)
			if err != nil {
				t.Fatal(err)
			}
			if got := strconv.Itoa(info.Video.Width) + "x" + strconv.Itoa(info.Video.Height); got != c.first {
				t.Fatalf("probed %s, want the first part's %s", got, c.first)
			}
			before := runtime.NumGoroutine()
			out := t.TempDir()
			m, err := media.Process(ladderTestContext(t), media.ProcessOptions{
				Source: src, OutDir: out, Ladder: media.LadderOptions{Preset: "ultrafast"}, LadderOnly: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			noLeak(t, before)
			if len(m.Renditions) != len(c.rungs) {
				t.Fatalf("%d renditions, want %d", len(m.Renditions), len(c.rungs))
			}
			for i, r := range m.Renditions {
				// Every frame of the MP4 has the rendition's size, and
				// both parts are there: 100 frames (sd at the source's 25).
				cmd := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=width,height",
					"-of", "csv=p=0", filepath.Join(out, r.MP4))
				b, err := cmd.Output()
				if err != nil {
					t.Fatalf("ffprobe %s: %v", r.MP4, err)
				}
				lines := strings.Fields(string(b))
				if len(lines) != 100 {
					t.Errorf("%s: %d frames, want 100", r.Name, len(lines))
				}
				want := strings.Replace(c.rungs[i], "x", ",", 1)
				for n, l := range lines {
					if l = strings.TrimRight(l, ","); l != want {
						t.Fatalf("%s: frame %d is %s, want %s", r.Name, n, l, want)
					}
				}
			}
		})
	}
}

// TestFrameBounds holds decoded pictures to the header's bounds: each
// picture to 8192 on an edge and to the pixel rate at the probed frame
// rate, and the pictures together to the pixel rate over the source's own
// clock, a second ahead at most (a header may understate its rate: FFmpeg
// guesses 25 fps for an MPEG-TS stream at 1000).
func TestFrameBounds(t *testing.T) {
	t.Parallel()
	type frame struct{ w, h int }
	cases := []struct {
		name         string
		w, h         int
		fps          float64
		frame        frame
		n, fpsActual int
		passed       int // pictures before too_large; n when none
	}{
		{"8K at 60, as declared", 8192, 4320, 60, frame{8192, 4320}, 600, 60, 600},
		{"4096x2160 declared 25, sent at 1000", 4096, 2160, 25, frame{4096, 2160}, 3000, 1000, 315},
		{"320x240 then 8192x8192 at 25", 320, 240, 25, frame{8192, 8192}, 100, 25, 100},
		{"320x240 then 8192x8193", 320, 240, 25, frame{8192, 8193}, 1, 25, 0},
		{"320x240 at 240 then 4096x4096", 320, 240, 240, frame{4096, 4096}, 1, 240, 0},
		{"4096x4096 at 240, as declared: refused at the plan, not here", 4096, 4096, 240, frame{4096, 4096}, 10, 240, 10},
	}
	for _, c := range cases {
		add := media.FrameBounds(c.w, c.h, c.fps)
		passed := 0
		var err error
		for i := range c.n {
			if err = add(c.frame.w, c.frame.h, float64(i)/float64(c.fpsActual)); err != nil {
				break
			}
			passed++
		}
		if passed != c.passed {
			t.Errorf("%s: %d pictures passed (%v), want %d", c.name, passed, err, c.passed)
		}
		if passed < c.n && !media.IsCode(err, media.CodeTooLarge) {
			t.Errorf("%s: %v, want too_large", c.name, err)
		}
	}
}

// TestPictureStagesRefuseBombs asks the picture stages (a frame by URL, the
// poster) for a picture past a mid-stream size change beyond the bounds:
// the decoder refuses it as the ladder's does, within a bound and without a
// goroutine left behind, instead of allocating it.
func TestPictureStagesRefuseBombs(t *testing.T) {
	cases := []struct {
		name   string
		source func(t *testing.T) string
		at     time.Duration
		code   string
		want   string
	}{
		{
			name:   "320x240, then 16384x16",
			source: func(t *testing.T) string { return sizeChange(t, "320x240", "16384x16", 25, 25, 3) },
			at:     1040 * time.Millisecond,
			code:   media.CodeTooLarge,
			want:   "16384x16",
		},
		{
			name:   "320x240 at 240 fps, then 3072x3072",
			source: func(t *testing.T) string { return sizeChange(t, "320x240", "3072x3072", 240, 60, 2) },
			at:     255 * time.Millisecond,
			code:   media.CodeNotMedia, // the decoder's refusal, at whichever call it surfaces
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.source(t)
			before := runtime.NumGoroutine()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			// Before the change the picture is fine.
			if _, err := media.Frame(ctx, src, 0, 0, media.JPEG); err != nil {
				t.Fatalf("frame before the change: %v", err)
			}
			img, err := media.Frame(ctx, src, c.at, 0, media.JPEG)
			if err == nil {
				t.Fatalf("frame after the change: %d bytes, want an error", len(img))
			}
			if ctx.Err() != nil {
				t.Fatalf("refused only at the deadline: %v", err)
			}
			t.Logf("refused: %v", err)
			requireCode(t, err, c.code)
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
			noLeak(t, before)
		})
	}
}
