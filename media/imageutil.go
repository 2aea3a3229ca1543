package media

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/asticode/go-astiav"
)

// Codes of the picture, clip and audio-file stages, on top of the shared ones
// in errors.go. Neither is a video error: a source without video gets no
// poster, one without audio no audio file.
const (
	// CodeNoVideo: the source has no video stream to take a picture from.
	CodeNoVideo = "no_video"
	// CodeNoAudio: the source has no audio stream; callers skip the audio file.
	CodeNoAudio = "no_audio"
)

// Sentinels for errors.Is, in the style of errors.go.
var (
	ErrNoVideo = &Error{Code: CodeNoVideo}
	ErrNoAudio = &Error{Code: CodeNoAudio}
)

// noPts is AV_NOPTS_VALUE: FFmpeg's "timestamp unknown".
const noPts = math.MinInt64

// microsecondBase is AV_TIME_BASE_Q, the unit of format-level durations.
func microsecondBase() astiav.Rational { return astiav.NewRational(1, 1_000_000) }

// imgDecoder demuxes and decodes the main video stream of a file for the
// picture stages (frame, poster, storyboard, clip). Like every FFmpeg
// context it belongs to one goroutine.
type imgDecoder struct {
	op       string
	in       *inputFile
	input    *astiav.FormatContext
	stream   *astiav.Stream
	codec    *astiav.Codec
	decoder  *astiav.CodecContext
	threads  int
	packet   *astiav.Packet
	received *astiav.Frame
	kept     *astiav.Frame

	timeBase   astiav.Rational
	startPts   int64
	frameTicks int64 // one frame's duration in stream ticks, 0 when unknown
	duration   time.Duration
	orient     Orientation // how the coded picture is turned upright
	sar        astiav.Rational

	// disposable tells whether a packet holds only pictures no other picture
	// refers to (nil when the codec is not understood); skipBefore is the
	// timestamp before which such packets need not be decoded at all, or
	// noPts.
	disposable func([]byte) bool
	skipBefore int64
	// drainAt, unless noPts, is the timestamp of the one picture wanted
	// before the next seek: once the packet shown then is sent, the decoder
	// is drained rather than fed the frames its reordering (and frame
	// threads) would otherwise wait for.
	drainAt int64

	// fed is true once the current decoder has been sent a packet, so a new
	// seek needs a fresh decoder (the binding has no avcodec_flush_buffers).
	fed     bool
	drained bool
}

// openImgDecoder opens path and the decoder of its main video stream.
// threads is the decoder's thread count (0 lets FFmpeg choose).
func openImgDecoder(ctx context.Context, op, path string, threads int) (*imgDecoder, error) {
	in, err := openInput(ctx, op, path)
	if err != nil {
		return nil, err
	}
	d := &imgDecoder{op: op, in: in, input: in.fc, threads: threads}
	if err := d.init(ctx); err != nil {
		d.close()
		return nil, err
	}
	return d, nil
}

func (d *imgDecoder) init(ctx context.Context) error {
	if !imgHeaderDescribesStreams(d.input) {
		if err := d.in.findStreamInfo(ctx, d.op); err != nil {
			return err
		}
	}
	for _, s := range d.input.Streams() {
		par := s.CodecParameters()
		if par.MediaType() != astiav.MediaTypeVideo || par.Width() <= 0 || par.Height() <= 0 {
			continue
		}
		d.stream = s
		break
	}
	if d.stream == nil {
		return newError(CodeNoVideo, d.op, errors.New("no video stream"))
	}
	par := d.stream.CodecParameters()
	if par.Width() > 16384 || par.Height() > 16384 {
		return newError(CodeNotMedia, d.op, fmt.Errorf("absurd picture size %dx%d", par.Width(), par.Height()))
	}
	d.codec = astiav.FindDecoder(par.CodecID())
	if d.codec == nil {
		return newError(CodeUnsupportedCodec, d.op, fmt.Errorf("no decoder for %s", par.CodecID()))
	}
	d.timeBase = d.stream.TimeBase()
	if d.timeBase.Num() <= 0 || d.timeBase.Den() <= 0 {
		return newError(CodeNotMedia, d.op, errors.New("video stream has no time base"))
	}
	d.startPts = d.stream.StartTime()
	if d.startPts == noPts {
		d.startPts = 0
	}
	if rate := d.input.GuessFrameRate(d.stream, nil); rate.Num() > 0 && rate.Den() > 0 {
		d.frameTicks = astiav.RescaleQ(1, astiav.NewRational(rate.Den(), rate.Num()), d.timeBase)
	}
	switch {
	case d.stream.Duration() > 0:
		d.duration = imgTicksToDuration(d.stream.Duration(), d.timeBase)
	case d.input.Duration() > 0:
		d.duration = time.Duration(d.input.Duration()) * time.Microsecond
	}
	d.orient = streamOrientation(d.stream)
	d.disposable = imgDisposableCheck(par.CodecID(), par.ExtraData())
	d.skipBefore = noPts
	d.drainAt = noPts
	d.sar = d.input.GuessSampleAspectRatio(d.stream, nil)
	d.packet = astiav.AllocPacket()
	d.received = astiav.AllocFrame()
	d.kept = astiav.AllocFrame()
	return d.openCodec()
}

