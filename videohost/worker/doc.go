// Package worker runs Reel's durable background jobs against the videohost
// ports: fetching a source from its input_url (through the SSRF guard,
// streamed to blob storage), transcoding it through the Pipeline port, and
// delivering webhooks (Dispatcher). It needs no cgo: the FFmpeg adapter that
// implements Pipeline lives in videohost/transcode, and the service does
// every blob-storage step (storing sources, publishing versions).
//
// On a queue that leases jobs (videohost.LeaseQueue, SQLite) a Worker
// claims jobs with a lease and renews the lease while the job runs. A worker
// that dies leaves a lease that expires, and another worker (or the same
// one after a restart) runs the job again. A queue that runs jobs itself
// (videohost.JobRunner, PostgreSQL on River) is handed the worker's handler
// and its backoff instead, and keeps each job to one process its own way. Everything a
// job writes goes to a private staging folder first and is published by the
// service in one atomic step, so a job killed half-way leaves nothing
// half-published. Early playback is published the same way: a standard
// source is first remuxed into its own folder and published as a version of
// its own; for any other source the ladder's folder is published by
// reference (a link on local disk) as soon as its first rendition has
// segments, its playlists growing as EVENT playlists until the final version
// replaces it. A killed job leaves at most a dangling early version, which
// the next attempt's final publish removes.
//
// Early playback has lanes of its own besides Concurrency (worker.go,
// Run): one prepare job, which probes a source and remuxes a standard one;
// and two transcodes of videos the prepare job could not make playable
// (videohost.LaneEarly), of which one at a time runs its early pass at
// normal priority, taking the cores from the other ladders, which run 10
// nice levels lower. The early pass is the worker's to give (takeEarlyPass):
// it passes to the next video the moment the pipeline says the pass is
// over (ProcessInput.OnEarlyDone), not when the ladder ends. A transcode in
// the early lane still runs its video's whole ladder: the early rendition
// is the ladder's own smallest one, made in the same run, so the ladder
// cannot be handed back to the main lane without stopping the early
// playlist's growth.
//
// A source longer than Config.ChunkThreshold is encoded in chunks that any
// worker may take (chunks.go): the transcode job plans them (and, for a
// source the prepare job could not make playable, then runs the early pass
// alone and copies it to the blob store as it grows: earlyForChunks), chunk jobs
// encode spans of ChunkLength and the audio, and a stitch job, queued by
// the store with the last chunk done, joins and publishes them. A chunk job
// lasts as long as ChunkLength of video takes to encode, whatever the
// length of the upload, so a killed worker loses one chunk and River's
// time-based rescue needs no special case (the arithmetic is in chunks.go).
// Where blobs are not on local disk, a worker downloads a chunked video's
// source once for all the chunk and stitch jobs it runs of that video
// (sources.go).
package worker
