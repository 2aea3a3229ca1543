package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost/analytics"
)

// PlaybackSQL is a store's SQL text for playback analytics: PlaybackTx's
// statements, then those of Store's PlaybackRollups and
// DeletePlaybackBefore.
type PlaybackSQL struct {
	// InsertSignal inserts a playback_events row: video_id, session, at,
	// kind, position, from_s, to_s, value, text, message.
	InsertSignal string
	// Session selects (space, hour, viewer, browser, os, device, referrer,
	// last_seen, state, live_at) given video_id and session; SaveSession
	// upserts them after video_id and session, updating only referrer,
	// last_seen, state and live_at (NULL when the session never watched
	// live).
	Session, SaveSession string
	// Rollup selects (sessions, views, unique_viewers, completed, failed,
	// watch_ms, rebuffer_ms, startup, retention) given video_id and hour;
	// SaveRollup upserts them after video_id, hour and space.
	Rollup, SaveRollup string
	// AddDimensionViews adds views to a playback_hourly_dims row: video_id,
	// hour, dim, value, space, views.
	AddDimensionViews string
	// AddViewer inserts a playback_viewers row (video_id, day, viewer)
	// unless there is one.
	AddViewer string
	// LiveMinute selects (viewers, latency) of a playback_live_minutes row
	// given video_id and minute; SaveLiveMinute upserts video_id, minute,
	// space, viewers and latency.
	LiveMinute, SaveLiveMinute string
	// LiveViewers counts the sessions given space, video_id and since
	// whose live_at is at or after since; LiveMinutes selects (minute,
	// viewers, latency) given space and video_id, by minute.
	LiveViewers, LiveMinutes string

	// SpaceRange and VideoRange are the conditions on a space's and on a
	// video's rollups, given space, from and to (and video_id).
	SpaceRange, VideoRange string
	// Hours selects (hour, sessions, views, unique_viewers, completed,
	// failed, watch_ms, rebuffer_ms, startup, retention) by hour where a
	// range holds; Dims the (dim, value, summed views) there.
	Hours, Dims func(where string) string
	// Top selects a space's (video_id, title, views, watch_ms) given
	// space, from, to and how many, most viewed first.
	Top string
	// DeleteSignals, DeleteSessions and DeleteViewers delete up to a
	// limit of rows older than a time, given both.
	DeleteSignals, DeleteSessions, DeleteViewers string
}

// PlaybackTx is analytics.Tx on a store's transaction, C.
type PlaybackTx struct {
	C Conn
	Q *PlaybackSQL
}

var _ analytics.Tx = (*PlaybackTx)(nil)

func (p *PlaybackTx) InsertSignal(ctx context.Context, sig *analytics.Signal) error {
	interval := sig.Kind == analytics.SignalHeartbeat || sig.Kind == analytics.SignalSeeked
	return Exec(ctx, p.C, "inserting playback event", p.Q.InsertSignal,
		sig.VideoID, sig.Session, sig.At, string(sig.Kind), sig.Position, NullFloat(sig.From, interval), NullFloat(sig.To, interval),
		NullFloat(sig.Value, sig.Value != 0), NullText(sig.Text), NullText(sig.Message))
}

