package analytics_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/testclock"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// liveVideo starts a live session's video and publishes its first
// segments, as the ingest would: playable, still processing.
func (e *ingestEnv) liveVideo(t *testing.T) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	v, err := e.svc.Jobs().StartLiveVideo(ctx, videohost.LiveVideoInput{Space: e.p.Space, StreamID: "stream000001", Title: "live",
		Policy: videohost.PlaybackPublic})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "playlist.m3u8"), []byte("#EXTM3U\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.svc.Jobs().PublishPlayable(ctx, v.ID, dir, &videohost.ProcessOutput{Live: true, Duration: 2}); err != nil || !ok {
		t.Fatalf("publishing the live set: %v %v", ok, err)
	}
	if v, err = e.svc.Video(ctx, e.p, v.ID); err != nil || !v.Playable || v.State != videohost.StateProcessing {
		t.Fatalf("live video %+v: %v", v, err)
	}
	return v
}

func ptr(f float64) *float64 { return &f }

// liveBeat is a heartbeat of a live player: from and to, live, and its
// latency unless nil.
func liveBeat(embed, session string, t int64, from float64, latency *float64) analytics.BeaconSignal {
	to := from + 10
	return analytics.BeaconSignal{Type: analytics.SignalHeartbeat, Embed: embed, Session: session, T: t,
		From: &from, To: &to, Position: to, Live: true, Latency: latency}
}

// TestLiveBeaconValidation: a heartbeat's latency is checked like the other
// numbers of a beacon (a bad one fails the batch naming it); old clients,
// which send neither field, and live heartbeats without a latency are
// accepted.
func TestLiveBeaconValidation(t *testing.T) {
	e := newIngestEnv(t)
	in := e.start(t, analytics.IngestConfig{})
	v := e.liveVideo(t)
	now := e.clock.Now().UnixMilli()
	for _, tc := range []struct {
		name    string
		sig     analytics.BeaconSignal
		wantErr bool
	}{
		{"latency", liveBeat(v.Embed, "s1", now, 0, ptr(1.8)), false},
		{"zero latency", liveBeat(v.Embed, "s1", now, 10, ptr(0)), false},
		{"a day behind", liveBeat(v.Embed, "s1", now, 20, ptr(analytics.MaxLatencySeconds)), false},
		{"live without latency", liveBeat(v.Embed, "s2", now, 0, nil), false},
		{"old client", func() analytics.BeaconSignal {
			s := liveBeat(v.Embed, "s3", now, 0, nil)
			s.Live = false
			return s
		}(), false},
		{"ignored on a seek", func() analytics.BeaconSignal {
			s := liveBeat(v.Embed, "s4", now, 0, ptr(-1))
			s.Type = analytics.SignalSeeked
			return s
		}(), false},
		{"negative", liveBeat(v.Embed, "s5", now, 0, ptr(-0.1)), true},
		{"past a day", liveBeat(v.Embed, "s5", now, 0, ptr(analytics.MaxLatencySeconds+0.5)), true},
		{"NaN", liveBeat(v.Embed, "s5", now, 0, ptr(math.NaN())), true},
		{"infinite", liveBeat(v.Embed, "s5", now, 0, ptr(math.Inf(1))), true},
		{"negative, not marked live", func() analytics.BeaconSignal {
			s := liveBeat(v.Embed, "s5", now, 0, ptr(-3))
			s.Live = false
			return s
		}(), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A good signal beside it: a bad latency fails the whole batch.
			ok := liveBeat(v.Embed, "s0", now, 0, ptr(1))
			n, err := in.Submit(context.Background(), analytics.Beacon{IP: "198.51.100.7", UserAgent: "test",
				Signals: []analytics.BeaconSignal{ok, tc.sig}})
			if tc.wantErr {
				if videohost.ErrorCode(err) != videohost.EValidation || !strings.HasPrefix(videohost.ErrorMessage(err), "events[1].latency:") {
					t.Fatalf("Submit = %d, %v; want a validation error naming events[1].latency", n, err)
				}
				return
			}
			if err != nil || n != 2 {
				t.Fatalf("Submit = %d, %v; want 2 accepted", n, err)
			}
		})
	}
	if err := in.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	st, err := e.an.LiveStats(context.Background(), e.p, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	// s0, s1 and s2 sent live heartbeats; s3 (an old client) and s4 (a
	// seek) did not.
	if st.ViewersNow != 3 || st.PeakViewers != 3 || !st.Live || st.VideoID != v.ID {
		t.Fatalf("live stats %+v, want 3 viewers now and at the peak", st)
	}
}

