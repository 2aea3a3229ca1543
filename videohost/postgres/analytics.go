package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// UpdatePlayback runs fn in one transaction under the analytics lock:
// RecordPlayback reads counters and writes them back, so two processes'
// ingest writers must not interleave. pgx prepares and caches each
// statement on its connection, so the per-signal statements are parsed
// once.
func (db *DB) UpdatePlayback(ctx context.Context, fn func(tx analytics.Tx) error) error {
	playback := dialect{}.Playback()
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, analyticsLock); err != nil {
			return fmt.Errorf("waiting for the analytics lock: %w", err)
		}
		return fn(&sqlstore.PlaybackTx{C: conn{tx}, Q: &playback})
	})
}

// Playback is PostgreSQL's SQL text for the playback analytics methods of
// sqlstore.Store.
func (dialect) Playback() sqlstore.PlaybackSQL {
	return sqlstore.PlaybackSQL{
		InsertSignal: `INSERT INTO playback_events
			(video_id, session, at, kind, position, from_s, to_s, value, text, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		Session: `SELECT space, hour, viewer, browser, os, device, referrer, last_seen, state, live_at
			FROM playback_sessions WHERE video_id = $1 AND session = $2`,
		SaveSession: `INSERT INTO playback_sessions
			(video_id, session, space, hour, viewer, browser, os, device, referrer, last_seen, state, live_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
			ON CONFLICT (video_id, session) DO UPDATE SET referrer = excluded.referrer,
				last_seen = excluded.last_seen, state = excluded.state, live_at = excluded.live_at`,
		Rollup: `SELECT sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention
			FROM playback_hourly WHERE video_id = $1 AND hour = $2`,
		SaveRollup: `INSERT INTO playback_hourly
			(video_id, hour, space, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
			ON CONFLICT (video_id, hour) DO UPDATE SET sessions = excluded.sessions, views = excluded.views,
				unique_viewers = excluded.unique_viewers, completed = excluded.completed, failed = excluded.failed,
				watch_ms = excluded.watch_ms, rebuffer_ms = excluded.rebuffer_ms, startup = excluded.startup,
				retention = excluded.retention`,
		AddDimensionViews: `INSERT INTO playback_hourly_dims AS h (video_id, hour, dim, value, space, views)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (video_id, hour, dim, value) DO UPDATE SET views = h.views + excluded.views`,
		AddViewer:  `INSERT INTO playback_viewers (video_id, day, viewer) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		LiveMinute: `SELECT viewers, latency FROM playback_live_minutes WHERE video_id = $1 AND minute = $2`,
		SaveLiveMinute: `INSERT INTO playback_live_minutes (video_id, minute, space, viewers, latency) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (video_id, minute) DO UPDATE SET viewers = excluded.viewers, latency = excluded.latency`,
		LiveViewers: `SELECT COUNT(*) FROM playback_sessions WHERE space = $1 AND video_id = $2 AND live_at >= $3`,
		LiveMinutes: `SELECT minute, viewers, latency FROM playback_live_minutes WHERE space = $1 AND video_id = $2 ORDER BY minute`,

		SpaceRange: "space = $1 AND hour >= $2 AND hour < $3",
		VideoRange: "video_id = $4 AND hour >= $2 AND hour < $3 AND space = $1",
		Hours: func(where string) string {
			return `SELECT hour, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms,
				startup, retention FROM playback_hourly WHERE ` + where + ` ORDER BY hour`
		},
		Dims: func(where string) string {
			return `SELECT dim, value, SUM(views)::bigint FROM playback_hourly_dims WHERE ` + where + ` GROUP BY dim, value`
		},
		Top: `SELECT h.video_id, v.title, SUM(h.views)::bigint AS n, SUM(h.watch_ms)::bigint
			FROM playback_hourly h JOIN videos v ON v.id = h.video_id AND v.deleted_at IS NULL
			WHERE h.space = $1 AND h.hour >= $2 AND h.hour < $3
			GROUP BY h.video_id, v.title HAVING SUM(h.views) > 0 ORDER BY n DESC, h.video_id LIMIT $4`,
		DeleteSignals: `DELETE FROM playback_events WHERE id IN (SELECT id FROM playback_events WHERE at < $1 LIMIT $2)`,
		DeleteSessions: `DELETE FROM playback_sessions WHERE (video_id, session) IN
			(SELECT video_id, session FROM playback_sessions WHERE last_seen < $1 LIMIT $2)`,
		DeleteViewers: `DELETE FROM playback_viewers WHERE (video_id, day, viewer) IN
			(SELECT video_id, day, viewer FROM playback_viewers WHERE day < $1 LIMIT $2)`,
	}
}
