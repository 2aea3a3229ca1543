package media

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/asticode/go-astiav"
)

// noPts is AV_NOPTS_VALUE: FFmpeg's "timestamp unknown".
const noPts = math.MinInt64

// microsecondBase is AV_TIME_BASE_Q, the unit of format-level durations.
func microsecondBase() astiav.Rational { return astiav.NewRational(1, 1_000_000) }

// imgDecoder demuxes and decodes the main video stream of a file for the
// picture stages (frame, poster, storyboard, clip). Like every FFmpeg
// context it belongs to one goroutine.
type imgDecoder struct {
	// keyframesOnly has the decoder output keyframes alone (skip_frame
	// nokey): the picture at or before a time is then its GOP's keyframe,
	// for a fraction of the work (StoryboardOptions.Keyframes).
	keyframesOnly bool
	op            string
	in            *inputFile
	input         *astiav.FormatContext
	stream        *astiav.Stream
	codec         *astiav.Codec
	decoder       *astiav.CodecContext
	threads       int
	packet        *astiav.Packet
	received      *astiav.Frame
	kept          *astiav.Frame

	timeBase   astiav.Rational
	startPts   int64
	frameTicks int64 // one frame's duration in stream ticks, 0 when unknown
	duration   time.Duration
	orient     Orientation // how the coded picture is turned upright
	bounds     *frameBounds
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
	// pending is true when d.packet holds a packet seek read that next has
	// yet to decode.
	pending bool
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
	par := d.stream.CodecParameters()
	if err := par.ToCodecContext(decoder); err != nil {
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
	// The picture stages read sources that passed the ladder's bounds, but
	// the file may be one that failed them (a poster or frame is asked of an
	// errored upload) or a stream that grows after its header: the decoder
	// refuses a picture over the same per-picture bound, so none is
	// allocated.
	opts := astiav.NewDictionary()
	defer opts.Free()
	probed := &VideoStream{Width: par.Width(), Height: par.Height()}
	if rate := d.input.GuessFrameRate(d.stream, nil); rate.Num() > 0 && rate.Den() > 0 {
		probed.FrameRate = rate.Float64()
	}
	d.bounds = newFrameBounds(d.op, probed, DefaultMaxEdge, d.timeBase)
	if err := d.bounds.limitDecoder(opts); err != nil {
		decoder.Free()
		return newError(CodeTranscodeFailed, d.op, fmt.Errorf("decoder options: %w", err))
	}
	if d.keyframesOnly {
		if err := opts.Set("skip_frame", "nokey", 0); err != nil {
			decoder.Free()
			return newError(CodeTranscodeFailed, d.op, fmt.Errorf("decoder options: %w", err))
		}
	}
	if err := decoder.Open(d.codec, opts); err != nil {
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
//
// Demuxers without a keyframe index (MPEG-TS, as cameras write it) land on
// whatever packet lies near the time asked: often inside a GOP whose
// pictures cannot be decoded without its keyframe, and sometimes on a
// keyframe after the time asked (a seek to the start of a stream whose
// first decode time comes before its first picture's time). seek then
// steps back (1 s, 2 s, 4 s, …) until the first packet of the stream is a
// keyframe at or before at, and keeps that packet for next; when even the
// start cannot be reached by time, the demuxer is taken back to its first
// byte.
func (d *imgDecoder) seek(at time.Duration) error {
	d.pending = false
	target := d.ticksAt(at)
	for step := time.Duration(0); ; step = max(2*step, time.Second) {
		from := max(at-step, 0)
		if err := d.seekTo(from); err != nil {
			return err
		}
		key, err := d.readToStream()
		if err != nil {
			break // at the end: next reads on
		}
		if key && packetTime(d.packet) <= target {
			d.pending = true // where decoding can start
			break
		}
		d.packet.Unref()
		if from == 0 {
			// A demuxer without byte seeks decodes from where the time
			// seek left it, as before.
			_ = d.input.SeekFrame(-1, 0, astiav.NewSeekFlags(astiav.SeekFlagByte))
			break
		}
	}
	if d.fed {
		return d.openCodec()
	}
	d.drained = false
	return nil
}

// packetTime is a packet's presentation time, or its decode time when it
// has none.
func packetTime(p *astiav.Packet) int64 {
	if pts := p.Pts(); pts != astiav.NoPtsValue {
		return pts
	}
	return p.Dts()
}

// seekTo moves the demuxer to the keyframe it knows at or before at.
func (d *imgDecoder) seekTo(at time.Duration) error {
	if err := d.input.SeekFrame(d.stream.Index(), d.ticksAt(at), astiav.NewSeekFlags(astiav.SeekFlagBackward)); err != nil {
		// Some demuxers refuse a seek before the first keyframe, and some
		// cannot seek at all: a fresh input is then read from its start.
		if err := d.input.SeekFrame(d.stream.Index(), d.startPts, astiav.NewSeekFlags(astiav.SeekFlagBackward)); err != nil && d.fed {
			return newError(CodeTranscodeFailed, d.op, fmt.Errorf("seek: %w", err))
		}
	}
	return nil
}

// readToStream reads packets into d.packet until one of the video stream,
// and reports whether it starts a keyframe.
func (d *imgDecoder) readToStream() (bool, error) {
	for {
		if err := d.input.ReadFrame(d.packet); err != nil {
			return false, err
		}
		if d.packet.StreamIndex() == d.stream.Index() {
			return d.packet.Flags().Has(astiav.PacketFlagKey), nil
		}
		d.packet.Unref()
	}
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
			// A decoder that ignores max_pixels still hands over no
			// picture past the bound.
			if err := d.bounds.checkSize(d.received.Width(), d.received.Height()); err != nil {
				return nil, err
			}
			return d.received, nil
		case errors.Is(err, astiav.ErrEof):
			return nil, errDecoderDone
		case !errors.Is(err, astiav.ErrEagain):
			// The decoder reports a damaged or refused (max_pixels) picture
			// here as often as at SendPacket, frame threads deferring it:
			// the data is at fault, and retrying cannot help.
			return nil, newError(CodeNotMedia, d.op, fmt.Errorf("decode: %w", err))
		}
		if d.drained {
			return nil, errDecoderDone
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d.pending {
			d.pending = false // d.packet holds the one seek read
		} else if err := d.input.ReadFrame(d.packet); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			// End of file or an unreadable tail: drain what the decoder holds.
			d.drained = true
			if err := d.decoder.SendPacket(nil); err != nil && !errors.Is(err, astiav.ErrEof) {
				return nil, newError(CodeNotMedia, d.op, fmt.Errorf("drain decoder: %w", err))
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
				return nil, newError(CodeNotMedia, d.op, fmt.Errorf("drain decoder: %w", err))
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
