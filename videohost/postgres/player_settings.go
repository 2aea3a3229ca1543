package postgres

import (
	"strconv"
	"strings"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// PlayerSettings is PostgreSQL's SQL text for the player settings methods of
// sqlstore.Store.
func (dialect) PlayerSettings() sqlstore.PlayerSettingsSQL {
	return sqlstore.PlayerSettingsSQL{
		Get: func(n int) string {
			where := make([]string, n)
			for i := range where {
				where[i] = "(kind = $" + strconv.Itoa(2*i+2) + " AND id = $" + strconv.Itoa(2*i+3) + ")"
			}
			return `SELECT kind, id, settings FROM player_settings WHERE space = $1 AND (` + strings.Join(where, " OR ") + `)`
		},
		Delete: `DELETE FROM player_settings WHERE space = $1 AND kind = $2 AND id = $3`,
		Put: `INSERT INTO player_settings (space, kind, id, settings, updated_at) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (space, kind, id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
	}
}
