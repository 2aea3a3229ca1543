package media

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/asticode/go-astiav"
	"github.com/reelvideo/reel/internal/codecpolicy"
)

// ladderJob is one single-decode, multi-rendition transcode.
type ladderJob struct {
	source     string
	info       *Info
	renditions []Rendition
	opts       LadderOptions // with defaults applied
	outDir     string
	logger     *slog.Logger
	// onSegment is called, from any goroutine, after a segment of any track
	// is on disk.
	onSegment func()
	// live marks the tracks whose EVENT playlist is rewritten after each
	// segment (for early playback): rendition names and "audio/0".
	live map[string]bool
	// onStart receives the tracks before the first packet is decoded.
	onStart func(*ladderOutput)
	// onEarlyDone is called once the early pass of transcodeEarlyFirst has
	// encoded the whole source (ProcessOptions.OnEarlyDone).
	onEarlyDone func()
	// audioLength, when positive, pads every audio track with silence
	// or cuts it to exactly this many samples at 48 kHz (an added track
	// fitted to the video's duration).
	audioLength int64
	// span, when set, encodes only the video frames of one chunk of the
	// source (chunk.go), and no audio.
	span *ChunkSpan
	// videoOnly leaves the audio streams to another pass.
	videoOnly bool
	// scaleFirst scales the source to the (single) rendition's size before
	// tone-mapping and turning it upright: both then cost a fraction of
	// what they cost at the source's size (1/36 for 360p from 4K).
	scaleFirst bool
	// shortFirstSegment ends every track's first segment after one GOP
	// (2 s) rather than the segment time, in every pass of the job alike,
	// so the renditions keep the same boundaries.
	shortFirstSegment bool
	// sharedDecodeBytes is ProcessOptions.SharedDecodeBytes.
	sharedDecodeBytes int64
	// shareOut, in the early pass of transcodeEarlyFirst, receives every
	// decoded picture for the ladder pass; shareIn, in the ladder pass,
	// is where its pictures come from instead of its own decode, as long
	// as the early pass hands them over.
	shareOut, shareIn *frameShare
}

// firstCut is where a track of the job ends its first segment, in ticks of
// timescale; 0 for the segment time.
func (job ladderJob) firstCut(timescale int64) int64 {
	if !job.shortFirstSegment || job.opts.SegmentTime <= DefaultGOPTime {
		return 0
	}
	return int64(DefaultGOPTime.Seconds() * float64(timescale))
}

// ladderOutput holds the packaged tracks once the job is done.
type ladderOutput struct {
	videos []*videoTrackOutput
	audios []*audioTrackOutput
}

type videoTrackOutput struct {
	rendition Rendition
	track     *cmafTrack
}

type audioTrackOutput struct {
	stream AudioStream
	id     string
	track  *cmafTrack
}

// frameQueueDepth bounds the raw frames waiting for each encoder: enough to
// keep encoders busy while the decoder works, few enough to keep memory low
// (8 frames of 1080p are 24 MiB). Encoder threads report taken frames in
// groups of half this, so the decoder wakes once per group, not per frame.
const frameQueueDepth = 8

// transcodeLadder decodes the source once, scales it for every rendition in
// one filter graph (split + scale), encodes renditions in parallel (one x264
// context, one encoder thread and one packaging goroutine each) and every
// audio stream once to AAC,
// and packages everything as CMAF tracks in outDir.
func transcodeLadder(ctx context.Context, job ladderJob) (*ladderOutput, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	in, err := openInputWithInfo(ctx, "transcode", job.source)
	if err != nil {
		return nil, err
	}
	defer in.close()
	streams := in.fc.Streams()
	origin := sourceOrigin(in.fc)

	out := &ladderOutput{}
	var video *videoPipeline
	if job.info.Video != nil && len(job.renditions) > 0 {
		video, err = newVideoPipeline(ctx, job, streams[job.info.Video.Index], origin)
		if err != nil {
			return nil, err
		}
		defer video.free()
		out.videos = video.outputs()
	}
	audios := make(map[int]*audioPipeline)
	if video != nil && job.span != nil {
		if err := video.seek(in.fc, job.span); err != nil {
			return nil, err
		}
	}
	for i, a := range job.info.Audio {
		if job.span != nil || job.videoOnly {
			break // a chunk is video alone; the audio is encoded once, whole
		}
		id := strconv.Itoa(i)
		ap, err := newAudioPipeline(job, streams[a.Index], a, id, origin)
		if err != nil {
			return nil, err
		}
		defer ap.free()
		audios[a.Index] = ap
		out.audios = append(out.audios, &audioTrackOutput{stream: a, id: id, track: ap.track})
	}

	if job.onStart != nil {
		job.onStart(out)
	}
	var encoders sync.WaitGroup
	if video != nil {
		video.start(ctx, cancel, &encoders)
		video.share = job.shareOut
	}
	var demuxErr error
	if video != nil && job.shareIn != nil {
		demuxErr = decodeShared(ctx, in.fc, video, job.shareIn)
	} else {
		demuxErr = demuxAndDecode(ctx, in.fc, video, audios)
	}
	if demuxErr != nil {
		// Before the encoders' inputs close: an encoder stopped short
		// reports the cause it finds, which is this one.
		cancel(demuxErr)
	}
	if video != nil {
		video.closeInputs(ctx, demuxErr == nil)
	}
	encoders.Wait()
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return nil, cause
	}
	if err := ctx.Err(); err != nil {
		if parent := context.Cause(ctx); parent != nil {
			return nil, parent
		}
		return nil, err
	}
	if demuxErr != nil {
		return nil, demuxErr
	}
	return out, nil
}

