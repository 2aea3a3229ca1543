package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ videohost.WebhookStore = (*DB)(nil)

func (db *DB) scanWebhook(row sqlstore.Row) (*videohost.WebhookEndpoint, error) {
	return sqlstore.ScanWebhook(row, newNanoCol, db.now())
}

func webhookNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "webhook %s not found", id)
}

// CreateWebhook inserts w. Its after_seq is the outbox end at this moment,
// read in the same transaction, so it gets exactly the later events.
func (db *DB) CreateWebhook(ctx context.Context, w *videohost.WebhookEndpoint, sealedSecret []byte) error {
	events, err := json.Marshal(w.Events)
	if err != nil {
		return fmt.Errorf("encoding webhook events: %w", err)
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// Writes are serialised: the count holds until the commit.
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_endpoints WHERE space = ?`, w.Space).Scan(&n); err != nil {
			return fmt.Errorf("counting webhooks: %w", err)
		}
		if n >= videohost.MaxWebhooksPerSpace {
			return videohost.TooManyWebhooks()
		}
		var afterSeq int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM events`).Scan(&afterSeq); err != nil {
			return fmt.Errorf("reading the outbox end: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_endpoints
			(id, space, url, description, events, enabled, sealed_secret, after_seq, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			w.ID, w.Space, w.URL, w.Description, string(events), w.Enabled, sealedSecret, afterSeq,
			w.CreatedAt.UnixNano(), w.UpdatedAt.UnixNano()); err != nil {
			return constraintError(err, "creating webhook %s", w.ID)
		}
		return nil
	})
}

// Webhook returns one endpoint of space.
func (db *DB) Webhook(ctx context.Context, space, id string) (*videohost.WebhookEndpoint, error) {
	w, err := db.scanWebhook(db.read.QueryRowContext(ctx,
		`SELECT `+sqlstore.WebhookColumns+` FROM webhook_endpoints WHERE id = ? AND space = ?`, id, space))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, webhookNotFound(id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading webhook: %w", err)
	}
	return w, nil
}

