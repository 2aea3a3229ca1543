package analytics

import (
	"context"
	"time"
)

// Store is the port of the analytics tables: an optional capability of the
// service's videohost.Store, resolved by New. Both of Reel's stores
// implement it.
type Store interface {
	// UpdatePlayback runs fn in one write transaction: what fn writes through
	// tx is committed when fn returns nil and discarded when it fails. One
	// writer calls it at a time (see Ingest).
	UpdatePlayback(ctx context.Context, fn func(tx Tx) error) error
	// PlaybackRollups reads the hourly rollups of q, summed per hour.
	PlaybackRollups(ctx context.Context, q RollupQuery) (*Rollups, error)
	// DeletePlaybackBefore deletes at most limit raw signals older than
	// signals, and session state (and daily viewer hashes) older than
	// sessions; it returns how many rows went.
	DeletePlaybackBefore(ctx context.Context, signals, sessions time.Time, limit int) (int64, error)
	// LiveViewers counts the sessions of a video of space whose last live
	// heartbeat arrived at or after since (PlaybackSession.LiveAt).
	LiveViewers(ctx context.Context, space, videoID string, since time.Time) (int64, error)
	// LiveMinutes reads the live minutes of a video of space, oldest
	// first.
	LiveMinutes(ctx context.Context, space, videoID string) ([]*LiveMinute, error)
}

// Tx loads and saves analytics rows inside the transaction of
// Store.UpdatePlayback. It makes no analytics decisions: which
// session a signal belongs to, what a session adds to its hour and which
// rows change are RecordPlayback's, so that every store folds alike and each
// method is one statement.
type Tx interface {
	// InsertSignal appends sig to the raw signals.
	InsertSignal(ctx context.Context, sig *Signal) error
	// Session loads the state of a session, or returns nil, nil when none is
	// stored.
	Session(ctx context.Context, videoID, session string) (*PlaybackSession, error)
	// SaveSession stores the state of s, replacing what was stored for it.
	SaveSession(ctx context.Context, s *PlaybackSession) error
	// Rollup loads the counters of a video's hour; zero counters when none
	// are stored.
	Rollup(ctx context.Context, videoID string, hour time.Time) (*HourRollup, error)
	// SaveRollup stores r under space, replacing the counters of its video
	// and hour.
	SaveRollup(ctx context.Context, space string, r *HourRollup) error
	// AddDimensionViews adds d.Views (which may be negative) to the views of
	// d's value in a video's hour.
	AddDimensionViews(ctx context.Context, space, videoID string, hour time.Time, d DimensionViews) error
	// AddViewer records that viewer watched videoID on day and reports
	// whether that was not yet recorded.
	AddViewer(ctx context.Context, videoID string, day time.Time, viewer string) (bool, error)
	// LiveMinute loads the counters of a video's live minute; zero
	// counters when none are stored.
	LiveMinute(ctx context.Context, videoID string, minute time.Time) (*LiveMinute, error)
	// SaveLiveMinute stores m under space, replacing the counters of its
	// video and minute.
	SaveLiveMinute(ctx context.Context, space string, m *LiveMinute) error
}
