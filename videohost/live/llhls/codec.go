package llhls

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/fmp4/seekablebuffer"

	"github.com/reelvideo/reel/videohost/live"
)

// params is what an init segment is made of. Two publishes with equal
// params share an init segment (and so an EXT-X-MAP).
type params struct {
	codec       live.Codec
	vps         []byte
	sps         []byte
	pps         []byte
	audioConfig []byte
	sampleRate  int
	channels    int
}

func (p params) equal(o params) bool {
	return p.codec == o.codec && bytes.Equal(p.vps, o.vps) && bytes.Equal(p.sps, o.sps) &&
		bytes.Equal(p.pps, o.pps) && bytes.Equal(p.audioConfig, o.audioConfig) &&
		p.sampleRate == o.sampleRate && p.channels == o.channels
}

func paramsOf(t live.Track) params {
	return params{
		codec: t.Codec, vps: clone(t.VPS), sps: clone(t.SPS), pps: clone(t.PPS),
		audioConfig: clone(t.AudioConfig), sampleRate: t.SampleRate, channels: t.Channels,
	}
}

func clone(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return bytes.Clone(b)
}

// inBand updates p with parameter sets a keyframe carries, which take
// precedence over those of the Track (an encoder may change resolution
// mid-publish). It reports whether p changed.
func (p *params) inBand(au [][]byte) bool {
	changed := false
	set := func(dst *[]byte, nalu []byte) {
		if !bytes.Equal(*dst, nalu) {
			*dst = bytes.Clone(nalu)
			changed = true
		}
	}
	for _, nalu := range au {
		if len(nalu) == 0 {
			continue
		}
		switch p.codec {
		case live.CodecH264:
			switch h264.NALUType(nalu[0] & 0x1f) {
			case h264.NALUTypeSPS:
				set(&p.sps, nalu)
			case h264.NALUTypePPS:
				set(&p.pps, nalu)
			}
		case live.CodecH265:
			switch h265.NALUType((nalu[0] >> 1) & 0x3f) {
			case h265.NALUType_VPS_NUT:
				set(&p.vps, nalu)
			case h265.NALUType_SPS_NUT:
				set(&p.sps, nalu)
			case h265.NALUType_PPS_NUT:
				set(&p.pps, nalu)
			}
		}
	}
	return changed
}

// info is what the multivariant playlist says of a track.
type info struct {
	codecs    string // the RFC 6381 codecs string
	timescale uint32
	width     int
	height    int
	fps       float64
	channels  int
}

var errNoParameterSets = errors.New("no parameter sets")

