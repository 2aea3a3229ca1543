package media

import (
	"context"
	"errors"

	"github.com/asticode/go-astiav"
)

// readDuration is the duration of an input whose header does not give one,
// read from its packets: when the last one ends, from the input's start, in
// seconds (0 when no packet has a time). A browser's MediaRecorder writes
// WebM as it records and never goes back to fill in the duration (or the
// cues that would let FFmpeg seek to the end to estimate it). It reads the
// rest of fc (no decoding: a demux of the whole file, fast next to any
// encode), so fc must not be used for anything after it but closing.
func readDuration(ctx context.Context, fc *astiav.FormatContext) (float64, error) {
	pkt := astiav.AllocPacket()
	defer pkt.Free()
	streams := fc.Streams()
	start := fc.StartTime()
	if start == astiav.NoPtsValue {
		start = 0
	}
	var end float64
	for {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if err := fc.ReadFrame(pkt); err != nil {
			if errors.Is(err, astiav.ErrEof) {
				break
			}
			return 0, err
		}
		ts := pkt.Pts()
		if ts == astiav.NoPtsValue {
			ts = pkt.Dts()
		}
		if i := pkt.StreamIndex(); ts != astiav.NoPtsValue && i < len(streams) {
			tb := streams[i].TimeBase()
			end = max(end, float64(ts+max(pkt.Duration(), 0))*tb.Float64())
		}
		pkt.Unref()
	}
	return max(end-float64(start)/1e6, 0), nil
}
