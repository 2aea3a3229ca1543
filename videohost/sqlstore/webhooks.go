package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// TimeCol reads a time column the way one store stores times (SQLite:
// unix nanoseconds; PostgreSQL: timestamptz), so that the row mappers here
// serve both. A store hands a new one to each mapper call.
type TimeCol interface {
	Dest() any       // what Scan writes into
	Time() time.Time // what was scanned, in UTC; the zero time for NULL
}

// Row is one row to scan: *sql.Row, pgx.Row, or the current row of Rows.
type Row interface {
	Scan(dest ...any) error
}

// timePtr is t, nil for the zero time (a NULL column).
func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// WebhookColumns are the columns ScanWebhook reads, in order.
const WebhookColumns = `id, space, url, description, events, enabled, previous_secret_until, created_at, updated_at`

// ScanWebhook reads a webhook endpoint (WebhookColumns) from row. now
// decides whether the previous secret is still worth showing.
func ScanWebhook(row Row, newTime func() TimeCol, now time.Time) (*videohost.WebhookEndpoint, error) {
	var w videohost.WebhookEndpoint
	var events []byte
	previousUntil, created, updated := newTime(), newTime(), newTime()
	if err := row.Scan(&w.ID, &w.Space, &w.URL, &w.Description, &events, &w.Enabled, previousUntil.Dest(),
		created.Dest(), updated.Dest()); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(events, &w.Events); err != nil {
		return nil, fmt.Errorf("decoding events of webhook %s: %w", w.ID, err)
	}
	// A rotated-out secret that stopped signing is no longer worth showing.
	if until := timePtr(previousUntil.Time()); until != nil && until.After(now) {
		w.PreviousSecretExpiresAt = until
	}
	w.CreatedAt, w.UpdatedAt = created.Time(), updated.Time()
	return &w, nil
}