// imgHeaderDescribesStreams reports whether the container header alone gives
// codec, size and timing of its streams.
func imgHeaderDescribesStreams(input *astiav.FormatContext) bool {
	format := input.InputFormat()
	if format == nil {
		return false
	}
	switch format.Name() {
	case "mov,mp4,m4a,3gp,3g2,mj2":
		for _, s := range input.Streams() {
			par := s.CodecParameters()
			if par.MediaType() == astiav.MediaTypeVideo && par.Width() > 0 && par.Height() > 0 && len(par.ExtraData()) > 0 {
				return true
			}
		}
	}
	return false
}

func (d *imgDecoder) openCodec() error {
	if d.decoder != nil {
		d.decoder.Free()
		d.decoder = nil
	}
	decoder := astiav.AllocCodecContext(d.codec)
	if decoder == nil {
		return newError(CodeTranscodeFailed, d.op, errors.New("alloc decoder"))
	}
	if err := d.stream.CodecParameters().ToCodecContext(decoder); err != nil {
		decoder.Free()
		return newError(CodeTranscodeFailed, d.op, fmt.Errorf("decoder parameters: %w", err))
	}
	decoder.SetTimeBase(d.timeBase)
	decoder.SetThreadCount(d.threads)
	if d.threads != 1 {
		// Most H.264 in the wild has one slice per picture, so only frame
		// threads run in parallel; they delay output by a frame per thread,
		// which costs a cold seek less than they win back.
		decoder.SetThreadType(astiav.ThreadTypeFrame | astiav.ThreadTypeSlice)
	}
	if err := decoder.Open(d.codec, nil); err != nil {
		decoder.Free()
		return newError(CodeUnsupportedCodec, d.op, fmt.Errorf("open decoder: %w", err))
	}
	d.decoder = decoder
	d.fed = false
	d.drained = false
	return nil
}

func (d *imgDecoder) close() {
	if d.decoder != nil {
		d.decoder.Free()
	}
	if d.packet != nil {
		d.packet.Free()
	}
	if d.received != nil {
		d.received.Free()
	}
	if d.kept != nil {
		d.kept.Free()
	}
	d.in.close()
}

// width and height of the coded picture, before rotation.
func (d *imgDecoder) width() int  { return d.stream.CodecParameters().Width() }
func (d *imgDecoder) height() int { return d.stream.CodecParameters().Height() }

// displaySize is the upright picture size a viewer sees: pixel aspect
// applied, then rotation.
func (d *imgDecoder) displaySize() (int, int) {
	w, h := d.width(), d.height()
	if d.sar.Num() > 0 && d.sar.Den() > 0 && d.sar.Num() != d.sar.Den() {
		w = int(math.Round(float64(w) * float64(d.sar.Num()) / float64(d.sar.Den())))
	}
	if d.orient.swapsAxes() {
		return h, w
	}
	return w, h
}

// framePts returns a decoded frame's timestamp in stream ticks, or noPts.
func framePts(f *astiav.Frame) int64 {
	if pts := f.Pts(); pts != noPts {
		return pts
	}
	return f.PktDts()
}

// frameTime converts a decoded frame's timestamp into time since the start.
func (d *imgDecoder) frameTime(f *astiav.Frame) time.Duration {
	pts := framePts(f)
	if pts == noPts {
		return 0
	}
	return imgTicksToDuration(pts-d.startPts, d.timeBase)
}

// ticksAt converts a time since the start into stream ticks.
func (d *imgDecoder) ticksAt(at time.Duration) int64 {
	return d.startPts + astiav.RescaleQ(at.Microseconds(), microsecondBase(), d.timeBase)
}

