package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/reelvideo/reel/client"
	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/webhooks"
)

// apiKeyID returns the id of an API key "rk_<id>_<secret>": the part
// between the first and the second underscore, which is the token's kid.
func apiKeyID(key string) (string, error) {
	parts := strings.SplitN(key, "_", 3)
	if len(parts) != 3 || parts[0] != "rk" || parts[1] == "" || parts[2] == "" {
		return "", &codedError{code: "validation_failed", detail: "the API key is not of the form rk_<id>_<secret>"}
	}
	return parts[1], nil
}

// parseTTL reads a token lifetime such as 15m, 2h or 7d.
func parseTTL(raw string) (time.Duration, error) {
	if raw == "" {
		return 0, usageErrorf("--ttl is required, e.g. --ttl 15m")
	}
	if days, ok := strings.CutSuffix(raw, "d"); ok {
		var n int
		if _, err := fmt.Sscanf(days, "%d", &n); err == nil && fmt.Sprint(n) == days && n > 0 {
			return time.Duration(n) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(raw)
	if err != nil || d <= 0 {
		return 0, usageErrorf("--ttl %q is not a positive duration such as 15m, 2h or 7d", raw)
	}
	return d, nil
}

// mintedToken is what the tokens commands print.
type mintedToken struct {
	Token     string    `json:"token"`
	Audience  string    `json:"aud"`
	Subject   string    `json:"sub"`
	KeyID     string    `json:"kid"`
	ExpiresAt time.Time `json:"expires_at"`
	Origins   []string  `json:"origins,omitempty"`
}

func cmdTokensUpload(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("tokens upload")
	var sub, ttl string
	fs.StringVar(&sub, "sub", "", "space, collection or video id (default: the key's space)")
	fs.StringVar(&ttl, "ttl", "", "lifetime `D` such as 15m or 2h; at most 24h")
	if _, err := a.parseArgs(fs, args, "reel tokens upload [--sub ID] --ttl D", 0, 0); err != nil {
		return err
	}
	return a.mint(ctx, tokens.AudienceUpload, sub, ttl, nil)
}

func cmdTokensPlayback(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("tokens playback")
	var embed, sub, ttl, origins string
	fs.StringVar(&embed, "embed", "", "embed `ID` of one video")
	fs.StringVar(&sub, "sub", "", "collection or space `ID` (instead of --embed)")
	fs.StringVar(&ttl, "ttl", "", "lifetime `D` such as 15m, 2h or 7d; at most 7d")
	fs.StringVar(&origins, "origins", "", "comma-separated page origins allowed to play")
	if _, err := a.parseArgs(fs, args, "reel tokens playback --embed ID|--sub ID --ttl D [--origins https://a,https://b]", 0, 0); err != nil {
		return err
	}
	if embed != "" && sub != "" {
		return usageErrorf("give --embed or --sub, not both")
	}
	var list []string
	for _, o := range strings.Split(origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			list = append(list, o)
		}
	}
	return a.mint(ctx, tokens.AudiencePlayback, firstNonEmpty(embed, sub), ttl, list)
}

// mint signs a token locally with the stored API key (HS256, kid = the
// key's id); only a missing --sub needs the server.
func (a *app) mint(ctx context.Context, aud tokens.Audience, sub, rawTTL string, origins []string) error {
	ttl, err := parseTTL(rawTTL)
	if err != nil {
		return err
	}
	// The server refuses longer lifetimes; saying so now beats a token
	// that fails later in a browser.
	limit := tokens.DefaultMaxUploadLifetime
	if aud == tokens.AudiencePlayback {
		limit = tokens.DefaultMaxPlaybackLifetime
	}
	if ttl > limit {
		return &codedError{code: "validation_failed", detail: fmt.Sprintf("--ttl %s is longer than a %s token may live (%s)", rawTTL, aud, humanTTL(limit))}
	}
	baseURL, key, err := a.credentials()
	if err != nil {
		return err
	}
	kid, err := apiKeyID(key)
	if err != nil {
		return err
	}
	if sub == "" {
		if aud == tokens.AudiencePlayback {
			return usageErrorf("--embed (or --sub) is required")
		}
		space, err := client.New(baseURL, key).Space(ctx)
		if err != nil {
			return fmt.Errorf("finding the key's space: %w", err)
		}
		sub = space.ID
	}
	now := time.Now().Truncate(time.Second)
	hmacKey := tokens.HMACKey{ID: kid, Secret: key}
	clock := tokens.WithNow(func() time.Time { return now })
	var tok string
	if aud == tokens.AudienceUpload {
		tok, err = tokens.SignUpload(hmacKey, sub, ttl, clock)
	} else {
		tok, err = tokens.SignPlayback(hmacKey, sub, ttl, origins, clock)
	}
	if err != nil {
		return tokenError(err)
	}
	return a.print(mintedToken{Token: tok, Audience: string(aud), Subject: sub, KeyID: kid, ExpiresAt: now.Add(ttl).UTC(), Origins: origins}, nil)
}

func tokenError(err error) error {
	var te *tokens.Error
	if errors.As(err, &te) {
		return &codedError{code: "validation_failed", detail: te.Reason}
	}
	return &codedError{code: "validation_failed", detail: err.Error()}
}

// ---- webhooks ----

func cmdWebhooksCreate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks create")
	var in client.WebhookInput
	var events string
	var disabled bool
	fs.StringVar(&in.URL, "url", "", "endpoint URL")
	fs.StringVar(&events, "events", "", "comma-separated event types (default: all)")
	fs.StringVar(&in.Description, "description", "", "description")
	fs.BoolVar(&disabled, "disabled", false, "create it disabled: events are held until it is enabled")
	if _, err := a.parseArgs(fs, args, "reel webhooks create --url URL [--events video.ready,...] [--description D] [--disabled]", 0, 0); err != nil {
		return err
	}
	if in.URL == "" {
		return usageErrorf("--url is required")
	}
	var err error
	if in.Events, err = parseEvents(events); err != nil {
		return err
	}
	if disabled {
		in.Enabled = new(bool)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	w, err := c.CreateWebhook(ctx, in)
	if err != nil {
		return err
	}
	return a.print(w, webhooksTable([]*client.Webhook{w}))
}

func webhooksTable(ws []*client.Webhook) func() table {
	return func() table {
		t := table{headers: []string{"ID", "URL", "EVENTS", "ENABLED", "DESCRIPTION", "CREATED"}}
		for _, w := range ws {
			t.rows = append(t.rows, row{w.ID, w.URL, orDefault(strings.Join(w.Events, ","), "all"), yesNo(w.Enabled),
				orDefault(truncate(w.Description, 40), "-"), humanTime(w.CreatedAt)})
		}
		return t
	}
}

// parseEvents reads a comma-separated list of event types, refusing
// unknown ones before the server does.
func parseEvents(raw string) ([]string, error) {
	var events []string
	for _, e := range strings.Split(raw, ",") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		if !webhooks.ValidKind(e) {
			return nil, usageErrorf("unknown event %q (known: %s)", e, strings.Join(webhooks.AllKinds(), ", "))
		}
		events = append(events, e)
	}
	return events, nil
}

func cmdWebhooksGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks get")
	pos, err := a.parseArgs(fs, args, "reel webhooks get <webhook-id> [--format json|table]", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	w, err := c.Webhook(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.print(w, webhooksTable([]*client.Webhook{w}))
}

func cmdWebhooksUpdate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks update")
	var url, events, description string
	var enabled bool
	fs.StringVar(&url, "url", "", "new endpoint URL")
	fs.StringVar(&events, "events", "", "comma-separated event types")
	fs.StringVar(&description, "description", "", "description")
	fs.BoolVar(&enabled, "enabled", true, "deliver events (--enabled=false holds them)")
	const usage = "reel webhooks update <webhook-id> [--url URL] [--events a,b] [--description D] [--enabled=true|false]"
	pos, err := a.parseArgs(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	// Only the flags given are sent: the server keeps absent fields.
	var in client.UpdateWebhookInput
	var parseErr error
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "url":
			in.URL = &url
		case "description":
			in.Description = &description
		case "enabled":
			in.Enabled = &enabled
		case "events":
			in.Events, parseErr = parseEvents(events)
			if parseErr == nil && len(in.Events) == 0 {
				parseErr = usageErrorf("--events must name at least one event type")
			}
		}
	})
	if parseErr != nil {
		return parseErr
	}
	if in.URL == nil && in.Description == nil && in.Enabled == nil && in.Events == nil {
		return usageErrorf("nothing to change (usage: %s)", usage)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	w, err := c.UpdateWebhook(ctx, pos[0], in)
	if err != nil {
		return err
	}
	return a.print(w, webhooksTable([]*client.Webhook{w}))
}

func cmdWebhooksList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks list")
	if _, err := a.parseArgs(fs, args, "reel webhooks list [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	ws, err := c.Webhooks(ctx)
	if err != nil {
		return err
	}
	return a.print(client.Page[*client.Webhook]{Data: ws}, webhooksTable(ws))
}

