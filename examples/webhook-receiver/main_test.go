package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/webhooks"
)

func TestHandler(t *testing.T) {
	secret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	body := []byte(`{"type":"video.ready","timestamp":"2026-01-01T11:59:58Z","data":{"id":"v0123456789a"}}`)
	signed := func(at time.Time, payload []byte) http.Header {
		t.Helper()
		h, err := webhooks.Headers([]string{secret}, "msg_test1", at, payload)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for _, tc := range []struct {
		name       string
		method     string
		header     http.Header
		body       []byte
		wantStatus int
		wantOutput string
	}{
		{"signed event", http.MethodPost, signed(now, body), body, http.StatusNoContent,
			`msg_test1 video.ready 2026-01-01T11:59:58Z {"id":"v0123456789a"}`},
		{"tampered body", http.MethodPost, signed(now, body), bytes.Replace(body, []byte("v0"), []byte("v9"), 1), http.StatusUnauthorized, ""},
		{"replayed an hour later", http.MethodPost, signed(now.Add(-time.Hour), body), body, http.StatusUnauthorized, ""},
		{"unsigned", http.MethodPost, http.Header{}, body, http.StatusUnauthorized, ""},
		{"signed but not an event", http.MethodPost, signed(now, []byte(`[1,2]`)), []byte(`[1,2]`), http.StatusBadRequest, ""},
		{"GET", http.MethodGet, http.Header{}, nil, http.StatusMethodNotAllowed, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			handler := newHandler(&webhooks.Verifier{Secrets: []string{secret}, Now: func() time.Time { return now }}, &out)
			req := httptest.NewRequest(tc.method, "/", bytes.NewReader(tc.body))
			for k, v := range tc.header {
				req.Header[k] = v
			}
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			if rec.Code != tc.wantStatus {
				t.Fatalf("status = %d (%s), want %d", rec.Code, rec.Body.String(), tc.wantStatus)
			}
			if got := strings.TrimSpace(out.String()); got != tc.wantOutput {
				t.Fatalf("printed %q, want %q", got, tc.wantOutput)
			}
		})
	}
}