func imgTicksToDuration(ticks int64, tb astiav.Rational) time.Duration {
	return time.Duration(astiav.RescaleQ(ticks, tb, microsecondBase())) * time.Microsecond
}

// seek positions the demuxer on the keyframe at or before at and readies a
// fresh decoder. A source that cannot seek is read from where it is.
func (d *imgDecoder) seek(at time.Duration) error {
	if err := d.input.SeekFrame(d.stream.Index(), d.ticksAt(at), astiav.NewSeekFlags(astiav.SeekFlagBackward)); err != nil {
		// Some demuxers refuse a seek before the first keyframe, and some
		// cannot seek at all: a fresh input is then read from its start.
		if err := d.input.SeekFrame(d.stream.Index(), d.startPts, astiav.NewSeekFlags(astiav.SeekFlagBackward)); err != nil && d.fed {
			return newError(CodeTranscodeFailed, d.op, fmt.Errorf("seek: %w", err))
		}
	}
	if d.fed {
		return d.openCodec()
	}
	d.drained = false
	return nil
}

// errDecoderDone reports that the stream has no more frames.
var errDecoderDone = errors.New("no more frames")

// next returns the next decoded frame, owned by d and valid until the next
// call, or errDecoderDone at the end of the stream.
func (d *imgDecoder) next(ctx context.Context) (*astiav.Frame, error) {
	badPackets := 0
	for {
		d.received.Unref()
		err := d.decoder.ReceiveFrame(d.received)
		switch {
		case err == nil:
			return d.received, nil
		case errors.Is(err, astiav.ErrEof):
			return nil, errDecoderDone
		case !errors.Is(err, astiav.ErrEagain):
			return nil, newError(CodeTranscodeFailed, d.op, fmt.Errorf("decode: %w", err))
		}
		if d.drained {
			return nil, errDecoderDone
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := d.input.ReadFrame(d.packet); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			// End of file or an unreadable tail: drain what the decoder holds.
			d.drained = true
			if err := d.decoder.SendPacket(nil); err != nil && !errors.Is(err, astiav.ErrEof) {
				return nil, newError(CodeTranscodeFailed, d.op, fmt.Errorf("drain decoder: %w", err))
			}
			continue
		}
		if d.packet.StreamIndex() != d.stream.Index() || d.skippable(d.packet) {
			d.packet.Unref()
			continue
		}
		pts := d.packet.Pts()
		err = d.decoder.SendPacket(d.packet)
		d.packet.Unref()
		d.fed = true
		if err != nil && !errors.Is(err, astiav.ErrEagain) {
			// A damaged packet spoils one picture, not the stream; a stream
			// of nothing but damage is not media.
			if badPackets++; badPackets > 64 {
				return nil, newError(CodeNotMedia, d.op, fmt.Errorf("decode: %w", err))
			}
			continue
		}
		if d.drainAt != noPts && d.frameTicks > 0 && pts != noPts && pts <= d.drainAt && pts+d.frameTicks > d.drainAt {
			// The wanted picture is in the decoder, and so is every picture
			// it refers to (they come first in decoding order).
			d.drained = true
			if err := d.decoder.SendPacket(nil); err != nil && !errors.Is(err, astiav.ErrEof) {
				return nil, newError(CodeTranscodeFailed, d.op, fmt.Errorf("drain decoder: %w", err))
			}
		}
	}
}

// skippable reports whether packet can go undecoded: it ends before the
// picture being sought and no later picture refers to it. On the way from a
// keyframe to the target this spares about half the decoding of typical
// H.264 (every non-reference B-frame).
func (d *imgDecoder) skippable(packet *astiav.Packet) bool {
	if d.skipBefore == noPts || d.disposable == nil || d.frameTicks <= 0 {
		return false
	}
	pts := packet.Pts()
	if pts == noPts || pts+d.frameTicks > d.skipBefore {
		return false
	}
	return d.disposable(packet.Data())
}

// frameAt seeks and decodes forward to the frame shown at time at: the last
// frame whose timestamp is at or before it (the first frame when at lies
// before the first one, the last frame when at lies past the end). The
// frame is owned by d and valid until the next call. The decoder may be
// left drained: the next picture needs a seek (Storyboard, which decodes on
// from one tile to the next, uses seek and decodeTo instead).
func (d *imgDecoder) frameAt(ctx context.Context, at time.Duration) (*astiav.Frame, error) {
	if err := d.seek(at); err != nil {
		return nil, err
	}
	target := d.ticksAt(at)
	d.drainAt = target
	defer func() { d.drainAt = noPts }()
	return d.decodeTo(ctx, target)
}

