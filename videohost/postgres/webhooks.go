package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

func (db *DB) scanWebhook(row pgx.Row) (*videohost.WebhookEndpoint, error) {
	return sqlstore.ScanWebhook(row, newTSCol, db.now())
}

func webhookNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "webhook %s not found", id)
}

// CreateWebhook inserts w. Its after_seq is the outbox end at this moment.
// It holds the fan-out cursor (FOR SHARE) meanwhile, so that a fan-out
// either ran entirely before it, or runs after it and sees the endpoint:
// the endpoint gets exactly the later events.
func (db *DB) CreateWebhook(ctx context.Context, w *videohost.WebhookEndpoint, sealedSecret []byte) error {
	events, err := json.Marshal(w.Events)
	if err != nil {
		return fmt.Errorf("encoding webhook events: %w", err)
	}
	w.CreatedAt, w.UpdatedAt = us(w.CreatedAt), us(w.UpdatedAt)
	return db.inTx(ctx, func(tx pgx.Tx) error {
		// The space's row is held until the commit, so that concurrent
		// creates count one after the other.
		if _, err := loadSpace(ctx, tx, w.Space, "FOR NO KEY UPDATE"); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM webhook_endpoints WHERE space = $1`, w.Space).Scan(&n); err != nil {
			return fmt.Errorf("counting webhooks: %w", err)
		}
		if n >= videohost.MaxWebhooksPerSpace {
			return videohost.TooManyWebhooks()
		}
		if _, err := tx.Exec(ctx, `SELECT seq FROM webhook_outbox_cursor WHERE id = 1 FOR SHARE`); err != nil {
			return fmt.Errorf("locking the outbox cursor: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO webhook_endpoints
			(id, space, url, description, events, enabled, sealed_secret, after_seq, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT COALESCE(MAX(seq), 0) FROM events), $8, $9)`,
			w.ID, w.Space, w.URL, w.Description, string(events), w.Enabled, sealedSecret,
			w.CreatedAt, w.UpdatedAt); err != nil {
			return constraintError(err, "creating webhook %s", w.ID)
		}
		return nil
	})
}

// Webhook returns one endpoint of space.
func (db *DB) Webhook(ctx context.Context, space, id string) (*videohost.WebhookEndpoint, error) {
	w, err := db.scanWebhook(db.pool.QueryRow(ctx,
		`SELECT `+sqlstore.WebhookColumns+` FROM webhook_endpoints WHERE id = $1 AND space = $2`, id, space))
	if err != nil {
		return nil, notFound(err, "reading webhook", "webhook %s not found", id)
	}
	return w, nil
}

// Webhooks lists the endpoints of space in creation order after the cursor.
func (db *DB) Webhooks(ctx context.Context, space string, after *videohost.Cursor, limit int) ([]*videohost.WebhookEndpoint, error) {
	query := `SELECT ` + sqlstore.WebhookColumns + ` FROM webhook_endpoints WHERE space = $1`
	args := []any{space, limitArg(limit)}
	if after != nil {
		query += ` AND (created_at, id) > ($3::timestamptz, $4::text)`
		args = append(args, after.CreatedAt, after.ID)
	}
	rows, err := db.pool.Query(ctx, query+` ORDER BY created_at, id LIMIT $2::bigint`, args...)
	if err != nil {
		return nil, fmt.Errorf("listing webhooks: %w", err)
	}
	out, err := collect(rows, db.scanWebhook)
	if err != nil {
		return nil, fmt.Errorf("listing webhooks: %w", err)
	}
	return out, nil
}

// UpdateWebhook saves the editable fields of w.
func (db *DB) UpdateWebhook(ctx context.Context, w *videohost.WebhookEndpoint) error {
	events, err := json.Marshal(w.Events)
	if err != nil {
		return fmt.Errorf("encoding webhook events: %w", err)
	}
	w.UpdatedAt = us(w.UpdatedAt)
	tag, err := db.pool.Exec(ctx, `UPDATE webhook_endpoints SET url = $1, description = $2, events = $3, enabled = $4,
		updated_at = $5 WHERE id = $6 AND space = $7`,
		w.URL, w.Description, string(events), w.Enabled, w.UpdatedAt, w.ID, w.Space)
	if err != nil {
		return fmt.Errorf("updating webhook: %w", err)
	}
	return mustAffect(tag, webhookNotFound(w.ID))
}

