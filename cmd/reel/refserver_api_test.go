package main_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

// The tests of this file drive the tool against a real refserver process
// (refserver_test.go), so that every shape the client decodes is the
// server's, not a guess.

// hookReceiver is a local webhook endpoint that keeps every request.
type hookReceiver struct {
	*httptest.Server
	mu       sync.Mutex
	received []receivedHook
}

type receivedHook struct {
	header http.Header
	body   []byte
}

func newHookReceiver(t *testing.T) *hookReceiver {
	t.Helper()
	r := &hookReceiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.received = append(r.received, receivedHook{header: req.Header.Clone(), body: body})
		r.mu.Unlock()
		w.Write([]byte("thanks"))
	}))
	t.Cleanup(r.Close)
	return r
}

// waitForCount returns the nth request (1-based) once it has arrived.
func (r *hookReceiver) waitForCount(t *testing.T, n int) receivedHook {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(25 * time.Millisecond) {
		r.mu.Lock()
		if len(r.received) >= n {
			got := r.received[n-1]
			r.mu.Unlock()
			return got
		}
		count := len(r.received)
		r.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("the receiver got %d requests, want %d", count, n)
		}
	}
}

// verifyWithCLI runs reel webhooks verify on a received request.
func verifyWithCLI(t *testing.T, e *env, secret string, hook receivedHook) result {
	t.Helper()
	args := []string{"webhooks", "verify", "--secret", secret}
	for _, name := range []string{webhooks.HeaderID, "webhook-timestamp", "webhook-signature"} {
		args = append(args, "--header", name+": "+hook.header.Get(name))
	}
	return e.run(string(hook.body), args...)
}

type apiWebhook struct {
	ID                      string
	Space                   string
	URL                     string
	Description             string
	Events                  []string
	Enabled                 bool
	Secret                  string
	PreviousSecretExpiresAt *time.Time `json:"previous_secret_expires_at"`
	CreatedAt               time.Time  `json:"created_at"`
}

type apiDelivery struct {
	ID            string
	Endpoint      string
	EventID       string `json:"event_id"`
	Type          string
	State         string
	CreatedAt     time.Time  `json:"created_at"`
	NextAttemptAt *time.Time `json:"next_attempt_at"`
	Attempts      []struct {
		At              time.Time
		Status          int
		DurationMS      *int64 `json:"duration_ms"`
		Error           string
		ResponseExcerpt string `json:"response_excerpt"`
	}
}

