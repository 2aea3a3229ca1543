// Package analytics is Reel's cookieless playback analytics: the beacon
// ingest behind POST /v1/events, per-session folding, hourly rollups, the
// stats API's answers and User-Agent reduction.
//
// # Words
//
// A player posts a beacon (Beacon: one request) holding signals
// (BeaconSignal as sent, Signal once checked and anonymised): view, play,
// heartbeat and the rest (SignalKind). "Event" is not used here: in
// videohost an event is a lifecycle change in the outbox (video.created...)
// that webhooks deliver. The wire keeps its names (POST /v1/events, the
// "events" array, the PlayerEvent and EventBatch schemas) for the clients
// that already send them.
//
// # Flow
//
// Ingest.Submit (ingest.go) checks a beacon, drops what is over the caps
// (limits.go), and reduces the viewer to a daily salted hash, a browser,
// OS and device family (useragent.go) and a referrer origin: no address or
// User-Agent is ever stored. One goroutine writes queued signals in
// batches through RecordPlayback (session.go), which folds each session's
// signals into its state and the change of what the session contributes
// into the hourly rollup of the hour it started (rollup.go), in the
// transaction that stores the signals. Stats (stats.go) read rollups only.
//
// # Live
//
// A heartbeat of a live session's video may say live and carry the
// player's latency (seconds behind the wall clock). The fold (live.go)
// keeps each session's LiveAt, when the server received its last live
// heartbeat, and one LiveMinute per video and UTC minute: the sessions
// that sent a live heartbeat in it and a histogram of their latencies
// (half a second wide up to 4 s). LiveStats reads them: viewers now are
// the sessions with LiveAt in the last LiveViewerWindow (30 s: two
// heartbeat intervals and a flush), counted per request from an index,
// never per beacon; the peak is the largest stored minute, so it survives
// a restart; p50 and p95 come from the summed histogram.
//
// # Dependencies
//
// The package imports videohost for the domain's types and errors;
// videohost does not import it. What it needs of the domain is Videos
// (resolving an embed to a playable video, checking a video of a
// principal's space), which *videohost.Service implements; its tables are
// Store and Tx (store.go), an optional capability of the service's store
// that New resolves: without it every operation answers EUnavailable
// naming analytics. videohost/sqlite and videohost/postgres implement
// Store; videohost/httpapi wires New to the service and serves the routes.
package analytics
