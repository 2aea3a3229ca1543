package trackadmin_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/trackadmin"
)

func TestCheckPosterImage(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pngOf := func(w, h int) []byte {
		var buf bytes.Buffer
		if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	webp := func(name, size string, lossless bool) string {
		if _, err := exec.LookPath("ffmpeg"); err != nil {
			t.Skip("ffmpeg not installed")
		}
		p := filepath.Join(dir, name)
		args := []string{"-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=" + size, "-frames:v", "1"}
		if lossless {
			args = append(args, "-lossless", "1")
		}
		if out, err := exec.Command("ffmpeg", append(args, p)...).CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg: %v %s", err, out)
		}
		return p
	}
	// deep is a PNG whose header says w×h pixels at 16 bits a channel (8
	// bytes a pixel decoded), encoded from one pixel: only the header is
	// read, and encoding the whole picture was minutes of flate under the
	// race detector.
	deep := func(w, h int) []byte {
		var buf bytes.Buffer
		if err := png.Encode(&buf, flat{image.Rect(0, 0, 1, 1)}); err != nil {
			t.Fatal(err)
		}
		b := buf.Bytes()
		binary.BigEndian.PutUint32(b[16:20], uint32(w))
		binary.BigEndian.PutUint32(b[20:24], uint32(h))
		binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
		return b
	}
	// jpegHead is the start of a JPEG of w×h pixels in 3 components (the
	// first sampled y×y, the others 1×1) up to its first scan, garbage
	// after: sof is 0xc0 (baseline) or 0xc2 (progressive).
	jpegHead := func(sof byte, w, h int, y byte) []byte {
		b := []byte{0xff, 0xd8, 0xff, sof, 0, 17, 8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3,
			1, y<<4 | y, 0, 2, 0x11, 0, 3, 0x11, 0}
		b = append(b, 0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0)
		return append(b, bytes.Repeat([]byte{0x5a}, 256)...)
	}
	// interlaced marks a PNG interlaced in its IHDR (the picture data is
	// left as it is: only the header is read before the budget refuses).
	interlaced := func(b []byte) []byte {
		b = bytes.Clone(b)
		b[28] = 1
		binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
		return b
	}
	truncated := pngOf(64, 64)
	cases := []struct {
		name, path, code string
	}{
		{"png", write("ok.png", pngOf(640, 360)), ""},
		{"png at the edge limit", write("edge.png", pngOf(trackadmin.MaxPosterEdge, 8)), ""},
		{"png too wide", write("wide.png", pngOf(trackadmin.MaxPosterEdge+1, 8)), videohost.EValidation},
		// Only the header is read: the picture is the pipeline's to
		// decode (media.TestProbeImage), once.
		{"truncated png: its header is right", write("cut.png", truncated[:len(truncated)/2]), ""},
		{"jpeg header, no picture", write("bad.jpg", []byte("\xff\xd8\xff\xe0 not really")), videohost.VideoErrNotMedia},
		{"text", write("notes.txt", []byte("hello")), videohost.VideoErrNotMedia},
		{"lossy webp", webp("lossy.webp", "300x200", false), ""},
		{"lossless webp", webp("lossless.webp", "300x200", true), ""},
		{"webp too tall", webp("tall.webp", "16x5000", true), videohost.EValidation},
		{"16-bit png at the decode budget", write("deep.png", deep(trackadmin.MaxPosterEdge, 2048)), ""},
		{"16-bit png at the decode budget, interlaced", write("adam7.png", interlaced(deep(trackadmin.MaxPosterEdge, 2048))), videohost.EPayloadTooLarge},
		{"16-bit png over the decode budget", write("bomb.png", deep(trackadmin.MaxPosterEdge, trackadmin.MaxPosterEdge)), videohost.EPayloadTooLarge},
		// 4096² 4:4:4 is 48 MiB of picture, and 192 MiB of coefficients
		// more when progressive; 1024² 4:2:0 progressive is 1.5 + 6 MiB.
		{"progressive jpeg over the decode budget", write("prog.jpg", jpegHead(0xc2, 4096, 4096, 1)), videohost.EPayloadTooLarge},
		{"baseline jpeg of that size: within the budget (the picture is the pipeline's)", write("base.jpg", jpegHead(0xc0, 4096, 4096, 1)), ""},
		// Made by libjpeg (jpeg_simple_progression, 4:2:0, one grey).
		{"progressive jpeg", "testdata/posters/progressive-640x360.jpg", ""},
		{"progressive jpeg within the budget", write("small.jpg", jpegHead(0xc2, 1024, 1024, 2)), ""},
		{"too many bytes", write("big.png", append(pngOf(8, 8), make([]byte, trackadmin.MaxPosterBytes)...)), videohost.EPayloadTooLarge},
	}
	for _, c := range cases {
		err := trackadmin.CheckPosterImage(c.path)
		if got := videohost.ErrorCode(err); (c.code == "" && err != nil) || (c.code != "" && got != c.code) {
			t.Errorf("%s: %v, want code %q", c.name, err, c.code)
		}
	}
}

// flat is a picture of one 16-bit colour that holds no pixels.
type flat struct{ r image.Rectangle }

func (f flat) ColorModel() color.Model { return color.RGBA64Model }
func (f flat) Bounds() image.Rectangle { return f.r }
func (f flat) At(_, _ int) color.Color { return color.RGBA64{0x1234, 0x5678, 0x9abc, 0xffff} }
