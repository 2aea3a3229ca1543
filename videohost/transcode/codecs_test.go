package transcode_test

import (
	"errors"
	"log/slog"
	"os"
	"slices"
	"testing"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/transcode"
)

// TestIsolatedPipelineCodecs carries a codec policy across the process
// boundary both ways: Process encodes HEVC beside H.264, AddCodecs adds AV1
// to the finished folder and then nothing, and a bad policy is refused
// before any child starts.
func TestIsolatedPipelineCodecs(t *testing.T) {
	t.Parallel()
	src := makeSource(t, "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2",
		"-f", "lavfi", "-i", "sine=duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
	p := transcode.New(transcode.Config{
		Logger:  slog.New(slog.DiscardHandler),
		Command: []string{os.Args[0], "media-child"},
		Ladder:  media.LadderOptions{AV1Preset: 12, HEVCPreset: "ultrafast"},
	})
	ctx := testContext(t)
	out := t.TempDir()
	got, err := p.Process(ctx, videohost.ProcessInput{Source: src, OutDir: out, WorkDir: t.TempDir(),
		Codecs: map[string]string{"hevc": "all"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range got.Renditions {
		names = append(names, r.Name+"/"+r.Codec)
	}
	if want := []string{"h264_sd/h264", "hevc_sd/hevc"}; !slices.Equal(names, want) {
		t.Fatalf("renditions %v, want %v", names, want)
	}

	for range 2 {
		want := []string{"av1"}
		if names == nil {
			want = nil // the second call: AV1 is there already
		}
		added, err := p.AddCodecs(ctx, out, src, map[string]string{"av1": "all", "hevc": "all"})
		if err != nil || !slices.Equal(added, want) {
			t.Fatalf("AddCodecs: %v, %v; want %v", added, err, want)
		}
		names = nil
	}
	m, err := media.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Renditions) != 3 || m.Renditions[2].Name != "av1_sd" {
		t.Errorf("media.json lists %+v", m.Renditions)
	}

	bad := map[string]string{"h264": "none", "av1": "all"}
	_, procErr := p.Process(ctx, videohost.ProcessInput{Source: src, OutDir: t.TempDir(), WorkDir: t.TempDir(), Codecs: bad})
	_, addErr := p.AddCodecs(ctx, out, src, bad)
	for _, err := range []error{procErr, addErr} {
		var pe *codecpolicy.Error
		var ve *videohost.Error
		if !errors.As(err, &pe) || !errors.As(err, &ve) || ve.Code != videohost.EValidation {
			t.Errorf("bad policy: %v (%T), want a validation error over a *codecpolicy.Error", err, err)
		}
	}
}
