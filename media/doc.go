// Package media turns a source file into everything a video platform serves:
// it probes the source, plans an H.264 ladder of 16:9 boxes (the source
// fitted inside 640×360, 1280×720, ... turned for portrait), decodes the
// source once and encodes every rendition in parallel, packages the result as
// CMAF (fMP4) with HLS playlists, a DASH manifest over the same segments and
// progressive MP4 downloads, and publishes a playable set early.
//
// It is the only package of the module that uses cgo (FFmpeg 5.1 through
// github.com/asticode/go-astiav v0.16.0, plus two small pieces of its own C:
// encode_thread.c and buffersrc.go). It knows nothing of videos, spaces or
// HTTP: files and options in, files and metadata out.
//
// The entry points are:
//
//   - Probe: what a file contains, or an *Error with code not_media.
//   - PlanLadder: the renditions to encode for a probed source.
//   - Process: probe, plan, transcode, package; returns the Manifest that is
//     also stored as media.json in the output directory.
//   - WriteMasterPlaylist and AddSubtitles: regenerate the master playlist
//     (for example with a subtitles group) without re-encoding.
//   - PlanLiveLadder and LiveLadder: the lower rungs of a live stream,
//     encoded as its pictures arrive from one decode of the published
//     H.264 (which passes through as the top rung), a keyframe forced on
//     each of the source's and the source's timestamps on every picture,
//     so that a packager cuts every rung at the same instants.
//   - PackageRecording: a live session's recording (the top rung, the
//     lower rungs, the audio) made into an on-demand video's files without
//     encoding anything.
//
// Every failure caused by the input carries a stable code (see Error), so a
// caller can copy it into its own error reporting.
//
// Output layout (relative to the output directory):
//
//	playlist.m3u8            HLS master (EXT-X-VERSION 7)
//	manifest.mpd             DASH, static, SegmentTimeline over the same segments
//	h264_sd/playlist.m3u8    one folder per rendition: init.mp4, 0.m4s, 1.m4s, ...
//	audio/0/playlist.m3u8    one folder per source audio stream, AAC-LC stereo 48 kHz
//	h264_sd.mp4              progressive download (+faststart), first audio track
//	media.json               the Manifest
//
// Decisions the service contract leaves open:
//
//   - A single still image (PNG, JPEG, ...) is not media: Probe answers not_media.
//     Cover art in an audio file is ignored and the file is audio-only.
//   - A source with zero duration or no decodable stream is not_media, and
//     so is headerless raw AMR: FFmpeg only guesses it from byte patterns
//     (a file of one repeated 3-byte sequence passes), while real .amr files
//     carry a "#!AMR" header and open as "amr".
//   - HDR sources (PQ or HLG, BT.2020) are tone-mapped to 8-bit BT.709 SDR
//     (to linear light, Möbius curve, tagged bt709), since H.264
//     renditions for every browser cannot carry HDR; Info still reports the
//     HDR flags. What phones, cameras and browsers write (4:2:0 10-bit,
//     limited range) goes through tonemap.c: FFmpeg's float zscale/tonemap
//     chain computed from tables, straight from and to Y'CbCr, on every
//     core (over 55 dB from the chain); anything else through the chain. Callers that make posters should take them from a rendition,
//     as the worker does: Poster decodes its input as it is.
//   - All renditions share one frame rate (the source's, capped), so
//     keyframes and segment boundaries are identical across renditions.
//     Keyframes every 2 s (closed GOP, no scene cuts), segments of 4 s.
//   - Early playback: a standard source (H.264 ≤ 1080p yuv420p, square
//     pixels, no rotation, AAC or no audio, MP4/MOV/Matroska) is first
//     remuxed, without decoding, into WorkDir/playable (a "source"
//     rendition, the audio tracks and a master) and OnPlayable gets that
//     folder. Any other source (HEVC, VP9, AV1, ProRes, HDR, rotated,
//     over 1080p, ...) is encoded in two passes at once: an early pass
//     decodes it and encodes the smallest rendition and the audio, scaling
//     before tone-mapping and turning (1/36 of the work at 360p from 4K),
//     while the ladder pass decodes it again for the other renditions on
//     threads 10 nice levels lower (transcode_early.go). OnPlayable(OutDir)
//     comes as soon as the smallest rendition and the first audio track
//     have one segment: the master then lists only that rendition, whose
//     EVENT playlist grows until the final VOD playlists replace it. The
//     early rendition is the ladder's own smallest rung, so nothing is
//     encoded twice; the second decode is what the early start costs.
//     SharedDecodeBytes lets the ladder pass encode the early pass's
//     pictures instead; it is off by default, as on the benchmark machine
//     holding them costs more than the decode and delays the first
//     segment.
//     A Background encode (a video that plays already) runs its whole
//     ladder 10 nice levels lower too, so that another upload's early
//     pass beside it takes the cores first.
//     Every file is written under a temporary name and renamed.
//   - A source is bounded by what its video costs to decode (bounds.go):
//     8192 px on an edge (LadderOptions.MaxEdge) and DefaultMaxPixelRate
//     (2.12 G pixels a second) from its header, answering too_large; and
//     while decoding, each picture by the same bounds at the probed frame
//     rate (the decoder's max_pixels, so a stream that grows after its
//     header never has a larger picture allocated) and the pictures
//     together by the pixel rate over the source's clock, a second ahead
//     at most. A picture of another size or pixel format within them (a
//     stream that changes size mid-way) is scaled to the probed one
//     before the filter graph, built once for one size.
//   - The ladder's filter graph scales a rendition from the smallest larger
//     rendition at least twice its size (sd from hd), not from the source:
//     half the scaling work for the small rungs, at 0.08 dB PSNR.
//   - Encoders run on pthreads of their own (encode_thread.c): libx264
//     blocks for about a frame time in each call, and a goroutine blocked
//     that long in cgo has its P taken by the runtime's sysmon, which then
//     wakes every 20 µs. Frames and packets cross through pipes that Go
//     waits on in its netpoller; taken frames are reported in groups so
//     the decoding goroutine wakes once per group.
//   - Video segments use signed composition offsets (trun version 1, as
//     CMAF allows) so the first frame presents at 0 despite B-frames.
//   - The AAC encoder's first packet, its 1024 samples of priming, is left
//     out of the audio track: without an edit list (MSE players ignore
//     them) it would be played, and every sound would come 21.3 ms after
//     its picture. The track starts with the first input sample, the first
//     10 ms or so faded in (the decoder misses the priming's overlap).
package media