// decodeTo decodes forward from the current position to the frame shown at
// target (stream ticks), without seeking.
func (d *imgDecoder) decodeTo(ctx context.Context, target int64) (*astiav.Frame, error) {
	d.kept.Unref()
	d.skipBefore = target
	defer func() { d.skipBefore = noPts }()
	have := false
	for {
		f, err := d.next(ctx)
		if errors.Is(err, errDecoderDone) {
			if have {
				return d.kept, nil
			}
			return nil, newError(CodeNotMedia, d.op, errors.New("no decodable picture"))
		}
		if err != nil {
			return nil, err
		}
		pts := framePts(f)
		if have && pts != noPts && pts > target {
			return d.kept, nil
		}
		d.kept.Unref()
		d.kept.MoveRef(f)
		have = true
		// Knowing the frame rate spares waiting for the frame after the
		// target.
		if pts == noPts || pts > target || (d.frameTicks > 0 && pts+d.frameTicks > target) {
			return d.kept, nil
		}
	}
}

// imgOutputSize returns the size of a picture scaled to width (0: the
// source width; never wider than the source) keeping the display aspect,
// with an even height for 4:2:0 encoders.
func imgOutputSize(displayW, displayH, width int) (int, int) {
	if width <= 0 || width > displayW {
		width = displayW
	}
	height := int(math.Round(float64(width)*float64(displayH)/float64(displayW)/2)) * 2
	if height < 2 {
		height = 2
	}
	return width, height
}

// imgFilter is a one-input, one-output filter graph. Filters do what the
// binding lacks (rotation, tiling, resampling) and scale with one setup.
type imgFilter struct {
	graph  *astiav.FilterGraph
	source *astiav.FilterContext
	sink   *astiav.FilterContext
	out    *astiav.Frame
}

// newVideoFilter builds "buffer -> chain -> buffersink" for frames shaped
// like sample.
func newVideoFilter(sample *astiav.Frame, timeBase astiav.Rational, chain string) (*imgFilter, error) {
	sar := sample.SampleAspectRatio()
	if sar.Num() <= 0 || sar.Den() <= 0 {
		sar = astiav.NewRational(1, 1)
	}
	args := astiav.FilterArgs{
		"video_size":   strconv.Itoa(sample.Width()) + "x" + strconv.Itoa(sample.Height()),
		"pix_fmt":      strconv.Itoa(int(sample.PixelFormat())),
		"time_base":    timeBase.String(),
		"pixel_aspect": sar.String(),
	}
	return newImgFilter("buffer", "buffersink", args, chain)
}

// newAudioFilter builds "abuffer -> chain -> abuffersink" for frames shaped
// like sample.
func newAudioFilter(sample *astiav.Frame, timeBase astiav.Rational, chain string) (*imgFilter, error) {
	layout := sample.ChannelLayout()
	layoutName := layout.String()
	if !layout.Valid() || layoutName == "" {
		layoutName = strconv.Itoa(layout.NbChannels()) + " channels"
	}
	args := astiav.FilterArgs{
		"sample_rate":    strconv.Itoa(sample.SampleRate()),
		"sample_fmt":     sample.SampleFormat().Name(),
		"channel_layout": layoutName,
		"time_base":      timeBase.String(),
	}
	return newImgFilter("abuffer", "abuffersink", args, chain)
}

func newImgFilter(sourceName, sinkName string, args astiav.FilterArgs, chain string) (_ *imgFilter, err error) {
	f := &imgFilter{graph: astiav.AllocFilterGraph()}
	if f.graph == nil {
		return nil, errors.New("alloc filter graph")
	}
	defer func() {
		if err != nil {
			f.close()
		}
	}()
	// Pictures for one request are small; threads would only cost setup.
	f.graph.SetThreadCount(1)
	if f.source, err = f.graph.NewFilterContext(astiav.FindFilterByName(sourceName), "in", args); err != nil {
		return nil, fmt.Errorf("filter source: %w", err)
	}
	if f.sink, err = f.graph.NewFilterContext(astiav.FindFilterByName(sinkName), "out", nil); err != nil {
		return nil, fmt.Errorf("filter sink: %w", err)
	}
	outputs := astiav.AllocFilterInOut()
	defer outputs.Free()
	outputs.SetName("in")
	outputs.SetFilterContext(f.source)
	outputs.SetPadIdx(0)
	outputs.SetNext(nil)
	inputs := astiav.AllocFilterInOut()
	defer inputs.Free()
	inputs.SetName("out")
	inputs.SetFilterContext(f.sink)
	inputs.SetPadIdx(0)
	inputs.SetNext(nil)
	if chain == "" {
		chain = "null"
		if sourceName == "abuffer" {
			chain = "anull"
		}
	}
	if err = f.graph.Parse(chain, inputs, outputs); err != nil {
		return nil, fmt.Errorf("parse filter %q: %w", chain, err)
	}
	if err = f.graph.Configure(); err != nil {
		return nil, fmt.Errorf("configure filter %q: %w", chain, err)
	}
	f.out = astiav.AllocFrame()
	return f, nil
}

