package media

/*
#cgo pkg-config: libavutil
#cgo CFLAGS: -O3
#cgo LDFLAGS: -lm -lpthread
#include "tonemap.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/asticode/go-astiav"
)

// toneMapper maps HDR frames to 8-bit BT.709 SDR with tonemap.c: what the
// float chain of toneMapFilters computes, at a fraction of its processor
// time and on every core (tonemap.h says why). It takes what phones, cameras
// and browsers write for HDR, 4:2:0 10-bit limited range; anything else
// goes through toneMapFilters.
type toneMapper struct {
	c       *C.reel_tonemap
	hlg     bool
	peak    float64
	threads int
}

// fastToneMap reports whether toneMapper takes a source's frames.
func fastToneMap(v *VideoStream, pixFmt astiav.PixelFormat, colorRange astiav.ColorRange, width, height int) bool {
	return v.HDR && pixFmt == astiav.PixelFormatYuv420P10Le && colorRange != astiav.ColorRangeJpeg &&
		width%2 == 0 && height%2 == 0
}

func newToneMapper(v *VideoStream) *toneMapper {
	return &toneMapper{hlg: v.ColorTransfer == "hlg", threads: runtime.NumCPU()}
}

// apply returns in mapped to SDR as a new frame (its properties and time
// stamps copied, tagged BT.709), which the caller frees.
func (m *toneMapper) apply(in *astiav.Frame) (*astiav.Frame, error) {
	cin := (*C.AVFrame)(in.UnsafePointer())
	if peak := float64(C.reel_signal_peak(cin)); m.c == nil || peak != m.peak {
		// The peak comes with each frame; it changes, if ever, at a cut.
		m.free()
		if m.c = C.reel_tonemap_new(boolInt(m.hlg), C.double(peak)); m.c == nil {
			return nil, errors.New("tone map: out of memory")
		}
		m.peak = peak
	}
	out := astiav.AllocFrame()
	if ret := C.reel_tonemap_frame(m.c, cin, (*C.AVFrame)(out.UnsafePointer()), C.int(m.threads)); ret < 0 {
		out.Free()
		return nil, fmt.Errorf("tone map: %w", astiav.Error(ret))
	}
	return out, nil
}

func (m *toneMapper) free() {
	if m.c != nil {
		C.reel_tonemap_free(m.c)
		m.c = nil
	}
}

func boolInt(b bool) C.int {
	if b {
		return 1
	}
	return 0
}
