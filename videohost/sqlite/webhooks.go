package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ videohost.WebhookStore = (*DB)(nil)

// CreateWebhook inserts w. Its after_seq is the outbox end at this moment,
// read in the same transaction, so it gets exactly the later events.
func (db *DB) CreateWebhook(ctx context.Context, w *videohost.WebhookEndpoint, sealedSecret []byte) error {
	events, err := sqlstore.WebhookEventsColumn(w)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// Writes are serialised: the count holds until the commit.
		if err := sqlstore.CheckWebhookCount(ctx, txConn(tx), `SELECT COUNT(*) FROM webhook_endpoints WHERE space = ?`, w.Space); err != nil {
			return err
		}
		var afterSeq int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM events`).Scan(&afterSeq); err != nil {
			return fmt.Errorf("reading the outbox end: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_endpoints
			(id, space, url, description, events, enabled, sealed_secret, after_seq, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			w.ID, w.Space, w.URL, w.Description, events, w.Enabled, sealedSecret, afterSeq,
			w.CreatedAt.UnixNano(), w.UpdatedAt.UnixNano()); err != nil {
			return constraintError(err, "creating webhook %s", w.ID)
		}
		return nil
	})
}

// Webhooks lists the endpoints of space in creation order after the cursor.
func (db *DB) Webhooks(ctx context.Context, space string, after *videohost.Cursor, limit int) ([]*videohost.WebhookEndpoint, error) {
	var afterAt int64 = -1 << 63
	afterID := ""
	if after != nil {
		afterAt, afterID = after.CreatedAt.UnixNano(), after.ID
	}
	now := db.now()
	return sqlstore.Collect(ctx, db.reader(), "listing webhooks", func(row sqlstore.Row) (*videohost.WebhookEndpoint, error) {
		return sqlstore.ScanWebhook(row, newNanoCol, now)
	}, `SELECT `+sqlstore.WebhookColumns+` FROM webhook_endpoints
		WHERE space = ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?`, space, afterAt, afterID, limitArg(limit))
}

// FanOutWebhookEvents reads up to limit events after the cursor and writes
// their deliveries, in outbox order, then moves the cursor past them. The
// check for new events runs on a reader, which keeps the one write
// connection free for the API.
func (db *DB) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	return sqlstore.FanOutWebhookEvents(ctx, db.reader(), sqlstore.FanOutSQL{
		Pending: `SELECT EXISTS (SELECT 1 FROM events WHERE seq > (SELECT seq FROM webhook_outbox_cursor WHERE id = 1))`,
		Cursor:  `SELECT seq FROM webhook_outbox_cursor WHERE id = 1`,
		Events:  eventsQuery,
		Targets: `SELECT id, space, events, after_seq FROM webhook_endpoints WHERE enabled = 1 ORDER BY created_at, id`,
	}, limit, func(fn func(sqlstore.Conn, sqlstore.DeliveryWriter) error) error {
		return db.inTx(ctx, func(tx *sql.Tx) error {
			w := &deliveryWriter{tx: tx, now: now}
			defer w.close()
			return fn(txConn(tx), w)
		})
	})
}

// deliveryWriter inserts a fan-out's deliveries through one prepared
// statement.
type deliveryWriter struct {
	tx     *sql.Tx
	now    time.Time
	insert *sql.Stmt
}

func (w *deliveryWriter) Deliver(ctx context.Context, ev *videohost.Event, endpoint string) error {
	if w.insert == nil {
		insert, err := w.tx.PrepareContext(ctx, `INSERT INTO webhook_deliveries
			(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`)
		if err != nil {
			return fmt.Errorf("preparing delivery insert: %w", err)
		}
		w.insert = insert
	}
	now := w.now.UnixNano()
	if _, err := w.insert.ExecContext(ctx, videohost.NewID(videohost.WebhookDeliveryIDLen), endpoint, ev.ID,
		string(ev.Type), ev.CreatedAt.UnixNano(), string(ev.Data), now, now, now); err != nil {
		return fmt.Errorf("inserting delivery of %s: %w", ev.ID, err)
	}
	return nil
}

func (w *deliveryWriter) Done(ctx context.Context, cursor int64) error {
	if _, err := w.tx.ExecContext(ctx, `UPDATE webhook_outbox_cursor SET seq = ? WHERE id = 1`, cursor); err != nil {
		return fmt.Errorf("moving the outbox cursor: %w", err)
	}
	return nil
}

func (w *deliveryWriter) close() {
	if w.insert != nil {
		w.insert.Close()
	}
}

// CreateWebhookDelivery inserts d as a pending delivery due at its
// NextAttemptAt (its CreatedAt when unset).
func (db *DB) CreateWebhookDelivery(ctx context.Context, d *videohost.WebhookDelivery) error {
	res, err := db.write.ExecContext(ctx, `INSERT INTO webhook_deliveries
		(id, endpoint, event_id, type, event_at, data, state, next_attempt_at, created_at, updated_at)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7, ?8, ?8)`, nanoArgs(sqlstore.CreateDeliveryArgs(d))...)
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

// claimDeliveries is sqlstore.Store's ClaimDeliveries. Selecting and
// leasing happen in one write transaction, so two dispatchers never hold
// the same delivery or the same endpoint.
func claimDeliveries(ctx context.Context, tx sqlstore.Tx, c sqlstore.Claim) ([]*videohost.ClaimedDelivery, error) {
	// Endpoints are few and deliveries many: walk the endpoints and use
	// the partial indexes of pending and of leased deliveries. Left to
	// itself the planner picks the full (endpoint, seq) index, which
	// walks an endpoint's whole history on every claim.
	heads, err := sqlstore.Collect(ctx, tx, "selecting due deliveries", sqlstore.Scalar[int64], `SELECT head FROM (
			SELECT (SELECT d.seq FROM webhook_deliveries d INDEXED BY webhook_deliveries_pending
			        WHERE d.endpoint = e.id AND d.state = 'pending' AND d.next_attempt_at <= ?1
			        ORDER BY d.seq LIMIT 1) AS head
			FROM webhook_endpoints e
			WHERE e.enabled = 1
			  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries l INDEXED BY webhook_deliveries_leased
			                  WHERE l.endpoint = e.id AND l.lease_until >= ?1))
		WHERE head IS NOT NULL ORDER BY head LIMIT ?2`, c.Now, c.Endpoints)
	if err != nil || len(heads) == 0 {
		return nil, err
	}
	var seqs []int64
	for _, head := range heads {
		// head and the due, unleased deliveries of its endpoint that
		// follow it, up to PerEndpoint in all, in event order.
		batch, err := sqlstore.Collect(ctx, tx, "selecting due deliveries", sqlstore.Scalar[int64],
			`SELECT d.seq FROM webhook_deliveries d INDEXED BY webhook_deliveries_pending
			WHERE d.endpoint = (SELECT endpoint FROM webhook_deliveries WHERE seq = ?1) AND d.state = 'pending' AND d.seq >= ?1
			  AND d.next_attempt_at <= ?2 AND (d.lease_until IS NULL OR d.lease_until < ?2)
			ORDER BY d.seq LIMIT ?3`, head, c.Now, c.PerEndpoint)
		if err != nil {
			return nil, err
		}
		seqs = append(seqs, batch...)
	}
	where, args := in("seq", seqs)
	if err := sqlstore.Exec(ctx, tx, "leasing deliveries", `UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ?, updated_at = ?
		WHERE `+where, append([]any{c.Owner, c.Until, c.Now}, args...)...); err != nil {
		return nil, err
	}
	where, args = in("d.seq", seqs)
	return sqlstore.Collect(ctx, tx, "reading leased deliveries", func(row sqlstore.Row) (*videohost.ClaimedDelivery, error) {
		return sqlstore.ScanClaimed(row, tx.NewTime)
	}, `SELECT `+deliveryColumns+`, e.url, e.sealed_secret, e.sealed_previous_secret,
		e.previous_secret_until FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint
		WHERE `+where+` ORDER BY d.seq`, args...)
}

// Webhooks is SQLite's SQL text for the webhook methods of sqlstore.Store.
func (dialect) Webhooks() sqlstore.WebhookSQL {
	return sqlstore.WebhookSQL{
		Get: `SELECT ` + sqlstore.WebhookColumns + ` FROM webhook_endpoints WHERE id = ? AND space = ?`,
		Update: `UPDATE webhook_endpoints SET url = ?, description = ?, events = ?,
				enabled = ?, updated_at = ? WHERE id = ? AND space = ?`,
		Rotate: `UPDATE webhook_endpoints SET sealed_previous_secret = sealed_secret,
				sealed_secret = ?, previous_secret_until = ?, updated_at = ? WHERE id = ? AND space = ?`,
		Delete: `DELETE FROM webhook_endpoints WHERE id = ? AND space = ?`,
		Events: eventsQuery,
		Deliveries: `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d
				WHERE d.endpoint = ? AND d.seq < ? ORDER BY d.seq DESC LIMIT ?`,
		Delivery: `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d WHERE d.endpoint = ? AND d.id = ?`,
		Attempts: attemptsQuery,
		Due:      `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?)`,
		Retry: `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?1, updated_at = ?1
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
		Release: `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL WHERE seq = ?`,
	}
}

func attemptsQuery(seqs []int64) (string, []any) {
	where, args := in("delivery", seqs)
	return `SELECT delivery, at, status, duration_ms, error, response_excerpt FROM webhook_attempts
		WHERE ` + where + ` ORDER BY id`, args
}

const eventsQuery = `SELECT seq, id, type, space, video_id, created_at, data FROM events WHERE seq > ? ORDER BY seq LIMIT ?`
