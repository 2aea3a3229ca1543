// Package webvtt reads and writes timed text: WebVTT, and SRT on input. It
// is the one parser behind chapters (the domain, which must build without
// cgo) and subtitles (the FFmpeg adapter), so it imports only the standard
// library.
//
// It reads two dialects. Parse is forgiving, for subtitles as editors and
// old tools write them: SRT or WebVTT, Latin-1 when not UTF-8, sloppy
// timestamps, cues sorted by start. ParseStrict reads WebVTT as the
// specification writes it, for chapters a person typed on purpose: UTF-8,
// the WEBVTT header on the first line, [hh:]mm:ss.ttt timestamps, cues in
// file order. Both share one block scanner and timing-line reader; where
// they differ, they differ as the two parsers they replace did, so that no
// file accepted before is refused now, nor a refusal worded differently.
//
// A refusal is an *Error naming the line and a Kind, so that callers can
// answer in their own words (the API's messages predate this package and
// must not change). Write writes cues as WebVTT that Parse and
// ParseStrict read back.
package webvtt
