package sqlstore

import (
	"encoding/json"
	"fmt"

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
