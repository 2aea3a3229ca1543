// Package postgres implements Reel's store on PostgreSQL 15 or later
// through pgx/v5 (pgxpool): videohost.Store, WebhookStore, analytics.Store
// and SigningKeyStore with the same behaviour as the SQLite store
// (videohost/storetest holds the contract both pass), and a job queue on
// River (videohost.JobRunner). It is the scale-out store: any number of api
// and worker processes may share one database.
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
// in file-name order when Open runs, after River's own migrations
// (rivermigrate), all under one advisory lock held by one connection
// (pg_advisory_lock): two processes starting at the same moment on an empty
// database migrate one after the other, and the second finds every version
// recorded (schema_migrations, river_migration). The lock is a session's,
// not a transaction's, because River applies each of its versions in a
// transaction of its own; a process that dies mid-way closes its
// connection and the lock goes with it. Reel's files are applied in one
// transaction, and schema_migrations records each by version (the file
// name without ".sql"). A migration is never edited once released; a
// change is a new file.
//
// Both stores share one numbering (see videohost/sqlstore): a schema
// change takes the next number in both, under the same name, and a store
// that needs no SQL for it gets a file that does nothing and says why
// (0006_queue_fairness here: River's queues do what SQLite's fair claim
// order does). TestStoresShareMigrationNumbers in sqlstore holds the two
// directories to it. When the numbering was shared, this store's files
// 0006 to 0014 became 0007 to 0015, their SQL unchanged. migrate first
// records the old versions a database holds under their new names too
// (renumbered, in db.go), in the same transaction and under the same lock,
// so a database migrated under the old names applies only 0006 and what it
// had not applied before (TestOldNumberingUpgrades). The old rows stay, so
// that processes of an older build sharing the database during an upgrade
// still start. A database created by this build has only the new names:
// an older build would apply its 0006 to 0014 there again, fail, and
// change nothing.
//
// What is not SQL is in videohost/sqlstore, shared with the SQLite
// store: sqlstore.Store, embedded in DB, holds the methods whose logic is
// the same in both and runs them on this store's Conn (conn.go) with its
// SQL text (dialect, a method a noun in the file of that noun); this
// package keeps its driver, its locking and what it does its own way. The
// encodings of analytics session state, rollup counters and the videos
// row's JSON columns are there too: refserver copy moves their bytes
// between the two stores as they are.
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
//     be delivered. The lock is taken at the end of the transaction, after
//     the video's row is written, so it is held only while the events and
//     jobs are inserted and the transaction commits.
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
//     (analytics.RecordPlayback) reads counters and writes them back, and
//     the ingest writers of several api processes must not interleave.
//   - Exclusive (videohost.Exclusive) holds a session advisory lock per name
//     for a function's run: Service.Bootstrap runs under it, so processes
//     starting together on an empty database create one default space.
//
// # Jobs
//
// Jobs run on River (riverqueue/river, riverpgxv5), not on a queue of
// Reel's own: the jobs of a video change (Change.Jobs) are inserted with
// InsertTx in the transaction of the change, so they exist exactly when it
// does. Reel's kinds are prefixed "reel."; prepare jobs go to a queue of
// their own (reel_prepare), fetches to another (reel_fetch), the transcode
// of a video that is not playable yet (videohost.LaneEarly) to a third
// (reel_early; Job.Lane is read back from it), every other job to
// reel_jobs, so that neither the probe and playable remux of a new upload
// nor the early pass of one that cannot be remuxed waits behind a
// transcode, and a burst of slow URLs neither holds back transcodes nor
// waits behind them.
// RunJobs starts a River client with a worker per kind that calls the
// handler it is given (videohost/worker's). A failure is retried after the
// handler's backoff (River's attempts, the worker's delays); a failure
// marked videohost.NoRetry cancels the job (river.JobCancel); when the
// worker stops, running jobs are snoozed for no time (river.JobSnooze(0)),
// which hands them back without using up an attempt.
//
// River finds the jobs of a process that died by time alone: its rescuer
// hands a job that has been running longer than RescueStuckJobsAfter (and
// its timeout) to another worker, whether its process is dead or just
// busy, and a transcode may run for an hour. Reel keeps that interval short
// (1 minute, WithJobRescueAfter) so that a killed worker's job runs again
// within a minute or two (River's rescuer looks every 30 s), and makes
// running twice impossible instead of unlikely:
//
//   - Each running job holds a session-level advisory lock
//     (pg_try_advisory_lock), keyed by its kind and video, on a connection
//     of its own held for the job's lifetime (a small pool beside River's,
//     so jobs never starve River). A process that dies closes its
//     connections, and the server releases the lock at once.
//   - A copy that the rescuer made of a job whose lock is still held does
//     not run: it snoozes (river.JobSnooze, no attempt used) and looks
//     again later.
//   - River does not record the end of a run whose job was rescued
//     meanwhile (it only updates jobs still "running"), so a run that ends
//     for good writes job_finished before releasing its lock; a copy that
//     then gets the lock finds it there and ends as that run did, without
//     running.
//   - The lock's connection is pinged while the job runs; if it is lost,
//     so is the lock, and the job is stopped and counts as a failed
//     attempt (as a lost lease does on SQLite).
//   - River ignores jobs without a timeout when rescuing, so each job's
//     timeout is the rescue interval; the job does not stop at it (its
//     handler's context is RunJobs', not River's).
//
// The lock, not the rescue interval, is what keeps a job to one process,
// so the interval can be short without duplicate work. Known limit: a job
// still running on its last attempt when it is rescued is discarded by
// River; its run completes the video, but River's row stays discarded.
//
// # Uploads
//
// UploadLocker (DB.NewUploadLocker) is tusd's Locker on advisory locks,
// for api processes sharing a database: each held upload is a session
// lock on a connection of its own, and a request that finds an upload
// locked asks its holder to let go with NOTIFY reel_upload_unlock, which
// the holder's locker hears on a listening connection (see its doc).
//
// River's leader (one client per database, elected) rescues, schedules
// retries and cleans up for everybody. It discards jobs of kinds it cannot
// run, so a worker that runs only some kinds (no pipeline, say) fetches
// only those and never leads: at least one worker must run every kind.
package postgres
