package postgres

import "github.com/reelvideo/reel/videohost/sqlstore"

// Progress is PostgreSQL's SQL text for the progress methods of
// sqlstore.Store.
func (dialect) Progress() sqlstore.ProgressSQL {
	return sqlstore.ProgressSQL{
		Set: `INSERT INTO video_progress (video_id, done, updated_at) VALUES ($1, $2, $3)
				ON CONFLICT (video_id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at`,
		Get: func(ids []string) (string, []any) {
			where, args := anyOf("video_id", 1, ids)
			return `SELECT video_id, done FROM video_progress WHERE ` + where, args
		},
		VideoEvents: sqlstore.VideoEventsSQL{
			Events: `SELECT seq, id, type, created_at FROM events
					WHERE video_id = $1 AND space = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4::bigint`,
			Deliveries: func(ids []string) (string, []any) {
				where, args := anyOf("d.event_id", 1, ids)
				return `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE ` + where + ` ORDER BY d.seq`, args
			},
		},
	}
}
