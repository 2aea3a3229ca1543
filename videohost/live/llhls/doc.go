// Package llhls packages a live publish as CMAF low-latency HLS in Reel's
// own layout, so that the segments of a live session are already those of
// the on-demand video it becomes when the stream ends.
//
// Reel writes LL-HLS itself rather than through gohlslib's Muxer: the
// segments of a live session must be written in Reel's layout (one folder
// per track, CMAF segments and init segments, as the on-demand packager
// writes them) to storage that every API process can read, and must become
// the on-demand video's segments when the session ends without being
// rewritten or re-encoded; gohlslib keeps its segments in its own memory
// under its own names. github.com/bluenviron/mediacommon/v2 still does the
// codec work (parameter sets, AudioSpecificConfig) and writes the MP4
// boxes (init segments, moof+mdat fragments).
//
// A Muxer implements live.Publish and takes any number of publishes in
// turn (a publisher that reconnects continues the same session, after an
// EXT-X-DISCONTINUITY); Finish ends the session and leaves a VOD set in
// Storage:
//
//	master.m3u8            multivariant playlist, audio in the "audio" group
//	video/init0.mp4        init segments, a new one only when the codec or
//	                       parameter sets change
//	video/0.m4s, 1.m4s …   CMAF segments, numbered by media sequence number
//	video/playlist.m3u8    written at Finish (VOD, every segment)
//	audio/…                the same for the audio track
//
// Segments and init segments go to Storage as soon as they are complete;
// parts (one moof+mdat CMAF chunk each, a segment being exactly the
// concatenation of its parts) live only in memory, while a live playlist
// lists them and as long again for players holding an older playlist, and
// Handler serves them with the live playlists. Video
// segments are cut at keyframes; audio segments follow the video's
// boundaries with the same media sequence numbers, so that players switch
// and align cleanly.
//
// Latency: a part is written when the unit after its last arrives (a
// sample's duration is the distance to the next DTS), and the requests
// held for it are answered at once (well under a millisecond on an idle
// machine). With the default 500 ms parts, Reel's hls.js settles about
// 1.6 s behind the live edge (PART-HOLD-BACK is 1.5 s); players without
// LL-HLS play the same playlists as standard HLS, HOLD-BACK (three target
// durations) behind.
//
// Lower rungs: besides the publisher's video, a publish may bring named
// video tracks (live.Track.Name), the lower rungs of Reel's ladder encoded
// live from the video (transcode/liveladder, media.LiveLadder). Each is a variant
// of its own in the multivariant playlist (BANDWIDTH measured, RESOLUTION,
// CODECS, FRAME-RATE, the shared audio group), the published picture
// first, with its media playlist, parts, preload hint, blocking reload and
// EXT-X-RENDITION-REPORT tags for the other renditions, as the video's.
// A rung decides no boundary: its pictures carry the PTS of the source
// pictures they were made from and are keyframes where the source's are,
// so each rung starts its segment of media sequence number N at the
// keyframe the video's segment N starts at (rungs.go). Segments line up
// across renditions to the frame, parts to within one (each rung cuts its
// parts by duration within the shared segment). In Reel's layout each rung
// is a folder named after its rendition (h264_sd), which the recording
// keeps as that rendition.
//
// Resuming: a session is not lost with the process that packaged it.
// ResumeMuxer reads back what a Muxer stored in Reel's layout (the
// multivariant and standard playlists it keeps in Storage, the init
// segments, the segments) and continues it as that Muxer would have
// continued after a publisher dropped: the next publish after an
// EXT-X-DISCONTINUITY, its segments numbered after the stored ones, its
// media time after theirs, the stored segments served from Storage
// (TestResumeMuxerContinuesAStoredSession: byte for byte the files one
// Muxer makes). Every track resumes from the last segment the video and
// the audio both stored; what was in flight (the growing segment, a
// segment whose playlist was not stored yet) is dropped. livesession
// uses it to take a session over on another process.
//
// Limits: EXT-X-TARGETDURATION grows when a publisher's keyframes are
// further apart than SegmentTarget (segments are cut at keyframes only),
// which RFC 8216bis forbids in a live playlist, so publishers should send
// a keyframe at least every SegmentTarget; the multivariant playlist
// describes the current codec, so a session whose publisher changed codec
// (H.264 to H.265) has a recording whose earlier segments its CODECS do
// not name.
package llhls
