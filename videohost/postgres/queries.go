package postgres

import (
	"strconv"
	"strings"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// shared is the half of db that sqlstore.Store implements: PostgreSQL's
// connections and SQL text for the logic both stores share.
func (db *DB) shared() sqlstore.Store {
	// The pool serves reads and writes alike.
	s := sqlstore.Store{Read: conn{db.pool}, Write: conn{db.pool}, InTx: db.inWriteTx, ClaimDeliveries: claimDeliveries,
		Now: db.now, Round: us, Limit: limitArg, Q: queries()}
	if err := s.Check(); err != nil {
		panic(err) // a query left out of queries, which every test's Open finds
	}
	return s
}

// queries is PostgreSQL's SQL text for sqlstore.Store.
func queries() sqlstore.Queries {
	return sqlstore.Queries{
		Videos:      videoSQL(),
		Chunks:      chunkSQL(),
		Collections: collectionSQL(),
		Copy:        copySQL(),
		Playback:    playbackSQL(),
		Arg:         func(n int) string { return "$" + strconv.Itoa(n) },
		PlayerSettings: func(n int) string {
			where := make([]string, n)
			for i := range where {
				where[i] = "(kind = $" + strconv.Itoa(2*i+2) + " AND id = $" + strconv.Itoa(2*i+3) + ")"
			}
			return `SELECT kind, id, settings FROM player_settings WHERE space = $1 AND (` + strings.Join(where, " OR ") + `)`
		},
		DeletePlayerSettings: `DELETE FROM player_settings WHERE space = $1 AND kind = $2 AND id = $3`,
		PutPlayerSettings: `INSERT INTO player_settings (space, kind, id, settings, updated_at) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (space, kind, id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,

		SetProgress: `INSERT INTO video_progress (video_id, done, updated_at) VALUES ($1, $2, $3)
				ON CONFLICT (video_id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at`,
		Progress: func(ids []string) (string, []any) {
			where, args := anyOf("video_id", 1, ids)
			return `SELECT video_id, done FROM video_progress WHERE ` + where, args
		},

		Events: eventsQuery,
		VideoEvents: sqlstore.VideoEventsSQL{
			Events: `SELECT seq, id, type, created_at FROM events
					WHERE video_id = $1 AND space = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4::bigint`,
			Deliveries: func(ids []string) (string, []any) {
				where, args := anyOf("d.event_id", 1, ids)
				return `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE ` + where + ` ORDER BY d.seq`, args
			},
			Attempts: attemptsQuery,
		},

		Webhook: `SELECT ` + sqlstore.WebhookColumns + ` FROM webhook_endpoints WHERE id = $1 AND space = $2`,
		UpdateWebhook: `UPDATE webhook_endpoints SET url = $1, description = $2, events = $3,
				enabled = $4, updated_at = $5 WHERE id = $6 AND space = $7`,
		RotateWebhookSecret: `UPDATE webhook_endpoints SET sealed_previous_secret = sealed_secret,
				sealed_secret = $1, previous_secret_until = $2, updated_at = $3 WHERE id = $4 AND space = $5`,
		DeleteWebhook: `DELETE FROM webhook_endpoints WHERE id = $1 AND space = $2`,
		Deliveries: `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d
				WHERE d.endpoint = $1 AND d.seq < $2 ORDER BY d.seq DESC LIMIT $3::bigint`,
		Delivery:      `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE d.endpoint = $1 AND d.id = $2`,
		Attempts:      attemptsQuery,
		DueDeliveries: `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= $1)`,
		RetryDelivery: `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = $1, updated_at = $1
				WHERE endpoint = $2 AND id = $3 AND (lease_until IS NULL OR lease_until < $1)`,
		Attempt: sqlstore.AttemptSQL{
			// FOR UPDATE holds the delivery until the transaction ends.
			Lease: `SELECT state, lease_owner, lease_until FROM webhook_deliveries WHERE seq = $1 FOR UPDATE`,
			Insert: `INSERT INTO webhook_attempts (delivery, at, status, duration_ms, error, response_excerpt)
					VALUES ($1, $2, $3, $4, $5, $6)`,
			Record: `UPDATE webhook_deliveries SET state = $1, attempts = attempts + 1,
					next_attempt_at = $2, lease_owner = '', lease_until = NULL, updated_at = $3 WHERE seq = $4`,
			HoldRest: `UPDATE webhook_deliveries SET lease_until = $1
					WHERE endpoint = (SELECT endpoint FROM webhook_deliveries WHERE seq = $2)
					  AND lease_owner = $3 AND lease_until IS NOT NULL`,
		},
		ReleaseDelivery: `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL WHERE seq = $1`,
	}
}

func attemptsQuery(seqs []int64) (string, []any) {
	where, args := anyOf("delivery", 1, seqs)
	return `SELECT delivery, at, status, duration_ms, error, response_excerpt FROM webhook_attempts
		WHERE ` + where + ` ORDER BY id`, args
}

const eventsQuery = `SELECT seq, id, type, space, video_id, created_at, data::text
	FROM events WHERE seq > $1 ORDER BY seq LIMIT $2::bigint`
