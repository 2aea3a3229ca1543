// Package livesession makes live publishes into Reel videos: it is the
// Directory and the Lifecycle of a live.Hub, on the process the
// publishers reach.
//
// A session starts when a live stream's first publisher is accepted: a
// video is created for it, processing from the start
// (Jobs.StartLiveVideo), and the session's packager (live/llhls) writes
// the publish in Reel's layout into a folder of its own. Once that folder
// holds a segment it is published as the video's early version
// (videohost/playable), which any API process serves as standard HLS,
// with the same tokens and grants as any video, and which is copied to
// the blob store as it grows where the store cannot serve it in place;
// the ingest process also serves it as low-latency HLS (Handler). With
// Config.Rungs (the server's --live-ladder: transcode/liveladder), each publish
// also brings the lower rungs of the video, encoded live, each a rendition
// of the live playlists and of the recording. A
// publisher that comes back within its stream's reconnect window
// continues the same session after a discontinuity (the Hub decides).
// When the session ends, the recording is made into the video's ready
// version without encoding anything (the pipeline's PackageRecording):
// the same segments, VOD playlists, MP4 renditions remuxed from them, the
// pictures. A publisher that leaves before sending media makes no video.
//
// Several processes: with Config.Owner (the server's --advertise-url)
// each session's video records the process that runs it
// (Domain.ClaimLiveSession). A publisher that reaches another process for
// a stream whose session runs elsewhere is refused (live.ErrBusy) while
// that process answers its /healthz (Config.OwnerAlive), the rule for a
// second publisher; once it does not (killed, crashed), the publisher
// takes the session over: the same video, claimed by this process, the
// set the dead process had copied to the blob store fetched
// (liveset.go, through Domain.CheckoutAssets) and the packager resumed from it
// (llhls.ResumeMuxer), the publish after a discontinuity, and the
// recording at the end holds both processes' segments. Recover, when the
// dead process starts again, leaves a session another process took over
// (its video records that process, or is no longer processing) and only
// removes its folder.
//
// Authorize refuses, with live.ErrOverQuota, a new session in a space
// that already holds its max_minutes (the recording's duration counts
// when it is published, as any video's). Every move of a stream's state
// is recorded with its live_stream.<state> webhook event in one
// transaction (States), the event's data rendered by Streams: the stream
// as the API shows it, never its key, with the session's video.
//
// # Why a room of its own
//
// It is a use case over narrow interfaces of the domain (Domain: the
// video's lifecycle; Streams: the stream keys; States: the streams'
// states; Recorder: the pipeline) and of the live packages, which the
// domain does not import.
package livesession
