package media

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/asticode/go-astiav"
)

// Output audio: AAC-LC stereo 48 kHz, the format every player decodes.
const (
	audioSampleRate = 48000
	aacFrameSamples = 1024
)

// audioPipeline decodes one source audio stream, resamples it with a
// filter graph (the binding has no resampler or FIFO) and encodes it to AAC
// once. It runs on the demux goroutine: AAC is cheap next to video.
type audioPipeline struct {
	stream    AudioStream
	streamTB  astiav.Rational
	originTS  int64
	dec       *astiav.CodecContext
	graph     *astiav.FilterGraph
	src       *astiav.FilterContext
	sink      *astiav.FilterContext
	enc       *astiav.CodecContext
	decFrame  *astiav.Frame
	filtFrame *astiav.Frame
	pkt       *astiav.Packet
	track     *cmafTrack
	// firstInPts is the first input sample's time: the track starts there,
	// with the video.
	firstInPts int64
	lastPts    int64
	flushed    bool
	// length pads or cuts the output to this many samples when positive.
	length int64
}

func newAudioPipeline(job ladderJob, s *astiav.Stream, a AudioStream, id string, origin int64) (ap *audioPipeline, err error) {
	ap = &audioPipeline{
		stream: a, streamTB: s.TimeBase(),
		firstInPts: astiav.NoPtsValue, lastPts: astiav.NoPtsValue,
		length: job.audioLength,
	}
	defer func() {
		if err != nil {
			ap.free()
			ap = nil
		}
	}()
	ap.originTS = astiav.RescaleQ(origin, astiav.NewRational(1, 1_000_000), s.TimeBase())
	cp := s.CodecParameters()
	codec := astiav.FindDecoder(cp.CodecID())
	if codec == nil {
		return ap, newError(CodeUnsupportedCodec, "transcode", fmt.Errorf("no decoder for audio codec %s", a.Codec))
	}
	if ap.dec = astiav.AllocCodecContext(codec); ap.dec == nil {
		return ap, errors.New("allocating audio decoder")
	}
	if err := cp.ToCodecContext(ap.dec); err != nil {
		return ap, fmt.Errorf("configuring audio decoder: %w", err)
	}
	ap.dec.SetTimeBase(s.TimeBase())
	if err := ap.dec.Open(codec, nil); err != nil {
		return ap, newError(CodeUnsupportedCodec, "transcode", fmt.Errorf("opening audio decoder: %w", err))
	}
	ap.decFrame = astiav.AllocFrame()
	ap.filtFrame = astiav.AllocFrame()
	ap.pkt = astiav.AllocPacket()

	encCodec := astiav.FindEncoder(astiav.CodecIDAac)
	if encCodec == nil {
		return ap, newError(CodeTranscodeFailed, "transcode", errors.New("aac encoder not available"))
	}
	if ap.enc = astiav.AllocCodecContext(encCodec); ap.enc == nil {
		return ap, errors.New("allocating audio encoder")
	}
	ap.enc.SetSampleRate(audioSampleRate)
	ap.enc.SetChannelLayout(astiav.ChannelLayoutStereo)
	ap.enc.SetSampleFormat(astiav.SampleFormatFltp)
	ap.enc.SetTimeBase(astiav.NewRational(1, audioSampleRate))
	ap.enc.SetBitRate(int64(job.opts.AudioBitrate))
	ap.enc.SetFlags(ap.enc.Flags().Add(astiav.CodecContextFlagGlobalHeader))
	if err := ap.enc.Open(encCodec, nil); err != nil {
		return ap, newError(CodeTranscodeFailed, "transcode", fmt.Errorf("opening aac encoder: %w", err))
	}
	if err := ap.buildGraph(); err != nil {
		return ap, err
	}
	ap.track, err = newCMAFTrack(filepath.Join(job.outDir, "audio", id), audioSampleRate, job.opts.SegmentTime.Seconds())
	if err != nil {
		return ap, err
	}
	ap.track.onSegment = job.onSegment
	ap.track.live = job.live["audio/"+id]
	ap.track.firstCut = job.firstCut(audioSampleRate)
	if err := ap.track.writeAudioInit(ap.enc.ExtraData(), 2, audioSampleRate, a.Language); err != nil {
		return ap, fmt.Errorf("writing audio init: %w", err)
	}
	return ap, nil
}

func (ap *audioPipeline) buildGraph() error {
	if ap.graph = astiav.AllocFilterGraph(); ap.graph == nil {
		return errors.New("allocating audio filter graph")
	}
	layout := ap.dec.ChannelLayout()
	if !layout.Valid() || layout.NbChannels() == 0 {
		layout = astiav.ChannelLayoutStereo
	}
	var err error
	ap.src, err = ap.graph.NewFilterContext(astiav.FindFilterByName("abuffer"), "in", astiav.FilterArgs{
		"channel_layout": layout.String(),
		"sample_fmt":     ap.dec.SampleFormat().Name(),
		"sample_rate":    strconv.Itoa(ap.dec.SampleRate()),
		"time_base":      astiav.NewRational(1, ap.dec.SampleRate()).String(),
	})
	if err != nil {
		return fmt.Errorf("creating audio buffer source: %w", err)
	}
	if ap.sink, err = ap.graph.NewFilterContext(astiav.FindFilterByName("abuffersink"), "out", nil); err != nil {
		return fmt.Errorf("creating audio buffer sink: %w", err)
	}
	outputs := astiav.AllocFilterInOut()
	outputs.SetName("in")
	outputs.SetFilterContext(ap.src)
	outputs.SetPadIdx(0)
	outputs.SetNext(nil)
	inputs := astiav.AllocFilterInOut()
	inputs.SetName("out")
	inputs.SetFilterContext(ap.sink)
	inputs.SetPadIdx(0)
	inputs.SetNext(nil)
	fit := ""
	if ap.length > 0 {
		// Silence after the end, then a cut at the length: the track
		// lasts exactly as long as the video it was added to.
		fit = fmt.Sprintf(",apad=whole_len=%d,atrim=end_sample=%d", ap.length, ap.length)
	}
	spec := fmt.Sprintf("aresample=%d,aformat=sample_fmts=fltp:channel_layouts=stereo%s,asetnsamples=n=%d:p=0",
		audioSampleRate, fit, aacFrameSamples)
	err = ap.graph.Parse(spec, inputs, outputs)
	inputs.Free()
	outputs.Free()
	if err != nil {
		return fmt.Errorf("parsing audio filter graph: %w", err)
	}
	if err := ap.graph.Configure(); err != nil {
		return fmt.Errorf("configuring audio filter graph: %w", err)
	}
	return nil
}

