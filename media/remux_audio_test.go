package media_test

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestRemuxEncodesOtherAudio: an H.264 source whose audio is not AAC (a
// camera's PCM, AC-3 or Opus in Matroska) is still played at once from a
// remux of its video; its audio is encoded to AAC on the way, stereo at 48
// kHz as the ladder's, and starts and ends with the pictures.
func TestRemuxEncodesOtherAudio(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		audio      []string
	}{
		{"96 kHz mono PCM in MOV", "pcm.mov", []string{"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=96000", "-c:a", "pcm_s24le"}},
		{"5.1 AC-3 in Matroska", "ac3.mkv", []string{"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-af", "pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0", "-c:a", "ac3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25"}, tt.audio...)
			src := generateSource(t, tt.file, append(args, "-t", "3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")...)
			dir := filepath.Join(t.TempDir(), "playable")
			info, playable, err := media.Remux(context.Background(), media.RemuxOptions{Source: src, Dir: dir})
			if err != nil || !playable {
				t.Fatalf("Remux: playable %v, %v", playable, err)
			}
			if len(info.Audio) != 1 {
				t.Fatalf("probed %d audio streams", len(info.Audio))
			}
			master, err := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(master), "mp4a.40.2") {
				t.Errorf("the master does not name AAC:\n%s", master)
			}
			video := joinTrackFolder(t, filepath.Join(dir, "source"))
			audio := joinTrackFolder(t, filepath.Join(dir, "audio", "0"))
			a := ffprobeJSON(t, audio)
			if len(a.Streams) != 1 || a.Streams[0].CodecName != "aac" || a.Streams[0].SampleRate != "48000" || a.Streams[0].Channels != 2 {
				t.Fatalf("audio track: %+v", a.Streams)
			}
			const frame = 1.0 / 25
			vStart, aStart := firstPacketTime(t, video), firstPacketTime(t, audio)
			if math.Abs(vStart-aStart) > frame {
				t.Errorf("audio starts at %.3f s, video at %.3f s", aStart, vStart)
			}
			vEnd, aEnd := ffprobeJSON(t, video).duration(t).Seconds(), a.duration(t).Seconds()
			if math.Abs(vEnd-aEnd) > frame+0.03 { // an AAC frame is 21 ms
				t.Errorf("audio lasts %.3f s, video %.3f s", aEnd, vEnd)
			}
		})
	}
}

// joinTrackFolder concatenates a CMAF track's init segment and its media
// segments, in order, into one file ffprobe reads.
func joinTrackFolder(t *testing.T, dir string) string {
	t.Helper()
	segs, err := filepath.Glob(filepath.Join(dir, "*.m4s"))
	if err != nil || len(segs) == 0 {
		t.Fatalf("no segments in %s: %v", dir, err)
	}
	num := func(p string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(p), ".m4s"))
		return n
	}
	for i := 1; i < len(segs); i++ { // few segments: insertion sort by number
		for j := i; j > 0 && num(segs[j]) < num(segs[j-1]); j-- {
			segs[j], segs[j-1] = segs[j-1], segs[j]
		}
	}
	return concatFiles(t, filepath.Join(t.TempDir(), "track.mp4"), append([]string{filepath.Join(dir, "init.mp4")}, segs...)...)
}

// firstPacketTime is the presentation time of a file's first packet.
func firstPacketTime(t *testing.T, path string) float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "packet=pts_time", "-read_intervals", "%+#1", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.Split(string(out), "\n")[0]), 64)
	if err != nil {
		t.Fatalf("first packet of %s: %q", path, out)
	}
	return v
}
