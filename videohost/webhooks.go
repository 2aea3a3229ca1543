package videohost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost/netguard"
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

// webhookStore is the configured WebhookStore, or the Store when it also
// implements one (the SQLite store does), so that embedding apps need no
// extra wiring.
func (s *Service) webhookStore() (WebhookStore, error) {
	return need(s.caps.webhooks, "webhooks", "store")
}

// CreateWebhookInput is the body of POST /v1/webhooks.
type CreateWebhookInput struct {
	URL string `json:"url"`
	// Events is a subset of AllEventTypes; absent means the seven of
	// EventTypes (the opt-in kinds go only to endpoints that list them).
	Events      []string `json:"events"`
	Description string   `json:"description"`
	// Enabled defaults to true.
	Enabled *bool `json:"enabled"`
}

// UpdateWebhookInput is the body of PATCH /v1/webhooks/{id}; absent fields
// are kept.
type UpdateWebhookInput struct {
	URL         *string  `json:"url"`
	Events      []string `json:"events"`
	Description *string  `json:"description"`
	Enabled     *bool    `json:"enabled"`
}

func (s *Service) checkWebhookURL(ctx context.Context, raw string) error {
	if raw == "" {
		return Invalid("url", "is required")
	}
	if len(raw) > MaxWebhookURLLen {
		return Invalid("url", "must be at most %d bytes", MaxWebhookURLLen)
	}
	if err := RefuseNumericHost("url", raw); err != nil {
		return err
	}
	if _, err := s.guard.CheckURL(ctx, raw); err != nil {
		if errors.Is(err, netguard.ErrAddressNotAllowed) {
			return Invalid("url", "points at a private, loopback, link-local or metadata address, which is not allowed")
		}
		return Invalid("url", "%v", err)
	}
	return nil
}

// webhookEvents validates a subscription list; nil means the seven kinds
// of EventTypes, without the opt-in ones.
func webhookEvents(in []string) ([]EventType, error) {
	if in == nil {
		return EventTypes(), nil
	}
	if len(in) == 0 {
		return nil, Invalid("events", "must list at least one event type; leave it out for all")
	}
	var out []EventType
	for _, k := range in {
		if !webhooks.ValidKind(k) {
			return nil, Invalid("events", "unknown event type %q; known types: %s", Excerpt(k), strings.Join(webhooks.AllKinds(), ", "))
		}
		if !slices.Contains(out, EventType(k)) {
			out = append(out, EventType(k))
		}
	}
	// Lifecycle order reads better than the order the client happened to use.
	all := AllEventTypes()
	slices.SortFunc(out, func(a, b EventType) int {
		return slices.Index(all, a) - slices.Index(all, b)
	})
	return out, nil
}

// CreateWebhook adds an endpoint to the principal's space. The returned
// endpoint carries its signing secret, which is never shown again.
func (s *Service) CreateWebhook(ctx context.Context, p *Principal, in CreateWebhookInput) (*WebhookEndpoint, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	if err := s.checkWebhookURL(ctx, in.URL); err != nil {
		return nil, err
	}
	events, err := webhookEvents(in.Events)
	if err != nil {
		return nil, err
	}
	if len(in.Description) > MaxWebhookDescription {
		return nil, Invalid("description", "must be at most %d bytes", MaxWebhookDescription)
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, err
	}
	sealed, err := s.seal(secret)
	if err != nil {
		return nil, fmt.Errorf("sealing webhook secret: %w", err)
	}
	now := s.clock.Now()
	w := &WebhookEndpoint{
		ID: NewID(WebhookIDLen), Space: p.Space, URL: in.URL, Description: in.Description,
		Events: events, Enabled: in.Enabled == nil || *in.Enabled, CreatedAt: now, UpdatedAt: now,
	}
	if err := ws.CreateWebhook(ctx, w, sealed); err != nil {
		return nil, fmt.Errorf("creating webhook: %w", err)
	}
	w.Secret = secret
	return w, nil
}

// Webhook returns one endpoint of the principal's space, without secret.
func (s *Service) Webhook(ctx context.Context, p *Principal, id string) (*WebhookEndpoint, error) {
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	return ws.Webhook(ctx, p.Space, id)
}

// Webhooks lists the endpoints of the principal's space, oldest first.
func (s *Service) Webhooks(ctx context.Context, p *Principal, limit int, cursor string) (*Page[*WebhookEndpoint], error) {
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	f := VideoFilter{}
	if err := s.listParams(limit, cursor, "", &f); err != nil {
		return nil, err
	}
	list, err := ws.Webhooks(ctx, p.Space, f.After, f.Limit+1)
	if err != nil {
		return nil, err
	}
	page := &Page[*WebhookEndpoint]{Data: list}
	if len(list) > f.Limit {
		page.Data = list[:f.Limit]
		last := page.Data[f.Limit-1]
		c := s.encodeCursor(Cursor{CreatedAt: last.CreatedAt, ID: last.ID})
		page.NextCursor = &c
	}
	if page.Data == nil {
		page.Data = []*WebhookEndpoint{}
	}
	return page, nil
}

