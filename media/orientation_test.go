package media_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// TestOrientationMatchesFFmpeg checks every output Reel cuts from a turned
// or mirrored source against an outside reference: the ffmpeg command's own
// autorotation of the same source (which Chromium's playback of the source
// agrees with). Before, the ladder negated the display matrix's angle a
// second time and every portrait phone video played upside down under an
// upright poster, while the tests derived their expectation from the code's
// own reading.
func TestOrientationMatchesFFmpeg(t *testing.T) {
	t.Parallel()
	// 320x180 testsrc2 is asymmetric both ways: a picture turned or
	// mirrored the wrong way is far from the reference.
	plain := generateSource(t, "plain.mp4", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=1",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
	large := generateSource(t, "large.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10:duration=1",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
	tests := []struct {
		name   string
		make   func(t *testing.T) string
		upW    int // upright size ffmpeg shows
		upH    int
		rotate int // the clockwise turn Probe reports (ffprobe's rotation is counter-clockwise)
		mirror bool
	}{
		{"rotate 90", func(t *testing.T) string { return tagRotation(t, plain, "90") }, 180, 320, 270, false},
		{"rotate 270 (iPhone portrait)", func(t *testing.T) string { return tagRotation(t, plain, "270") }, 180, 320, 90, false},
		{"rotate 180", func(t *testing.T) string { return tagRotation(t, plain, "180") }, 320, 180, 180, false},
		{"mirrored", func(t *testing.T) string { return withMatrix(t, plain, -1, 0, 0, 1) }, 320, 180, 0, true},
		{"flipped", func(t *testing.T) string { return withMatrix(t, plain, 1, 0, 0, -1) }, 320, 180, 180, true},
		{"transposed", func(t *testing.T) string { return withMatrix(t, plain, 0, 1, 1, 0) }, 180, 320, 90, true},
		{"anti-transposed", func(t *testing.T) string { return withMatrix(t, plain, 0, -1, -1, 0) }, 180, 320, 270, true},
		// Two rungs: the early pass makes sd (scaled, then turned), the
		// ladder pass hd (turned, then scaled).
		{"rotate 90, two rungs", func(t *testing.T) string { return tagRotation(t, large, "90") }, 720, 1280, 270, false},
		{"transposed, two rungs", func(t *testing.T) string { return withMatrix(t, large, 0, 1, 1, 0) }, 720, 1280, 90, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := tt.make(t)
			ctx := ladderTestContext(t)
			info, err := media.Probe(ctx, src)
			if err != nil {
				t.Fatal(err)
			}
			if info.Video.Rotation != tt.rotate || info.Video.Mirrored != tt.mirror {
				t.Errorf("probe: rotation %d mirrored %v, want %d %v", info.Video.Rotation, info.Video.Mirrored, tt.rotate, tt.mirror)
			}
			// The reference: ffmpeg's autorotated first frame, then the
			// same picture turned half a turn (what the bug produced), so
			// the test is known to tell the two apart.
			want := grayThumb(t, src, tt.upW, tt.upH, true, "")
			wrong := grayThumb(t, src, tt.upW, tt.upH, true, "hflip,vflip")
			if d := meanAbsDiff(want, wrong); d < 25 {
				t.Fatalf("reference and its half turn differ by %.1f only; the test cannot tell them apart", d)
			}

			out := t.TempDir()
			at := time.Duration(0)
			var early atomic.Int32
			m, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: out, PosterTime: &at,
				OnPlayable: func(context.Context, media.Playable) error { early.Add(1); return nil }})
			if err != nil {
				t.Fatal(err)
			}
			if early.Load() != 1 {
				t.Errorf("OnPlayable called %d times", early.Load())
			}
			frame, err := media.Frame(ctx, src, 0, 0, media.PNG)
			if err != nil {
				t.Fatal(err)
			}
			framePath := filepath.Join(t.TempDir(), "frame.png")
			if err := os.WriteFile(framePath, frame, 0o644); err != nil {
				t.Fatal(err)
			}
			outputs := map[string]string{
				"poster":        filepath.Join(out, m.Poster.JPEG),
				"frame by URL":  framePath,
				"clip":          filepath.Join(out, m.Clip),
				"hls init+seg0": concatFiles(t, filepath.Join(t.TempDir(), "seg.mp4"), filepath.Join(out, m.Renditions[0].Init), filepath.Join(out, m.Renditions[0].Segments[0].URI)),
			}
			for _, r := range m.Renditions {
				outputs[r.Name] = filepath.Join(out, r.MP4)
			}
			for name, path := range outputs {
				got := grayThumb(t, path, tt.upW, tt.upH, false, "")
				if d := meanAbsDiff(got, want); d > 12 {
					t.Errorf("%s: differs from ffmpeg's autorotation by %.1f (from its half turn by %.1f)", name, d, meanAbsDiff(got, wrong))
				}
			}
			if r := m.Renditions[0]; r.Width*tt.upH != r.Height*tt.upW {
				t.Errorf("rendition %dx%d, want the shape of %dx%d", r.Width, r.Height, tt.upW, tt.upH)
			}
		})
	}
}

// tagRotation copies src with the rotate tag ffmpeg turns into a display
// matrix (rotate=270 is what ffprobe shows as rotation=-90).
func tagRotation(t *testing.T, src, degrees string) string {
	t.Helper()
	return generateSource(t, "rotate"+degrees+".mp4", "-i", src, "-c", "copy", "-metadata:s:v:0", "rotate="+degrees)
}

// withMatrix copies src with the first track header's matrix set to
// [a b; c d] (16.16 fixed point): ffmpeg 5.1's command line cannot write a
// mirrored matrix, cameras and editors can.
func withMatrix(t *testing.T, src string, a, b, c, d int32) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte("tkhd"))
	if i < 0 {
		t.Fatal("no tkhd box")
	}
	off := i + 4 + 40 // version 0: fields up to the matrix
	if data[i+4] == 1 {
		off = i + 4 + 52
	}
	for k, v := range []int32{a << 16, b << 16, 0, c << 16, d << 16, 0, 0, 0, 1 << 30} {
		binary.BigEndian.PutUint32(data[off+4*k:], uint32(v))
	}
	path := filepath.Join(t.TempDir(), fmt.Sprintf("matrix_%d_%d_%d_%d.mp4", a, b, c, d))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// grayThumb is the first frame of path as 8-bit gray at a quarter of w x h,
// decoded by the ffmpeg command (autorotated when asked), then turned by
// extra filters.
func grayThumb(t *testing.T, path string, w, h int, autorotate bool, extra string) []byte {
	t.Helper()
	vf := "scale=" + strconv.Itoa(w/4) + ":" + strconv.Itoa(h/4) + ":flags=area,format=gray"
	if extra != "" {
		vf += "," + extra
	}
	args := []string{"-nostdin", "-v", "error"}
	if !autorotate {
		args = append(args, "-noautorotate")
	}
	args = append(args, "-i", path, "-frames:v", "1", "-vf", vf, "-f", "rawvideo", "pipe:1")
	out, err := exec.Command("ffmpeg", args...).Output()
	if err != nil {
		t.Fatalf("ffmpeg decoding %s: %v", path, err)
	}
	if len(out) != (w/4)*(h/4) {
		t.Fatalf("%s: %d bytes of gray, want %d (a picture of another shape)", filepath.Base(path), len(out), (w/4)*(h/4))
	}
	return out
}

func meanAbsDiff(a, b []byte) float64 {
	var sum int
	for i := range a {
		d := int(a[i]) - int(b[i])
		sum += max(d, -d)
	}
	return float64(sum) / float64(len(a))
}
