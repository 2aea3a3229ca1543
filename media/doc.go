// Package media turns a source file into everything a video platform serves:
// it probes the source, plans a ladder of 16:9 boxes (the source fitted
// inside 640×360, 1280×720, ... turned for portrait) in H.264 and, when a
// codec policy asks for them, HEVC and AV1 (see "Codecs" below), decodes the
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
//   - AddCodecs: the AV1 or HEVC renditions a codec policy names, added to
//     a finished output without touching its files.
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
//	av1_hd/playlist.m3u8     ... of every codec: {codec}_{quality}
//	audio/0/playlist.m3u8    one folder per source audio stream, AAC-LC stereo 48 kHz
//	h264_sd.mp4              progressive download (+faststart), first audio track; av1_hd.mp4, hevc_hd.mp4 alike
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
//
// # Codecs
//
// LadderOptions.Codecs, a codecpolicy.Policy, says which codecs each rung
// is encoded in: H.264 alone by default (nothing changes for anyone who
// does not ask), HEVC (libx265) and AV1 (libsvtav1, SVT-AV1 1.4.1 in
// Debian 12) beside it. PlanLadder plans, per box, one rendition per codec
// the policy covers, named {codec}_{quality} (h264_hd, hevc_hd, av1_hd),
// listed H.264 first, then HEVC, then AV1, each smallest first: the
// master playlist, DASH (one AdaptationSet per codec) and media.json keep
// that order, so a player without AV1 or HEVC finds the H.264 variants
// where they always were. With the default policy the plan, the files
// and the playlists are byte for byte what they were before (the golden
// tests).
//
//   - One decode, one scaling tree: an AV1 or HEVC rendition has its box's
//     H.264 size, frame rate and cap, and takes the same scaled pictures
//     (split after the H.264 rung's scale, ladderScaleGraph), so a codec
//     costs its encoder and nothing else.
//   - Same keyframes: a GOP of 2 s, closed, no scene-cut keyframes
//     (x265: keyint=min-keyint, scenecut=0, open-gop=0; SVT-AV1: intra
//     period gop-1, irefresh-type=2 (IDR), scd=0), so every codec's
//     segments start at the H.264 rungs' times (tested with ffprobe).
//   - A rung under 64 pixels on an edge gets no AV1 rendition (SVT-AV1's
//     minimum), one under 16 no HEVC: a tiny source is H.264 alone.
//   - 8-bit 4:2:0 (x265 Main, SVT-AV1 main profile). An HDR source is
//     tone-mapped to SDR and tagged BT.709 for every codec, as for H.264;
//     keeping HDR in the HEVC/AV1 rungs (10-bit, PQ/HLG, VIDEO-RANGE) is
//     not done yet.
//   - Caps: the H.264 rung's (MaxBitrates: sd 1.2, hd 3, fhd 6, qhd 10,
//     uhd 16 Mb/s), bufsize twice that, as capped CRF (SVT-AV1 1.4 takes
//     maxrate with a CRF as "capped CRF"; x265 vbv-maxrate/vbv-bufsize).
//     Not lower: grainy camera video sits at the cap in every codec
//     (BENCHMARKS.md, "motion"), and a lower AV1 cap would show a worse
//     picture than H.264's exactly where the picture is hardest. The
//     bytes AV1 saves come from the CRF under the cap.
//   - Presets, from the table in BENCHMARKS.md ("Modern codecs (issue
//     33)"): SVT-AV1 preset 10 (DefaultAV1Preset): a median of 50 % fewer
//     bytes than x264 at equal SSIM over the four sources for 2.65× the
//     CPU; preset 12 stays within 2.5× but never reaches x264's SSIM on
//     grainy video under the cap and saves 10 % on gradients; 8 and 6
//     cost 5.5× and 10×. x265 veryfast (DefaultHEVCPreset), the cheapest
//     (3× x264's CPU for a median 32 %): no x265 preset is within 2.5×.
//   - CRF: a single value for all content, checked on 3 s 720p sources
//     with the rungs' own arguments (motion with grain, animated
//     gradients, a real screen recording) against x264's hd rung: AV1 at
//     CRF 38 (DefaultAV1CRF) made 5 %, 71 % and 5 % fewer bytes at SSIM
//     −0.0005, −0.0003 and +0.0014 of x264's; CRF 32 made 41 % more bytes
//     than x264 on the screen recording. HEVC at CRF 28 (DefaultHEVCCRF,
//     x265's own default): 0 %, 61 % and 20 % fewer bytes at SSIM
//     +0.0037, −0.0005, −0.0005. The target (AV1 ≥ 25 % fewer
//     bytes at equal SSIM, CPU ≤ 2.5×) is met on smooth and synthetic
//     content, not on grainy camera video under the cap. Those AV1
//     encodes took 1.6–2.6× x264's CPU, the HEVC ones 1.9–3.5×; in
//     Reel's pipeline (2 busy cores) av1_hd added 4.9 s of CPU, hevc_hd
//     6.6–8.2 s, to the 2.7 s of the whole H.264 ladder (decode, sd and
//     hd) of the 3 s motion source.
//   - Threads: every encoder runs on its own pthread (encode_thread.c),
//     x265 and SVT-AV1 with their own thread pools (thread count 0: one
//     per core). SVT-AV1 needs more memory than x264: 287 MB against 161
//     MB for an ffmpeg encoding 720p, 450 against 282 MB at 1080p.
//   - Packaging: hvc1 with an hvcC of complete VPS/SPS/PPS arrays (x265
//     writes none in band with global headers), av01 with an av1C made
//     from the sequence header OBU, samples without temporal delimiters.
//     CODECS strings from the parameter sets: hvc1.{profile}.{flags}.
//     {L|H}{level}.{constraints} (ISO/IEC 14496-15 annex E, e.g.
//     hvc1.1.6.L93.90) and av01.{profile}.{level}{tier}.{depth} (the AV1
//     ISO-BMFF binding's mandatory fields, e.g. av01.0.05M.08). The MP4
//     renditions are remuxes of the segments like the H.264 ones, HEVC
//     tagged hvc1.
//   - The early pass (and the early remux) stays H.264 sd; AV1 and HEVC
//     renditions are encoded in the ladder pass. Pictures (poster,
//     storyboard, clip, frames) are cut from H.264 renditions.
//   - Chunked encodes (PlanChunks) and recordings (PackageRecording) are
//     H.264 alone: PlanChunks answers nil for any other policy, so such a
//     source is encoded in one piece, and AddCodecs adds the other codecs
//     to a stitched or recorded output afterwards.
//   - AddCodecs encodes what a policy adds to a finished output (a policy
//     changed, a view threshold reached): only the missing renditions of
//     the rungs it has, with its sizes, rates, caps, segment time and
//     first-segment length, video only; the existing files are not
//     rewritten.
package media