func (p *PlaybackTx) Session(ctx context.Context, videoID, session string) (*analytics.PlaybackSession, error) {
	s := &analytics.PlaybackSession{VideoID: videoID, Session: session}
	var state string
	hour, lastSeen, liveAt := p.C.NewTime(), p.C.NewTime(), p.C.NewTime()
	err := p.C.QueryRow(ctx, p.Q.Session, videoID, session).
		Scan(&s.Space, hour.Dest(), &s.Viewer, &s.Browser, &s.OS, &s.Device, &s.Referrer, lastSeen.Dest(), &state, liveAt.Dest())
	if errors.Is(err, ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading session: %w", err)
	}
	s.Hour, s.LastSeen, s.LiveAt = hour.Time(), lastSeen.Time(), liveAt.Time()
	if err := DecodeSession(state, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (p *PlaybackTx) SaveSession(ctx context.Context, s *analytics.PlaybackSession) error {
	state, err := EncodeSession(s)
	if err != nil {
		return err
	}
	return Exec(ctx, p.C, "saving session", p.Q.SaveSession,
		s.VideoID, s.Session, s.Space, s.Hour, s.Viewer, s.Browser, s.OS, s.Device, s.Referrer, s.LastSeen, state, NullTime(s.LiveAt))
}

func (p *PlaybackTx) Rollup(ctx context.Context, videoID string, hour time.Time) (*analytics.HourRollup, error) {
	r := &analytics.HourRollup{VideoID: videoID, Hour: hour}
	var startup, retention []byte
	err := p.C.QueryRow(ctx, p.Q.Rollup, videoID, hour).
		Scan(&r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS, &startup, &retention)
	if err != nil && !errors.Is(err, ErrNoRows) {
		return nil, fmt.Errorf("loading rollup: %w", err)
	}
	AddCounters(r.Startup[:], startup)
	AddCounters(r.Retention[:], retention)
	return r, nil
}

func (p *PlaybackTx) SaveRollup(ctx context.Context, space string, r *analytics.HourRollup) error {
	return Exec(ctx, p.C, "saving rollup", p.Q.SaveRollup,
		r.VideoID, r.Hour, space, r.Sessions, r.Views, r.UniqueViewers, r.Completed, r.Failed, r.WatchMS, r.RebufferMS,
		EncodeCounters(r.Startup[:]), EncodeCounters(r.Retention[:]))
}

func (p *PlaybackTx) AddDimensionViews(ctx context.Context, space, videoID string, hour time.Time, d analytics.DimensionViews) error {
	return Exec(ctx, p.C, "saving breakdown", p.Q.AddDimensionViews, videoID, hour, d.Dim, d.Value, space, d.Views)
}

func (p *PlaybackTx) AddViewer(ctx context.Context, videoID string, day time.Time, viewer string) (bool, error) {
	n, err := p.C.Exec(ctx, p.Q.AddViewer, videoID, day, viewer)
	if err != nil {
		return false, fmt.Errorf("recording viewer: %w", err)
	}
	return n == 1, nil
}

func (p *PlaybackTx) LiveMinute(ctx context.Context, videoID string, minute time.Time) (*analytics.LiveMinute, error) {
	m := &analytics.LiveMinute{VideoID: videoID, Minute: minute}
	var latency []byte
	err := p.C.QueryRow(ctx, p.Q.LiveMinute, videoID, minute).Scan(&m.Viewers, &latency)
	if err != nil && !errors.Is(err, ErrNoRows) {
		return nil, fmt.Errorf("loading live minute: %w", err)
	}
	AddCounters(m.Latency[:], latency)
	return m, nil
}

func (p *PlaybackTx) SaveLiveMinute(ctx context.Context, space string, m *analytics.LiveMinute) error {
	return Exec(ctx, p.C, "saving live minute", p.Q.SaveLiveMinute, m.VideoID, m.Minute, space, m.Viewers, EncodeCounters(m.Latency[:]))
}

// LiveViewers counts a video's sessions with a live heartbeat since a
// time: a range of the (video_id, live_at) index, read per stats request.
func (s *Store) LiveViewers(ctx context.Context, space, videoID string, since time.Time) (int64, error) {
	n, err := Scalar[int64](s.b.Read.QueryRow(ctx, s.b.Q.Playback.LiveViewers, space, videoID, since))
	if err != nil {
		return 0, fmt.Errorf("counting live viewers: %w", err)
	}
	return n, nil
}

// LiveMinutes reads a video's live minutes, oldest first: one row per
// minute the video was watched live.
func (s *Store) LiveMinutes(ctx context.Context, space, videoID string) ([]*analytics.LiveMinute, error) {
	return Collect(ctx, s.b.Read, "reading live minutes", func(row Row) (*analytics.LiveMinute, error) {
		m := &analytics.LiveMinute{VideoID: videoID}
		var latency []byte
		minute := s.b.Read.NewTime()
		if err := row.Scan(minute.Dest(), &m.Viewers, &latency); err != nil {
			return nil, err
		}
		m.Minute = minute.Time()
		AddCounters(m.Latency[:], latency)
		return m, nil
	}, s.b.Q.Playback.LiveMinutes, space, videoID)
}

// PlaybackRollups reads the rollups of one video, or of a whole space,
// summed per hour. It reads rollup rows only, never raw signals, so its cost
// depends on the number of hours in the range, not on traffic.
func (s *Store) PlaybackRollups(ctx context.Context, q analytics.RollupQuery) (*analytics.Rollups, error) {
	where, args := s.b.Q.Playback.SpaceRange, []any{q.Space, q.From, q.To}
	if q.VideoID != "" {
		// The primary key serves this range; the space check keeps a
		// caller's mistake from leaking another space's numbers.
		where, args = s.b.Q.Playback.VideoRange, append(args, q.VideoID)
	}
	out := &analytics.Rollups{}
	var cur *analytics.HourRollup
	_, err := Collect(ctx, s.b.Read, "reading rollups", func(row Row) (struct{}, error) {
		var (
			r                  analytics.HourRollup
			startup, retention []byte
		)
		hour := s.b.Read.NewTime()
		if err := row.Scan(hour.Dest(), &r.Sessions, &r.Views, &r.UniqueViewers, &r.Completed, &r.Failed, &r.WatchMS, &r.RebufferMS,
			&startup, &retention); err != nil {
			return struct{}{}, err
		}
		AddCounters(r.Startup[:], startup)
		AddCounters(r.Retention[:], retention)
		r.Hour = hour.Time()
		if cur == nil || !cur.Hour.Equal(r.Hour) {
			cur = &analytics.HourRollup{Hour: r.Hour, VideoID: q.VideoID}
			out.Hours = append(out.Hours, cur)
		}
		cur.Merge(&r)
		return struct{}{}, nil
	}, s.b.Q.Playback.Hours(where), args...)
	if err != nil {
		return nil, err
	}
	if out.Dims, err = Collect(ctx, s.b.Read, "reading breakdowns", func(row Row) (analytics.DimensionViews, error) {
		var d analytics.DimensionViews
		err := row.Scan(&d.Dim, &d.Value, &d.Views)
		return d, err
	}, s.b.Q.Playback.Dims(where), args...); err != nil {
		return nil, err
	}
	if q.TopVideos > 0 && q.VideoID == "" {
		if out.TopVideos, err = Collect(ctx, s.b.Read, "reading top videos", func(row Row) (analytics.VideoViews, error) {
			var v analytics.VideoViews
			err := row.Scan(&v.VideoID, &v.Title, &v.Views, &v.WatchMS)
			return v, err
		}, s.b.Q.Playback.Top, q.Space, q.From, q.To, q.TopVideos); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// DeletePlaybackBefore deletes up to limit raw signals older than signals,
// and up to limit sessions (and daily viewer rows) older than sessions.
// Small chunks keep each transaction short.
func (s *Store) DeletePlaybackBefore(ctx context.Context, signals, sessions time.Time, limit int) (int64, error) {
	var total int64
	err := s.b.InTx(ctx, func(tx Tx) error {
		for _, del := range []struct {
			what, query string
			before      time.Time
		}{
			{"events", s.b.Q.Playback.DeleteSignals, signals},
			{"sessions", s.b.Q.Playback.DeleteSessions, sessions},
			{"viewers", s.b.Q.Playback.DeleteViewers, sessions.UTC().Truncate(24 * time.Hour)},
		} {
			n, err := tx.Exec(ctx, del.query, del.before, limit)
			if err != nil {
				return fmt.Errorf("deleting old playback %s: %w", del.what, err)
			}
			total += n
		}
		return nil
	})
	return total, err
}