// RotateWebhookSecret moves the current secret to previous (valid until
// previousUntil) and stores sealed as the current one.
func (db *DB) RotateWebhookSecret(ctx context.Context, space, id string, sealed []byte, previousUntil, now time.Time) (*videohost.WebhookEndpoint, error) {
	tag, err := db.pool.Exec(ctx, `UPDATE webhook_endpoints SET sealed_previous_secret = sealed_secret,
		sealed_secret = $1, previous_secret_until = $2, updated_at = $3 WHERE id = $4 AND space = $5`,
		sealed, previousUntil, now, id, space)
	if err != nil {
		return nil, fmt.Errorf("rotating webhook secret: %w", err)
	}
	if err := mustAffect(tag, webhookNotFound(id)); err != nil {
		return nil, err
	}
	return db.Webhook(ctx, space, id)
}

// DeleteWebhook removes the endpoint; its deliveries and attempts go with it.
func (db *DB) DeleteWebhook(ctx context.Context, space, id string) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM webhook_endpoints WHERE id = $1 AND space = $2`, id, space)
	if err != nil {
		return fmt.Errorf("deleting webhook: %w", err)
	}
	return mustAffect(tag, webhookNotFound(id))
}

// FanOutWebhookEvents reads up to limit events after the cursor and writes
// their deliveries, in outbox order, then moves the cursor past them. The
// cursor row is locked for the transaction, so two dispatchers' fan-outs
// take turns and never write an event's deliveries twice.
func (db *DB) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	if limit <= 0 {
		limit = 500
	}
	// Most polls find nothing new; finding that out needs no lock.
	var pending bool
	if err := db.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM events
		WHERE seq > (SELECT seq FROM webhook_outbox_cursor WHERE id = 1))`).Scan(&pending); err != nil {
		return 0, fmt.Errorf("checking the outbox: %w", err)
	}
	if !pending {
		return 0, nil
	}
	consumed := 0
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var cursor int64
		if err := tx.QueryRow(ctx, `SELECT seq FROM webhook_outbox_cursor WHERE id = 1 FOR UPDATE`).Scan(&cursor); err != nil {
			return fmt.Errorf("reading the outbox cursor: %w", err)
		}
		events, err := eventsAfter(ctx, tx, cursor, limit)
		if err != nil || len(events) == 0 {
			return err
		}
		targets, err := fanOutTargets(ctx, tx)
		if err != nil {
			return err
		}
		batch := &pgx.Batch{}
		// Queueing cannot fail: SendBatch reports what the inserts do.
		cursor, _ = sqlstore.FanOut(events, targets, cursor, func(ev *videohost.Event, endpoint string) error {
			batch.Queue(`INSERT INTO webhook_deliveries
				(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $7)`,
				videohost.NewID(videohost.WebhookDeliveryIDLen), endpoint, ev.ID, string(ev.Type), ev.CreatedAt,
				string(ev.Data), now)
			return nil
		})
		batch.Queue(`UPDATE webhook_outbox_cursor SET seq = $1 WHERE id = 1`, cursor)
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("writing deliveries: %w", err)
		}
		consumed = len(events)
		return nil
	})
	return consumed, err
}

