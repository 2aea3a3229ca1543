package videohost

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

// Limits and lengths of webhook endpoints and deliveries.
const (
	WebhookIDLen          = 12
	WebhookDeliveryIDLen  = 16
	MaxWebhookURLLen      = 2048
	MaxWebhookDescription = 1000
	// PreviousSecretGrace is how long a rotated-out secret keeps signing: both
	// signatures are sent meanwhile, so receivers can switch without a gap.
	PreviousSecretGrace = 24 * time.Hour
	// MaxResponseExcerpt bounds the receiver's answer kept with an attempt.
	MaxResponseExcerpt = 4 << 10
	// MaxWebhooksPerSpace bounds a space's endpoints: each event becomes a
	// delivery per endpoint, so endpoints multiply the work every change
	// costs (and the requests Reel sends out).
	MaxWebhooksPerSpace = 20
)

// TooManyWebhooks is the refusal of an endpoint past MaxWebhooksPerSpace.
func TooManyWebhooks() *Error {
	return Errorf(EConflict, "a space has at most %d webhook endpoints: delete one before adding another", MaxWebhooksPerSpace)
}

// WebhookEndpoint is a URL that receives the events of a space.
type WebhookEndpoint struct {
	ID          string      `json:"id"`
	Space       string      `json:"space"`
	URL         string      `json:"url"`
	Description string      `json:"description"`
	Events      []EventType `json:"events"`
	Enabled     bool        `json:"enabled"`
	// Secret is set only in the answers that create it (creation and
	// rotation); the store keeps it sealed.
	Secret string `json:"secret,omitempty"`
	// PreviousSecretExpiresAt is when the secret replaced by the last
	// rotation stops signing; nil when there is none.
	PreviousSecretExpiresAt *time.Time `json:"previous_secret_expires_at"`
	CreatedAt               time.Time  `json:"created_at"`
	UpdatedAt               time.Time  `json:"updated_at"`
}

// Subscribed reports whether the endpoint wants events of type t.
func (w *WebhookEndpoint) Subscribed(t EventType) bool { return slices.Contains(w.Events, t) }

// DeliveryState is where a delivery is.
type DeliveryState string

const (
	// DeliveryPending waits for its next attempt (the first one included).
	DeliveryPending DeliveryState = "pending"
	// DeliveryDelivered got a 2xx answer.
	DeliveryDelivered DeliveryState = "delivered"
	// DeliveryFailed spent its retry schedule; a manual retry revives it.
	DeliveryFailed DeliveryState = "failed"
)

// DeliveryAttempt is one try at sending a delivery, as the log shows it.
type DeliveryAttempt struct {
	At time.Time `json:"at"`
	// Status is the HTTP status of the answer; 0 when there was none
	// (timeout, refused connection, refused address).
	Status          int    `json:"status"`
	DurationMS      int64  `json:"duration_ms"`
	Error           string `json:"error"`
	ResponseExcerpt string `json:"response_excerpt"`
}

// WebhookDelivery is one event on its way to one endpoint.
type WebhookDelivery struct {
	ID       string `json:"id"`
	Endpoint string `json:"endpoint"`
	// EventID is the webhook-id header: the same for every attempt and every
	// endpoint, so receivers can drop duplicates.
	EventID       string            `json:"event_id"`
	Type          string            `json:"type"`
	State         DeliveryState     `json:"state"`
	Attempts      []DeliveryAttempt `json:"attempts"`
	CreatedAt     time.Time         `json:"created_at"`
	NextAttemptAt *time.Time        `json:"next_attempt_at"`

	// Seq orders deliveries: it follows the outbox, so an endpoint's
	// deliveries are first tried in the order of the transitions.
	Seq int64 `json:"-"`
	// EventAt is the timestamp of the envelope (the time of the transition).
	EventAt time.Time `json:"-"`
	// Data is the envelope's data: the video JSON of the outbox row.
	Data json.RawMessage `json:"-"`
	// AttemptCount is the number of attempts made so far; the store keeps it
	// even where Attempts is not loaded.
	AttemptCount int `json:"-"`
}

// ClaimedDelivery is a delivery leased to a dispatcher, with what the store
// knows of its endpoint.
type ClaimedDelivery struct {
	Delivery             *WebhookDelivery
	URL                  string
	SealedSecret         []byte
	SealedPreviousSecret []byte    // nil when there is none
	PreviousSecretUntil  time.Time // the previous secret signs until then
}

// WebhookSend is a claimed delivery ready to send: its target and the
// secrets that sign it (the current one first).
type WebhookSend struct {
	Delivery *WebhookDelivery
	URL      string
	Secrets  []string
}