// UpdateWebhook changes the url, events, description or enabled flag of an
// endpoint. Pending deliveries go to the new URL; disabling holds them.
func (s *Service) UpdateWebhook(ctx context.Context, p *Principal, id string, in UpdateWebhookInput) (*WebhookEndpoint, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	w, err := ws.Webhook(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if in.URL != nil {
		if err := s.checkWebhookURL(ctx, *in.URL); err != nil {
			return nil, err
		}
		w.URL = *in.URL
	}
	if in.Events != nil {
		if w.Events, err = webhookEvents(in.Events); err != nil {
			return nil, err
		}
	}
	if in.Description != nil {
		if len(*in.Description) > MaxWebhookDescription {
			return nil, Invalid("description", "must be at most %d bytes", MaxWebhookDescription)
		}
		w.Description = *in.Description
	}
	if in.Enabled != nil {
		w.Enabled = *in.Enabled
	}
	w.UpdatedAt = s.clock.Now()
	if err := ws.UpdateWebhook(ctx, w); err != nil {
		return nil, err
	}
	return w, nil
}

// DeleteWebhook removes an endpoint and its delivery log; nothing more is
// sent to it.
func (s *Service) DeleteWebhook(ctx context.Context, p *Principal, id string) error {
	if err := requireWrite(p); err != nil {
		return err
	}
	ws, err := s.webhookStore()
	if err != nil {
		return err
	}
	return ws.DeleteWebhook(ctx, p.Space, id)
}

// RotateWebhookSecret gives an endpoint a new secret, returned once. The
// old one keeps signing for PreviousSecretGrace: every delivery meanwhile
// carries both signatures.
func (s *Service) RotateWebhookSecret(ctx context.Context, p *Principal, id string) (*WebhookEndpoint, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, err
	}
	sealed, err := s.seal(secret)
	if err != nil {
		return nil, fmt.Errorf("sealing webhook secret: %w", err)
	}
	now := s.clock.Now()
	w, err := ws.RotateWebhookSecret(ctx, p.Space, id, sealed, now.Add(PreviousSecretGrace), now)
	if err != nil {
		return nil, err
	}
	w.Secret = secret
	return w, nil
}

// WebhookDeliveries lists an endpoint's deliveries, newest first.
func (s *Service) WebhookDeliveries(ctx context.Context, p *Principal, id string, limit int, cursor string) (*Page[*WebhookDelivery], error) {
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	if _, err := ws.Webhook(ctx, p.Space, id); err != nil {
		return nil, err
	}
	f := VideoFilter{}
	if err := s.listParams(limit, cursor, "", &f); err != nil {
		return nil, err
	}
	var before int64
	if f.After != nil {
		if before, err = strconv.ParseInt(f.After.ID, 10, 64); err != nil {
			return nil, Invalid("cursor", "is not a delivery cursor")
		}
	}
	list, err := ws.WebhookDeliveries(ctx, id, before, f.Limit+1)
	if err != nil {
		return nil, err
	}
	page := &Page[*WebhookDelivery]{Data: list}
	if len(list) > f.Limit {
		page.Data = list[:f.Limit]
		c := s.encodeCursor(Cursor{ID: strconv.FormatInt(page.Data[f.Limit-1].Seq, 10)})
		page.NextCursor = &c
	}
	if page.Data == nil {
		page.Data = []*WebhookDelivery{}
	}
	return page, nil
}

// WebhookDelivery returns one delivery of an endpoint with its attempts.
func (s *Service) WebhookDelivery(ctx context.Context, p *Principal, id, delivery string) (*WebhookDelivery, error) {
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	if _, err := ws.Webhook(ctx, p.Space, id); err != nil {
		return nil, err
	}
	return ws.WebhookDelivery(ctx, id, delivery)
}

// RetryWebhookDelivery schedules an immediate new attempt of a delivery,
// failed and delivered ones included (a replay).
func (s *Service) RetryWebhookDelivery(ctx context.Context, p *Principal, id, delivery string) (*WebhookDelivery, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	if _, err := ws.Webhook(ctx, p.Space, id); err != nil {
		return nil, err
	}
	return ws.RetryWebhookDelivery(ctx, id, delivery, s.clock.Now())
}

// TestWebhook queues a signed webhook.test event for one endpoint, due now,
// and returns its delivery. It is sent even when the endpoint is not
// subscribed to anything in particular, but not while it is disabled.
func (s *Service) TestWebhook(ctx context.Context, p *Principal, id string) (*WebhookDelivery, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	w, err := ws.Webhook(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if !w.Enabled {
		return nil, Errorf(EConflict, "webhook %s is disabled; enable it to send a test event", id)
	}
	now := s.clock.Now()
	data, err := json.Marshal(map[string]string{
		"webhook": w.ID, "space": w.Space, "message": "This is a test event from Reel.",
	})
	if err != nil {
		return nil, err
	}
	d := &WebhookDelivery{
		ID: NewID(WebhookDeliveryIDLen), Endpoint: w.ID, EventID: "evt_" + NewID(24),
		Type: webhooks.KindWebhookTest, State: DeliveryPending, Attempts: []DeliveryAttempt{},
		CreatedAt: now, NextAttemptAt: &now, EventAt: now, Data: data,
	}
	if err := ws.CreateWebhookDelivery(ctx, d); err != nil {
		return nil, fmt.Errorf("queueing test event: %w", err)
	}
	return d, nil
}

// ---- dispatcher side ----

// FanOutWebhookEvents turns up to limit outbox events into deliveries; it
// returns how many events it consumed.
func (s *Jobs) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	ws, err := s.webhookStore()
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
	ws, err := s.webhookStore()
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
	ws, err := s.webhookStore()
	if err != nil {
		return err
	}
	return ws.RecordWebhookAttempt(ctx, d.Seq, owner, a, state, next, holdRestUntil)
}

// ReleaseWebhookDelivery hands a claimed delivery back untried.
func (s *Jobs) ReleaseWebhookDelivery(ctx context.Context, owner string, d *WebhookDelivery) error {
	ws, err := s.webhookStore()
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
