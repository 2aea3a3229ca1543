package media

/*
#cgo pkg-config: libavcodec
#include <libavcodec/avcodec.h>
*/
import "C"

import "github.com/asticode/go-astiav"

// streamFieldOrder is how a video stream's pictures are made of fields, as
// its headers say (after stream info was read): "progressive", "tt" (top
// field first), "bb" (bottom field first), "tb" or "bt" (coded in one order,
// shown in the other), or "" when they do not say. go-astiav v0.16.0 does
// not expose AVCodecParameters.field_order.
func streamFieldOrder(s *astiav.Stream) string {
	cp := (*C.AVCodecParameters)(astiavC(s.CodecParameters()))
	if cp == nil {
		return ""
	}
	switch cp.field_order {
	case C.AV_FIELD_PROGRESSIVE:
		return "progressive"
	case C.AV_FIELD_TT:
		return "tt"
	case C.AV_FIELD_BB:
		return "bb"
	case C.AV_FIELD_TB:
		return "tb"
	case C.AV_FIELD_BT:
		return "bt"
	}
	return ""
}

// sourceFilters are the filters that come first in a source's video chain,
// before rotation, frame-rate conversion and tone-mapping: what makes the
// decoded pictures plain progressive frames.
//
// An interlaced source (1080i broadcast, camcorders, MPEG-2 and H.264 in
// MPEG-TS) is deinterlaced with bwdif, one frame out per frame in (25i stays
// 25 fps), the field order taken from each frame: scaled, rotated or shown
// as it is, its two fields would comb every moving edge. deint=interlaced
// leaves the frames the decoder marks progressive untouched (mixed content).
// It must come before the rotation: turned, the fields would be columns.
func sourceFilters(fieldOrder string) []string {
	switch fieldOrder {
	case "tt", "bb", "tb", "bt":
		return []string{"bwdif=mode=send_frame:parity=auto:deint=interlaced"}
	}
	return nil
}
