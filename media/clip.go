package media

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/asticode/go-astiav"
)

// ClipOptions shapes the muted preview clip. Zero values take the defaults.
type ClipOptions struct {
	MaxDuration time.Duration // default 10 s
	Width       int           // default 480, never wider than the source
}

const (
	defaultClipDuration = 10 * time.Second
	defaultClipWidth    = 480
	// clipMaxFrameRate: a looping preview gains nothing from 60 fps but
	// twice the bytes.
	clipMaxFrameRate = 30
)

// Clip writes out (clip.mp4): the first MaxDuration of the video, without
// audio, scaled to Width, as small H.264 (CRF 28) in an MP4 with its index
// first, for a muted, looping <reel-clip>.
func Clip(ctx context.Context, source string, out string, opts ClipOptions) error {
	const op = "clip"
	if opts.MaxDuration == 0 {
		opts.MaxDuration = defaultClipDuration
	}
	if opts.Width == 0 {
		opts.Width = defaultClipWidth
	}
	if opts.MaxDuration < 0 || opts.Width < 16 || opts.Width > MaxFrameWidth {
		return newError(CodeInvalidArgument, op, fmt.Errorf("bad options %+v", opts))
	}
	decoder, err := openImgDecoder(ctx, op, source, frameDecodeThreads)
	if err != nil {
		return err
	}
	defer decoder.close()
	muxer, err := newImgMuxer(out, "mp4")
	if err != nil {
		return newError(CodeTranscodeFailed, op, err)
	}
	defer muxer.close()

	clip := clipWriter{decoder: decoder, muxer: muxer, opts: opts, packet: astiav.AllocPacket()}
	defer clip.close()
	return stageError(ctx, op, clip.run(ctx))
}

// clipWriter holds the decode -> filter -> encode -> mux chain of Clip.
type clipWriter struct {
	decoder  *imgDecoder
	muxer    *imgMuxer
	opts     ClipOptions
	packet   *astiav.Packet
	filter   *imgFilter
	encoder  *astiav.CodecContext
	firstPts int64
}

func (c *clipWriter) close() {
	c.packet.Free()
	if c.filter != nil {
		c.filter.close()
	}
	if c.encoder != nil {
		c.encoder.Free()
	}
}

func (c *clipWriter) run(ctx context.Context) error {
	if err := c.decoder.seek(0); err != nil {
		return err
	}
	for {
		frame, err := c.decoder.next(ctx)
		if errors.Is(err, errDecoderDone) {
			break
		}
		if err != nil {
			return err
		}
		if c.filter != nil && c.decoder.frameTime(frame) >= c.opts.MaxDuration {
			break
		}
		if c.filter == nil {
			if err := c.open(frame); err != nil {
				return err
			}
		}
		if err := c.filter.push(frame); err != nil {
			return err
		}
		if err := c.drainFilter(); err != nil {
			return err
		}
	}
	if c.filter == nil {
		return newError(CodeNotMedia, "clip", errors.New("no decodable picture"))
	}
	if err := c.filter.push(nil); err != nil {
		return err
	}
	if err := c.drainFilter(); err != nil {
		return err
	}
	if err := imgEncodeTo(c.encoder, nil, c.packet, c.muxer); err != nil {
		return err
	}
	return c.muxer.finish()
}

// open builds the filter and encoder for frames shaped like the first one.
func (c *clipWriter) open(first *astiav.Frame) error {
	displayW, displayH := c.decoder.displaySize()
	width, height := imgOutputSize(displayW, displayH, c.opts.Width)
	width -= width % 2 // 4:2:0 H.264 needs even sides
	chain := imgScaleChain(c.decoder.orient, width, height, astiav.PixelFormatYuv420P, false)
	rate := astiav.NewRational(clipMaxFrameRate, 1)
	if guessed := c.decoder.input.GuessFrameRate(c.decoder.stream, nil); guessed.Num() > 0 && guessed.Den() > 0 {
		if guessed.Float64() <= clipMaxFrameRate+0.5 {
			rate = guessed
		} else {
			chain = "fps=" + rate.String() + "," + chain
		}
	}
	filter, err := newVideoFilter(first, c.decoder.timeBase, chain)
	if err != nil {
		return err
	}
	c.filter = filter
	c.firstPts = noPts

	codec := astiav.FindEncoderByName("libx264")
	if codec == nil {
		return errors.New("encoder libx264 not available")
	}
	encoder := astiav.AllocCodecContext(codec)
	if encoder == nil {
		return errors.New("alloc encoder")
	}
	c.encoder = encoder
	encoder.SetWidth(width)
	encoder.SetHeight(height)
	encoder.SetPixelFormat(astiav.PixelFormatYuv420P)
	encoder.SetSampleAspectRatio(astiav.NewRational(1, 1))
	encoder.SetTimeBase(filter.sink.Inputs()[0].TimeBase())
	encoder.SetFramerate(rate)
	// Two threads: clips are made beside the ladder's encoders.
	encoder.SetThreadCount(2)
	if c.muxer.wantsGlobalHeader() {
		encoder.SetFlags(encoder.Flags().Add(astiav.CodecContextFlagGlobalHeader))
	}
	options := astiav.NewDictionary()
	defer options.Free()
	for key, value := range map[string]string{"preset": "veryfast", "crf": "28", "profile": "main"} {
		_ = options.Set(key, value, astiav.NewDictionaryFlags())
	}
	if err := encoder.Open(codec, options); err != nil {
		return fmt.Errorf("open libx264: %w", err)
	}
	return c.muxer.start(encoder)
}

// drainFilter encodes every frame the filter has ready, timestamps moved so
// that the clip starts at zero.
func (c *clipWriter) drainFilter() error {
	for {
		frame, err := c.filter.pull()
		if err != nil || frame == nil {
			return err
		}
		if c.firstPts == noPts {
			c.firstPts = frame.Pts()
		}
		frame.SetPts(frame.Pts() - c.firstPts)
		frame.SetPictureType(astiav.PictureTypeNone)
		if err := imgEncodeTo(c.encoder, frame, c.packet, c.muxer); err != nil {
			return err
		}
	}
}
