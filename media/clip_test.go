package media_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// probedFile is what the ffprobe CLI says of a file.
type probedFile struct {
	Streams []probedStream `json:"streams"`
	Format  struct {
		Duration string `json:"duration"`
	} `json:"format"`
}

// probedStream is one stream of a probedFile.
type probedStream struct {
	CodecType  string `json:"codec_type"`
	CodecName  string `json:"codec_name"`
	Profile    string `json:"profile"`
	PixFmt     string `json:"pix_fmt"`
	Width      int    `json:"width"`
	Height     int    `json:"height"`
	SampleRate string `json:"sample_rate"`
	Channels   int    `json:"channels"`
	BitRate    string `json:"bit_rate"`
	Transfer   string `json:"color_transfer"`
	Primaries  string `json:"color_primaries"`
	Matrix     string `json:"color_space"`
	// What the source zoo (zoo_test.go) reads of a stream.
	SampleAspect string `json:"sample_aspect_ratio"` // "64:45"; "" when unset
	RFrameRate   string `json:"r_frame_rate"`        // "60/1"
	FieldOrder   string `json:"field_order"`         // "tt", "progressive", ...
	SideData     []struct {
		Rotation int `json:"rotation"` // the display matrix's angle: 90 for rotate=90, -90 for rotate=270
	} `json:"side_data_list"`
}

func ffprobeJSON(t *testing.T, path string) probedFile {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var probed probedFile
	if err := json.Unmarshal(out, &probed); err != nil {
		t.Fatal(err)
	}
	return probed
}

func (p probedFile) duration(t *testing.T) time.Duration {
	t.Helper()
	seconds, err := strconv.ParseFloat(p.Format.Duration, 64)
	if err != nil {
		t.Fatalf("duration %q: %v", p.Format.Duration, err)
	}
	return time.Duration(seconds * float64(time.Second))
}

// requireFastStart fails unless the MP4 index (moov) comes before the media
// data (mdat), so a player can start before the download ends.
func requireFastStart(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	moov, mdat := bytes.Index(data, []byte("moov")), bytes.Index(data, []byte("mdat"))
	if moov < 0 || mdat < 0 || moov > mdat {
		t.Fatalf("moov at %d, mdat at %d: not faststart", moov, mdat)
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		name         string
		size         string
		seconds      string
		opts         media.ClipOptions
		wantW, wantH int
		wantMax      time.Duration
	}{
		{name: "defaults", size: "640x360", seconds: "2", wantW: 480, wantH: 270, wantMax: 2100 * time.Millisecond},
		{name: "cut and narrow", size: "320x180", seconds: "3", opts: media.ClipOptions{MaxDuration: time.Second, Width: 200},
			wantW: 200, wantH: 112, wantMax: 1100 * time.Millisecond},
		{name: "never upscaled", size: "320x180", seconds: "1", opts: media.ClipOptions{Width: 1280},
			wantW: 320, wantH: 180, wantMax: 1100 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			source := ffmpegMake(t, "source.mp4",
				"-f", "lavfi", "-i", "testsrc2=s="+tt.size+":r=30:d="+tt.seconds,
				"-f", "lavfi", "-i", "sine=duration="+tt.seconds,
				"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac")
			out := filepath.Join(t.TempDir(), "clip.mp4")
			if err := media.Clip(pictureTestContext(t), source, out, tt.opts); err != nil {
				t.Fatalf("Clip: %v", err)
			}
			probed := ffprobeJSON(t, out)
			if len(probed.Streams) != 1 {
				t.Fatalf("%d streams, want video only", len(probed.Streams))
			}
			video := probed.Streams[0]
			if video.CodecName != "h264" || video.PixFmt != "yuv420p" || video.Width != tt.wantW || video.Height != tt.wantH {
				t.Errorf("got %s %s %dx%d, want h264 yuv420p %dx%d", video.CodecName, video.PixFmt, video.Width, video.Height, tt.wantW, tt.wantH)
			}
			if d := probed.duration(t); d <= 0 || d > tt.wantMax {
				t.Errorf("duration %v, want up to %v", d, tt.wantMax)
			}
			requireFastStart(t, out)
		})
	}
}

func TestClipBadInput(t *testing.T) {
	for name, path := range notMediaFiles(t) {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "clip.mp4")
			requireMediaError(t, media.Clip(pictureTestContext(t), path, out, media.ClipOptions{}))
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("a failed clip left %s behind", out)
			}
		})
	}
}
