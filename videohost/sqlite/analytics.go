package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ analytics.Store = (*DB)(nil)

// UpdatePlayback runs fn in one write transaction.
func (db *DB) UpdatePlayback(ctx context.Context, fn func(tx analytics.Tx) error) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		ptx := &playbackTx{tx: tx, stmts: map[string]*sql.Stmt{}}
		defer ptx.close()
		return fn(ptx)
	})
}

// playbackTx is analytics.Tx on one SQLite transaction. Its
// statements run once per signal or session of a batch, so each is prepared
// once per transaction.
type playbackTx struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

func (p *playbackTx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if s, ok := p.stmts[query]; ok {
		return s, nil
	}
	s, err := p.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("preparing statement: %w", err)
	}
	p.stmts[query] = s
	return s, nil
}

func (p *playbackTx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	s, err := p.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

func (p *playbackTx) queryRow(ctx context.Context, query string, args []any, dest ...any) error {
	s, err := p.stmt(ctx, query)
	if err != nil {
		return err
	}
	return s.QueryRowContext(ctx, args...).Scan(dest...)
}

func (p *playbackTx) close() {
	for _, s := range p.stmts {
		s.Close()
	}
}

func (p *playbackTx) InsertSignal(ctx context.Context, sig *analytics.Signal) error {
	interval := sig.Kind == analytics.SignalHeartbeat || sig.Kind == analytics.SignalSeeked
	if _, err := p.exec(ctx, `INSERT INTO playback_events
		(video_id, session, at, kind, position, from_s, to_s, value, text, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		sig.VideoID, sig.Session, sig.At.UnixNano(), string(sig.Kind), sig.Position, sqlstore.NullFloat(sig.From, interval), sqlstore.NullFloat(sig.To, interval),
		sqlstore.NullFloat(sig.Value, sig.Value != 0), sqlstore.NullText(sig.Text), sqlstore.NullText(sig.Message)); err != nil {
		return fmt.Errorf("inserting playback event: %w", err)
	}
	return nil
}

func (p *playbackTx) Session(ctx context.Context, videoID, session string) (*analytics.PlaybackSession, error) {
	var (
		s              = &analytics.PlaybackSession{VideoID: videoID, Session: session}
		state          string
		hour, lastSeen int64
	)
	err := p.queryRow(ctx, `SELECT space, hour, viewer, browser, os, device, referrer, last_seen, state
		FROM playback_sessions WHERE video_id = ? AND session = ?`, []any{videoID, session},
		&s.Space, &hour, &s.Viewer, &s.Browser, &s.OS, &s.Device, &s.Referrer, &lastSeen, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading session: %w", err)
	}
	s.Hour, s.LastSeen = fromNanos(hour), fromNanos(lastSeen)
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
	if _, err := p.exec(ctx, `INSERT INTO playback_sessions
		(video_id, session, space, hour, viewer, browser, os, device, referrer, last_seen, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (video_id, session) DO UPDATE SET referrer = excluded.referrer,
			last_seen = excluded.last_seen, state = excluded.state`,
		s.VideoID, s.Session, s.Space, s.Hour.UnixNano(), s.Viewer, s.Browser, s.OS, s.Device,
		s.Referrer, s.LastSeen.UnixNano(), state); err != nil {
		return fmt.Errorf("saving session: %w", err)
	}
	return nil
}

func (p *playbackTx) Rollup(ctx context.Context, videoID string, hour time.Time) (*analytics.HourRollup, error) {
	r := &analytics.HourRollup{VideoID: videoID, Hour: hour}
	var startup, retention []byte
	err := p.queryRow(ctx, `SELECT sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention
		FROM playback_hourly WHERE video_id = ? AND hour = ?`, []any{videoID, hour.UnixNano()},
		&r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS, &startup, &retention)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("loading rollup: %w", err)
	}
	sqlstore.AddCounters(r.Startup[:], startup)
	sqlstore.AddCounters(r.Retention[:], retention)
	return r, nil
}

func (p *playbackTx) SaveRollup(ctx context.Context, space string, r *analytics.HourRollup) error {
	if _, err := p.exec(ctx, `INSERT INTO playback_hourly
		(video_id, hour, space, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (video_id, hour) DO UPDATE SET sessions = excluded.sessions, views = excluded.views,
			unique_viewers = excluded.unique_viewers, completed = excluded.completed, failed = excluded.failed,
			watch_ms = excluded.watch_ms, rebuffer_ms = excluded.rebuffer_ms, startup = excluded.startup,
			retention = excluded.retention`,
		r.VideoID, r.Hour.UnixNano(), space, r.Sessions, r.Views, r.UniqueViewers, r.Completed, r.Failed, r.WatchMS, r.RebufferMS,
		sqlstore.EncodeCounters(r.Startup[:]), sqlstore.EncodeCounters(r.Retention[:])); err != nil {
		return fmt.Errorf("saving rollup: %w", err)
	}
	return nil
}

func (p *playbackTx) AddDimensionViews(ctx context.Context, space, videoID string, hour time.Time, d analytics.DimensionViews) error {
	if _, err := p.exec(ctx, `INSERT INTO playback_hourly_dims (video_id, hour, dim, value, space, views)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (video_id, hour, dim, value) DO UPDATE SET views = views + excluded.views`,
		videoID, hour.UnixNano(), d.Dim, d.Value, space, d.Views); err != nil {
		return fmt.Errorf("saving breakdown: %w", err)
	}
	return nil
}

func (p *playbackTx) AddViewer(ctx context.Context, videoID string, day time.Time, viewer string) (bool, error) {
	res, err := p.exec(ctx, `INSERT OR IGNORE INTO playback_viewers (video_id, day, viewer) VALUES (?, ?, ?)`,
		videoID, day.UnixNano(), viewer)
	if err != nil {
		return false, fmt.Errorf("recording viewer: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// PlaybackRollups reads the rollups of one video, or of a whole space,
// summed per hour. It reads rollup rows only, never raw signals, so its cost
// depends on the number of hours in the range, not on traffic.
func (db *DB) PlaybackRollups(ctx context.Context, q analytics.RollupQuery) (*analytics.Rollups, error) {
	where, args := "space = ? AND hour >= ? AND hour < ?", []any{q.Space, q.From.UnixNano(), q.To.UnixNano()}
	if q.VideoID != "" {
		// The primary key serves this range; the space check keeps a
		// caller's mistake from leaking another space's numbers.
		where, args = "video_id = ? AND hour >= ? AND hour < ? AND space = ?", []any{q.VideoID, q.From.UnixNano(), q.To.UnixNano(), q.Space}
	}
	out := &analytics.Rollups{}
	rows, err := db.read.QueryContext(ctx, `SELECT hour, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms,
		startup, retention FROM playback_hourly WHERE `+where+` ORDER BY hour`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	defer rows.Close()
	var cur *analytics.HourRollup
	for rows.Next() {
		var (
			hour               int64
			r                  analytics.HourRollup
			startup, retention []byte
		)
		if err := rows.Scan(&hour, &r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS,
			&startup, &retention); err != nil {
			return nil, fmt.Errorf("reading rollups: %w", err)
		}
		sqlstore.AddCounters(r.Startup[:], startup)
		sqlstore.AddCounters(r.Retention[:], retention)
		r.Hour = fromNanos(hour)
		if cur == nil || !cur.Hour.Equal(r.Hour) {
			cur = &analytics.HourRollup{Hour: r.Hour, VideoID: q.VideoID}
			out.Hours = append(out.Hours, cur)
		}
		cur.Merge(&r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	rows.Close()

	drows, err := db.read.QueryContext(ctx, `SELECT dim, value, SUM(views) FROM playback_hourly_dims WHERE `+where+`
		GROUP BY dim, value`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading breakdowns: %w", err)
	}
	defer drows.Close()
	for drows.Next() {
		var d analytics.DimensionViews
		if err := drows.Scan(&d.Dim, &d.Value, &d.Views); err != nil {
			return nil, fmt.Errorf("reading breakdowns: %w", err)
		}
		out.Dims = append(out.Dims, d)
	}
	if err := drows.Err(); err != nil {
		return nil, fmt.Errorf("reading breakdowns: %w", err)
	}
	drows.Close()

	if q.TopVideos > 0 && q.VideoID == "" {
		trows, err := db.read.QueryContext(ctx, `SELECT h.video_id, v.title, SUM(h.views) AS n, SUM(h.watch_ms)
			FROM playback_hourly h JOIN videos v ON v.id = h.video_id AND v.deleted_at IS NULL
			WHERE h.space = ? AND h.hour >= ? AND h.hour < ?
			GROUP BY h.video_id HAVING n > 0 ORDER BY n DESC, h.video_id LIMIT ?`, q.Space, q.From.UnixNano(), q.To.UnixNano(), q.TopVideos)
		if err != nil {
			return nil, fmt.Errorf("reading top videos: %w", err)
		}
		defer trows.Close()
		for trows.Next() {
			var v analytics.VideoViews
			if err := trows.Scan(&v.VideoID, &v.Title, &v.Views, &v.WatchMS); err != nil {
				return nil, fmt.Errorf("reading top videos: %w", err)
			}
			out.TopVideos = append(out.TopVideos, v)
		}
		if err := trows.Err(); err != nil {
			return nil, fmt.Errorf("reading top videos: %w", err)
		}
	}
	return out, nil
}

// DeletePlaybackBefore deletes up to limit raw signals older than signals,
// and up to limit sessions (and daily viewer rows) older than sessions.
// Small chunks keep each transaction short for the one writer.
func (db *DB) DeletePlaybackBefore(ctx context.Context, signals, sessions time.Time, limit int) (int64, error) {
	var total int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		for _, del := range []struct {
			what, sql string
			args      []any
		}{
			{"events", `DELETE FROM playback_events WHERE id IN (SELECT id FROM playback_events WHERE at < ? LIMIT ?)`,
				[]any{signals.UnixNano(), limit}},
			{"sessions", `DELETE FROM playback_sessions WHERE (video_id, session) IN
				(SELECT video_id, session FROM playback_sessions WHERE last_seen < ? LIMIT ?)`, []any{sessions.UnixNano(), limit}},
			{"viewers", `DELETE FROM playback_viewers WHERE (video_id, day, viewer) IN
				(SELECT video_id, day, viewer FROM playback_viewers WHERE day < ? LIMIT ?)`,
				[]any{sessions.UTC().Truncate(24 * time.Hour).UnixNano(), limit}},
		} {
			res, err := tx.ExecContext(ctx, del.sql, del.args...)
			if err != nil {
				return fmt.Errorf("deleting old playback %s: %w", del.what, err)
			}
			n, _ := res.RowsAffected()
			total += n
		}
		return nil
	})
	return total, err
}
