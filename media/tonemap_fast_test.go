package media_test

import (
	"bytes"

	"math"
	"os/exec"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestFastToneMapMatchesTheFloatChain checks the ladder's table-driven tone
// map against what it stands for, FFmpeg's float zscale/tonemap chain run
// by the ffmpeg command on the same frames: a test pattern and a gradient
// over every 10-bit level and colour (highlights up to the format's peak,
// colours outside BT.709), for PQ and HLG.
func TestFastToneMapMatchesTheFloatChain(t *testing.T) {
	t.Parallel()
	const size = "640x360"
	// The gradient: black to white left to right above, every mix of red,
	// green and blue below; white at 1000 cd/m², so the curve's roll-off
	// is tried as much as its linear part.
	gradient := func(transfer string) []string {
		return []string{"-f", "lavfi", "-i", "nullsrc=s=" + size + ":r=5:d=0.4,format=gbrp," +
			"geq=r='255*X/W':g='if(lt(Y,H/2),255*X/W,255*(Y-H/2)/(H/2))':b='if(lt(Y,H/2),255*X/W,255*(1-X/W))'",
			"-vf", "zscale=tin=bt709:min=gbr:pin=bt709:t=" + transfer + ":m=bt2020nc:p=bt2020:npl=1000:r=tv,format=yuv420p10le"}
	}
	tests := []struct {
		name, transfer string
		input          []string
	}{
		{"pq pattern", "smpte2084", pattern(size, "smpte2084")},
		{"hlg pattern", "arib-std-b67", pattern(size, "arib-std-b67")},
		{"pq gradient", "smpte2084", gradient("smpte2084")},
		{"hlg gradient", "arib-std-b67", gradient("arib-std-b67")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// FFV1 keeps the 10-bit frames as they are, for both sides.
			args := append(append([]string{}, tt.input...), "-c:v", "ffv1",
				"-color_primaries", "bt2020", "-color_trc", tt.transfer, "-colorspace", "bt2020nc", "-color_range", "tv")
			src := generateSource(t, "hdr.mkv", args...)
			info, err := media.Probe(ladderTestContext(t), src)
			if err != nil {
				t.Fatal(err)
			}
			got, w, h, err := media.ToneMapFile(ladderTestContext(t), src)
			if err != nil {
				t.Fatal(err)
			}
			var want, stderr bytes.Buffer
			cmd := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", src, "-vf", media.ToneMapFilters(info.Video),
				"-f", "rawvideo", "-pix_fmt", "yuv420p", "-")
			cmd.Stdout, cmd.Stderr = &want, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("ffmpeg: %v %s", err, &stderr)
			}
			if len(got) != want.Len() || len(got) == 0 {
				t.Fatalf("%d bytes of frames, ffmpeg made %d", len(got), want.Len())
			}
			for _, p := range planePSNRs(got, want.Bytes(), w, h) {
				t.Logf("%s: %.1f dB (largest difference %d levels)", p.name, p.psnr, p.maxDiff)
				if p.psnr < 40 {
					t.Errorf("%s: %.1f dB from the float chain, want ≥ 40 dB", p.name, p.psnr)
				}
			}
		})
	}
}

// pattern is testsrc2 in BT.709 SDR turned into 10-bit BT.2020 HDR.
func pattern(size, transfer string) []string {
	return []string{"-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=5:duration=0.4",
		"-vf", "zscale=tin=bt709:min=bt709:pin=bt709:t=" + transfer + ":m=bt2020nc:p=bt2020:npl=100,format=yuv420p10le"}
}

type planePSNR struct {
	name    string
	psnr    float64
	maxDiff int
}

// planePSNRs compares raw yuv420p frames plane by plane.
func planePSNRs(a, b []byte, w, h int) []planePSNR {
	frame := w*h + 2*(w/2)*(h/2)
	planes := []struct {
		name        string
		offset, len int
	}{{"Y", 0, w * h}, {"Cb", w * h, (w / 2) * (h / 2)}, {"Cr", w*h + (w/2)*(h/2), (w / 2) * (h / 2)}}
	var out []planePSNR
	for _, p := range planes {
		var sum float64
		var n, maxDiff int
		for f := 0; f+frame <= len(a); f += frame {
			for i := f + p.offset; i < f+p.offset+p.len; i++ {
				d := int(a[i]) - int(b[i])
				sum += float64(d * d)
				n++
				maxDiff = max(maxDiff, d, -d)
			}
		}
		psnr := math.Inf(1)
		if sum > 0 {
			psnr = 10 * math.Log10(255*255/(sum/float64(n)))
		}
		out = append(out, planePSNR{p.name, psnr, maxDiff})
	}
	return out
}

// BenchmarkToneMap times one 3840x2160 PQ frame through the ladder's tone
// map and through the float chain it stands for (FFmpeg's zscale and
// tonemap filters, as the ffmpeg command runs them).
func BenchmarkToneMap(b *testing.B) {
	src := generateSource(b, "hdr.mkv", append(pattern("3840x2160", "smpte2084"), "-frames:v", "1", "-c:v", "ffv1",
		"-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-color_range", "tv")...)
	b.Run("fast", func(b *testing.B) { media.BenchToneMap(b, src, true) })
	b.Run("float chain", func(b *testing.B) { media.BenchToneMap(b, src, false) })
}
