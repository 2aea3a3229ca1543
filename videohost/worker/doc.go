// Package worker runs Reel's durable background jobs against the videohost
// ports: fetching a source from its input_url (through the SSRF guard,
// streamed to blob storage), and transcoding it through the Pipeline port into
// a published set of assets.
//
// A Worker claims jobs from the Queue with a lease and renews the lease while
// the job runs. A worker that dies leaves a lease that expires, and another
// worker (or the same one after a restart) runs the job again. Everything a
// job writes goes to a private staging folder first and is published with one
// atomic step (a folder rename plus one row update), so a job killed half-way
// leaves nothing half-published. Early playback is published the same way:
// a standard source is first remuxed into its own folder and published as a
// version of its own; for any other source the ladder's folder is published
// by reference (a link on local disk) as soon as its first rendition has
// segments, its playlists growing as EVENT playlists until the final
// version replaces it. A killed job leaves at most a dangling early version,
// which the next attempt's final publish removes.
//
// The MediaPipeline type adapts the media package to videohost.Pipeline; it
// is the only place the service reaches FFmpeg. With MediaConfig.Command set
// it runs each Process call in a child process that calls ServeMediaProcess
// (one JSON request on stdin, JSON event lines on stdout: early playable
// sets, then the output or a typed error), so FFmpeg crashing on an upload
// fails one job instead of the server.
package worker
