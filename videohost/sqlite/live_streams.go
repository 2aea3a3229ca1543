package sqlite

import "github.com/reelvideo/reel/videohost/sqlstore"

// LiveStreams is SQLite's SQL text for the live stream methods of
// sqlstore.Store.
func (dialect) LiveStreams() sqlstore.LiveStreamSQL {
	return sqlstore.LiveStreamSQL{
		Insert: `INSERT INTO live_streams (` + sqlstore.LiveStreamColumns + `)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		LiveStream: `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE space = ? AND id = ?`,
		ByKeyHash:  `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE key_hash = ?`,
		ByID:       `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE id = ?`,
		List:       `SELECT ` + sqlstore.LiveStreamColumns + ` FROM live_streams WHERE space = ? AND id > ? ORDER BY id LIMIT ?`,
		Update: `UPDATE live_streams SET title = ?, collection_id = ?, playback_policy = ?, latency_mode = ?, record = ?,
			reconnect_window = ?, dvr_window = ?, updated_at = ? WHERE space = ? AND id = ?`,
		SetKey: `UPDATE live_streams SET key_hash = ?, key_hint = ?, updated_at = ? WHERE space = ? AND id = ?`,
		SetState: `UPDATE live_streams SET state = ?, active_video_id = ?, last_video_id = ?, state_changed_at = ?
			WHERE id = ?`,
		Delete: `DELETE FROM live_streams WHERE space = ? AND id = ?`,
	}
}
