package media

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/asticode/go-astiav"
)

// ImageFormat is the encoding of a still picture.
type ImageFormat string

// The still-picture encodings Reel serves.
const (
	JPEG ImageFormat = "jpeg"
	PNG  ImageFormat = "png"
	WebP ImageFormat = "webp"
)

// frameDecodeThreads bounds the decoder threads of one frame request. Two
// frame threads decode a group of pictures about twice as fast; more only
// add startup latency and oversubscribe a server answering many requests.
const frameDecodeThreads = 2

// MaxFrameWidth is the widest picture Frame produces (the contract's limit
// for frame URLs).
const MaxFrameWidth = 3840

// ParseImageFormat reads a file extension or format name ("jpg", "jpeg",
// "png", "webp"; any case, with or without a leading dot).
func ParseImageFormat(name string) (ImageFormat, error) {
	switch strings.ToLower(strings.TrimPrefix(name, ".")) {
	case "jpg", "jpeg":
		return JPEG, nil
	case "png":
		return PNG, nil
	case "webp":
		return WebP, nil
	}
	return "", newError(CodeInvalidArgument, "frame", fmt.Errorf("unknown image format %q", name))
}

// Extension is the file extension without a dot: "jpg", "png" or "webp".
func (f ImageFormat) Extension() string {
	if f == JPEG {
		return "jpg"
	}
	return string(f)
}

// ContentType is the MIME type of the encoding.
func (f ImageFormat) ContentType() string {
	return "image/" + string(f)
}

func (f ImageFormat) valid() bool { return f == JPEG || f == PNG || f == WebP }

// encoderPixelFormat is the pixel format each encoder takes.
func (f ImageFormat) encoderPixelFormat() astiav.PixelFormat {
	if f == PNG {
		return astiav.PixelFormatRgb24
	}
	return astiav.PixelFormatYuv420P
}

// fullRange reports whether the encoding stores YUV in full range (JPEG
// does, as JFIF says; WebP and video use the limited range).
func (f ImageFormat) fullRange() bool { return f == JPEG }

// FrameSource is one file a frame may be taken from (the source or one of
// its renditions) and its upright picture size.
type FrameSource struct {
	Path   string
	Width  int
	Height int
}

// PickFrameSource returns the smallest source at least width wide, so that
// a frame decodes as few pixels as the answer needs; when none is that wide
// (or width is 0, meaning "full size") it returns the widest. It returns the
// zero FrameSource for an empty list.
func PickFrameSource(sources []FrameSource, width int) FrameSource {
	var best, widest FrameSource
	for _, s := range sources {
		if s.Width > widest.Width || widest.Path == "" {
			widest = s
		}
		if width > 0 && s.Width >= width && (best.Path == "" || s.Width < best.Width) {
			best = s
		}
	}
	if best.Path != "" {
		return best
	}
	return widest
}

// FrameFromSources is Frame on the source PickFrameSource chooses.
func FrameFromSources(ctx context.Context, sources []FrameSource, at time.Duration, width int, format ImageFormat) ([]byte, error) {
	source := PickFrameSource(sources, width)
	if source.Path == "" {
		return nil, newError(CodeInvalidArgument, "frame", errors.New("no frame source"))
	}
	return Frame(ctx, source.Path, at, width, format)
}

// Frame returns the picture shown at time at, scaled to width pixels
// (0: the source width; never wider than the source) with the display
// aspect kept, turned upright, and encoded as format. A time past the end
// gives the last picture. It seeks to the keyframe before at and decodes
// forward, so its cost is one open plus at most one group of pictures.
func Frame(ctx context.Context, source string, at time.Duration, width int, format ImageFormat) ([]byte, error) {
	const op = "frame"
	if !format.valid() {
		return nil, newError(CodeInvalidArgument, op, fmt.Errorf("unknown image format %q", format))
	}
	if width < 0 || width > MaxFrameWidth {
		return nil, newError(CodeInvalidArgument, op, fmt.Errorf("width %d out of range 0-%d", width, MaxFrameWidth))
	}
	if at < 0 {
		at = 0
	}
	decoder, err := openImgDecoder(ctx, op, source, frameDecodeThreads)
	if err != nil {
		return nil, err
	}
	defer decoder.close()
	if decoder.duration > 0 && at > decoder.duration {
		at = decoder.duration
	}
	picture, err := decoder.frameAt(ctx, at)
	if err != nil {
		return nil, err
	}
	displayW, displayH := decoder.displaySize()
	outW, outH := imgOutputSize(displayW, displayH, width)
	return imgEncodePicture(picture, decoder.timeBase, decoder.orient, outW, outH, format)
}

