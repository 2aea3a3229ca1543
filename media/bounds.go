package media

import (
	"fmt"
	"math"
	"strconv"

	"github.com/asticode/go-astiav"
)

// DefaultMaxPixelRate bounds the pixels a source's video decodes to each
// second (width × height × frame rate): 8192×4320 at 60 fps, 2.12 G. A
// few kB of H.264 can describe 8192×8192 pictures at 240 fps, 16 G pixels
// a second of decoding; an edge bound alone lets that through.
const DefaultMaxPixelRate int64 = 8192 * 4320 * 60

// pixelRateSlack is how far ahead of the source's own clock decoding may
// run before the pixel rate is enforced while decoding: a second of
// pictures at the bound.
const pixelRateSlack = 1.0

// planSource is PlanLadder followed by the bounds PlanLadder leaves out:
// what it costs each second to decode the source's pictures.
func planSource(info *Info, opts LadderOptions) ([]Rendition, error) {
	rs, err := PlanLadder(info, opts)
	if err != nil {
		return nil, err
	}
	if v := info.Video; v != nil && len(rs) > 0 {
		if rate := float64(v.Width) * float64(v.Height) * v.FrameRate; rate > float64(DefaultMaxPixelRate) {
			return nil, newError(CodeTooLarge, "plan", fmt.Errorf("%dx%d at %.4g fps is %.3g pixels a second, over %.3g",
				v.Width, v.Height, v.FrameRate, rate, float64(DefaultMaxPixelRate)))
		}
	}
	return rs, nil
}

// frameBounds holds every decoded picture of a source to the bounds its
// header passed: a header may say 320×240 and the stream change to
// 8192×8192 (a new H.264 SPS) after the probe, or its timestamps may run
// many times faster than its declared rate.
type frameBounds struct {
	op        string
	maxEdge   int
	maxPixels int64   // a picture's, at the probed rate: the decoder's max_pixels too
	maxRate   float64 // pixels a second of source time
	probedW   int
	probedH   int
	tb        astiav.Rational
	firstPts  int64
	decoded   float64 // pixels so far
	started   bool
}

func newFrameBounds(op string, v *VideoStream, maxEdge int, tb astiav.Rational) *frameBounds {
	if maxEdge <= 0 {
		maxEdge = DefaultMaxEdge
	}
	rate := v.FrameRate
	if rate <= 0 {
		rate = 25
	}
	maxPixels := int64(maxEdge) * int64(maxEdge)
	if perFrame := int64(float64(DefaultMaxPixelRate) / rate); perFrame < maxPixels {
		maxPixels = perFrame
	}
	// Never below the probed picture, which passed the same bounds.
	maxPixels = max(maxPixels, int64(v.Width)*int64(v.Height))
	return &frameBounds{op: op, maxEdge: maxEdge, maxPixels: maxPixels, maxRate: float64(DefaultMaxPixelRate),
		probedW: v.Width, probedH: v.Height, tb: tb}
}

// limitDecoder makes the decoder itself refuse pictures over the bound
// (AVCodecContext.max_pixels), so a stream that grows after its header
// never has one allocated: decoder memory stays in proportion to the
// bound, reference frames and threads included.
func (b *frameBounds) limitDecoder(d *astiav.Dictionary) error {
	return d.Set("max_pixels", strconv.FormatInt(b.maxPixels, 10), astiav.NewDictionaryFlags())
}

// checkSize answers too_large for a picture of w×h over the bounds.
func (b *frameBounds) checkSize(w, h int) error {
	if w > b.maxEdge || h > b.maxEdge {
		return newError(CodeTooLarge, b.op, fmt.Errorf("a picture of %dx%d after a header of %dx%d: over %d on an edge",
			w, h, b.probedW, b.probedH, b.maxEdge))
	}
	if int64(w)*int64(h) > b.maxPixels {
		return newError(CodeTooLarge, b.op, fmt.Errorf("a picture of %dx%d after a header of %dx%d: over %d pixels at the source's rate",
			w, h, b.probedW, b.probedH, b.maxPixels))
	}
	return nil
}

// add counts a decoded picture of w×h at pts (in tb, after the origin) and
// answers too_large once decoding runs more than pixelRateSlack ahead of
// the source's clock at the bound.
func (b *frameBounds) add(w, h int, pts int64) error {
	if err := b.checkSize(w, h); err != nil {
		return err
	}
	if !b.started {
		b.started, b.firstPts = true, pts
	}
	b.decoded += float64(w) * float64(h)
	elapsed := math.Max(0, float64(pts-b.firstPts)*b.tb.Float64())
	if b.decoded > b.maxRate*(elapsed+pixelRateSlack) {
		return newError(CodeTooLarge, b.op, fmt.Errorf("%.3g pixels decoded in %.3f s of source: over %.3g a second",
			b.decoded, elapsed, b.maxRate))
	}
	return nil
}
