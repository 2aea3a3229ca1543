package sqlite

import (
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/reelvideo/reel/videohost"
)

var _ videohost.AnalyticsStore = (*DB)(nil)

// sessionState is the JSON of playback_sessions.state: the mutable part of a
// session. Field names are short because there is one row per page view.
type sessionState struct {
	Watched    [][2]float64 `json:"w,omitempty"`
	Cursor     float64      `json:"c"`
	Played     bool         `json:"p,omitempty"`
	Ended      bool         `json:"e,omitempty"`
	Errored    bool         `json:"x,omitempty"`
	StartupMS  float64      `json:"s"`
	RebufferMS float64      `json:"r,omitempty"`
	// The contribution already added to the session's hour.
	Sessions      int64     `json:"cs,omitempty"`
	Views         int64     `json:"cv,omitempty"`
	Completed     int64     `json:"cc,omitempty"`
	Failed        int64     `json:"cf,omitempty"`
	WatchMS       int64     `json:"cw,omitempty"`
	CRebufferMS   int64     `json:"cr,omitempty"`
	StartupBucket int       `json:"cb"`
	Retention     [2]uint64 `json:"ct"`
}

func encodeSession(s *videohost.PlaybackSession) (string, error) {
	st := sessionState{
		Cursor: s.Cursor, Played: s.Played, Ended: s.Ended, Errored: s.Errored,
		StartupMS: s.StartupMS, RebufferMS: s.RebufferMS,
		Sessions: s.Contributed.Sessions, Views: s.Contributed.Views, Completed: s.Contributed.Completed,
		Failed: s.Contributed.Failed, WatchMS: s.Contributed.WatchMS, CRebufferMS: s.Contributed.RebufferMS,
		StartupBucket: s.Contributed.StartupBucket, Retention: s.Contributed.Retention,
	}
	for _, iv := range s.Watched {
		st.Watched = append(st.Watched, [2]float64{iv.From, iv.To})
	}
	b, err := json.Marshal(st)
	return string(b), err
}

func decodeSession(raw string, s *videohost.PlaybackSession) error {
	var st sessionState
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		return err
	}
	s.Watched = s.Watched[:0]
	for _, w := range st.Watched {
		s.Watched = append(s.Watched, videohost.Interval{From: w[0], To: w[1]})
	}
	s.Cursor, s.Played, s.Ended, s.Errored = st.Cursor, st.Played, st.Ended, st.Errored
	s.StartupMS, s.RebufferMS = st.StartupMS, st.RebufferMS
	s.Contributed = videohost.SessionContribution{
		Sessions: st.Sessions, Views: st.Views, Completed: st.Completed, Failed: st.Failed,
		WatchMS: st.WatchMS, RebufferMS: st.CRebufferMS, StartupBucket: st.StartupBucket, Retention: st.Retention,
	}
	return nil
}

func encodeCounters(c []int64) []byte {
	b := make([]byte, 8*len(c))
	for i, v := range c {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(v))
	}
	return b
}