func TestRefserverWebhooks(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)
	recv := newHookReceiver(t)

	var hook apiWebhook
	e.ok("webhooks", "create", "--url", recv.URL, "--events", "video.ready", "--description", "ci").json(t, &hook)
	if !strings.HasPrefix(hook.Secret, "whsec_") || hook.Space == "" || !hook.Enabled ||
		hook.Description != "ci" || strings.Join(hook.Events, ",") != "video.ready" || hook.PreviousSecretExpiresAt != nil {
		t.Fatalf("created webhook %+v", hook)
	}
	firstSecret := hook.Secret

	var page struct {
		Data       []apiWebhook
		NextCursor *string `json:"next_cursor"`
	}
	e.ok("webhooks", "list").json(t, &page)
	if len(page.Data) != 1 || page.Data[0].ID != hook.ID || page.Data[0].Secret != "" {
		t.Errorf("webhooks list: %+v", page.Data)
	}
	if table := e.ok("webhooks", "list", "--format", "table").stdout; !strings.Contains(table, hook.ID) || !strings.HasPrefix(table, "ID") {
		t.Errorf("webhooks list table:\n%s", table)
	}
	var got apiWebhook
	e.ok("webhooks", "get", hook.ID).json(t, &got)
	if got.ID != hook.ID || got.Secret != "" || got.URL != recv.URL {
		t.Errorf("webhooks get: %+v", got)
	}

	var updated apiWebhook
	e.ok("webhooks", "update", hook.ID, "--description", "renamed", "--events", "video.ready,video.deleted").json(t, &updated)
	if updated.Description != "renamed" || strings.Join(updated.Events, ",") != "video.ready,video.deleted" || !updated.Enabled {
		t.Errorf("webhooks update: %+v", updated)
	}
	e.ok("webhooks", "update", hook.ID, "--enabled=false").json(t, &updated)
	if updated.Enabled || updated.Description != "renamed" {
		t.Errorf("disabled webhook: %+v, want disabled with its description kept", updated)
	}
	if res := e.run("", "webhooks", "test", hook.ID); res.code != 1 || !strings.Contains(res.stderr, "conflict") {
		t.Errorf("test event to a disabled endpoint: exit %d (%s), want 1 and conflict", res.code, res.stderr)
	}
	e.ok("webhooks", "update", hook.ID, "--enabled=true")

	// The test event reaches the receiver, signed with the secret.
	var queued apiDelivery
	e.ok("webhooks", "test", hook.ID).json(t, &queued)
	if queued.Type != webhooks.KindWebhookTest || queued.Endpoint != hook.ID || queued.ID == "" || queued.EventID == "" {
		t.Errorf("queued test delivery: %+v", queued)
	}
	first := recv.waitForCount(t, 1)
	if res := verifyWithCLI(t, e, firstSecret, first); res.code != 0 || !strings.Contains(res.stdout, webhooks.KindWebhookTest) {
		t.Errorf("reel webhooks verify: exit %d (%s) %s", res.code, res.stderr, res.stdout)
	}
	if first.header.Get(webhooks.HeaderID) != queued.EventID {
		t.Errorf("webhook-id %q, want the delivery's event_id %q", first.header.Get(webhooks.HeaderID), queued.EventID)
	}

	delivered := waitForDelivery(t, e, hook.ID, queued.ID, func(d apiDelivery) bool { return d.State == "delivered" })
	if len(delivered.Attempts) != 1 || delivered.Attempts[0].Status != 200 || delivered.Attempts[0].DurationMS == nil ||
		delivered.Attempts[0].ResponseExcerpt != "thanks" || delivered.NextAttemptAt != nil || delivered.CreatedAt.IsZero() {
		t.Errorf("delivered: %+v", delivered)
	}
	if table := e.ok("webhooks", "deliveries", hook.ID, "--format", "table").stdout; !strings.Contains(table, queued.ID) || !strings.Contains(table, "delivered") {
		t.Errorf("deliveries table:\n%s", table)
	}

	// A retry of a delivered delivery sends the same event again.
	var retried apiDelivery
	e.ok("webhooks", "retry", hook.ID, queued.ID).json(t, &retried)
	if retried.ID != queued.ID || retried.State != "pending" {
		t.Errorf("retried delivery: %+v, want %s pending", retried, queued.ID)
	}
	if again := recv.waitForCount(t, 2); again.header.Get(webhooks.HeaderID) != queued.EventID {
		t.Errorf("redelivery webhook-id %q, want %q", again.header.Get(webhooks.HeaderID), queued.EventID)
	}
	waitForDelivery(t, e, hook.ID, queued.ID, func(d apiDelivery) bool { return d.State == "delivered" && len(d.Attempts) == 2 })

	// After a rotation both secrets verify until the old one expires.
	var rotated apiWebhook
	e.ok("webhooks", "rotate-secret", hook.ID).json(t, &rotated)
	if !strings.HasPrefix(rotated.Secret, "whsec_") || rotated.Secret == firstSecret || rotated.PreviousSecretExpiresAt == nil ||
		rotated.PreviousSecretExpiresAt.Before(time.Now().Add(23*time.Hour)) {
		t.Errorf("rotated webhook: %+v", rotated)
	}
	e.ok("webhooks", "test", hook.ID)
	third := recv.waitForCount(t, 3)
	if res := verifyWithCLI(t, e, rotated.Secret, third); res.code != 0 {
		t.Errorf("verify with the new secret: exit %d (%s)", res.code, res.stderr)
	}
	old := webhooks.Verifier{Secrets: []string{firstSecret}}
	if err := old.Verify(third.header, third.body); err != nil {
		t.Errorf("verify with the rotated-out secret during its grace: %v", err)
	}

	e.ok("webhooks", "delete", hook.ID)
	if res := e.run("", "webhooks", "get", hook.ID); res.code != 1 || !strings.Contains(res.stderr, "not_found") {
		t.Errorf("get after delete: exit %d (%s), want not_found", res.code, res.stderr)
	}
}