// sourceOrigin is the earliest start time of the source in microseconds,
// subtracted from every timestamp so all tracks start near zero together.
func sourceOrigin(fc *astiav.FormatContext) int64 {
	if st := fc.StartTime(); st != astiav.NoPtsValue {
		return st
	}
	return 0
}

// demuxAndDecode reads every packet once and feeds the decoders; it checks
// ctx between packets so cancellation is prompt.
func demuxAndDecode(ctx context.Context, fc *astiav.FormatContext, video *videoPipeline, audios map[int]*audioPipeline) error {
	pkt := astiav.AllocPacket()
	defer pkt.Free()
	for {
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		if err := fc.ReadFrame(pkt); err != nil {
			if errors.Is(err, astiav.ErrEof) {
				break
			}
			if ctx.Err() != nil {
				return context.Cause(ctx)
			}
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("reading packet: %w", err))
		}
		var err error
		idx := pkt.StreamIndex()
		switch {
		case video != nil && idx == video.streamIndex:
			err = video.decode(ctx, pkt)
			if err == nil && video.ended {
				pkt.Unref()
				// A chunk's last frame is out: the rest is the next chunk's.
				return video.decode(ctx, nil)
			}
		case audios[idx] != nil:
			err = audios[idx].decode(pkt)
		}
		pkt.Unref()
		if err != nil {
			return err
		}
	}
	if video != nil {
		if err := video.decode(ctx, nil); err != nil {
			return err
		}
	}
	for _, a := range audios {
		if err := a.decode(nil); err != nil {
			return err
		}
		if err := a.finish(); err != nil {
			return err
		}
	}
	return nil
}

// videoPipeline is the decoder and the split/scale filter graph, used by the
// demux goroutine, plus one encoder per rendition, each driven by its own
// thread (encode_thread.c) and packaged by its own goroutine.
type videoPipeline struct {
	streamIndex int
	streamTB    astiav.Rational
	originTS    int64 // origin in stream time base
	dec         *astiav.CodecContext
	graph       *astiav.FilterGraph
	src         *astiav.FilterContext
	sinks       []*astiav.FilterContext
	// pre and toneMap: an HDR source's frames go through pre, then the
	// tone map, then graph (buildGraph); nil otherwise.
	pre           *filterGraph
	toneMap       *toneMapper
	mapped        int64 // the last tone-mapped frame's pts, in pre's output time base
	decFrame      *astiav.Frame
	encoders      []*videoEncoder
	lastPts       int64
	lastStep      int64           // distance between the last two frames' timestamps
	frameDuration astiav.Rational // of the output, for a one-frame source
	// ended is set once a frame at or past a chunk's end came out.
	ended bool
	// bounds holds every decoded picture to the bounds the probe passed.
	bounds *frameBounds
	// srcW, srcH and srcFormat are the pictures the graph was built for;
	// resize brings any other picture (a stream whose size changes
	// mid-way) to them, rebuilt when the size changes again.
	srcW, srcH int
	srcFormat  astiav.PixelFormat
	srcSAR     astiav.Rational
	resize     *imgFilter
	resizeFrom [3]int // width, height, pixel format resize takes
	// share, when set, receives a reference to every decoded picture
	// (the early pass of transcodeEarlyFirst hands them to the ladder's).
	share *frameShare
	// skip is how many decoded pictures to drop before any goes further:
	// the ones the ladder pass received from the early pass before it
	// stopped sharing.
	skip int64
}

type videoEncoder struct {
	rendition  Rendition
	enc        *astiav.CodecContext
	encTB      astiav.Rational
	sinkTB     astiav.Rational
	ticksPerTB int64 // track ticks per encoder time-base unit
	frameTicks int64
	thread     *encoderThread // nil until started
	track      *cmafTrack
	logger     *slog.Logger
	// A chunk keeps this rendition's output frames first <= n < end (end
	// 0: to the end of the source).
	first, end int64
}

