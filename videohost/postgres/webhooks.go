package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// CreateWebhook inserts w. Its after_seq is the outbox end at this moment.
// It holds the fan-out cursor (FOR SHARE) meanwhile, so that a fan-out
// either ran entirely before it, or runs after it and sees the endpoint:
// the endpoint gets exactly the later events.
func (db *DB) CreateWebhook(ctx context.Context, w *videohost.WebhookEndpoint, sealedSecret []byte) error {
	events, err := sqlstore.WebhookEventsColumn(w)
	if err != nil {
		return err
	}
	w.CreatedAt, w.UpdatedAt = us(w.CreatedAt), us(w.UpdatedAt)
	return db.inTx(ctx, func(tx pgx.Tx) error {
		// The space's row is held until the commit (as a quota check holds
		// it), so that concurrent creates count one after the other.
		if _, err := sqlstore.LoadSpace(ctx, conn{tx}, dialect{}.Spaces().Quota, w.Space); err != nil {
			return err
		}
		if err := sqlstore.CheckWebhookCount(ctx, conn{tx}, `SELECT COUNT(*) FROM webhook_endpoints WHERE space = $1`, w.Space); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT seq FROM webhook_outbox_cursor WHERE id = 1 FOR SHARE`); err != nil {
			return fmt.Errorf("locking the outbox cursor: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO webhook_endpoints
			(id, space, url, description, events, enabled, sealed_secret, after_seq, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT COALESCE(MAX(seq), 0) FROM events), $8, $9)`,
			w.ID, w.Space, w.URL, w.Description, events, w.Enabled, sealedSecret,
			w.CreatedAt, w.UpdatedAt); err != nil {
			return constraintError(err, "creating webhook %s", w.ID)
		}
		return nil
	})
}

// Webhooks lists the endpoints of space in creation order after the cursor.
func (db *DB) Webhooks(ctx context.Context, space string, after *videohost.Cursor, limit int) ([]*videohost.WebhookEndpoint, error) {
	query := `SELECT ` + sqlstore.WebhookColumns + ` FROM webhook_endpoints WHERE space = $1`
	args := []any{space, limitArg(limit)}
	if after != nil {
		query += ` AND (created_at, id) > ($3::timestamptz, $4::text)`
		args = append(args, after.CreatedAt, after.ID)
	}
	now := db.now()
	return sqlstore.Collect(ctx, db.reader(), "listing webhooks", func(row sqlstore.Row) (*videohost.WebhookEndpoint, error) {
		return sqlstore.ScanWebhook(row, newTSCol, now)
	}, query+` ORDER BY created_at, id LIMIT $2::bigint`, args...)
}

// FanOutWebhookEvents reads up to limit events after the cursor and writes
// their deliveries, in outbox order, then moves the cursor past them. The
// cursor row is locked for the transaction, so two dispatchers' fan-outs
// take turns and never write an event's deliveries twice.
func (db *DB) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	return sqlstore.FanOutWebhookEvents(ctx, db.reader(), sqlstore.FanOutSQL{
		Pending: `SELECT EXISTS (SELECT 1 FROM events WHERE seq > (SELECT seq FROM webhook_outbox_cursor WHERE id = 1))`,
		Cursor:  `SELECT seq FROM webhook_outbox_cursor WHERE id = 1 FOR UPDATE`,
		Events:  eventsQuery,
		Targets: `SELECT id, space, events, after_seq FROM webhook_endpoints WHERE enabled ORDER BY created_at, id`,
	}, limit, func(fn func(sqlstore.Conn, sqlstore.DeliveryWriter) error) error {
		return db.inTx(ctx, func(tx pgx.Tx) error {
			return fn(conn{tx}, &deliveryBatch{tx: tx, now: now})
		})
	})
}

// deliveryBatch sends a fan-out's deliveries and the cursor's move in one
// batch.
type deliveryBatch struct {
	tx    pgx.Tx
	now   time.Time
	batch pgx.Batch
}

// Deliver only queues: Done reports what the inserts do.
func (b *deliveryBatch) Deliver(_ context.Context, ev *videohost.Event, endpoint string) error {
	b.batch.Queue(`INSERT INTO webhook_deliveries
		(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $7)`,
		videohost.NewID(videohost.WebhookDeliveryIDLen), endpoint, ev.ID, string(ev.Type), ev.CreatedAt,
		string(ev.Data), b.now)
	return nil
}

func (b *deliveryBatch) Done(ctx context.Context, cursor int64) error {
	b.batch.Queue(`UPDATE webhook_outbox_cursor SET seq = $1 WHERE id = 1`, cursor)
	if err := b.tx.SendBatch(ctx, &b.batch).Close(); err != nil {
		return fmt.Errorf("writing deliveries: %w", err)
	}
	return nil
}