// waitForDelivery polls reel webhooks deliveries until the delivery passes done.
func waitForDelivery(t *testing.T, e *env, hookID, deliveryID string, done func(apiDelivery) bool) apiDelivery {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var page struct{ Data []apiDelivery }
		e.ok("webhooks", "deliveries", hookID).json(t, &page)
		for _, d := range page.Data {
			if d.ID == deliveryID && done(d) {
				return d
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivery %s never got there: %+v", deliveryID, page.Data)
		}
	}
}

func TestRefserverKeys(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)

	if res := e.run("", "keys", "create", "--access", "admin"); res.code != 2 {
		t.Errorf("keys create --access admin: exit %d, want 2", res.code)
	}
	var key struct {
		ID, Access, Name, Key string
		CreatedAt             time.Time `json:"created_at"`
	}
	e.ok("keys", "create", "--access", "read_only", "--name", "dashboard").json(t, &key)
	if !strings.HasPrefix(key.Key, "rk_") || key.Access != "read_only" || key.Name != "dashboard" || key.CreatedAt.IsZero() {
		t.Fatalf("created key %+v", key)
	}
	var keys struct {
		Data []struct{ ID, Key string }
	}
	e.ok("keys", "list").json(t, &keys)
	if !containsID(keys.Data, key.ID, func(k struct{ ID, Key string }) string { return k.ID }) {
		t.Errorf("keys list %+v lacks %s", keys.Data, key.ID)
	}
	for _, k := range keys.Data {
		if k.Key != "" {
			t.Errorf("keys list shows the secret of %s", k.ID)
		}
	}
	if table := e.ok("keys", "list", "--format", "table").stdout; !strings.Contains(table, key.ID) || !strings.Contains(table, "read_only") {
		t.Errorf("keys table:\n%s", table)
	}
	readOnly := e.with("REEL_API_KEY=" + key.Key)
	readOnly.ok("videos", "list")
	if res := readOnly.run("", "collections", "create", "--name", "x"); res.code != 1 || !strings.Contains(res.stderr, "read_only_key") {
		t.Errorf("write with a read-only key: exit %d (%s)", res.code, res.stderr)
	}
	e.ok("keys", "delete", key.ID)
	if res := readOnly.run("", "videos", "list"); res.code != 1 || !strings.Contains(res.stderr, "unauthorized") {
		t.Errorf("revoked key: exit %d (%s), want unauthorized", res.code, res.stderr)
	}

	type signingKey struct {
		ID, Space, Algorithm string
		PublicJWK            json.RawMessage `json:"public_jwk"`
		PrivatePEM           string          `json:"private_pem"`
		PrivateJWK           json.RawMessage `json:"private_jwk"`
	}
	var created []signingKey
	for _, args := range [][]string{{"signing-keys", "create"}, {"signing-keys", "create", "--algorithm", "ES256", "--format", "table"}} {
		var k signingKey
		e.ok(args...).json(t, &k)
		if k.ID == "" || k.Space == "" || len(k.PublicJWK) == 0 || len(k.PrivateJWK) == 0 ||
			!strings.HasPrefix(k.PrivatePEM, "-----BEGIN PRIVATE KEY-----") {
			t.Errorf("%v: %+v", args, k)
		}
		created = append(created, k)
	}
	if created[0].Algorithm != "EdDSA" || created[1].Algorithm != "ES256" {
		t.Errorf("algorithms %s and %s, want EdDSA and ES256", created[0].Algorithm, created[1].Algorithm)
	}
	if res := e.run("", "signing-keys", "create", "--algorithm", "RS256"); res.code != 2 {
		t.Errorf("--algorithm RS256: exit %d, want 2", res.code)
	}
	var listed struct{ Data []signingKey }
	e.ok("signing-keys", "list").json(t, &listed)
	if len(listed.Data) != 2 || listed.Data[0].PrivatePEM != "" || len(listed.Data[0].PrivateJWK) != 0 {
		t.Errorf("signing-keys list: %+v", listed.Data)
	}
	if table := e.ok("signing-keys", "list", "--format", "table").stdout; !strings.Contains(table, created[1].ID) || !strings.Contains(table, "ES256") {
		t.Errorf("signing-keys table:\n%s", table)
	}
	e.ok("signing-keys", "delete", created[0].ID)
	e.ok("signing-keys", "list").json(t, &listed)
	if len(listed.Data) != 1 || listed.Data[0].ID != created[1].ID {
		t.Errorf("after delete: %+v", listed.Data)
	}
}

