package transcode_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/reelvideo/reel/videohost/live"
)

// recording writes a live-like recording: video and audio CMAF tracks made
// by ffmpeg's HLS muxer, 2 s segments.
func recording(t *testing.T, seconds string) live.Recording {
	t.Helper()
	dir := t.TempDir()
	args := []string{"-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=sample_rate=48000",
		"-t", seconds, "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25",
		"-c:a", "aac", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
		"-hls_segment_filename", filepath.Join(dir, "%v", "%d.m4s"), "-var_stream_map", "v:0,name:video a:0,name:audio",
		filepath.Join(dir, "%v", "playlist.m3u8")}
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	track := func(name string) live.RecordedTrack {
		inits, _ := filepath.Glob(filepath.Join(dir, name, "init*.mp4"))
		segs, _ := filepath.Glob(filepath.Join(dir, name, "*.m4s"))
		if len(inits) != 1 || len(segs) == 0 {
			t.Fatalf("%s: inits %v, %d segments", name, inits, len(segs))
		}
		rt := live.RecordedTrack{Init: inits[0]}
		for i := range segs {
			rt.Segments = append(rt.Segments, filepath.Join(dir, name, strconv.Itoa(i)+".m4s"))
		}
		return rt
	}
	video := track("video")
	return live.Recording{Video: &video, Audio: []live.RecordedTrack{track("audio")}, OutDir: t.TempDir()}
}

func TestIsolatedPipelinePackagesARecording(t *testing.T) {
	t.Parallel()
	rec := recording(t, "5")
	got, err := childPipeline("media-child").PackageRecording(testContext(t), rec)
	if err != nil {
		t.Fatal(err)
	}
	if got.Duration < 4.9 || got.Duration > 5.1 || got.Width != 640 || len(got.Renditions) != 1 || got.Renditions[0].Name != "h264_sd" ||
		len(got.AudioTracks) != 1 || !got.Assets.Poster || !got.Assets.Storyboard || got.Source.Container != "live" {
		t.Errorf("output %+v", got)
	}
	for _, name := range []string{"playlist.m3u8", "poster.jpg", "h264_sd.mp4", "h264_sd/0.m4s", "audio/0/init.mp4"} {
		if _, err := os.Stat(filepath.Join(rec.OutDir, name)); err != nil {
			t.Errorf("missing %s: %v", name, err)
		}
	}
}

func TestIsolatedPipelineRefusesABrokenRecording(t *testing.T) {
	t.Parallel()
	rec := recording(t, "2")
	if err := os.WriteFile(rec.Video.Segments[0], []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := childPipeline("media-child").PackageRecording(testContext(t), rec); err == nil {
		t.Fatal("a recording with a garbage segment was packaged")
	}
}
