package media

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/asticode/go-astiav"
)

// Info describes a probed source.
type Info struct {
	Container string  `json:"container"` // demuxer name, e.g. "mov,mp4,m4a,3gp,3g2,mj2"
	Duration  float64 `json:"duration"`  // seconds
	Size      int64   `json:"size"`      // bytes
	BitRate   int64   `json:"bit_rate"`  // bits per second, as the container reports it

	Video     *VideoStream     `json:"video,omitempty"` // nil for audio-only sources
	Audio     []AudioStream    `json:"audio,omitempty"`
	Subtitles []SubtitleStream `json:"subtitles,omitempty"`
}

// VideoStream is the first real video stream of a source (cover art excluded).
type VideoStream struct {
	Index        int     `json:"index"`
	Codec        string  `json:"codec"`   // FFmpeg codec name, e.g. "h264"
	Profile      string  `json:"profile"` // e.g. "High" for H.264, "" when unknown
	Level        int     `json:"level"`
	PixelFormat  string  `json:"pixel_format"`
	Width        int     `json:"width"`  // coded width, before rotation and aspect ratio
	Height       int     `json:"height"` // coded height
	FrameRate    float64 `json:"frame_rate"`
	FrameRateNum int     `json:"frame_rate_num"`
	FrameRateDen int     `json:"frame_rate_den"`
	Rotation     int     `json:"rotation"`           // clockwise degrees to display upright: 0, 90, 180 or 270
	Mirrored     bool    `json:"mirrored,omitempty"` // flipped left to right after the rotation
	// FieldOrder is "tt", "bb", "tb" or "bt" for an interlaced source,
	// "progressive", or "" when the headers do not say.
	FieldOrder     string `json:"field_order,omitempty"`
	SampleAspect   Ratio  `json:"sample_aspect_ratio"`
	BitRate        int64  `json:"bit_rate"`
	HDR            bool   `json:"hdr"`
	ColorTransfer  string `json:"color_transfer,omitempty"`
	ColorPrimaries string `json:"color_primaries,omitempty"`
}

// Ratio is a rational number such as a sample aspect ratio.
type Ratio struct {
	Num int `json:"num"`
	Den int `json:"den"`
}

// DisplaySize is the upright picture size a viewer sees: the coded size
// stretched by the sample aspect ratio, then rotated.
func (v *VideoStream) DisplaySize() (width, height int) {
	width, height = v.Width, v.Height
	if v.SampleAspect.Num > 0 && v.SampleAspect.Den > 0 && v.SampleAspect.Num != v.SampleAspect.Den {
		width = int(math.Round(float64(width) * float64(v.SampleAspect.Num) / float64(v.SampleAspect.Den)))
	}
	if v.orientation().swapsAxes() {
		width, height = height, width
	}
	return width, height
}

func (v *VideoStream) orientation() Orientation {
	return Orientation{Rotation: v.Rotation, Mirrored: v.Mirrored}
}

// AudioStream is one audio stream of a source.
type AudioStream struct {
	Index      int    `json:"index"`
	Codec      string `json:"codec"`
	Language   string `json:"language,omitempty"` // ISO 639 tag from the container, "" when absent or "und"
	Title      string `json:"title,omitempty"`
	Channels   int    `json:"channels"`
	SampleRate int    `json:"sample_rate"`
	BitRate    int64  `json:"bit_rate"`
}

// SubtitleStream is one subtitle stream of a source.
type SubtitleStream struct {
	Index    int    `json:"index"`
	Codec    string `json:"codec"`
	Language string `json:"language,omitempty"`
}

// Probe reads the container and stream headers of the file at path.
// Anything that is not audio or video (empty, text, random bytes, a still
// image, zero duration) answers an *Error with code not_media.
func Probe(ctx context.Context, path string) (*Info, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("probing source: %w", err)
	}
	if st.Size() == 0 {
		return nil, newError(CodeNotMedia, "probe", errors.New("empty file"))
	}
	in, err := openInputWithInfo(ctx, "probe", path)
	if err != nil {
		return nil, err
	}
	defer in.close()

	info := describeInput(in.fc, st.Size())
	if info.Duration <= 0 {
		// No duration in the header (a WebM a browser's MediaRecorder
		// wrote): read it off the packets. fc is not used after this.
		info.Duration, _ = readDuration(ctx, in.fc)
	}
	if err := validateInfo(info, in.fc); err != nil {
		return nil, err
	}
	return info, nil
}

// stillImageCodecs are codecs that, with a single frame, make a picture
// rather than a video: cover art in audio files, or an uploaded image.
var stillImageCodecs = map[astiav.CodecID]bool{
	astiav.CodecIDPng: true, astiav.CodecIDMjpeg: true, astiav.CodecIDBmp: true,
	astiav.CodecIDTiff: true, astiav.CodecIDWebp: true, astiav.CodecIDGif: true,
}

func describeInput(fc *astiav.FormatContext, size int64) *Info {
	info := &Info{Size: size, BitRate: fc.BitRate()}
	if f := fc.InputFormat(); f != nil {
		info.Container = f.Name()
	}
	if d := fc.Duration(); d > 0 {
		info.Duration = float64(d) / 1e6
	}
	for _, s := range fc.Streams() {
		cp := s.CodecParameters()
		if d := s.Duration(); d > 0 && info.Duration == 0 {
			info.Duration = float64(d) * s.TimeBase().Float64()
		}
		switch cp.MediaType() {
		case astiav.MediaTypeVideo:
			if info.Video != nil || isStillPicture(s) {
				continue
			}
			info.Video = describeVideo(fc, s)
		case astiav.MediaTypeAudio:
			info.Audio = append(info.Audio, AudioStream{
				Index:      s.Index(),
				Codec:      cp.CodecID().Name(),
				Language:   streamLanguage(s),
				Title:      metadataValue(s.Metadata(), "title"),
				Channels:   cp.ChannelLayout().NbChannels(),
				SampleRate: cp.SampleRate(),
				BitRate:    cp.BitRate(),
			})
		case astiav.MediaTypeSubtitle:
			info.Subtitles = append(info.Subtitles, SubtitleStream{
				Index:    s.Index(),
				Codec:    cp.CodecID().Name(),
				Language: streamLanguage(s),
			})
		}
	}
	return info
}

