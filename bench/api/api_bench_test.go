//go:build bench

// Package api_test measures REST latency under concurrency: 50 clients on
// loopback create, get and list videos against the real handler over SQLite.
//
//	go test -tags bench -run TestAPILatency -v ./bench/api/
package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/videohost/sqlite"
)

const (
	clients   = 50
	perClient = 200 // requests per client: 1 create, then gets and lists
)

func TestAPILatency(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	blobs, _ := blob.Open(filepath.Join(dir, "blobs"))
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Logger: quiet,
		Secret: bytes.Repeat([]byte{7}, 32), BaseURL: "http://127.0.0.1",
		Guard: &netguard.Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}})
	if err != nil {
		t.Fatal(err)
	}
	space, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_ = space
	api, err := httpapi.New(svc, httpapi.Config{UploadDir: filepath.Join(dir, "uploads"), RateLimit: -1, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	srv := httptest.NewServer(api)
	defer srv.Close()
	key := keys[0].Secret
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}

	// Seed a few hundred videos so lists page through real rows.
	for i := 0; i < 300; i++ {
		do(t, client, srv.URL, key, "POST", "/v1/videos", fmt.Sprintf(`{"input_url":"http://127.0.0.1:1/%d.mp4","title":"seed %d"}`, i, i))
	}

	var mu sync.Mutex
	lat := map[string][]time.Duration{}
	record := func(op string, d time.Duration) {
		mu.Lock()
		lat[op] = append(lat[op], d)
		mu.Unlock()
	}
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			var id string
			for i := 0; i < perClient; i++ {
				var op, method, path, body string
				switch {
				case i%10 == 0:
					op, method, path = "create", "POST", "/v1/videos"
					body = fmt.Sprintf(`{"input_url":"http://127.0.0.1:1/c%d-%d.mp4","title":"bench"}`, c, i)
				case i%2 == 1 && id != "":
					op, method, path = "get", "GET", "/v1/videos/"+id
				default:
					op, method, path = "list", "GET", "/v1/videos?limit=25"
				}
				t0 := time.Now()
				b := do(t, client, srv.URL, key, method, path, body)
				record(op, time.Since(t0))
				if op == "create" {
					var v struct{ ID string }
					json.Unmarshal(b, &v)
					id = v.ID
				}
			}
		}(c)
	}
	wg.Wait()
	elapsed := time.Since(start)
	total := 0
	fmt.Printf("\n%d clients, %d requests in %.2f s (%.0f req/s)\n\n", clients, clients*perClient, elapsed.Seconds(), float64(clients*perClient)/elapsed.Seconds())
	fmt.Println("| operation | requests | p50 ms | p95 ms | p99 ms | max ms |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, op := range []string{"create", "get", "list"} {
		ds := lat[op]
		slices.Sort(ds)
		total += len(ds)
		q := func(p float64) float64 { return float64(ds[int(p*float64(len(ds)-1))].Microseconds()) / 1000 }
		fmt.Printf("| %s | %d | %.2f | %.2f | %.2f | %.2f |\n", op, len(ds), q(0.50), q(0.95), q(0.99), q(1))
	}
	if total != clients*perClient {
		t.Fatalf("recorded %d of %d requests", total, clients*perClient)
	}
}

func do(t *testing.T, c *http.Client, base, key, method, path, body string) []byte {
	var r io.Reader
	if body != "" {
		r = bytes.NewReader([]byte(body))
	}
	req, _ := http.NewRequest(method, base+path, r)
	req.Header.Set("Authorization", "Bearer "+key)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Error(err)
		return nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		t.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	return b
}
