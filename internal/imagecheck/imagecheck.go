package imagecheck

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"os"
)

// Limits bound a poster image.
type Limits struct {
	MaxBytes  int64 // of the file
	MaxEdge   int   // pixels on each side
	MaxDecode int64 // bytes the picture may decode to
}

// Kind is why an image is refused.
type Kind int

const (
	// TooLarge: the file has more than Limits.MaxBytes, or the picture
	// would decode to more than Limits.MaxDecode.
	TooLarge Kind = iota + 1
	// TooWide: a side is empty or longer than Limits.MaxEdge.
	TooWide
	// NotImage: not a JPEG, PNG or WebP image, or one that does not decode.
	NotImage
)

// Error is a refusal of an image; Msg is worded for the caller who sent it.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func refuse(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// Check checks the image file at path within lim: its size, then its
// sides and its decode budget from the header (the depth counts, and a
// progressive JPEG's coefficients). Nothing is decoded: whoever takes the
// picture decodes it once, with the decoder that will use it.
// A refusal is an *Error; other errors are the file's.
func Check(path string, lim Limits) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading poster image: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("reading poster image: %w", err)
	}
	if fi.Size() > lim.MaxBytes {
		return refuse(TooLarge, "poster images are limited to %d bytes", lim.MaxBytes)
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	notImage := refuse(NotImage, "the body is not a JPEG, PNG or WebP image")
	var w, h int
	switch kind := http.DetectContentType(head); kind {
	case "image/jpeg", "image/png":
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		cfg, _, err := image.DecodeConfig(f)
		if err != nil {
			return notImage
		}
		w, h = cfg.Width, cfg.Height
		if w <= 0 || h <= 0 || w > lim.MaxEdge || h > lim.MaxEdge {
			return refuse(TooWide, "the image is %d×%d; posters are at most %d pixels on each side", w, h, lim.MaxEdge)
		}
		passes, extra := int64(1), int64(0)
		if kind == "image/png" && pngInterlaced(head) {
			passes = 2 // Go decodes each of the 7 passes, then the whole
		}
		if kind == "image/jpeg" {
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				return err
			}
			if extra, err = jpegCoefficientBytes(f); err != nil {
				return notImage
			}
		}
		return checkDecodeBudget(lim.MaxDecode, w, h, decodedBytesPerPixel(cfg.ColorModel), passes, extra)
	case "image/webp":
		w, h, err = webpSize(head)
		if err != nil {
			return notImage
		}
		if w > lim.MaxEdge || h > lim.MaxEdge {
			return refuse(TooWide, "the image is %d×%d; posters are at most %d pixels on each side", w, h, lim.MaxEdge)
		}
		// Decoded as 8-bit RGBA at most, by the pipeline.
		return checkDecodeBudget(lim.MaxDecode, w, h, 4, 1, 0)
	}
	return notImage
}

// pngInterlaced reads the interlace method of a PNG's IHDR (the first
// chunk, whose last byte it is: offset 28).
func pngInterlaced(head []byte) bool {
	return len(head) > 28 && string(head[12:16]) == "IHDR" && head[28] == 1
}

// The decoders Check uses.
var _, _ = jpeg.Decode, png.Decode

// webpSize reads the picture size from a WebP file's first chunk (lossy
// VP8, lossless VP8L or extended VP8X).
func webpSize(b []byte) (int, int, error) {
	if len(b) < 30 || !bytes.Equal(b[:4], []byte("RIFF")) || !bytes.Equal(b[8:12], []byte("WEBP")) {
		return 0, 0, errors.New("not webp")
	}
	le24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
	var w, h int
	switch string(b[12:16]) {
	case "VP8X":
		w, h = le24(b[24:27])+1, le24(b[27:30])+1
	case "VP8L":
		if b[20] != 0x2f {
			return 0, 0, errors.New("bad vp8l signature")
		}
		bits := uint32(b[21]) | uint32(b[22])<<8 | uint32(b[23])<<16 | uint32(b[24])<<24
		w, h = int(bits&0x3fff)+1, int(bits>>14&0x3fff)+1
	case "VP8 ":
		if b[23] != 0x9d || b[24] != 0x01 || b[25] != 0x2a {
			return 0, 0, errors.New("bad vp8 start code")
		}
		w, h = int(uint16(b[26])|uint16(b[27])<<8)&0x3fff, int(uint16(b[28])|uint16(b[29])<<8)&0x3fff
	default:
		return 0, 0, errors.New("unknown webp chunk")
	}
	if w <= 0 || h <= 0 {
		return 0, 0, errors.New("empty picture")
	}
	return w, h, nil
}

