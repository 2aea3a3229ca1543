package media_test

import (
	"bytes"
	"crypto/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/media"
)

func TestProbeDescribesSources(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		make  func(t *testing.T) string
		check func(t *testing.T, info *media.Info)
	}{
		{
			name: "h264 aac 320x240",
			make: func(t *testing.T) string { return avSource(t, "320x240", "25", "1") },
			check: func(t *testing.T, info *media.Info) {
				v := info.Video
				if v == nil || v.Codec != "h264" || v.Width != 320 || v.Height != 240 || v.PixelFormat != "yuv420p" {
					t.Fatalf("video = %+v", v)
				}
				if v.FrameRate != 25 || v.Rotation != 0 || v.HDR {
					t.Fatalf("video = %+v", v)
				}
				if len(info.Audio) != 1 || info.Audio[0].Codec != "aac" || info.Audio[0].SampleRate != 44100 || info.Audio[0].Channels != 1 {
					t.Fatalf("audio = %+v", info.Audio)
				}
				if info.Duration < 0.9 || info.Duration > 1.1 || info.Size == 0 {
					t.Fatalf("duration %v size %d", info.Duration, info.Size)
				}
			},
		},
		{
			name: "rotated by display matrix",
			make: func(t *testing.T) string {
				src := avSource(t, "320x180", "25", "1")
				return generateSource(t, "rotated.mp4", "-i", src, "-c", "copy", "-metadata:s:v", "rotate=90")
			},
			check: func(t *testing.T, info *media.Info) {
				// The rotate=90 tag is a counter-clockwise display matrix
				// (ffprobe: rotation=90): turned upright clockwise by 270,
				// as ffmpeg's autorotation does (TestOrientationMatchesFFmpeg).
				if info.Video.Rotation != 270 {
					t.Fatalf("rotation = %d", info.Video.Rotation)
				}
				if w, h := info.Video.DisplaySize(); w != 180 || h != 320 {
					t.Fatalf("display size %dx%d", w, h)
				}
			},
		},
		{
			name: "two audio languages and a title",
			make: func(t *testing.T) string {
				return generateSource(t, "langs.mkv",
					"-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10",
					"-f", "lavfi", "-i", "sine=frequency=440", "-f", "lavfi", "-i", "sine=frequency=880",
					"-map", "0", "-map", "1", "-map", "2", "-t", "1",
					"-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
					"-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra",
					"-metadata:s:a:1", "title=Français")
			},
			check: func(t *testing.T, info *media.Info) {
				if len(info.Audio) != 2 || info.Audio[0].Language != "en" || info.Audio[1].Language != "fr" || info.Audio[1].Title != "Français" {
					t.Fatalf("audio = %+v", info.Audio)
				}
			},
		},
		{
			name: "audio only",
			make: func(t *testing.T) string {
				return generateSource(t, "audio.m4a", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "1", "-c:a", "aac")
			},
			check: func(t *testing.T, info *media.Info) {
				if info.Video != nil || len(info.Audio) != 1 {
					t.Fatalf("info = %+v", info)
				}
			},
		},
		{
			name: "anamorphic",
			make: func(t *testing.T) string {
				return generateSource(t, "sar.mp4", "-f", "lavfi", "-i", "testsrc2=size=720x576:rate=25",
					"-vf", "setsar=16/15", "-t", "0.4", "-c:v", "libx264", "-preset", "ultrafast")
			},
			check: func(t *testing.T, info *media.Info) {
				if w, h := info.Video.DisplaySize(); w != 768 || h != 576 {
					t.Fatalf("display size %dx%d (sar %+v)", w, h, info.Video.SampleAspect)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			info, err := media.Probe(ladderTestContext(t), tt.make(t))
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, info)
		})
	}
}

// badMediaInputs are files that are not media, by name.
func badMediaInputs(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	random := make([]byte, 64<<10)
	_, _ = rand.Read(random)
	full, err := os.ReadFile(avSource(t, "160x90", "10", "1"))
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"empty":           write("empty.mp4", nil),
		"random bytes":    write("random.mp4", random),
		"repeating bytes": write("pattern.mp4", bytes.Repeat([]byte{0x12, 0x34, 0x56}, 100_000)),
		"text":            write("notes.txt", []byte("this is not a video\nat all\n")),
		"truncated":       write("truncated.mp4", full[:len(full)/2]),
		"image only":      generateSource(t, "still.png", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1"),
		"jpeg only":       generateSource(t, "still.jpg", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1"),
		"zero duration":   generateSource(t, "zero.mp4", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-t", "0", "-c:v", "libx264"),
	}
}

func TestProbeRefusesWhatIsNotMedia(t *testing.T) {
	t.Parallel()
	for name, path := range badMediaInputs(t) {
		t.Run(name, func(t *testing.T) {
			_, err := media.Probe(ladderTestContext(t), path)
			requireCode(t, err, media.CodeNotMedia)
		})
	}
}
