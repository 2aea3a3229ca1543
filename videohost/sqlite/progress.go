package sqlite

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var (
	_ videohost.ProgressStore   = (*DB)(nil)
	_ videohost.VideoEventStore = (*DB)(nil)
)

// SetVideoProgress records how much of a video's encode is done.
func (db *DB) SetVideoProgress(ctx context.Context, videoID string, done float64, at time.Time) error {
	if _, err := db.write.ExecContext(ctx, `INSERT INTO video_progress (video_id, done, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (video_id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at`,
		videoID, done, nanos(at)); err != nil {
		return fmt.Errorf("recording progress: %w", err)
	}
	return nil
}

// VideoProgress returns the recorded progress of those of ids that have one.
func (db *DB) VideoProgress(ctx context.Context, ids []string) (map[string]float64, error) {
	out := make(map[string]float64, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := db.read.QueryContext(ctx, `SELECT video_id, done FROM video_progress WHERE video_id IN (`+
		strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading progress: %w", err)
	}
	defer rows.Close()
	return sqlstore.Progress(rows, len(ids))
}

// VideoEvents lists a video's outbox events, newest first, each with its
// deliveries and their attempts.
func (db *DB) VideoEvents(ctx context.Context, space, videoID string, before int64, limit int) ([]*videohost.VideoEvent, error) {
	if limit <= 0 {
		limit = -1
	}
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := db.read.QueryContext(ctx, `SELECT seq, id, type, created_at FROM events
		WHERE video_id = ? AND space = ? AND seq < ? ORDER BY seq DESC LIMIT ?`, videoID, space, before, limit)
	if err != nil {
		return nil, fmt.Errorf("listing a video's events: %w", err)
	}
	defer rows.Close()
	var out []*videohost.VideoEvent
	byID := map[string]*videohost.VideoEvent{}
	for rows.Next() {
		e := &videohost.VideoEvent{}
		var created int64
		if err := rows.Scan(&e.Seq, &e.ID, &e.Type, &created); err != nil {
			return nil, fmt.Errorf("listing a video's events: %w", err)
		}
		e.CreatedAt = fromNanos(created)
		out = append(out, e)
		byID[e.ID] = e
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing a video's events: %w", err)
	}
	rows.Close()
	if len(out) == 0 {
		return out, nil
	}
	args := make([]any, 0, len(out))
	for _, e := range out {
		args = append(args, e.ID)
	}
	drows, err := db.read.QueryContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.event_id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")+`) ORDER BY d.seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("listing an event's deliveries: %w", err)
	}
	defer drows.Close()
	var all []*videohost.WebhookDelivery
	for drows.Next() {
		d, err := scanDelivery(drows)
		if err != nil {
			return nil, fmt.Errorf("listing an event's deliveries: %w", err)
		}
		e := byID[d.EventID]
		e.Deliveries = append(e.Deliveries, d)
		all = append(all, d)
	}
	if err := drows.Err(); err != nil {
		return nil, fmt.Errorf("listing an event's deliveries: %w", err)
	}
	drows.Close()
	if err := db.loadAttempts(ctx, all); err != nil {
		return nil, err
	}
	return out, nil
}
