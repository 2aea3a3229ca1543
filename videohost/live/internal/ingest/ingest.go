// Package ingest holds what the ingests (live/rtmp, live/srt) share and
// the rest of Reel does not need: the key hint their logs carry, the
// unwrapping of a protocol's wrapping clock, AAC's channel count.
package ingest

import (
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// KeyHint is what a log may say of a stream key: its last four characters,
// or nothing of a key too short for four to be a small part of it.
func KeyHint(key string) string {
	if len(key) < 12 {
		return "…"
	}
	return "…" + key[len(key)-4:]
}

// Unwrapper turns the timestamps of a clock that wraps (RTMP's 32-bit
// milliseconds, MPEG-TS's 33-bit 90 kHz ticks) into a continuous count.
// One Unwrapper serves every track of a publish: each timestamp is read
// as the nearest to the previous one, whichever track it came from, which
// holds while the tracks stay within half the clock's range of each other.
// The first timestamp is kept as it is.
type Unwrapper struct {
	// Bits is the width of the clock: 32 or 33.
	Bits    uint
	started bool
	prev    int64
	overall int64
}

// Unwrap returns the continuous value of ts.
func (u *Unwrapper) Unwrap(ts int64) int64 {
	mask := int64(1)<<u.Bits - 1
	ts &= mask
	if !u.started {
		u.started = true
		u.prev, u.overall = ts, ts
		return ts
	}
	diff := (ts - u.prev) & mask
	if diff > mask/2 {
		u.overall -= (u.prev - ts) & mask
	} else {
		u.overall += diff
	}
	u.prev = ts
	return u.overall
}

// Ticks90k converts 90 kHz ticks to a Duration without overflowing for
// spans far beyond a day.
func Ticks90k(t int64) time.Duration {
	return time.Duration(t/90000)*time.Second + time.Duration(t%90000)*time.Second/90000
}

// AACChannels is the channel count of an AudioSpecificConfig: its
// channel configuration (7 is 8 channels), or, for 0 (a program config
// element), what the parser counted.
func AACChannels(c *mpeg4audio.AudioSpecificConfig) int {
	switch {
	case c.ChannelConfig >= 1 && c.ChannelConfig <= 6:
		return int(c.ChannelConfig)
	case c.ChannelConfig == 7:
		return 8
	default:
		return c.ChannelCount //nolint:staticcheck // the only count of a PCE
	}
}