// fanOutTargets returns the enabled endpoints by space.
func fanOutTargets(ctx context.Context, q queryer) (map[string][]sqlstore.FanOutTarget, error) {
	rows, err := q.Query(ctx, `SELECT id, space, events, after_seq FROM webhook_endpoints
		WHERE enabled ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("reading webhook endpoints: %w", err)
	}
	defer rows.Close()
	return sqlstore.FanOutTargets(rows)
}

// CreateWebhookDelivery inserts d as a pending delivery due at its
// NextAttemptAt (its CreatedAt when unset).
func (db *DB) CreateWebhookDelivery(ctx context.Context, d *videohost.WebhookDelivery) error {
	d.CreatedAt, d.EventAt, d.NextAttemptAt = us(d.CreatedAt), us(d.EventAt), usPtr(d.NextAttemptAt)
	due := d.CreatedAt
	if d.NextAttemptAt != nil {
		due = *d.NextAttemptAt
	}
	err := db.pool.QueryRow(ctx, `INSERT INTO webhook_deliveries
		(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $8) RETURNING seq`,
		d.ID, d.Endpoint, d.EventID, d.Type, d.EventAt, string(d.Data), due, d.CreatedAt).Scan(&d.Seq)
	if err != nil {
		return constraintError(err, "creating delivery %s", d.ID)
	}
	d.State = videohost.DeliveryPending
	return nil
}

const deliveryColumns = `d.seq, d.id, d.endpoint, d.event_id, d.type, d.event_at, d.data::text, d.state, d.attempts,
	d.next_attempt_at, d.created_at`

func scanDelivery(row pgx.Row, extra ...any) (*videohost.WebhookDelivery, error) {
	return sqlstore.ScanDelivery(row, newTSCol, extra...)
}

// ClaimWebhookDeliveries leases, per enabled endpoint that has none leased,
// its oldest due deliveries (up to perEndpoint), for up to endpoints
// endpoints, oldest first.
//
// Several dispatcher processes may claim at once. Each locks the endpoint
// rows it picks (FOR UPDATE SKIP LOCKED: another claimer passes them by
// rather than waiting) and only then, in a statement of its own and so
// with a fresh snapshot, checks that the endpoint has no live lease and
// picks its deliveries. A claimer that got an endpoint's lock after
// another's commit thus sees that other's leases: one batch in flight per
// endpoint, sent in event order, by one process at a time.
func (db *DB) ClaimWebhookDeliveries(ctx context.Context, owner string, endpoints, perEndpoint int, lease time.Duration, now time.Time) ([]*videohost.ClaimedDelivery, error) {
	if endpoints <= 0 {
		return nil, nil
	}
	perEndpoint = max(perEndpoint, 1)
	var due bool
	if err := db.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries
		WHERE state = 'pending' AND next_attempt_at <= $1)`, now).Scan(&due); err != nil {
		return nil, fmt.Errorf("checking due deliveries: %w", err)
	}
	if !due {
		return nil, nil
	}
	var claimed []*videohost.ClaimedDelivery
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT e.id FROM webhook_endpoints e
			CROSS JOIN LATERAL (SELECT d.seq FROM webhook_deliveries d
				WHERE d.endpoint = e.id AND d.state = 'pending' AND d.next_attempt_at <= $1
				ORDER BY d.seq LIMIT 1) head
			WHERE e.enabled
			  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries l WHERE l.endpoint = e.id AND l.lease_until >= $1)
			ORDER BY head.seq LIMIT $2
			FOR UPDATE OF e SKIP LOCKED`, now, endpoints)
		if err != nil {
			return fmt.Errorf("selecting due deliveries: %w", err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return fmt.Errorf("selecting due deliveries: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		rows, err = tx.Query(ctx, `SELECT b.seq FROM unnest($1::text[]) AS e(id)
			CROSS JOIN LATERAL (SELECT d.seq FROM webhook_deliveries d
				WHERE d.endpoint = e.id AND d.state = 'pending' AND d.next_attempt_at <= $2
				ORDER BY d.seq LIMIT $3) b
			WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries l WHERE l.endpoint = e.id AND l.lease_until >= $2)`,
			ids, now, perEndpoint)
		if err != nil {
			return fmt.Errorf("selecting due deliveries: %w", err)
		}
		seqs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return fmt.Errorf("selecting due deliveries: %w", err)
		}
		if len(seqs) == 0 {
			return nil
		}
		rows, err = tx.Query(ctx, `WITH leased AS (
				UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2, updated_at = $3
				WHERE seq = ANY($4) RETURNING *)
			SELECT `+deliveryColumns+`, e.url, e.sealed_secret, e.sealed_previous_secret, e.previous_secret_until
			FROM leased d JOIN webhook_endpoints e ON e.id = d.endpoint ORDER BY d.seq`,
			owner, now.Add(lease), now, seqs)
		if err != nil {
			return fmt.Errorf("leasing deliveries: %w", err)
		}
		claimed, err = collect(rows, func(row pgx.Row) (*videohost.ClaimedDelivery, error) {
			c := &videohost.ClaimedDelivery{}
			var previousUntil *time.Time
			d, err := scanDelivery(row, &c.URL, &c.SealedSecret, &c.SealedPreviousSecret, &previousUntil)
			if err != nil {
				return nil, err
			}
			c.Delivery, c.PreviousSecretUntil = d, fromTS(previousUntil)
			return c, nil
		})
		if err != nil {
			return fmt.Errorf("leasing deliveries: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return claimed, nil
}

// leasedDelivery locks a delivery inside tx and checks that owner holds its
// lease: ENotFound when it is gone (its endpoint was deleted), EConflict
// when the lease was lost.
func leasedDelivery(ctx context.Context, tx pgx.Tx, seq int64, owner string) error {
	var state, leaseOwner string
	var leaseUntil *time.Time
	err := tx.QueryRow(ctx, `SELECT state, lease_owner, lease_until FROM webhook_deliveries WHERE seq = $1 FOR UPDATE`, seq).
		Scan(&state, &leaseOwner, &leaseUntil)
	if err != nil {
		return notFound(err, "reading delivery", "delivery %d not found", seq)
	}
	if state != string(videohost.DeliveryPending) || leaseUntil == nil || leaseOwner != owner {
		return videohost.Errorf(videohost.EConflict, "lease lost: delivery %d is %s under %q, not leased to %q",
			seq, state, leaseOwner, owner)
	}
	return nil
}

// RecordWebhookAttempt logs an attempt and moves the delivery to state,
// releasing its lease and renewing owner's leases on the rest of its batch
// to holdRestUntil (zero: unchanged).
func (db *DB) RecordWebhookAttempt(ctx context.Context, seq int64, owner string, a videohost.DeliveryAttempt, state videohost.DeliveryState, next, holdRestUntil time.Time) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := leasedDelivery(ctx, tx, seq, owner); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO webhook_attempts
			(delivery, at, status, duration_ms, error, response_excerpt) VALUES ($1, $2, $3, $4, $5, $6)`,
			seq, a.At, a.Status, a.DurationMS, a.Error, a.ResponseExcerpt); err != nil {
			return fmt.Errorf("logging attempt: %w", err)
		}
		var nextAt any
		if state == videohost.DeliveryPending {
			nextAt = next
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET state = $1, attempts = attempts + 1,
			next_attempt_at = $2, lease_owner = '', lease_until = NULL, updated_at = $3 WHERE seq = $4`,
			string(state), nextAt, a.At, seq); err != nil {
			return fmt.Errorf("recording attempt: %w", err)
		}
		if holdRestUntil.IsZero() {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET lease_until = $1
			WHERE endpoint = (SELECT endpoint FROM webhook_deliveries WHERE seq = $2)
			  AND lease_owner = $3 AND lease_until IS NOT NULL`, holdRestUntil, seq, owner); err != nil {
			return fmt.Errorf("renewing the batch's leases: %w", err)
		}
		return nil
	})
}

