package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/asticode/go-astiav"
)

// writeProgressiveMP4 muxes the rendition's already encoded fMP4 track and
// the first audio track into {name}.mp4 with the index up front
// (+faststart): a remux of the same packets, never a second encode.
func writeProgressiveMP4(ctx context.Context, outDir string, r *RenditionFiles, audio []AudioTrack) error {
	inputs := [][]string{trackFiles(outDir, r.Init, r.Segments)}
	if len(audio) > 0 {
		inputs = append(inputs, trackFiles(outDir, audio[0].Init, audio[0].Segments))
	}
	name := r.Name + ".mp4"
	if err := remuxToMP4(ctx, inputs, filepath.Join(outDir, name)); err != nil {
		return newError(CodeTranscodeFailed, "package", fmt.Errorf("writing %s: %w", name, err))
	}
	st, err := os.Stat(filepath.Join(outDir, name))
	if err != nil {
		return fmt.Errorf("checking %s: %w", name, err)
	}
	r.MP4, r.MP4Size = name, st.Size()
	return nil
}

func trackFiles(dir, init string, segs []Segment) []string {
	paths := []string{filepath.Join(dir, filepath.FromSlash(init))}
	for _, s := range segs {
		paths = append(paths, filepath.Join(dir, filepath.FromSlash(s.URI)))
	}
	return paths
}

// concatInput demuxes a list of files read back to back (an init segment
// and its media segments) through a Go read callback.
type concatInput struct {
	fc     *astiav.FormatContext
	ioc    *astiav.IOContext
	reader *multiFileReader
	pkt    *astiav.Packet
	have   bool // pkt holds the next packet
	eof    bool
	// shift is subtracted from every timestamp: FFmpeg's mov demuxer reads
	// the negative composition offsets of our fragments as a start delay
	// (the B-frame reorder depth), which would put video behind audio.
	shift    int64
	shiftSet bool
}

func openConcatInput(paths []string) (*concatInput, error) {
	in := &concatInput{reader: &multiFileReader{paths: paths}}
	var err error
	// The callback must answer astiav.ErrEof, not io.EOF, at the end.
	in.ioc, err = astiav.AllocIOContext(64<<10, false, func(b []byte) (int, error) {
		n, err := in.reader.Read(b)
		if n == 0 && errors.Is(err, io.EOF) {
			return 0, astiav.ErrEof
		}
		if errors.Is(err, io.EOF) {
			err = nil
		}
		return n, err
	}, nil, nil)
	if err != nil {
		in.reader.Close()
		return nil, fmt.Errorf("allocating io context: %w", err)
	}
	in.fc = astiav.AllocFormatContext()
	in.fc.SetPb(in.ioc)
	if err := in.fc.OpenInput("", astiav.FindInputFormat("mp4"), nil); err != nil {
		in.fc.Free()
		in.fc = nil
		in.close()
		return nil, fmt.Errorf("opening track: %w", err)
	}
	if err := in.fc.FindStreamInfo(nil); err != nil {
		in.close()
		return nil, fmt.Errorf("reading track info: %w", err)
	}
	in.pkt = astiav.AllocPacket()
	return in, nil
}

// peek makes sure pkt holds the next packet unless the input is done.
func (in *concatInput) peek() error {
	if in.have || in.eof {
		return nil
	}
	if err := in.fc.ReadFrame(in.pkt); err != nil {
		if errors.Is(err, astiav.ErrEof) {
			in.eof = true
			return nil
		}
		return fmt.Errorf("reading track: %w", err)
	}
	in.have = true
	return nil
}

func (in *concatInput) close() {
	if in.pkt != nil {
		in.pkt.Free()
	}
	if in.fc != nil {
		in.fc.CloseInput()
		in.fc.Free()
	}
	if in.ioc != nil {
		in.ioc.Free()
	}
	in.reader.Close()
}

// hvc1Tag is the codec tag 'hvc1' (MKTAG: the first letter lowest).
const hvc1Tag astiav.CodecTag = 'h' | 'v'<<8 | 'c'<<16 | '1'<<24

