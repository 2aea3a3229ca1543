package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// PlayerSettingsSQL is a store's SQL text for the player settings methods
// of Store.
type PlayerSettingsSQL struct {
	// Get selects (kind, id, settings) given a space and n (kind, id)
	// pairs.
	Get func(n int) string
	// Delete removes a row given (space, kind, id); Put upserts (space,
	// kind, id, settings, updated_at).
	Delete, Put string
}

// PlayerSettings reads the rows (kind, id, settings) of player_settings,
// settings as JSON text, into a map.
func PlayerSettings(rows Rows) (map[videohost.PlayerScope]videohost.PlayerSettings, error) {
	out := map[videohost.PlayerScope]videohost.PlayerSettings{}
	var sc videohost.PlayerScope
	var raw []byte
	err := Each(rows, "reading player settings", func() error {
		var s videohost.PlayerSettings
		if err := json.Unmarshal(raw, &s); err != nil {
			return fmt.Errorf("decoding the player settings of %s %s: %w", sc.Kind, sc.ID, err)
		}
		out[sc] = s
		return nil
	}, &sc.Kind, &sc.ID, &raw)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PlayerSettings returns the settings of those scopes of space that have any.
func (s *Store) PlayerSettings(ctx context.Context, space string, scopes []videohost.PlayerScope) (map[videohost.PlayerScope]videohost.PlayerSettings, error) {
	if len(scopes) == 0 {
		return map[videohost.PlayerScope]videohost.PlayerSettings{}, nil
	}
	args := []any{space}
	for _, sc := range scopes {
		args = append(args, sc.Kind, sc.ID)
	}
	return Read(ctx, s.b.Read, "reading player settings", PlayerSettings, s.b.Q.PlayerSettings.Get(len(scopes)), args...)
}

// PutPlayerSettings replaces the settings of a scope; zero settings remove its row.
func (s *Store) PutPlayerSettings(ctx context.Context, space string, scope videohost.PlayerScope, ps videohost.PlayerSettings, now time.Time) error {
	if ps.IsZero() {
		return Exec(ctx, s.b.Write, "removing player settings", s.b.Q.PlayerSettings.Delete, space, scope.Kind, scope.ID)
	}
	raw, err := json.Marshal(ps)
	if err != nil {
		return err
	}
	if _, err := s.b.Write.Exec(ctx, s.b.Q.PlayerSettings.Put, space, scope.Kind, scope.ID, string(raw), now); err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "storing player settings of %s %s", scope.Kind, scope.ID)
	}
	return nil
}