// ReleaseWebhookDelivery hands a leased delivery back without an attempt.
func (db *DB) ReleaseWebhookDelivery(ctx context.Context, seq int64, owner string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := leasedDelivery(ctx, tx, seq, owner); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL
			WHERE seq = $1`, seq); err != nil {
			return fmt.Errorf("releasing delivery: %w", err)
		}
		return nil
	})
}

// WebhookDeliveries lists the deliveries of endpoint, newest first, with
// their attempts.
func (db *DB) WebhookDeliveries(ctx context.Context, endpoint string, before int64, limit int) ([]*videohost.WebhookDelivery, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := db.pool.Query(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.endpoint = $1 AND d.seq < $2 ORDER BY d.seq DESC LIMIT $3::bigint`, endpoint, before, limitArg(limit))
	if err != nil {
		return nil, fmt.Errorf("listing deliveries: %w", err)
	}
	out, err := collect(rows, func(row pgx.Row) (*videohost.WebhookDelivery, error) { return scanDelivery(row) })
	if err != nil {
		return nil, fmt.Errorf("listing deliveries: %w", err)
	}
	if err := db.loadAttempts(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}

// WebhookDelivery returns one delivery of endpoint with its attempts.
func (db *DB) WebhookDelivery(ctx context.Context, endpoint, id string) (*videohost.WebhookDelivery, error) {
	d, err := scanDelivery(db.pool.QueryRow(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.endpoint = $1 AND d.id = $2`, endpoint, id))
	if err != nil {
		return nil, notFound(err, "reading delivery", "delivery %s not found", id)
	}
	if err := db.loadAttempts(ctx, []*videohost.WebhookDelivery{d}); err != nil {
		return nil, err
	}
	return d, nil
}

func (db *DB) loadAttempts(ctx context.Context, ds []*videohost.WebhookDelivery) error {
	if len(ds) == 0 {
		return nil
	}
	bySeq := make(map[int64]*videohost.WebhookDelivery, len(ds))
	seqs := make([]int64, 0, len(ds))
	for _, d := range ds {
		bySeq[d.Seq] = d
		seqs = append(seqs, d.Seq)
	}
	rows, err := db.pool.Query(ctx, `SELECT delivery, at, status, duration_ms, error, response_excerpt
		FROM webhook_attempts WHERE delivery = ANY($1) ORDER BY id`, seqs)
	if err != nil {
		return fmt.Errorf("reading attempts: %w", err)
	}
	defer rows.Close()
	return sqlstore.AddAttempts(rows, bySeq, newTSCol)
}

// RetryWebhookDelivery makes the delivery pending and due at now, unless an
// attempt is under way (that attempt is the retry).
func (db *DB) RetryWebhookDelivery(ctx context.Context, endpoint, id string, now time.Time) (*videohost.WebhookDelivery, error) {
	if _, err := db.pool.Exec(ctx, `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = $1, updated_at = $1
		WHERE endpoint = $2 AND id = $3 AND (lease_until IS NULL OR lease_until < $1)`, now, endpoint, id); err != nil {
		return nil, fmt.Errorf("retrying delivery: %w", err)
	}
	return db.WebhookDelivery(ctx, endpoint, id)
}