func isStillPicture(s *astiav.Stream) bool {
	if !stillImageCodecs[s.CodecParameters().CodecID()] {
		return false
	}
	return s.NbFrames() <= 1
}

func describeVideo(fc *astiav.FormatContext, s *astiav.Stream) *VideoStream {
	cp := s.CodecParameters()
	// FFmpeg's guess (the stream's base rate, r_frame_rate, unless the
	// codec or the average says it is a field or tick rate) rather than the
	// average: a variable-rate phone or screen recording averages 27 or 37
	// fps, and encoded at that rate it would lose the frames where it runs
	// at 30 or 60 (the ffmpeg command's choice too).
	rate := fc.GuessFrameRate(s, nil)
	if rate.Num() <= 0 || rate.Den() <= 0 || rate.Float64() > 120 {
		rate = s.AvgFrameRate()
	}
	if rate.Num() <= 0 || rate.Den() <= 0 {
		rate = astiav.NewRational(25, 1)
	}
	sar := cp.SampleAspectRatio()
	orient := streamOrientation(s)
	v := &VideoStream{
		Index:        s.Index(),
		Codec:        cp.CodecID().Name(),
		Profile:      profileName(cp.CodecID(), int(cp.Profile())),
		Level:        int(cp.Level()),
		PixelFormat:  cp.PixelFormat().Name(),
		Width:        cp.Width(),
		Height:       cp.Height(),
		FrameRate:    rate.Float64(),
		FrameRateNum: rate.Num(),
		FrameRateDen: rate.Den(),
		SampleAspect: Ratio{Num: sar.Num(), Den: sar.Den()},
		BitRate:      cp.BitRate(),
		Rotation:     orient.Rotation,
		Mirrored:     orient.Mirrored,
		FieldOrder:   streamFieldOrder(s),
	}
	switch cp.ColorTransferCharacteristic() {
	case astiav.ColorTransferCharacteristicSmpte2084:
		v.HDR, v.ColorTransfer = true, "pq"
	case astiav.ColorTransferCharacteristicAribStdB67:
		v.HDR, v.ColorTransfer = true, "hlg"
	}
	if cp.ColorPrimaries() == astiav.ColorPrimariesBt2020 {
		v.ColorPrimaries = "bt2020"
	}
	return v
}

func profileName(id astiav.CodecID, p int) string {
	if id != astiav.CodecIDH264 {
		return ""
	}
	switch p {
	case 66:
		return "Baseline"
	case 66 | 1<<9:
		return "Constrained Baseline"
	case 77:
		return "Main"
	case 88:
		return "Extended"
	case 100:
		return "High"
	case 110:
		return "High 10"
	case 122:
		return "High 4:2:2"
	case 244:
		return "High 4:4:4 Predictive"
	}
	return ""
}

func streamLanguage(s *astiav.Stream) string {
	l := metadataValue(s.Metadata(), "language")
	if l == "und" || l == "" {
		return ""
	}
	return LanguageTag(l)
}

func metadataValue(d *astiav.Dictionary, key string) string {
	if d == nil {
		return ""
	}
	if e := d.Get(key, nil, 0); e != nil {
		return strings.TrimSpace(e.Value())
	}
	return ""
}

// notMediaFormats are demuxers that accept almost anything or only pictures.
func isNotMediaFormat(name string) bool {
	switch name {
	case "tty", "image2", "srt", "webvtt", "ass", "lrc":
		return true
	case "amrnb", "amrwb":
		// Headerless AMR is only ever guessed from byte patterns (any
		// repeating 3-byte sequence scores 26, just past FFmpeg's retry
		// threshold); real .amr files start with "#!AMR" and open as "amr".
		return true
	}
	return strings.HasSuffix(name, "_pipe")
}

func validateInfo(info *Info, fc *astiav.FormatContext) error {
	if isNotMediaFormat(info.Container) {
		return newError(CodeNotMedia, "probe", fmt.Errorf("%s is not audio or video", info.Container))
	}
	if info.Video == nil && len(info.Audio) == 0 {
		return newError(CodeNotMedia, "probe", errors.New("no audio or video stream"))
	}
	if info.Video != nil {
		if info.Video.Width <= 0 || info.Video.Height <= 0 {
			return newError(CodeNotMedia, "probe", errors.New("video stream without dimensions"))
		}
		if astiav.FindDecoder(fc.Streams()[info.Video.Index].CodecParameters().CodecID()) == nil {
			return newError(CodeUnsupportedCodec, "probe", fmt.Errorf("no decoder for video codec %s", info.Video.Codec))
		}
	}
	for _, a := range info.Audio {
		if a.SampleRate <= 0 || a.Channels <= 0 {
			return newError(CodeNotMedia, "probe", fmt.Errorf("audio stream %d without sample rate or channels", a.Index))
		}
	}
	if info.Duration <= 0 {
		return newError(CodeNotMedia, "probe", errors.New("zero duration"))
	}
	return nil
}
