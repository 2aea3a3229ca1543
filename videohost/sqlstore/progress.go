package sqlstore

import (
	"context"
	"math"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// ProgressSQL is a store's SQL text for the progress methods of Store.
type ProgressSQL struct {
	// Set upserts video_progress (video_id, done, updated_at); Get
	// selects (video_id, done) of some videos.
	Set string
	Get ListQuery[string]
	// VideoEvents is Store.VideoEvents' SQL; the attempts of the
	// deliveries are read with WebhookSQL.Attempts.
	VideoEvents VideoEventsSQL
}

// SetVideoProgress records how much of a video's encode is done.
func (s *Store) SetVideoProgress(ctx context.Context, videoID string, done float64, at time.Time) error {
	return Exec(ctx, s.b.Write, "recording progress", s.b.Q.Progress.Set, videoID, done, at)
}

// Progress reads the rows (video_id, done) of video_progress into a map.
func Progress(rows Rows, n int) (map[string]float64, error) {
	out := make(map[string]float64, n)
	var id string
	var done float64
	err := Each(rows, "reading progress", func() error {
		out[id] = done
		return nil
	}, &id, &done)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// VideoEventsSQL is a store's SQL text for VideoEvents.
type VideoEventsSQL struct {
	// Events selects (seq, id, type, created_at) of events given
	// video_id, space, a seq to stay below and a limit, newest first.
	Events string
	// Deliveries selects a store's delivery columns (see ScanDelivery) of
	// the deliveries of events, in seq order.
	Deliveries ListQuery[string]
}

// VideoProgress returns the recorded progress of those of ids that have one.
func (s *Store) VideoProgress(ctx context.Context, ids []string) (map[string]float64, error) {
	if len(ids) == 0 {
		return map[string]float64{}, nil
	}
	query, args := s.b.Q.Progress.Get(ids)
	return Read(ctx, s.b.Read, "reading progress", func(rows Rows) (map[string]float64, error) {
		return Progress(rows, len(ids))
	}, query, args...)
}

// VideoEvents lists a video's outbox events, newest first, each with its
// deliveries and their attempts.
func (s *Store) VideoEvents(ctx context.Context, space, videoID string, before int64, limit int) ([]*videohost.VideoEvent, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	c, q := s.b.Read, s.b.Q.Progress.VideoEvents
	out, err := Collect(ctx, c, "listing a video's events", func(row Row) (*videohost.VideoEvent, error) {
		e := &videohost.VideoEvent{}
		created := c.NewTime()
		if err := row.Scan(&e.Seq, &e.ID, &e.Type, created.Dest()); err != nil {
			return nil, err
		}
		e.CreatedAt = created.Time()
		return e, nil
	}, q.Events, videoID, space, before, s.b.Limit(limit))
	if err != nil || len(out) == 0 {
		return out, err
	}
	byID := make(map[string]*videohost.VideoEvent, len(out))
	ids := make([]string, 0, len(out))
	for _, e := range out {
		byID[e.ID] = e
		ids = append(ids, e.ID)
	}
	dq, args := q.Deliveries(ids)
	all, err := Collect(ctx, c, "listing an event's deliveries", s.scanDelivery, dq, args...)
	if err != nil {
		return nil, err
	}
	for _, d := range all {
		e := byID[d.EventID]
		e.Deliveries = append(e.Deliveries, d)
	}
	if err := s.loadAttempts(ctx, all); err != nil {
		return nil, err
	}
	return out, nil
}
