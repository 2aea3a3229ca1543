package sqlstore

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Store is the half of a SQL store that does not depend on its database:
// the methods of videohost's store interfaces whose logic is the same in
// both, run on the Conns a store adapts, with the SQL text it gives in
// Queries. A store embeds it and writes only what its database does its
// own way (locking, batching, RETURNING against LastInsertId, …).
type Store struct {
	// Read is where reads go, Write where writes of one statement go.
	Read, Write Conn
	// InTx runs fn in a write transaction, committed when fn returns nil.
	InTx func(ctx context.Context, fn func(tx Tx) error) error
	// ClaimDeliveries leases deliveries in tx as c says, the store's way,
	// for ClaimWebhookDeliveries.
	ClaimDeliveries func(ctx context.Context, tx Tx, c Claim) ([]*videohost.ClaimedDelivery, error)
	// Now is the store's clock, in UTC.
	Now func() time.Time
	// Round brings a time to the precision the store keeps.
	Round func(time.Time) time.Time
	// Limit is LIMIT's argument for n, where n <= 0 means no limit.
	Limit func(n int) any
	Q     Queries
}

// Queries is a store's SQL text for Store, each with its arguments in the
// order the method that runs it gives.
type Queries struct {
	// PlayerSettings selects (kind, id, settings) given a space and n
	// (kind, id) pairs.
	PlayerSettings func(n int) string
	// DeletePlayerSettings (space, kind, id); PutPlayerSettings upserts
	// (space, kind, id, settings, updated_at).
	DeletePlayerSettings, PutPlayerSettings string

	// SetProgress upserts video_progress (video_id, done, updated_at);
	// Progress selects (video_id, done) of some videos.
	SetProgress string
	Progress    ListQuery[string]

	// Events is LoadEvents' query; VideoEvents is VideoEvents'.
	Events      string
	VideoEvents VideoEventsSQL

	// Webhook selects WebhookColumns given id and space.
	Webhook string
	// UpdateWebhook, RotateWebhookSecret and DeleteWebhook are the queries
	// of the functions of those names.
	UpdateWebhook, RotateWebhookSecret, DeleteWebhook string
	// Deliveries selects a page of an endpoint's deliveries (see
	// WebhookDeliveries), Delivery one (see WebhookDelivery), Attempts
	// their attempts (see LoadAttempts).
	Deliveries, Delivery string
	Attempts             ListQuery[int64]
	// DueDeliveries tells whether a delivery is due, given now.
	DueDeliveries string
	// RetryDelivery makes a delivery pending again given now, endpoint and
	// id, unless it is leased.
	RetryDelivery string
	// Attempt is RecordWebhookAttempt's; ReleaseDelivery frees a lease by
	// seq.
	Attempt         AttemptSQL
	ReleaseDelivery string

	Videos      VideoSQL
	Chunks      ChunkSQL
	Collections CollectionSQL
	Copy        CopySQL
	Playback    PlaybackSQL

	// Arg is the placeholder of the nth argument (from 1), for the few
	// conditions the logic here adds to a store's query.
	Arg func(n int) string
}

// What a store embedding Store implements through it alone.
var (
	_ videohost.ProgressStore       = (*Store)(nil)
	_ videohost.VideoEventStore     = (*Store)(nil)
	_ videohost.PlayerSettingsStore = (*Store)(nil)
)

func (s *Store) round(t time.Time) time.Time { return s.Round(t) }

// PlayerSettings returns the settings of those scopes of space that have any.
func (s *Store) PlayerSettings(ctx context.Context, space string, scopes []videohost.PlayerScope) (map[videohost.PlayerScope]videohost.PlayerSettings, error) {
	return LoadPlayerSettings(ctx, s.Read, space, scopes, s.Q.PlayerSettings)
}

// PutPlayerSettings replaces the settings of a scope; zero settings remove its row.
func (s *Store) PutPlayerSettings(ctx context.Context, space string, scope videohost.PlayerScope, ps videohost.PlayerSettings, now time.Time) error {
	return PutPlayerSettings(ctx, s.Write, s.Q.DeletePlayerSettings, s.Q.PutPlayerSettings, space, scope, ps, now)
}

// SetVideoProgress records how much of a video's encode is done.
func (s *Store) SetVideoProgress(ctx context.Context, videoID string, done float64, at time.Time) error {
	return Exec(ctx, s.Write, "recording progress", s.Q.SetProgress, videoID, done, at)
}

// VideoProgress returns the recorded progress of those of ids that have one.
func (s *Store) VideoProgress(ctx context.Context, ids []string) (map[string]float64, error) {
	return LoadProgress(ctx, s.Read, ids, s.Q.Progress)
}

