package media

/*
#cgo pkg-config: libavfilter libavutil
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
*/
import "C"

import (
	"errors"
	"unsafe"

	"github.com/asticode/go-astiav"
)

// astiavC answers the FFmpeg object behind a go-astiav wrapper: go-astiav
// v0.16.0 keeps it private, as the first field of every wrapper struct, and
// exports it only for frames. Callers check what they get before using it.
func astiavC[T any](wrapper *T) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(wrapper))
}

// closeBufferSource ends a buffer source's input at endPts (in the source's
// time base), the time the last frame stops being shown. go-astiav only
// closes with the last frame's own start time, and the fps filter then
// drops that last frame, so every rendition came out one frame short.
func closeBufferSource(src *astiav.FilterContext, endPts int64) error {
	// The filter's name is checked so another go-astiav layout fails here.
	p := (*C.AVFilterContext)(astiavC(src))
	if p == nil || p.filter == nil || C.GoString(p.filter.name) != "buffer" {
		return errors.New("go-astiav filter context layout is not the one this package was written for")
	}
	if ret := C.av_buffersrc_close(p, C.int64_t(endPts), 0); ret < 0 {
		return astiav.Error(ret)
	}
	return nil
}
