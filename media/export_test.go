package media

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

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

// ToneMapFile decodes the video of path and returns every frame as the
// ladder's tone map makes it: raw yuv420p, one frame after another.
func ToneMapFile(ctx context.Context, path string) (raw []byte, width, height int, err error) {
	info, err := Probe(ctx, path)
	if err != nil {
		return nil, 0, 0, err
	}
	fc := astiav.AllocFormatContext()
	defer fc.Free()
	if err := fc.OpenInput(path, nil, nil); err != nil {
		return nil, 0, 0, err
	}
	defer fc.CloseInput()
	if err := fc.FindStreamInfo(nil); err != nil {
		return nil, 0, 0, err
	}
	s := fc.Streams()[info.Video.Index]
	dec := astiav.AllocCodecContext(astiav.FindDecoder(s.CodecParameters().CodecID()))
	defer dec.Free()
	if err := s.CodecParameters().ToCodecContext(dec); err != nil {
		return nil, 0, 0, err
	}
	if err := dec.Open(astiav.FindDecoder(s.CodecParameters().CodecID()), nil); err != nil {
		return nil, 0, 0, err
	}
	tm := newToneMapper(info.Video)
	defer tm.free()
	pkt, f := astiav.AllocPacket(), astiav.AllocFrame()
	defer pkt.Free()
	defer f.Free()
	receive := func() error {
		for {
			if err := dec.ReceiveFrame(f); err != nil {
				if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
					return nil
				}
				return err
			}
			if !fastToneMap(info.Video, dec.PixelFormat(), f.ColorRange(), f.Width(), f.Height()) {
				return errors.New("not a source the fast tone map takes")
			}
			out, err := tm.apply(f)
			f.Unref()
			if err != nil {
				return err
			}
			b, err := out.Data().Bytes(1)
			width, height = out.Width(), out.Height()
			out.Free()
			if err != nil {
				return err
			}
			raw = append(raw, b...)
		}
	}
	for {
		if err := fc.ReadFrame(pkt); err != nil {
			if errors.Is(err, astiav.ErrEof) {
				break
			}
			return nil, 0, 0, err
		}
		if pkt.StreamIndex() == s.Index() {
			if err := dec.SendPacket(pkt); err != nil {
				pkt.Unref()
				return nil, 0, 0, err
			}
			if err := receive(); err != nil {
				pkt.Unref()
				return nil, 0, 0, err
			}
		}
		pkt.Unref()
	}
	if err := dec.SendPacket(nil); err != nil {
		return nil, 0, 0, err
	}
	return raw, width, height, receive()
}

// ToneMapFilters is the float chain the fast tone map stands for.
func ToneMapFilters(v *VideoStream) string { return toneMapFilters(v) }

// BenchToneMap tone-maps the first frame of path's video b.N times, with
// the ladder's tone map (fast) or the float filter chain it stands for.
func BenchToneMap(b *testing.B, path string, fast bool) {
	b.Helper()
	info, err := Probe(b.Context(), path)
	if err != nil {
		b.Fatal(err)
	}
	frame, err := firstVideoFrame(path, info.Video.Index)
	if err != nil {
		b.Fatal(err)
	}
	defer frame.Free()
	// The processor time is what the chain's single thread and the tone
	// map's several share out differently; it is also what a busy machine
	// leaves alone.
	var before syscall.Rusage
	defer func() {
		var after syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}()
	if fast {
		tm := newToneMapper(info.Video)
		defer tm.free()
		b.ResetTimer()
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		for range b.N {
			out, err := tm.apply(frame)
			if err != nil {
				b.Fatal(err)
			}
			out.Free()
		}
		return
	}
	g, err := newFilterGraph(frame.Width(), frame.Height(), frame.PixelFormat(), astiav.NewRational(1, 1000), astiav.NewRational(1, 1))
	if err != nil {
		b.Fatal(err)
	}
	defer g.graph.Free()
	if err := g.link(toneMapFilters(info.Video), 1); err != nil {
		b.Fatal(err)
	}
	out := astiav.AllocFrame()
	defer out.Free()
	b.ResetTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	for i := range b.N {
		frame.SetPts(int64(i))
		if err := g.src.BuffersrcAddFrame(frame, astiav.NewBuffersrcFlags(astiav.BuffersrcFlagKeepRef)); err != nil {
			b.Fatal(err)
		}
		if err := g.sinks[0].BuffersinkGetFrame(out, astiav.NewBuffersinkFlags()); err != nil {
			b.Fatal(err)
		}
		out.Unref()
	}
}

func firstVideoFrame(path string, index int) (*astiav.Frame, error) {
	fc := astiav.AllocFormatContext()
	defer fc.Free()
	if err := fc.OpenInput(path, nil, nil); err != nil {
		return nil, err
	}
	defer fc.CloseInput()
	if err := fc.FindStreamInfo(nil); err != nil {
		return nil, err
	}
	s := fc.Streams()[index]
	codec := astiav.FindDecoder(s.CodecParameters().CodecID())
	dec := astiav.AllocCodecContext(codec)
	defer dec.Free()
	if err := s.CodecParameters().ToCodecContext(dec); err != nil {
		return nil, err
	}
	if err := dec.Open(codec, nil); err != nil {
		return nil, err
	}
	pkt, f := astiav.AllocPacket(), astiav.AllocFrame()
	defer pkt.Free()
	for {
		if err := fc.ReadFrame(pkt); err != nil {
			f.Free()
			return nil, err
		}
		if pkt.StreamIndex() == index {
			if err := dec.SendPacket(pkt); err != nil {
				pkt.Unref()
				f.Free()
				return nil, err
			}
			if err := dec.ReceiveFrame(f); err == nil {
				pkt.Unref()
				return f, nil
			}
		}
		pkt.Unref()
	}
}

// FrameBounds exposes the bounds a decode holds the pictures of a source
// probed at w×h and fps to: add counts a decoded picture shown at seconds.
func FrameBounds(w, h int, fps float64) (add func(w, h int, seconds float64) error) {
	b := newFrameBounds("transcode", &VideoStream{Width: w, Height: h, FrameRate: fps}, 0, astiav.NewRational(1, 1000))
	return func(w, h int, seconds float64) error { return b.add(w, h, int64(seconds*1000)) }
}
