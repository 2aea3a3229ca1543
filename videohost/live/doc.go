// Package live is the core of Reel's live streaming: the vocabulary every
// ingest protocol hands a publish over in (Track, Unit, Publish), and the
// decision at the handshake whether a stream key may publish
// (Publishers).
//
// One subpackage per dependency, as elsewhere in Reel: live/rtmp takes
// publishers over RTMP (github.com/bluenviron/gortmplib), live/srt over SRT
// carrying MPEG-TS (github.com/datarhei/gosrt, with
// github.com/bluenviron/mediacommon/v2 reading the transport stream), and
// live/llhls packages a publish as CMAF low-latency HLS in Reel's own
// layout, so that the segments of a live session are already those of the
// on-demand video it becomes when the stream ends. transcode/liveladder adds to an
// H.264 publish the lower rungs of its ladder, encoded live from one
// decode of it (FFmpeg, through media.LiveLadder), as tracks of the same
// publish that the packager segments at the publisher's keyframes.
//
// This package imports none of them: an ingest depends on it, the
// packager depends on it, and the service wires them together.
package live