// decodedBytesPerPixel is what a pixel of an image in colour model m
// costs once decoded by Go's image packages: the depth counts (16-bit
// PNGs decode to 8 bytes a pixel). An unknown model counts as the widest.
func decodedBytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel: // at most 4:4:4
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// checkDecodeBudget refuses a picture of w×h pixels of bpp bytes each
// (times passes, plus extra bytes the decoder keeps besides) that would
// decode to more than budget bytes.
func checkDecodeBudget(budget int64, w, h int, bpp, passes, extra int64) error {
	need := int64(w)*int64(h)*bpp*passes + extra
	if need > budget {
		what := ""
		if extra > 0 {
			what = ", and its progressive coefficients"
		}
		return refuse(TooLarge, "the image is %d×%d at %d bytes a pixel%s: decoding it would take %d MiB; posters may take at most %d MiB",
			w, h, bpp, what, (need+(1<<20)-1)>>20, budget>>20)
	}
	return nil
}

// jpegCoefficientBytes is what Go's decoder keeps besides the picture for
// a progressive JPEG: a block of 64 int32 coefficients (256 bytes) for
// every 8×8 block of every component, over the whole picture, until the
// last scan (4 bytes a pixel for a component at full resolution: a
// 4096×4096 4:4:4 picture holds 192 MiB of them). 0 for a baseline JPEG.
// It reads the markers up to the frame header (SOF).
func jpegCoefficientBytes(r io.Reader) (int64, error) {
	br := bufio.NewReader(r)
	var b [2]byte
	if _, err := io.ReadFull(br, b[:]); err != nil || b != [2]byte{0xff, 0xd8} {
		return 0, errors.New("no SOI")
	}
	for {
		c, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		if c != 0xff {
			return 0, errors.New("no marker")
		}
		marker, err := br.ReadByte()
		for err == nil && marker == 0xff { // fill bytes
			marker, err = br.ReadByte()
		}
		if err != nil {
			return 0, err
		}
		if marker == 0x01 || marker >= 0xd0 && marker <= 0xd7 { // TEM, RSTn: no length
			continue
		}
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return 0, err
		}
		n := int(b[0])<<8 | int(b[1]) - 2
		if n < 0 {
			return 0, errors.New("short segment")
		}
		switch marker {
		case 0xc0, 0xc1: // baseline and extended sequential
			return 0, nil
		case 0xc2: // progressive
			sof := make([]byte, n)
			if _, err := io.ReadFull(br, sof); err != nil {
				return 0, err
			}
			if n < 6 || n < 6+3*int(sof[5]) {
				return 0, errors.New("short SOF")
			}
			h, w, comps := int64(sof[1])<<8|int64(sof[2]), int64(sof[3])<<8|int64(sof[4]), sof[6:6+3*int(sof[5])]
			h0, v0 := int64(comps[1]>>4), int64(comps[1]&0x0f) // Go's MCU is the first component's
			if h0 == 0 || v0 == 0 {
				return 0, errors.New("bad sampling")
			}
			mxx, myy := (w+8*h0-1)/(8*h0), (h+8*v0-1)/(8*v0)
			var blocks int64
			for i := 0; i+2 < len(comps); i += 3 {
				blocks += mxx * myy * int64(comps[i+1]>>4) * int64(comps[i+1]&0x0f)
			}
			return blocks * 256, nil
		case 0xda: // scan before any frame header
			return 0, errors.New("SOS before SOF")
		}
		if _, err := br.Discard(n); err != nil {
			return 0, err
		}
	}
}
