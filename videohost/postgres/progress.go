package postgres

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var (
	_ videohost.ProgressStore   = (*DB)(nil)
	_ videohost.VideoEventStore = (*DB)(nil)
)

// SetVideoProgress records how much of a video's encode is done.
func (db *DB) SetVideoProgress(ctx context.Context, videoID string, done float64, at time.Time) error {
	if _, err := db.pool.Exec(ctx, `INSERT INTO video_progress (video_id, done, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (video_id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at`,
		videoID, done, at); err != nil {
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
	rows, err := db.pool.Query(ctx, `SELECT video_id, done FROM video_progress WHERE video_id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("reading progress: %w", err)
	}
	defer rows.Close()
	return sqlstore.Progress(rows, len(ids))
}

// VideoEvents lists a video's outbox events, newest first, each with its
// deliveries and their attempts.
func (db *DB) VideoEvents(ctx context.Context, space, videoID string, before int64, limit int) ([]*videohost.VideoEvent, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := db.pool.Query(ctx, `SELECT seq, id, type, created_at FROM events
		WHERE video_id = $1 AND space = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4::bigint`,
		videoID, space, before, limitArg(limit))
	if err != nil {
		return nil, fmt.Errorf("listing a video's events: %w", err)
	}
	out, err := collect(rows, func(row pgx.Row) (*videohost.VideoEvent, error) {
		e := &videohost.VideoEvent{}
		if err := row.Scan(&e.Seq, &e.ID, &e.Type, &e.CreatedAt); err != nil {
			return nil, err
		}
		e.CreatedAt = e.CreatedAt.UTC()
		return e, nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing a video's events: %w", err)
	}
	if len(out) == 0 {
		return out, nil
	}
	byID := make(map[string]*videohost.VideoEvent, len(out))
	ids := make([]string, 0, len(out))
	for _, e := range out {
		byID[e.ID] = e
		ids = append(ids, e.ID)
	}
	drows, err := db.pool.Query(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.event_id = ANY($1) ORDER BY d.seq`, ids)
	if err != nil {
		return nil, fmt.Errorf("listing an event's deliveries: %w", err)
	}
	all, err := collect(drows, func(row pgx.Row) (*videohost.WebhookDelivery, error) { return scanDelivery(row) })
	if err != nil {
		return nil, fmt.Errorf("listing an event's deliveries: %w", err)
	}
	for _, d := range all {
		e := byID[d.EventID]
		e.Deliveries = append(e.Deliveries, d)
	}
	if err := db.loadAttempts(ctx, all); err != nil {
		return nil, err
	}
	return out, nil
}
