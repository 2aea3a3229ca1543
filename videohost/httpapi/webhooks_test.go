package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/webhooks"
)

// hookURL passes the SSRF guard without DNS (TEST-NET-3); nothing is sent
// to it in these tests: no dispatcher runs.
const hookURL = "https://203.0.113.9/hook"

type webhookPage struct {
	Data       []*videohost.WebhookEndpoint `json:"data"`
	NextCursor *string                      `json:"next_cursor"`
}

type deliveryPage struct {
	Data       []map[string]any `json:"data"`
	NextCursor *string          `json:"next_cursor"`
}

func (e *env) createWebhook(key string, body map[string]any) *videohost.WebhookEndpoint {
	e.t.Helper()
	if _, ok := body["url"]; !ok {
		body["url"] = hookURL
	}
	var w videohost.WebhookEndpoint
	must(e.t, e.req("POST", "/v1/webhooks", key, body), http.StatusCreated, &w)
	return &w
}

func TestWebhookEndpointLifecycle(t *testing.T) {
	e := newEnv(t)
	w := e.createWebhook(e.rw, map[string]any{"description": "ops"})
	if w.ID == "" || w.Space != e.space || w.URL != hookURL || w.Description != "ops" || !w.Enabled ||
		!slices.Equal(w.Events, videohost.EventTypes()) || w.PreviousSecretExpiresAt != nil {
		t.Fatalf("created %+v", w)
	}
	if !strings.HasPrefix(w.Secret, webhooks.SecretPrefix) {
		t.Fatalf("secret %q, want whsec_...", w.Secret)
	}
	if _, err := webhooks.ParseSecret(w.Secret); err != nil {
		t.Fatalf("secret does not parse: %v", err)
	}

	// The secret is shown once.
	r := e.req("GET", "/v1/webhooks/"+w.ID, e.ro, nil)
	var got videohost.WebhookEndpoint
	must(t, r, http.StatusOK, &got)
	if got.ID != w.ID || got.Secret != "" || strings.Contains(r.String(), "whsec_") {
		t.Fatalf("GET shows %s", r)
	}
	var page webhookPage
	r = e.req("GET", "/v1/webhooks", e.ro, nil)
	must(t, r, http.StatusOK, &page)
	if len(page.Data) != 1 || page.Data[0].ID != w.ID || page.NextCursor != nil || strings.Contains(r.String(), "whsec_") {
		t.Fatalf("list %s", r)
	}

	var patched videohost.WebhookEndpoint
	must(t, e.req("PATCH", "/v1/webhooks/"+w.ID, e.rw, map[string]any{
		"events": []string{"video.ready", "video.created", "video.ready"}, "enabled": false, "url": "https://203.0.113.10/other",
	}), http.StatusOK, &patched)
	if !slices.Equal(patched.Events, []videohost.EventType{"video.created", "video.ready"}) || patched.Enabled ||
		patched.URL != "https://203.0.113.10/other" || patched.Description != "ops" || patched.Secret != "" {
		t.Fatalf("patched %+v", patched)
	}

	var rotated videohost.WebhookEndpoint
	must(t, e.req("POST", "/v1/webhooks/"+w.ID+"/rotate-secret", e.rw, nil), http.StatusOK, &rotated)
	if !strings.HasPrefix(rotated.Secret, webhooks.SecretPrefix) || rotated.Secret == w.Secret {
		t.Fatalf("rotated secret %q", rotated.Secret)
	}
	if until := rotated.PreviousSecretExpiresAt; until == nil || until.Sub(e.clock.Now()) < 23*time.Hour || until.Sub(e.clock.Now()) > 25*time.Hour {
		t.Fatalf("previous secret expires at %v, want in 24 h", until)
	}

	must(t, e.req("DELETE", "/v1/webhooks/"+w.ID, e.rw, nil), http.StatusNoContent, nil)
	problem(t, e.req("GET", "/v1/webhooks/"+w.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("DELETE", "/v1/webhooks/"+w.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
}

func TestWebhookListPages(t *testing.T) {
	e := newEnv(t)
	var ids []string
	for range 3 {
		ids = append(ids, e.createWebhook(e.rw, map[string]any{}).ID)
		e.clock.Advance(time.Millisecond)
	}
	var seen []string
	cursor := ""
	for {
		var page webhookPage
		must(t, e.req("GET", "/v1/webhooks?limit=2&cursor="+cursor, e.rw, nil), http.StatusOK, &page)
		for _, w := range page.Data {
			seen = append(seen, w.ID)
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	if !slices.Equal(seen, ids) {
		t.Fatalf("pages listed %v, want %v (creation order)", seen, ids)
	}
	problem(t, e.req("GET", "/v1/webhooks?cursor=forged", e.rw, nil), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("GET", "/v1/webhooks?limit=101", e.rw, nil), http.StatusBadRequest, videohost.EValidation)
}

func TestWebhookValidation(t *testing.T) {
	e := newEnv(t)
	w := e.createWebhook(e.rw, map[string]any{})
	tests := []struct {
		name    string
		method  string
		path    string
		body    any
		field   string
		mention string
	}{
		{"missing url", "POST", "/v1/webhooks", map[string]any{}, "url", "required"},
		{"not http", "POST", "/v1/webhooks", map[string]any{"url": "ftp://203.0.113.9/hook"}, "url", "scheme"},
		{"relative", "POST", "/v1/webhooks", map[string]any{"url": "/hook"}, "url", "absolute"},
		{"too long", "POST", "/v1/webhooks", map[string]any{"url": hookURL + "?" + strings.Repeat("a", 2048)}, "url", "2048"},
		{"loopback", "POST", "/v1/webhooks", map[string]any{"url": "http://127.0.0.1:8080/hook"}, "url", "not allowed"},
		{"private", "POST", "/v1/webhooks", map[string]any{"url": "http://10.0.0.7/hook"}, "url", "not allowed"},
		{"metadata", "POST", "/v1/webhooks", map[string]any{"url": "http://169.254.169.254/latest/meta-data"}, "url", "not allowed"},
		{"unknown kind", "POST", "/v1/webhooks", map[string]any{"url": hookURL, "events": []string{"video.ready", "video.exploded"}}, "events", "video.exploded"},
		{"no kinds", "POST", "/v1/webhooks", map[string]any{"url": hookURL, "events": []string{}}, "events", "at least one"},
		{"test kind", "POST", "/v1/webhooks", map[string]any{"url": hookURL, "events": []string{"webhook.test"}}, "events", "webhook.test"},
		{"long description", "POST", "/v1/webhooks", map[string]any{"url": hookURL, "description": strings.Repeat("d", 1001)}, "description", "1000"},
		{"events not a list", "POST", "/v1/webhooks", map[string]any{"url": hookURL, "events": "video.ready"}, "events", "array"},
		{"patch private url", "PATCH", "/v1/webhooks/" + w.ID, map[string]any{"url": "http://192.168.1.1/"}, "url", "not allowed"},
		{"patch unknown kind", "PATCH", "/v1/webhooks/" + w.ID, map[string]any{"events": []string{"video.lost"}}, "events", "video.lost"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := problem(t, e.req(tt.method, tt.path, e.rw, tt.body), http.StatusBadRequest, videohost.EValidation)
			if len(p.Errors) != 1 || p.Errors[0].Field != tt.field || !strings.Contains(p.Errors[0].Message, tt.mention) {
				t.Fatalf("errors %+v, want field %q mentioning %q", p.Errors, tt.field, tt.mention)
			}
		})
	}
	var got videohost.WebhookEndpoint
	must(t, e.req("GET", "/v1/webhooks/"+w.ID, e.rw, nil), http.StatusOK, &got)
	if got.URL != hookURL || len(got.Events) != 7 {
		t.Fatalf("a refused PATCH changed the endpoint: %+v", got)
	}
}

func TestWebhookAuth(t *testing.T) {
	e := newEnv(t)
	w := e.createWebhook(e.rw, map[string]any{})
	var d videohost.WebhookDelivery
	must(t, e.req("POST", "/v1/webhooks/"+w.ID+"/test", e.rw, nil), http.StatusAccepted, &d)
	base := "/v1/webhooks/" + w.ID
	routes := []struct {
		method, path string
		body         any
	}{
		{"POST", "/v1/webhooks", map[string]any{"url": hookURL}},
		{"GET", "/v1/webhooks", nil},
		{"GET", base, nil},
		{"PATCH", base, map[string]any{"description": "x"}},
		{"POST", base + "/rotate-secret", nil},
		{"POST", base + "/test", nil},
		{"GET", base + "/deliveries", nil},
		{"GET", base + "/deliveries/" + d.ID, nil},
		{"POST", base + "/deliveries/" + d.ID + "/retry", nil},
		{"DELETE", base, nil},
	}
	for _, rt := range routes {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			problem(t, e.req(rt.method, rt.path, "", rt.body), http.StatusUnauthorized, videohost.EUnauthorized)
			problem(t, e.req(rt.method, rt.path, "rk_nosuchkeyid_secret", rt.body), http.StatusUnauthorized, videohost.EUnauthorized)
			if rt.method == "GET" {
				must(t, e.req(rt.method, rt.path, e.ro, nil), http.StatusOK, nil)
			} else {
				problem(t, e.req(rt.method, rt.path, e.ro, rt.body), http.StatusForbidden, videohost.EReadOnlyKey)
			}
			if rt.path != "/v1/webhooks" {
				problem(t, e.req(rt.method, rt.path, e.otherRW, rt.body), http.StatusNotFound, videohost.ENotFound)
			}
		})
	}
	// The other space sees none of it.
	var page webhookPage
	must(t, e.req("GET", "/v1/webhooks", e.otherRW, nil), http.StatusOK, &page)
	if len(page.Data) != 0 {
		t.Fatalf("another space lists %d endpoints", len(page.Data))
	}
}

func TestWebhookDeliveryLog(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	w := e.createWebhook(e.rw, map[string]any{"events": []string{"video.created"}})
	e.createVideo(e.rw, nil)
	if _, err := e.svc.Jobs().FanOutWebhookEvents(ctx, 100, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Millisecond)
	var test videohost.WebhookDelivery
	must(t, e.req("POST", "/v1/webhooks/"+w.ID+"/test", e.rw, nil), http.StatusAccepted, &test)
	if test.Type != webhooks.KindWebhookTest || test.State != videohost.DeliveryPending || test.NextAttemptAt == nil ||
		test.EventID == "" || test.Endpoint != w.ID {
		t.Fatalf("test delivery %+v", test)
	}

	// One failed attempt on the video.created delivery, as the dispatcher
	// would log it.
	sends, err := e.svc.Jobs().ClaimWebhookDeliveries(ctx, "test-dispatcher", 1, 1, time.Minute, e.clock.Now())
	if err != nil || len(sends) != 1 || sends[0].Delivery.Type != "video.created" {
		t.Fatalf("claimed %v, %v", sends, err)
	}
	attempt := videohost.DeliveryAttempt{At: e.clock.Now().Truncate(time.Second), Status: 500, DurationMS: 42,
		Error: "answered 500", ResponseExcerpt: "boom"}
	if err := e.svc.Jobs().RecordWebhookAttempt(ctx, "test-dispatcher", sends[0].Delivery, attempt, videohost.DeliveryFailed, time.Time{}, time.Time{}); err != nil {
		t.Fatal(err)
	}

	var first deliveryPage
	must(t, e.req("GET", "/v1/webhooks/"+w.ID+"/deliveries?limit=1", e.ro, nil), http.StatusOK, &first)
	if len(first.Data) != 1 || first.Data[0]["id"] != test.ID || first.NextCursor == nil {
		t.Fatalf("first page %+v, want the test delivery (newest) and a cursor", first)
	}
	var second deliveryPage
	must(t, e.req("GET", "/v1/webhooks/"+w.ID+"/deliveries?limit=1&cursor="+*first.NextCursor, e.ro, nil), http.StatusOK, &second)
	if len(second.Data) != 1 || second.NextCursor != nil {
		t.Fatalf("second page %+v", second)
	}
	failed := second.Data[0]
	for _, k := range []string{"id", "event_id", "type", "state", "attempts", "created_at", "next_attempt_at"} {
		if _, ok := failed[k]; !ok {
			t.Errorf("delivery has no %q: %v", k, failed)
		}
	}
	if failed["type"] != "video.created" || failed["state"] != "failed" || failed["next_attempt_at"] != nil {
		t.Fatalf("failed delivery %v", failed)
	}
	attempts, _ := failed["attempts"].([]any)
	if len(attempts) != 1 {
		t.Fatalf("attempts %v", failed["attempts"])
	}
	a := attempts[0].(map[string]any)
	if a["status"] != 500.0 || a["duration_ms"] != 42.0 || a["error"] != "answered 500" || a["response_excerpt"] != "boom" ||
		a["at"] != attempt.At.Format(time.RFC3339) {
		t.Fatalf("attempt %v", a)
	}

	id := failed["id"].(string)
	var one videohost.WebhookDelivery
	must(t, e.req("GET", "/v1/webhooks/"+w.ID+"/deliveries/"+id, e.ro, nil), http.StatusOK, &one)
	if one.ID != id || len(one.Attempts) != 1 {
		t.Fatalf("one delivery %+v", one)
	}

	var retried videohost.WebhookDelivery
	must(t, e.req("POST", "/v1/webhooks/"+w.ID+"/deliveries/"+id+"/retry", e.rw, nil), http.StatusAccepted, &retried)
	if retried.State != videohost.DeliveryPending || retried.NextAttemptAt == nil || len(retried.Attempts) != 1 {
		t.Fatalf("retried %+v", retried)
	}
	problem(t, e.req("POST", "/v1/webhooks/"+w.ID+"/deliveries/nosuchdelivery/retry", e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/webhooks/"+w.ID+"/deliveries?cursor=forged", e.rw, nil), http.StatusBadRequest, videohost.EValidation)

	// A disabled endpoint gets no test event.
	must(t, e.req("PATCH", "/v1/webhooks/"+w.ID, e.rw, map[string]any{"enabled": false}), http.StatusOK, nil)
	problem(t, e.req("POST", "/v1/webhooks/"+w.ID+"/test", e.rw, nil), http.StatusConflict, videohost.EConflict)
}

func TestVideoEvents(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	created := e.createWebhook(e.rw, map[string]any{"events": []string{"video.created"}})
	e.createWebhook(e.rw, map[string]any{"events": []string{"video.ready"}})
	v := e.createVideo(e.rw, nil)
	e.clock.Advance(time.Millisecond)
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	e.createVideo(e.rw, nil) // another video's events stay out
	if _, err := e.svc.Jobs().FanOutWebhookEvents(ctx, 100, e.clock.Now()); err != nil {
		t.Fatal(err)
	}

	type eventPage struct {
		Data       []videohost.VideoEvent `json:"data"`
		NextCursor *string                `json:"next_cursor"`
	}
	var first eventPage
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/events?limit=1", e.ro, nil), http.StatusOK, &first)
	if len(first.Data) != 1 || first.Data[0].Type != "video.archived" || first.NextCursor == nil {
		t.Fatalf("first page %+v, want video.archived and a cursor", first)
	}
	if ds := first.Data[0].Deliveries; ds == nil || len(ds) != 0 {
		t.Fatalf("video.archived went to %+v; no endpoint listens for it", ds)
	}
	var second eventPage
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/events?limit=1&cursor="+*first.NextCursor, e.ro, nil), http.StatusOK, &second)
	if len(second.Data) != 1 || second.NextCursor != nil || second.Data[0].Type != "video.created" {
		t.Fatalf("second page %+v", second)
	}
	ev := second.Data[0]
	if len(ev.Deliveries) != 1 || ev.Deliveries[0].Endpoint != created.ID || ev.Deliveries[0].EventID != ev.ID ||
		ev.Deliveries[0].State != videohost.DeliveryPending || ev.Deliveries[0].Attempts == nil {
		t.Fatalf("video.created deliveries %+v", ev.Deliveries)
	}

	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/events", e.otherRW, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/videos/nosuchvideo1/events", e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/events?cursor=forged", e.rw, nil), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/events?limit=0", e.rw, nil), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/events", "", nil), http.StatusUnauthorized, videohost.EUnauthorized)
}

// TestWebhookEndpointCap: a space holds at most MaxWebhooksPerSpace
// endpoints (each event is a delivery per endpoint): the next create is 409
// conflict, and nothing is created; deleting one makes room; another
// space has its own.
func TestWebhookEndpointCap(t *testing.T) {
	e := newEnv(t)
	var first string
	for i := range videohost.MaxWebhooksPerSpace {
		w := e.createWebhook(e.rw, map[string]any{})
		if i == 0 {
			first = w.ID
		}
	}
	problem(t, e.req("POST", "/v1/webhooks", e.rw, map[string]any{"url": hookURL}), http.StatusConflict, videohost.EConflict)
	var page webhookPage
	must(t, e.req("GET", "/v1/webhooks?limit=100", e.rw, nil), http.StatusOK, &page)
	if len(page.Data) != videohost.MaxWebhooksPerSpace {
		t.Fatalf("%d endpoints, want %d", len(page.Data), videohost.MaxWebhooksPerSpace)
	}
	e.createWebhook(e.otherRW, map[string]any{})
	must(t, e.req("DELETE", "/v1/webhooks/"+first, e.rw, nil), http.StatusNoContent, nil)
	e.createWebhook(e.rw, map[string]any{})
}
