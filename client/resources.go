package client

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"time"
)

// ---- collections ----

// CreateCollection creates a collection, nested under in.Parent when set.
func (c *Client) CreateCollection(ctx context.Context, in CollectionInput) (*Collection, error) {
	var col Collection
	if err := c.doJSON(ctx, http.MethodPost, "/v1/collections", nil, in, &col); err != nil {
		return nil, err
	}
	return &col, nil
}

// Collection returns one collection.
func (c *Client) Collection(ctx context.Context, id string) (*Collection, error) {
	var col Collection
	if err := c.doJSON(ctx, http.MethodGet, "/v1/collections/"+pathEscape(id), nil, nil, &col); err != nil {
		return nil, err
	}
	return &col, nil
}

// UpdateCollection renames or moves a collection.
func (c *Client) UpdateCollection(ctx context.Context, id string, in CollectionInput) (*Collection, error) {
	var col Collection
	if err := c.doJSON(ctx, http.MethodPatch, "/v1/collections/"+pathEscape(id), nil, in, &col); err != nil {
		return nil, err
	}
	return &col, nil
}

// DeleteCollection deletes an empty collection, or with recursive the whole
// tree and every video in it.
func (c *Client) DeleteCollection(ctx context.Context, id string, recursive bool) error {
	var q url.Values
	if recursive {
		q = url.Values{"recursive": {"true"}}
	}
	return c.doJSON(ctx, http.MethodDelete, "/v1/collections/"+pathEscape(id), q, nil, nil)
}