func newVideoPipeline(ctx context.Context, job ladderJob, s *astiav.Stream, origin int64) (vp *videoPipeline, err error) {
	vp = &videoPipeline{streamIndex: s.Index(), streamTB: s.TimeBase(), lastPts: astiav.NoPtsValue, mapped: astiav.NoPtsValue}
	defer func() {
		if err != nil {
			vp.free()
			vp = nil
		}
	}()
	vp.originTS = astiav.RescaleQ(origin, astiav.NewRational(1, 1_000_000), s.TimeBase())
	cp := s.CodecParameters()
	codec := astiav.FindDecoder(cp.CodecID())
	if codec == nil {
		return vp, newError(CodeUnsupportedCodec, "transcode", fmt.Errorf("no decoder for %s", cp.CodecID().Name()))
	}
	vp.dec = astiav.AllocCodecContext(codec)
	if vp.dec == nil {
		return vp, errors.New("allocating video decoder")
	}
	if err := cp.ToCodecContext(vp.dec); err != nil {
		return vp, fmt.Errorf("configuring video decoder: %w", err)
	}
	vp.dec.SetTimeBase(s.TimeBase())
	vp.dec.SetThreadCount(0)
	vp.dec.SetThreadType(astiav.ThreadTypeFrame)
	v := job.info.Video
	vp.bounds = newFrameBounds("transcode", v, job.opts.MaxEdge, s.TimeBase())
	decOpts := astiav.NewDictionary()
	defer decOpts.Free()
	if err := vp.bounds.limitDecoder(decOpts); err != nil {
		return vp, fmt.Errorf("bounding video decoder: %w", err)
	}
	if err := vp.dec.Open(codec, decOpts); err != nil {
		return vp, newError(CodeUnsupportedCodec, "transcode", fmt.Errorf("opening video decoder: %w", err))
	}
	vp.decFrame = astiav.AllocFrame()

	// The graph runs at the fastest rendition's rate (the largest); the
	// slower ones drop frames in their own branch.
	top := job.renditions[len(job.renditions)-1]
	for _, r := range job.renditions {
		// Another codec's smaller rung may come last.
		if r.FrameRateNum*top.FrameRateDen > top.FrameRateNum*r.FrameRateDen {
			top = r
		}
	}
	vp.frameDuration = astiav.NewRational(top.FrameRateDen, top.FrameRateNum)
	if err := vp.buildGraph(v, top.FrameRateNum, top.FrameRateDen, job.renditions, job.scaleFirst); err != nil {
		return vp, err
	}
	for i, r := range job.renditions {
		enc, err := newVideoEncoder(job, r, vp.sinks[i].Inputs()[0].TimeBase())
		if err != nil {
			return vp, err
		}
		vp.encoders = append(vp.encoders, enc)
	}
	return vp, nil
}

// buildGraph builds buffer → [deinterlace] → fps → [tone map] → [turn
// upright] → the scaling tree of ladderScaleGraph → buffersink × N; with
// scaleFirst (one rendition), buffer → [deinterlace] → fps → scale → [tone
// map] → [turn upright] → sink.
//
// An HDR source that toneMapper takes is tone-mapped between two graphs:
// the first ends where the tone map starts (buffer → … → fps [→ scale] →
// sink), the second starts after it (buffer → [turn upright] → …).
func (vp *videoPipeline) buildGraph(v *VideoStream, fpsNum, fpsDen int, rs []Rendition, scaleFirst bool) error {
	sar := vp.dec.SampleAspectRatio()
	if sar.Num() <= 0 || sar.Den() <= 0 {
		sar = astiav.NewRational(1, 1)
	}
	vp.srcW, vp.srcH, vp.srcFormat, vp.srcSAR = vp.dec.Width(), vp.dec.Height(), vp.dec.PixelFormat(), sar
	orient := v.orientation()
	// srcW×srcH is what the buffer source gets (decoded pictures);
	// width×height what comes out of the chain built so far.
	srcW, srcH := vp.dec.Width(), vp.dec.Height()
	width, height := srcW, srcH
	chain := sourceFilters(v.FieldOrder) // deinterlacing comes before anything turns or drops frames
	// Frames are dropped before anything else.
	chain = append(chain, fmt.Sprintf("fps=%d/%d", fpsNum, fpsDen))
	if scaleFirst && len(rs) == 1 {
		width, height = rs[0].Width, rs[0].Height
		if orient.swapsAxes() {
			width, height = height, width
		}
		chain = append(chain, fmt.Sprintf("scale=%d:%d:flags=bicubic", width, height))
	}
	inFormat, inTB := vp.dec.PixelFormat(), vp.streamTB
	if fastToneMap(v, inFormat, vp.dec.ColorRange(), width, height) {
		pre, err := newFilterGraph(srcW, srcH, inFormat, inTB, sar)
		if err != nil {
			return err
		}
		vp.pre = pre
		if err := pre.link(strings.Join(append(chain, "format=yuv420p10le"), ","), 1); err != nil {
			return err
		}
		vp.toneMap = newToneMapper(v)
		// Turned once they are 8-bit (after the tone map): a 4K
		// transpose of 16-bit samples costs twice that of 8-bit ones.
		chain = orient.filters()
		inFormat, inTB = astiav.PixelFormatYuv420P, pre.sinks[0].Inputs()[0].TimeBase()
		// The main graph takes the tone-mapped pictures, at the size
		// the first graph made.
		srcW, srcH = width, height
	} else {
		if v.HDR {
			chain = append(chain, toneMapFilters(v))
		}
		chain = append(chain, orient.filters()...)
	}
	// Declared at the size of the pictures it is given: a filter before
	// the first scale (the deinterlacer) works at its input link's size,
	// and a buffer source declared at the rung's size made it deinterlace
	// the picture's top-left corner alone.
	main, err := newFilterGraph(srcW, srcH, inFormat, inTB, sar)
	if err != nil {
		return err
	}
	vp.graph, vp.src = main.graph, main.src
	if len(chain) == 0 {
		chain = []string{"null"}
	}
	if err := main.link(strings.Join(chain, ",")+ladderScaleGraph(rs, fpsNum, fpsDen), len(rs)); err != nil {
		return err
	}
	vp.sinks = main.sinks
	return nil
}