// imgScaleChain is the filter chain that turns a decoded picture upright at
// outW x outH in pixFmt, with square pixels. fullRange asks for full-range
// YUV, which JPEG encoders want; it is requested from the scaler rather than
// with the deprecated "yuvj" pixel formats, which make swscale log a warning
// on every picture.
func imgScaleChain(orient Orientation, outW, outH int, pixFmt astiav.PixelFormat, fullRange bool) string {
	scaleW, scaleH := outW, outH
	if orient.swapsAxes() {
		// Scale before turning: fewer pixels to move.
		scaleW, scaleH = outH, outW
	}
	scale := "scale=" + strconv.Itoa(scaleW) + ":" + strconv.Itoa(scaleH)
	if fullRange {
		scale += ":out_range=full"
	}
	chain := []string{scale}
	chain = append(chain, orient.filters()...)
	chain = append(chain, "setsar=1", "format="+pixFmt.Name())
	return strings.Join(chain, ",")
}

// imgEncodePicture scales, turns and encodes one decoded picture.
func imgEncodePicture(picture *astiav.Frame, timeBase astiav.Rational, orient Orientation, outW, outH int, format ImageFormat) ([]byte, error) {
	filter, err := newVideoFilter(picture, timeBase, imgScaleChain(orient, outW, outH, format.encoderPixelFormat(), format.fullRange()))
	if err != nil {
		return nil, newError(CodeTranscodeFailed, "frame", err)
	}
	defer filter.close()
	scaled, err := filter.convert(picture)
	if err != nil {
		return nil, newError(CodeTranscodeFailed, "frame", err)
	}
	return imgEncode(scaled, format)
}

// imgEncode encodes a picture already in format's pixel format into a
// complete image file.
func imgEncode(picture *astiav.Frame, format ImageFormat) ([]byte, error) {
	const op = "encode image"
	encoderName := "mjpeg"
	switch format {
	case PNG:
		encoderName = "png"
	case WebP:
		encoderName = "libwebp"
	}
	codec := astiav.FindEncoderByName(encoderName)
	if codec == nil {
		return nil, newError(CodeTranscodeFailed, op, fmt.Errorf("encoder %s not available", encoderName))
	}
	encoder := astiav.AllocCodecContext(codec)
	if encoder == nil {
		return nil, newError(CodeTranscodeFailed, op, errors.New("alloc encoder"))
	}
	defer encoder.Free()
	encoder.SetWidth(picture.Width())
	encoder.SetHeight(picture.Height())
	encoder.SetPixelFormat(format.encoderPixelFormat())
	encoder.SetTimeBase(astiav.NewRational(1, 25))
	encoder.SetSampleAspectRatio(astiav.NewRational(1, 1))
	options := astiav.NewDictionary()
	defer options.Free()
	switch format {
	case JPEG:
		// The equivalent of ffmpeg's -q:v 3: rate control pinned to one
		// quantiser, good quality at about a tenth of PNG's size.
		encoder.SetQmin(3)
		_ = options.Set("qmax", "3", astiav.NewDictionaryFlags())
		_ = options.Set("color_range", "pc", astiav.NewDictionaryFlags())
	case WebP:
		_ = options.Set("quality", "80", astiav.NewDictionaryFlags())
	}
	if err := encoder.Open(codec, options); err != nil {
		return nil, newError(CodeTranscodeFailed, op, fmt.Errorf("open %s: %w", encoderName, err))
	}
	picture.SetPts(0)
	picture.SetPictureType(astiav.PictureTypeNone)
	if err := encoder.SendFrame(picture); err != nil {
		return nil, newError(CodeTranscodeFailed, op, fmt.Errorf("%s: %w", encoderName, err))
	}
	if err := encoder.SendFrame(nil); err != nil {
		return nil, newError(CodeTranscodeFailed, op, fmt.Errorf("%s flush: %w", encoderName, err))
	}
	packet := astiav.AllocPacket()
	defer packet.Free()
	var image []byte
	for {
		err := encoder.ReceivePacket(packet)
		if errors.Is(err, astiav.ErrEof) || errors.Is(err, astiav.ErrEagain) {
			break
		}
		if err != nil {
			return nil, newError(CodeTranscodeFailed, op, fmt.Errorf("%s: %w", encoderName, err))
		}
		if image == nil {
			image = append([]byte(nil), packet.Data()...)
		}
		packet.Unref()
	}
	if len(image) == 0 {
		return nil, newError(CodeTranscodeFailed, op, fmt.Errorf("%s produced nothing", encoderName))
	}
	return image, nil
}
