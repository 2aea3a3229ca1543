package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ analytics.Store = (*DB)(nil)

// UpdatePlayback runs fn in one write transaction.
func (db *DB) UpdatePlayback(ctx context.Context, fn func(tx analytics.Tx) error) error {
	playback := dialect{}.Playback()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		c := &stmtConn{conn: txConn(tx), tx: tx, stmts: map[string]*sql.Stmt{}}
		defer c.close()
		return fn(&sqlstore.PlaybackTx{C: c, Q: &playback})
	})
}

// stmtConn is conn on a transaction whose statements run once per signal
// or session of a batch, so each is prepared once per transaction.
type stmtConn struct {
	conn
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

func (c *stmtConn) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if s, ok := c.stmts[query]; ok {
		return s, nil
	}
	s, err := c.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("preparing statement: %w", err)
	}
	c.stmts[query] = s
	return s, nil
}

func (c *stmtConn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return 0, err
	}
	res, err := s.ExecContext(ctx, nanoArgs(args)...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c *stmtConn) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return errRow{err}
	}
	return row{s.QueryRowContext(ctx, nanoArgs(args)...)}
}

func (c *stmtConn) close() {
	for _, s := range c.stmts {
		s.Close()
	}
}

// errRow is a row that could not be queried.
type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// Playback is SQLite's SQL text for the playback analytics methods of
// sqlstore.Store.
func (dialect) Playback() sqlstore.PlaybackSQL {
	return sqlstore.PlaybackSQL{
		InsertSignal: `INSERT INTO playback_events
			(video_id, session, at, kind, position, from_s, to_s, value, text, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		Session: `SELECT space, hour, viewer, browser, os, device, referrer, last_seen, state, live_at
			FROM playback_sessions WHERE video_id = ? AND session = ?`,
		SaveSession: `INSERT INTO playback_sessions
			(video_id, session, space, hour, viewer, browser, os, device, referrer, last_seen, state, live_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (video_id, session) DO UPDATE SET referrer = excluded.referrer,
				last_seen = excluded.last_seen, state = excluded.state, live_at = excluded.live_at`,
		Rollup: `SELECT sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention
			FROM playback_hourly WHERE video_id = ? AND hour = ?`,
		SaveRollup: `INSERT INTO playback_hourly
			(video_id, hour, space, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (video_id, hour) DO UPDATE SET sessions = excluded.sessions, views = excluded.views,
				unique_viewers = excluded.unique_viewers, completed = excluded.completed, failed = excluded.failed,
				watch_ms = excluded.watch_ms, rebuffer_ms = excluded.rebuffer_ms, startup = excluded.startup,
				retention = excluded.retention`,
		AddDimensionViews: `INSERT INTO playback_hourly_dims (video_id, hour, dim, value, space, views)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (video_id, hour, dim, value) DO UPDATE SET views = views + excluded.views`,
		AddViewer:  `INSERT OR IGNORE INTO playback_viewers (video_id, day, viewer) VALUES (?, ?, ?)`,
		LiveMinute: `SELECT viewers, latency FROM playback_live_minutes WHERE video_id = ? AND minute = ?`,
		SaveLiveMinute: `INSERT INTO playback_live_minutes (video_id, minute, space, viewers, latency) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (video_id, minute) DO UPDATE SET viewers = excluded.viewers, latency = excluded.latency`,
		LiveViewers: `SELECT COUNT(*) FROM playback_sessions WHERE space = ? AND video_id = ? AND live_at >= ?`,
		LiveMinutes: `SELECT minute, viewers, latency FROM playback_live_minutes WHERE space = ? AND video_id = ? ORDER BY minute`,

		SpaceRange: "space = ?1 AND hour >= ?2 AND hour < ?3",
		VideoRange: "video_id = ?4 AND hour >= ?2 AND hour < ?3 AND space = ?1",
		Hours: func(where string) string {
			return `SELECT hour, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms,
				startup, retention FROM playback_hourly WHERE ` + where + ` ORDER BY hour`
		},
		Dims: func(where string) string {
			return `SELECT dim, value, SUM(views) FROM playback_hourly_dims WHERE ` + where + ` GROUP BY dim, value`
		},
		Top: `SELECT h.video_id, v.title, SUM(h.views) AS n, SUM(h.watch_ms)
			FROM playback_hourly h JOIN videos v ON v.id = h.video_id AND v.deleted_at IS NULL
			WHERE h.space = ? AND h.hour >= ? AND h.hour < ?
			GROUP BY h.video_id HAVING n > 0 ORDER BY n DESC, h.video_id LIMIT ?`,
		// Small chunks keep each transaction short for the one writer.
		DeleteSignals: `DELETE FROM playback_events WHERE id IN (SELECT id FROM playback_events WHERE at < ? LIMIT ?)`,
		DeleteSessions: `DELETE FROM playback_sessions WHERE (video_id, session) IN
			(SELECT video_id, session FROM playback_sessions WHERE last_seen < ? LIMIT ?)`,
		DeleteViewers: `DELETE FROM playback_viewers WHERE (video_id, day, viewer) IN
			(SELECT video_id, day, viewer FROM playback_viewers WHERE day < ? LIMIT ?)`,
	}
}
