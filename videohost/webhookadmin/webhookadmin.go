package webhookadmin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/webhooks"
)

// Domain is what the management of endpoints needs of the domain;
// *videohost.Service is one.
type Domain interface {
	videohost.Pager
	// WebhookStore is the webhook store, or EUnavailable naming webhooks.
	WebhookStore() (videohost.WebhookStore, error)
	// NewWebhookSecret makes an endpoint's signing secret and seals it
	// for the store.
	NewWebhookSecret() (secret string, sealed []byte, err error)
	// Guard checks the addresses endpoint URLs resolve to.
	Guard() *netguard.Guard
	Clock() videohost.Clock
}

// Endpoints manages the webhook endpoints of the principal's space. It
// holds no state of its own and is safe for concurrent use.
type Endpoints struct {
	d Domain
}

// New returns the Endpoints of d.
func New(d Domain) *Endpoints { return &Endpoints{d: d} }

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

func (e *Endpoints) checkURL(ctx context.Context, raw string) error {
	if raw == "" {
		return videohost.Invalid("url", "is required")
	}
	if len(raw) > videohost.MaxWebhookURLLen {
		return videohost.Invalid("url", "must be at most %d bytes", videohost.MaxWebhookURLLen)
	}
	if err := videohost.RefuseNumericHost("url", raw); err != nil {
		return err
	}
	if _, err := e.d.Guard().CheckURL(ctx, raw); err != nil {
		if errors.Is(err, netguard.ErrAddressNotAllowed) {
			return videohost.Invalid("url", "points at a private, loopback, link-local or metadata address, which is not allowed")
		}
		return videohost.Invalid("url", "%v", err)
	}
	return nil
}

// eventTypes validates a subscription list; nil means the seven kinds
// of EventTypes, without the opt-in ones.
func eventTypes(in []string) ([]videohost.EventType, error) {
	if in == nil {
		return videohost.EventTypes(), nil
	}
	if len(in) == 0 {
		return nil, videohost.Invalid("events", "must list at least one event type; leave it out for all")
	}
	var out []videohost.EventType
	for _, k := range in {
		if !webhooks.ValidKind(k) {
			return nil, videohost.Invalid("events", "unknown event type %q; known types: %s", videohost.Excerpt(k), strings.Join(webhooks.AllKinds(), ", "))
		}
		if !slices.Contains(out, videohost.EventType(k)) {
			out = append(out, videohost.EventType(k))
		}
	}
	// Lifecycle order reads better than the order the client happened to use.
	all := videohost.AllEventTypes()
	slices.SortFunc(out, func(a, b videohost.EventType) int {
		return slices.Index(all, a) - slices.Index(all, b)
	})
	return out, nil
}

// writable returns the store for a change by p: a read-only key is
// refused before the store is asked for, as every write of the API is.
func (e *Endpoints) writable(p *videohost.Principal) (videohost.WebhookStore, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	return e.d.WebhookStore()
}

// CreateWebhook adds an endpoint to the principal's space. The returned
// endpoint carries its signing secret, which is never shown again.
func (e *Endpoints) CreateWebhook(ctx context.Context, p *videohost.Principal, in CreateWebhookInput) (*videohost.WebhookEndpoint, error) {
	ws, err := e.writable(p)
	if err != nil {
		return nil, err
	}
	if err := e.checkURL(ctx, in.URL); err != nil {
		return nil, err
	}
	events, err := eventTypes(in.Events)
	if err != nil {
		return nil, err
	}
	if len(in.Description) > videohost.MaxWebhookDescription {
		return nil, videohost.Invalid("description", "must be at most %d bytes", videohost.MaxWebhookDescription)
	}
	secret, sealed, err := e.d.NewWebhookSecret()
	if err != nil {
		return nil, err
	}
	now := e.d.Clock().Now()
	w := &videohost.WebhookEndpoint{
		ID: videohost.NewID(videohost.WebhookIDLen), Space: p.Space, URL: in.URL, Description: in.Description,
		Events: events, Enabled: in.Enabled == nil || *in.Enabled, CreatedAt: now, UpdatedAt: now,
	}
	if err := ws.CreateWebhook(ctx, w, sealed); err != nil {
		return nil, fmt.Errorf("creating webhook: %w", err)
	}
	w.Secret = secret
	return w, nil
}

// Webhook returns one endpoint of the principal's space, without secret.
func (e *Endpoints) Webhook(ctx context.Context, p *videohost.Principal, id string) (*videohost.WebhookEndpoint, error) {
	ws, err := e.d.WebhookStore()
	if err != nil {
		return nil, err
	}
	return ws.Webhook(ctx, p.Space, id)
}

// Webhooks lists the endpoints of the principal's space, oldest first.
func (e *Endpoints) Webhooks(ctx context.Context, p *videohost.Principal, limit int, cursor string) (*videohost.Page[*videohost.WebhookEndpoint], error) {
	ws, err := e.d.WebhookStore()
	if err != nil {
		return nil, err
	}
	f := videohost.VideoFilter{}
	if err := e.d.ListParams(limit, cursor, "", &f); err != nil {
		return nil, err
	}
	list, err := ws.Webhooks(ctx, p.Space, f.After, f.Limit+1)
	if err != nil {
		return nil, err
	}
	return videohost.CutPage(e.d, list, f.Limit, func(last *videohost.WebhookEndpoint) videohost.Cursor {
		return videohost.Cursor{CreatedAt: last.CreatedAt, ID: last.ID}
	}), nil
}