// TestLiveStats: viewers come and go under a fake clock; viewers now
// follow the last LiveViewerWindow, the peak stays (also for a new
// Analytics on the same store, as after a restart), watch time adds up and
// the latency percentiles are right within the histogram's resolution.
func TestLiveStats(t *testing.T) {
	ctx := context.Background()
	e := newIngestEnv(t)
	in := e.start(t, analytics.IngestConfig{})
	v := e.liveVideo(t)
	vod := e.playable(t)
	latency := map[string]float64{"a": 1.2, "b": 1.8, "c": 2.2, "d": 3.7, "e": 9.0}
	pos := map[string]float64{}
	var samples []float64
	start := e.clock.Now() // 12:00:00
	for _, step := range []struct {
		at       time.Duration // since start
		beats    string        // sessions sending a live heartbeat
		now      int64
		peak     int64
		peakAtMi int // minute of the peak since start
	}{
		{0, "abc", 3, 3, 0},
		{10 * time.Second, "ab", 3, 3, 0},   // c's last beat is 10 s old
		{35 * time.Second, "ab", 2, 3, 0},   // c's is 35 s old: gone
		{65 * time.Second, "abde", 4, 4, 1}, // minute 1: a, b, d and e
		{105 * time.Second, "", 0, 4, 1},    // everybody left 40 s ago; the peak stays
		{time.Hour, "", 0, 4, 1},
	} {
		e.clock.Set(start.Add(step.at))
		b := analytics.Beacon{IP: "198.51.100.7", UserAgent: "test"}
		for _, s := range step.beats {
			name := string(s)
			b.Signals = append(b.Signals, liveBeat(v.Embed, name, e.clock.Now().UnixMilli(), pos[name], ptr(latency[name])))
			pos[name] += 10
			samples = append(samples, latency[name])
		}
		// A VOD video's heartbeats marked live do not count: the video is
		// not a live session's.
		b.Signals = append(b.Signals, liveBeat(vod.Embed, "vod", e.clock.Now().UnixMilli(), pos["vod"], ptr(0.5)))
		pos["vod"] += 10
		if _, err := in.Submit(ctx, b); err != nil {
			t.Fatal(err)
		}
		if err := in.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		st, err := e.an.LiveStats(ctx, e.p, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if st.ViewersNow != step.now || st.PeakViewers != step.peak || st.PeakAt == nil ||
			!st.PeakAt.Equal(start.Add(time.Duration(step.peakAtMi)*time.Minute)) {
			t.Fatalf("at +%v: now %d, peak %d at %v; want %d, %d at minute %d", step.at, st.ViewersNow, st.PeakViewers, st.PeakAt,
				step.now, step.peak, step.peakAtMi)
		}
	}

	// A new Analytics on the same store (a restarted process) reads the
	// same: everything comes from stored rows.
	again, err := analytics.New(analytics.Config{Videos: e.svc, Store: e.db, Clock: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	st, err := again.LiveStats(ctx, e.p, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if st.PeakViewers != 4 || st.ViewersNow != 0 {
		t.Fatalf("after a restart: %+v", st)
	}
	// a and b watched 4 beats of 10 s, c, d and e one.
	if st.WatchTimeSeconds != 110 {
		t.Errorf("watch time %v s, want 110", st.WatchTimeSeconds)
	}
	slices.Sort(samples)
	for _, q := range []struct {
		p   float64
		got *float64
	}{{0.50, st.LatencySeconds.P50}, {0.95, st.LatencySeconds.P95}} {
		exact := samples[int(math.Ceil(q.p*float64(len(samples))))-1]
		if q.got == nil {
			t.Fatalf("p%v is null", q.p*100)
		}
		if w := analytics.LatencyBucketWidth(exact); math.Abs(*q.got-exact) > w {
			t.Errorf("p%v = %v s, exact %v s: further than the bucket's width %v", q.p*100, *q.got, exact, w)
		}
	}

	// The video's stats carry the same live stats; a VOD video's none.
	vs, err := e.an.VideoStats(ctx, e.p, v.ID, analytics.StatsQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if vs.Live == nil || vs.Live.PeakViewers != 4 || vs.Live.WatchTimeSeconds != 110 {
		t.Fatalf("video stats live %+v", vs.Live)
	}
	if vs, err := e.an.VideoStats(ctx, e.p, vod.ID, analytics.StatsQuery{}); err != nil || vs.Live != nil {
		t.Fatalf("VOD stats: live %+v, %v", vs.Live, err)
	}
	if st, err := e.an.LiveStats(ctx, e.p, vod.ID); err != nil || st.PeakViewers != 0 || st.LatencySeconds.P50 != nil || st.Live {
		t.Fatalf("VOD live stats %+v, %v", st, err)
	}
}

// BenchmarkRecordPlayback is the writer's cost of a batch of 100 sessions'
// heartbeats, on demand and live: a live heartbeat also counts its session
// in its minute (one more read and write per batch and minute, none per
// other session), so the two should cost about the same per signal.
func BenchmarkRecordPlayback(b *testing.B) {
	for _, live := range []bool{false, true} {
		name := "vod"
		if live {
			name = "live"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "reel.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
			const sessions = 100
			batch := make([]analytics.Signal, sessions)
			b.ResetTimer()
			for i := range b.N {
				now := at.Add(time.Duration(i) * 10 * time.Second)
				for s := range batch {
					batch[s] = analytics.Signal{VideoID: "video0000001", Space: "spc01", Session: fmt.Sprint("s", s), Viewer: fmt.Sprint("v", s),
						Kind: analytics.SignalHeartbeat, At: now, Received: now, From: float64(10 * i), To: float64(10*i + 10),
						Live: live, Latency: 1.5 + float64(s%10)/10}
				}
				if err := analytics.RecordPlayback(ctx, db, batch); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*sessions), "ns/signal")
		})
	}
}

// oneVideo is a domain of one video, whatever the embed or id asked for.
type oneVideo struct{ v *videohost.Video }

func (o oneVideo) PlayableVideoByEmbed(context.Context, string) (*videohost.Video, error) {
	return o.v, nil
}
func (o oneVideo) Video(context.Context, *videohost.Principal, string) (*videohost.Video, error) {
	return o.v, nil
}

// BenchmarkLiveStats is the cost of answering the live stats of a day-long
// session (1,440 live minutes) of which 2,000 sessions watched: what a
// dashboard polling the stream's page asks every 3 s.
func BenchmarkLiveStats(b *testing.B) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "reel.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	v := &videohost.Video{ID: "video0000001", Space: "spc01", State: videohost.StateProcessing, CreatedAt: start,
		Source: &videohost.SourceInfo{LiveStream: "stream000001"}}
	const minutes, sessions = 1440, 2000
	for m := range minutes {
		at := start.Add(time.Duration(m) * time.Minute)
		var batch []analytics.Signal
		for s := range 20 { // 20 sessions a minute, in turn
			id := (m*20 + s) % sessions
			batch = append(batch, analytics.Signal{VideoID: v.ID, Space: v.Space, Session: fmt.Sprint("s", id), Viewer: fmt.Sprint("v", id),
				Kind: analytics.SignalHeartbeat, At: at, Received: at, From: float64(m * 60), To: float64(m*60 + 10), Live: true, Latency: 1 + float64(s)/10})
		}
		if err := analytics.RecordPlayback(ctx, db, batch); err != nil {
			b.Fatal(err)
		}
	}
	clock := testclock.NewStep(start.Add(minutes * time.Minute))
	an, err := analytics.New(analytics.Config{Videos: oneVideo{v}, Store: db, Clock: clock})
	if err != nil {
		b.Fatal(err)
	}
	p := &videohost.Principal{Space: v.Space}
	b.ResetTimer()
	for range b.N {
		st, err := an.LiveStats(ctx, p, v.ID)
		if err != nil || st.PeakViewers != 20 {
			b.Fatalf("%+v, %v", st, err)
		}
	}
}
