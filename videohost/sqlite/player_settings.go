package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ videohost.PlayerSettingsStore = (*DB)(nil)

// PlayerSettings returns the settings of those scopes of space that have any.
func (db *DB) PlayerSettings(ctx context.Context, space string, scopes []videohost.PlayerScope) (map[videohost.PlayerScope]videohost.PlayerSettings, error) {
	out := map[videohost.PlayerScope]videohost.PlayerSettings{}
	if len(scopes) == 0 {
		return out, nil
	}
	var where []string
	args := []any{space}
	for _, sc := range scopes {
		where = append(where, "(kind = ? AND id = ?)")
		args = append(args, sc.Kind, sc.ID)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT kind, id, settings FROM player_settings WHERE space = ? AND (`+strings.Join(where, " OR ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading player settings: %w", err)
	}
	defer rows.Close()
	return sqlstore.PlayerSettings(rows)
}

// PutPlayerSettings replaces the settings of a scope; zero settings remove its row.
func (db *DB) PutPlayerSettings(ctx context.Context, space string, scope videohost.PlayerScope, s videohost.PlayerSettings, now time.Time) error {
	if s.IsZero() {
		if _, err := db.write.ExecContext(ctx, `DELETE FROM player_settings WHERE space = ? AND kind = ? AND id = ?`, space, scope.Kind, scope.ID); err != nil {
			return fmt.Errorf("removing player settings: %w", err)
		}
		return nil
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = db.write.ExecContext(ctx, `INSERT INTO player_settings (space, kind, id, settings, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (space, kind, id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
		space, scope.Kind, scope.ID, string(raw), now.UnixNano())
	if err != nil {
		return constraintError(err, "storing player settings of %s %s", scope.Kind, scope.ID)
	}
	return nil
}
