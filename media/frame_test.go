package media_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

func TestParseImageFormat(t *testing.T) {
	tests := []struct {
		in      string
		want    media.ImageFormat
		wantExt string
		wantErr bool
	}{
		{in: "jpg", want: media.JPEG, wantExt: "jpg"},
		{in: "JPEG", want: media.JPEG, wantExt: "jpg"},
		{in: ".png", want: media.PNG, wantExt: "png"},
		{in: "webp", want: media.WebP, wantExt: "webp"},
		{in: "gif", wantErr: true},
		{in: "", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := media.ParseImageFormat(tt.in)
			if tt.wantErr {
				if !errors.Is(err, media.ErrInvalidArgument) {
					t.Fatalf("ParseImageFormat(%q) error = %v, want invalid_argument", tt.in, err)
				}
				return
			}
			if err != nil || got != tt.want || got.Extension() != tt.wantExt {
				t.Fatalf("ParseImageFormat(%q) = %q (%q), %v; want %q (%q)", tt.in, got, got.Extension(), err, tt.want, tt.wantExt)
			}
		})
	}
}

func TestPickFrameSource(t *testing.T) {
	sources := []media.FrameSource{
		{Path: "fhd.mp4", Width: 1920, Height: 1080},
		{Path: "sd.mp4", Width: 640, Height: 360},
		{Path: "hd.mp4", Width: 1280, Height: 720},
	}
	tests := []struct {
		width int
		want  string
	}{
		{width: 160, want: "sd.mp4"},
		{width: 640, want: "sd.mp4"},
		{width: 641, want: "hd.mp4"},
		{width: 1920, want: "fhd.mp4"},
		{width: 3840, want: "fhd.mp4"},
		{width: 0, want: "fhd.mp4"},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.width), func(t *testing.T) {
			if got := media.PickFrameSource(sources, tt.width); got.Path != tt.want {
				t.Fatalf("PickFrameSource(%d) = %q, want %q", tt.width, got.Path, tt.want)
			}
		})
	}
	if got := media.PickFrameSource(nil, 100); got.Path != "" {
		t.Fatalf("PickFrameSource(nil) = %+v, want zero", got)
	}
}

func TestFrameFormatsAndSizes(t *testing.T) {
	source := makeTestVideo(t, "2")
	tests := []struct {
		name         string
		format       media.ImageFormat
		width        int
		wantW, wantH int
		wantKind     string
	}{
		{name: "jpeg scaled", format: media.JPEG, width: 160, wantW: 160, wantH: 90, wantKind: "jpeg"},
		{name: "png source width", format: media.PNG, width: 0, wantW: 320, wantH: 180, wantKind: "png"},
		{name: "jpeg never upscaled", format: media.JPEG, width: 1280, wantW: 320, wantH: 180, wantKind: "jpeg"},
		{name: "png odd width keeps even height", format: media.PNG, width: 101, wantW: 101, wantH: 56, wantKind: "png"},
		{name: "webp", format: media.WebP, width: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := media.Frame(pictureTestContext(t), source, 700*time.Millisecond, tt.width, tt.format)
			if err != nil {
				t.Fatalf("Frame: %v", err)
			}
			if tt.format == media.WebP {
				if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
					t.Fatalf("not a WebP file: % x", data[:min(len(data), 16)])
				}
				return
			}
			img, kind := decodeStdImage(t, data)
			if kind != tt.wantKind || img.Bounds().Dx() != tt.wantW || img.Bounds().Dy() != tt.wantH {
				t.Fatalf("got %s %dx%d, want %s %dx%d", kind, img.Bounds().Dx(), img.Bounds().Dy(), tt.wantKind, tt.wantW, tt.wantH)
			}
		})
	}
}

