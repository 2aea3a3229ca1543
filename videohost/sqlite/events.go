package sqlite

import (
	"context"

	"github.com/reelvideo/reel/videohost"
)

// Events returns outbox events with Seq > after, oldest first; limit <= 0
// means all of them.
func (db *DB) Events(ctx context.Context, after int64, limit int) ([]*videohost.Event, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	return eventsAfter(ctx, db.read, after, limit)
}
