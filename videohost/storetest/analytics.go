package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
)

func playbackSignals(v *videohost.Video, session string, at time.Time, kinds ...analytics.Signal) []analytics.Signal {
	out := make([]analytics.Signal, len(kinds))
	for i, k := range kinds {
		k.VideoID, k.Space, k.Embed, k.Session, k.Duration = v.ID, v.Space, v.Embed, session, 40
		k.At = at.Add(time.Duration(i) * time.Second)
		k.Viewer, k.Browser, k.OS, k.Device, k.Referrer = "viewer-"+session, "Firefox", "Linux", "desktop", "https://ref.example"
		out[i] = k
	}
	return out
}

// TestRecordPlaybackIncremental: the same signals written in one batch or
// signal by signal give the same rollups.
func testRecordPlaybackIncremental(t *testing.T, open Opener) {
	ctx := context.Background()
	at := time.Date(2025, 3, 1, 12, 10, 0, 0, time.UTC)
	var sessions []analytics.Signal
	for i := range 5 {
		sessions = append(sessions, playbackSignals(incrementalVideo(t), fmt.Sprint("s", i), at,
			analytics.Signal{Kind: analytics.SignalStartup, Value: float64(100 * (i + 1))},
			analytics.Signal{Kind: analytics.SignalPlay},
			analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 10},
			analytics.Signal{Kind: analytics.SignalSeeked, From: 12, To: 30},
			analytics.Signal{Kind: analytics.SignalHeartbeat, From: 30, To: 40},
			analytics.Signal{Kind: analytics.SignalEnded, Position: 40},
		)...)
	}
	read := func(batches [][]analytics.Signal) *analytics.Rollups {
		t.Helper()
		db := open(t).DB
		createSpace(t, db, "spc01")
		v := newVideo("spc01", at)
		v.ID = "video0000001"
		createVideo(t, db, v)
		for _, b := range batches {
			if err := analytics.RecordPlayback(ctx, db, b); err != nil {
				t.Fatalf("RecordPlayback: %v", err)
			}
		}
		r, err := db.PlaybackRollups(ctx, analytics.RollupQuery{Space: "spc01", VideoID: v.ID, From: at.Add(-time.Hour), To: at.Add(time.Hour), TopVideos: 3})
		if err != nil {
			t.Fatalf("PlaybackRollups: %v", err)
		}
		return r
	}
	whole := read([][]analytics.Signal{sessions})
	var single [][]analytics.Signal
	for _, sig := range sessions {
		single = append(single, []analytics.Signal{sig})
	}
	split := read(single)
	if len(whole.Hours) != 1 || len(split.Hours) != 1 {
		t.Fatalf("hours: %d and %d, want 1", len(whole.Hours), len(split.Hours))
	}
	w, s := whole.Hours[0], split.Hours[0]
	if *w != *s {
		t.Fatalf("one batch %+v\nevent by event %+v", w, s)
	}
	if w.Views != 5 || w.UniqueViewers != 5 || w.WatchMS != 5*22000 || w.Completed != 5 || w.Sessions != 5 {
		t.Fatalf("rollup %+v", w)
	}
	dims := map[string]int64{}
	for _, d := range split.Dims {
		dims[d.Dim+"="+d.Value] = d.Views
	}
	if dims["browser=Firefox"] != 5 || dims["referrer=https://ref.example"] != 5 || len(dims) != 4 {
		t.Fatalf("dims %v", dims)
	}
}

// incrementalVideo is the video the signals of TestRecordPlaybackIncremental belong to.
func incrementalVideo(t *testing.T) *videohost.Video {
	t.Helper()
	return &videohost.Video{ID: "video0000001", Space: "spc01", Embed: "spc01aaaaaaaaaa"}
}

func testSpaceRollupsAndSweep(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "spc01")
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	popular, quiet := createVideo(t, db, newVideo("spc01", at)), createVideo(t, db, newVideo("spc01", at))
	popular.Title = "popular"
	var batch []analytics.Signal
	for i := range 3 {
		batch = append(batch, playbackSignals(popular, fmt.Sprint("p", i), at.Add(time.Duration(i)*time.Hour),
			analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 5})...)
	}
	batch = append(batch, playbackSignals(quiet, "q", at, analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 2})...)
	if err := analytics.RecordPlayback(ctx, db, batch); err != nil {
		t.Fatal(err)
	}
	r, err := db.PlaybackRollups(ctx, analytics.RollupQuery{Space: "spc01", From: at, To: at.Add(24 * time.Hour), TopVideos: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hours) != 3 || r.Hours[0].Views != 2 || len(r.TopVideos) != 2 || r.TopVideos[0].VideoID != popular.ID || r.TopVideos[0].Views != 3 {
		t.Fatalf("hours %d, top %+v", len(r.Hours), r.TopVideos)
	}
	// Another space sees nothing of it.
	other, err := db.PlaybackRollups(ctx, analytics.RollupQuery{Space: "other", VideoID: popular.ID, From: at, To: at.Add(24 * time.Hour)})
	if err != nil || len(other.Hours) != 0 {
		t.Fatalf("other space: %v, %d hours", err, len(other.Hours))
	}
	// The sweep deletes raw signals and sessions, in chunks; rollups stay.
	var deleted int64
	for {
		n, err := db.DeletePlaybackBefore(ctx, at.Add(48*time.Hour), at.Add(48*time.Hour), 2)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		deleted += n
	}
	if deleted != 4+4+4 { // signals, sessions, daily viewers
		t.Fatalf("deleted %d rows, want 12", deleted)
	}
	r, err = db.PlaybackRollups(ctx, analytics.RollupQuery{Space: "spc01", From: at, To: at.Add(24 * time.Hour)})
	if err != nil || len(r.Hours) != 3 {
		t.Fatalf("rollups after the sweep: %v, %d hours", err, len(r.Hours))
	}
}

