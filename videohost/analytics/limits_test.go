package analytics_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/testclock"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/sqlite"
)

type ingestEnv struct {
	db     *sqlite.DB
	svc    *videohost.Service
	an     *analytics.Analytics
	clock  *testclock.Step
	dbPath string
	p      *videohost.Principal
}

func newIngestEnv(t *testing.T) *ingestEnv {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	clock := testclock.NewStep(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	dbPath := filepath.Join(dir, "reel.db")
	db, err := sqlite.Open(ctx, dbPath, sqlite.WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Clock: clock,
		Secret: bytes.Repeat([]byte("k"), 32), BaseURL: "https://reel.example"})
	if err != nil {
		t.Fatal(err)
	}
	_, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	an, err := analytics.New(analytics.Config{Videos: svc, Store: db, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	e := &ingestEnv{db: db, svc: svc, an: an, clock: clock, dbPath: dbPath}
	for _, k := range keys {
		if k.Access == videohost.AccessReadWrite {
			e.p = &videohost.Principal{Space: k.Space, KeyID: k.ID, Access: k.Access}
		}
	}
	return e
}

// playable publishes a 60 s video, as a worker would.
func (e *ingestEnv) playable(t *testing.T) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "v"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "playlist.m3u8"), []byte("#EXTM3U\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Jobs().SourceStored(ctx, v.ID, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	v, err = e.svc.Jobs().PublishReady(ctx, v.ID, dir, &videohost.ProcessOutput{Duration: 60, Width: 320, Height: 240,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 320, Height: 240}}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func (e *ingestEnv) start(t *testing.T, cfg analytics.IngestConfig) *analytics.Ingest {
	t.Helper()
	cfg.FlushInterval, cfg.SweepInterval = time.Hour, time.Hour // the test flushes and sweeps
	in, err := e.an.StartIngest(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	return in
}

// beacon is n heartbeats of one session from one client.
func (e *ingestEnv) beacon(ua, embed, session string, n int) analytics.Beacon {
	b := analytics.Beacon{IP: "198.51.100.7", UserAgent: ua}
	for i := range n {
		from, to := float64(i), float64(i+1)
		b.Signals = append(b.Signals, analytics.BeaconSignal{Type: analytics.SignalHeartbeat, Embed: embed, Session: session,
			T: e.clock.Now().UnixMilli(), From: &from, To: &to, Position: to})
	}
	return b
}

// TestIngestCaps: a viewer may send ViewerSignals per window and a video
// receive EmbedSignals; past either the rest is dropped, and the next window
// starts afresh.
func TestIngestCaps(t *testing.T) {
	ctx := context.Background()
	e := newIngestEnv(t)
	a, b := e.playable(t), e.playable(t)
	in := e.start(t, analytics.IngestConfig{CapWindow: 10 * time.Minute, ViewerSignals: 5, EmbedSignals: 8})
	submit := func(ua, embed string, n int) int {
		t.Helper()
		got, err := in.Submit(ctx, e.beacon(ua, embed, ua, n))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	steps := []struct {
		name, ua, embed string
		send, want      int
	}{
		{"a viewer up to its cap", "viewer-1", a.Embed, 7, 5},
		{"the same viewer, capped", "viewer-1", a.Embed, 1, 0},
		{"the same client on another video", "viewer-1", b.Embed, 3, 3},
		{"a second viewer, up to the video's cap", "viewer-2", a.Embed, 5, 3},
		{"a third viewer of a capped video", "viewer-3", a.Embed, 2, 0},
	}
	for _, s := range steps {
		if got := submit(s.ua, s.embed, s.send); got != s.want {
			t.Errorf("%s: %d of %d kept, want %d", s.name, got, s.send, s.want)
		}
	}
	// A request whose time was read just before another opened the window
	// (it comes in a moment "earlier") still counts in that window: it
	// must not start a new one and clear the counts.
	e.clock.Advance(-time.Second)
	if got := submit("viewer-1", a.Embed, 2); got != 0 {
		t.Errorf("a moment earlier, a capped viewer: %d of 2 kept, want 0", got)
	}
	e.clock.Advance(time.Second)
	e.clock.Advance(10 * time.Minute)
	if got := submit("viewer-3", a.Embed, 2); got != 2 {
		t.Errorf("next window: %d of 2 kept", got)
	}
	if d := in.Dropped(); d[analytics.DropOverCap] != 2+1+2+2+2 {
		t.Errorf("dropped %v, want %d over the cap", d, 7)
	}
}

// TestIngestDropsUnplayable: signals for embeds that are no playable video
// are dropped before they are queued, and one batch names at most 16
// videos.
func TestIngestDropsUnplayable(t *testing.T) {
	ctx := context.Background()
	e := newIngestEnv(t)
	v := e.playable(t)
	created, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "not yet"})
	if err != nil {
		t.Fatal(err)
	}
	in := e.start(t, analytics.IngestConfig{})
	for _, tc := range []struct {
		name, embed string
		want        int
	}{
		{"playable", v.Embed, 3},
		{"created, not playable", created.Embed, 0},
		{"no such embed", v.Space + "0000000000", 0},
	} {
		if got, err := in.Submit(ctx, e.beacon("ua", tc.embed, "s", 3)); err != nil || got != tc.want {
			t.Errorf("%s: %d kept, %v; want %d", tc.name, got, err, tc.want)
		}
	}
	// A batch naming 20 videos keeps the first 16 (here one of them is real).
	b := analytics.Beacon{IP: "198.51.100.7", UserAgent: "ua"}
	for i := range 20 {
		embed := v.Embed
		if i > 0 {
			embed = v.Space + "zzzzzzzz" + string(rune('a'+i/10)) + string(rune('a'+i%10))
		}
		b.Signals = append(b.Signals, analytics.BeaconSignal{Type: analytics.SignalPlay, Embed: embed, Session: "s", T: e.clock.Now().UnixMilli()})
	}
	if _, err := in.Submit(ctx, b); err != nil {
		t.Fatal(err)
	}
	d := in.Dropped()
	if d[analytics.DropTooManyVideos] != 4 || d[analytics.DropUnknownVideo] != 3+3+15 {
		t.Errorf("dropped %v", d)
	}
}

// TestIngestRawRetention: raw signals are folded into rollups as they are
// written and deleted 48 h later; the stats stay.
func TestIngestRawRetention(t *testing.T) {
	ctx := context.Background()
	e := newIngestEnv(t)
	v := e.playable(t)
	in := e.start(t, analytics.IngestConfig{})
	if n, err := in.Submit(ctx, e.beacon("ua", v.Embed, "s", 4)); err != nil || n != 4 {
		t.Fatalf("submit: %d %v", n, err)
	}
	if err := in.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", e.dbPath+"?_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	count := func(table string) int {
		t.Helper()
		var n int
		if err := raw.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	stats := func() int64 {
		t.Helper()
		st, err := e.an.VideoStats(ctx, e.p, v.ID, analytics.StatsQuery{From: e.clock.Now().Add(-72 * time.Hour), To: e.clock.Now().Add(time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		return st.Views
	}
	if count("playback_events") != 4 || count("playback_sessions") != 1 || stats() != 1 {
		t.Fatalf("after the write: %d events, %d sessions, %d views", count("playback_events"), count("playback_sessions"), stats())
	}
	e.clock.Advance(47 * time.Hour)
	in.Sweep(ctx)
	if count("playback_events") != 4 {
		t.Fatalf("raw events deleted before 48 h")
	}
	e.clock.Advance(2 * time.Hour)
	in.Sweep(ctx)
	if n := count("playback_events"); n != 0 {
		t.Fatalf("%d raw events 49 h later, want none", n)
	}
	if n := count("playback_sessions"); n != 0 {
		t.Fatalf("%d sessions 49 h after their last event, want none", n)
	}
	if got := stats(); got != 1 {
		t.Fatalf("views after the sweep: %d, want 1 (rollups stay)", got)
	}
}

// TestIngestAddressCap: one client address may send AddressSignals per
// window whatever User-Agent each beacon names (the per-viewer cap is keyed
// on it, so rotating it made every beacon a new viewer: 24,000 signals from
// one address were accepted); an IPv6 client counts by its /64, and 500
// addresses are not held back by one another.
func TestIngestAddressCap(t *testing.T) {
	const clients, perBeacon = 500, 48 // 24,000 signals, as the probe sent
	for _, tc := range []struct {
		name string
		cfg  analytics.IngestConfig
		ip   func(i int) string
		ua   func(i int) string
		want int
	}{
		{"one IPv4 address, 500 User-Agents", analytics.IngestConfig{},
			func(int) string { return "198.51.100.7" }, func(i int) string { return fmt.Sprintf("agent-%d", i) },
			analytics.DefaultAddressSignals},
		{"one IPv6 /64, 500 hosts and User-Agents", analytics.IngestConfig{},
			func(i int) string { return fmt.Sprintf("2001:db8:1:2::%x", i+1) }, func(i int) string { return fmt.Sprintf("agent-%d", i) },
			analytics.DefaultAddressSignals},
		{"a configured bound", analytics.IngestConfig{AddressSignals: 100},
			func(int) string { return "::ffff:198.51.100.7" }, func(i int) string { return fmt.Sprintf("agent-%d", i) },
			100},
		{"500 addresses, one User-Agent", analytics.IngestConfig{},
			func(i int) string { return fmt.Sprintf("198.51.%d.%d", i/250, i%250+1) }, func(int) string { return "agent" },
			clients * perBeacon},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e := newIngestEnv(t)
			v := e.playable(t)
			in := e.start(t, tc.cfg)
			accepted := 0
			for i := range clients {
				b := e.beacon(tc.ua(i), v.Embed, fmt.Sprintf("s%d", i), perBeacon)
				b.IP = tc.ip(i)
				n, err := in.Submit(ctx, b)
				if err != nil {
					t.Fatal(err)
				}
				accepted += n
			}
			if accepted != tc.want {
				t.Fatalf("%d of %d events accepted, want %d", accepted, clients*perBeacon, tc.want)
			}
			if d := in.Dropped()[analytics.DropOverCap]; d != int64(clients*perBeacon-tc.want) {
				t.Fatalf("%d dropped over the cap, want %d", d, clients*perBeacon-tc.want)
			}
		})
	}
}