// decode sends pkt (nil flushes the decoder and the graph) and encodes
// whatever comes out.
func (ap *audioPipeline) decode(pkt *astiav.Packet) error {
	if err := ap.dec.SendPacket(pkt); err != nil && pkt != nil {
		return nil // a damaged packet: skip it, as ffmpeg does
	}
	for {
		err := ap.dec.ReceiveFrame(ap.decFrame)
		if errors.Is(err, astiav.ErrEagain) {
			return nil
		}
		if errors.Is(err, astiav.ErrEof) {
			break
		}
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("decoding audio: %w", err))
		}
		// abuffer counts in samples; derive them from the stream timestamps.
		pts := ap.decFrame.Pts()
		if pts == astiav.NoPtsValue {
			pts = ap.decFrame.PktDts()
		}
		if pts != astiav.NoPtsValue {
			pts = astiav.RescaleQ(pts-ap.originTS, ap.streamTB, astiav.NewRational(1, ap.decFrame.SampleRate()))
		}
		if pts == astiav.NoPtsValue || (ap.lastPts != astiav.NoPtsValue && pts < ap.lastPts) {
			if ap.lastPts == astiav.NoPtsValue {
				pts = 0
			} else {
				pts = ap.lastPts
			}
		}
		ap.lastPts = pts + int64(ap.decFrame.NbSamples())
		ap.decFrame.SetPts(pts)
		err = ap.src.BuffersrcAddFrame(ap.decFrame, astiav.NewBuffersrcFlags(astiav.BuffersrcFlagKeepRef))
		ap.decFrame.Unref()
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("filtering audio: %w", err))
		}
		if err := ap.drainGraph(); err != nil {
			return err
		}
	}
	if err := ap.src.BuffersrcAddFrame(nil, astiav.NewBuffersrcFlags()); err != nil {
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("flushing audio filter graph: %w", err))
	}
	return ap.drainGraph()
}

func (ap *audioPipeline) drainGraph() error {
	for {
		err := ap.sink.BuffersinkGetFrame(ap.filtFrame, astiav.NewBuffersinkFlags())
		if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
			return nil
		}
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("reading filtered audio: %w", err))
		}
		if ap.firstInPts == astiav.NoPtsValue {
			ap.firstInPts = ap.filtFrame.Pts()
		}
		err = ap.enc.SendFrame(ap.filtFrame)
		ap.filtFrame.Unref()
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("encoding audio: %w", err))
		}
		if err := ap.drainEncoder(); err != nil {
			return err
		}
	}
}

func (ap *audioPipeline) drainEncoder() error {
	for {
		err := ap.enc.ReceivePacket(ap.pkt)
		if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
			return nil
		}
		if err != nil {
			return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("encoding audio: %w", err))
		}
		// The encoder's timestamps place its output right: the first packet
		// (1024 samples before the first input sample) decodes to the
		// encoder's priming, the next ones to the input. MSE players ignore
		// edit lists, so a priming packet in the track would be played, and
		// every sound would come 21.3 ms after its picture (more than a
		// frame at 60 fps). The priming packet is left out instead: the
		// decoder then starts without its overlap, which fades in the first
		// 10 ms or so.
		start := max(ap.firstInPts, 0)
		pts := ap.pkt.Pts() - ap.firstInPts + start
		dur := ap.pkt.Duration()
		if dur <= 0 {
			dur = aacFrameSamples
		}
		if pts+dur <= start {
			ap.pkt.Unref()
			continue
		}
		s := cmafSample{data: ap.pkt.Data(), dts: pts, pts: pts, dur: dur, key: true}
		ap.pkt.Unref()
		if err := ap.track.add(s); err != nil {
			return fmt.Errorf("packaging audio: %w", err)
		}
	}
}

// finish flushes the encoder and writes the last segment.
func (ap *audioPipeline) finish() error {
	if ap.flushed {
		return nil
	}
	ap.flushed = true
	if err := ap.enc.SendFrame(nil); err != nil {
		return newError(CodeTranscodeFailed, "transcode", fmt.Errorf("flushing aac encoder: %w", err))
	}
	if err := ap.drainEncoder(); err != nil {
		return err
	}
	return ap.track.finish(aacFrameSamples)
}

func (ap *audioPipeline) free() {
	if ap.graph != nil {
		ap.graph.Free()
	}
	for _, f := range []*astiav.Frame{ap.decFrame, ap.filtFrame} {
		if f != nil {
			f.Free()
		}
	}
	if ap.pkt != nil {
		ap.pkt.Free()
	}
	if ap.enc != nil {
		ap.enc.Free()
	}
	if ap.dec != nil {
		ap.dec.Free()
	}
}