// Events returns outbox events with Seq > after, oldest first; limit <= 0
// means all of them.
func (s *Store) Events(ctx context.Context, after int64, limit int) ([]*videohost.Event, error) {
	return LoadEvents(ctx, s.Read, s.Q.Events, after, s.Limit(limit))
}

// VideoEvents lists a video's outbox events, newest first, each with its
// deliveries and their attempts.
func (s *Store) VideoEvents(ctx context.Context, space, videoID string, before int64, limit int) ([]*videohost.VideoEvent, error) {
	return VideoEvents(ctx, s.Read, s.Q.VideoEvents, space, videoID, before, s.Limit(limit))
}

// Webhook returns one endpoint of space.
func (s *Store) Webhook(ctx context.Context, space, id string) (*videohost.WebhookEndpoint, error) {
	return LoadWebhook(ctx, s.Read, s.Q.Webhook, space, id, s.Now())
}

// UpdateWebhook saves the editable fields of w.
func (s *Store) UpdateWebhook(ctx context.Context, w *videohost.WebhookEndpoint) error {
	w.UpdatedAt = s.round(w.UpdatedAt)
	return UpdateWebhook(ctx, s.Write, s.Q.UpdateWebhook, w)
}

// RotateWebhookSecret moves the current secret to previous (valid until
// previousUntil) and stores sealed as the current one.
func (s *Store) RotateWebhookSecret(ctx context.Context, space, id string, sealed []byte, previousUntil, now time.Time) (*videohost.WebhookEndpoint, error) {
	if err := RotateWebhookSecret(ctx, s.Write, s.Q.RotateWebhookSecret, space, id, sealed, previousUntil, now); err != nil {
		return nil, err
	}
	return s.Webhook(ctx, space, id)
}

// DeleteWebhook removes the endpoint; its deliveries and attempts go with it.
func (s *Store) DeleteWebhook(ctx context.Context, space, id string) error {
	return DeleteWebhook(ctx, s.Write, s.Q.DeleteWebhook, space, id)
}

// RecordWebhookAttempt logs an attempt and moves the delivery to state,
// releasing its lease and renewing owner's leases on the rest of its batch
// to holdRestUntil (zero: unchanged).
func (s *Store) RecordWebhookAttempt(ctx context.Context, seq int64, owner string, a videohost.DeliveryAttempt, state videohost.DeliveryState, next, holdRestUntil time.Time) error {
	return s.InTx(ctx, func(tx Tx) error {
		return RecordWebhookAttempt(ctx, tx, s.Q.Attempt, seq, owner, a, state, next, holdRestUntil)
	})
}

// ReleaseWebhookDelivery hands a leased delivery back without an attempt.
func (s *Store) ReleaseWebhookDelivery(ctx context.Context, seq int64, owner string) error {
	return s.InTx(ctx, func(tx Tx) error {
		return ReleaseWebhookDelivery(ctx, tx, s.Q.Attempt.Lease, s.Q.ReleaseDelivery, seq, owner)
	})
}

// WebhookDeliveries lists the deliveries of endpoint, newest first, with
// their attempts.
func (s *Store) WebhookDeliveries(ctx context.Context, endpoint string, before int64, limit int) ([]*videohost.WebhookDelivery, error) {
	return WebhookDeliveries(ctx, s.Read, s.Q.Deliveries, s.Q.Attempts, endpoint, before, s.Limit(limit))
}

// WebhookDelivery returns one delivery of endpoint with its attempts.
func (s *Store) WebhookDelivery(ctx context.Context, endpoint, id string) (*videohost.WebhookDelivery, error) {
	return WebhookDelivery(ctx, s.Read, s.Q.Delivery, s.Q.Attempts, endpoint, id)
}

// RetryWebhookDelivery makes the delivery pending and due at now, unless an
// attempt is under way (that attempt is the retry).
func (s *Store) RetryWebhookDelivery(ctx context.Context, endpoint, id string, now time.Time) (*videohost.WebhookDelivery, error) {
	if err := Exec(ctx, s.Write, "retrying delivery", s.Q.RetryDelivery, now, endpoint, id); err != nil {
		return nil, err
	}
	return s.WebhookDelivery(ctx, endpoint, id)
}

// Check reports the fields of s, and of its Queries, that the store left
// empty: each is a method that would fail only when called.
func (s *Store) Check() error {
	var missing []string
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		for i := range v.NumField() {
			f, name := v.Field(i), path+v.Type().Field(i).Name
			switch {
			case f.Kind() == reflect.Struct:
				walk(f, name+".")
			case f.IsZero():
				missing = append(missing, name)
			}
		}
	}
	walk(reflect.ValueOf(s).Elem(), "")
	if len(missing) > 0 {
		return fmt.Errorf("sql store: missing %s", strings.Join(missing, ", "))
	}
	return nil
}