// filterGraph is a filter graph with one buffer source, "in", and its
// buffer sinks, "out0" … "outN-1".
type filterGraph struct {
	graph *astiav.FilterGraph
	src   *astiav.FilterContext
	sinks []*astiav.FilterContext
}

func newFilterGraph(width, height int, format astiav.PixelFormat, tb, sar astiav.Rational) (*filterGraph, error) {
	g := &filterGraph{graph: astiav.AllocFilterGraph()}
	if g.graph == nil {
		return nil, errors.New("allocating filter graph")
	}
	var err error
	g.src, err = g.graph.NewFilterContext(astiav.FindFilterByName("buffer"), "in", astiav.FilterArgs{
		"video_size":   fmt.Sprintf("%dx%d", width, height),
		"pix_fmt":      strconv.Itoa(int(format)),
		"time_base":    tb.String(),
		"pixel_aspect": sar.String(),
	})
	if err != nil {
		g.graph.Free()
		return nil, fmt.Errorf("creating buffer source: %w", err)
	}
	return g, nil
}

// link parses desc, which starts at the source and ends in outputs
// labelled out0 … out{sinks-1} (a chain without labels: one output), and
// configures the graph.
func (g *filterGraph) link(desc string, sinks int) error {
	outputs := astiav.AllocFilterInOut()
	outputs.SetName("in")
	outputs.SetFilterContext(g.src)
	outputs.SetPadIdx(0)
	outputs.SetNext(nil)
	var inputs *astiav.FilterInOut
	for i := sinks - 1; i >= 0; i-- {
		sink, err := g.graph.NewFilterContext(astiav.FindFilterByName("buffersink"), fmt.Sprintf("out%d", i), nil)
		if err != nil {
			inputs.Free()
			outputs.Free()
			return fmt.Errorf("creating buffer sink: %w", err)
		}
		g.sinks = append([]*astiav.FilterContext{sink}, g.sinks...)
		io := astiav.AllocFilterInOut()
		io.SetName(fmt.Sprintf("out%d", i))
		io.SetFilterContext(sink)
		io.SetPadIdx(0)
		io.SetNext(inputs)
		inputs = io
	}
	if !strings.Contains(desc, "[out") {
		desc += "[out0]"
	}
	// Parse consumes (frees) the in/out lists it links; what is left
	// unlinked is returned through the same pointers and freed here.
	err := g.graph.Parse("[in]"+desc, inputs, outputs)
	inputs.Free()
	outputs.Free()
	if err != nil {
		return fmt.Errorf("parsing filter graph %q: %w", desc, err)
	}
	if err := g.graph.Configure(); err != nil {
		return fmt.Errorf("configuring filter graph: %w", err)
	}
	return nil
}

// ladderScaleGraph continues a filter chain (the source, upright, at the
// output frame rate) into one output pad per rendition, out0 … outN-1.
// A rendition is scaled from the smallest larger rendition at least twice
// its size, when there is one, rather than from the source: sd from hd
// costs half of sd from 1080p, and a whole 2:1 step resamples cleanly, so
// the extra generation costs no visible detail. The rest come from the
// source.
//
// Renditions of other codecs with the size and frame rate of an earlier
// one (av1_hd beside h264_hd) take its scaled pictures, split: they are
// scaled once, and every codec encodes the same pictures.
//
// A rendition slower than the chain (fpsNum/fpsDen) drops frames first.
func ladderScaleGraph(rs []Rendition, fpsNum, fpsDen int) string {
	longEdge := func(r Rendition) int { return max(r.Width, r.Height) }
	// primary[i] is the rendition whose scaled pictures rendition i encodes.
	primary := make([]int, len(rs))
	shares := make(map[int][]int) // primary → the others it feeds
	for i, r := range rs {
		primary[i] = i
		for j := range i {
			p := rs[j]
			if primary[j] == j && p.Width == r.Width && p.Height == r.Height &&
				p.FrameRateNum*r.FrameRateDen == r.FrameRateNum*p.FrameRateDen {
				primary[i] = j
				shares[j] = append(shares[j], i)
				break
			}
		}
	}
	parent := make([]int, len(rs)) // index into rs, or -1 for the source
	children := make(map[int][]int)
	for i, r := range rs {
		if primary[i] != i {
			continue
		}
		parent[i] = -1
		for j, p := range rs {
			if primary[j] == j && longEdge(p) >= 2*longEdge(r) && (parent[i] < 0 || longEdge(p) < longEdge(rs[parent[i]])) {
				parent[i] = j
			}
		}
		children[parent[i]] = append(children[parent[i]], i)
	}
	var b strings.Builder
	// split fans a pad out to what it feeds: pad labels cI feed rendition
	// I, extra are output labels.
	split := func(feeds []int, extra string) {
		n := len(feeds) + strings.Count(extra, "[")
		fmt.Fprintf(&b, ",split=%d%s", n, extra)
		for _, c := range feeds {
			fmt.Fprintf(&b, "[c%d]", c)
		}
	}
	split(children[-1], "")
	for i, r := range rs {
		if primary[i] != i {
			continue
		}
		fmt.Fprintf(&b, ";[c%d]", i)
		if r.FrameRateNum*fpsDen != fpsNum*r.FrameRateDen {
			fmt.Fprintf(&b, "fps=%d/%d,", r.FrameRateNum, r.FrameRateDen)
		}
		fmt.Fprintf(&b, "scale=%d:%d:flags=bicubic,setsar=1,format=yuv420p", r.Width, r.Height)
		outs := fmt.Sprintf("[out%d]", i)
		for _, o := range shares[i] {
			outs += fmt.Sprintf("[out%d]", o)
		}
		if len(children[i]) > 0 || len(shares[i]) > 0 {
			split(children[i], outs)
		} else {
			b.WriteString(outs)
		}
	}
	return b.String()
}