// Webhooks lists the endpoints of space in creation order after the cursor.
func (db *DB) Webhooks(ctx context.Context, space string, after *videohost.Cursor, limit int) ([]*videohost.WebhookEndpoint, error) {
	if limit <= 0 {
		limit = -1
	}
	var afterAt int64 = -1 << 63
	afterID := ""
	if after != nil {
		afterAt, afterID = after.CreatedAt.UnixNano(), after.ID
	}
	rows, err := db.read.QueryContext(ctx, `SELECT `+sqlstore.WebhookColumns+` FROM webhook_endpoints
		WHERE space = ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?`, space, afterAt, afterID, limit)
	if err != nil {
		return nil, fmt.Errorf("listing webhooks: %w", err)
	}
	defer rows.Close()
	var out []*videohost.WebhookEndpoint
	for rows.Next() {
		w, err := db.scanWebhook(rows)
		if err != nil {
			return nil, fmt.Errorf("listing webhooks: %w", err)
		}
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
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
	res, err := db.write.ExecContext(ctx, `UPDATE webhook_endpoints SET url = ?, description = ?, events = ?, enabled = ?,
		updated_at = ? WHERE id = ? AND space = ?`,
		w.URL, w.Description, string(events), w.Enabled, w.UpdatedAt.UnixNano(), w.ID, w.Space)
	if err != nil {
		return fmt.Errorf("updating webhook: %w", err)
	}
	return mustAffect(res, webhookNotFound(w.ID))
}

// RotateWebhookSecret moves the current secret to previous (valid until
// previousUntil) and stores sealed as the current one.
func (db *DB) RotateWebhookSecret(ctx context.Context, space, id string, sealed []byte, previousUntil, now time.Time) (*videohost.WebhookEndpoint, error) {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET sealed_previous_secret = sealed_secret,
			sealed_secret = ?, previous_secret_until = ?, updated_at = ? WHERE id = ? AND space = ?`,
			sealed, previousUntil.UnixNano(), now.UnixNano(), id, space)
		if err != nil {
			return fmt.Errorf("rotating webhook secret: %w", err)
		}
		return mustAffect(res, webhookNotFound(id))
	})
	if err != nil {
		return nil, err
	}
	return db.Webhook(ctx, space, id)
}

// DeleteWebhook removes the endpoint; its deliveries and attempts go with it.
func (db *DB) DeleteWebhook(ctx context.Context, space, id string) error {
	res, err := db.write.ExecContext(ctx, `DELETE FROM webhook_endpoints WHERE id = ? AND space = ?`, id, space)
	if err != nil {
		return fmt.Errorf("deleting webhook: %w", err)
	}
	return mustAffect(res, webhookNotFound(id))
}

// FanOutWebhookEvents reads up to limit events after the cursor and writes
// their deliveries, in outbox order, then moves the cursor past them.
func (db *DB) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	if limit <= 0 {
		limit = 500
	}
	// Most polls find nothing new; finding that out on a reader keeps the
	// one write connection free for the API.
	var pending bool
	if err := db.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM events
		WHERE seq > (SELECT seq FROM webhook_outbox_cursor WHERE id = 1))`).Scan(&pending); err != nil {
		return 0, fmt.Errorf("checking the outbox: %w", err)
	}
	if !pending {
		return 0, nil
	}
	consumed := 0
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var cursor int64
		if err := tx.QueryRowContext(ctx, `SELECT seq FROM webhook_outbox_cursor WHERE id = 1`).Scan(&cursor); err != nil {
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
		insert, err := tx.PrepareContext(ctx, `INSERT INTO webhook_deliveries
			(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`)
		if err != nil {
			return fmt.Errorf("preparing delivery insert: %w", err)
		}
		defer insert.Close()
		cursor, err = sqlstore.FanOut(events, targets, cursor, func(ev *videohost.Event, endpoint string) error {
			if _, err := insert.ExecContext(ctx, videohost.NewID(videohost.WebhookDeliveryIDLen), endpoint, ev.ID,
				string(ev.Type), ev.CreatedAt.UnixNano(), string(ev.Data), now.UnixNano(), now.UnixNano(), now.UnixNano()); err != nil {
				return fmt.Errorf("inserting delivery of %s: %w", ev.ID, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_outbox_cursor SET seq = ? WHERE id = 1`, cursor); err != nil {
			return fmt.Errorf("moving the outbox cursor: %w", err)
		}
		consumed = len(events)
		return nil
	})
	return consumed, err
}

func eventsAfter(ctx context.Context, q querier, after int64, limit int) ([]*videohost.Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, id, type, space, video_id, created_at, data
		FROM events WHERE seq > ? ORDER BY seq LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("reading the outbox: %w", err)
	}
	defer rows.Close()
	return sqlstore.Events(rows, newNanoCol)
}

// fanOutTargets returns the enabled endpoints by space.
func fanOutTargets(ctx context.Context, q querier) (map[string][]sqlstore.FanOutTarget, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, space, events, after_seq FROM webhook_endpoints
		WHERE enabled = 1 ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("reading webhook endpoints: %w", err)
	}
	defer rows.Close()
	return sqlstore.FanOutTargets(rows)
}

// CreateWebhookDelivery inserts d as a pending delivery due at its
// NextAttemptAt (its CreatedAt when unset).
func (db *DB) CreateWebhookDelivery(ctx context.Context, d *videohost.WebhookDelivery) error {
	due := d.CreatedAt
	if d.NextAttemptAt != nil {
		due = *d.NextAttemptAt
	}
	res, err := db.write.ExecContext(ctx, `INSERT INTO webhook_deliveries
		(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
		d.ID, d.Endpoint, d.EventID, d.Type, d.EventAt.UnixNano(), string(d.Data), due.UnixNano(),
		d.CreatedAt.UnixNano(), d.CreatedAt.UnixNano())
	if err != nil {
		return constraintError(err, "creating delivery %s", d.ID)
	}
	if d.Seq, err = res.LastInsertId(); err != nil {
		return fmt.Errorf("creating delivery: %w", err)
	}
	d.State = videohost.DeliveryPending
	return nil
}

const deliveryColumns = `d.seq, d.id, d.endpoint, d.event_id, d.type, d.event_at, d.data, d.state, d.attempts,
	d.next_attempt_at, d.created_at`

func scanDelivery(row sqlstore.Row, extra ...any) (*videohost.WebhookDelivery, error) {
	return sqlstore.ScanDelivery(row, newNanoCol, extra...)
}

// ClaimWebhookDeliveries leases, per enabled endpoint that has none leased,
// its oldest due deliveries (up to perEndpoint), for up to endpoints
// endpoints, oldest first. Selecting and leasing happen in one write transaction, so
// two dispatchers never hold the same delivery or the same endpoint.
func (db *DB) ClaimWebhookDeliveries(ctx context.Context, owner string, endpoints, perEndpoint int, lease time.Duration, now time.Time) ([]*videohost.ClaimedDelivery, error) {
	if endpoints <= 0 {
		return nil, nil
	}
	perEndpoint = max(perEndpoint, 1)
	var due bool
	if err := db.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries
		WHERE state = 'pending' AND next_attempt_at <= ?)`, now.UnixNano()).Scan(&due); err != nil {
		return nil, fmt.Errorf("checking due deliveries: %w", err)
	}
	if !due {
		return nil, nil
	}
	var claimed []*videohost.ClaimedDelivery
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// Endpoints are few and deliveries many: walk the endpoints and use
		// the partial indexes of pending and of leased deliveries. Left to
		// itself the planner picks the full (endpoint, seq) index, which
		// walks an endpoint's whole history on every claim.
		rows, err := tx.QueryContext(ctx, `SELECT head FROM (
				SELECT (SELECT d.seq FROM webhook_deliveries d INDEXED BY webhook_deliveries_pending
				        WHERE d.endpoint = e.id AND d.state = 'pending' AND d.next_attempt_at <= ?1
				        ORDER BY d.seq LIMIT 1) AS head
				FROM webhook_endpoints e
				WHERE e.enabled = 1
				  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries l INDEXED BY webhook_deliveries_leased
				                  WHERE l.endpoint = e.id AND l.lease_until >= ?1))
			WHERE head IS NOT NULL ORDER BY head LIMIT ?2`, now.UnixNano(), endpoints)
		if err != nil {
			return fmt.Errorf("selecting due deliveries: %w", err)
		}
		var heads []int64
		for rows.Next() {
			var seq int64
			if err := rows.Scan(&seq); err != nil {
				rows.Close()
				return fmt.Errorf("selecting due deliveries: %w", err)
			}
			heads = append(heads, seq)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("selecting due deliveries: %w", err)
		}
		if len(heads) == 0 {
			return nil
		}
		var seqs []any
		for _, head := range heads {
			batch, err := dueAfterHead(ctx, tx, head, perEndpoint, now)
			if err != nil {
				return err
			}
			seqs = append(seqs, batch...)
		}
		in := strings.TrimSuffix(strings.Repeat("?, ", len(seqs)), ", ")
		args := append([]any{owner, now.Add(lease).UnixNano(), now.UnixNano()}, seqs...)
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ?, updated_at = ?
			WHERE seq IN (`+in+`)`, args...); err != nil {
			return fmt.Errorf("leasing deliveries: %w", err)
		}
		rows, err = tx.QueryContext(ctx, `SELECT `+deliveryColumns+`, e.url, e.sealed_secret, e.sealed_previous_secret,
			e.previous_secret_until FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint
			WHERE d.seq IN (`+in+`) ORDER BY d.seq`, seqs...)
		if err != nil {
			return fmt.Errorf("reading leased deliveries: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			c := &videohost.ClaimedDelivery{}
			var previousUntil sql.NullInt64
			d, err := scanDelivery(rows, &c.URL, &c.SealedSecret, &c.SealedPreviousSecret, &previousUntil)
			if err != nil {
				return fmt.Errorf("reading leased deliveries: %w", err)
			}
			c.Delivery, c.PreviousSecretUntil = d, fromNullNanos(previousUntil)
			claimed = append(claimed, c)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return claimed, nil
}

// dueAfterHead returns head and the due, unleased deliveries of its
// endpoint that follow it, up to n in all, in event order.
func dueAfterHead(ctx context.Context, tx *sql.Tx, head int64, n int, now time.Time) ([]any, error) {
	rows, err := tx.QueryContext(ctx, `SELECT d.seq FROM webhook_deliveries d INDEXED BY webhook_deliveries_pending
		WHERE d.endpoint = (SELECT endpoint FROM webhook_deliveries WHERE seq = ?1) AND d.state = 'pending' AND d.seq >= ?1
		  AND d.next_attempt_at <= ?2 AND (d.lease_until IS NULL OR d.lease_until < ?2)
		ORDER BY d.seq LIMIT ?3`, head, now.UnixNano(), n)
	if err != nil {
		return nil, fmt.Errorf("selecting due deliveries: %w", err)
	}
	defer rows.Close()
	var out []any
	for rows.Next() {
		var seq int64
		if err := rows.Scan(&seq); err != nil {
			return nil, fmt.Errorf("selecting due deliveries: %w", err)
		}
		out = append(out, seq)
	}
	return out, rows.Err()
}

// leasedDelivery checks inside tx that owner holds the lease of a pending
// delivery: ENotFound when it is gone (its endpoint was deleted), EConflict
// when the lease was lost.
func leasedDelivery(ctx context.Context, tx *sql.Tx, seq int64, owner string) error {
	var state, leaseOwner string
	var leaseUntil sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT state, lease_owner, lease_until FROM webhook_deliveries WHERE seq = ?`, seq).
		Scan(&state, &leaseOwner, &leaseUntil)
	if errors.Is(err, sql.ErrNoRows) {
		return videohost.Errorf(videohost.ENotFound, "delivery %d not found", seq)
	}
	if err != nil {
		return fmt.Errorf("reading delivery: %w", err)
	}
	if state != string(videohost.DeliveryPending) || !leaseUntil.Valid || leaseOwner != owner {
		return videohost.Errorf(videohost.EConflict, "lease lost: delivery %d is %s under %q, not leased to %q",
			seq, state, leaseOwner, owner)
	}
	return nil
}

// RecordWebhookAttempt logs an attempt and moves the delivery to state,
// releasing its lease and renewing owner's leases on the rest of its batch
// to holdRestUntil (zero: unchanged).
func (db *DB) RecordWebhookAttempt(ctx context.Context, seq int64, owner string, a videohost.DeliveryAttempt, state videohost.DeliveryState, next, holdRestUntil time.Time) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := leasedDelivery(ctx, tx, seq, owner); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_attempts
			(delivery, at, status, duration_ms, error, response_excerpt) VALUES (?, ?, ?, ?, ?, ?)`,
			seq, a.At.UnixNano(), a.Status, a.DurationMS, a.Error, a.ResponseExcerpt); err != nil {
			return fmt.Errorf("logging attempt: %w", err)
		}
		var nextAt any
		if state == videohost.DeliveryPending {
			nextAt = next.UnixNano()
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1,
			next_attempt_at = ?, lease_owner = '', lease_until = NULL, updated_at = ? WHERE seq = ?`,
			string(state), nextAt, a.At.UnixNano(), seq); err != nil {
			return fmt.Errorf("recording attempt: %w", err)
		}
		if holdRestUntil.IsZero() {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET lease_until = ?
			WHERE endpoint = (SELECT endpoint FROM webhook_deliveries WHERE seq = ?)
			  AND lease_owner = ? AND lease_until IS NOT NULL`, holdRestUntil.UnixNano(), seq, owner); err != nil {
			return fmt.Errorf("renewing the batch's leases: %w", err)
		}
		return nil
	})
}

// ReleaseWebhookDelivery hands a leased delivery back without an attempt.
func (db *DB) ReleaseWebhookDelivery(ctx context.Context, seq int64, owner string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := leasedDelivery(ctx, tx, seq, owner); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL
			WHERE seq = ?`, seq); err != nil {
			return fmt.Errorf("releasing delivery: %w", err)
		}
		return nil
	})
}

// WebhookDeliveries lists the deliveries of endpoint, newest first, with
// their attempts.
func (db *DB) WebhookDeliveries(ctx context.Context, endpoint string, before int64, limit int) ([]*videohost.WebhookDelivery, error) {
	if limit <= 0 {
		limit = -1
	}
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := db.read.QueryContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.endpoint = ? AND d.seq < ? ORDER BY d.seq DESC LIMIT ?`, endpoint, before, limit)
	if err != nil {
		return nil, fmt.Errorf("listing deliveries: %w", err)
	}
	defer rows.Close()
	var out []*videohost.WebhookDelivery
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, fmt.Errorf("listing deliveries: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing deliveries: %w", err)
	}
	if err := db.loadAttempts(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}

