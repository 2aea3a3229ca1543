package sqlite

import (
	"strings"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// PlayerSettings is SQLite's SQL text for the player settings methods of
// sqlstore.Store.
func (dialect) PlayerSettings() sqlstore.PlayerSettingsSQL {
	return sqlstore.PlayerSettingsSQL{
		Get: func(n int) string {
			return `SELECT kind, id, settings FROM player_settings WHERE space = ? AND (` +
				strings.TrimSuffix(strings.Repeat("(kind = ? AND id = ?) OR ", n), " OR ") + `)`
		},
		Delete: `DELETE FROM player_settings WHERE space = ? AND kind = ? AND id = ?`,
		Put: `INSERT INTO player_settings (space, kind, id, settings, updated_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (space, kind, id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
	}
}