// toneMapFilters maps an HDR picture (PQ or HLG, BT.2020) to 8-bit BT.709
// SDR: to linear light with 100 nits as 1.0, BT.2020 → BT.709 primaries,
// Möbius tone curve (linear below the knee, so mid-tones keep the contrast
// and colour they have in SDR grades; highlights roll off to the peak the
// frame's light-level metadata gives, 1000 nits without it), then BT.709
// transfer and matrix in limited range. Without it every HDR upload (phones
// record HLG by default) would come out grey and washed out.
func toneMapFilters(v *VideoStream) string {
	transfer := "smpte2084"
	if v.ColorTransfer == "hlg" {
		transfer = "arib-std-b67"
	}
	return "zscale=tin=" + transfer + ":pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le," +
		"zscale=p=bt709,tonemap=tonemap=mobius:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
}

func newVideoEncoder(job ladderJob, r Rendition, sinkTB astiav.Rational) (*videoEncoder, error) {
	encoderName := videoEncoderName(r.Codec)
	codec := astiav.FindEncoderByName(encoderName)
	if codec == nil {
		return nil, newError(CodeTranscodeFailed, "transcode", fmt.Errorf("%s encoder not available", encoderName))
	}
	enc := astiav.AllocCodecContext(codec)
	if enc == nil {
		return nil, errors.New("allocating video encoder")
	}
	ok := false
	defer func() {
		if !ok {
			enc.Free()
		}
	}()
	encTB := astiav.NewRational(r.FrameRateDen, r.FrameRateNum)
	enc.SetWidth(r.Width)
	enc.SetHeight(r.Height)
	enc.SetPixelFormat(astiav.PixelFormatYuv420P)
	enc.SetTimeBase(encTB)
	enc.SetFramerate(astiav.NewRational(r.FrameRateNum, r.FrameRateDen))
	enc.SetSampleAspectRatio(astiav.NewRational(1, 1))
	gop := max(1, int(float64(r.FrameRateNum)/float64(r.FrameRateDen)*DefaultGOPTime.Seconds()+0.5))
	enc.SetGopSize(gop)
	enc.SetThreadCount(0)
	enc.SetFlags(enc.Flags().Add(astiav.CodecContextFlagGlobalHeader))

	d := astiav.NewDictionary()
	defer d.Free()
	var settings [][2]string
	switch r.Codec {
	case codecpolicy.AV1:
		settings = av1Settings(job.opts, r, gop)
	case codecpolicy.HEVC:
		settings = hevcSettings(job.opts, r, gop)
	default:
		settings = [][2]string{
			{"preset", job.opts.Preset},
			{"crf", strconv.Itoa(job.opts.CRF)},
			{"maxrate", strconv.Itoa(r.MaxBitrate)},
			{"bufsize", strconv.Itoa(2 * r.MaxBitrate)},
			{"profile", "high"},
			{"keyint_min", strconv.Itoa(gop)},
			{"sc_threshold", "0"},
			{"x264-params", x264Params(gop)},
		}
	}
	if job.info.Video.HDR {
		// Tone-mapped pictures say so, or players would take them for HDR.
		settings = append(settings, [][2]string{{"color_primaries", "bt709"}, {"color_trc", "bt709"}, {"colorspace", "bt709"}}...)
	}
	for _, kv := range settings {
		if err := d.Set(kv[0], kv[1], 0); err != nil {
			return nil, fmt.Errorf("setting %s: %w", kv[0], err)
		}
	}
	if err := enc.Open(codec, d); err != nil {
		return nil, newError(CodeTranscodeFailed, "transcode", fmt.Errorf("opening %s for %s: %w", encoderName, r.Name, err))
	}
	timescale := int64(r.FrameRateNum)
	for timescale < 10000 {
		timescale *= 2
	}
	ticksPerTB := timescale / int64(r.FrameRateNum) * int64(r.FrameRateDen)
	track, err := newCMAFTrack(filepath.Join(job.outDir, r.Name), timescale, job.opts.SegmentTime.Seconds())
	if err != nil {
		return nil, err
	}
	track.onSegment = job.onSegment
	track.live = job.live[r.Name]
	track.firstCut = job.firstCut(timescale)
	if job.span != nil {
		track.firstSegment, track.alignDecode = job.span.FirstSegment, true
	}
	if err := track.writeCodecInit(r.Codec, enc.ExtraData(), r.Width, r.Height); err != nil {
		return nil, fmt.Errorf("writing %s init: %w", r.Name, err)
	}
	ok = true
	return &videoEncoder{
		rendition: r, enc: enc, encTB: encTB, sinkTB: sinkTB,
		ticksPerTB: ticksPerTB, frameTicks: ticksPerTB,
		track: track, logger: job.logger,
	}, nil
}