func containsID[T any](items []T, id string, idOf func(T) string) bool {
	for _, it := range items {
		if idOf(it) == id {
			return true
		}
	}
	return false
}

// TestRefserverVideoLifecycle uploads with an upload token, then adds
// subtitles, reads stats and plays the video through a playback token once
// it is signed.
func TestRefserverVideoLifecycle(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)
	path := makeTestVideo(t)

	var upload struct {
		Token, Sub string
		Aud        string `json:"aud"`
	}
	e.ok("tokens", "upload", "--ttl", "10m").json(t, &upload)
	if upload.Aud != "upload" || upload.Sub == "" {
		t.Fatalf("upload token %+v", upload)
	}
	// A stranger with the token and no key of their own.
	stranger := newEnv(t).with("REEL_BASE_URL=" + rs.URL)
	if res := stranger.run("", "videos", "upload", path, "--upload-token", upload.Token, "--wait"); res.code != 2 {
		t.Errorf("--wait with only an upload token: exit %d (%s), want 2", res.code, res.stderr)
	}
	var uploaded struct {
		ID   string
		Size int64
	}
	stranger.ok("videos", "upload", path, "--upload-token", upload.Token, "--title", "By token").json(t, &uploaded)
	if fi, err := os.Stat(path); err != nil || uploaded.ID == "" || uploaded.Size != fi.Size() {
		t.Fatalf("upload with a token printed %+v", uploaded)
	}
	// An upload token only uploads: it reads nothing.
	if res := stranger.run("", "videos", "list", "--api-key", upload.Token); res.code != 1 || !strings.Contains(res.stderr, "unauthorized") {
		t.Errorf("reading with an upload token: exit %d (%s), want unauthorized", res.code, res.stderr)
	}
	// Passed where a key goes, the token is recognized and still uploads.
	var second struct{ ID string }
	stranger.with("REEL_API_KEY="+upload.Token).ok("videos", "upload", path, "--title", "By token as key").json(t, &second)
	if second.ID == "" || second.ID == uploaded.ID {
		t.Errorf("upload with the token as --api-key printed %+v", second)
	}

	var v struct {
		ID, Embed, Title, State string
		PlaybackPolicy          string `json:"playback_policy"`
		Subtitles               []struct{ Language, Label, URL string }
	}
	res := e.run("", "videos", "wait", uploaded.ID, "--state", "ready", "--timeout", "120s")
	if res.code != 0 {
		msg := "video " + uploaded.ID + " did not become ready: " + strings.TrimSpace(res.stderr)
		if os.Getenv("REEL_TEST_REQUIRE_PLAYABLE") != "" {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
		res = e.ok("videos", "get", uploaded.ID)
	}
	res.json(t, &v)
	if v.Title != "By token" || v.State == "created" {
		t.Fatalf("uploaded video %+v", v)
	}

	// Its events, oldest first; no endpoint listens, so no deliveries.
	var events struct {
		Data []struct {
			ID, Type   string
			Deliveries []any
		}
	}
	e.ok("videos", "events", uploaded.ID).json(t, &events)
	if len(events.Data) < 2 || events.Data[0].Type != "video.created" || events.Data[1].Type != "video.uploaded" ||
		events.Data[0].ID == "" || events.Data[0].Deliveries == nil {
		t.Errorf("videos events: %+v", events.Data)
	}
	if table := e.ok("videos", "events", uploaded.ID, "--format", "table").stdout; !strings.Contains(table, "video.created") ||
		!strings.Contains(table, "no endpoint listens") {
		t.Errorf("videos events table:\n%s", table)
	}

	// Subtitles: an SRT file in, WebVTT listed back.
	srt := filepath.Join(t.TempDir(), "en.srt")
	writeFile(t, srt, []byte("1\n00:00:00,000 --> 00:00:01,500\nHello there\n\n2\n00:00:01,500 --> 00:00:02,000\nBye\n"))
	e.ok("subtitles", "add", v.ID, srt, "--language", "en", "--label", "English").json(t, &v)
	if len(v.Subtitles) != 1 || v.Subtitles[0].Language != "en" || v.Subtitles[0].Label != "English" || !strings.HasSuffix(v.Subtitles[0].URL, ".vtt") {
		t.Errorf("video after subtitles add: %+v", v.Subtitles)
	}
	var subs struct {
		Data       []struct{ Language, Label, URL string }
		NextCursor *string `json:"next_cursor"`
	}
	e.ok("subtitles", "list", v.ID).json(t, &subs)
	if len(subs.Data) != 1 || subs.Data[0].Language != "en" {
		t.Errorf("subtitles list: %+v", subs.Data)
	}
	if table := e.ok("subtitles", "list", v.ID, "--format", "table").stdout; !strings.Contains(table, "English") {
		t.Errorf("subtitles table:\n%s", table)
	}
	e.ok("subtitles", "delete", v.ID, "--language", "en")
	e.ok("subtitles", "list", v.ID).json(t, &subs)
	if len(subs.Data) != 0 {
		t.Errorf("subtitles after delete: %+v", subs.Data)
	}

	checkStats(t, e, v.ID)

	// The original, once shared, downloads as the uploaded file; unshared
	// it answers 404.
	var shared struct {
		OriginalAccess bool `json:"original_access"`
		URLs           struct{ Original string }
	}
	e.ok("videos", "update", v.ID, "--original-access").json(t, &shared)
	original := shared.URLs.Original
	if !shared.OriginalAccess || (original == "" && v.State == "ready") {
		t.Errorf("after --original-access: %+v", shared)
	}
	if original != "" {
		resp, err := http.Get(shared.URLs.Original + "?download")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		src, _ := os.ReadFile(path)
		cd := resp.Header.Get("Content-Disposition")
		if resp.StatusCode != http.StatusOK || string(body) != string(src) || !strings.HasPrefix(cd, "attachment; filename=") ||
			!strings.Contains(cd, filepath.Base(path)) {
			t.Errorf("original: %d, %d bytes of %d, Content-Disposition %q", resp.StatusCode, len(body), len(src), cd)
		}
	}
	e.ok("videos", "update", v.ID, "--original-access=false").json(t, &shared)
	if shared.OriginalAccess || shared.URLs.Original != "" {
		t.Errorf("after --original-access=false: %+v", shared)
	}
	if original != "" {
		if status := httpStatus(t, original); status != http.StatusNotFound {
			t.Errorf("original while unshared: %d, want 404", status)
		}
	}

	// A signed video answers only with a playback token the server accepts.
	e.ok("videos", "update", v.ID, "--playback-policy", "signed").json(t, &v)
	if v.PlaybackPolicy != "signed" {
		t.Fatalf("playback_policy %q after update, want signed", v.PlaybackPolicy)
	}
	embedURL := rs.URL + "/v1/embeds/" + v.Embed
	if status := httpStatus(t, embedURL); status != http.StatusUnauthorized && status != http.StatusForbidden {
		t.Errorf("signed embed without a token: %d, want 401 or 403", status)
	}
	var playback struct{ Token, Sub string }
	e.ok("tokens", "playback", "--embed", v.Embed, "--ttl", "10m").json(t, &playback)
	if status := httpStatus(t, embedURL+"?token="+url.QueryEscape(playback.Token)); status != http.StatusOK {
		t.Errorf("signed embed with a playback token: %d, want 200", status)
	}
}

