package media_test

import (
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestSourceFiltersDeinterlace reads the field order of interlaced and
// progressive sources and checks, with ffmpeg's interlace detector, that
// the filters sourceFilters puts first leave no combing.
func TestSourceFiltersDeinterlace(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, top, order string
	}{
		{"top field first", "1", "tt"},
		{"bottom field first", "0", "bb"},
		{"progressive", "", "progressive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// 50 pictures a second woven into 25 frames of two fields, as
			// 1080i50 (interleave_top: the top field is the earlier picture).
			video, codec := zooVideo("320x180", 50, 25)+",tinterlace=mode=interleave_top", []string{"-c:v", "mpeg2video",
				"-flags", "+ildct+ilme", "-top", tt.top, "-b:v", "2M", "-f", "mpegts"}
			if tt.top == "0" {
				video = zooVideo("320x180", 50, 25) + ",tinterlace=mode=interleave_bottom"
			}
			if tt.top == "" {
				video, codec = zooVideo("320x180", 25, 25), []string{"-c:v", "mpeg2video", "-b:v", "2M", "-f", "mpegts"}
			}
			src := generateSource(t, "source.ts", join([]string{"-f", "lavfi", "-i", video, "-t", "2"}, codec)...)
			got, err := media.FieldOrderOf(ladderTestContext(t), src)
			if err != nil || got != tt.order {
				t.Fatalf("field order %q (%v), want %q (ffprobe: %q)", got, err, tt.order, ffprobeJSON(t, src).Streams[0].FieldOrder)
			}
			filters := media.SourceFilters(got)
			if tt.order == "progressive" {
				if len(filters) != 0 {
					t.Fatalf("filters %q for a progressive source", filters)
				}
				return
			}
			if p := idetProgressive(t, src); p > 0.1 {
				t.Fatalf("idet finds %.0f%% of the source progressive", p*100)
			}
			out := filepath.Join(t.TempDir(), "out.mp4")
			cmd := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", src, "-vf", strings.Join(filters, ","),
				"-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("ffmpeg -vf %q: %v\n%s", strings.Join(filters, ","), err, b)
			}
			if p := idetProgressive(t, out); p < 0.9 {
				t.Errorf("after %q idet finds %.0f%% of the frames progressive, want 90%%", filters, p*100)
			}
			if fps := parseRatio(ffprobeJSON(t, out).Streams[0].RFrameRate); fps != 25 {
				t.Errorf("after %q: %g fps, want the source's 25", filters, fps)
			}
		})
	}
}

// TestReadDuration reads the duration of a WebM written to a pipe (no
// duration, no cues: what a browser's MediaRecorder uploads), which Probe
// alone cannot tell, and of an MP4, whose header says it: each as ffprobe
// says it of the same streams remuxed into a file (the muxer then writes it).
func TestReadDuration(t *testing.T) {
	t.Parallel()
	webm := generatePiped(t, "recorder.webm", join(lavfi(zooVideo("160x90", 30, 30), zooBeeps(48000, 1000, "stereo")),
		[]string{"-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", "-f", "webm"})...)
	if d := ffprobeJSON(t, webm).Format.Duration; d != "" {
		t.Fatalf("the piped WebM says its duration: %s", d)
	}
	if _, err := media.Probe(ladderTestContext(t), webm); err == nil {
		t.Log("Probe reads the piped WebM's duration now: readDuration is wired in")
	}
	mp4 := generateSource(t, "source.mp4", join(lavfi(zooVideo("160x90", 30, 30), zooBeeps(48000, 1000, "stereo")),
		[]string{"-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"})...)
	for _, path := range []string{webm, mp4} {
		remuxed := generateSource(t, "remuxed"+filepath.Ext(path), "-i", path, "-map", "0", "-c", "copy")
		want := ffprobeJSON(t, remuxed).duration(t).Seconds()
		got, err := media.DurationByReading(ladderTestContext(t), path)
		if err != nil || math.Abs(got-want) > 0.001 {
			t.Errorf("%s: %.3f s (%v), want %.3f s", filepath.Base(path), got, err, want)
		}
	}
}
