//go:build bench

// Package analytics measures playback analytics on the embedded SQLite
// store: ingest throughput over loopback (concurrent clients posting batches
// of 50 events to POST /v1/events, counted once the writer has stored every
// event) and the time of a stats query for a video with 1,000,000 events.
//
//	go test -tags bench -bench . -benchtime 1x ./bench/analytics
//
// Targets: ingest >= 20,000 events/s on 2 cores; stats <= 100 ms.
package analytics

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/sqlite"
)

type fixture struct {
	db    *sqlite.DB
	svc   *videohost.Service
	an    *analytics.Analytics
	space *videohost.Space
	key   *videohost.Key
	video *videohost.Video
}

func newFixture(b *testing.B) *fixture {
	b.Helper()
	ctx := context.Background()
	dir := b.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		b.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Logger: logger,
		Secret: bytes.Repeat([]byte("s"), 32), BaseURL: "http://127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	sp, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now().UTC()
	v := &videohost.Video{ID: videohost.NewID(videohost.VideoIDLen), Embed: videohost.NewEmbed(sp.ID), Space: sp.ID,
		Title: "bench", State: videohost.StateReady, Playable: true, AssetVersion: "vbench", Duration: 600, PlaybackPolicy: videohost.PlaybackPublic,
		Metadata: map[string]string{}, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateVideo(ctx, v, videohost.Change{}, nil); err != nil {
		b.Fatal(err)
	}
	an, err := analytics.New(analytics.Config{Videos: svc, Store: db, Logger: logger})
	if err != nil {
		b.Fatal(err)
	}
	return &fixture{db: db, svc: svc, an: an, space: sp, key: keys[0], video: v}
}

// BenchmarkIngest posts batches of 50 events from concurrent clients and
// counts events per second until the writer has stored the last one.
func BenchmarkIngest(b *testing.B) {
	const (
		clients   = 16
		perBatch  = 50
		batches   = 800 // per run: 40,000 events
		uaChrome  = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36"
		eventsAll = batches * perBatch
	)
	for range b.N {
		f := newFixture(b)
		h, err := httpapi.New(f.svc, httpapi.Config{UploadDir: filepath.Join(b.TempDir(), "uploads"),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			// One loopback client is one viewer of one video here: the
			// per-viewer and per-video caps would keep 600 of its events.
			Analytics: httpapi.AnalyticsConfig{RateLimit: -1, Ingest: analytics.IngestConfig{ViewerSignals: 1 << 30, EmbedSignals: 1 << 30}}})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(h)
		bodies := make([][]byte, batches)
		for i := range bodies {
			bodies[i] = batchBody(f.video.Embed, fmt.Sprintf("bench-session-%d", i), perBatch)
		}
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
		var next, refused atomic.Int64
		var wg sync.WaitGroup
		b.ResetTimer()
		start := time.Now()
		for range clients {
			wg.Go(func() {
				for {
					i := int(next.Add(1)) - 1
					if i >= batches {
						return
					}
					for {
						res, err := client.Post(srv.URL+"/v1/events", "text/plain", bytes.NewReader(bodies[i]))
						if err != nil {
							b.Error(err)
							return
						}
						io.Copy(io.Discard, res.Body)
						res.Body.Close()
						if res.StatusCode == http.StatusAccepted {
							break
						}
						if res.StatusCode != http.StatusServiceUnavailable {
							b.Errorf("status %d", res.StatusCode)
							return
						}
						refused.Add(1)
						time.Sleep(50 * time.Millisecond)
					}
				}
			})
		}
		wg.Wait()
		posted := time.Since(start)
		h.Close() // flushes every queued event
		stored := time.Since(start)
		b.StopTimer()
		srv.Close()
		st, err := f.an.VideoStats(context.Background(), &videohost.Principal{Space: f.space.ID, Access: videohost.AccessReadOnly}, f.video.ID, analytics.StatsQuery{})
		if err != nil {
			b.Fatal(err)
		}
		if st.Views != batches {
			b.Fatalf("views %d, want %d", st.Views, batches)
		}
		b.ReportMetric(float64(eventsAll)/stored.Seconds(), "events/s")
		b.ReportMetric(float64(eventsAll)/posted.Seconds(), "accepted-events/s")
		b.ReportMetric(float64(refused.Load()), "503s")
	}
}

func batchBody(embed, session string, n int) []byte {
	now := time.Now().UnixMilli()
	events := make([]map[string]any, 0, n)
	events = append(events,
		map[string]any{"type": "view", "embed": embed, "session": session, "t": now},
		map[string]any{"type": "startup", "embed": embed, "session": session, "t": now, "ms": 420},
		map[string]any{"type": "play", "embed": embed, "session": session, "t": now, "position": 0})
	for i := 0; len(events) < n; i++ {
		events = append(events, map[string]any{"type": "heartbeat", "embed": embed, "session": session, "t": now + int64(i)*10_000,
			"from": float64(i * 10), "to": float64(i*10 + 10), "position": float64(i*10 + 10)})
	}
	body, _ := json.Marshal(map[string]any{"events": events})
	return body
}

// BenchmarkVideoStats fills the store with 1,000,000 events of one video over
// 30 days (50,000 sessions of 20 events), then times the stats query.
func BenchmarkVideoStats(b *testing.B) {
	const (
		total      = 1_000_000
		perSession = 20
		perTx      = 20_000
	)
	f := newFixture(b)
	ctx := context.Background()
	now := time.Now().UTC()
	fill := time.Now()
	batch := make([]analytics.Signal, 0, perTx)
	browsers := []string{"Chrome", "Firefox", "Safari", "Edge"}
	for s := 0; s < total/perSession; s++ {
		at := now.Add(-time.Duration(s) * (30 * 24 * time.Hour / (total / perSession)))
		base := analytics.Signal{VideoID: f.video.ID, Space: f.space.ID, Embed: f.video.Embed, Duration: f.video.Duration,
			Session: fmt.Sprintf("s%07d", s), Viewer: fmt.Sprintf("%032x", s%7919), Browser: browsers[s%len(browsers)], OS: "Linux",
			Device: "desktop", Referrer: fmt.Sprintf("https://site%d.example", s%13)}
		ev := base
		ev.Kind, ev.At, ev.Value = analytics.SignalStartup, at, float64(200+s%1800)
		batch = append(batch, ev)
		for i := 1; i < perSession; i++ {
			ev := base
			ev.Kind, ev.At, ev.From, ev.To = analytics.SignalHeartbeat, at.Add(time.Duration(i)*10*time.Second), float64(i-1)*10, float64(i)*10
			batch = append(batch, ev)
		}
		if len(batch) >= perTx {
			if err := analytics.RecordPlayback(ctx, f.db, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		if err := analytics.RecordPlayback(ctx, f.db, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("stored %d events in %v (%.0f events/s through RecordPlayback)", total, time.Since(fill), total/time.Since(fill).Seconds())
	p := &videohost.Principal{Space: f.space.ID, Access: videohost.AccessReadOnly}
	for _, tc := range []struct {
		name string
		q    analytics.StatsQuery
	}{
		{"7days", analytics.StatsQuery{}},
		{"30days-hourly", analytics.StatsQuery{From: now.Add(-30 * 24 * time.Hour), Interval: analytics.IntervalHour}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var st *analytics.Stats
			for b.Loop() {
				var err error
				if st, err = f.an.VideoStats(ctx, p, f.video.ID, tc.q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/query")
			b.Logf("views %d, watch %.0f s, p50 %v ms", st.Views, st.WatchTimeSeconds, *st.StartupTimeMS.P50)
		})
	}
}
