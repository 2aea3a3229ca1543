// Package livetest makes live publishes for tests: it reads an MPEG-TS
// file (what FFmpeg writes, what SRT carries) into the live.Track and
// live.Unit an ingest would hand a Publish, and makes such files with
// FFmpeg's lavfi sources. It is a test helper and reads whole files into
// memory; the SRT ingest reads transport streams incrementally.
package livetest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/opus"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"

	"github.com/reelvideo/reel/videohost/live"
)

// ReadTS reads a transport stream's H.264, H.265, AAC and Opus tracks and their
// units, in the order they are in the stream. A video track's parameter
// sets are those of its first keyframe. Timestamps are MPEG-TS's, as
// time.Duration; Received is left zero.
func ReadTS(r io.Reader) ([]live.Track, []live.Unit, error) {
	rd := &mpegts.Reader{R: r}
	if err := rd.Initialize(); err != nil {
		return nil, nil, fmt.Errorf("reading the transport stream: %w", err)
	}
	var tracks []live.Track
	var units []live.Unit
	var decodeErr error
	rd.OnDecodeError(func(err error) { decodeErr = errors.Join(decodeErr, err) })
	for _, tt := range rd.Tracks() {
		id := len(tracks)
		switch c := tt.Codec.(type) {
		case *tscodecs.H264:
			tracks = append(tracks, live.Track{ID: id, Codec: live.CodecH264})
			rd.OnDataH264(tt, func(pts, dts int64, au [][]byte) error {
				key := h264.IsRandomAccess(au)
				if key && tracks[id].SPS == nil {
					for _, n := range au {
						switch h264.NALUType(n[0] & 0x1f) {
						case h264.NALUTypeSPS:
							tracks[id].SPS = bytes.Clone(n)
						case h264.NALUTypePPS:
							tracks[id].PPS = bytes.Clone(n)
						}
					}
				}
				units = append(units, live.Unit{Track: id, PTS: dur(pts), DTS: dur(dts), Key: key, Payload: au})
				return nil
			})
		case *tscodecs.H265:
			tracks = append(tracks, live.Track{ID: id, Codec: live.CodecH265})
			rd.OnDataH265(tt, func(pts, dts int64, au [][]byte) error {
				key := h265.IsRandomAccess(au)
				if key && tracks[id].SPS == nil {
					for _, n := range au {
						switch h265.NALUType((n[0] >> 1) & 0x3f) {
						case h265.NALUType_VPS_NUT:
							tracks[id].VPS = bytes.Clone(n)
						case h265.NALUType_SPS_NUT:
							tracks[id].SPS = bytes.Clone(n)
						case h265.NALUType_PPS_NUT:
							tracks[id].PPS = bytes.Clone(n)
						}
					}
				}
				units = append(units, live.Unit{Track: id, PTS: dur(pts), DTS: dur(dts), Key: key, Payload: au})
				return nil
			})
		case *tscodecs.Opus:
			ch := 2
			if c.Desc != nil {
				ch = int(c.Desc.ChannelConfigCode)
				if c.Desc.ChannelConfigCode == 0x81 {
					ch = c.Desc.ExplicitChannelCount
				}
			}
			tracks = append(tracks, live.Track{ID: id, Codec: live.CodecOpus, SampleRate: 48000, Channels: ch})
			rd.OnDataOpus(tt, func(pts int64, packets [][]byte) error {
				p := dur(pts)
				for _, pkt := range packets {
					units = append(units, live.Unit{Track: id, PTS: p, DTS: p, Payload: [][]byte{pkt}})
					p += time.Duration(opus.PacketDuration2(pkt)) * time.Second / 48000
				}
				return nil
			})
		case *tscodecs.MPEG4Audio:
			conf, err := c.Config.Marshal()
			if err != nil {
				return nil, nil, fmt.Errorf("aac config: %w", err)
			}
			rate := c.Config.SampleRate
			tracks = append(tracks, live.Track{
				ID: id, Codec: live.CodecAAC, AudioConfig: conf, SampleRate: rate, Channels: c.Config.ChannelCount,
			})
			rd.OnDataMPEG4Audio(tt, func(pts int64, aus [][]byte) error {
				for i, au := range aus {
					// One PES may carry several frames of 1024 samples.
					p := dur(pts) + time.Duration(i)*1024*time.Second/time.Duration(rate)
					units = append(units, live.Unit{Track: id, PTS: p, DTS: p, Payload: [][]byte{au}})
				}
				return nil
			})
		}
	}
	for {
		err := rd.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("reading the transport stream: %w", err)
		}
	}
	if len(units) == 0 && decodeErr != nil {
		return nil, nil, fmt.Errorf("reading the transport stream: %w", decodeErr)
	}
	return tracks, units, nil
}

func dur(ts int64) time.Duration {
	return time.Duration(ts/90000)*time.Second + time.Duration(ts%90000)*time.Second/90000
}

// FFmpeg runs ffmpeg with args, the last of which is the output file's
// name inside a temporary folder of t, and returns the file's path. It
// skips t when ffmpeg is not installed.
func FFmpeg(t testing.TB, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("no ffmpeg")
	}
	out := filepath.Join(t.TempDir(), args[len(args)-1])
	full := append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args[:len(args)-1]...)
	cmd := exec.Command(bin, append(full, out)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, b)
	}
	return out
}

// Source makes a transport stream with FFmpeg (see FFmpeg) and reads it
// (see ReadTS).
func Source(t testing.TB, args ...string) ([]live.Track, []live.Unit) {
	t.Helper()
	path := FFmpeg(t, args...)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tracks, units, err := ReadTS(f)
	if err != nil {
		t.Fatal(err)
	}
	return tracks, units
}
