package llhls_test

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost/live/llhls"
)

func ffprobe(t *testing.T, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath("ffprobe")
	if err != nil {
		t.Skip("no ffprobe")
	}
	out, err := exec.Command(bin, append([]string{"-v", "error"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("ffprobe: %v\n%s", err, out)
	}
	return string(out)
}

func TestFinishedSessionIsAPlayableVOD(t *testing.T) {
	tracks, units := h264Source(t)
	e := newMuxer(t, llhls.Config{})
	e.publish(t, tracks, units)
	e.finish(t)

	master := filepath.Join(e.dir, "master.m3u8")
	t.Logf("master:\n%s", e.file(t, "master.m3u8"))
	t.Logf("video:\n%s", e.file(t, "video/playlist.m3u8"))
	out := ffprobe(t, "-show_entries", "format=duration", "-of", "csv=p=0", master)
	d, err := strconv.ParseFloat(strings.TrimSpace(out), 64)
	if err != nil {
		t.Fatalf("duration %q: %v", out, err)
	}
	if d < 6-1.0/30 || d > 6+1.0/30 {
		t.Errorf("duration %.3f s, want 6 s within a frame", d)
	}
	streams := ffprobe(t, "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", master)
	if !strings.Contains(streams, "h264,640,360") || !strings.Contains(streams, "aac") {
		t.Errorf("streams:\n%s", streams)
	}
}
