package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// UpdatePlayback runs fn in one transaction under the analytics lock:
// RecordPlayback reads counters and writes them back, so two processes'
// ingest writers must not interleave.
func (db *DB) UpdatePlayback(ctx context.Context, fn func(tx analytics.Tx) error) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, analyticsLock); err != nil {
			return fmt.Errorf("waiting for the analytics lock: %w", err)
		}
		return fn(&playbackTx{tx: tx})
	})
}

// playbackTx is analytics.Tx on one transaction. pgx prepares and
// caches each statement on its connection, so the per-signal statements are
// parsed once.
type playbackTx struct {
	tx pgx.Tx
}

func (p *playbackTx) InsertSignal(ctx context.Context, sig *analytics.Signal) error {
	interval := sig.Kind == analytics.SignalHeartbeat || sig.Kind == analytics.SignalSeeked
	if _, err := p.tx.Exec(ctx, `INSERT INTO playback_events
		(video_id, session, at, kind, position, from_s, to_s, value, text, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		sig.VideoID, sig.Session, sig.At, string(sig.Kind), sig.Position, sqlstore.NullFloat(sig.From, interval), sqlstore.NullFloat(sig.To, interval),
		sqlstore.NullFloat(sig.Value, sig.Value != 0), sqlstore.NullText(sig.Text), sqlstore.NullText(sig.Message)); err != nil {
		return fmt.Errorf("inserting playback event: %w", err)
	}
	return nil
}

func (p *playbackTx) Session(ctx context.Context, videoID, session string) (*analytics.PlaybackSession, error) {
	s := &analytics.PlaybackSession{VideoID: videoID, Session: session}
	var state string
	err := p.tx.QueryRow(ctx, `SELECT space, hour, viewer, browser, os, device, referrer, last_seen, state
		FROM playback_sessions WHERE video_id = $1 AND session = $2`, videoID, session).
		Scan(&s.Space, &s.Hour, &s.Viewer, &s.Browser, &s.OS, &s.Device, &s.Referrer, &s.LastSeen, &state)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading session: %w", err)
	}
	s.Hour, s.LastSeen = s.Hour.UTC(), s.LastSeen.UTC()
	if err := sqlstore.DecodeSession(state, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (p *playbackTx) SaveSession(ctx context.Context, s *analytics.PlaybackSession) error {
	state, err := sqlstore.EncodeSession(s)
	if err != nil {
		return err
	}
	// Only what a session's signals change is updated; the rest is fixed
	// when the session starts.
	if _, err := p.tx.Exec(ctx, `INSERT INTO playback_sessions
		(video_id, session, space, hour, viewer, browser, os, device, referrer, last_seen, state)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (video_id, session) DO UPDATE SET referrer = excluded.referrer,
			last_seen = excluded.last_seen, state = excluded.state`,
		s.VideoID, s.Session, s.Space, s.Hour, s.Viewer, s.Browser, s.OS, s.Device,
		s.Referrer, s.LastSeen, state); err != nil {
		return fmt.Errorf("saving session: %w", err)
	}
	return nil
}

func (p *playbackTx) Rollup(ctx context.Context, videoID string, hour time.Time) (*analytics.HourRollup, error) {
	r := &analytics.HourRollup{VideoID: videoID, Hour: hour}
	var startup, retention []byte
	err := p.tx.QueryRow(ctx, `SELECT sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention
		FROM playback_hourly WHERE video_id = $1 AND hour = $2`, videoID, hour).
		Scan(&r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS, &startup, &retention)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("loading rollup: %w", err)
	}
	sqlstore.AddCounters(r.Startup[:], startup)
	sqlstore.AddCounters(r.Retention[:], retention)
	return r, nil
}

func (p *playbackTx) SaveRollup(ctx context.Context, space string, r *analytics.HourRollup) error {
	if _, err := p.tx.Exec(ctx, `INSERT INTO playback_hourly
		(video_id, hour, space, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (video_id, hour) DO UPDATE SET sessions = excluded.sessions, views = excluded.views,
			unique_viewers = excluded.unique_viewers, completed = excluded.completed, failed = excluded.failed,
			watch_ms = excluded.watch_ms, rebuffer_ms = excluded.rebuffer_ms, startup = excluded.startup,
			retention = excluded.retention`,
		r.VideoID, r.Hour, space, r.Sessions, r.Views, r.UniqueViewers, r.Completed, r.Failed, r.WatchMS, r.RebufferMS,
		sqlstore.EncodeCounters(r.Startup[:]), sqlstore.EncodeCounters(r.Retention[:])); err != nil {
		return fmt.Errorf("saving rollup: %w", err)
	}
	return nil
}

func (p *playbackTx) AddDimensionViews(ctx context.Context, space, videoID string, hour time.Time, d analytics.DimensionViews) error {
	if _, err := p.tx.Exec(ctx, `INSERT INTO playback_hourly_dims AS h (video_id, hour, dim, value, space, views)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (video_id, hour, dim, value) DO UPDATE SET views = h.views + excluded.views`,
		videoID, hour, d.Dim, d.Value, space, d.Views); err != nil {
		return fmt.Errorf("saving breakdown: %w", err)
	}
	return nil
}

func (p *playbackTx) AddViewer(ctx context.Context, videoID string, day time.Time, viewer string) (bool, error) {
	tag, err := p.tx.Exec(ctx, `INSERT INTO playback_viewers (video_id, day, viewer) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, videoID, day, viewer)
	if err != nil {
		return false, fmt.Errorf("recording viewer: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// PlaybackRollups reads the rollups of one video, or of a whole space,
// summed per hour. It reads rollup rows only, never raw signals, so its cost
// depends on the number of hours in the range, not on traffic.
func (db *DB) PlaybackRollups(ctx context.Context, q analytics.RollupQuery) (*analytics.Rollups, error) {
	where, args := "space = $1 AND hour >= $2 AND hour < $3", []any{q.Space, q.From, q.To}
	if q.VideoID != "" {
		// The primary key serves this range; the space check keeps a
		// caller's mistake from leaking another space's numbers.
		where, args = "video_id = $4 AND hour >= $2 AND hour < $3 AND space = $1", append(args, q.VideoID)
	}
	out := &analytics.Rollups{}
	rows, err := db.pool.Query(ctx, `SELECT hour, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms,
		startup, retention FROM playback_hourly WHERE `+where+` ORDER BY hour`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	var cur *analytics.HourRollup
	_, err = collect(rows, func(row pgx.Row) (struct{}, error) {
		var (
			r                  analytics.HourRollup
			startup, retention []byte
		)
		if err := row.Scan(&r.Hour, &r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS,
			&startup, &retention); err != nil {
			return struct{}{}, err
		}
		sqlstore.AddCounters(r.Startup[:], startup)
		sqlstore.AddCounters(r.Retention[:], retention)
		r.Hour = r.Hour.UTC()
		if cur == nil || !cur.Hour.Equal(r.Hour) {
			cur = &analytics.HourRollup{Hour: r.Hour, VideoID: q.VideoID}
			out.Hours = append(out.Hours, cur)
		}
		cur.Merge(&r)
		return struct{}{}, nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}

	rows, err = db.pool.Query(ctx, `SELECT dim, value, SUM(views)::bigint FROM playback_hourly_dims WHERE `+where+`
		GROUP BY dim, value`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading breakdowns: %w", err)
	}
	if out.Dims, err = collect(rows, func(row pgx.Row) (analytics.DimensionViews, error) {
		var d analytics.DimensionViews
		err := row.Scan(&d.Dim, &d.Value, &d.Views)
		return d, err
	}); err != nil {
		return nil, fmt.Errorf("reading breakdowns: %w", err)
	}

	if q.TopVideos > 0 && q.VideoID == "" {
		rows, err := db.pool.Query(ctx, `SELECT h.video_id, v.title, SUM(h.views)::bigint AS n, SUM(h.watch_ms)::bigint
			FROM playback_hourly h JOIN videos v ON v.id = h.video_id AND v.deleted_at IS NULL
			WHERE h.space = $1 AND h.hour >= $2 AND h.hour < $3
			GROUP BY h.video_id, v.title HAVING SUM(h.views) > 0 ORDER BY n DESC, h.video_id LIMIT $4`,
			q.Space, q.From, q.To, q.TopVideos)
		if err != nil {
			return nil, fmt.Errorf("reading top videos: %w", err)
		}
		if out.TopVideos, err = collect(rows, func(row pgx.Row) (analytics.VideoViews, error) {
			var v analytics.VideoViews
			err := row.Scan(&v.VideoID, &v.Title, &v.Views, &v.WatchMS)
			return v, err
		}); err != nil {
			return nil, fmt.Errorf("reading top videos: %w", err)
		}
	}
	return out, nil
}

// DeletePlaybackBefore deletes up to limit raw signals older than signals,
// and up to limit sessions (and daily viewer rows) older than sessions.
// Small chunks keep each transaction short.
func (db *DB) DeletePlaybackBefore(ctx context.Context, signals, sessions time.Time, limit int) (int64, error) {
	var total int64
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		for _, del := range []struct {
			what, sql string
			args      []any
		}{
			{"events", `DELETE FROM playback_events WHERE id IN (SELECT id FROM playback_events WHERE at < $1 LIMIT $2)`,
				[]any{signals, limit}},
			{"sessions", `DELETE FROM playback_sessions WHERE (video_id, session) IN
				(SELECT video_id, session FROM playback_sessions WHERE last_seen < $1 LIMIT $2)`, []any{sessions, limit}},
			{"viewers", `DELETE FROM playback_viewers WHERE (video_id, day, viewer) IN
				(SELECT video_id, day, viewer FROM playback_viewers WHERE day < $1 LIMIT $2)`,
				[]any{sessions.UTC().Truncate(24 * time.Hour), limit}},
		} {
			tag, err := tx.Exec(ctx, del.sql, del.args...)
			if err != nil {
				return fmt.Errorf("deleting old playback %s: %w", del.what, err)
			}
			total += tag.RowsAffected()
		}
		return nil
	})
	return total, err
}
