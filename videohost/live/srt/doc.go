// Package srt is Reel's SRT ingest: it accepts publishers sending MPEG-TS
// over SRT (FFmpeg, OBS, hardware encoders, contribution links over lossy
// networks, which is what SRT is for) and hands each one to
// live.Publishers and the live.Publish it returns.
//
// The protocol is github.com/datarhei/gosrt; the transport stream is read
// with github.com/bluenviron/mediacommon/v2's MPEG-TS reader. Both are
// pure Go.
//
// # Stream key, decided at the handshake
//
// The key is in the SRT stream id of the connection request, as "KEY",
// "publish:KEY" or the SRT access control form "#!::r=KEY,m=publish"
// (other keys of that form are ignored). Publishers.Begin is called with
// it while the request waits, and an error rejects the request in the
// handshake, with the access control's reasons: REJX_UNAUTHORIZED (1401)
// for live.ErrUnknownKey, REJX_CONFLICT (1407) for live.ErrBusy,
// REJX_OVERLOAD (1402, "exceeded credits") for live.ErrOverQuota,
// REJX_ISE (1500) otherwise. A stream id asking for another mode
// ("read:KEY", "#!::r=KEY,m=request", or the access control form without
// m, whose default is request) is rejected with REJX_BAD_MODE (1405):
// playback is HLS, not SRT. An empty key is REJX_BAD_REQUEST (1400).
// Encryption is Server.Passphrase's: with one set, unencrypted publishers
// are rejected (REJ_UNSECURE), a wrong passphrase is REJ_BADSECRET;
// without one, encrypted publishers are rejected. The key is never
// logged; logs carry its last four characters ("key_hint"; nothing of a
// key shorter than 12).
//
// # Tracks and units
//
// Tracks: H.264, H.265, AAC (ADTS) and Opus. MPEG-TS declares a video
// track without its parameter sets: they come in band with the first
// keyframe, so Publish.Start is called at the first keyframe that brings
// them for every video track, and what came before it is dropped (it
// could not be decoded). AAC's AudioSpecificConfig is built from the
// first ADTS header; a PES carrying several ADTS frames becomes one Unit
// per frame, 1024 samples apart. Opus packets are one Unit each. KLV and
// DVB subtitle streams are ignored; any other stream ends the publish
// with live.ErrUnsupportedCodec.
//
// Timestamps: MPEG-TS's 33-bit 90 kHz clock, unwrapped and made relative
// to the first unit handed over (the keyframe Start waited for), on one
// clock for every track; an audio unit sampled just before that keyframe
// may so be slightly negative. Unit.Received is when the SRT packet that
// completed the unit was read (MPEG-TS emits a PES when the next one of
// its stream begins, so a little after its last byte arrived).
//
// Server.MaxProbeBytes bounds what is read before Start, so that a
// publisher sending something else than MPEG-TS, or a stream whose
// keyframes never come, ends instead of being read forever.
//
// # End
//
// End(nil) when the publisher shuts the SRT connection down; End(err)
// otherwise: no data for Server.ReadTimeout (gosrt's own peer idle
// timeout is set to twice that, so that a dead peer is reported as a
// timeout and not as a shutdown), an error from Start or WriteUnit, an
// unreadable stream, Serve's context ending.
//
// SRT's shutdown does not wait for the data in flight: a publisher that
// closes right after its last packets loses them unless it lingers. FFmpeg
// does not by default (its last ~0.2 s never arrive); its URL option
// linger=2 (seconds) fixes that. On the server's side, what gosrt still
// holds in its receive buffer when the shutdown arrives is dropped too;
// a small latency keeps that short.
//
// HEVC over SRT is tested with FFmpeg's libx265, Opus with libopus in
// MPEG-TS.
package srt
