// Package sqlstore is what the two SQL stores, videohost/sqlite and
// videohost/postgres, share that is not SQL: the encodings of the columns
// whose bytes mean the same in both databases, the mapping of rows to
// videohost types where it does not depend on the driver, and the listing
// of migration files. Each store keeps its SQL text, its driver's types and
// its own way of storing times (SQLite's unix nanoseconds, PostgreSQL's
// timestamptz); everything here takes and returns plain Go values.
//
// It lives beside the stores, under videohost, rather than in internal/:
// it speaks videohost's types and nothing outside the store layer needs
// it, but keeping it next to its only two users says what it is for.
//
// # The byte contract
//
// refserver copy (videohost.Copy) moves rows between the stores column by
// column, as videohost.CopyTables describes them, without decoding them:
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
