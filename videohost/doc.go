// Package videohost is Reel's domain: videos, collections, spaces, API keys,
// signing keys and webhook endpoints; the states a video moves through and
// the one table of legal transitions; the events those transitions emit;
// typed errors with stable codes; the deterministic asset URL builders; the
// ports the domain needs; and Service, the use cases over those ports.
//
// # Ports
//
// Every dependency is an interface declared here and implemented in a
// subpackage (one per dependency), so the domain imports no database, no
// HTTP router and no FFmpeg:
//
//   - Store and Queue: videohost/sqlite (the embedded default).
//   - Blobs, with the optional LocalBlobs and LinkBlobs capabilities:
//     videohost/blob on local disk.
//   - Pipeline, with the optional SubtitlePipeline capability: the media
//     adapter in videohost/worker.
//   - Clock: SystemClock, or a fake in tests.
//
// Optional stores (WebhookStore, SigningKeyStore, AnalyticsStore) are found by
// asserting the Store to them, so a minimal Store still runs the core.
//
// # Lifecycle
//
// A video is created (by URL or by an upload), uploaded (its source is
// stored), processing (transcoding; Playable turns true as soon as a first
// rendition can be played), then ready, or errored with an Error code. Every
// change goes through Service.transition, which checks Transition and writes
// the change, its event (the outbox) and its follow-up job in one store
// transaction. Archive, unarchive and delete emit their own events.
//
// # Assets
//
// A published set of assets is a version under AssetPrefix(videoID, version);
// publishing is one row update of Video.AssetVersion, so readers see the old
// set or the new one, never half of either. URLs never name the version in
// their path (they are deterministic, DESIGN.md section 5); the delivery
// layer maps them to the current version.
//
// # Embedding
//
//	db, _ := sqlite.Open(ctx, "reel.db")
//	blobs, _ := blob.Open("blobs")
//	svc, _ := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs,
//		Secret: secret, BaseURL: "https://example.com/video"})
//
// then mount httpapi.New(svc, ...) and run a worker.New(...) (examples/embed).
package videohost
