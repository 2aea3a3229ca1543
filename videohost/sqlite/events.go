package sqlite

import (
	"context"
	"fmt"

	"github.com/reelvideo/reel/videohost"
)

// Events returns outbox events with Seq > after, oldest first; limit <= 0
// means all of them.
func (db *DB) Events(ctx context.Context, after int64, limit int) ([]*videohost.Event, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := db.read.QueryContext(ctx, `SELECT seq, id, type, space, video_id, created_at, data
		FROM events WHERE seq > ? ORDER BY seq LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("listing events: %w", err)
	}
	defer rows.Close()
	var out []*videohost.Event
	for rows.Next() {
		var e videohost.Event
		var typ, data string
		var created int64
		if err := rows.Scan(&e.Seq, &e.ID, &typ, &e.Space, &e.VideoID, &created, &data); err != nil {
			return nil, fmt.Errorf("listing events: %w", err)
		}
		e.Type = videohost.EventType(typ)
		e.CreatedAt = fromNanos(created)
		e.Data = []byte(data)
		out = append(out, &e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing events: %w", err)
	}
	return out, nil
}
