package postgres

import "github.com/reelvideo/reel/videohost/sqlstore"

// LiveStreams is PostgreSQL's SQL text for the live stream methods of
// sqlstore.Store.
func (dialect) LiveStreams() sqlstore.LiveStreamSQL {
	return sqlstore.LiveStreamSQL{
		Insert: `INSERT INTO live_streams (` + sqlstore.LiveStreamColumns + `)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
		LiveStream: `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE space = $1 AND id = $2`,
		ByKeyHash:  `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE key_hash = $1`,
		ByID:       `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE id = $1`,
		List:       `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE space = $1 AND id > $2 ORDER BY id LIMIT $3`,
		Update: `UPDATE live_streams SET title = $1, collection_id = $2, playback_policy = $3, latency_mode = $4, record = $5,
			reconnect_window = $6, dvr_window = $7, updated_at = $8 WHERE space = $9 AND id = $10`,
		SetKey: `UPDATE live_streams SET key_hash = $1, key_hint = $2, updated_at = $3 WHERE space = $4 AND id = $5`,
		SetState: `UPDATE live_streams SET state = $1, active_video_id = $2, last_video_id = $3, state_changed_at = $4
			WHERE id = $5`,
		Delete: `DELETE FROM live_streams WHERE space = $1 AND id = $2`,
	}
}