// ListCollections returns one page of collections.
func (c *Client) ListCollections(ctx context.Context, p ListCollectionsParams) (*Page[*Collection], error) {
	q := url.Values{}
	setInt(q, "limit", p.Limit)
	setStr(q, "cursor", p.Cursor)
	if p.Parent != nil {
		q.Set("parent", *p.Parent)
	}
	var page Page[*Collection]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/collections", q, nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// CollectionsIter yields every collection matching p across pages.
func (c *Client) CollectionsIter(ctx context.Context, p ListCollectionsParams) iter.Seq2[*Collection, error] {
	return pages(func(cursor string) (*Page[*Collection], error) {
		p.Cursor = cursor
		return c.ListCollections(ctx, p)
	}, p.Cursor)
}

// ---- spaces, for an admin key (refserver keys create --admin) ----

// CreateSpace creates a space (admin key only).
func (c *Client) CreateSpace(ctx context.Context, in SpaceInput) (*Space, error) {
	var sp Space
	if err := c.doJSON(ctx, http.MethodPost, "/v1/spaces", nil, in, &sp); err != nil {
		return nil, err
	}
	return &sp, nil
}

// AdminSpace returns any space with its quotas and usage (admin key only).
func (c *Client) AdminSpace(ctx context.Context, id string) (*Space, error) {
	var sp Space
	if err := c.doJSON(ctx, http.MethodGet, "/v1/spaces/"+pathEscape(id), nil, nil, &sp); err != nil {
		return nil, err
	}
	return &sp, nil
}

// UpdateSpace renames a space or changes its quotas (admin key only).
func (c *Client) UpdateSpace(ctx context.Context, id string, in SpaceInput) (*Space, error) {
	var sp Space
	if err := c.doJSON(ctx, http.MethodPatch, "/v1/spaces/"+pathEscape(id), nil, in, &sp); err != nil {
		return nil, err
	}
	return &sp, nil
}

// DeleteSpace deletes a space holding no video and no collection, or with
// recursive everything in it first (admin key only).
func (c *Client) DeleteSpace(ctx context.Context, id string, recursive bool) error {
	var q url.Values
	if recursive {
		q = url.Values{"recursive": {"true"}}
	}
	return c.doJSON(ctx, http.MethodDelete, "/v1/spaces/"+pathEscape(id), q, nil, nil)
}

// ListSpaces returns one page of the installation's spaces, by id (admin
// key only).
func (c *Client) ListSpaces(ctx context.Context, p ListParams) (*Page[*Space], error) {
	q := url.Values{}
	setInt(q, "limit", p.Limit)
	setStr(q, "cursor", p.Cursor)
	var page Page[*Space]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/spaces", q, nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// SpacesIter yields every space across pages (admin key only).
func (c *Client) SpacesIter(ctx context.Context, p ListParams) iter.Seq2[*Space, error] {
	return pages(func(cursor string) (*Page[*Space], error) {
		p.Cursor = cursor
		return c.ListSpaces(ctx, p)
	}, p.Cursor)
}

// CreateSpaceKey creates an API key in a space (admin key only); its
// secret is in Secret, shown once.
func (c *Client) CreateSpaceKey(ctx context.Context, space, access, name string) (*Key, error) {
	var k Key
	body := map[string]string{"access": access, "name": name}
	if err := c.doJSON(ctx, http.MethodPost, "/v1/spaces/"+pathEscape(space)+"/keys", nil, body, &k); err != nil {
		return nil, err
	}
	return &k, nil
}

// ---- space and keys ----

// Space returns the space of the client's key.
func (c *Client) Space(ctx context.Context) (*Space, error) {
	var sp Space
	if err := c.doJSON(ctx, http.MethodGet, "/v1/space", nil, nil, &sp); err != nil {
		return nil, err
	}
	return &sp, nil
}

// CreateKey creates an API key ("read_write" or "read_only"); the answer
// carries the secret, shown only this once.
func (c *Client) CreateKey(ctx context.Context, access, name string) (*Key, error) {
	in := createKeyInput{access, name}
	var k Key
	if err := c.doJSON(ctx, http.MethodPost, "/v1/keys", nil, in, &k); err != nil {
		return nil, err
	}
	return &k, nil
}

// Keys lists the API keys of the space, without secrets.
func (c *Client) Keys(ctx context.Context) ([]*Key, error) {
	var page Page[*Key]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/keys", nil, nil, &page); err != nil {
		return nil, err
	}
	return page.Data, nil
}

// DeleteKey revokes an API key and every token it signed.
func (c *Client) DeleteKey(ctx context.Context, id string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/keys/"+pathEscape(id), nil, nil, nil)
}

// ---- signing keys ----

// CreateSigningKey creates a token-signing key ("EdDSA" or "ES256"); the
// answer carries the private half, shown only this once.
func (c *Client) CreateSigningKey(ctx context.Context, algorithm string) (*SigningKey, error) {
	in := createSigningKeyInput{algorithm}
	var k SigningKey
	if err := c.doJSON(ctx, http.MethodPost, "/v1/signing-keys", nil, in, &k); err != nil {
		return nil, err
	}
	return &k, nil
}

// SigningKeys lists the signing keys of the space (public halves only).
func (c *Client) SigningKeys(ctx context.Context) ([]*SigningKey, error) {
	var page Page[*SigningKey]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/signing-keys", nil, nil, &page); err != nil {
		return nil, err
	}
	return page.Data, nil
}

// DeleteSigningKey deletes a signing key; tokens it signed stop verifying.
func (c *Client) DeleteSigningKey(ctx context.Context, id string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/signing-keys/"+pathEscape(id), nil, nil, nil)
}

// ---- subtitles ----

// maxSubtitleBytes is the server's limit on a subtitle file (4 MiB):
// refusing a larger one here saves sending it to get a 413. The body is held
// in memory so that a retried PUT can send it again.
const maxSubtitleBytes = 4 << 20

// PutSubtitles adds or replaces the subtitles of one language of a video
// from an SRT or WebVTT body (the server tells them apart by content) and
// returns the video with its new subtitle list. label is the name players
// show ("" lets the server choose).
func (c *Client) PutSubtitles(ctx context.Context, videoID, language, label string, body io.Reader) (*Video, error) {
	data, err := io.ReadAll(io.LimitReader(body, maxSubtitleBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading subtitles: %w", err)
	}
	if len(data) > maxSubtitleBytes {
		return nil, fmt.Errorf("subtitles larger than %d bytes", maxSubtitleBytes)
	}
	q := url.Values{}
	setStr(q, "label", label)
	resp, err := c.do(ctx, request{
		method: http.MethodPut, query: q, body: data, contentType: "text/plain; charset=utf-8",
		path: "/v1/videos/" + pathEscape(videoID) + "/subtitles/" + pathEscape(language),
	})
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var v Video
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return nil, fmt.Errorf("put subtitles: decoding answer: %w", err)
	}
	return &v, nil
}