// addCounters adds the little-endian int64 array b into c; a shorter blob
// (from an older layout) adds what it has.
func addCounters(c []int64, b []byte) {
	for i := 0; i < len(c) && 8*i+8 <= len(b); i++ {
		c[i] += int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
}

type rollupKey struct {
	videoID string
	hour    int64
}

type dimKey struct {
	videoID    string
	hour       int64
	dim, value string
}

type pendingRollup struct {
	space string
	r     videohost.HourRollup
}

// RecordPlayback stores events and folds them into their sessions and the
// hourly rollups, in one write transaction. Events of one session are
// applied in time order.
func (db *DB) RecordPlayback(ctx context.Context, events []videohost.PlayerEvent) error {
	type group struct{ events []*videohost.PlayerEvent }
	groups := map[[2]string]*group{}
	var order [][2]string
	for i := range events {
		ev := &events[i]
		k := [2]string{ev.VideoID, ev.Session}
		g := groups[k]
		if g == nil {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		g.events = append(g.events, ev)
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		insertEvent, err := tx.PrepareContext(ctx, `INSERT INTO playback_events
			(video_id, session, at, kind, position, from_s, to_s, value, text, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return fmt.Errorf("preparing event insert: %w", err)
		}
		defer insertEvent.Close()
		loadSession, err := tx.PrepareContext(ctx, `SELECT space, hour, viewer, browser, os, device, referrer, last_seen, state
			FROM playback_sessions WHERE video_id = ? AND session = ?`)
		if err != nil {
			return fmt.Errorf("preparing session load: %w", err)
		}
		defer loadSession.Close()
		saveSession, err := tx.PrepareContext(ctx, `INSERT INTO playback_sessions
			(video_id, session, space, hour, viewer, browser, os, device, referrer, last_seen, state)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (video_id, session) DO UPDATE SET referrer = excluded.referrer,
				last_seen = excluded.last_seen, state = excluded.state`)
		if err != nil {
			return fmt.Errorf("preparing session save: %w", err)
		}
		defer saveSession.Close()

		rollups := map[rollupKey]*pendingRollup{}
		dims := map[dimKey]int64{}
		dimSpace := map[rollupKey]string{}
		for _, k := range order {
			evs := groups[k].events
			slices.SortStableFunc(evs, func(a, b *videohost.PlayerEvent) int { return a.At.Compare(b.At) })
			for _, ev := range evs {
				if _, err := insertEvent.ExecContext(ctx, ev.VideoID, ev.Session, ev.At.UnixNano(), string(ev.Kind), ev.Position,
					nullFloat(ev.From, ev.Kind == videohost.PlayerHeartbeat || ev.Kind == videohost.PlayerSeeked),
					nullFloat(ev.To, ev.Kind == videohost.PlayerHeartbeat || ev.Kind == videohost.PlayerSeeked),
					nullFloat(ev.Value, ev.Value != 0), nullText(ev.Text), nullText(ev.Message)); err != nil {
					return fmt.Errorf("inserting playback event: %w", err)
				}
			}
			first := evs[0]
			s, err := loadPlaybackSession(ctx, loadSession, first)
			if err != nil {
				return err
			}
			old := s.Contributed
			for _, ev := range evs {
				s.Apply(ev)
			}
			now := s.Contribution(first.Duration)
			s.Contributed = now
			hour := s.Hour.UnixNano()
			if now != old {
				rk := rollupKey{s.VideoID, hour}
				pr, err := loadRollup(ctx, tx, rollups, rk, s.Space)
				if err != nil {
					return err
				}
				pr.r.Add(now, old)
				if delta := now.Views - old.Views; delta != 0 {
					for _, d := range [][2]string{{videohost.DimReferrer, s.Referrer}, {videohost.DimBrowser, s.Browser},
						{videohost.DimOS, s.OS}, {videohost.DimDevice, s.Device}} {
						dims[dimKey{s.VideoID, hour, d[0], d[1]}] += delta
					}
					dimSpace[rk] = s.Space
				}
				if old.Views == 0 && now.Views > 0 {
					day := s.Hour.Truncate(24 * time.Hour).UnixNano()
					res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO playback_viewers (video_id, day, viewer) VALUES (?, ?, ?)`,
						s.VideoID, day, s.Viewer)
					if err != nil {
						return fmt.Errorf("recording viewer: %w", err)
					}
					if n, _ := res.RowsAffected(); n == 1 {
						pr.r.UniqueViewers++
					}
				}
			}
			state, err := encodeSession(s)
			if err != nil {
				return fmt.Errorf("encoding session: %w", err)
			}
			if _, err := saveSession.ExecContext(ctx, s.VideoID, s.Session, s.Space, hour, s.Viewer, s.Browser, s.OS, s.Device,
				s.Referrer, s.LastSeen.UnixNano(), state); err != nil {
				return fmt.Errorf("saving session: %w", err)
			}
		}
		for k, pr := range rollups {
			r := &pr.r
			if _, err := tx.ExecContext(ctx, `INSERT INTO playback_hourly
				(video_id, hour, space, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (video_id, hour) DO UPDATE SET sessions = excluded.sessions, views = excluded.views,
					unique_viewers = excluded.unique_viewers, completed = excluded.completed, failed = excluded.failed,
					watch_ms = excluded.watch_ms, rebuffer_ms = excluded.rebuffer_ms, startup = excluded.startup,
					retention = excluded.retention`,
				k.videoID, k.hour, pr.space, r.Sessions, r.Views, r.UniqueViewers, r.Completed, r.Failed, r.WatchMS, r.RebufferMS,
				encodeCounters(r.Startup[:]), encodeCounters(r.Retention[:])); err != nil {
				return fmt.Errorf("saving rollup: %w", err)
			}
		}
		for k, n := range dims {
			if n == 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO playback_hourly_dims (video_id, hour, dim, value, space, views)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (video_id, hour, dim, value) DO UPDATE SET views = views + excluded.views`,
				k.videoID, k.hour, k.dim, k.value, dimSpace[rollupKey{k.videoID, k.hour}], n); err != nil {
				return fmt.Errorf("saving breakdown: %w", err)
			}
		}
		return nil
	})
}

func loadPlaybackSession(ctx context.Context, stmt *sql.Stmt, first *videohost.PlayerEvent) (*videohost.PlaybackSession, error) {
	var (
		space, viewer, browser, os, device, referrer, state string
		hour, lastSeen                                      int64
	)
	err := stmt.QueryRowContext(ctx, first.VideoID, first.Session).Scan(&space, &hour, &viewer, &browser, &os, &device, &referrer, &lastSeen, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return videohost.NewPlaybackSession(first), nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading session: %w", err)
	}
	s := &videohost.PlaybackSession{
		VideoID: first.VideoID, Session: first.Session, Space: space, Hour: fromNanos(hour), Viewer: viewer,
		Browser: browser, OS: os, Device: device, Referrer: referrer, LastSeen: fromNanos(lastSeen),
	}
	if err := decodeSession(state, s); err != nil {
		return nil, fmt.Errorf("decoding session: %w", err)
	}
	return s, nil
}

func loadRollup(ctx context.Context, tx *sql.Tx, cache map[rollupKey]*pendingRollup, k rollupKey, space string) (*pendingRollup, error) {
	if pr, ok := cache[k]; ok {
		return pr, nil
	}
	pr := &pendingRollup{space: space}
	r := &pr.r
	var startup, retention []byte
	err := tx.QueryRowContext(ctx, `SELECT sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms, startup, retention
		FROM playback_hourly WHERE video_id = ? AND hour = ?`, k.videoID, k.hour).
		Scan(&r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS, &startup, &retention)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("loading rollup: %w", err)
	}
	addCounters(r.Startup[:], startup)
	addCounters(r.Retention[:], retention)
	cache[k] = pr
	return pr, nil
}

func nullFloat(v float64, valid bool) any {
	if !valid {
		return nil
	}
	return v
}

func nullText(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// PlaybackRollups reads the rollups of one video, or of a whole space,
// summed per hour. It reads rollup rows only, never raw events, so its cost
// depends on the number of hours in the range, not on traffic.
func (db *DB) PlaybackRollups(ctx context.Context, q videohost.RollupQuery) (*videohost.Rollups, error) {
	where, args := "space = ? AND hour >= ? AND hour < ?", []any{q.Space, q.From.UnixNano(), q.To.UnixNano()}
	if q.VideoID != "" {
		// The primary key serves this range; the space check keeps a
		// caller's mistake from leaking another space's numbers.
		where, args = "video_id = ? AND hour >= ? AND hour < ? AND space = ?", []any{q.VideoID, q.From.UnixNano(), q.To.UnixNano(), q.Space}
	}
	out := &videohost.Rollups{}
	rows, err := db.read.QueryContext(ctx, `SELECT hour, sessions, views, unique_viewers, completed, failed, watch_ms, rebuffer_ms,
		startup, retention FROM playback_hourly WHERE `+where+` ORDER BY hour`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	defer rows.Close()
	var cur *videohost.HourRollup
	for rows.Next() {
		var (
			hour               int64
			r                  videohost.HourRollup
			startup, retention []byte
		)
		if err := rows.Scan(&hour, &r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS,
			&startup, &retention); err != nil {
			return nil, fmt.Errorf("reading rollups: %w", err)
		}
		addCounters(r.Startup[:], startup)
		addCounters(r.Retention[:], retention)
		r.Hour = fromNanos(hour)
		if cur == nil || !cur.Hour.Equal(r.Hour) {
			cur = &videohost.HourRollup{Hour: r.Hour, VideoID: q.VideoID}
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
		var d videohost.DimensionViews
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
			var v videohost.VideoViews
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

// DeletePlaybackBefore deletes up to limit raw events older than events,
// and up to limit sessions (and daily viewer rows) older than sessions.
// Small chunks keep each transaction short for the one writer.
func (db *DB) DeletePlaybackBefore(ctx context.Context, events, sessions time.Time, limit int) (int64, error) {
	var total int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		for _, del := range []struct {
			what, sql string
			args      []any
		}{
			{"events", `DELETE FROM playback_events WHERE id IN (SELECT id FROM playback_events WHERE at < ? LIMIT ?)`,
				[]any{events.UnixNano(), limit}},
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
