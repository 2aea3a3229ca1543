package videohost

import (
	"bufio"
	"context"
	"errors"
	"image/color"
	"io"
	"time"
)

// Work an API request does before it answers: a poster image decoded to
// check it, an audio track or a poster probed by the pipeline (a child
// process when it is isolated). Each costs memory in proportion to the
// picture, not to the bytes sent (a 108 kB PNG of 4096×4096 16-bit pixels
// decodes to 128 MiB), so it is bounded twice: an image whose header
// promises more than MaxImageDecodeBytes is refused before anything is
// decoded, and at most Config.MediaChecks such checks run at once in the
// process (past it, a request waits Config.MediaCheckWait for one and is
// then answered EUnavailable with RetryAfter).

// Defaults of Config.MediaChecks and Config.MediaCheckWait.
const (
	// DefaultMediaChecks is as many as the frame extractions of
	// httpapi.FrameConfig: each check can hold MaxImageDecodeBytes in this
	// process and start a probe child of a couple of hundred MiB.
	DefaultMediaChecks = 2
	// DefaultMediaCheckWait is how long a request waits for a free check
	// before it is refused, as a frame request waits for an extraction.
	DefaultMediaCheckWait = 250 * time.Millisecond
	// MediaBusyRetryAfter is the Retry-After of that refusal.
	MediaBusyRetryAfter = time.Second
)

// MaxImageDecodeBytes bounds the memory a poster image may decode to:
// width × height × the bytes of a pixel at the depth and in the colour
// model its header declares (twice that for an interlaced PNG, which Go
// decodes pass by pass before assembling), plus the coefficients of a
// progressive JPEG (256 bytes for each 8×8 block of each component). Past
// it the image is refused with EPayloadTooLarge (413) before it is
// decoded. 64 MiB holds a 4096×4096 8-bit RGBA picture, the largest a
// poster may be, and refuses the same picture at 16 bits a channel (128
// MiB).
const MaxImageDecodeBytes int64 = 64 << 20

// ErrMediaBusy is in the chain of the EUnavailable error of a request
// refused because every media check slot stayed taken for
// Config.MediaCheckWait.
var ErrMediaBusy = errors.New("every media check is taken")

// mediaSlots is the process-wide bound of Config.MediaChecks.
type mediaSlots struct {
	slots chan struct{}
	wait  time.Duration
}

func newMediaSlots(n int, wait time.Duration) *mediaSlots {
	if n <= 0 {
		n = DefaultMediaChecks
	}
	if wait <= 0 {
		wait = DefaultMediaCheckWait
	}
	return &mediaSlots{slots: make(chan struct{}, n), wait: wait}
}

// acquire takes a slot within the wait, or fails with EUnavailable
// (ErrMediaBusy, RetryAfter) or the context's error; release gives it back.
func (m *mediaSlots) acquire(ctx context.Context) (release func(), err error) {
	select {
	case m.slots <- struct{}{}:
		return func() { <-m.slots }, nil
	default:
	}
	wait := time.NewTimer(m.wait)
	defer wait.Stop()
	select {
	case m.slots <- struct{}{}:
		return func() { <-m.slots }, nil
	case <-wait.C:
		return nil, &Error{Code: EUnavailable, Err: ErrMediaBusy, RetryAfter: MediaBusyRetryAfter,
			Message: "too many uploaded files are being checked at once; retry in a second"}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
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
// decode to more than MaxImageDecodeBytes.
func checkDecodeBudget(w, h int, bpp, passes, extra int64) error {
	need := int64(w)*int64(h)*bpp*passes + extra
	if need > MaxImageDecodeBytes {
		what := ""
		if extra > 0 {
			what = ", and its progressive coefficients"
		}
		return Errorf(EPayloadTooLarge, "the image is %d×%d at %d bytes a pixel%s: decoding it would take %d MiB; posters may take at most %d MiB",
			w, h, bpp, what, (need+(1<<20)-1)>>20, MaxImageDecodeBytes>>20)
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