// testLiveMinutesAndViewers: live heartbeats keep each session's LiveAt and
// one row per video and minute (viewers, latency histogram) that read back
// in order; a session is counted once per minute across batches, since its
// LiveAt is stored; viewers now count by LiveAt, within the space only;
// the sweep leaves the minutes.
func testLiveMinutesAndViewers(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t).DB
	createSpace(t, db, "spc01")
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	v := createVideo(t, db, newVideo("spc01", at))
	beat := func(session string, received time.Time, latency float64) []analytics.Signal {
		sigs := playbackSignals(v, session, received, analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 10,
			Live: true, Latency: latency, Received: received})
		sigs[0].Duration = 0
		return sigs
	}
	for _, batch := range [][]analytics.Signal{
		append(beat("a", at.Add(5*time.Second), 1.2), beat("b", at.Add(6*time.Second), 1.7)...),
		beat("a", at.Add(15*time.Second), 1.3),                                                   // the same minute: a is not counted again
		append(beat("a", at.Add(65*time.Second), 2.1), beat("c", at.Add(66*time.Second), -1)...), // c reports no latency
	} {
		if err := analytics.RecordPlayback(ctx, db, batch); err != nil {
			t.Fatalf("RecordPlayback: %v", err)
		}
	}
	minutes, err := db.LiveMinutes(ctx, "spc01", v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(minutes) != 2 || !minutes[0].Minute.Equal(at) || !minutes[1].Minute.Equal(at.Add(time.Minute)) {
		t.Fatalf("minutes %+v", minutes)
	}
	var want0, want1 [analytics.LatencyBuckets]int64
	want0[analytics.LatencyBucket(1.2)] += 2 // 1.2 and 1.3
	want0[analytics.LatencyBucket(1.7)]++
	want1[analytics.LatencyBucket(2.1)]++
	if minutes[0].Viewers != 2 || minutes[0].Latency != want0 || minutes[1].Viewers != 2 || minutes[1].Latency != want1 {
		t.Fatalf("minute 0: %d viewers %v; minute 1: %d viewers %v", minutes[0].Viewers, minutes[0].Latency, minutes[1].Viewers, minutes[1].Latency)
	}
	for _, tc := range []struct {
		since time.Time
		want  int64
	}{{at, 3}, {at.Add(10 * time.Second), 2}, {at.Add(65 * time.Second), 2}, {at.Add(66 * time.Second), 1}, {at.Add(time.Hour), 0}} {
		n, err := db.LiveViewers(ctx, "spc01", v.ID, tc.since)
		if err != nil || n != tc.want {
			t.Errorf("LiveViewers since %v = %d, %v; want %d", tc.since, n, err, tc.want)
		}
	}
	// Another space sees none of it.
	if n, err := db.LiveViewers(ctx, "other", v.ID, at); err != nil || n != 0 {
		t.Errorf("LiveViewers of another space = %d, %v", n, err)
	}
	if m, err := db.LiveMinutes(ctx, "other", v.ID); err != nil || len(m) != 0 {
		t.Errorf("LiveMinutes of another space = %d rows, %v", len(m), err)
	}
	// An on-demand session is no live viewer.
	if err := analytics.RecordPlayback(ctx, db, playbackSignals(v, "vod", at.Add(70*time.Second),
		analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 10})); err != nil {
		t.Fatal(err)
	}
	if n, err := db.LiveViewers(ctx, "spc01", v.ID, at); err != nil || n != 3 {
		t.Errorf("LiveViewers with an on-demand session = %d, %v; want 3", n, err)
	}
	for {
		n, err := db.DeletePlaybackBefore(ctx, at.Add(72*time.Hour), at.Add(72*time.Hour), 100)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	if n, err := db.LiveViewers(ctx, "spc01", v.ID, at); err != nil || n != 0 {
		t.Errorf("LiveViewers after the sweep = %d, %v", n, err)
	}
	if m, err := db.LiveMinutes(ctx, "spc01", v.ID); err != nil || len(m) != 2 {
		t.Errorf("LiveMinutes after the sweep: %d rows, %v; want 2", len(m), err)
	}
}
