package httpapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

func TestRateLimit(t *testing.T) {
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.RateLimit = 3 }))
	for i := range 3 {
		r := e.req("GET", "/v1/space", e.rw, nil)
		must(t, r, http.StatusOK, nil)
		if got := r.header.Get("RateLimit-Limit"); got != "3" {
			t.Fatalf("RateLimit-Limit %q", got)
		}
		if got := r.header.Get("RateLimit-Remaining"); got != strconv.Itoa(2-i) {
			t.Fatalf("request %d: RateLimit-Remaining %q", i, got)
		}
		if reset, err := strconv.Atoi(r.header.Get("RateLimit-Reset")); err != nil || reset < 1 || reset > 60 {
			t.Fatalf("RateLimit-Reset %q", r.header.Get("RateLimit-Reset"))
		}
	}
	r := e.req("GET", "/v1/space", e.rw, nil)
	problem(t, r, http.StatusTooManyRequests, videohost.ERateLimited)
	if after, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || after < 1 || after > 60 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	if r.header.Get("RateLimit-Remaining") != "0" {
		t.Fatalf("RateLimit-Remaining %q on 429", r.header.Get("RateLimit-Remaining"))
	}
	// The limit is per key: another key still gets through.
	must(t, e.req("GET", "/v1/space", e.ro, nil), http.StatusOK, nil)
	// A new window opens a minute later.
	e.clock.Advance(61e9)
	must(t, e.req("GET", "/v1/space", e.rw, nil), http.StatusOK, nil)

	off := newEnv(t, withConfig(func(c *httpapi.Config) { c.RateLimit = -1 }))
	r = off.req("GET", "/v1/space", off.rw, nil)
	must(t, r, http.StatusOK, nil)
	if r.header.Get("RateLimit-Limit") != "" {
		t.Fatal("rate limit headers with rate limiting off")
	}
}

// TestEveryRoute calls every route the router has, with and without a key:
// none sets a cookie (env.req checks), none answers 500, JSON is labelled.
func TestEveryRoute(t *testing.T) {
	e := newEnv(t)
	v := e.createVideo(e.rw, nil)
	routes := e.h.Routes()
	if len(routes) < 20 {
		t.Fatalf("only %d routes", len(routes))
	}
	for _, rt := range routes {
		path := strings.NewReplacer("{id}", v.ID).Replace(rt.Path)
		for _, key := range []string{"", e.ro, e.rw} {
			r := e.req(rt.Method, path, key, nil, "Tus-Resumable", "1.0.0")
			if r.status >= 500 {
				t.Errorf("%s %s: %d %s", rt.Method, path, r.status, r.body)
			}
			if r.status == http.StatusOK && len(r.body) > 0 && !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s: 200 with Content-Type %q", rt.Method, path, r.header.Get("Content-Type"))
			}
			public := path == "/v1/openapi.json" || path == "/healthz" || path == "/readyz" // they ignore credentials
			if key != "" && !public && rt.Method != "OPTIONS" && r.header.Get("RateLimit-Limit") == "" {
				t.Errorf("%s %s: no RateLimit-Limit on an authenticated response (%d)", rt.Method, path, r.status)
			}
		}
	}
}

func TestLogsKeepSecrets(t *testing.T) {
	e := newEnv(t)
	v := e.createVideo(e.rw, map[string]any{"title": "x"})
	e.req("GET", "/v1/videos/"+v.ID+"?token=sekrit-token-value", e.rw, nil)
	e.req("GET", "/v1/nothing?token=sekrit-token-value", e.rw, nil)
	e.req("GET", "/v1/videos", "", nil, "Authorization", "Bearer not-a-key-but-secret")
	e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "3")
	var k videohost.Key
	must(t, e.req("POST", "/v1/keys", e.rw, map[string]any{"access": "read_only"}), http.StatusCreated, &k)

	logs := e.logs.String()
	for _, secret := range []string{e.rw, k.Secret, "sekrit-token-value", "not-a-key-but-secret", "Bearer", "rk_"} {
		if strings.Contains(logs, secret) {
			t.Errorf("logs contain %q:\n%s", secret, logs)
		}
	}
	for _, want := range []string{`"route":"/v1/videos/{id}"`, `"method":"GET"`, `"status":200`, `"duration"`, `"key":"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
}

// TestMountedUnderPrefix serves the API under /video/ with http.StripPrefix,
// as an embedding app does.
func TestMountedUnderPrefix(t *testing.T) {
	e := newEnv(t, withPrefix("/video"))
	if !strings.HasSuffix(e.baseURL, "/video") {
		t.Fatalf("base URL %s", e.baseURL)
	}
	v := e.createVideo(e.rw, nil)
	must(t, e.req("GET", "/v1/videos/"+v.ID, e.ro, nil), http.StatusOK, nil)
	must(t, e.req("GET", "/v1/openapi.json", "", nil), http.StatusOK, nil)

	c := newTusClient(e, e.rw)
	loc, _ := c.create(t, 4, map[string]string{"filename": "a.mp4"}, nil)
	if !strings.HasPrefix(loc, e.baseURL+"/v1/uploads/") {
		t.Fatalf("Location %s is not under %s", loc, e.baseURL)
	}
	c.patch(t, loc, 0, []byte("abcd"), http.StatusNoContent)
}