// ScanDelivery reads a webhook delivery (a store's deliveryColumns: seq,
// id, endpoint, event_id, type, event_at, data as text, state, attempts,
// next_attempt_at, created_at) from row, then extra columns into extra.
func ScanDelivery(row Row, newTime func() TimeCol, extra ...any) (*videohost.WebhookDelivery, error) {
	var d videohost.WebhookDelivery
	var data, state string
	eventAt, next, created := newTime(), newTime(), newTime()
	dest := append([]any{&d.Seq, &d.ID, &d.Endpoint, &d.EventID, &d.Type, eventAt.Dest(), &data, &state, &d.AttemptCount,
		next.Dest(), created.Dest()}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	d.EventAt, d.CreatedAt = eventAt.Time(), created.Time()
	d.Data = json.RawMessage(data)
	d.State = videohost.DeliveryState(state)
	if d.State == videohost.DeliveryPending {
		d.NextAttemptAt = timePtr(next.Time())
	}
	d.Attempts = []videohost.DeliveryAttempt{}
	return &d, nil
}

// AddAttempts reads rows (delivery, at, status, duration_ms, error,
// response_excerpt), in attempt order, into the Attempts of bySeq's
// deliveries.
func AddAttempts(rows Rows, bySeq map[int64]*videohost.WebhookDelivery, newTime func() TimeCol) error {
	var seq int64
	var a videohost.DeliveryAttempt
	at := newTime()
	return Each(rows, "reading attempts", func() error {
		a.At = at.Time()
		d := bySeq[seq]
		d.Attempts = append(d.Attempts, a)
		return nil
	}, &seq, at.Dest(), &a.Status, &a.DurationMS, &a.Error, &a.ResponseExcerpt)
}

// Events reads outbox rows (seq, id, type, space, video_id, created_at,
// data as text).
func Events(rows Rows, newTime func() TimeCol) ([]*videohost.Event, error) {
	var out []*videohost.Event
	var e videohost.Event
	var typ, data string
	created := newTime()
	err := Each(rows, "reading the outbox", func() error {
		ev := e
		ev.Type, ev.CreatedAt, ev.Data = videohost.EventType(typ), created.Time(), []byte(data)
		out = append(out, &ev)
		return nil
	}, &e.Seq, &e.ID, &typ, &e.Space, &e.VideoID, created.Dest(), &data)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FanOutTarget is what fan-out needs of an enabled endpoint.
type FanOutTarget struct {
	ID       string
	Events   []videohost.EventType
	AfterSeq int64
}

// FanOutTargets reads endpoint rows (id, space, events, after_seq) into
// the targets of each space, in the rows' order.
func FanOutTargets(rows Rows) (map[string][]FanOutTarget, error) {
	out := map[string][]FanOutTarget{}
	var id, space string
	var events []byte
	var afterSeq int64
	err := Each(rows, "reading webhook endpoints", func() error {
		t := FanOutTarget{ID: id, AfterSeq: afterSeq}
		if err := json.Unmarshal(events, &t.Events); err != nil {
			return fmt.Errorf("decoding events of webhook %s: %w", t.ID, err)
		}
		out[space] = append(out[space], t)
		return nil
	}, &id, &space, &events, &afterSeq)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FanOut calls deliver for each delivery that events (in outbox order)
// owe targets: an endpoint gets the events of its space and types written
// after it was created. It returns the seq of the last event, where the
// cursor goes next.
func FanOut(events []*videohost.Event, targets map[string][]FanOutTarget, cursor int64,
	deliver func(ev *videohost.Event, endpoint string) error) (int64, error) {
	for _, ev := range events {
		for _, t := range targets[ev.Space] {
			if ev.Seq <= t.AfterSeq || !slices.Contains(t.Events, ev.Type) {
				continue
			}
			if err := deliver(ev, t.ID); err != nil {
				return cursor, err
			}
		}
		cursor = ev.Seq
	}
	return cursor, nil
}

// ListQuery is a store's query over a list of values: its SQL text and
// arguments, the list being one argument or one each as the store binds
// lists.
type ListQuery[T any] func(values []T) (string, []any)

// WebhookEventsColumn encodes the events of w for its events column.
func WebhookEventsColumn(w *videohost.WebhookEndpoint) (string, error) {
	events, err := json.Marshal(w.Events)
	if err != nil {
		return "", fmt.Errorf("encoding webhook events: %w", err)
	}
	return string(events), nil
}

// CheckWebhookCount fails with TooManyWebhooks when count (the store's
// COUNT of the endpoints of a space) is at the limit.
func CheckWebhookCount(ctx context.Context, c Conn, count, space string) error {
	var n int
	if err := c.QueryRow(ctx, count, space).Scan(&n); err != nil {
		return fmt.Errorf("counting webhooks: %w", err)
	}
	if n >= videohost.MaxWebhooksPerSpace {
		return videohost.TooManyWebhooks()
	}
	return nil
}

// FanOutSQL is a store's SQL text for FanOutWebhookEvents.
type FanOutSQL struct {
	// Pending tells whether an event is past the cursor.
	Pending string
	// Cursor reads the cursor's seq, locking it where the store must.
	Cursor string
	// Events selects outbox rows (see Events) after a seq, up to a limit.
	Events string
	// Targets selects the enabled endpoints (see FanOutTargets).
	Targets string
}

// DeliveryWriter writes a fan-out's deliveries inside its transaction, as
// its store writes many rows best.
type DeliveryWriter interface {
	// Deliver writes, or queues, the delivery of ev to endpoint.
	Deliver(ctx context.Context, ev *videohost.Event, endpoint string) error
	// Done writes what is queued and moves the cursor to seq.
	Done(ctx context.Context, cursor int64) error
}

// FanOutWebhookEvents reads up to limit events after the cursor and writes
// their deliveries, in outbox order, then moves the cursor past them. read
// runs the check for new events, which most polls answer with no, outside
// any transaction; inTx runs fn in a write transaction.
func FanOutWebhookEvents(ctx context.Context, read Conn, q FanOutSQL, limit int,
	inTx func(fn func(tx Conn, w DeliveryWriter) error) error) (int, error) {
	if limit <= 0 {
		limit = 500
	}
	var pending bool
	if err := read.QueryRow(ctx, q.Pending).Scan(&pending); err != nil {
		return 0, fmt.Errorf("checking the outbox: %w", err)
	}
	if !pending {
		return 0, nil
	}
	consumed := 0
	err := inTx(func(tx Conn, w DeliveryWriter) error {
		var cursor int64
		if err := tx.QueryRow(ctx, q.Cursor).Scan(&cursor); err != nil {
			return fmt.Errorf("reading the outbox cursor: %w", err)
		}
		events, err := LoadEvents(ctx, tx, q.Events, cursor, limit)
		if err != nil || len(events) == 0 {
			return err
		}
		targets, err := Read(ctx, tx, "reading webhook endpoints", FanOutTargets, q.Targets)
		if err != nil {
			return err
		}
		cursor, err = FanOut(events, targets, cursor, func(ev *videohost.Event, endpoint string) error {
			return w.Deliver(ctx, ev, endpoint)
		})
		if err != nil {
			return err
		}
		if err := w.Done(ctx, cursor); err != nil {
			return err
		}
		consumed = len(events)
		return nil
	})
	return consumed, err
}

// CreateDeliveryArgs are the arguments of a store's insert of a pending
// delivery: id, endpoint, event_id, type, event_at, data as text,
// next_attempt_at and created_at (also updated_at). d is due at its
// NextAttemptAt, its CreatedAt when unset.
func CreateDeliveryArgs(d *videohost.WebhookDelivery) []any {
	due := d.CreatedAt
	if d.NextAttemptAt != nil {
		due = *d.NextAttemptAt
	}
	return []any{d.ID, d.Endpoint, d.EventID, d.Type, d.EventAt, string(d.Data), due, d.CreatedAt}
}

// WebhookSQL is a store's SQL text for the webhook methods of Store.
type WebhookSQL struct {
	// Get selects WebhookColumns given id and space.
	Get string
	// Update, Rotate and Delete are the queries of UpdateWebhook,
	// RotateWebhookSecret and DeleteWebhook.
	Update, Rotate, Delete string
	// Events selects outbox rows (see LoadEvents).
	Events string
	// Deliveries selects a page of an endpoint's deliveries (see
	// WebhookDeliveries), Delivery one (see WebhookDelivery), Attempts
	// their attempts (see LoadAttempts).
	Deliveries, Delivery string
	Attempts             ListQuery[int64]
	// Due tells whether a delivery is due, given now.
	Due string
	// Retry makes a delivery pending again given now, endpoint and id,
	// unless it is leased.
	Retry string
	// Attempt is RecordWebhookAttempt's; Release frees a lease by seq.
	Attempt AttemptSQL
	Release string
}

// AttemptSQL is a store's SQL text for RecordWebhookAttempt.
type AttemptSQL struct {
	Lease    string // (state, lease_owner, lease_until) of a delivery, locked where the store must
	Insert   string // an attempt: delivery, at, status, duration_ms, error, response_excerpt
	Record   string // the delivery's state, next_attempt_at (NULL unless pending), updated_at, by seq
	HoldRest string // lease_until of the rest of owner's batch: until, seq, owner
}

// Claim is what a store's claim of webhook deliveries leases: per enabled
// endpoint that has none leased, its oldest due deliveries (up to
// PerEndpoint), for up to Endpoints endpoints, oldest first, to Owner
// until Until.
type Claim struct {
	Owner                  string
	Endpoints, PerEndpoint int
	Until, Now             time.Time
}

// ClaimWebhookDeliveries leases due deliveries as Claim says, with the
// store's ClaimDeliveries in a write transaction. Most claims find nothing
// due; finding that out (WebhookSQL.Due, given now) needs neither a
// transaction nor a lock.
func (s *Store) ClaimWebhookDeliveries(ctx context.Context, owner string, endpoints, perEndpoint int, lease time.Duration, now time.Time) ([]*videohost.ClaimedDelivery, error) {
	if endpoints <= 0 {
		return nil, nil
	}
	var due bool
	if err := s.b.Read.QueryRow(ctx, s.b.Q.Webhooks.Due, now).Scan(&due); err != nil {
		return nil, fmt.Errorf("checking due deliveries: %w", err)
	}
	if !due {
		return nil, nil
	}
	c := Claim{Owner: owner, Endpoints: endpoints, PerEndpoint: max(perEndpoint, 1), Until: now.Add(lease), Now: now}
	var claimed []*videohost.ClaimedDelivery
	err := s.b.InTx(ctx, func(tx Tx) error {
		var err error
		claimed, err = s.b.ClaimDeliveries(ctx, tx, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return claimed, nil
}

// ScanClaimed reads a claimed delivery: a store's delivery columns, then
// the endpoint's url, sealed_secret, sealed_previous_secret and
// previous_secret_until.
func ScanClaimed(row Row, newTime func() TimeCol) (*videohost.ClaimedDelivery, error) {
	c := &videohost.ClaimedDelivery{}
	previousUntil := newTime()
	d, err := ScanDelivery(row, newTime, &c.URL, &c.SealedSecret, &c.SealedPreviousSecret, previousUntil.Dest())
	if err != nil {
		return nil, err
	}
	c.Delivery, c.PreviousSecretUntil = d, previousUntil.Time()
	return c, nil
}

// LoadEvents reads outbox rows (see Events) with query, given a seq to
// start after and the store's limit argument.
func LoadEvents(ctx context.Context, c Conn, query string, after int64, limit any) ([]*videohost.Event, error) {
	return Read(ctx, c, "reading the outbox", func(rows Rows) ([]*videohost.Event, error) {
		return Events(rows, c.NewTime)
	}, query, after, limit)
}

// Events returns outbox events with Seq > after, oldest first; limit <= 0
// means all of them.
func (s *Store) Events(ctx context.Context, after int64, limit int) ([]*videohost.Event, error) {
	return LoadEvents(ctx, s.b.Read, s.b.Q.Webhooks.Events, after, s.b.Limit(limit))
}

func webhookNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "webhook %s not found", id)
}

// Webhook returns one endpoint of space.
func (s *Store) Webhook(ctx context.Context, space, id string) (*videohost.WebhookEndpoint, error) {
	w, err := ScanWebhook(s.b.Read.QueryRow(ctx, s.b.Q.Webhooks.Get, id, space), s.b.Read.NewTime, s.b.Now())
	if err != nil {
		return nil, NotFound(err, "reading webhook", "webhook %s not found", id)
	}
	return w, nil
}

// UpdateWebhook saves the editable fields of w.
func (s *Store) UpdateWebhook(ctx context.Context, w *videohost.WebhookEndpoint) error {
	w.UpdatedAt = s.round(w.UpdatedAt)
	events, err := WebhookEventsColumn(w)
	if err != nil {
		return err
	}
	n, err := s.b.Write.Exec(ctx, s.b.Q.Webhooks.Update, w.URL, w.Description, events, w.Enabled, w.UpdatedAt, w.ID, w.Space)
	return MustAffect(n, err, "updating webhook", webhookNotFound(w.ID))
}

// RotateWebhookSecret moves the current secret to previous (valid until
// previousUntil) and stores sealed as the current one.
func (s *Store) RotateWebhookSecret(ctx context.Context, space, id string, sealed []byte, previousUntil, now time.Time) (*videohost.WebhookEndpoint, error) {
	n, err := s.b.Write.Exec(ctx, s.b.Q.Webhooks.Rotate, sealed, previousUntil, now, id, space)
	if err := MustAffect(n, err, "rotating webhook secret", webhookNotFound(id)); err != nil {
		return nil, err
	}
	return s.Webhook(ctx, space, id)
}

// DeleteWebhook removes the endpoint; its deliveries and attempts go with it.
func (s *Store) DeleteWebhook(ctx context.Context, space, id string) error {
	n, err := s.b.Write.Exec(ctx, s.b.Q.Webhooks.Delete, id, space)
	return MustAffect(n, err, "deleting webhook", webhookNotFound(id))
}

// checkLease checks, inside the transaction about to change a delivery,
// that owner holds its lease (AttemptSQL.Lease reads it): ENotFound when it
// is gone (its endpoint was deleted), EConflict when the lease was lost.
func (s *Store) checkLease(ctx context.Context, tx Tx, seq int64, owner string) error {
	var state, leaseOwner string
	leaseUntil := tx.NewTime()
	if err := tx.QueryRow(ctx, s.b.Q.Webhooks.Attempt.Lease, seq).Scan(&state, &leaseOwner, leaseUntil.Dest()); err != nil {
		return NotFound(err, "reading delivery", "delivery %d not found", seq)
	}
	if state != string(videohost.DeliveryPending) || leaseUntil.Time().IsZero() || leaseOwner != owner {
		return videohost.Errorf(videohost.EConflict, "lease lost: delivery %d is %s under %q, not leased to %q",
			seq, state, leaseOwner, owner)
	}
	return nil
}

// RecordWebhookAttempt logs an attempt and moves the delivery to state,
// releasing its lease and renewing owner's leases on the rest of its batch
// to holdRestUntil (zero: unchanged).
func (s *Store) RecordWebhookAttempt(ctx context.Context, seq int64, owner string, a videohost.DeliveryAttempt, state videohost.DeliveryState, next, holdRestUntil time.Time) error {
	q := s.b.Q.Webhooks.Attempt
	return s.b.InTx(ctx, func(tx Tx) error {
		if err := s.checkLease(ctx, tx, seq, owner); err != nil {
			return err
		}
		if err := Exec(ctx, tx, "logging attempt", q.Insert, seq, a.At, a.Status, a.DurationMS, a.Error, a.ResponseExcerpt); err != nil {
			return err
		}
		var nextAt *time.Time
		if state == videohost.DeliveryPending {
			nextAt = &next
		}
		if err := Exec(ctx, tx, "recording attempt", q.Record, string(state), nextAt, a.At, seq); err != nil {
			return err
		}
		if holdRestUntil.IsZero() {
			return nil
		}
		return Exec(ctx, tx, "renewing the batch's leases", q.HoldRest, holdRestUntil, seq, owner)
	})
}

// ReleaseWebhookDelivery hands a leased delivery back without an attempt.
func (s *Store) ReleaseWebhookDelivery(ctx context.Context, seq int64, owner string) error {
	return s.b.InTx(ctx, func(tx Tx) error {
		if err := s.checkLease(ctx, tx, seq, owner); err != nil {
			return err
		}
		return Exec(ctx, tx, "releasing delivery", s.b.Q.Webhooks.Release, seq)
	})
}

func (s *Store) scanDelivery(row Row) (*videohost.WebhookDelivery, error) {
	return ScanDelivery(row, s.b.Read.NewTime)
}

// WebhookDeliveries lists the deliveries of endpoint, newest first, with
// their attempts.
func (s *Store) WebhookDeliveries(ctx context.Context, endpoint string, before int64, limit int) ([]*videohost.WebhookDelivery, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	out, err := Collect(ctx, s.b.Read, "listing deliveries", s.scanDelivery,
		s.b.Q.Webhooks.Deliveries, endpoint, before, s.b.Limit(limit))
	if err != nil {
		return nil, err
	}
	if err := s.loadAttempts(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}

// WebhookDelivery returns one delivery of endpoint with its attempts.
func (s *Store) WebhookDelivery(ctx context.Context, endpoint, id string) (*videohost.WebhookDelivery, error) {
	d, err := s.scanDelivery(s.b.Read.QueryRow(ctx, s.b.Q.Webhooks.Delivery, endpoint, id))
	if err != nil {
		return nil, NotFound(err, "reading delivery", "delivery %s not found", id)
	}
	if err := s.loadAttempts(ctx, []*videohost.WebhookDelivery{d}); err != nil {
		return nil, err
	}
	return d, nil
}

// loadAttempts reads the attempts of ds into them.
func (s *Store) loadAttempts(ctx context.Context, ds []*videohost.WebhookDelivery) error {
	if len(ds) == 0 {
		return nil
	}
	bySeq := make(map[int64]*videohost.WebhookDelivery, len(ds))
	seqs := make([]int64, 0, len(ds))
	for _, d := range ds {
		bySeq[d.Seq] = d
		seqs = append(seqs, d.Seq)
	}
	query, args := s.b.Q.Webhooks.Attempts(seqs)
	rows, err := s.b.Read.Query(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("reading attempts: %w", err)
	}
	defer rows.Close()
	return AddAttempts(rows, bySeq, s.b.Read.NewTime)
}

// RetryWebhookDelivery makes the delivery pending and due at now, unless an
// attempt is under way (that attempt is the retry).
func (s *Store) RetryWebhookDelivery(ctx context.Context, endpoint, id string, now time.Time) (*videohost.WebhookDelivery, error) {
	if err := Exec(ctx, s.b.Write, "retrying delivery", s.b.Q.Webhooks.Retry, now, endpoint, id); err != nil {
		return nil, err
	}
	return s.WebhookDelivery(ctx, endpoint, id)
}
