package media

import (
	"context"
	"errors"
	"fmt"

	"github.com/asticode/go-astiav"
)

// The audio-only file's format: AAC-LC, 128 kb/s, stereo, 48 kHz, the same
// as the ladder's shared audio.
const (
	m4aSampleRate = 48000
	m4aBitRate    = 128000
	m4aFrameSize  = 1024 // samples per AAC frame
)

// AudioM4A writes out (audio.m4a): the first audio stream of source as
// AAC-LC 128 kb/s stereo 48 kHz in an M4A with its index first. A source
// without audio gives an error with code CodeNoAudio (errors.Is(err,
// ErrNoAudio)), which callers take as "no audio file", not as a failure.
func AudioM4A(ctx context.Context, source string, out string) error {
	const op = "audio"
	in, err := openInputWithInfo(ctx, op, source)
	if err != nil {
		return err
	}
	defer in.close()
	input := in.fc
	var stream *astiav.Stream
	for _, s := range input.Streams() {
		if par := s.CodecParameters(); par.MediaType() == astiav.MediaTypeAudio && par.SampleRate() > 0 {
			stream = s
			break
		}
	}
	if stream == nil {
		return newError(CodeNoAudio, op, errors.New("no audio stream"))
	}
	muxer, err := newImgMuxer(out, "ipod")
	if err != nil {
		return newError(CodeTranscodeFailed, op, err)
	}
	defer muxer.close()
	writer := m4aWriter{input: input, stream: stream, muxer: muxer}
	defer writer.close()
	return stageError(ctx, op, writer.run(ctx))
}

// m4aWriter holds the decode -> resample -> encode -> mux chain of AudioM4A.
type m4aWriter struct {
	input   *astiav.FormatContext
	stream  *astiav.Stream
	muxer   *imgMuxer
	decoder *astiav.CodecContext
	filter  *imgFilter
	encoder *astiav.CodecContext
	packet  *astiav.Packet
	frame   *astiav.Frame
	samples int64 // samples encoded so far: the next frame's timestamp
}

func (w *m4aWriter) close() {
	for _, c := range []*astiav.CodecContext{w.decoder, w.encoder} {
		if c != nil {
			c.Free()
		}
	}
	if w.filter != nil {
		w.filter.close()
	}
	if w.packet != nil {
		w.packet.Free()
	}
	if w.frame != nil {
		w.frame.Free()
	}
}

func (w *m4aWriter) run(ctx context.Context) error {
	codec := astiav.FindDecoder(w.stream.CodecParameters().CodecID())
	if codec == nil {
		return newError(CodeUnsupportedCodec, "audio", fmt.Errorf("no decoder for %s", w.stream.CodecParameters().CodecID()))
	}
	if w.decoder = astiav.AllocCodecContext(codec); w.decoder == nil {
		return errors.New("alloc decoder")
	}
	if err := w.stream.CodecParameters().ToCodecContext(w.decoder); err != nil {
		return fmt.Errorf("decoder parameters: %w", err)
	}
	w.decoder.SetTimeBase(w.stream.TimeBase())
	if err := w.decoder.Open(codec, nil); err != nil {
		return newError(CodeUnsupportedCodec, "audio", fmt.Errorf("open decoder: %w", err))
	}
	w.packet = astiav.AllocPacket()
	w.frame = astiav.AllocFrame()
	badPackets := 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := w.input.ReadFrame(w.packet); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			break // end of file, or an unreadable tail: keep what was read
		}
		if w.packet.StreamIndex() != w.stream.Index() {
			w.packet.Unref()
			continue
		}
		err := w.decoder.SendPacket(w.packet)
		w.packet.Unref()
		if err != nil && !errors.Is(err, astiav.ErrEagain) {
			if badPackets++; badPackets > 64 {
				return newError(CodeNotMedia, "audio", fmt.Errorf("decode: %w", err))
			}
			continue
		}
		if err := w.receiveFrames(); err != nil {
			return err
		}
	}
	if err := w.decoder.SendPacket(nil); err != nil && !errors.Is(err, astiav.ErrEof) {
		return fmt.Errorf("drain decoder: %w", err)
	}
	if err := w.receiveFrames(); err != nil {
		return err
	}
	if w.filter == nil {
		return newError(CodeNotMedia, "audio", errors.New("no decodable audio"))
	}
	if err := w.filter.push(nil); err != nil {
		return err
	}
	if err := w.drainFilter(); err != nil {
		return err
	}
	if err := imgEncodeTo(w.encoder, nil, w.packet, w.muxer); err != nil {
		return err
	}
	return w.muxer.finish()
}

func (w *m4aWriter) receiveFrames() error {
	for {
		w.frame.Unref()
		err := w.decoder.ReceiveFrame(w.frame)
		if errors.Is(err, astiav.ErrEagain) || errors.Is(err, astiav.ErrEof) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("decode: %w", err)
		}
		if w.filter == nil {
			if err := w.open(w.frame); err != nil {
				return err
			}
		}
		if err := w.filter.push(w.frame); err != nil {
			return err
		}
		if err := w.drainFilter(); err != nil {
			return err
		}
	}
}

// open builds the resampling filter and the AAC encoder. The binding has no
// resampler or sample FIFO: aresample, aformat and asetnsamples do that work.
func (w *m4aWriter) open(first *astiav.Frame) error {
	chain := fmt.Sprintf("aresample=%d,aformat=sample_fmts=fltp:channel_layouts=stereo,asetnsamples=n=%d:p=0", m4aSampleRate, m4aFrameSize)
	filter, err := newAudioFilter(first, w.stream.TimeBase(), chain)
	if err != nil {
		return err
	}
	w.filter = filter
	codec := astiav.FindEncoder(astiav.CodecIDAac)
	if codec == nil {
		return errors.New("aac encoder not available")
	}
	if w.encoder = astiav.AllocCodecContext(codec); w.encoder == nil {
		return errors.New("alloc encoder")
	}
	w.encoder.SetSampleRate(m4aSampleRate)
	w.encoder.SetChannelLayout(astiav.ChannelLayoutStereo)
	w.encoder.SetChannels(2)
	w.encoder.SetSampleFormat(astiav.SampleFormatFltp)
	w.encoder.SetBitRate(m4aBitRate)
	w.encoder.SetTimeBase(astiav.NewRational(1, m4aSampleRate))
	if w.muxer.wantsGlobalHeader() {
		w.encoder.SetFlags(w.encoder.Flags().Add(astiav.CodecContextFlagGlobalHeader))
	}
	if err := w.encoder.Open(codec, nil); err != nil {
		return fmt.Errorf("open aac encoder: %w", err)
	}
	return w.muxer.start(w.encoder)
}

// drainFilter encodes every resampled frame ready, timestamped by sample
// count so that the file starts at zero without gaps.
func (w *m4aWriter) drainFilter() error {
	for {
		frame, err := w.filter.pull()
		if err != nil || frame == nil {
			return err
		}
		frame.SetPts(w.samples)
		w.samples += int64(frame.NbSamples())
		if err := imgEncodeTo(w.encoder, frame, w.packet, w.muxer); err != nil {
			return err
		}
	}
}