// push sends a frame into the graph; nil signals the end of input.
func (f *imgFilter) push(frame *astiav.Frame) error {
	if err := f.source.BuffersrcAddFrame(frame, astiav.NewBuffersrcFlags(astiav.BuffersrcFlagKeepRef)); err != nil {
		return fmt.Errorf("filter input: %w", err)
	}
	return nil
}

// pull returns the next filtered frame (owned by f, valid until the next
// call), or nil when the graph needs more input or is finished.
func (f *imgFilter) pull() (*astiav.Frame, error) {
	f.out.Unref()
	err := f.sink.BuffersinkGetFrame(f.out, astiav.NewBuffersinkFlags())
	if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("filter output: %w", err)
	}
	return f.out, nil
}

// convert runs one frame through the graph and returns the first result.
func (f *imgFilter) convert(frame *astiav.Frame) (*astiav.Frame, error) {
	if err := f.push(frame); err != nil {
		return nil, err
	}
	out, err := f.pull()
	if err != nil {
		return nil, err
	}
	if out == nil {
		// Filters that buffer (none of ours should) give up their frame at
		// the end of input.
		if err := f.push(nil); err != nil {
			return nil, err
		}
		if out, err = f.pull(); err != nil {
			return nil, err
		}
	}
	if out == nil {
		return nil, errors.New("filter produced no picture")
	}
	return out, nil
}

func (f *imgFilter) close() {
	if f.out != nil {
		f.out.Free()
	}
	if f.graph != nil {
		f.graph.Free()
	}
}

// imgDisposableCheck returns a function that tells whether a packet of the
// codec carries only non-reference pictures, or nil for codecs it does not
// know. Dropping such packets is what FFmpeg's skip_frame=noref does, but
// here only for the pictures before the one wanted.
func imgDisposableCheck(codec astiav.CodecID, extraData []byte) func([]byte) bool {
	var isReference func(header []byte) (vcl, reference bool)
	switch codec {
	case astiav.CodecIDH264:
		isReference = func(header []byte) (bool, bool) {
			nalType := header[0] & 0x1f
			return nalType >= 1 && nalType <= 5, header[0]&0x60 != 0
		}
	case astiav.CodecIDHevc:
		isReference = func(header []byte) (bool, bool) {
			nalType := (header[0] >> 1) & 0x3f
			// Even types up to 14 are the sub-layer non-reference pictures.
			return nalType < 32, nalType > 14 || nalType%2 == 1
		}
	default:
		return nil
	}
	lengthSize := 0 // 0: Annex B start codes
	switch {
	case codec == astiav.CodecIDH264 && len(extraData) >= 7 && extraData[0] == 1:
		lengthSize = int(extraData[4]&3) + 1
	case codec == astiav.CodecIDHevc && len(extraData) >= 23 && extraData[0] == 1:
		lengthSize = int(extraData[21]&3) + 1
	}
	return func(data []byte) bool {
		sawPicture := false
		for _, nal := range imgSplitNALs(data, lengthSize) {
			if len(nal) < 2 {
				continue
			}
			vcl, reference := isReference(nal)
			if !vcl {
				continue
			}
			if reference {
				return false
			}
			sawPicture = true
		}
		return sawPicture
	}
}

// imgSplitNALs splits a packet into NAL units, length-prefixed when
// lengthSize > 0, else delimited by Annex B start codes. A malformed packet
// yields what could be read, and a packet that cannot be read at all yields
// nothing (so it is never taken for disposable).
func imgSplitNALs(data []byte, lengthSize int) [][]byte {
	var nals [][]byte
	if lengthSize > 0 {
		for len(data) >= lengthSize {
			size := 0
			for _, b := range data[:lengthSize] {
				size = size<<8 | int(b)
			}
			data = data[lengthSize:]
			if size <= 0 || size > len(data) {
				return nil
			}
			nals = append(nals, data[:size])
			data = data[size:]
		}
		return nals
	}
	start := -1
	for i := 0; i+2 < len(data); i++ {
		if data[i] != 0 || data[i+1] != 0 || data[i+2] != 1 {
			continue
		}
		if start >= 0 {
			end := i
			for end > start && data[end-1] == 0 {
				end--
			}
			nals = append(nals, data[start:end])
		}
		start = i + 3
		i += 2
	}
	if start >= 0 && start < len(data) {
		nals = append(nals, data[start:])
	}
	return nals
}

