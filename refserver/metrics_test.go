package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

func startWith(t *testing.T, role string, args ...string) *Main {
	t.Helper()
	m := NewMain()
	m.Stdout, m.Stderr = io.Discard, io.Discard
	m.Getenv = func(string) string { return "" }
	args = append([]string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--log-level", "error"}, args...)
	if _, err := m.Config.parseFlags("refserver", args, io.Discard, m.Getenv); err != nil {
		t.Fatal(err)
	}
	if err := m.Open(context.Background(), role); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestMetricsListener: --metrics-listen serves /metrics on its own
// listener, never on the public one, with the series of this process.
func TestMetricsListener(t *testing.T) {
	m := startWith(t, "all", "--metrics-listen", "127.0.0.1:0")
	if m.MetricsURL() == "" {
		t.Fatal("no metrics listener")
	}
	if status, _ := get(t, m.URL()+"/v1/openapi.json"); status != http.StatusOK {
		t.Fatalf("openapi: %d", status)
	}
	status, body := get(t, m.MetricsURL()+"/metrics")
	if status != http.StatusOK {
		t.Fatalf("scrape: %d", status)
	}
	for _, series := range []string{
		`reel_http_request_duration_seconds_count{method="GET",route="/v1/openapi.json",status="200"} 1`,
		`reel_queue_jobs{kind="transcode",state="queued"} 0`,
		`reel_frame_cache_limit_bytes 1.073741824e+09`,
		`reel_upload_bytes_in_flight 0`,
		`reel_analytics_events_total{result="accepted"} 0`,
	} {
		if !strings.Contains(body, series+"\n") {
			t.Errorf("scrape lacks %s", series)
		}
	}
	for url, want := range map[string]int{
		m.URL() + "/metrics":         http.StatusNotFound,
		m.URL() + "/healthz":         http.StatusOK,
		m.URL() + "/readyz":          http.StatusOK,
		m.MetricsURL() + "/readyz":   http.StatusOK,
		m.MetricsURL() + "/v1/space": http.StatusNotFound,
	} {
		if status, _ := get(t, url); status != want {
			t.Errorf("%s: %d, want %d", url, status, want)
		}
	}
}

func TestMetricsOffByDefault(t *testing.T) {
	m := startWith(t, "all")
	if m.MetricsURL() != "" || m.Metrics != nil {
		t.Fatal("metrics are on without --metrics-listen")
	}
	if status, _ := get(t, m.URL()+"/metrics"); status != http.StatusNotFound {
		t.Fatalf("/metrics on the public listener: %d", status)
	}
}

// TestWorkerRoleServesHealth: the worker role answers its probes on --addr
// and nothing else there.
func TestWorkerRoleServesHealth(t *testing.T) {
	m := startWith(t, "worker")
	for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/v1/space": 404} {
		if status, _ := get(t, m.URL()+path); status != want {
			t.Errorf("%s: %d, want %d", path, status, want)
		}
	}
}
