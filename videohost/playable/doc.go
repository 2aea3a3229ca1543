// Package playable publishes a video's playable set while something still
// writes it — the early rendition a transcode writes ahead of the ladder,
// or the segments of a live session as the ingest packages them — and
// keeps the blob store's copy of that folder up to date, segment by
// segment.
//
// # Why a room of its own
//
// Two writers grow a playable set: the worker's transcode (and the early
// pass of a chunked encode) and the live ingest. Both publish it once it
// plays, copy what it gained after each segment where the blob store
// cannot serve the folder in place (S3), stop copying before the set is
// replaced, and copy its finished playlists at the end. That sequence is
// the same for both; the domain calls it needs (Jobs.PublishPlayable,
// PublishPlayableCopy, SyncPlayable) are its Domain, which
// *videohost.Jobs implements.
package playable