// WebhookDelivery returns one delivery of endpoint with its attempts.
func (db *DB) WebhookDelivery(ctx context.Context, endpoint, id string) (*videohost.WebhookDelivery, error) {
	d, err := scanDelivery(db.read.QueryRowContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.endpoint = ? AND d.id = ?`, endpoint, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "delivery %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading delivery: %w", err)
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
	args := make([]any, 0, len(ds))
	for _, d := range ds {
		bySeq[d.Seq] = d
		args = append(args, d.Seq)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT delivery, at, status, duration_ms, error, response_excerpt
		FROM webhook_attempts WHERE delivery IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")+`)
		ORDER BY id`, args...)
	if err != nil {
		return fmt.Errorf("reading attempts: %w", err)
	}
	defer rows.Close()
	return sqlstore.AddAttempts(rows, bySeq, newNanoCol)
}

// RetryWebhookDelivery makes the delivery pending and due at now, unless an
// attempt is under way (that attempt is the retry).
func (db *DB) RetryWebhookDelivery(ctx context.Context, endpoint, id string, now time.Time) (*videohost.WebhookDelivery, error) {
	res, err := db.write.ExecContext(ctx, `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?, updated_at = ?
		WHERE endpoint = ? AND id = ? AND (lease_until IS NULL OR lease_until < ?)`,
		now.UnixNano(), now.UnixNano(), endpoint, id, now.UnixNano())
	if err != nil {
		return nil, fmt.Errorf("retrying delivery: %w", err)
	}
	if _, err := res.RowsAffected(); err != nil {
		return nil, fmt.Errorf("retrying delivery: %w", err)
	}
	return db.WebhookDelivery(ctx, endpoint, id)
}