// videoEncoderName is the libavcodec encoder of a rendition's codec.
func videoEncoderName(codec string) string {
	switch codec {
	case codecpolicy.AV1:
		return "libsvtav1"
	case codecpolicy.HEVC:
		return "libx265"
	}
	return "libx264"
}

// av1Settings are SVT-AV1's options for a rung: capped CRF under the
// rung's cap (SVT-AV1 1.4 takes maxrate with a CRF as "capped CRF"), a
// keyframe every gop frames (intra period gop-1), each one a closed GOP's
// IDR (irefresh-type=2) and none at scene cuts (scd=0), so its keyframes,
// and segment boundaries, fall on the H.264 rungs' frames.
func av1Settings(o LadderOptions, r Rendition, gop int) [][2]string {
	return [][2]string{
		{"preset", strconv.Itoa(o.AV1Preset)},
		{"crf", strconv.Itoa(o.AV1CRF)},
		{"maxrate", strconv.Itoa(r.MaxBitrate)},
		{"bufsize", strconv.Itoa(2 * r.MaxBitrate)},
		{"svtav1-params", "irefresh-type=2:scd=0"},
	}
}

// hevcSettings are x265's options for a rung: Main profile, CRF under a
// VBV cap of the rung's maxrate (kb/s, a bufsize twice that, as x264's),
// and the GOP rules of x264Params.
func hevcSettings(o LadderOptions, r Rendition, gop int) [][2]string {
	return [][2]string{
		{"preset", o.HEVCPreset},
		{"crf", strconv.Itoa(o.HEVCCRF)},
		{"profile", "main"},
		{"x265-params", fmt.Sprintf("%s:vbv-maxrate=%d:vbv-bufsize=%d:repeat-headers=0:log-level=error",
			x264Params(gop), r.MaxBitrate/1000, 2*r.MaxBitrate/1000)},
	}
}

// x264Params keeps GOPs closed, fixed and free of scene-cut keyframes, so
// every rendition has its keyframes on the same frames.
func x264Params(gop int) string {
	return fmt.Sprintf("keyint=%d:min-keyint=%d:scenecut=0:open-gop=0", gop, gop)
}

func (vp *videoPipeline) outputs() []*videoTrackOutput {
	out := make([]*videoTrackOutput, len(vp.encoders))
	for i, e := range vp.encoders {
		out[i] = &videoTrackOutput{rendition: e.rendition, track: e.track}
	}
	return out
}

// start gives every encoder its thread and a goroutine that packages what
// comes out. An encoder that fails cancels the job.
func (vp *videoPipeline) start(ctx context.Context, cancel context.CancelCauseFunc, wg *sync.WaitGroup) {
	for _, e := range vp.encoders {
		t, err := startEncoderThread(e.enc, frameQueueDepth)
		if err != nil {
			cancel(newError(CodeTranscodeFailed, "transcode", fmt.Errorf("%s: %w", e.rendition.Name, err)))
			return
		}
		e.thread = t
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := e.run(ctx, cancel); err != nil {
				cancel(err)
			}
		}()
	}
}

// closeInputs ends every encoder's input: flushed when the source was read
// to its end, abandoned otherwise.
func (vp *videoPipeline) closeInputs(ctx context.Context, flush bool) {
	for _, e := range vp.encoders {
		if e.thread == nil {
			continue
		}
		if err := e.thread.closeInput(flush && ctx.Err() == nil); err != nil {
			e.logger.Warn("closing encoder input", "rendition", e.rendition.Name, "error", err)
		}
	}
}