// TestFrameExactTime checks that Frame returns the frame on screen at the
// asked time, not the keyframe before it, across B-frames and GOPs.
func TestFrameExactTime(t *testing.T) {
	source := makeCountingVideo(t)
	tests := []struct {
		at        time.Duration
		wantFrame int
	}{
		{at: 0, wantFrame: 0},
		{at: 50 * time.Millisecond, wantFrame: 0},
		{at: 300 * time.Millisecond, wantFrame: 3},
		{at: 1250 * time.Millisecond, wantFrame: 12},
		{at: 1999 * time.Millisecond, wantFrame: 19},
		{at: 10 * time.Second, wantFrame: 19}, // past the end: the last frame
	}
	for _, tt := range tests {
		// JPEG as well as PNG: a wrong YUV range would shift the greys by
		// more than one frame's step at the bright end.
		for _, format := range []media.ImageFormat{media.PNG, media.JPEG} {
			t.Run(tt.at.String()+"/"+string(format), func(t *testing.T) {
				data, err := media.Frame(pictureTestContext(t), source, tt.at, 0, format)
				if err != nil {
					t.Fatalf("Frame: %v", err)
				}
				img, _ := decodeStdImage(t, data)
				gotFrame := int(math.Round(meanLuma(img) / 10))
				if gotFrame != tt.wantFrame {
					t.Fatalf("Frame(%v) shows frame %d (luma %.1f), want %d", tt.at, gotFrame, meanLuma(img), tt.wantFrame)
				}
			})
		}
	}
}

func TestFrameHonoursRotation(t *testing.T) {
	plain := makeTestVideo(t, "1")
	rotated := ffmpegMake(t, "rotated.mp4", "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90")
	tests := []struct {
		width        int
		wantW, wantH int
	}{
		{width: 0, wantW: 180, wantH: 320},
		{width: 90, wantW: 90, wantH: 160},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.width), func(t *testing.T) {
			data, err := media.Frame(pictureTestContext(t), rotated, 0, tt.width, media.JPEG)
			if err != nil {
				t.Fatalf("Frame: %v", err)
			}
			img, _ := decodeStdImage(t, data)
			if img.Bounds().Dx() != tt.wantW || img.Bounds().Dy() != tt.wantH {
				t.Fatalf("got %dx%d, want %dx%d", img.Bounds().Dx(), img.Bounds().Dy(), tt.wantW, tt.wantH)
			}
		})
	}
}

func TestFrameFromSourcesUsesSmallestWideEnough(t *testing.T) {
	small := makeTestVideo(t, "1")
	sources := []media.FrameSource{
		{Path: small, Width: 320, Height: 180},
		{Path: "/nonexistent/fhd.mp4", Width: 1920, Height: 1080},
	}
	if _, err := media.FrameFromSources(pictureTestContext(t), sources, 0, 160, media.JPEG); err != nil {
		t.Fatalf("FrameFromSources picked the wrong source: %v", err)
	}
	if _, err := media.FrameFromSources(pictureTestContext(t), nil, 0, 160, media.JPEG); !errors.Is(err, media.ErrInvalidArgument) {
		t.Fatalf("FrameFromSources(nil) error = %v, want invalid_argument", err)
	}
}

func TestFrameBadInput(t *testing.T) {
	for name, path := range notMediaFiles(t) {
		t.Run(name, func(t *testing.T) {
			_, err := media.Frame(pictureTestContext(t), path, time.Second, 160, media.JPEG)
			if got := requireMediaError(t, err); got.Code != media.CodeNotMedia {
				t.Fatalf("code = %q, want %q (%v)", got.Code, media.CodeNotMedia, err)
			}
			if name == "missing" && !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("missing file error %v does not wrap fs.ErrNotExist", err)
			}
		})
	}
	t.Run("audio only", func(t *testing.T) {
		audio := ffmpegMake(t, "tone.m4a", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac")
		_, err := media.Frame(pictureTestContext(t), audio, 0, 0, media.JPEG)
		if !errors.Is(err, media.ErrNoVideo) {
			t.Fatalf("error = %v, want no_video", err)
		}
	})
	source := makeTestVideo(t, "1")
	arguments := []struct {
		name   string
		width  int
		format media.ImageFormat
	}{
		{name: "negative width", width: -1, format: media.JPEG},
		{name: "huge width", width: 100000, format: media.JPEG},
		{name: "unknown format", width: 100, format: "gif"},
	}
	for _, tt := range arguments {
		t.Run(tt.name, func(t *testing.T) {
			_, err := media.Frame(pictureTestContext(t), source, 0, tt.width, tt.format)
			if !errors.Is(err, media.ErrInvalidArgument) {
				t.Fatalf("error = %v, want invalid_argument", err)
			}
		})
	}
}

