package sqlite

import "github.com/reelvideo/reel/videohost/sqlstore"

// Progress is SQLite's SQL text for the progress methods of sqlstore.Store.
func (dialect) Progress() sqlstore.ProgressSQL {
	return sqlstore.ProgressSQL{
		Set: `INSERT INTO video_progress (video_id, done, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (video_id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at`,
		Get: func(ids []string) (string, []any) {
			where, args := in("video_id", ids)
			return `SELECT video_id, done FROM video_progress WHERE ` + where, args
		},
		VideoEvents: sqlstore.VideoEventsSQL{
			Events: `SELECT seq, id, type, created_at FROM events
					WHERE video_id = ? AND space = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
			Deliveries: func(ids []string) (string, []any) {
				where, args := in("d.event_id", ids)
				return `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE ` + where + ` ORDER BY d.seq`, args
			},
		},
	}
}
