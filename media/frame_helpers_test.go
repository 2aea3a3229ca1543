package media_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// pictureTestContext is a context bounded well below the test binary's timeout, so
// a wedged FFmpeg call fails one test instead of the whole run.
func pictureTestContext(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// requireFFmpegCLI skips tests that need the ffmpeg CLI to make their inputs.
func requireFFmpegCLI(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg CLI not installed; it only makes test inputs")
	}
}

// ffmpegMake runs the ffmpeg CLI with args and returns out's path; the
// library itself never runs a child process, tests use one to make inputs.
func ffmpegMake(t *testing.T, name string, args ...string) string {
	t.Helper()
	requireFFmpegCLI(t)
	out := filepath.Join(t.TempDir(), name)
	full := append([]string{"-hide_banner", "-loglevel", "error", "-nostdin", "-y"}, args...)
	full = append(full, out)
	cmd := exec.Command("ffmpeg", full...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(full, " "), err, stderr.String())
	}
	return out
}

// makeTestVideo makes a 320x180 30 fps H.264 MP4 of the test pattern with a
// 440 Hz tone, lasting seconds.
func makeTestVideo(t *testing.T, seconds string) string {
	t.Helper()
	return ffmpegMake(t, "pattern.mp4",
		"-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d="+seconds,
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration="+seconds,
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30",
		"-c:a", "aac", "-b:a", "64k", "-shortest")
}

// makeCountingVideo makes a 10 fps video whose frame n is a flat grey of
// luma 10*n (frame 0 black, frame 19 at 190), with B-frames and a keyframe
// every 5 frames, so that a test can tell exactly which frame it got.
func makeCountingVideo(t *testing.T) string {
	t.Helper()
	return ffmpegMake(t, "counting.mp4",
		"-f", "lavfi", "-i", "color=c=black:s=64x48:r=10:d=2,format=gray,geq=lum='N*10',format=yuv420p",
		"-c:v", "libx264", "-preset", "ultrafast", "-crf", "5", "-g", "5", "-bf", "2",
		"-x264-params", "scenecut=0")
}

// notMediaFiles are files that are not media, each in a fresh temp dir.
func notMediaFiles(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	random := make([]byte, 64<<10)
	for i := range random {
		random[i] = byte(i*7919 + i/13) // deterministic noise
	}
	return map[string]string{
		"missing": filepath.Join(dir, "missing.mp4"),
		"empty":   write("empty.mp4", nil),
		"random":  write("random.mp4", random),
		"text":    write("notes.txt", []byte("this is not a video\n")),
	}
}

// requireMediaError fails unless err is a *media.Error.
func requireMediaError(t *testing.T, err error) *media.Error {
	t.Helper()
	var mediaErr *media.Error
	if !errors.As(err, &mediaErr) {
		t.Fatalf("error %v (%T) is not a *media.Error", err, err)
	}
	return mediaErr
}

// decodeStdImage decodes JPEG or PNG bytes with the standard library.
func decodeStdImage(t *testing.T, data []byte) (image.Image, string) {
	t.Helper()
	img, kind, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode image: %v", err)
	}
	return img, kind
}

// meanLuma is the average brightness of img, 0-255.
func meanLuma(img image.Image) float64 {
	b := img.Bounds()
	var sum float64
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			sum += (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(bl)) / 257
		}
	}
	return sum / float64(b.Dx()*b.Dy())
}
