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
// concatenation of its parts) live only in memory while a live playlist
// lists them, and Handler serves them with the live playlists. Video
// segments are cut at keyframes; audio segments follow the video's
// boundaries with the same media sequence numbers, so that players switch
// and align cleanly.
package llhls
