// Package imagecheck checks an uploaded poster image without FFmpeg and
// within a memory budget: a JPEG, PNG or WebP (by its bytes, whatever the
// Content-Type said) of bounded size and sides, whose header promises a
// picture that decodes within Limits.MaxDecode. The budget is read from
// the header before anything is decoded, because a picture costs memory in
// proportion to its pixels, not to its bytes (a 108 kB PNG of 4096×4096
// 16-bit pixels decodes to 128 MiB).
//
// It imports only the standard library, so the domain can use it
// (trackadmin.CheckPosterImage): a refusal is an *Error whose Kind the
// domain maps to its codes, with the message it shows callers.
package imagecheck