// checkStats reads the space's and the video's stats as JSON and as tables.
func checkStats(t *testing.T, e *env, videoID string) {
	t.Helper()
	type stats struct {
		From, To      time.Time
		Interval      string
		Views         *int64
		Retention     []float64
		StartupTimeMS struct{ P50, P95 *float64 } `json:"startup_time_ms"`
		Referrers     []struct {
			Origin string
			Views  int64
		}
		Browsers  []struct{ Name string }
		Series    []struct{ At time.Time }
		TopVideos *[]struct{ ID string } `json:"top_videos"`
	}
	for _, args := range [][]string{{"stats"}, {"stats", videoID}} {
		var s stats
		e.ok(args...).json(t, &s)
		if s.Views == nil || *s.Views != 0 || s.From.IsZero() || !s.To.After(s.From) || s.Interval == "" || s.Referrers == nil || s.Browsers == nil {
			t.Errorf("%v: %+v", args, s)
		}
		// The server leaves an empty top_videos out (omitempty), so only its
		// absence from a video's stats is certain.
		if len(args) == 2 && s.TopVideos != nil {
			t.Errorf("%v: top_videos on a video's stats", args)
		}
		table := e.ok(append(args, "--format", "table")...).stdout
		if !strings.HasPrefix(table, "FROM") || !strings.Contains(table, "VIEWS") {
			t.Errorf("%v table:\n%s", args, table)
		}
	}
	if res := e.run("", "stats", "--interval", "minute"); res.code != 1 || !strings.Contains(res.stderr, "validation_failed") {
		t.Errorf("stats --interval minute: exit %d (%s), want validation_failed", res.code, res.stderr)
	}
}

