package client_test

import (
	"context"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/client"
)

// These documents are the server's answers as GET /v1/openapi.json
// describes them; the client must decode every field.

const webhookDoc = `{"id":"wh1","space":"sp001","url":"https://example.com/hook","description":"ci",
 "events":["video.ready"],"enabled":false,"secret":"whsec_abc",
 "previous_secret_expires_at":"2026-01-02T03:04:05Z","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}`

const deliveryDoc = `{"id":"d1","endpoint":"wh1","event_id":"msg_1","type":"webhook.test","state":"pending",
 "attempts":[{"at":"2026-01-01T00:00:01Z","status":0,"duration_ms":10001,"error":"timeout","response_excerpt":""}],
 "created_at":"2026-01-01T00:00:00Z","next_attempt_at":"2026-01-01T00:05:00Z"}`

const statsDoc = `{"from":"2026-01-01T00:00:00Z","to":"2026-01-08T00:00:00Z","interval":"day","views":3,"unique_viewers":2,
 "watch_time_seconds":12.5,"average_view_seconds":4.2,"completion_rate":0.5,"retention":[1,0.5],
 "startup_time_ms":{"p50":null,"p95":850},"rebuffer_ratio":0.01,"failure_rate":0,
 "referrers":[{"origin":"https://a.example","views":2}],"browsers":[{"name":"Firefox","views":3}],"os":[],"devices":[],
 "series":[{"at":"2026-01-01T00:00:00Z","views":3,"watch_time_seconds":12.5}],
 "top_videos":[{"id":"v1","title":"One","views":3,"watch_time_seconds":12.5}]}`

