// Package chapterfile reads, checks and writes a video's chapter list:
// WebVTT chapters and the JSON list of the API in, the published
// chapters.vtt and Apple's chapters.json (named by the HLS master's
// EXT-X-SESSION-DATA) out. WebVTT itself is internal/webvtt's.
//
// It is pure: no store, no blobs, no videohost import. The domain
// (videohost.ParseChapters, ValidateChapters, RenderChapters) converts its
// Chapter and answers its *Error as a validation error with the same
// message and fields, so what callers see is the domain's.
package chapterfile
