package media

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/asticode/go-astiav"
)

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
