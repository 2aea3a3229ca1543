package media_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// makeFadeInVideo makes a 4 s video that is black until 1.2 s, blurred
// until 2 s and a sharp test pattern after that: only the last part makes a
// good poster.
func makeFadeInVideo(t *testing.T) string {
	t.Helper()
	return ffmpegMake(t, "fade-in.mp4",
		"-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=4,"+
			"boxblur=lr=12:lp=4:enable='between(t,1.2,2)',"+
			"drawbox=c=black:t=fill:enable='lt(t,1.2)'",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "15")
}

func TestPosterPicksRepresentativeFrame(t *testing.T) {
	source := makeFadeInVideo(t)
	outDir := t.TempDir()
	got, err := media.Poster(pictureTestContext(t), source, nil, outDir)
	if err != nil {
		t.Fatalf("Poster: %v", err)
	}
	if got.Time < 2*time.Second || got.Time > 4*time.Second {
		t.Errorf("poster time %v, want the sharp part (2 s to 4 s)", got.Time)
	}
	if got.Width != 320 || got.Height != 180 {
		t.Errorf("poster size %dx%d, want 320x180", got.Width, got.Height)
	}
	checkPosterFiles(t, outDir, got)
}

func TestPosterAtGivenTime(t *testing.T) {
	source := makeFadeInVideo(t)
	outDir := t.TempDir()
	at := 500 * time.Millisecond // black, but asked for
	got, err := media.Poster(pictureTestContext(t), source, &at, outDir)
	if err != nil {
		t.Fatalf("Poster: %v", err)
	}
	if diff := got.Time - at; diff < -34*time.Millisecond || diff > 0 {
		t.Errorf("poster time %v, want the frame on screen at %v", got.Time, at)
	}
	checkPosterFiles(t, outDir, got)
	jpeg, _ := os.ReadFile(filepath.Join(outDir, "poster.jpg"))
	img, _ := decodeStdImage(t, jpeg)
	if luma := meanLuma(img); luma > 10 {
		t.Errorf("poster at %v has luma %.0f, want the black frame", at, luma)
	}
}

func checkPosterFiles(t *testing.T, outDir string, got media.PosterResult) {
	t.Helper()
	jpeg, err := os.ReadFile(filepath.Join(outDir, "poster.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, kind := decodeStdImage(t, jpeg)
	if kind != "jpeg" || img.Bounds().Dx() != got.Width || img.Bounds().Dy() != got.Height {
		t.Errorf("poster.jpg is %s %v, want jpeg %dx%d", kind, img.Bounds().Size(), got.Width, got.Height)
	}
	webp, err := os.ReadFile(filepath.Join(outDir, "poster.webp"))
	if err != nil {
		t.Fatal(err)
	}
	if len(webp) < 12 || string(webp[:4]) != "RIFF" || string(webp[8:12]) != "WEBP" {
		t.Errorf("poster.webp is not WebP")
	}
	leftovers, _ := filepath.Glob(filepath.Join(outDir, "*.part"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestPosterBadInput(t *testing.T) {
	for name, path := range notMediaFiles(t) {
		t.Run(name, func(t *testing.T) {
			_, err := media.Poster(pictureTestContext(t), path, nil, t.TempDir())
			requireMediaError(t, err)
		})
	}
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := media.Poster(ctx, makeTestVideo(t, "1"), nil, t.TempDir())
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("error = %v, want context.Canceled", err)
		}
	})
}