// UpdateWebhook changes the url, events, description or enabled flag of an
// endpoint. Pending deliveries go to the new URL; disabling holds them.
func (e *Endpoints) UpdateWebhook(ctx context.Context, p *videohost.Principal, id string, in UpdateWebhookInput) (*videohost.WebhookEndpoint, error) {
	ws, err := e.writable(p)
	if err != nil {
		return nil, err
	}
	w, err := ws.Webhook(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if in.URL != nil {
		if err := e.checkURL(ctx, *in.URL); err != nil {
			return nil, err
		}
		w.URL = *in.URL
	}
	if in.Events != nil {
		if w.Events, err = eventTypes(in.Events); err != nil {
			return nil, err
		}
	}
	if in.Description != nil {
		if len(*in.Description) > videohost.MaxWebhookDescription {
			return nil, videohost.Invalid("description", "must be at most %d bytes", videohost.MaxWebhookDescription)
		}
		w.Description = *in.Description
	}
	if in.Enabled != nil {
		w.Enabled = *in.Enabled
	}
	w.UpdatedAt = e.d.Clock().Now()
	if err := ws.UpdateWebhook(ctx, w); err != nil {
		return nil, err
	}
	return w, nil
}

// DeleteWebhook removes an endpoint and its delivery log; nothing more is
// sent to it.
func (e *Endpoints) DeleteWebhook(ctx context.Context, p *videohost.Principal, id string) error {
	ws, err := e.writable(p)
	if err != nil {
		return err
	}
	return ws.DeleteWebhook(ctx, p.Space, id)
}

// RotateWebhookSecret gives an endpoint a new secret, returned once. The
// old one keeps signing for PreviousSecretGrace: every delivery meanwhile
// carries both signatures.
func (e *Endpoints) RotateWebhookSecret(ctx context.Context, p *videohost.Principal, id string) (*videohost.WebhookEndpoint, error) {
	ws, err := e.writable(p)
	if err != nil {
		return nil, err
	}
	secret, sealed, err := e.d.NewWebhookSecret()
	if err != nil {
		return nil, err
	}
	now := e.d.Clock().Now()
	w, err := ws.RotateWebhookSecret(ctx, p.Space, id, sealed, now.Add(videohost.PreviousSecretGrace), now)
	if err != nil {
		return nil, err
	}
	w.Secret = secret
	return w, nil
}

// endpoint returns the store once the endpoint is found in the
// principal's space: deliveries are read by endpoint id alone.
func (e *Endpoints) endpoint(ctx context.Context, p *videohost.Principal, id string) (videohost.WebhookStore, error) {
	ws, err := e.d.WebhookStore()
	if err != nil {
		return nil, err
	}
	if _, err := ws.Webhook(ctx, p.Space, id); err != nil {
		return nil, err
	}
	return ws, nil
}

// WebhookDeliveries lists an endpoint's deliveries, newest first.
func (e *Endpoints) WebhookDeliveries(ctx context.Context, p *videohost.Principal, id string, limit int, cursor string) (*videohost.Page[*videohost.WebhookDelivery], error) {
	ws, err := e.endpoint(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return videohost.PageBySeq(e.d, limit, cursor, "a delivery", func(before int64, limit int) ([]*videohost.WebhookDelivery, error) {
		return ws.WebhookDeliveries(ctx, id, before, limit)
	}, func(d *videohost.WebhookDelivery) int64 { return d.Seq })
}

// WebhookDelivery returns one delivery of an endpoint with its attempts.
func (e *Endpoints) WebhookDelivery(ctx context.Context, p *videohost.Principal, id, delivery string) (*videohost.WebhookDelivery, error) {
	ws, err := e.endpoint(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return ws.WebhookDelivery(ctx, id, delivery)
}

// RetryWebhookDelivery schedules an immediate new attempt of a delivery,
// failed and delivered ones included (a replay).
func (e *Endpoints) RetryWebhookDelivery(ctx context.Context, p *videohost.Principal, id, delivery string) (*videohost.WebhookDelivery, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	ws, err := e.endpoint(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return ws.RetryWebhookDelivery(ctx, id, delivery, e.d.Clock().Now())
}

// TestWebhook queues a signed webhook.test event for one endpoint, due now,
// and returns its delivery. It is sent even when the endpoint is not
// subscribed to anything in particular, but not while it is disabled.
func (e *Endpoints) TestWebhook(ctx context.Context, p *videohost.Principal, id string) (*videohost.WebhookDelivery, error) {
	ws, err := e.writable(p)
	if err != nil {
		return nil, err
	}
	w, err := ws.Webhook(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if !w.Enabled {
		return nil, videohost.Errorf(videohost.EConflict, "webhook %s is disabled; enable it to send a test event", id)
	}
	now := e.d.Clock().Now()
	data, err := json.Marshal(map[string]string{
		"webhook": w.ID, "space": w.Space, "message": "This is a test event from Reel.",
	})
	if err != nil {
		return nil, fmt.Errorf("rendering test event: %w", err)
	}
	d := &videohost.WebhookDelivery{
		ID: videohost.NewID(videohost.WebhookDeliveryIDLen), Endpoint: w.ID, EventID: "evt_" + videohost.NewID(24),
		Type: webhooks.KindWebhookTest, State: videohost.DeliveryPending, Attempts: []videohost.DeliveryAttempt{},
		CreatedAt: now, NextAttemptAt: &now, EventAt: now, Data: data,
	}
	if err := ws.CreateWebhookDelivery(ctx, d); err != nil {
		return nil, fmt.Errorf("queueing test event: %w", err)
	}
	return d, nil
}