func TestFrameHonoursContext(t *testing.T) {
	source := makeTestVideo(t, "1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := media.Frame(ctx, source, 0, 0, media.JPEG); !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want context.Canceled", err)
	}
}

// TestFrameFreesFFmpegObjects calls Frame repeatedly and checks that the
// resident memory stays flat: a leaked decoder or frame per call would add
// megabytes each time.
func TestFrameFreesFFmpegObjects(t *testing.T) {
	source := makeTestVideo(t, "2")
	ctx := pictureTestContext(t)
	call := func(i int) {
		t.Helper()
		format := []media.ImageFormat{media.JPEG, media.PNG, media.WebP}[i%3]
		at := time.Duration(i%20) * 100 * time.Millisecond
		if _, err := media.Frame(ctx, source, at, 0, format); err != nil {
			t.Fatalf("Frame %d: %v", i, err)
		}
	}
	// Warm up: codec tables and thread pools allocated once per process are
	// not leaks.
	for i := range 5 {
		call(i)
	}
	runtime.GC()
	before := residentKiB(t)
	for i := range 30 {
		call(i)
	}
	runtime.GC()
	after := residentKiB(t)
	if grown := after - before; grown > 30<<10 {
		t.Fatalf("resident memory grew by %d KiB over 30 frames", grown)
	}
}

// residentKiB reads VmRSS from /proc/self/status.
func residentKiB(t *testing.T) int {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status on this system")
	}
	for line := range bytes.Lines(status) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmRSS:")); ok {
			kib, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(string(rest)), " kB"))
			if err != nil {
				t.Fatalf("parse VmRSS %q: %v", rest, err)
			}
			return kib
		}
	}
	t.Skip("no VmRSS in /proc/self/status")
	return 0
}

// TestFrameFromStreamWithoutKeyframeIndex cuts frames from H.264 in MPEG-TS,
// as cameras write it: the demuxer has no keyframe index, so a seek lands
// inside a GOP. Every frame must equal the one cut from the same stream in
// MP4, whose index puts the seek on the keyframe.
func TestFrameFromStreamWithoutKeyframeIndex(t *testing.T) {
	// Frame n is a flat grey of luma 6n (a counting source, as in
	// TestFrameExactTime), so the expectation is the source itself, not
	// another of Reel's own answers: 10 fps, a keyframe every second,
	// B-frames, in MPEG-TS.
	ts := generateSource(t, "camera.ts", "-f", "lavfi", "-i",
		"color=c=black:s=64x48:r=10:d=4,format=gray,geq=lum='N*6',format=yuv420p",
		"-c:v", "libx264", "-preset", "ultrafast", "-crf", "5", "-g", "10", "-bf", "2", "-x264-params", "scenecut=0")
	for _, tt := range []struct {
		at        time.Duration
		wantFrame int
	}{{0, 0}, {550 * time.Millisecond, 5}, {1550 * time.Millisecond, 15}, {1600 * time.Millisecond, 16}, {3950 * time.Millisecond, 39}} {
		data, err := media.Frame(pictureTestContext(t), ts, tt.at, 0, media.PNG)
		if err != nil {
			t.Fatalf("at %v: %v", tt.at, err)
		}
		img, _ := decodeStdImage(t, data)
		if got := int(math.Round(meanLuma(img) / 6)); got != tt.wantFrame {
			t.Errorf("at %v: frame %d (luma %.1f), want %d", tt.at, got, meanLuma(img), tt.wantFrame)
		}
	}
}
