package webhooks_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

// vector is the Standard Webhooks reference test vector (see testdata).
type vector struct {
	Secret    string `json:"secret"`
	MsgID     string `json:"msg_id"`
	Timestamp int64  `json:"timestamp"`
	Payload   string `json:"payload"`
	Signature string `json:"signature"`
}

func loadVector(t *testing.T) vector {
	t.Helper()
	raw, err := os.ReadFile("testdata/standardwebhooks_vector.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vector
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func vectorHeader(v vector) http.Header {
	h := http.Header{}
	h.Set(webhooks.HeaderID, v.MsgID)
	h.Set(webhooks.HeaderTimestamp, strconv.FormatInt(v.Timestamp, 10))
	h.Set(webhooks.HeaderSignature, v.Signature)
	return h
}

func verifierAt(secrets []string, unix int64) *webhooks.Verifier {
	return &webhooks.Verifier{Secrets: secrets, Now: func() time.Time { return time.Unix(unix, 0) }}
}

func TestStandardWebhooksVector(t *testing.T) {
	v := loadVector(t)
	ts := time.Unix(v.Timestamp, 0)

	sig, err := webhooks.Sign(v.Secret, v.MsgID, ts, []byte(v.Payload))
	if err != nil {
		t.Fatalf("Sign: %v", err)
	}
	if sig != v.Signature {
		t.Fatalf("Sign = %s, want %s", sig, v.Signature)
	}
	header, err := webhooks.Headers([]string{v.Secret}, v.MsgID, ts, []byte(v.Payload))
	if err != nil {
		t.Fatalf("Headers: %v", err)
	}
	for name, want := range map[string]string{
		"Webhook-Id": v.MsgID, "Webhook-Timestamp": "1614265330", "Webhook-Signature": v.Signature,
	} {
		if got := header.Get(name); got != want {
			t.Errorf("header %s = %q, want %q", name, got, want)
		}
	}
	if err := verifierAt([]string{v.Secret}, v.Timestamp).Verify(vectorHeader(v), []byte(v.Payload)); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	// The reference libraries accept the secret without its prefix too.
	bare := strings.TrimPrefix(v.Secret, webhooks.SecretPrefix)
	if err := verifierAt([]string{bare}, v.Timestamp).Verify(vectorHeader(v), []byte(v.Payload)); err != nil {
		t.Fatalf("Verify with unprefixed secret: %v", err)
	}
}

func TestVerifyRefuses(t *testing.T) {
	v := loadVector(t)
	otherSecret := "whsec_" + base64.StdEncoding.EncodeToString([]byte("another-secret-of-32-bytes-long!"))
	for _, tc := range []struct {
		name    string
		secrets []string
		mutate  func(h http.Header)
		body    string
		want    error
	}{
		{name: "tampered body", body: `{"test": 2432232315}`, want: webhooks.ErrInvalidSignature},
		{name: "body re-encoded", body: `{"test":2432232314}`, want: webhooks.ErrInvalidSignature},
		{name: "tampered timestamp", mutate: func(h http.Header) { h.Set(webhooks.HeaderTimestamp, "1614265331") }, want: webhooks.ErrInvalidSignature},
		{name: "tampered id", mutate: func(h http.Header) { h.Set(webhooks.HeaderID, "msg_p5jXN8AQM9LWM0D4loKWxJeK") }, want: webhooks.ErrInvalidSignature},
		{name: "wrong secret", secrets: []string{otherSecret}, want: webhooks.ErrInvalidSignature},
		{name: "missing id", mutate: func(h http.Header) { h.Del(webhooks.HeaderID) }, want: webhooks.ErrMissingHeaders},
		{name: "missing timestamp", mutate: func(h http.Header) { h.Del(webhooks.HeaderTimestamp) }, want: webhooks.ErrMissingHeaders},
		{name: "missing signature", mutate: func(h http.Header) { h.Del(webhooks.HeaderSignature) }, want: webhooks.ErrMissingHeaders},
		{name: "timestamp not a number", mutate: func(h http.Header) { h.Set(webhooks.HeaderTimestamp, "yesterday") }, want: webhooks.ErrMalformedHeaders},
		{name: "timestamp with sign", mutate: func(h http.Header) { h.Set(webhooks.HeaderTimestamp, "+1614265330") }, want: webhooks.ErrMalformedHeaders},
		{name: "timestamp with fraction", mutate: func(h http.Header) { h.Set(webhooks.HeaderTimestamp, "1614265330.5") }, want: webhooks.ErrMalformedHeaders},
		{name: "timestamp absurdly large", mutate: func(h http.Header) { h.Set(webhooks.HeaderTimestamp, "99999999999999999999") }, want: webhooks.ErrMalformedHeaders},
		{name: "unknown version only", mutate: func(h http.Header) {
			h.Set(webhooks.HeaderSignature, strings.Replace(v.Signature, "v1,", "v2,", 1))
		}, want: webhooks.ErrInvalidSignature},
		{name: "signature without version", mutate: func(h http.Header) {
			h.Set(webhooks.HeaderSignature, strings.TrimPrefix(v.Signature, "v1,"))
		}, want: webhooks.ErrInvalidSignature},
		{name: "signature not base64", mutate: func(h http.Header) { h.Set(webhooks.HeaderSignature, "v1,@@@@") }, want: webhooks.ErrInvalidSignature},
		{name: "truncated signature", mutate: func(h http.Header) { h.Set(webhooks.HeaderSignature, v.Signature[:20]) }, want: webhooks.ErrInvalidSignature},
		{name: "verifier without secrets", secrets: []string{}, want: webhooks.ErrInvalidSecret},
		{name: "verifier with a malformed secret", secrets: []string{"whsec_!!!"}, want: webhooks.ErrInvalidSecret},
		{name: "verifier with a short secret", secrets: []string{"whsec_" + base64.StdEncoding.EncodeToString([]byte("short"))}, want: webhooks.ErrInvalidSecret},
	} {
		t.Run(tc.name, func(t *testing.T) {
			header := vectorHeader(v)
			if tc.mutate != nil {
				tc.mutate(header)
			}
			body := v.Payload
			if tc.body != "" {
				body = tc.body
			}
			secrets := []string{v.Secret}
			if tc.secrets != nil {
				secrets = tc.secrets
			}
			err := verifierAt(secrets, v.Timestamp).Verify(header, []byte(body))
			if !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestVerifyAcceptsAnyMatchingSignature(t *testing.T) {
	v := loadVector(t)
	oldSecret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	newSecret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	ts := time.Unix(v.Timestamp, 0)
	body := []byte(v.Payload)
	rotating, err := webhooks.Headers([]string{oldSecret, newSecret}, v.MsgID, ts, body)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Fields(rotating.Get(webhooks.HeaderSignature))); n != 2 {
		t.Fatalf("rotation header carries %d signatures, want 2", n)
	}
	for _, tc := range []struct {
		name    string
		header  http.Header
		secrets []string
	}{
		{"receiver still on the old secret", rotating, []string{oldSecret}},
		{"receiver already on the new secret", rotating, []string{newSecret}},
		{"receiver holding both", rotating, []string{newSecret, oldSecret}},
		{"sender on new secret, receiver holding both", mustHeaders(t, []string{newSecret}, v.MsgID, ts, body), []string{oldSecret, newSecret}},
		{"valid signature among unknown versions and junk", withSignature(vectorHeader(v),
			"v1a,AAAA v2,"+strings.TrimPrefix(v.Signature, "v1,")+" v1,bm9wZQ== garbage "+v.Signature), []string{v.Secret}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			secrets := tc.secrets
			if err := verifierAt(secrets, v.Timestamp).Verify(tc.header, body); err != nil {
				t.Fatalf("Verify: %v", err)
			}
		})
	}
}

func mustHeaders(t *testing.T, secrets []string, id string, ts time.Time, body []byte) http.Header {
	t.Helper()
	h, err := webhooks.Headers(secrets, id, ts, body)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func withSignature(h http.Header, sig string) http.Header {
	h.Set(webhooks.HeaderSignature, sig)
	return h
}

func TestVerifyTolerance(t *testing.T) {
	v := loadVector(t)
	for _, tc := range []struct {
		name      string
		nowOffset time.Duration // receiver's clock minus the message's timestamp
		tolerance time.Duration
		want      error
	}{
		{"same second", 0, 0, nil},
		{"exactly 5 min old", 5 * time.Minute, 0, nil},
		{"5 min 1 s old", 5*time.Minute + time.Second, 0, webhooks.ErrTimestampTooOld},
		{"exactly 5 min ahead", -5 * time.Minute, 0, nil},
		{"5 min 1 s ahead", -5*time.Minute - time.Second, 0, webhooks.ErrTimestampTooNew},
		{"a day old", 24 * time.Hour, 0, webhooks.ErrTimestampTooOld},
		{"custom tolerance", 9 * time.Minute, 10 * time.Minute, nil},
		{"custom tolerance exceeded", 11 * time.Minute, 10 * time.Minute, webhooks.ErrTimestampTooOld},
	} {
		t.Run(tc.name, func(t *testing.T) {
			verifier := &webhooks.Verifier{
				Secrets:   []string{v.Secret},
				Tolerance: tc.tolerance,
				Now:       func() time.Time { return time.Unix(v.Timestamp, 0).Add(tc.nowOffset) },
			}
			err := verifier.Verify(vectorHeader(v), []byte(v.Payload))
			if tc.want == nil && err != nil {
				t.Fatalf("Verify = %v, want nil", err)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestSignRefuses(t *testing.T) {
	v := loadVector(t)
	for _, tc := range []struct {
		name    string
		secrets []string
		id      string
	}{
		{"no secrets", nil, v.MsgID},
		{"bad secret", []string{"whsec_not base64"}, v.MsgID},
		{"one bad secret among good ones", []string{v.Secret, "nope"}, v.MsgID},
		{"empty id", []string{v.Secret}, ""},
		{"id with newline", []string{v.Secret}, "msg_1\r\nX-Evil: 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if h, err := webhooks.Headers(tc.secrets, tc.id, time.Unix(v.Timestamp, 0), []byte("{}")); err == nil {
				t.Fatalf("Headers accepted: %v", h)
			}
		})
	}
}

func TestSecrets(t *testing.T) {
	secret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("NewSecret = %q, want whsec_ prefix", secret)
	}
	key, err := webhooks.ParseSecret(secret)
	if err != nil || len(key) != 32 {
		t.Fatalf("ParseSecret(NewSecret()) = %d bytes, %v; want 32 bytes", len(key), err)
	}
	again, _ := webhooks.NewSecret()
	if again == secret {
		t.Fatal("NewSecret returned the same secret twice")
	}
	id, err := webhooks.NewMessageID()
	if err != nil || !strings.HasPrefix(id, "msg_") || len(id) != 28 {
		t.Fatalf("NewMessageID = %q, %v", id, err)
	}
}

func TestEventEnvelope(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("CET", 3600))
	for _, tc := range []struct {
		name  string
		event webhooks.Event
		want  string
	}{
		{"video.ready with data", webhooks.Event{Type: webhooks.KindVideoReady, Timestamp: at, Data: json.RawMessage(`{"id":"abc"}`)},
			`{"type":"video.ready","timestamp":"2026-01-02T02:04:05Z","data":{"id":"abc"}}`},
		{"test event without data", webhooks.Event{Type: webhooks.KindWebhookTest, Timestamp: at.Add(500 * time.Millisecond)},
			`{"type":"webhook.test","timestamp":"2026-01-02T02:04:05.5Z","data":{}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.event)
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != tc.want {
				t.Fatalf("Marshal = %s, want %s", raw, tc.want)
			}
			var back webhooks.Event
			if err := json.Unmarshal(raw, &back); err != nil {
				t.Fatal(err)
			}
			if back.Type != tc.event.Type || !back.Timestamp.Equal(tc.event.Timestamp) {
				t.Fatalf("round trip = %+v, want %+v", back, tc.event)
			}
		})
	}
	if _, err := json.Marshal(webhooks.Event{}); err == nil {
		t.Error("Marshal accepted an event without type")
	}
	e, err := webhooks.NewEvent(webhooks.KindVideoDeleted, at, map[string]string{"id": "v1"})
	if err != nil || string(e.Data) != `{"id":"v1"}` {
		t.Errorf("NewEvent = %+v, %v", e, err)
	}
}

func TestKinds(t *testing.T) {
	want := []string{"video.created", "video.uploaded", "video.processing", "video.ready",
		"video.archived", "video.unarchived", "video.deleted"}
	got := webhooks.Kinds()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("Kinds = %v, want %v", got, want)
	}
	got[0] = "mutated"
	if webhooks.Kinds()[0] != "video.created" {
		t.Fatal("Kinds shares its slice with callers")
	}
	if got, want := strings.Join(webhooks.OptInKinds(), ","), "video.errored,video.subtitles.updated,video.asset.errored,"+
		"live_stream.connected,live_stream.active,live_stream.disconnected,live_stream.idle"; got != want {
		t.Fatalf("OptInKinds = %v, want %v", got, want)
	}
	if got := webhooks.AllKinds(); len(got) != 14 || got[7] != "video.errored" || got[8] != "video.subtitles.updated" || got[9] != "video.asset.errored" || got[13] != "live_stream.idle" {
		t.Fatalf("AllKinds = %v, want the seven then the seven opt-in kinds", got)
	}
	for _, tc := range []struct {
		kind string
		want bool
	}{
		{"video.ready", true}, {"video.deleted", true}, {"video.errored", true}, {"video.subtitles.updated", true}, {"video.asset.errored", true},
		{"live_stream.connected", true}, {"live_stream.idle", true}, {"live_stream.*", false},
		{"webhook.test", false}, {"video.*", false}, {"video.subtitles", false}, {"", false},
	} {
		if got := webhooks.ValidKind(tc.kind); got != tc.want {
			t.Errorf("ValidKind(%q) = %v, want %v", tc.kind, got, tc.want)
		}
	}
}

func TestNextAttempt(t *testing.T) {
	schedule := webhooks.Schedule()
	if len(schedule) != webhooks.MaxAttempts-1 {
		t.Fatalf("len(Schedule) = %d, want MaxAttempts-1 = %d", len(schedule), webhooks.MaxAttempts-1)
	}
	var total time.Duration
	for _, d := range schedule {
		total += d
	}
	if total < 27*time.Hour || total > 28*time.Hour {
		t.Errorf("schedule spans %s, want about 27 h", total)
	}
	constant := func(f ...float64) func() float64 {
		i := 0
		return func() float64 { v := f[i%len(f)]; i++; return v }
	}
	for _, tc := range []struct {
		name    string
		attempt int
		rnd     func() float64
		want    time.Duration
		wantOK  bool
	}{
		{"nothing tried yet: go now", 0, nil, 0, true},
		{"after the first: 5 s minus 10 %", 1, constant(0, 0), 4500 * time.Millisecond, true},
		{"after the first: 5 s plus 20 %", 1, constant(0.9999999999, 0.9), 6 * time.Second, true},
		{"after the second: 5 min plus 15 %", 2, constant(0.5, 0.5), 345 * time.Second, true},
		{"after the seventh: 10 h minus 10 %", 7, constant(0, 0.1), 9 * time.Hour, true},
		{"broken random source is clamped", 3, constant(-5, 7), 33 * time.Minute, true},
		{"after the last: give up", webhooks.MaxAttempts, nil, 0, false},
		{"far past the last: give up", 100, nil, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := webhooks.NextAttempt(tc.attempt, tc.rnd)
			if ok != tc.wantOK || (got-tc.want).Abs() > time.Millisecond {
				t.Fatalf("NextAttempt(%d) = %s, %v; want %s, %v", tc.attempt, got, ok, tc.want, tc.wantOK)
			}
		})
	}
	for attempt := 1; attempt < webhooks.MaxAttempts; attempt++ {
		base := schedule[attempt-1]
		for range 50 {
			got, ok := webhooks.NextAttempt(attempt, nil)
			lo, hi := time.Duration(float64(base)*0.8), time.Duration(float64(base)*1.2)
			inner := time.Duration(float64(base) * 0.1)
			if !ok || got < lo || got > hi || (got-base).Abs() < inner-time.Millisecond {
				t.Fatalf("NextAttempt(%d) = %s, want within 10-20 %% of %s", attempt, got, base)
			}
		}
	}
}
