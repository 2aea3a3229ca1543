package live

import (
	"context"
	"errors"
	"net"
	"time"
)

// Codec names the codec of a Track.
type Codec string

// The codecs a publisher may send. Video: H.264 and H.265; audio: AAC
// (MPEG-4 Audio) and Opus. An ingest refuses any other at the start of a
// publish (ErrUnsupportedCodec).
const (
	CodecH264 Codec = "h264"
	CodecH265 Codec = "h265"
	CodecAAC  Codec = "aac"
	CodecOpus Codec = "opus"
)

// IsVideo reports whether c is a video codec.
func (c Codec) IsVideo() bool { return c == CodecH264 || c == CodecH265 }

// Track is one elementary stream of a publish, described completely before
// its first Unit: an ingest calls Publish.Start only once every track's
// parameters are known (for MPEG-TS over SRT, once the first keyframe has
// brought the parameter sets in band).
type Track struct {
	// ID is the track's index in the slice given to Publish.Start; Unit.Track
	// refers to it.
	ID    int
	Codec Codec
	// VPS (H.265 only), SPS and PPS: the parameter sets, without start
	// codes. A keyframe may carry newer ones in band; the packager takes
	// them from there.
	VPS, SPS, PPS []byte
	// AudioConfig is AAC's AudioSpecificConfig (ISO/IEC 14496-3), as an
	// MP4 esds carries it.
	AudioConfig []byte
	// SampleRate and Channels describe an audio track (Opus: 48000 and the
	// channel count of its header).
	SampleRate int
	Channels   int
	// Name is the folder of a video track the service added to a publish
	// (a lower rung encoded live, such as "h264_sd"); empty for the
	// publisher's own tracks, whose folder the packager names.
	Name string
}

// Unit is one access unit of a track: a video picture or an audio frame.
type Unit struct {
	Track int
	// PTS and DTS are the publisher's timestamps, continuous and monotonic
	// per track within one Publish (the ingest unwraps MPEG-TS's 33-bit
	// clock and RTMP's 32-bit milliseconds), on one clock for every track
	// of the publish, so that they stay in sync. DTS equals PTS for audio.
	PTS, DTS time.Duration
	// Key marks a video random access point (an IDR or CRA picture).
	Key bool
	// Payload is a video picture's NAL units, without start codes or length
	// prefixes, or one audio frame (an AAC raw access unit, one Opus
	// packet) as the only element.
	Payload [][]byte
	// Received is the wall-clock time the ingest read the unit, which
	// EXT-X-PROGRAM-DATE-TIME and the latency figures are measured from.
	Received time.Time
}

// Publish receives one publisher's connection, from the moment its stream
// key was accepted until it ends. An ingest calls Start once, then
// WriteUnit for each unit in the order they arrived (from one goroutine),
// then End once; it calls End without Start when the publisher leaves
// before its tracks are known. An error from Start or WriteUnit ends the
// connection (and End is still called with that error).
type Publish interface {
	Start(tracks []Track) error
	WriteUnit(u Unit) error
	// End reports the end of the connection: nil when the publisher ended
	// the stream itself (RTMP deleteStream or FCUnpublish, SRT shutdown),
	// otherwise why it ended (a read error, a timeout, an error returned
	// by Start or WriteUnit).
	End(err error)
}

// Publishers decides, at the handshake, whether a publisher may publish
// with the stream key it sent.
type Publishers interface {
	// Begin is called once an ingest knows the stream key, before any media
	// is read. ErrUnknownKey and ErrBusy refuse the publisher at the
	// handshake (RTMP: an error status to the publish command and the
	// connection closed; SRT: the connection request rejected); any other
	// error refuses it likewise.
	Begin(ctx context.Context, req Request) (Publish, error)
}

// Request is what an ingest knows of a publisher at the handshake.
type Request struct {
	// Protocol is "rtmp" or "srt".
	Protocol string
	// Key is the stream key the publisher sent: RTMP's stream name (the
	// last element of rtmp://host/live/KEY), SRT's stream id ("KEY",
	// "publish:KEY" or the access-control form "#!::r=KEY,m=publish").
	Key    string
	Remote net.Addr
}

// Errors an ingest and Publishers share.
var (
	// ErrUnknownKey: no live stream has this stream key.
	ErrUnknownKey = errors.New("live: unknown stream key")
	// ErrBusy: another publisher is already publishing with this key. Reel
	// refuses the second publisher rather than letting it take over: a
	// leaked key must not cut a running event, and a publisher whose
	// connection broke is only let back in once the old connection is
	// known dead (its read deadline or a closed socket). With several
	// processes, a publisher reaching another process than the one its
	// stream's session runs on is refused likewise while that process is
	// up (livesession takes the session over once it is not).
	ErrBusy = errors.New("live: another publisher is using this stream key")
	// ErrOverQuota: the stream's space already holds what one of its quotas
	// allows (max_minutes): a new session would only end errored.
	ErrOverQuota = errors.New("live: the stream's space is over its quota")
	// ErrUnsupportedCodec: a track's codec is not one of the Codec values.
	ErrUnsupportedCodec = errors.New("live: unsupported codec")
)
