package sqlite

import (
	"strings"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// CodecPolicies is SQLite's SQL text for the codec policy and view count
// methods of sqlstore.Store.
func (dialect) CodecPolicies() sqlstore.CodecPolicySQL {
	return sqlstore.CodecPolicySQL{
		Get: func(n int) string {
			return `SELECT kind, id, rules FROM codec_policies WHERE space = ? AND (` +
				strings.TrimSuffix(strings.Repeat("(kind = ? AND id = ?) OR ", n), " OR ") + `)`
		},
		Delete: `DELETE FROM codec_policies WHERE space = ? AND kind = ? AND id = ?`,
		Put: `INSERT INTO codec_policies (space, kind, id, rules, updated_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (space, kind, id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
		Views: `SELECT COALESCE(SUM(views), 0) FROM playback_hourly WHERE video_id = ?`,
		ViewedSince: `SELECT space, video_id, SUM(views) FROM playback_hourly
				WHERE video_id IN (SELECT video_id FROM playback_hourly WHERE hour >= ?)
				GROUP BY space, video_id ORDER BY space, video_id`,
	}
}