// Subtitles lists the subtitle languages of a video.
func (c *Client) Subtitles(ctx context.Context, videoID string) ([]Subtitle, error) {
	var page Page[Subtitle]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/videos/"+pathEscape(videoID)+"/subtitles", nil, nil, &page); err != nil {
		return nil, err
	}
	return page.Data, nil
}

// DeleteSubtitles removes one subtitle language of a video.
func (c *Client) DeleteSubtitles(ctx context.Context, videoID, language string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/videos/"+pathEscape(videoID)+"/subtitles/"+pathEscape(language), nil, nil, nil)
}

// ---- webhooks ----

// CreateWebhook registers an endpoint; the answer carries its secret, shown
// only this once.
func (c *Client) CreateWebhook(ctx context.Context, in WebhookInput) (*Webhook, error) {
	var w Webhook
	if err := c.doJSON(ctx, http.MethodPost, "/v1/webhooks", nil, in, &w); err != nil {
		return nil, err
	}
	return &w, nil
}

// Webhook returns one endpoint.
func (c *Client) Webhook(ctx context.Context, id string) (*Webhook, error) {
	var w Webhook
	if err := c.doJSON(ctx, http.MethodGet, "/v1/webhooks/"+pathEscape(id), nil, nil, &w); err != nil {
		return nil, err
	}
	return &w, nil
}

// UpdateWebhook changes an endpoint's URL, events, description or enabled
// flag; pending deliveries follow the new URL.
func (c *Client) UpdateWebhook(ctx context.Context, id string, in UpdateWebhookInput) (*Webhook, error) {
	var w Webhook
	if err := c.doJSON(ctx, http.MethodPatch, "/v1/webhooks/"+pathEscape(id), nil, in, &w); err != nil {
		return nil, err
	}
	return &w, nil
}

// DeleteWebhook removes an endpoint and its delivery log.
func (c *Client) DeleteWebhook(ctx context.Context, id string) error {
	return c.doJSON(ctx, http.MethodDelete, "/v1/webhooks/"+pathEscape(id), nil, nil, nil)
}

