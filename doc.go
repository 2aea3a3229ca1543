// Package reel is a self-hostable video platform: upload or fetch a video, get an
// adaptive ladder (CMAF HLS + DASH), MP4 renditions, posters, frames by URL,
// subtitles, signed playback and upload tokens, Standard Webhooks and cookieless
// analytics, from one Go binary.
//
// This file is a map of the module; it holds no code.
//
//   - videohost: the domain (videos, collections, spaces, keys), its states and
//     transitions, typed errors, deterministic URL builders, the ports (Store,
//     Blobs, Queue, Pipeline, Clock) and Service, the use cases over them.
//   - videohost/sqlite: Store and Queue on modernc.org/sqlite, the embedded default.
//   - videohost/postgres: the same on PostgreSQL (pgx), for several api and
//     worker processes sharing one database.
//   - videohost/storetest: the store contract, one test suite both stores run.
//   - videohost/sqlstore: what the two SQL stores share that is not SQL (the
//     byte encodings refserver copy moves, the videos row, row mappers, one
//     migration numbering).
//   - videohost/installcopy: refserver copy, an installation moved between
//     any two stores and blob stores.
//   - videohost/netguard: the SSRF guard of every outbound connection.
//   - videohost/blob: Blobs on local disk with atomic writes;
//     videohost/blob/s3: Blobs (and the tus upload store) in an S3-compatible
//     bucket; videohost/blob/blobtest: the contract every Blobs keeps.
//   - videohost/analytics: cookieless playback analytics: the beacon ingest
//     (signals, not events: those are videohost's lifecycle outbox), sessions,
//     hourly rollups, stats and User-Agent families, over a narrow interface
//     of the domain (Videos) and a store capability of its own (Store).
//   - videohost/delivery: serves published files and frames to players
//     through caches (playlists in memory, media and renditions on local
//     disk, frames by URL) or presigned redirects; the domain tells it what
//     it deletes (videohost.Copies).
//   - videohost/access: what a token, a grant or nothing may reach: token
//     verification, the authorization of uploads, playback and each asset
//     (AssetPass), the grants signed playlists list, signing keys, JWKS,
//     embeds and the public list; the keys stay the domain's.
//   - videohost/webhookadmin, videohost/playeradmin,
//     videohost/collectionadmin: a space's webhook endpoints, player
//     settings and collections through the API; videohost/spaceadmin: the
//     admin key and the installation's spaces; videohost/trackadmin: a
//     ready video's added audio tracks and poster. Each, like delivery, is
//     built beside the Service over a narrow interface of it (Domain).
//   - videohost/playable: a growing playable set (an early rendition, a live
//     session) published and copied to the blob store as it grows.
//   - videohost/live: live streaming's vocabulary (Track, Unit, Publish) and
//     the Hub of an ingest process's sessions (one publisher per key, the
//     reconnect window); videohost/live/rtmp (gortmplib) and
//     videohost/live/srt (gosrt, MPEG-TS through mediacommon): the ingests;
//     videohost/live/llhls: low-latency HLS in Reel's CMAF layout;
//     videohost/liveadmin: live streams through the API;
//     videohost/livesession: a live session made into a video, its
//     recording into the video's ready version.
//   - videohost/httpapi: the whole HTTP surface as one http.Handler.
//   - videohost/httpfast: a lean HTTP/1.1 loop for players' plain GETs,
//     in front of a net/http Server that takes everything else.
//   - videohost/metrics: Prometheus metrics (client_golang) on a registry per
//     server, fed by httpapi, the worker's queue and the dispatcher.
//   - videohost/worker: runs queued jobs (fetch, transcode, webhook delivery)
//     through Service.Jobs, the trusted calls by id.
//   - videohost/transcode: adapts the media package to the Pipeline port.
//   - media: FFmpeg stages through go-astiav; with videohost/transcode, the
//     only cgo (every other package under videohost builds without it).
//   - tokens: JWT upload and playback tokens (CGO_ENABLED=0).
//   - webhooks: Standard Webhooks envelope, signer, verifier and retry schedule
//     (CGO_ENABLED=0).
//   - refserver: the reference server (thin main).
//   - cmd/reel: the command-line tool; client: the Go client it uses.
//   - components: the npm workspace with the <reel-*> custom elements.
//   - examples: embedding Reel, minting tokens, verifying webhooks.
//   - internal/webvtt: one WebVTT/SRT reader and writer (subtitles, chapters).
//   - internal/chapterfile: chapter lists read (WebVTT, JSON), checked and
//     written (chapters.vtt, Apple's chapters.json) for the domain.
//   - internal/usertext: excerpts of user input and the one-line rule of
//     titles and labels.
//   - internal/imagecheck: poster images checked without FFmpeg, within a
//     decode budget read from their headers.
//   - internal/wirecheck: checks Go types against the OpenAPI document.
//   - internal/pgtest: a throwaway PostgreSQL cluster for tests.
//   - internal/s3test: a real S3 server (versitygw) for tests.
package reel
