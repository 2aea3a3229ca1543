// Package rtmp is Reel's RTMP ingest: it accepts publishers (OBS, FFmpeg,
// hardware encoders) over RTMP and hands each one to live.Publishers and
// the live.Publish it returns, so that the rest of Reel never sees the
// protocol.
//
// Why RTMP: it is what every encoder speaks. The protocol work is
// github.com/bluenviron/gortmplib (handshake, chunking, AMF, legacy FLV
// tags and enhanced RTMP); codec parameters are read with
// github.com/bluenviron/mediacommon/v2. Both are pure Go.
//
// # Stream key
//
// The key is the last element of the publish URL: rtmp://host/live/KEY
// is app "live" and stream name "KEY". Any app is accepted (an encoder's
// "server" field may say rtmp://host/app or rtmp://host/live); the app is
// not a secret and carries nothing Reel needs. The URL must have an app
// and a stream name: rtmp://host/KEY with an empty stream name is refused.
// A query after the stream name (KEY?x=y) is not part of the key. The key
// is never logged; logs carry its last four characters ("key_hint"; nothing
// of a key shorter than 12).
//
// # Handshake and refusals
//
// The RTMP handshake, connect, createStream and publish are read within
// Server.HandshakeTimeout. Then Publishers.Begin decides, before any
// media is read: an error answers the publish command with an error
// status (NetStream.Publish.Unauthorized for live.ErrUnknownKey,
// NetStream.Publish.BadName for live.ErrBusy, NetStream.Publish.Failed
// otherwise, described "the space is over its quota" for
// live.ErrOverQuota) and closes the connection; Start is never called. Play
// requests are refused: playback is HLS.
//
// # Tracks and units
//
// gortmplib finds the tracks by reading the first two seconds of media
// (its analysis period; the units read meanwhile are not lost but handed
// over after Start, with the time they were actually read as
// Unit.Received). A publish that unpublishes before that ends without
// Start. Accepted codecs: H.264 (SPS and PPS from the sequence header),
// H.265 (VPS, SPS, PPS; this needs an enhanced-RTMP publisher such as OBS
// ≥ 29.1 or FFmpeg ≥ 6.1: FFmpeg 5.1 cannot write HEVC into FLV; the
// tests publish HEVC and Opus with gortmplib's client), AAC (its
// AudioSpecificConfig) and Opus (enhanced RTMP). Any other codec ends
// the publish with live.ErrUnsupportedCodec.
//
// A sequence header sent again mid-stream with different parameter sets
// is put in band, ahead of the next keyframe's NAL units. Timestamps are
// the publisher's, RTMP's 32-bit milliseconds unwrapped into continuous
// durations (PTS = DTS + the composition offset).
//
// # End
//
// End(nil) when the publisher unpublishes (FCUnpublish, deleteStream or
// closeStream); End(err) on anything else: a connection closed without
// unpublishing, a publisher silent for Server.ReadTimeout, an error from
// Start or WriteUnit, Serve's context ending.
package rtmp