// ListWebhooks returns one page of the endpoints of the space, oldest first.
func (c *Client) ListWebhooks(ctx context.Context, p ListParams) (*Page[*Webhook], error) {
	var page Page[*Webhook]
	if err := c.doJSON(ctx, http.MethodGet, "/v1/webhooks", p.query(), nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// WebhooksIter yields every endpoint of the space across pages.
func (c *Client) WebhooksIter(ctx context.Context, p ListParams) iter.Seq2[*Webhook, error] {
	return pages(func(cursor string) (*Page[*Webhook], error) {
		p.Cursor = cursor
		return c.ListWebhooks(ctx, p)
	}, p.Cursor)
}

// Webhooks returns every endpoint of the space.
func (c *Client) Webhooks(ctx context.Context) ([]*Webhook, error) {
	out := []*Webhook{}
	for w, err := range c.WebhooksIter(ctx, ListParams{}) {
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// Deliveries returns one page of an endpoint's delivery log, newest first.
func (c *Client) Deliveries(ctx context.Context, webhookID, cursor string, limit int) (*Page[*Delivery], error) {
	var page Page[*Delivery]
	p := ListParams{Limit: limit, Cursor: cursor}
	if err := c.doJSON(ctx, http.MethodGet, "/v1/webhooks/"+pathEscape(webhookID)+"/deliveries", p.query(), nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// DeliveriesIter yields an endpoint's whole delivery log across pages.
func (c *Client) DeliveriesIter(ctx context.Context, webhookID string) iter.Seq2[*Delivery, error] {
	return pages(func(cursor string) (*Page[*Delivery], error) {
		return c.Deliveries(ctx, webhookID, cursor, 0)
	}, "")
}

// VideoEvent is one event of a video's lifecycle with its deliveries, one
// per webhook endpoint that listens for its type.
type VideoEvent struct {
	ID         string      `json:"id"` // the webhook-id of its deliveries
	Type       string      `json:"type"`
	CreatedAt  time.Time   `json:"created_at"`
	Deliveries []*Delivery `json:"deliveries"`
}

// VideoEvents returns one page of a video's events, newest first.
func (c *Client) VideoEvents(ctx context.Context, videoID, cursor string, limit int) (*Page[*VideoEvent], error) {
	var page Page[*VideoEvent]
	p := ListParams{Limit: limit, Cursor: cursor}
	if err := c.doJSON(ctx, http.MethodGet, "/v1/videos/"+pathEscape(videoID)+"/events", p.query(), nil, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// VideoEventsIter yields all of a video's events, newest first, across pages.
func (c *Client) VideoEventsIter(ctx context.Context, videoID string) iter.Seq2[*VideoEvent, error] {
	return pages(func(cursor string) (*Page[*VideoEvent], error) {
		return c.VideoEvents(ctx, videoID, cursor, 100)
	}, "")
}

// Delivery returns one delivery of an endpoint with its attempts.
func (c *Client) Delivery(ctx context.Context, webhookID, deliveryID string) (*Delivery, error) {
	var d Delivery
	path := "/v1/webhooks/" + pathEscape(webhookID) + "/deliveries/" + pathEscape(deliveryID)
	if err := c.doJSON(ctx, http.MethodGet, path, nil, nil, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// RetryDelivery schedules an immediate new attempt of a delivery, failed
// and delivered ones included; the server answers 202 with the delivery,
// pending.
func (c *Client) RetryDelivery(ctx context.Context, webhookID, deliveryID string) (*Delivery, error) {
	var d Delivery
	path := "/v1/webhooks/" + pathEscape(webhookID) + "/deliveries/" + pathEscape(deliveryID) + "/retry"
	if err := c.doJSON(ctx, http.MethodPost, path, nil, nil, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// TestWebhook queues a signed webhook.test event for an endpoint; the
// server answers 202 with the pending delivery, which the log then follows.
func (c *Client) TestWebhook(ctx context.Context, webhookID string) (*Delivery, error) {
	var d Delivery
	if err := c.doJSON(ctx, http.MethodPost, "/v1/webhooks/"+pathEscape(webhookID)+"/test", nil, nil, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// RotateWebhookSecret gives an endpoint a new secret (returned once); the
// old one keeps signing alongside until PreviousSecretExpiresAt (24 h).
func (c *Client) RotateWebhookSecret(ctx context.Context, webhookID string) (*Webhook, error) {
	var w Webhook
	if err := c.doJSON(ctx, http.MethodPost, "/v1/webhooks/"+pathEscape(webhookID)+"/rotate-secret", nil, nil, &w); err != nil {
		return nil, err
	}
	return &w, nil
}

// ---- stats ----

// VideoStats returns the analytics of one video.
func (c *Client) VideoStats(ctx context.Context, videoID string, p StatsParams) (*Stats, error) {
	var s Stats
	if err := c.doJSON(ctx, http.MethodGet, "/v1/videos/"+pathEscape(videoID)+"/stats", p.query(), nil, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// SpaceStats returns the analytics of the whole space.
func (c *Client) SpaceStats(ctx context.Context, p StatsParams) (*Stats, error) {
	var s Stats
	if err := c.doJSON(ctx, http.MethodGet, "/v1/stats", p.query(), nil, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

func (p ListParams) query() url.Values {
	q := url.Values{}
	setInt(q, "limit", p.Limit)
	setStr(q, "cursor", p.Cursor)
	return q
}

func (p StatsParams) query() url.Values {
	q := url.Values{}
	if !p.From.IsZero() {
		q.Set("from", p.From.UTC().Format(time.RFC3339))
	}
	if !p.To.IsZero() {
		q.Set("to", p.To.UTC().Format(time.RFC3339))
	}
	setStr(q, "interval", p.Interval)
	return q
}