func httpStatus(t *testing.T, target string) int {
	t.Helper()
	resp, err := http.Get(target)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestRefserverPlayer sets player settings on the space and a collection
// and reads them back resolved.
func TestRefserverPlayer(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)
	var col struct{ ID string }
	e.ok("collections", "create", "--name", "Talks").json(t, &col)

	type view struct {
		Scope, ID                     string
		Settings, Inherited, Resolved map[string]any
	}
	var v view
	e.ok("player", "set", "color=#ff5a36", "autoplay=true", "controls=play seek").json(t, &v)
	if v.Scope != "space" || v.Settings["color"] != "#ff5a36" || v.Settings["autoplay"] != true || v.Settings["controls"] != "play seek" {
		t.Fatalf("player set on the space: %+v", v)
	}
	v = view{}
	e.ok("player", "set", "--collection", "Talks", "color=#00aa00", "start=1.5").json(t, &v)
	if v.Scope != "collection" || v.ID != col.ID || v.Resolved["color"] != "#00aa00" || v.Resolved["autoplay"] != true || v.Resolved["start"] != 1.5 {
		t.Fatalf("player set on a collection: %+v", v)
	}
	v = view{}
	e.ok("player", "set", "--collection", col.ID, "color=").json(t, &v)
	if _, set := v.Settings["color"]; set || v.Resolved["color"] != "#ff5a36" {
		t.Fatalf("unset: %+v", v)
	}
	if table := e.ok("player", "get", "--collection", "Talks", "--format", "table").stdout; !strings.Contains(table, "start") || !strings.Contains(table, "inherited") {
		t.Errorf("player table:\n%s", table)
	}
	if res := e.run("", "player", "set", "autoplay=maybe"); res.code != 2 {
		t.Errorf("autoplay=maybe: exit %d, want 2", res.code)
	}
	if res := e.run("", "player", "set", "colour=red"); res.code != 1 || !strings.Contains(res.stderr, "validation_failed") {
		t.Errorf("unknown setting: exit %d (%s)", res.code, res.stderr)
	}
}