// remuxToMP4 copies the first stream of every input into one MP4 file,
// interleaved by time, with the moov moved to the front.
func remuxToMP4(ctx context.Context, inputs [][]string, outPath string) (err error) {
	var ins []*concatInput
	defer func() {
		for _, in := range ins {
			in.close()
		}
	}()
	for _, paths := range inputs {
		in, err := openConcatInput(paths)
		if err != nil {
			return err
		}
		ins = append(ins, in)
	}
	out, err := astiav.AllocOutputFormatContext(nil, "mp4", outPath)
	if err != nil {
		return fmt.Errorf("allocating mp4 muxer: %w", err)
	}
	defer out.Free()
	var outStreams []*astiav.Stream
	for _, in := range ins {
		is := in.fc.Streams()[0]
		os := out.NewStream(nil)
		if os == nil {
			return errors.New("adding mp4 stream")
		}
		if err := is.CodecParameters().Copy(os.CodecParameters()); err != nil {
			return fmt.Errorf("copying codec parameters: %w", err)
		}
		os.CodecParameters().SetCodecTag(0)
		if is.CodecParameters().CodecID() == astiav.CodecIDHevc {
			// hvc1, parameter sets in the sample entry alone, as the
			// segments have them; the muxer's default, hev1, is not what
			// Apple's players take.
			os.CodecParameters().SetCodecTag(hvc1Tag)
		}
		os.SetTimeBase(is.TimeBase())
		outStreams = append(outStreams, os)
	}
	pb, err := astiav.OpenIOContext(outPath, astiav.NewIOContextFlags(astiav.IOContextFlagWrite))
	if err != nil {
		return fmt.Errorf("opening %s: %w", filepath.Base(outPath), err)
	}
	out.SetPb(pb)
	defer pb.Close()
	opts := astiav.NewDictionary()
	defer opts.Free()
	if err := opts.Set("movflags", "+faststart", 0); err != nil {
		return fmt.Errorf("setting movflags: %w", err)
	}
	if err := out.WriteHeader(opts); err != nil {
		return fmt.Errorf("writing mp4 header: %w", err)
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		next := -1
		var nextTime float64
		for i, in := range ins {
			if err := in.peek(); err != nil {
				return err
			}
			if !in.have {
				continue
			}
			t := float64(in.pkt.Dts()) * in.fc.Streams()[0].TimeBase().Float64()
			if next < 0 || t < nextTime {
				next, nextTime = i, t
			}
		}
		if next < 0 {
			break
		}
		in := ins[next]
		if !in.shiftSet {
			in.shiftSet = true
			if p := in.pkt.Pts(); p != astiav.NoPtsValue && p > 0 {
				in.shift = p
			}
		}
		if in.shift != 0 {
			if p := in.pkt.Pts(); p != astiav.NoPtsValue {
				in.pkt.SetPts(p - in.shift)
			}
			if d := in.pkt.Dts(); d != astiav.NoPtsValue {
				in.pkt.SetDts(d - in.shift)
			}
		}
		in.pkt.SetStreamIndex(next)
		in.pkt.RescaleTs(in.fc.Streams()[0].TimeBase(), outStreams[next].TimeBase())
		in.pkt.SetPos(-1)
		err := out.WriteInterleavedFrame(in.pkt) // takes the packet's reference
		in.pkt.Unref()
		in.have = false
		if err != nil {
			return fmt.Errorf("writing mp4 packet: %w", err)
		}
	}
	if err := out.WriteTrailer(); err != nil {
		return fmt.Errorf("writing mp4 trailer: %w", err)
	}
	return nil
}

// multiFileReader reads files one after the other, opening each lazily.
type multiFileReader struct {
	paths []string
	cur   *os.File
}

func (r *multiFileReader) Read(b []byte) (int, error) {
	for {
		if r.cur == nil {
			if len(r.paths) == 0 {
				return 0, io.EOF
			}
			f, err := os.Open(r.paths[0])
			if err != nil {
				return 0, err
			}
			r.cur, r.paths = f, r.paths[1:]
		}
		n, err := r.cur.Read(b)
		if errors.Is(err, io.EOF) {
			r.cur.Close()
			r.cur = nil
			if n > 0 {
				return n, nil
			}
			continue
		}
		return n, err
	}
}

func (r *multiFileReader) Close() {
	if r.cur != nil {
		r.cur.Close()
		r.cur = nil
	}
	r.paths = nil
}
