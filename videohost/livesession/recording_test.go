package livesession

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRecordingRungs: a session whose publishes brought lower rungs
// records each in its folder; the largest is the published picture.
func TestRecordingRungs(t *testing.T) {
	x := &session{dir: t.TempDir()}
	for _, folder := range []string{"h264_sd", "h264_fhd", "h264_hd", "audio/0"} {
		d := filepath.Join(x.liveDir(), filepath.FromSlash(folder))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"init.mp4", "0.m4s", "1.m4s", "playlist.m3u8"} {
			if err := os.WriteFile(filepath.Join(d, f), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	rec, err := x.recording()
	if err != nil {
		t.Fatal(err)
	}
	if rec.Video == nil || rec.Video.Name != "h264_fhd" || len(rec.Video.Segments) != 2 {
		t.Fatalf("top rung %+v, want h264_fhd with 2 segments", rec.Video)
	}
	if len(rec.Rungs) != 2 || rec.Rungs[0].Name != "h264_sd" || rec.Rungs[1].Name != "h264_hd" {
		t.Errorf("rungs %+v, want h264_sd, h264_hd", rec.Rungs)
	}
	if len(rec.Audio) != 1 {
		t.Errorf("%d audio tracks", len(rec.Audio))
	}
}