// imgMuxer writes one encoded stream into a file through a ".part" file that
// is renamed into place only when complete.
type imgMuxer struct {
	output  *astiav.FormatContext
	file    *astiav.IOContext
	stream  *astiav.Stream
	partial string
	final   string
	encTB   astiav.Rational
}

// newImgMuxer prepares a muxer of the named format ("mp4", "ipod") for path.
func newImgMuxer(path, format string) (*imgMuxer, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("create folder: %w", err)
	}
	partial := path + partialSuffix
	// The name matters: faststart reopens the file by it to move the index.
	output, err := astiav.AllocOutputFormatContext(nil, format, partial)
	if err != nil || output == nil {
		return nil, fmt.Errorf("alloc %s muxer: %v", format, err)
	}
	return &imgMuxer{output: output, partial: partial, final: path}, nil
}

// wantsGlobalHeader tells whether encoders must put their parameter sets in
// extradata (set before opening the encoder).
func (m *imgMuxer) wantsGlobalHeader() bool {
	return m.output.OutputFormat().Flags().Has(astiav.IOFormatFlagGlobalheader)
}

// start adds the stream of an opened encoder, opens the file and writes the
// header with the moov box moved to the front (faststart) at the end.
func (m *imgMuxer) start(encoder *astiav.CodecContext) error {
	m.stream = m.output.NewStream(nil)
	if m.stream == nil {
		return errors.New("new output stream")
	}
	if err := m.stream.CodecParameters().FromCodecContext(encoder); err != nil {
		return fmt.Errorf("output stream parameters: %w", err)
	}
	m.encTB = encoder.TimeBase()
	m.stream.SetTimeBase(m.encTB)
	file, err := astiav.OpenIOContext(m.partial, astiav.NewIOContextFlags(astiav.IOContextFlagWrite))
	if err != nil {
		return fmt.Errorf("open %s: %w", filepath.Base(m.partial), err)
	}
	m.file = file
	m.output.SetPb(file)
	options := astiav.NewDictionary()
	defer options.Free()
	_ = options.Set("movflags", "+faststart", astiav.NewDictionaryFlags())
	if err := m.output.WriteHeader(options); err != nil {
		return fmt.Errorf("write header: %w", err)
	}
	return nil
}

// write muxes an encoded packet (in the encoder's time base).
func (m *imgMuxer) write(packet *astiav.Packet) error {
	packet.SetStreamIndex(m.stream.Index())
	packet.RescaleTs(m.encTB, m.stream.TimeBase())
	if err := m.output.WriteInterleavedFrame(packet); err != nil {
		return fmt.Errorf("write packet: %w", err)
	}
	return nil
}

// finish writes the trailer and moves the file into place.
func (m *imgMuxer) finish() error {
	if err := m.output.WriteTrailer(); err != nil {
		return fmt.Errorf("write trailer: %w", err)
	}
	if err := m.file.Close(); err != nil {
		m.file = nil
		return fmt.Errorf("close %s: %w", filepath.Base(m.partial), err)
	}
	m.file = nil
	if err := os.Rename(m.partial, m.final); err != nil {
		return fmt.Errorf("rename %s: %w", filepath.Base(m.final), err)
	}
	return nil
}

// close frees the muxer and removes an unfinished file.
func (m *imgMuxer) close() {
	if m.file != nil {
		_ = m.file.Close()
	}
	_ = os.Remove(m.partial)
	m.output.Free()
}

// imgEncodeTo sends a frame (nil: flush) to encoder and muxes every packet
// that comes out.
func imgEncodeTo(encoder *astiav.CodecContext, frame *astiav.Frame, packet *astiav.Packet, muxer *imgMuxer) error {
	if err := encoder.SendFrame(frame); err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	for {
		err := encoder.ReceivePacket(packet)
		if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("encode: %w", err)
		}
		err = muxer.write(packet)
		packet.Unref()
		if err != nil {
			return err
		}
	}
}
