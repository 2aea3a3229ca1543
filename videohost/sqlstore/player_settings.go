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

// PlayerSettings returns the settings of those scopes of space that have any.
func (s *Store) PlayerSettings(ctx context.Context, space string, scopes []videohost.PlayerScope) (map[videohost.PlayerScope]videohost.PlayerSettings, error) {
	return LoadPlayerSettings(ctx, s.b.Read, space, scopes, s.b.Q.PlayerSettings.Get)
}

// PutPlayerSettings replaces the settings of a scope; zero settings remove its row.
func (s *Store) PutPlayerSettings(ctx context.Context, space string, scope videohost.PlayerScope, ps videohost.PlayerSettings, now time.Time) error {
	return PutPlayerSettings(ctx, s.b.Write, s.b.Q.PlayerSettings.Delete, s.b.Q.PlayerSettings.Put, space, scope, ps, now)
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

// LoadPlayerSettings reads the settings of those scopes of space that have
// any. query(n) is the store's SELECT kind, id, settings for space and n
// (kind, id) pairs, its arguments in that order.
func LoadPlayerSettings(ctx context.Context, c Conn, space string, scopes []videohost.PlayerScope,
	query func(n int) string) (map[videohost.PlayerScope]videohost.PlayerSettings, error) {
	if len(scopes) == 0 {
		return map[videohost.PlayerScope]videohost.PlayerSettings{}, nil
	}
	args := []any{space}
	for _, sc := range scopes {
		args = append(args, sc.Kind, sc.ID)
	}
	return Read(ctx, c, "reading player settings", PlayerSettings, query(len(scopes)), args...)
}

// PutPlayerSettings replaces the settings of a scope: del (space, kind,
// id) removes zero settings' row, upsert (space, kind, id, settings as
// JSON text, now) writes the others.
func PutPlayerSettings(ctx context.Context, c Conn, del, upsert, space string, scope videohost.PlayerScope,
	s videohost.PlayerSettings, now time.Time) error {
	if s.IsZero() {
		return Exec(ctx, c, "removing player settings", del, space, scope.Kind, scope.ID)
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if _, err := c.Exec(ctx, upsert, space, scope.Kind, scope.ID, string(raw), now); err != nil {
		return ConstraintError(c.Conflict(err), err, "storing player settings of %s %s", scope.Kind, scope.ID)
	}
	return nil
}