// CreateWebhookDelivery inserts d as a pending delivery due at its
// NextAttemptAt (its CreatedAt when unset).
func (db *DB) CreateWebhookDelivery(ctx context.Context, d *videohost.WebhookDelivery) error {
	d.CreatedAt, d.EventAt, d.NextAttemptAt = us(d.CreatedAt), us(d.EventAt), usPtr(d.NextAttemptAt)
	err := db.pool.QueryRow(ctx, `INSERT INTO webhook_deliveries
		(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $8) RETURNING seq`,
		sqlstore.CreateDeliveryArgs(d)...).Scan(&d.Seq)
	if err != nil {
		return constraintError(err, "creating delivery %s", d.ID)
	}
	d.State = videohost.DeliveryPending
	return nil
}

const deliveryColumns = `d.seq, d.id, d.endpoint, d.event_id, d.type, d.event_at, d.data::text, d.state, d.attempts,
	d.next_attempt_at, d.created_at`

// claimDeliveries is sqlstore.Store's ClaimDeliveries. Several dispatcher
// processes may claim at once. Each locks the endpoint rows it picks (FOR
// UPDATE SKIP LOCKED: another claimer passes them by rather than waiting)
// and only then, in a statement of its own and so with a fresh snapshot,
// checks that the endpoint has no live lease and picks its deliveries. A
// claimer that got an endpoint's lock after another's commit thus sees
// that other's leases: one batch in flight per endpoint, sent in event
// order, by one process at a time.
func claimDeliveries(ctx context.Context, tx sqlstore.Tx, c sqlstore.Claim) ([]*videohost.ClaimedDelivery, error) {
	ids, err := sqlstore.Collect(ctx, tx, "selecting due deliveries", sqlstore.Scalar[string], `SELECT e.id FROM webhook_endpoints e
		CROSS JOIN LATERAL (SELECT d.seq FROM webhook_deliveries d
			WHERE d.endpoint = e.id AND d.state = 'pending' AND d.next_attempt_at <= $1
			ORDER BY d.seq LIMIT 1) head
		WHERE e.enabled
		  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries l WHERE l.endpoint = e.id AND l.lease_until >= $1)
		ORDER BY head.seq LIMIT $2
		FOR UPDATE OF e SKIP LOCKED`, c.Now, c.Endpoints)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	seqs, err := sqlstore.Collect(ctx, tx, "selecting due deliveries", sqlstore.Scalar[int64], `SELECT b.seq FROM unnest($1::text[]) AS e(id)
		CROSS JOIN LATERAL (SELECT d.seq FROM webhook_deliveries d
			WHERE d.endpoint = e.id AND d.state = 'pending' AND d.next_attempt_at <= $2
			ORDER BY d.seq LIMIT $3) b
		WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries l WHERE l.endpoint = e.id AND l.lease_until >= $2)`,
		ids, c.Now, c.PerEndpoint)
	if err != nil || len(seqs) == 0 {
		return nil, err
	}
	return sqlstore.Collect(ctx, tx, "leasing deliveries", func(row sqlstore.Row) (*videohost.ClaimedDelivery, error) {
		return sqlstore.ScanClaimed(row, tx.NewTime)
	}, `WITH leased AS (
			UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2, updated_at = $3
			WHERE seq = ANY($4) RETURNING *)
		SELECT `+deliveryColumns+`, e.url, e.sealed_secret, e.sealed_previous_secret, e.previous_secret_until
		FROM leased d JOIN webhook_endpoints e ON e.id = d.endpoint ORDER BY d.seq`,
		c.Owner, c.Until, c.Now, seqs)
}

// Webhooks is PostgreSQL's SQL text for the webhook methods of
// sqlstore.Store.
func (dialect) Webhooks() sqlstore.WebhookSQL {
	return sqlstore.WebhookSQL{
		Get: `SELECT ` + sqlstore.WebhookColumns + ` FROM webhook_endpoints WHERE id = $1 AND space = $2`,
		Update: `UPDATE webhook_endpoints SET url = $1, description = $2, events = $3,
				enabled = $4, updated_at = $5 WHERE id = $6 AND space = $7`,
		Rotate: `UPDATE webhook_endpoints SET sealed_previous_secret = sealed_secret,
				sealed_secret = $1, previous_secret_until = $2, updated_at = $3 WHERE id = $4 AND space = $5`,
		Delete: `DELETE FROM webhook_endpoints WHERE id = $1 AND space = $2`,
		Events: eventsQuery,
		Deliveries: `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d
				WHERE d.endpoint = $1 AND d.seq < $2 ORDER BY d.seq DESC LIMIT $3::bigint`,
		Delivery: `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE d.endpoint = $1 AND d.id = $2`,
		Attempts: attemptsQuery,
		Due:      `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= $1)`,
		Retry: `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = $1, updated_at = $1
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
		Release: `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL WHERE seq = $1`,
	}
}

func attemptsQuery(seqs []int64) (string, []any) {
	where, args := anyOf("delivery", 1, seqs)
	return `SELECT delivery, at, status, duration_ms, error, response_excerpt FROM webhook_attempts
		WHERE ` + where + ` ORDER BY id`, args
}

const eventsQuery = `SELECT seq, id, type, space, video_id, created_at, data::text
	FROM events WHERE seq > $1 ORDER BY seq LIMIT $2::bigint`