// Envelope returns the body of the delivery: {"type","timestamp","data"}.
// It is the same bytes for every attempt.
func (d *WebhookDelivery) Envelope() ([]byte, error) {
	body, err := json.Marshal(webhooks.Event{Type: d.Type, Timestamp: d.EventAt, Data: d.Data})
	if err != nil {
		return nil, fmt.Errorf("rendering envelope of %s: %w", d.ID, err)
	}
	return body, nil
}

// WebhookStore is the configured WebhookStore, or the Store when it also
// implements one (the SQLite store does), so that embedding apps need no
// extra wiring; EUnavailable naming webhooks when there is neither.
func (s *Service) WebhookStore() (WebhookStore, error) {
	return need(s.caps.webhooks, "webhooks", "store")
}

// NewWebhookSecret makes the signing secret of an endpoint and seals it
// for the store, so that the sealing key never leaves the service
// (videohost/webhookadmin creates and rotates endpoints).
func (s *Service) NewWebhookSecret() (secret string, sealed []byte, err error) {
	secret, err = webhooks.NewSecret()
	if err != nil {
		return "", nil, err
	}
	if sealed, err = s.seal(secret); err != nil {
		return "", nil, fmt.Errorf("sealing webhook secret: %w", err)
	}
	return secret, sealed, nil
}

// ---- dispatcher side ----

// FanOutWebhookEvents turns up to limit outbox events into deliveries; it
// returns how many events it consumed.
func (s *Jobs) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	ws, err := s.WebhookStore()
	if err != nil {
		return 0, err
	}
	return ws.FanOutWebhookEvents(ctx, limit, now)
}

// ClaimWebhookDeliveries leases due deliveries to owner (see
// WebhookStore.ClaimWebhookDeliveries) and unseals the
// secrets that sign them. A delivery whose secret cannot be unsealed (the
// server secret changed) is released and logged, never sent unsigned.
func (s *Jobs) ClaimWebhookDeliveries(ctx context.Context, owner string, endpoints, perEndpoint int, lease time.Duration, now time.Time) ([]*WebhookSend, error) {
	ws, err := s.WebhookStore()
	if err != nil {
		return nil, err
	}
	claimed, err := ws.ClaimWebhookDeliveries(ctx, owner, endpoints, perEndpoint, lease, now)
	if err != nil {
		return nil, err
	}
	out := make([]*WebhookSend, 0, len(claimed))
	for _, c := range claimed {
		secrets, err := s.webhookSecrets(c, now)
		if err != nil {
			s.log.ErrorContext(ctx, "unsealing webhook secret", "delivery", c.Delivery.ID, "err", err)
			if err := ws.ReleaseWebhookDelivery(ctx, c.Delivery.Seq, owner); err != nil {
				s.log.ErrorContext(ctx, "releasing webhook delivery", "delivery", c.Delivery.ID, "err", err)
			}
			continue
		}
		out = append(out, &WebhookSend{Delivery: c.Delivery, URL: c.URL, Secrets: secrets})
	}
	return out, nil
}

func (s *Service) webhookSecrets(c *ClaimedDelivery, now time.Time) ([]string, error) {
	current, err := s.unseal(c.SealedSecret)
	if err != nil {
		return nil, err
	}
	secrets := []string{current}
	if len(c.SealedPreviousSecret) > 0 && now.Before(c.PreviousSecretUntil) {
		previous, err := s.unseal(c.SealedPreviousSecret)
		if err != nil {
			return nil, err
		}
		secrets = append(secrets, previous)
	}
	return secrets, nil
}

// RecordWebhookAttempt logs an attempt of a claimed delivery and moves it
// on; owner's leases on the rest of its batch are renewed to holdRestUntil
// (zero: unchanged).
func (s *Jobs) RecordWebhookAttempt(ctx context.Context, owner string, d *WebhookDelivery, a DeliveryAttempt, state DeliveryState, next, holdRestUntil time.Time) error {
	ws, err := s.WebhookStore()
	if err != nil {
		return err
	}
	return ws.RecordWebhookAttempt(ctx, d.Seq, owner, a, state, next, holdRestUntil)
}

// ReleaseWebhookDelivery hands a claimed delivery back untried.
func (s *Jobs) ReleaseWebhookDelivery(ctx context.Context, owner string, d *WebhookDelivery) error {
	ws, err := s.WebhookStore()
	if err != nil {
		return err
	}
	return ws.ReleaseWebhookDelivery(ctx, d.Seq, owner)
}

// WebhookBacklog counts the deliveries of one endpoint that are not
// delivered.
type WebhookBacklog struct {
	Endpoint string
	Pending  int64 // waiting for their first attempt or a retry
	Failed   int64 // retries spent: failed for good
}
