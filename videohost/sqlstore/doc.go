// Package sqlstore is what the two SQL stores, videohost/sqlite and
// videohost/postgres, share that is not SQL, the way litestream splits a
// replica from its clients: the logic once, each backend its I/O.
//
// It holds:
//
//   - Store, which a store embeds: the methods of videohost's store
//     interfaces whose logic is the same in both (spaces, keys, signing
//     keys, videos, collections, chunks, progress, player settings, outbox
//     events, webhook endpoints, deliveries and attempts, playback
//     analytics, refserver copy's reads and marker), written once against
//     Conn and Tx and run with the SQL text the store gives through SQL, a
//     method a noun (VideoSQL, ChunkSQL, …), so that a rule (a quota, a
//     lease, a not-found) cannot drift between the two stores. NewStore refuses a Backend
//     that leaves SQL out. A store embeds Store under an unexported alias,
//     so that its DB takes the methods and none of the fields.
//   - Conn, Tx and Result, what that logic asks of a driver: run a
//     statement, a query, a query for one row (ErrNoRows when there is
//     none), read a time column, tell a constraint violation; Tx adds what
//     a store does its own way inside a write transaction (the outbox
//     lock, inserting a job). Collect, Read, Exec, NotFound, MustAffect and
//     ConstraintError are the loops and error mapping around them.
//   - the steps a store runs inside its own transactions where the rest
//     is its own: FanOutWebhookEvents around a DeliveryWriter (PostgreSQL
//     batches, SQLite prepares), ClaimWebhookDeliveries around a store's
//     ClaimDeliveries, PlaybackTx (analytics.Tx) on a Conn that may cache
//     its statements.
//   - the row mappers (ScanVideo, ScanSpace, ScanKey, ScanCollection,
//     ScanWebhook, ScanDelivery, ScanClaimed, …) and the encodings of the
//     columns whose bytes mean the same in both databases.
//   - the queries of refserver copy built from installcopy.Tables, and the
//     listing of migration files.
//
// Each store keeps its SQL text, its driver, its locking and its own way
// of storing times (SQLite's unix nanoseconds, PostgreSQL's timestamptz):
// a mapper scans through Rows or Row, which both drivers' results satisfy,
// and reads a time column through the store's TimeCol; the logic passes
// times as time.Time (a nil *time.Time for NULL) and SQLite's Conn writes
// them as nanoseconds.
//
// It lives beside the stores, under videohost, rather than as an
// internal/sqlcodec: it is more than a codec (the stores' shared methods,
// row mappers, copy queries, migrations), it speaks videohost's types as
// the stores do, and next to its only two users it says what it is for.
// Nothing else should import it.
//
// # The byte contract
//
// refserver copy (installcopy.Run) moves rows between the stores column by
// column, as installcopy.Tables describes them, without decoding them:
// KindText and KindJSON columns travel as their text, KindBytes columns as
// their bytes. Four columns hold encodings of this package, so their bytes
// written by one store must read back in the other, and in every later
// version of either:
//
//   - playback_sessions.state (KindText): EncodeSession's JSON, an object
//     with the short keys of sessionState. A key is never renamed nor
//     reused for another meaning; a new field takes a new key, and a
//     decoder treats a missing key as its zero value.
//   - playback_hourly.startup and .retention, and
//     playback_live_minutes.latency (KindBytes): EncodeCounters'
//     little-endian int64 array, 8 bytes a counter. A longer layout only
//     appends counters; AddCounters reads what a shorter, older blob has.
//   - the JSON columns of videos (KindJSON): EncodeVideoJSON's
//     encoding/json text of the videohost fields, NULL for a nil one.
//     videohost's JSON tags are the format.
//
// The tests of this package pin these bytes.
//
// # Migrations
//
// Both stores number their migration files the same way: one number per
// schema change, the same number for the same change in both, even when
// one store needs no SQL for it (its file is then a no-op that says why).
// Migrations lists a store's files in that order.
package sqlstore