// decode sends pkt (nil flushes) to the decoder and pushes every decoded
// frame through the filter graph to the encoders' queues.
func (vp *videoPipeline) decode(ctx context.Context, pkt *astiav.Packet) error {
	if err := vp.dec.SendPacket(pkt); err != nil && pkt != nil {
		// A picture over the bounds is refused by the decoder (max_pixels)
		// as a damaged packet would be; the size it was told says which.
		if err := vp.bounds.checkSize(vp.dec.Width(), vp.dec.Height()); err != nil {
			return err
		}
		return nil // a damaged packet: skip it, as ffmpeg does
	}
	for {
		err := vp.dec.ReceiveFrame(vp.decFrame)
		if errors.Is(err, astiav.ErrEagain) {
			return nil
		}
		if errors.Is(err, astiav.ErrEof) {
			break
		}
		if err != nil {
			if err := vp.bounds.checkSize(vp.dec.Width(), vp.dec.Height()); err != nil {
				return err
			}
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("decoding video: %w", err))
		}
		pts := vp.decFrame.Pts()
		if pts == astiav.NoPtsValue {
			pts = vp.decFrame.PktDts()
		}
		if pts != astiav.NoPtsValue {
			pts -= vp.originTS
		}
		if pts == astiav.NoPtsValue || (vp.lastPts != astiav.NoPtsValue && pts <= vp.lastPts) {
			// Missing or non-increasing timestamps: keep frames in order.
			if vp.lastPts == astiav.NoPtsValue {
				pts = 0
			} else {
				pts = vp.lastPts + 1
			}
		}
		vp.advance(pts)
		vp.decFrame.SetPts(pts)
		if err := vp.bounds.add(vp.decFrame.Width(), vp.decFrame.Height(), pts); err != nil {
			vp.decFrame.Unref()
			return err
		}
		if vp.skip > 0 {
			vp.skip--
			vp.decFrame.Unref()
			continue
		}
		if vp.share != nil {
			pos := time.Duration(float64(pts) * vp.streamTB.Float64() * float64(time.Second))
			if err := vp.share.put(ctx, vp.decFrame, pos); err != nil {
				vp.decFrame.Unref()
				return err
			}
		}
		err = vp.push(ctx, vp.decFrame)
		vp.decFrame.Unref()
		if err != nil {
			return err
		}
	}
	if vp.share != nil {
		vp.share.end()
	}
	// Decoder flushed: flush the graphs too, saying when the last frame ends.
	end := vp.endPts()
	if vp.pre != nil {
		if err := closeBufferSource(vp.pre.src, end); err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("flushing filter graph: %w", err))
		}
		if err := vp.mapTones(ctx); err != nil {
			return err
		}
		// Out of fps, a frame lasts one unit of the time base.
		end = 0
		if vp.mapped != astiav.NoPtsValue {
			end = vp.mapped + 1
		}
	}
	if err := closeBufferSource(vp.src, end); err != nil {
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("flushing filter graph: %w", err))
	}
	return vp.drainSinks(ctx)
}

// advance records that the next decoded picture is shown at pts, for
// endPts.
func (vp *videoPipeline) advance(pts int64) {
	if vp.lastPts != astiav.NoPtsValue {
		vp.lastStep = pts - vp.lastPts
	}
	vp.lastPts = pts
}

// push brings one decoded picture, its timestamp set, to the graph's
// size and through the graphs to the encoders' queues.
func (vp *videoPipeline) push(ctx context.Context, f *astiav.Frame) error {
	frame, err := vp.sized(f)
	if err != nil {
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("filtering video: %w", err))
	}
	return vp.filter(ctx, frame)
}

// takeShared is what decode does with a picture it decoded, for one the
// early pass decoded: its timestamp is set and its bounds checked already.
func (vp *videoPipeline) takeShared(ctx context.Context, f *astiav.Frame) error {
	vp.advance(f.Pts())
	return vp.push(ctx, f)
}

// filter pushes one decoded frame through the filter graphs (and the tone
// map between them) to the encoders' queues.
func (vp *videoPipeline) filter(ctx context.Context, f *astiav.Frame) error {
	src := vp.src
	if vp.pre != nil {
		src = vp.pre.src
	}
	if err := src.BuffersrcAddFrame(f, astiav.NewBuffersrcFlags(astiav.BuffersrcFlagKeepRef)); err != nil {
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("filtering video: %w", err))
	}
	if vp.pre != nil {
		return vp.mapTones(ctx)
	}
	return vp.drainSinks(ctx)
}

// mapTones tone-maps what the first graph has ready into the second.
func (vp *videoPipeline) mapTones(ctx context.Context) error {
	f := astiav.AllocFrame()
	defer f.Free()
	for {
		err := vp.pre.sinks[0].BuffersinkGetFrame(f, astiav.NewBuffersinkFlags())
		if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
			return nil
		}
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("reading filtered video: %w", err))
		}
		mapped, err := vp.toneMap.apply(f)
		f.Unref()
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", err)
		}
		vp.mapped = mapped.Pts()
		err = vp.src.BuffersrcAddFrame(mapped, astiav.NewBuffersrcFlags())
		mapped.Free()
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("filtering video: %w", err))
		}
		if err := vp.drainSinks(ctx); err != nil {
			return err
		}
	}
}

