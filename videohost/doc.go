// Package videohost is Reel's domain: videos, collections, spaces, API keys,
// signing keys and webhook endpoints; the states a video moves through and
// the one table of legal transitions; the events those transitions emit;
// typed errors with stable codes; the deterministic asset URL builders; the
// ports the domain needs; and Service, the use cases over those ports
// that need the domain's insides (see Rooms for the others).
//
// # Ports
//
// Every dependency is an interface declared here and implemented in a
// subpackage (one per dependency), so the domain imports no database, no
// HTTP router and no FFmpeg:
//
//   - Store and Queue: videohost/sqlite (the embedded default; its queue
//     leases jobs, LeaseQueue) and videohost/postgres (scale-out; its queue
//     runs them on River, JobRunner); videohost/storetest is the contract
//     both pass.
//   - Blobs, with the optional LocalBlobs and LinkBlobs capabilities:
//     videohost/blob on local disk; with the optional CopyBlobs capability:
//     videohost/blob/s3 in an S3-compatible bucket.
//   - Pipeline, with the optional SubtitlePipeline capability: the FFmpeg
//     adapter in videohost/transcode (the only part that needs cgo).
//   - Clock: SystemClock, or a fake in tests.
//
// Optional stores (WebhookStore, SigningKeyStore) are found by asserting
// the Store to them, so a minimal Store still runs the core (the analytics
// tables, analytics.Store, are asserted alike by videohost/analytics, which
// imports this package and is not imported by it); so
// are the operators' capabilities (Pinger for Service.Ready, QueueStats and
// WebhookStats for metrics).
//
// # Callers
//
// Service is the API's view: every method that acts for a caller takes a
// *Principal and checks it. The worker and the webhook dispatcher hold a
// *Jobs (Service.Jobs, jobs.go) instead, whose own methods are the trusted
// calls that name a video or a job by id alone (StoreSource, SourceStored,
// PublishPlayable, PublishReady, RecordProgress, the chunk and delivery
// leases...). The authorisation boundary is a type boundary: code handed
// a *Service cannot publish, fail or lease anything by id.
//
// # Rooms
//
// A use case that needs only a narrow interface of the domain lives in a
// subpackage beside the Service, with a type of its own built over a
// *Service (its Domain interface), which this package does not import:
//
//   - videohost/access: what a token, a grant or nothing may reach (token
//     verification, AuthorizeUpload, AuthorizePlayback, AuthorizeAsset and
//     the grants of signed playlists), signing keys, JWKS, embeds and the
//     public list. The keys and their caches stay here (TokenKey), so that
//     deleting a key or a space stops its tokens at once.
//   - videohost/webhookadmin, videohost/playeradmin,
//     videohost/collectionadmin, videohost/liveadmin: a space's webhook
//     endpoints, player settings, collections and live streams through the
//     API; videohost/spaceadmin: the admin key and the installation's
//     spaces (RemoveSpace stays here); videohost/trackadmin: a ready
//     video's added tracks and poster; videohost/codecadmin: the codec
//     policies of the space, collections and videos.
//   - videohost/delivery and videohost/analytics (below, and their docs).
//
// What the stores share stays here: the domain types, the ports, the
// sealing of secrets (NewWebhookSecret), the lists' paging (pages.go:
// ListParams, CutPage, PageBySeq, PageByID). A room takes an optional
// store from the Service (WebhookStore, SigningKeyStore,
// PlayerSettingsStore, LiveStreamStore), never by asserting a port. videohost/httpapi
// builds each room over its Service. This package is held to 6,000 lines,
// no file over 600 (layout_test.go).
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
// The service owns the layout of blob storage (publish.go): workers hand it
// local folders (Jobs.StoreSource, ImportSource, Jobs.PublishPlayable,
// Jobs.PublishReady, Jobs.CheckoutAssets, Jobs.PublishRevision) and
// readers name files by video, version and file name (AssetKey,
// FramePrefix); nothing else builds a blob key. A published set of assets
// is an immutable version; publishing is one row update of
// Video.AssetVersion, so readers see the old set or the new one, never
// half of either, and the replaced version is deleted afterwards: at once,
// or after Config.ReplacedVersionGrace when it holds the same media
// (replaced.go). URLs never name the version in their path (they are
// deterministic: {space_url}/{video}/{file}); the pass a request is let in
// with (access.Gate.AuthorizeAsset, AssetPass.Open) maps them to the
// current version, or to a kept replaced version that their query (?v=)
// names.
//
// # Delivery
//
// Serving those files to players is videohost/delivery's: because versions
// never change, it keeps copies of their files without invalidation
// (playlists in memory, media files and renditions on local disk when
// Blobs are not, frames by URL in Blobs under FrameCachePrefix) or hands
// players presigned URLs of the store. It depends on this package through
// a narrow interface (delivery.Domain, which *Service implements) and is
// not imported by it; the Service tells it what it deletes through the
// Copies port (KeepCopies), so that no copy outlives its blobs.
// Service.OpenAsset and OpenVersion read Blobs uncached, for tools and
// tests.
//
// # Helpers
//
// What has no port, no Service and no domain type behind it is read by
// pure packages under internal, which the domain calls and converts:
// internal/chapterfile (a chapter list's parsing, rules and published
// files, behind ParseChapters, ValidateChapters and RenderChapters),
// internal/usertext (Excerpt and the one-line rule of titles and labels),
// internal/imagecheck (the sizes and decode budget of a poster image,
// read by trackadmin.CheckPosterImage) and
// internal/webvtt.
//
// # Embedding
//
//	db, _ := sqlite.Open(ctx, "reel.db")
//	blobs, _ := blob.Open("blobs")
//	svc, _ := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs,
//		Secret: secret, BaseURL: "https://example.com/video"})
//
// then mount httpapi.New(svc, ...) (which builds a delivery.New(svc, ...)
// unless its Config.Delivery hands it one, and the rooms) and run a
// worker.New(...) with a transcode.New(...) pipeline (examples/embed).
package videohost
