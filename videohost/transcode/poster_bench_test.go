package transcode_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/videohost/trackadmin"
	"github.com/reelvideo/reel/videohost/transcode"
)

// BenchmarkPosterCheck is the work SetPoster does with an uploaded poster
// before it answers: the header read in Go (CheckPosterImage: sizes and
// the decode budget) and the picture decoded by the decoder the poster job
// uses (ProbeImage), for a 1920×1080 JPEG and PNG spooled without an
// extension, as uploads are.
func BenchmarkPosterCheck(b *testing.B) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		b.Skip("ffmpeg not installed")
	}
	p := transcode.New(transcode.Config{})
	ctx := context.Background()
	for _, ext := range []string{"jpg", "png"} {
		b.Run(ext, func(b *testing.B) {
			made := filepath.Join(b.TempDir(), "poster."+ext)
			if out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080",
				"-frames:v", "1", made).CombinedOutput(); err != nil {
				b.Fatalf("ffmpeg: %v %s", err, out)
			}
			path := filepath.Join(b.TempDir(), "upload")
			if err := os.Rename(made, path); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := trackadmin.CheckPosterImage(path); err != nil {
					b.Fatal(err)
				}
				if err := p.ProbeImage(ctx, path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
