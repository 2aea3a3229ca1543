package sqlite

import (
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// shared is the half of db that sqlstore.Store implements: SQLite's
// connections and SQL text for the logic both stores share.
func (db *DB) shared() sqlstore.Store {
	s := sqlstore.Store{Read: db.reader(), Write: db.writer(), InTx: db.inWriteTx, ClaimDeliveries: claimDeliveries,
		Now: db.now, Round: keepTime, Limit: limitArg, Q: queries()}
	if err := s.Check(); err != nil {
		panic(err) // a query left out of queries, which every test's Open finds
	}
	return s
}

// keepTime is sqlstore.Store's Round: SQLite keeps nanoseconds, all a
// time.Time has.
func keepTime(t time.Time) time.Time { return t }

// queries is SQLite's SQL text for sqlstore.Store.
func queries() sqlstore.Queries {
	return sqlstore.Queries{
		Videos:      videoSQL(),
		Chunks:      chunkSQL(),
		Collections: collectionSQL(),
		Copy:        copySQL(),
		Playback:    playbackSQL(),
		Arg:         func(n int) string { return "?" + strconv.Itoa(n) },
		PlayerSettings: func(n int) string {
			return `SELECT kind, id, settings FROM player_settings WHERE space = ? AND (` +
				strings.TrimSuffix(strings.Repeat("(kind = ? AND id = ?) OR ", n), " OR ") + `)`
		},
		DeletePlayerSettings: `DELETE FROM player_settings WHERE space = ? AND kind = ? AND id = ?`,
		PutPlayerSettings: `INSERT INTO player_settings (space, kind, id, settings, updated_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (space, kind, id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,

		SetProgress: `INSERT INTO video_progress (video_id, done, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (video_id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at`,
		Progress: func(ids []string) (string, []any) {
			where, args := in("video_id", ids)
			return `SELECT video_id, done FROM video_progress WHERE ` + where, args
		},

		Events: eventsQuery,
		VideoEvents: sqlstore.VideoEventsSQL{
			Events: `SELECT seq, id, type, created_at FROM events
					WHERE video_id = ? AND space = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
			Deliveries: func(ids []string) (string, []any) {
				where, args := in("d.event_id", ids)
				return `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE ` + where + ` ORDER BY d.seq`, args
			},
			Attempts: attemptsQuery,
		},

		Webhook: `SELECT ` + sqlstore.WebhookColumns + ` FROM webhook_endpoints WHERE id = ? AND space = ?`,
		UpdateWebhook: `UPDATE webhook_endpoints SET url = ?, description = ?, events = ?,
				enabled = ?, updated_at = ? WHERE id = ? AND space = ?`,
		RotateWebhookSecret: `UPDATE webhook_endpoints SET sealed_previous_secret = sealed_secret,
				sealed_secret = ?, previous_secret_until = ?, updated_at = ? WHERE id = ? AND space = ?`,
		DeleteWebhook: `DELETE FROM webhook_endpoints WHERE id = ? AND space = ?`,
		Deliveries: `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d
				WHERE d.endpoint = ? AND d.seq < ? ORDER BY d.seq DESC LIMIT ?`,
		Delivery:      `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE d.endpoint = ? AND d.id = ?`,
		Attempts:      attemptsQuery,
		DueDeliveries: `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?)`,
		RetryDelivery: `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?1, updated_at = ?1
				WHERE endpoint = ?2 AND id = ?3 AND (lease_until IS NULL OR lease_until < ?1)`,
		Attempt: sqlstore.AttemptSQL{
			// The write transaction holds the delivery.
			Lease: `SELECT state, lease_owner, lease_until FROM webhook_deliveries WHERE seq = ?`,
			Insert: `INSERT INTO webhook_attempts (delivery, at, status, duration_ms, error, response_excerpt)
					VALUES (?, ?, ?, ?, ?, ?)`,
			Record: `UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1,
					next_attempt_at = ?, lease_owner = '', lease_until = NULL, updated_at = ? WHERE seq = ?`,
			HoldRest: `UPDATE webhook_deliveries SET lease_until = ?
					WHERE endpoint = (SELECT endpoint FROM webhook_deliveries WHERE seq = ?)
					  AND lease_owner = ? AND lease_until IS NOT NULL`,
		},
		ReleaseDelivery: `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL WHERE seq = ?`,
	}
}

func attemptsQuery(seqs []int64) (string, []any) {
	where, args := in("delivery", seqs)
	return `SELECT delivery, at, status, duration_ms, error, response_excerpt FROM webhook_attempts
		WHERE ` + where + ` ORDER BY id`, args
}

const eventsQuery = `SELECT seq, id, type, space, video_id, created_at, data FROM events WHERE seq > ? ORDER BY seq LIMIT ?`
