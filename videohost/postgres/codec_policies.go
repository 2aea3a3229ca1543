package postgres

import (
	"strconv"
	"strings"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// CodecPolicies is PostgreSQL's SQL text for the codec policy and view
// count methods of sqlstore.Store.
func (dialect) CodecPolicies() sqlstore.CodecPolicySQL {
	return sqlstore.CodecPolicySQL{
		Get: func(n int) string {
			where := make([]string, n)
			for i := range where {
				where[i] = "(kind = $" + strconv.Itoa(2*i+2) + " AND id = $" + strconv.Itoa(2*i+3) + ")"
			}
			return `SELECT kind, id, rules FROM codec_policies WHERE space = $1 AND (` + strings.Join(where, " OR ") + `)`
		},
		Delete: `DELETE FROM codec_policies WHERE space = $1 AND kind = $2 AND id = $3`,
		Put: `INSERT INTO codec_policies (space, kind, id, rules, updated_at) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (space, kind, id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
		Views: `SELECT COALESCE(SUM(views), 0)::bigint FROM playback_hourly WHERE video_id = $1`,
		ViewedSince: `SELECT space, video_id, SUM(views)::bigint FROM playback_hourly
				WHERE video_id IN (SELECT video_id FROM playback_hourly WHERE hour >= $1)
				GROUP BY space, video_id ORDER BY space, video_id`,
	}
}