// webhookCommand parses a command of one webhook id and runs fn.
func (a *app) webhookCommand(ctx context.Context, name string, args []string, fn func(c *client.Client, id string) (any, error)) error {
	fs := a.flagSet(name)
	pos, err := a.parseArgs(fs, args, "reel "+name+" <webhook-id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	out, err := fn(c, pos[0])
	if err != nil {
		return err
	}
	return a.print(out, nil)
}

func cmdWebhooksDelete(ctx context.Context, a *app, args []string) error {
	return a.webhookCommand(ctx, "webhooks delete", args, func(c *client.Client, id string) (any, error) {
		return map[string]any{"id": id, "deleted": true}, c.DeleteWebhook(ctx, id)
	})
}

func cmdWebhooksTest(ctx context.Context, a *app, args []string) error {
	return a.webhookCommand(ctx, "webhooks test", args, func(c *client.Client, id string) (any, error) {
		return c.TestWebhook(ctx, id)
	})
}

func cmdWebhooksRotate(ctx context.Context, a *app, args []string) error {
	return a.webhookCommand(ctx, "webhooks rotate-secret", args, func(c *client.Client, id string) (any, error) {
		return c.RotateWebhookSecret(ctx, id)
	})
}

func cmdWebhooksDeliveries(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks deliveries")
	pos, err := a.parseArgs(fs, args, "reel webhooks deliveries <webhook-id> [--format json|table]", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	page := client.Page[*client.Delivery]{Data: []*client.Delivery{}}
	for d, err := range c.DeliveriesIter(ctx, pos[0]) {
		if err != nil {
			return err
		}
		page.Data = append(page.Data, d)
	}
	return a.print(page, func() table {
		t := table{headers: []string{"ID", "EVENT", "TYPE", "STATE", "ATTEMPTS", "LAST STATUS", "CREATED", "NEXT ATTEMPT"}}
		for _, d := range page.Data {
			last := lastStatus(d)
			next := "-"
			if d.NextAttemptAt != nil {
				next = humanTime(*d.NextAttemptAt)
			}
			t.rows = append(t.rows, row{d.ID, d.EventID, d.Type, d.State, fmt.Sprint(len(d.Attempts)), last, humanTime(d.CreatedAt), next})
		}
		return t
	})
}

// lastStatus is the outcome of a delivery's latest attempt for a table:
// its HTTP status, or why there was none.
func lastStatus(d *client.Delivery) string {
	n := len(d.Attempts)
	if n == 0 {
		return "-"
	}
	if a := d.Attempts[n-1]; a.Status != 0 {
		return fmt.Sprint(a.Status)
	}
	return orDefault(truncate(d.Attempts[n-1].Error, 30), "no answer")
}

func cmdWebhooksRetry(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks retry")
	pos, err := a.parseArgs(fs, args, "reel webhooks retry <webhook-id> <delivery-id>", 2, 2)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	d, err := c.RetryDelivery(ctx, pos[0], pos[1])
	if err != nil {
		return err
	}
	return a.print(d, nil)
}

// headerFlag collects repeated --header 'name: value'.
type headerFlag http.Header

func (h headerFlag) String() string { return "" }
func (h headerFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, ":")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("must be 'name: value', not %q", s)
	}
	http.Header(h).Add(strings.TrimSpace(name), strings.TrimSpace(value))
	return nil
}

// maxWebhookBody matches what a receiver should accept.
const maxWebhookBody = 1 << 20

func cmdWebhooksVerify(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("webhooks verify")
	var secret string
	var tolerance time.Duration
	header := headerFlag{}
	fs.StringVar(&secret, "secret", "", "the endpoint's secret, whsec_... (env REEL_WEBHOOK_SECRET)")
	fs.Var(header, "header", "a delivery header 'name: value' (repeatable)")
	fs.DurationVar(&tolerance, "tolerance", 0, "allowed clock distance of webhook-timestamp (default 5m)")
	if _, err := a.parseArgs(fs, args, "reel webhooks verify --secret whsec_... --header 'webhook-id: ...' ... < body", 0, 0); err != nil {
		return err
	}
	secret = firstNonEmpty(secret, a.getenv("REEL_WEBHOOK_SECRET"))
	if secret == "" {
		return usageErrorf("--secret is required")
	}
	body, err := io.ReadAll(io.LimitReader(a.stdin, maxWebhookBody+1))
	if err != nil {
		return fmt.Errorf("reading the body from stdin: %w", err)
	}
	if len(body) > maxWebhookBody {
		return &codedError{code: "payload_too_large", detail: "the body is larger than 1 MiB"}
	}
	v := &webhooks.Verifier{Secrets: []string{secret}, Tolerance: tolerance}
	event, err := v.VerifyEvent(http.Header(header), body)
	if err != nil {
		var we *webhooks.Error
		if errors.As(err, &we) {
			return &codedError{code: we.Code, detail: err.Error()}
		}
		return &codedError{code: "invalid_signature", detail: err.Error()}
	}
	return a.print(map[string]any{"valid": true, "id": http.Header(header).Get(webhooks.HeaderID), "type": event.Type, "timestamp": event.Timestamp}, nil)
}

// humanTTL writes a lifetime the way --ttl takes it: 7d, 24h, 90m.
func humanTTL(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0 && d > 24*time.Hour:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.String()
}
