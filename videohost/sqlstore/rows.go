package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Each scans every row of rows into dest and then calls fn, which reads
// what was scanned. A scan or read error is wrapped with doing ("reading
// progress"); fn's error is returned as it is. Closing rows stays with the
// caller. It is the loop both drivers' result sets need, written once.
func Each(rows Rows, doing string, fn func() error, dest ...any) error {
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("%s: %w", doing, err)
		}
		if err := fn(); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", doing, err)
	}
	return nil
}

// Progress reads the rows (video_id, done) of video_progress into a map.
func Progress(rows Rows, n int) (map[string]float64, error) {
	out := make(map[string]float64, n)
	var id string
	var done float64
	err := Each(rows, "reading progress", func() error {
		out[id] = done
		return nil
	}, &id, &done)
	if err != nil {
		return nil, err
	}
	return out, nil
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

// LoadProgress reads the recorded progress of those of ids that have one.
// query(ids) is the store's SELECT video_id, done of those ids, with its
// arguments.
func LoadProgress(ctx context.Context, c Conn, ids []string, query func([]string) (string, []any)) (map[string]float64, error) {
	if len(ids) == 0 {
		return map[string]float64{}, nil
	}
	q, args := query(ids)
	return Read(ctx, c, "reading progress", func(rows Rows) (map[string]float64, error) {
		return Progress(rows, len(ids))
	}, q, args...)
}
