package videohost

import (
	"context"
	"errors"
	"image/color"
	"time"
)

// Work an API request does before it answers: a poster image decoded to
// check it, an audio track or a poster probed by the pipeline (a child
// process when it is isolated). Each costs memory in proportion to the
// picture, not to the bytes sent (a 130 kB PNG of 4096×4096 16-bit pixels
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
// decodes pass by pass before assembling). Past it the image is refused
// with EPayloadTooLarge (413) before it is decoded. 64 MiB holds a
// 4096×4096 8-bit RGBA picture, the largest a poster may be, and refuses
// the same picture at 16 bits a channel (128 MiB).
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
// (times passes) that would decode to more than MaxImageDecodeBytes.
func checkDecodeBudget(w, h int, bpp, passes int64) error {
	need := int64(w) * int64(h) * bpp * passes
	if need > MaxImageDecodeBytes {
		return Errorf(EPayloadTooLarge, "the image is %d×%d at %d bytes a pixel: it would decode to %d MiB; posters may decode to at most %d MiB",
			w, h, bpp, (need+(1<<20)-1)>>20, MaxImageDecodeBytes>>20)
	}
	return nil
}
