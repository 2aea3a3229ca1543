package media

import (
	"errors"
	"fmt"

	"github.com/Eyevinn/mp4ff/av1"
	"github.com/Eyevinn/mp4ff/avc"
	"github.com/Eyevinn/mp4ff/hevc"
	"github.com/Eyevinn/mp4ff/mp4"
	"github.com/reelvideo/reel/internal/codecpolicy"
)

// writeCodecInit writes init.mp4 for a video rendition of codec from its
// encoder's extradata (global headers): avc1 with avcC for H.264, hvc1
// with hvcC (VPS, SPS and PPS, complete arrays) for HEVC, av01 with av1C
// (the sequence header OBU) for AV1. The track's CODECS string comes from
// the same parameter sets.
func (t *cmafTrack) writeCodecInit(codec string, extradata []byte, width, height int) error {
	switch codec {
	case codecpolicy.HEVC:
		return t.writeHEVCInit(extradata)
	case codecpolicy.AV1:
		return t.writeAV1Init(extradata, width, height)
	}
	return t.writeVideoInit(extradata, "")
}

// writeHEVCInit writes an hvc1 init segment from Annex B (or hvcC)
// extradata.
func (t *cmafTrack) writeHEVCInit(extradata []byte) error {
	vpss, spss, ppss, err := hevcParameterSets(extradata)
	if err != nil {
		return err
	}
	sps, err := hevc.ParseSPSNALUnit(spss[0])
	if err != nil {
		return fmt.Errorf("parsing hevc sps: %w", err)
	}
	t.codecs = hevcCodecString(sps)
	init := mp4.CreateEmptyInit()
	trak := init.AddEmptyTrack(uint32(t.timescale), "video", "und")
	if err := trak.SetHEVCDescriptor("hvc1", vpss, spss, ppss, nil, true); err != nil {
		return fmt.Errorf("building hvc1 sample entry: %w", err)
	}
	return t.writeInit(init)
}

// hevcCodecString is the RFC 6381 string of ISO/IEC 14496-15 annex E:
// hvc1.{profile}.{compatibility flags, reversed, hex}.{L|H}{level}
// {.constraint bytes, trailing zero bytes left out}, e.g.
// "hvc1.1.6.L93.B0".
func hevcCodecString(sps *hevc.SPS) string {
	return hevc.CodecString("hvc1", sps)
}

// hevcParameterSets finds VPS, SPS and PPS in Annex B or hvcC extradata.
func hevcParameterSets(extradata []byte) (vpss, spss, ppss [][]byte, err error) {
	if len(extradata) > 0 && extradata[0] == 1 {
		rec, err := hevc.DecodeHEVCDecConfRec(extradata)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("parsing hvcC: %w", err)
		}
		vpss, spss, ppss = rec.GetNalusForType(hevc.NALU_VPS), rec.GetNalusForType(hevc.NALU_SPS), rec.GetNalusForType(hevc.NALU_PPS)
	} else {
		// As for H.264 (h264ParameterSets): the last NAL unit has no start
		// code after it.
		for _, nalu := range avc.ExtractNalusFromByteStream(extradata) {
			switch hevc.GetNaluType(nalu[0]) {
			case hevc.NALU_VPS:
				vpss = append(vpss, nalu)
			case hevc.NALU_SPS:
				spss = append(spss, nalu)
			case hevc.NALU_PPS:
				ppss = append(ppss, nalu)
			}
		}
	}
	if len(vpss) == 0 || len(spss) == 0 || len(ppss) == 0 {
		return nil, nil, nil, errors.New("no hevc parameter sets in extradata")
	}
	return vpss, spss, ppss, nil
}

// writeAV1Init writes an av01 init segment whose av1C carries the
// sequence header OBU found in extradata (SVT-AV1's stream header: OBUs
// in the low-overhead format, or an av1C record).
func (t *cmafTrack) writeAV1Init(extradata []byte, width, height int) error {
	configOBUs := extradata
	if len(extradata) >= 4 && extradata[0]&0x80 != 0 {
		// An av1C record: its marker bit is set, an OBU header's is not.
		rec, err := av1.DecodeAV1CodecConfRec(extradata)
		if err != nil {
			return fmt.Errorf("parsing av1C: %w", err)
		}
		configOBUs = rec.ConfigOBUs
	}
	obus, err := av1.SplitOBUs(configOBUs)
	if err != nil {
		return fmt.Errorf("parsing av1 extradata: %w", err)
	}
	var seq *av1.OBU
	for i := range obus {
		if obus[i].Header.Type == av1.OBUSequenceHeader {
			seq = &obus[i]
			break
		}
	}
	if seq == nil {
		return errors.New("no av1 sequence header in extradata")
	}
	sh, err := av1.ParseSequenceHeader(seq.Payload)
	if err != nil {
		return fmt.Errorf("parsing av1 sequence header: %w", err)
	}
	rec := av1.CodecConfRecFromSequenceHeader(sh, seq.Encode())
	t.codecs = av1CodecString(&rec)
	init := mp4.CreateEmptyInit()
	trak := init.AddEmptyTrack(uint32(t.timescale), "video", "und")
	if err := trak.SetAV1Descriptor("av01", &mp4.Av1CBox{CodecConfRec: rec}, uint16(width), uint16(height)); err != nil {
		return fmt.Errorf("building av01 sample entry: %w", err)
	}
	return t.writeInit(init)
}

// av1CodecString is the codecs parameter of the AV1 ISO-BMFF binding
// ("Codecs Parameter String"), its mandatory fields alone:
// av01.{profile}.{level, two digits}{M|H}.{bit depth, two digits}, e.g.
// "av01.0.08M.08". The optional colour fields are left out, as the
// binding allows: Reel's SDR rungs carry what H.264's carry.
func av1CodecString(rec *av1.CodecConfRec) string {
	return rec.CodecString("av01")
}

// av1Sample turns an encoder's temporal unit into an ISO-BMFF AV1 sample:
// the OBUs as they are (with their size fields), less temporal delimiters
// and padding, which the binding says samples should not carry. A unit
// that does not parse is left whole: the decoder then says what is wrong.
func av1Sample(tu []byte) []byte {
	obus, err := av1.SplitOBUs(tu)
	if err != nil {
		return tu
	}
	keep := true
	for _, o := range obus {
		if o.Header.Type == av1.OBUTemporalDelimiter || o.Header.Type == av1.OBUPadding || !o.Header.HasSizeField {
			keep = false
			break
		}
	}
	if keep {
		return tu
	}
	out := make([]byte, 0, len(tu))
	for _, o := range obus {
		if o.Header.Type == av1.OBUTemporalDelimiter || o.Header.Type == av1.OBUPadding {
			continue
		}
		out = append(out, o.Encode()...)
	}
	return out
}