func TestDecodesServerShapes(t *testing.T) {
	at := func(s string) *time.Time {
		tm, _ := time.Parse(time.RFC3339, s)
		return &tm
	}
	tests := []struct {
		name string
		doc  string
		call func(ctx context.Context, c *client.Client) (any, error)
		want any
	}{
		{
			name: "webhook",
			doc:  webhookDoc,
			call: func(ctx context.Context, c *client.Client) (any, error) { return c.Webhook(ctx, "wh1") },
			want: &client.Webhook{ID: "wh1", Space: "sp001", URL: "https://example.com/hook", Description: "ci",
				Events: []string{"video.ready"}, Enabled: false, Secret: "whsec_abc",
				PreviousSecretExpiresAt: at("2026-01-02T03:04:05Z"), CreatedAt: *at("2026-01-01T00:00:00Z"), UpdatedAt: *at("2026-01-01T00:00:00Z")},
		},
		{
			name: "delivery",
			doc:  deliveryDoc,
			call: func(ctx context.Context, c *client.Client) (any, error) { return c.TestWebhook(ctx, "wh1") },
			want: &client.Delivery{ID: "d1", Endpoint: "wh1", EventID: "msg_1", Type: "webhook.test", State: client.DeliveryPending,
				Attempts:  []client.DeliveryAttempt{{At: *at("2026-01-01T00:00:01Z"), DurationMS: 10001, Error: "timeout"}},
				CreatedAt: *at("2026-01-01T00:00:00Z"), NextAttemptAt: at("2026-01-01T00:05:00Z")},
		},
		{
			name: "video events",
			doc:  `{"data": [{"id": "msg_1", "type": "webhook.test", "created_at": "2026-01-01T00:00:00Z", "deliveries": [` + deliveryDoc + `]}], "next_cursor": "c2"}`,
			call: func(ctx context.Context, c *client.Client) (any, error) { return c.VideoEvents(ctx, "v1", "", 0) },
			want: &client.Page[*client.VideoEvent]{Data: []*client.VideoEvent{{ID: "msg_1", Type: "webhook.test", CreatedAt: *at("2026-01-01T00:00:00Z"),
				Deliveries: []*client.Delivery{{ID: "d1", Endpoint: "wh1", EventID: "msg_1", Type: "webhook.test", State: client.DeliveryPending,
					Attempts:  []client.DeliveryAttempt{{At: *at("2026-01-01T00:00:01Z"), DurationMS: 10001, Error: "timeout"}},
					CreatedAt: *at("2026-01-01T00:00:00Z"), NextAttemptAt: at("2026-01-01T00:05:00Z")}}}}, NextCursor: ptr("c2")},
		},
		{
			name: "space stats",
			doc:  statsDoc,
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return c.SpaceStats(ctx, client.StatsParams{})
			},
			want: &client.Stats{From: *at("2026-01-01T00:00:00Z"), To: *at("2026-01-08T00:00:00Z"), Interval: "day", Views: 3, UniqueViewers: 2,
				WatchTimeSeconds: 12.5, AverageViewSeconds: 4.2, CompletionRate: 0.5, Retention: []float64{1, 0.5},
				StartupTimeMS: client.Percentiles{P95: ptr(850.0)}, RebufferRatio: 0.01,
				Referrers: []client.ReferrerViews{{Origin: "https://a.example", Views: 2}}, Browsers: []client.NamedViews{{Name: "Firefox", Views: 3}},
				OS: []client.NamedViews{}, Devices: []client.NamedViews{},
				Series:    []client.StatsSeriesPoint{{At: *at("2026-01-01T00:00:00Z"), Views: 3, WatchTimeSeconds: 12.5}},
				TopVideos: []client.TopVideo{{ID: "v1", Title: "One", Views: 3, WatchTimeSeconds: 12.5}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, tt.doc)
			}))
			got, err := tt.call(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("decoded\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestWebhookRequests(t *testing.T) {
	tests := []struct {
		name       string
		call       func(ctx context.Context, c *client.Client) error
		wantMethod string
		wantPath   string
		wantBody   string
		status     int
	}{
		{
			name: "update sends only the fields given",
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.UpdateWebhook(ctx, "wh1", client.UpdateWebhookInput{Enabled: ptr(false)})
				return err
			},
			wantMethod: http.MethodPatch, wantPath: "/v1/webhooks/wh1", wantBody: `{"enabled":false}`, status: http.StatusOK,
		},
		{
			name: "create disabled",
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.CreateWebhook(ctx, client.WebhookInput{URL: "https://example.com/h", Enabled: ptr(false)})
				return err
			},
			wantMethod: http.MethodPost, wantPath: "/v1/webhooks", wantBody: `{"url":"https://example.com/h","enabled":false}`, status: http.StatusCreated,
		},
		{
			name: "retry is accepted with 202",
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.RetryDelivery(ctx, "wh1", "d1")
				return err
			},
			wantMethod: http.MethodPost, wantPath: "/v1/webhooks/wh1/deliveries/d1/retry", status: http.StatusAccepted,
		},
		{
			name: "rotate answers 200",
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.RotateWebhookSecret(ctx, "wh1")
				return err
			},
			wantMethod: http.MethodPost, wantPath: "/v1/webhooks/wh1/rotate-secret", status: http.StatusOK,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var method, path, body string
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				method, path, body = r.Method, r.URL.Path, string(b)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tt.status)
				io.WriteString(w, `{"id":"x"}`)
			}))
			if err := tt.call(context.Background(), c); err != nil {
				t.Fatal(err)
			}
			if method != tt.wantMethod || path != tt.wantPath || strings.TrimSpace(body) != tt.wantBody {
				t.Errorf("sent %s %s %s, want %s %s %s", method, path, body, tt.wantMethod, tt.wantPath, tt.wantBody)
			}
		})
	}
}

func TestWebhooksFollowsCursor(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("cursor") == "" {
			writeJSON(w, http.StatusOK, map[string]any{"data": []map[string]any{{"id": "a"}}, "next_cursor": "c2"})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"data": []map[string]any{{"id": "b"}}, "next_cursor": nil})
	}))
	hooks, err := c.Webhooks(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range hooks {
		ids = append(ids, h.ID)
	}
	if strings.Join(ids, ",") != "a,b" {
		t.Errorf("webhooks %v, want a,b from two pages", ids)
	}
}

func TestPutSubtitlesReturnsVideo(t *testing.T) {
	var contentType, body, label string
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		contentType, body, label = r.Header.Get("Content-Type"), string(b), r.URL.Query().Get("label")
		writeJSON(w, http.StatusOK, map[string]any{"id": "v1", "subtitles": []map[string]any{{"language": "en", "label": "English", "url": "u"}}})
	}))
	v, err := c.PutSubtitles(context.Background(), "v1", "en", "English", strings.NewReader("1\n00:00:00,000 --> 00:00:01,000\nHi\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v.ID != "v1" || len(v.Subtitles) != 1 || v.Subtitles[0].Label != "English" {
		t.Errorf("video %+v", v)
	}
	if !strings.HasPrefix(contentType, "text/plain") || !strings.Contains(body, "Hi") || label != "English" {
		t.Errorf("sent %q %q label %q", contentType, body, label)
	}
}