// sized is f when it has the size and pixel format the graph was built
// for, and otherwise f scaled and converted to them (a stream that changes
// size mid-way, as broadcast captures and screen recordings do): the
// filters after the buffer source, a deinterlacer or a transpose, are
// configured once for one size, and every rendition was planned from the
// probed one. The picture is stretched to the probed size, so a change of
// aspect ratio shows as one; a change of size alone keeps its look.
func (vp *videoPipeline) sized(f *astiav.Frame) (*astiav.Frame, error) {
	if f.Width() == vp.srcW && f.Height() == vp.srcH && f.PixelFormat() == vp.srcFormat {
		return f, nil
	}
	from := [3]int{f.Width(), f.Height(), int(f.PixelFormat())}
	if vp.resize == nil || vp.resizeFrom != from {
		if vp.resize != nil {
			vp.resize.close()
			vp.resize = nil
		}
		chain := fmt.Sprintf("scale=%d:%d:flags=bicubic,format=%s,setsar=%d/%d",
			vp.srcW, vp.srcH, vp.srcFormat.Name(), vp.srcSAR.Num(), vp.srcSAR.Den())
		r, err := newVideoFilter(f, vp.streamTB, chain)
		if err != nil {
			return nil, fmt.Errorf("resizing a %dx%d picture: %w", f.Width(), f.Height(), err)
		}
		vp.resize, vp.resizeFrom = r, from
	}
	return vp.resize.convert(f)
}

// endPts is when the last decoded frame stops being shown: one frame step
// after it (the source's frame rate when there was a single frame).
func (vp *videoPipeline) endPts() int64 {
	if vp.lastPts == astiav.NoPtsValue {
		return 0
	}
	step := vp.lastStep
	if step <= 0 {
		step = max(1, astiav.RescaleQ(1, vp.frameDuration, vp.streamTB))
	}
	return vp.lastPts + step
}

func (vp *videoPipeline) drainSinks(ctx context.Context) error {
	for i, sink := range vp.sinks {
		for {
			f := astiav.AllocFrame()
			err := sink.BuffersinkGetFrame(f, astiav.NewBuffersinkFlags())
			if err != nil {
				f.Free()
				if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
					break
				}
				return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("reading filtered video: %w", err))
			}
			e := vp.encoders[i]
			if n := astiav.RescaleQ(f.Pts(), e.sinkTB, e.encTB); n < e.first || (e.end > 0 && n >= e.end) {
				vp.ended = vp.ended || (e.end > 0 && n >= e.end)
				f.Free()
				continue
			}
			if err := vp.encoders[i].submit(ctx, f); err != nil {
				return err
			}
		}
	}
	return nil
}

func (vp *videoPipeline) free() {
	for _, e := range vp.encoders {
		e.enc.Free()
	}
	if vp.resize != nil {
		vp.resize.close()
	}
	if vp.graph != nil {
		vp.graph.Free()
	}
	if vp.pre != nil {
		vp.pre.graph.Free()
	}
	if vp.toneMap != nil {
		vp.toneMap.free()
	}
	if vp.decFrame != nil {
		vp.decFrame.Free()
	}
	if vp.dec != nil {
		vp.dec.Free()
	}
}

// submit sends one filtered frame to the encoder's thread, which frees it.
func (e *videoEncoder) submit(ctx context.Context, f *astiav.Frame) error {
	if e.thread == nil {
		f.Free()
		return context.Cause(ctx)
	}
	f.SetPts(astiav.RescaleQ(f.Pts(), e.sinkTB, e.encTB))
	f.SetPictureType(astiav.PictureTypeNone)
	if err := e.thread.submit(ctx, f); err != nil {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("encoding %s: %w", e.rendition.Name, err))
	}
	return nil
}

// run packages the encoder's packets until its thread ends, then writes the
// last segment.
func (e *videoEncoder) run(ctx context.Context, cancel context.CancelCauseFunc) error {
	wrap := func(err error) error {
		return asMediaError("transcode", fmt.Errorf("encoding %s: %w", e.rendition.Name, err))
	}
	flushed, err := e.thread.receive(e.packagePacket, func(err error) { cancel(wrap(err)) })
	if err != nil {
		return wrap(err)
	}
	if !flushed {
		if cause := context.Cause(ctx); cause != nil {
			return cause
		}
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("encoding %s: encoder stopped before its end", e.rendition.Name))
	}
	return e.track.finish(e.frameTicks)
}

func (e *videoEncoder) packagePacket(p encodedPacket) error {
	data := p.data
	if e.rendition.Codec == codecpolicy.AV1 {
		data = av1Sample(data)
	} else {
		data = lengthPrefixed(data)
	}
	s := cmafSample{
		data: data,
		dts:  p.dts * e.ticksPerTB,
		pts:  p.pts * e.ticksPerTB,
		dur:  e.frameTicks,
		key:  p.key,
	}
	if err := e.track.add(s); err != nil {
		return fmt.Errorf("packaging %s: %w", e.rendition.Name, err)
	}
	return nil
}
