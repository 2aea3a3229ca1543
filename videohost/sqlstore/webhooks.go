package sqlstore

import (
	"encoding/json"
	"fmt"
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
