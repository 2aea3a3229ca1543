// Package sqlstore is what the two SQL stores, videohost/sqlite and
// videohost/postgres, share that is not SQL: the encodings of the columns
// whose bytes mean the same in both databases, the mapping of rows to
// videohost types (videos, webhook endpoints and deliveries, attempts,
// outbox events, fan-out targets, progress, player settings), the planning
// of a webhook fan-out, the queries of refserver copy built from
// installcopy.Tables, and the listing of migration files. Each store
// keeps its SQL text, its driver and its own way of storing times
// (SQLite's unix nanoseconds, PostgreSQL's timestamptz): a mapper scans
// through Rows or Row, which both drivers' results satisfy, and reads a
// time column through the store's TimeCol.
//
// It lives beside the stores, under videohost, rather than as an
// internal/sqlcodec: it is more than a codec (row mappers, copy queries,
// migrations), it speaks videohost's types as the stores do, and next to
// its only two users it says what it is for. Nothing else should import
// it.
//
// # The byte contract
//
// refserver copy (installcopy.Run) moves rows between the stores column by
// column, as installcopy.Tables describes them, without decoding them:
// KindText and KindJSON columns travel as their text, KindBytes columns as
// their bytes. Three columns hold encodings of this package, so their bytes
// written by one store must read back in the other, and in every later
// version of either:
//
//   - playback_sessions.state (KindText): EncodeSession's JSON, an object
//     with the short keys of sessionState. A key is never renamed nor
//     reused for another meaning; a new field takes a new key, and a
//     decoder treats a missing key as its zero value.
//   - playback_hourly.startup and .retention (KindBytes): EncodeCounters'
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
