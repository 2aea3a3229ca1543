// Package sqlite implements videohost.Store and videohost.LeaseQueue on SQLite
// through modernc.org/sqlite (pure Go, no cgo). It is the embedded default:
// one file, no server to run.
//
// # Connections
//
// Open keeps two database/sql pools on the same file, the pattern litestream
// recommends:
//
//   - a writer pool limited to one connection, whose transactions begin with
//     BEGIN IMMEDIATE. SQLite allows one writer at a time anyway; queueing
//     writers in Go (waiting for the single connection) instead of in SQLite
//     (busy retries) keeps latency predictable, and taking the write lock at
//     BEGIN rather than on the first write means a transaction never fails
//     half-way with SQLITE_BUSY when it upgrades from reading to writing.
//     Every read-modify-write (UpdateVideo, Claim, DeleteCollection) runs in
//     one such transaction, so it is atomic without row locks.
//   - a reader pool of several connections with query_only set. In WAL mode
//     readers never block the writer nor each other, so list and get calls
//     keep flowing while a long write transaction runs.
//
// A single pool guarded by a mutex would also work, but it would serialise
// reads behind writes or need the mutex held around every write path by hand;
// two pools let database/sql do the queueing.
//
// busy_timeout still matters: the api and worker roles of refserver may run
// as separate processes on the same file, and then SQLite arbitrates.
//
// Every connection sets journal_mode=WAL, synchronous=NORMAL (durable across
// application crashes; a power loss may lose the last transactions but never
// corrupts the file) and foreign_keys=ON.
//
// # Schema
//
// The schema lives in migrations/*.sql, embedded in the binary and applied in
// file-name order, all in one transaction, when Open runs; schema_migrations
// records which files were applied, by version (the file name without
// ".sql"). A migration is never edited once released; a change is a new
// file.
//
// Both stores share one numbering (see videohost/sqlstore): a schema
// change takes the next number in both, under the same name, and a store
// that needs no SQL for it gets a file that does nothing and says why.
// TestStoresShareMigrationNumbers in sqlstore holds the two directories to
// it. This store's files were never renumbered (0006_queue_fairness is
// SQLite's); PostgreSQL's 0006 to 0014 moved up one when the numbering was
// shared, and that store maps its old versions itself.
//
// What is not SQL is in videohost/sqlstore, shared with the PostgreSQL
// store: sqlstore.Store, embedded in DB, holds the methods whose logic is
// the same in both and runs them on this store's Conn (conn.go) with its
// SQL text (dialect, a method a noun in the file of that noun); this
// package keeps its driver, its locking and what it does its own way. The
// encodings of analytics session state, rollup counters and the videos
// row's JSON columns are there too: refserver copy moves their bytes
// between the two stores as they are.
//
// Timestamps are stored as integer unix nanoseconds in UTC, so keyset cursors
// on (created_at, id) compare exactly and sort correctly. Structured video
// fields (renditions, audio tracks, subtitles, source, metadata, URLs, error,
// asset flags) are JSON columns: nothing queries inside them.
//
// # Paths
//
// path is a file name. Tests should use a file in t.TempDir(); ":memory:"
// works but gives every connection its own database, so Open falls back to a
// single connection for it.
package sqlite
