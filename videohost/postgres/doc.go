// Package postgres implements Reel's store on PostgreSQL 15 or later
// through pgx/v5 (pgxpool): videohost.Store, Queue, WebhookStore,
// AnalyticsStore and SigningKeyStore, with the same behaviour as the SQLite
// store (videohost/storetest holds the contract both pass). It is the
// scale-out store: any number of api and worker processes may share one
// database.
//
// # Opening
//
// Open takes a DSN, postgres://USER:PASSWORD@HOST:PORT/DB?sslmode=… or the
// keyword/value form. A malformed DSN is refused naming the part that is
// wrong; a server that does not answer is "database unreachable: …".
// Neither these errors nor any log line carries the password: the database
// is named as postgres://USER@HOST:PORT/DB.
//
// # Schema
//
// The schema lives in migrations/*.sql, embedded in the binary and applied
// in file-name order when Open runs, all in one transaction that first
// takes an advisory lock (pg_advisory_xact_lock): two processes starting
// at the same moment on an empty database migrate one after the other, and
// the second finds every version recorded in schema_migrations. A
// migration is never edited once released; a change is a new file.
//
// Times are timestamptz. PostgreSQL keeps microseconds where SQLite keeps
// nanoseconds, so the store rounds the times of the structs it is given to
// the microsecond, in place, before writing them: what the caller holds is
// what a later read returns, and keyset cursors built from either compare
// exactly. Reads return UTC. Ids sort bytewise (COLLATE "C"), whatever the
// database's locale, so keyset pages on (created_at, id) match SQLite's
// order. Structured video fields are jsonb; outbox and delivery data are
// json, which keeps the bytes as written (webhook bodies are signed).
//
// # Concurrency
//
// Transactions run at READ COMMITTED; where SQLite relies on its single
// writer, this store takes locks:
//
//   - UpdateVideo and DeleteVideo read the row FOR UPDATE, so concurrent
//     read-modify-writes of one video take turns and lose nothing. The
//     outbox events and the jobs of the change are written in the same
//     transaction.
//   - Outbox writers take a transaction-level advisory lock before
//     inserting their events and hold it until they commit. A sequence
//     hands out numbers at insert time, not at commit: without the lock, a
//     transaction that commits after a later-numbered one would slip behind
//     the fan-out cursor ("events after seq N") and its event would never
//     be delivered. The lock is taken last in the transaction, so it is
//     held for a commit's time.
//   - Fan-out locks its cursor row; CreateWebhook holds it in share mode, so
//     a new endpoint gets exactly the events written after it.
//   - Webhook delivery claims lock the endpoint rows they pick (FOR UPDATE
//     SKIP LOCKED) and then, in a statement of their own, check that the
//     endpoint has no live lease: each delivery is attempted by one process
//     at a time, an endpoint's deliveries in event order, at least once,
//     with the same webhook-id on every attempt.
//   - DeleteCollection locks the subtree's rows before counting its videos,
//     and a video put into a collection holds a key-share lock on it, so a
//     collection never ends up deleted under a video.
//   - UpdatePlayback takes an advisory lock for its transaction: the domain
//     (videohost.RecordPlayback) reads counters and writes them back, and
//     the ingest writers of several api processes must not interleave.
//   - Job claims take the row FOR UPDATE SKIP LOCKED.
package postgres
