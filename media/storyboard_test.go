package media_test

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/reelvideo/reel/media"
)

func TestStoryboard(t *testing.T) {
	tests := []struct {
		name         string
		seconds      string
		opts         media.StoryboardOptions
		wantTiles    int
		wantW, wantH int
		wantURL      string
	}{
		{name: "defaults", seconds: "4", wantTiles: 4, wantW: 4 * 160, wantH: 90, wantURL: "storyboard.jpg"},
		{name: "grid wraps", seconds: "4", opts: media.StoryboardOptions{TileWidth: 64, MaxTiles: 3, Columns: 2, URL: "https://cdn.example/v/storyboard.jpg"},
			wantTiles: 3, wantW: 128, wantH: 72, wantURL: "https://cdn.example/v/storyboard.jpg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			source := makeTestVideo(t, tt.seconds)
			outDir := t.TempDir()
			if err := media.Storyboard(pictureTestContext(t), source, outDir, tt.opts); err != nil {
				t.Fatalf("Storyboard: %v", err)
			}
			sprite, err := os.ReadFile(filepath.Join(outDir, "storyboard.jpg"))
			if err != nil {
				t.Fatal(err)
			}
			img, _ := decodeStdImage(t, sprite)
			if img.Bounds().Dx() != tt.wantW || img.Bounds().Dy() != tt.wantH {
				t.Errorf("sprite %v, want %dx%d", img.Bounds().Size(), tt.wantW, tt.wantH)
			}
			vtt, err := os.ReadFile(filepath.Join(outDir, "storyboard.vtt"))
			if err != nil {
				t.Fatal(err)
			}
			cues, err := media.ParseSubtitles(vtt)
			if err != nil {
				t.Fatalf("storyboard.vtt does not parse: %v\n%s", err, vtt)
			}
			if len(cues) != tt.wantTiles {
				t.Fatalf("%d cues, want %d:\n%s", len(cues), tt.wantTiles, vtt)
			}
			fragment := regexp.MustCompile(`^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$`)
			for i, cue := range cues {
				m := fragment.FindStringSubmatch(cue.Text)
				if m == nil || m[1] != tt.wantURL {
					t.Fatalf("cue %d text %q, want %s#xywh=...", i, cue.Text, tt.wantURL)
				}
				if i > 0 && cue.Start != cues[i-1].End {
					t.Errorf("cue %d starts at %v, previous ends at %v", i, cue.Start, cues[i-1].End)
				}
			}
			if cues[0].Start != 0 {
				t.Errorf("first cue starts at %v, want 0", cues[0].Start)
			}
		})
	}
}

func TestStoryboardBadInput(t *testing.T) {
	for name, path := range notMediaFiles(t) {
		t.Run(name, func(t *testing.T) {
			requireMediaError(t, media.Storyboard(pictureTestContext(t), path, t.TempDir(), media.StoryboardOptions{}))
		})
	}
	source := makeTestVideo(t, "1")
	err := media.Storyboard(pictureTestContext(t), source, t.TempDir(), media.StoryboardOptions{TileWidth: 4})
	if got := requireMediaError(t, err); got.Code != media.CodeInvalidArgument {
		t.Fatalf("tiny tile width: code %q, want invalid_argument", got.Code)
	}
}

// TestStoryboardFromKeyframes: with Keyframes, each tile is the keyframe at
// or before its time. The source counts frames in grey (frame n has luma
// 8n) at 10 fps with a keyframe every 7 frames, so the tile at 1 s shows
// keyframe 7, not frame 10.
func TestStoryboardFromKeyframes(t *testing.T) {
	source := ffmpegMake(t, "sparse-keys.mp4",
		"-f", "lavfi", "-i", "color=c=black:s=64x48:r=10:d=3,format=gray,geq=lum='N*8',format=yuv420p",
		"-c:v", "libx264", "-preset", "ultrafast", "-crf", "5", "-g", "7", "-bf", "2", "-x264-params", "scenecut=0")
	outDir := t.TempDir()
	opts := media.StoryboardOptions{TileWidth: 64, Columns: 3, Keyframes: true}
	if err := media.Storyboard(pictureTestContext(t), source, outDir, opts); err != nil {
		t.Fatalf("Storyboard: %v", err)
	}
	sprite, err := os.ReadFile(filepath.Join(outDir, "storyboard.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, _ := decodeStdImage(t, sprite)
	// Tiles at 0, 1 and 2 s: keyframes 0, 7 and 14.
	for i, want := range []int{0, 7, 14} {
		tile := img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(i*64, 0, i*64+64, 48))
		if got := int(math.Round(meanLuma(tile) / 8)); got != want {
			t.Errorf("tile %d shows frame %d (luma %.1f), want keyframe %d", i, got, meanLuma(tile), want)
		}
	}
}
