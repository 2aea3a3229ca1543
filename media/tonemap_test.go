package media_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestProcessToneMapsHDR checks that PQ and HLG sources come out as 8-bit
// BT.709 SDR whose colours and whites survive, not as HDR code values shown
// as SDR (grey, washed out).
func TestProcessToneMapsHDR(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, transfer string
		codec          []string
		rotate         bool // as phones record portrait video: landscape pixels, turned by metadata
	}{
		{"h264 pq", "smpte2084", []string{"-c:v", "libx264", "-preset", "ultrafast"}, false},
		{"h264 hlg", "arib-std-b67", []string{"-c:v", "libx264", "-preset", "ultrafast"}, false},
		{"hevc hlg rotated", "arib-std-b67", []string{"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// testsrc2 in BT.709 SDR, re-encoded as 10-bit BT.2020 HDR.
			args := []string{"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=1",
				"-vf", "zscale=tin=bt709:min=bt709:pin=bt709:t=" + tt.transfer + ":m=bt2020nc:p=bt2020:npl=100,format=yuv420p10le"}
			args = append(args, tt.codec...)
			src := generateSource(t, "hdr.mov", append(args,
				"-color_primaries", "bt2020", "-color_trc", tt.transfer, "-colorspace", "bt2020nc")...)
			width, height := 320, 240
			if tt.rotate {
				src = generateSource(t, "rotated.mov", "-i", src, "-c", "copy", "-metadata:s:v", "rotate=90")
				width, height = 240, 320
			}
			info, err := media.Probe(ladderTestContext(t), src)
			if err != nil {
				t.Fatal(err)
			}
			if !info.Video.HDR {
				t.Fatalf("probe: hdr = false for %s", tt.transfer)
			}
			out := t.TempDir()
			m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: out})
			if err != nil {
				t.Fatal(err)
			}
			mp4 := filepath.Join(out, m.Renditions[0].MP4)
			s := ffprobeJSON(t, mp4).Streams[0]
			if s.PixFmt != "yuv420p" || s.Transfer != "bt709" || s.Primaries != "bt709" || s.Matrix != "bt709" {
				t.Errorf("rendition: pix_fmt %s, transfer %q, primaries %q, matrix %q; want yuv420p, bt709 ×3",
					s.PixFmt, s.Transfer, s.Primaries, s.Matrix)
			}
			if s.Width != width || s.Height != height {
				t.Errorf("rendition %dx%d, want %dx%d", s.Width, s.Height, width, height)
			}
			got := firstFrameStats(t, mp4, width, height)
			raw := firstFrameStats(t, src, 320, 240) // HDR code values taken as SDR
			sdr := firstFrameStats(t, generateSource(t, "sdr.mp4", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=1",
				"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"), 320, 240)
			t.Logf("chroma/white: SDR original %.0f/%d, HDR as SDR %.0f/%d, Reel %.0f/%d",
				sdr.saturation, sdr.maxLuma, raw.saturation, raw.maxLuma, got.saturation, got.maxLuma)
			if got.saturation < 2*raw.saturation || got.saturation < sdr.saturation/2 {
				t.Errorf("saturation %.0f: want at least twice the untouched HDR's %.0f and half the SDR original's %.0f",
					got.saturation, raw.saturation, sdr.saturation)
			}
			if got.maxLuma < 160 {
				t.Errorf("brightest luma %d: want whites near SDR white (the original's is %d)", got.maxLuma, sdr.maxLuma)
			}
		})
	}
}

type frameStats struct {
	maxLuma    byte
	saturation float64 // mean |U-128| + |V-128|
}

// firstFrameStats decodes the first frame with the ffmpeg CLI, as 8-bit
// 4:2:0 without any colour conversion.
func firstFrameStats(t *testing.T, path string, w, h int) frameStats {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", path, "-frames:v", "1",
		"-vf", "format=yuv420p", "-f", "rawvideo", "-").Output()
	if err != nil || len(out) != w*h*3/2 {
		t.Fatalf("decoding %s: %v (%d bytes)", path, err, len(out))
	}
	y, chroma := out[:w*h], out[w*h:]
	var st frameStats
	st.maxLuma = slices.Max(y)
	var sum int
	for _, c := range chroma {
		sum += abs(int(c) - 128)
	}
	st.saturation = 2 * float64(sum) / float64(len(chroma))
	return st
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestEarlyPassToneMapsLikeTheLadder checks that the smallest rendition of
// an HDR source, which the early pass scales before tone-mapping (a 360p
// picture costs 1/36 of a 4K one), shows the picture the ladder pass makes
// by tone-mapping at full size: the same colours and whites, turned the same
// way.
func TestEarlyPassToneMapsLikeTheLadder(t *testing.T) {
	t.Parallel()
	src := generateSource(t, "hdr.mov", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10:duration=1",
		"-vf", "zscale=tin=bt709:min=bt709:pin=bt709:t=smpte2084:m=bt2020nc:p=bt2020:npl=100,format=yuv420p10le",
		"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1",
		"-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc")
	src = generateSource(t, "rotated.mov", "-i", src, "-c", "copy", "-metadata:s:v", "rotate=90")
	out := t.TempDir()
	m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: out,
		OnPlayable: func(context.Context, media.Playable) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Renditions) != 2 {
		t.Fatalf("%d renditions, want sd and hd", len(m.Renditions))
	}
	sd, hd := filepath.Join(out, m.Renditions[0].MP4), filepath.Join(out, m.Renditions[1].MP4)
	early, ladder := grayThumb(t, sd, 360, 640, false, ""), grayThumb(t, hd, 360, 640, false, "")
	d := meanAbsDiff(early, ladder)
	t.Logf("sd (early pass) against hd (ladder pass) at 360x640: %.2f grey levels apart on average", d)
	if d > 3 {
		t.Errorf("sd (early pass) and hd (ladder pass) differ by %.1f grey levels on average", d)
	}
	if st := firstFrameStats(t, sd, 360, 640); st.maxLuma < 160 {
		t.Errorf("sd: brightest luma %d, want whites near SDR white", st.maxLuma)
	}
}
