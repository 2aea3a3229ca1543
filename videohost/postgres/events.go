package postgres

import (
	"context"
	"fmt"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// Events returns outbox events with Seq > after, oldest first; limit <= 0
// means all of them.
func (db *DB) Events(ctx context.Context, after int64, limit int) ([]*videohost.Event, error) {
	return eventsAfter(ctx, db.pool, after, limit)
}

func eventsAfter(ctx context.Context, q queryer, after int64, limit int) ([]*videohost.Event, error) {
	rows, err := q.Query(ctx, `SELECT seq, id, type, space, video_id, created_at, data::text
		FROM events WHERE seq > $1 ORDER BY seq LIMIT $2::bigint`, after, limitArg(limit))
	if err != nil {
		return nil, fmt.Errorf("reading the outbox: %w", err)
	}
	defer rows.Close()
	return sqlstore.Events(rows, newTSCol)
}
