package transcode_test

import (
	"context"
	"image"
	_ "image/jpeg"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/transcode"
)

// TestMediaPipelinePosterOfHDRSource checks that an HDR upload's poster is
// taken from the tone-mapped ladder: its colours match an SDR upload's
// poster instead of the grey of HDR code values shown as SDR.
func TestMediaPipelinePosterOfHDRSource(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	t.Parallel()
	lavfi := []string{"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=2"}
	sdr := posterSaturation(t, makeSource(t, append(lavfi, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")...))
	hdr := posterSaturation(t, makeSource(t, append(lavfi,
		"-vf", "zscale=tin=bt709:min=bt709:pin=bt709:t=smpte2084:m=bt2020nc:p=bt2020:npl=100,format=yuv420p10le",
		"-c:v", "libx264", "-preset", "ultrafast",
		"-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc")...))
	t.Logf("poster saturation: SDR upload %.1f, HDR upload %.1f", sdr, hdr)
	if hdr < sdr*0.6 {
		t.Errorf("HDR poster saturation %.1f; want close to the SDR poster's %.1f", hdr, sdr)
	}
}

func makeSource(t *testing.T, args ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "source.mp4")
	cmd := exec.Command("ffmpeg", append(append([]string{"-nostdin", "-v", "error", "-y"}, args...), path)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	return path
}

// posterSaturation processes source and answers the poster's mean
// saturation (max − min of R, G, B, 0–255).
func posterSaturation(t *testing.T, source string) float64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, work := t.TempDir(), t.TempDir()
	p := transcode.New(transcode.Config{Logger: slog.New(slog.DiscardHandler)})
	if _, err := p.Process(ctx, videohost.ProcessInput{Source: source, OutDir: out, WorkDir: work}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(out, "poster.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	var sum float64
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			hi, lo := max(r, g, bl), min(r, g, bl)
			sum += float64(hi-lo) / 257
		}
	}
	return sum / float64(b.Dx()*b.Dy())
}

// TestProcessReportsTheSourceSize: a source larger than the ladder's top
// rendition keeps its own size in Source beside the ladder's, inline and
// through the child (whose answer travels as JSON).
func TestProcessReportsTheSourceSize(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	t.Parallel()
	src := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10:duration=0.5",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
	ladder := media.LadderOptions{MaxQuality: "sd"} // the top rung is 640 wide
	pipelines := map[string]*transcode.Pipeline{
		"inline": transcode.New(transcode.Config{Logger: slog.New(slog.DiscardHandler), Ladder: ladder}),
		"child": transcode.New(transcode.Config{Logger: slog.New(slog.DiscardHandler), Ladder: ladder,
			Command: []string{os.Args[0], "media-child"}}),
	}
	for name, p := range pipelines {
		t.Run(name, func(t *testing.T) {
			out, err := p.Process(testContext(t), videohost.ProcessInput{Source: src, OutDir: t.TempDir(), WorkDir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			if out.Width != 640 || out.Height != 360 || out.Source.Width != 1280 || out.Source.Height != 720 {
				t.Fatalf("ladder %dx%d, source %dx%d; want 640x360 and 1280x720", out.Width, out.Height, out.Source.Width, out.Source.Height)
			}
		})
	}
}
