package llhls_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/livetest"
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
	// Video (with B-frames) and audio begin together, at 0: the keyframe
	// has composition offset 0 (checked in checkTrack) but FFmpeg, which
	// keeps PTS >= DTS, shifts the video by the most negative offset, a
	// frame here.
	for _, s := range []struct {
		sel string
		max float64
	}{{"v:0", 1.0 / 30}, {"a:0", 0}} {
		out := ffprobe(t, "-select_streams", s.sel, "-show_entries", "packet=pts_time", "-read_intervals", "%+#1", "-of", "csv=p=0", master)
		if v, err := strconv.ParseFloat(strings.TrimSpace(out), 64); err != nil || v > s.max+0.001 {
			t.Errorf("stream %s: first packet at %q", s.sel, out)
		}
	}
}

type sourceData struct {
	tracks []live.Track
	units  []live.Unit
}

func hevcSource(t *testing.T) (string, sourceData) {
	t.Helper()
	path := livetest.FFmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-t", "2",
		"-c:v", "libx265", "-x265-params", "keyint=30:min-keyint=30:bframes=2:log-level=error:pools=1:frame-threads=1", "-f", "mpegts", "hevc.ts")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tracks, units, err := livetest.ReadTS(f)
	if err != nil {
		t.Fatal(err)
	}
	received(units)
	return path, sourceData{tracks, units}
}

func TestH265GetsAnHvc1CodecsString(t *testing.T) {
	_, src := hevcSource(t)
	e := newMuxer(t, llhls.Config{})
	e.publish(t, src.tracks, src.units)
	e.finish(t)
	master := string(e.file(t, "master.m3u8"))
	if !strings.Contains(master, `CODECS="hvc1.1.6.L`) || !strings.Contains(master, "RESOLUTION=640x360") {
		t.Errorf("master:\n%s", master)
	}
	streams := ffprobe(t, "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", filepath.Join(e.dir, "master.m3u8"))
	if !strings.Contains(streams, "hevc,640,360") {
		t.Errorf("streams: %s", streams)
	}
	t.Logf("%s", master)
}

func TestOpusAudio(t *testing.T) {
	tracks, units := livetest.Source(t, "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30", "-f", "lavfi", "-i", "sine=sample_rate=48000",
		"-t", "4", "-c:v", "libx264", "-g", "30", "-threads", "1", "-c:a", "libopus", "-ac", "2", "-f", "mpegts", "opus.ts")
	received(units)
	if tracks[1].Codec != live.CodecOpus {
		t.Fatalf("tracks %+v", tracks)
	}
	e := newMuxer(t, llhls.Config{})
	e.publish(t, tracks, units)
	checkTrack(t, e, "audio", false)
	e.finish(t)
	master := string(e.file(t, "master.m3u8"))
	if !strings.Contains(master, `,opus",`) || !strings.Contains(master, `CHANNELS="2"`) {
		t.Errorf("master:\n%s", master)
	}
	streams := ffprobe(t, "-show_entries", "stream=codec_name,sample_rate", "-of", "csv=p=0", filepath.Join(e.dir, "master.m3u8"))
	if !strings.Contains(streams, "opus,48000") {
		t.Errorf("streams: %s", streams)
	}
	out := ffprobe(t, "-show_entries", "format=duration", "-of", "csv=p=0", filepath.Join(e.dir, "master.m3u8"))
	if d, _ := strconv.ParseFloat(strings.TrimSpace(out), 64); d < 3.9 || d > 4.1 {
		t.Errorf("duration %s", out)
	}
}