// describe validates p and returns its info and init segment.
func describe(p params) (info, []byte, error) {
	var in info
	var codec fmp4.Codec
	switch p.codec {
	case live.CodecH264:
		if len(p.sps) < 4 || len(p.pps) == 0 {
			return in, nil, fmt.Errorf("h264: %w (SPS and PPS)", errNoParameterSets)
		}
		var sps h264.SPS
		if err := sps.Unmarshal(p.sps); err != nil {
			return in, nil, fmt.Errorf("h264 sps: %w", err)
		}
		in = info{
			codecs: "avc1." + hex.EncodeToString(p.sps[1:4]), timescale: 90000,
			width: sps.Width(), height: sps.Height(), fps: sps.FPS(),
		}
		codec = &fmp4.CodecH264{SPS: p.sps, PPS: p.pps}
	case live.CodecH265:
		if len(p.vps) == 0 || len(p.sps) == 0 || len(p.pps) == 0 {
			return in, nil, fmt.Errorf("h265: %w (VPS, SPS and PPS)", errNoParameterSets)
		}
		var sps h265.SPS
		if err := sps.Unmarshal(p.sps); err != nil {
			return in, nil, fmt.Errorf("h265 sps: %w", err)
		}
		in = info{
			codecs: hvc1(&sps.ProfileTierLevel), timescale: 90000,
			width: sps.Width(), height: sps.Height(), fps: sps.FPS(),
		}
		codec = &fmp4.CodecH265{VPS: p.vps, SPS: p.sps, PPS: p.pps}
	case live.CodecAAC:
		var conf mpeg4audio.AudioSpecificConfig
		if err := conf.Unmarshal(p.audioConfig); err != nil {
			return in, nil, fmt.Errorf("aac config: %w", err)
		}
		rate := conf.SampleRate
		if conf.ExtensionSampleRate != 0 {
			// HE-AAC: the timestamps count the output's samples.
			rate = conf.ExtensionSampleRate
		}
		if rate <= 0 {
			return in, nil, errors.New("aac config: no sample rate")
		}
		in = info{codecs: "mp4a.40." + strconv.Itoa(int(conf.Type)), timescale: uint32(rate), channels: conf.ChannelCount}
		codec = &fmp4.CodecMPEG4Audio{Config: conf}
	case live.CodecOpus:
		ch := p.channels
		if ch <= 0 {
			ch = 2
		}
		in = info{codecs: "opus", timescale: 48000, channels: ch}
		codec = &fmp4.CodecOpus{ChannelCount: ch}
	default:
		return in, nil, fmt.Errorf("%w: %q", live.ErrUnsupportedCodec, p.codec)
	}
	init := fmp4.Init{Tracks: []*fmp4.InitTrack{{ID: 1, TimeScale: in.timescale, Codec: codec}}}
	var buf seekablebuffer.Buffer
	if err := init.Marshal(&buf); err != nil {
		return in, nil, fmt.Errorf("init segment: %w", err)
	}
	return in, buf.Bytes(), nil
}

// hvc1 is the codecs string of an H.265 track (ISO/IEC 14496-15 annex E).
func hvc1(ptl *h265.SPS_ProfileTierLevel) string {
	var b strings.Builder
	b.WriteString("hvc1.")
	if ptl.GeneralProfileSpace >= 1 && ptl.GeneralProfileSpace <= 3 {
		b.WriteByte('A' + ptl.GeneralProfileSpace - 1)
	}
	b.WriteString(strconv.Itoa(int(ptl.GeneralProfileIdc)))
	// The 32 compatibility flags, bit-reversed.
	var compat uint32
	for i, f := range ptl.GeneralProfileCompatibilityFlag {
		if f {
			compat |= 1 << i
		}
	}
	fmt.Fprintf(&b, ".%X.", compat)
	if ptl.GeneralTierFlag > 0 {
		b.WriteByte('H')
	} else {
		b.WriteByte('L')
	}
	b.WriteString(strconv.Itoa(int(ptl.GeneralLevelIdc)))
	flags := []bool{
		ptl.GeneralProgressiveSourceFlag, ptl.GeneralInterlacedSourceFlag,
		ptl.GeneralNonPackedConstraintFlag, ptl.GeneralFrameOnlyConstraintFlag,
		ptl.GeneralMax12bitConstraintFlag, ptl.GeneralMax10bitConstraintFlag,
		ptl.GeneralMax8bitConstraintFlag, ptl.GeneralMax422ChromeConstraintFlag,
		ptl.GeneralMax420ChromaConstraintFlag, ptl.GeneralMaxMonochromeConstraintFlag,
		ptl.GeneralIntraConstraintFlag, ptl.GeneralOnePictureOnlyConstraintFlag,
		ptl.GeneralLowerBitRateConstraintFlag, ptl.GeneralMax14BitConstraintFlag,
	}
	// Six constraint bytes, trailing zero bytes left out.
	var bs [6]byte
	for i, f := range flags {
		if f {
			bs[i/8] |= 0x80 >> (i % 8)
		}
	}
	n := len(bs)
	for n > 1 && bs[n-1] == 0 {
		n--
	}
	for i := range n {
		fmt.Fprintf(&b, ".%X", bs[i])
	}
	return b.String()
}
