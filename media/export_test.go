package media

import (
	"context"
	"errors"

	"github.com/asticode/go-astiav"
)

// LengthPrefixed exposes the in-place Annex B conversion to the black-box
// tests.
var LengthPrefixed = lengthPrefixed

// LadderScaleGraph exposes the scaling tree of the ladder's filter graph.
var LadderScaleGraph = ladderScaleGraph

// ThreadRun is what EncodeThroughThread saw.
type ThreadRun struct {
	Packets  int
	Flushed  bool
	Failures int // calls of the fail callback
	Err      error
	Queued   int // frames still counted as queued at the end
}

// EncodeThroughThread encodes frames black 64x64 frames with libx264 through
// an encoder thread, flushing at the end when flush is set; onPacket fails
// at packet number failAt (1-based) when failAt > 0.
func EncodeThroughThread(ctx context.Context, frames int, flush bool, failAt int) (ThreadRun, error) {
	codec := astiav.FindEncoderByName("libx264")
	enc := astiav.AllocCodecContext(codec)
	defer enc.Free()
	enc.SetWidth(64)
	enc.SetHeight(64)
	enc.SetPixelFormat(astiav.PixelFormatYuv420P)
	enc.SetTimeBase(astiav.NewRational(1, 30))
	enc.SetFramerate(astiav.NewRational(30, 1))
	d := astiav.NewDictionary()
	defer d.Free()
	_ = d.Set("preset", "ultrafast", 0)
	if err := enc.Open(codec, d); err != nil {
		return ThreadRun{}, err
	}
	t, err := startEncoderThread(enc, 4)
	if err != nil {
		return ThreadRun{}, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var run ThreadRun
	done := make(chan struct{})
	go func() {
		defer close(done)
		run.Flushed, run.Err = t.receive(func(encodedPacket) error {
			run.Packets++
			if run.Packets == failAt {
				return errors.New("packet refused")
			}
			return nil
		}, func(err error) {
			run.Failures++
			cancel(err)
		})
	}()
	var submitErr error
	for i := range frames {
		f := astiav.AllocFrame()
		f.SetWidth(64)
		f.SetHeight(64)
		f.SetPixelFormat(astiav.PixelFormatYuv420P)
		if err := f.AllocBuffer(0); err != nil {
			f.Free()
			return run, err
		}
		_ = f.ImageFillBlack()
		f.SetPts(int64(i))
		if submitErr = t.submit(ctx, f); submitErr != nil {
			break
		}
	}
	if err := t.closeInput(flush && submitErr == nil); err != nil {
		return run, err
	}
	<-done
	run.Queued = len(t.slots)
	return run, submitErr
}

// SourceFilters exposes the filters that come first in a source's chain.
var SourceFilters = sourceFilters

// FieldOrderOf is the field order of the first video stream of path, as
// streamFieldOrder reads it.
func FieldOrderOf(ctx context.Context, path string) (string, error) {
	in, err := openInputWithInfo(ctx, "probe", path)
	if err != nil {
		return "", err
	}
	defer in.close()
	for _, s := range in.fc.Streams() {
		if s.CodecParameters().MediaType() == astiav.MediaTypeVideo {
			return streamFieldOrder(s), nil
		}
	}
	return "", errors.New("no video stream")
}

// DurationByReading is path's duration read from its packets (readDuration).
func DurationByReading(ctx context.Context, path string) (float64, error) {
	in, err := openInputWithInfo(ctx, "probe", path)
	if err != nil {
		return 0, err
	}
	defer in.close()
	return readDuration(ctx, in.fc)
}

// MasterPlaylist is the text WriteMasterPlaylist writes for a manifest.
var MasterPlaylist = masterPlaylist

// Quoted is what the master playlist writer makes of a string it puts
// between double quotes.
var Quoted = quoted

// FrameBounds exposes the bounds a decode holds the pictures of a source
// probed at w×h and fps to: add counts a decoded picture shown at seconds.
func FrameBounds(w, h int, fps float64) (add func(w, h int, seconds float64) error) {
	b := newFrameBounds("transcode", &VideoStream{Width: w, Height: h, FrameRate: fps}, 0, astiav.NewRational(1, 1000))
	return func(w, h int, seconds float64) error { return b.add(w, h, int64(seconds*1000)) }
}