// TestRefserverSpaces: an operator's admin key (refserver keys create
// --admin) creates a customer's space with quotas, mints its key, watches
// the quota hold, and deletes the space with everything in it.
func TestRefserverSpaces(t *testing.T) {
	rs := startRefserver(t)
	admin := newEnv(t).with("REEL_BASE_URL="+rs.URL, "REEL_API_KEY="+rs.adminKey(t, "read_write"))
	readOnlyAdmin := newEnv(t).with("REEL_BASE_URL="+rs.URL, "REEL_API_KEY="+rs.adminKey(t, "read_only"))
	type spaceJSON struct {
		ID     string
		Name   string
		Quotas struct {
			MaxBytes  *int64 `json:"max_bytes"`
			MaxVideos *int64 `json:"max_videos"`
		}
		Usage *struct{ Videos int64 }
	}
	var sp spaceJSON
	admin.ok("spaces", "create", "--name", "Acme", "--max-videos", "1").json(t, &sp)
	if sp.ID == "" || sp.Name != "Acme" || sp.Quotas.MaxVideos == nil || *sp.Quotas.MaxVideos != 1 || sp.Quotas.MaxBytes != nil {
		t.Fatalf("spaces create: %+v", sp)
	}
	var list struct{ Data []spaceJSON }
	readOnlyAdmin.ok("spaces", "list").json(t, &list)
	if !containsID(list.Data, sp.ID, func(s spaceJSON) string { return s.ID }) || len(list.Data) != 2 {
		t.Fatalf("spaces list: %+v", list.Data)
	}
	if table := admin.ok("spaces", "list", "--format", "table").stdout; !strings.Contains(table, sp.ID) || !strings.Contains(table, "MAX VIDEOS") {
		t.Errorf("spaces table:\n%s", table)
	}
	if res := readOnlyAdmin.run("", "spaces", "create", "--name", "x"); res.code != 1 || !strings.Contains(res.stderr, "read_only_key") {
		t.Errorf("create with a read-only admin key: exit %d (%s)", res.code, res.stderr)
	}
	if res := admin.run("", "spaces", "update", sp.ID, "--max-videos", "lots"); res.code != 2 {
		t.Errorf("--max-videos lots: exit %d, want 2", res.code)
	}

	var key struct{ Key, Space, Access string }
	admin.ok("spaces", "keys", "create", sp.ID, "--access", "read_write", "--name", "acme").json(t, &key)
	if key.Space != sp.ID || key.Access != "read_write" || !strings.HasPrefix(key.Key, "rk_") {
		t.Fatalf("spaces keys create: %+v", key)
	}
	tenant := newEnv(t).with("REEL_BASE_URL="+rs.URL, "REEL_API_KEY="+key.Key)
	tenant.ok("videos", "create", "--url", "https://203.0.113.7/a.mp4")
	if res := tenant.run("", "videos", "create", "--url", "https://203.0.113.7/b.mp4"); res.code != 1 || !strings.Contains(res.stderr, "quota_exceeded") {
		t.Errorf("a create past max_videos: exit %d (%s), want quota_exceeded", res.code, res.stderr)
	}
	// A space's key manages no space; an admin key reaches no space's route.
	if res := tenant.run("", "spaces", "list"); res.code != 1 || !strings.Contains(res.stderr, "forbidden") {
		t.Errorf("spaces list with a space's key: exit %d (%s)", res.code, res.stderr)
	}
	if res := admin.run("", "videos", "list"); res.code != 1 || !strings.Contains(res.stderr, "forbidden") {
		t.Errorf("videos list with an admin key: exit %d (%s)", res.code, res.stderr)
	}

	admin.ok("spaces", "update", sp.ID, "--max-videos", "none", "--max-bytes", "1000", "--name", "Acme Inc").json(t, &sp)
	if sp.Name != "Acme Inc" || sp.Quotas.MaxVideos != nil || sp.Quotas.MaxBytes == nil || *sp.Quotas.MaxBytes != 1000 {
		t.Fatalf("spaces update: %+v", sp)
	}
	tenant.ok("videos", "create", "--url", "https://203.0.113.7/b.mp4")
	admin.ok("spaces", "get", sp.ID).json(t, &sp)
	if sp.Usage == nil || sp.Usage.Videos != 2 {
		t.Fatalf("spaces get: usage %+v", sp.Usage)
	}

	if res := admin.run("", "spaces", "delete", sp.ID); res.code != 1 || !strings.Contains(res.stderr, "conflict") {
		t.Errorf("deleting a space with videos: exit %d (%s), want conflict", res.code, res.stderr)
	}
	admin.ok("spaces", "delete", sp.ID, "--recursive")
	if res := tenant.run("", "videos", "list"); res.code != 1 || !strings.Contains(res.stderr, "unauthorized") {
		t.Errorf("the deleted space's key: exit %d (%s), want unauthorized", res.code, res.stderr)
	}
	if res := admin.run("", "spaces", "get", sp.ID); res.code != 1 || !strings.Contains(res.stderr, "not_found") {
		t.Errorf("spaces get of a deleted space: exit %d (%s)", res.code, res.stderr)
	}
}
