package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
)

// Optional capabilities: a store that lacks one skips its test.

// A restarted worker takes back at once what its earlier life held, long
// before the leases run out, and nothing that another worker holds.
func testReclaim(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	jobs, ok := db.(videohost.JobReclaimer)
	if !ok {
		t.Skip("the store's queue cannot reclaim")
	}
	lq := leases(t, db)
	for range 2 {
		if err := db.Enqueue(ctx, &videohost.Job{Kind: videohost.JobTranscode, VideoID: "v"}); err != nil {
			t.Fatal(err)
		}
	}
	mine, err := lq.Claim(ctx, "host-slot0", nil, time.Hour)
	if err != nil || mine == nil {
		t.Fatalf("claim: %v %v", mine, err)
	}
	theirs, err := lq.Claim(ctx, "host-slot1", nil, time.Hour)
	if err != nil || theirs == nil {
		t.Fatalf("claim: %v %v", theirs, err)
	}
	if n, err := jobs.ReclaimJobs(ctx, "host-slot0"); err != nil || n != 1 {
		t.Fatalf("ReclaimJobs = %d, %v; want 1", n, err)
	}
	again, err := lq.Claim(ctx, "host-slot0", nil, time.Hour)
	if err != nil || again == nil || again.ID != mine.ID {
		t.Fatalf("after reclaiming, claimed %+v (%v), want job %d at once", again, err, mine.ID)
	}
	if again.Attempts != 2 {
		t.Fatalf("attempts = %d, want 2: the killed attempt stays counted", again.Attempts)
	}
	if j, _ := db.Job(ctx, theirs.ID); j.State != videohost.JobRunning || j.LeaseOwner != "host-slot1" {
		t.Fatalf("another worker's job became %s under %q", j.State, j.LeaseOwner)
	}

	deliveries, ok := db.(videohost.WebhookReclaimer)
	if !ok {
		t.Skip("the store's webhook deliveries cannot be reclaimed")
	}
	createSpace(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa")
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated)
	fanOutAll(t, db, clock.Now())
	first, err := db.ClaimWebhookDeliveries(ctx, "host-slot0", 1, 1, time.Hour, clock.Now())
	if err != nil || len(first) != 1 {
		t.Fatalf("claim deliveries: %v %v", first, err)
	}
	second, err := db.ClaimWebhookDeliveries(ctx, "host-slot1", 1, 1, time.Hour, clock.Now())
	if err != nil || len(second) != 1 {
		t.Fatalf("claim deliveries: %v %v", second, err)
	}
	if n, err := deliveries.ReclaimWebhookDeliveries(ctx, "host-slot0"); err != nil || n != 1 {
		t.Fatalf("ReclaimWebhookDeliveries = %d, %v; want 1", n, err)
	}
	got, err := db.ClaimWebhookDeliveries(ctx, "host-slot0", 2, 1, time.Hour, clock.Now())
	if err != nil || len(got) != 1 || got[0].Delivery.ID != first[0].Delivery.ID {
		t.Fatalf("after reclaiming, claimed %v (%v), want delivery %s again at once", got, err, first[0].Delivery.ID)
	}
}

func testQueueDepth(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	clock := b.Clock
	db, ok := b.DB.(videohost.QueueStats)
	if !ok {
		t.Skip("the store does not report queue depth")
	}
	q := leases(t, b.DB)
	if d, err := db.QueueDepth(ctx, clock.Now()); err != nil || len(d) != 0 {
		t.Fatalf("empty queue: %+v %v", d, err)
	}
	for _, j := range []*videohost.Job{
		{Kind: videohost.JobFetch},
		{Kind: videohost.JobFetch},
		{Kind: videohost.JobFetch, RunAt: clock.Now().Add(time.Hour)},
		{Kind: videohost.JobTranscode},
		{Kind: videohost.JobTranscode},
	} {
		if err := q.Enqueue(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	if j, err := q.Claim(ctx, "w", []videohost.JobKind{videohost.JobTranscode}, time.Minute); err != nil || j == nil {
		t.Fatalf("claim: %v %v", j, err)
	}
	j, err := q.Claim(ctx, "w", []videohost.JobKind{videohost.JobTranscode}, time.Minute)
	if err != nil || j == nil {
		t.Fatalf("claim: %v %v", j, err)
	}
	if err := q.Complete(ctx, j.ID, "w"); err != nil {
		t.Fatal(err)
	}
	got, err := db.QueueDepth(ctx, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	want := []videohost.QueueDepth{
		{Kind: videohost.JobFetch, Queued: 2, Delayed: 1},
		{Kind: videohost.JobTranscode, Running: 1},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("depth %+v, want %+v", got, want)
	}
}

// Player settings per scope: put, read back only the scopes asked for,
// replace, and remove with zero settings.
func testPlayerSettings(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	ps, ok := b.DB.(videohost.PlayerSettingsStore)
	if !ok {
		t.Skip("the store keeps no player settings")
	}
	createSpace(t, b.DB, "aaaaa")
	space := videohost.PlayerScope{Kind: "space", ID: "aaaaa"}
	video := videohost.PlayerScope{Kind: "video", ID: "vvvvvvvvvvvv"}
	other := videohost.PlayerScope{Kind: "collection", ID: "cccccccccccc"}
	now := b.Clock.Now()
	if err := ps.PutPlayerSettings(ctx, "aaaaa", space, videohost.PlayerSettings{Color: ptr("#ff5a36"), Autoplay: ptr(true)}, now); err != nil {
		t.Fatal(err)
	}
	if err := ps.PutPlayerSettings(ctx, "aaaaa", video, videohost.PlayerSettings{Start: ptr(12.5)}, now); err != nil {
		t.Fatal(err)
	}
	got, err := ps.PlayerSettings(ctx, "aaaaa", []videohost.PlayerScope{space, video, other})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || *got[space].Color != "#ff5a36" || !*got[space].Autoplay || *got[video].Start != 12.5 {
		t.Fatalf("settings %+v", got)
	}
	if err := ps.PutPlayerSettings(ctx, "aaaaa", space, videohost.PlayerSettings{Muted: ptr(true)}, now); err != nil {
		t.Fatal(err)
	}
	if err := ps.PutPlayerSettings(ctx, "aaaaa", video, videohost.PlayerSettings{}, now); err != nil {
		t.Fatal(err)
	}
	got, err = ps.PlayerSettings(ctx, "aaaaa", []videohost.PlayerScope{space, video})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[space].Color != nil || !*got[space].Muted {
		t.Fatalf("after replacing and removing: %+v", got)
	}
	if got, err := ps.PlayerSettings(ctx, "bbbbb", []videohost.PlayerScope{space}); err != nil || len(got) != 0 {
		t.Fatalf("another space sees %+v (%v)", got, err)
	}
}

// Progress: recorded per video, replaced by the next report, read back for
// the ids asked for only.
func testVideoProgress(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	ps, ok := b.DB.(videohost.ProgressStore)
	if !ok {
		t.Skip("the store keeps no progress")
	}
	now := b.Clock.Now()
	if got, err := ps.VideoProgress(ctx, []string{"vvvvvvvvvvv1"}); err != nil || len(got) != 0 {
		t.Fatalf("progress before any report: %v (%v)", got, err)
	}
	for _, r := range []struct {
		id   string
		done float64
	}{{"vvvvvvvvvvv1", 0.25}, {"vvvvvvvvvvv2", 0.5}, {"vvvvvvvvvvv1", 0.75}} {
		if err := ps.SetVideoProgress(ctx, r.id, r.done, now); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ps.VideoProgress(ctx, []string{"vvvvvvvvvvv1", "vvvvvvvvvvv3"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got["vvvvvvvvvvv1"] != 0.75 {
		t.Fatalf("progress %v, want only vvvvvvvvvvv1 at 0.75", got)
	}
	if got, err := ps.VideoProgress(ctx, nil); err != nil || len(got) != 0 {
		t.Fatalf("progress of no ids: %v (%v)", got, err)
	}
}

// A video's events: newest first, paged by seq, each with the deliveries
// made of it (one per endpoint listening for its type) and their attempts;
// other videos' and other spaces' events stay out.
func testVideoEvents(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	es, ok := b.DB.(videohost.VideoEventStore)
	if !ok {
		t.Skip("the store does not list a video's events")
	}
	db := b.DB
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	all := createWebhook(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa", videohost.EventVideoReady) // gets none of the kinds below
	v := emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded, videohost.EventVideoProcessing)
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated)
	fanOutAll(t, db, b.Clock.Now())
	c := claimDelivery(t, db, "d1", b.Clock.Now())
	attempt := videohost.DeliveryAttempt{At: b.Clock.Now(), Status: 500, DurationMS: 7, Error: "answered 500", ResponseExcerpt: "oops"}
	if err := db.RecordWebhookAttempt(ctx, c.Delivery.Seq, "d1", attempt, videohost.DeliveryPending, b.Clock.Now().Add(time.Minute), time.Time{}); err != nil {
		t.Fatal(err)
	}

	got, err := es.VideoEvents(ctx, "aaaaa", v.ID, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Type != "video.processing" || got[1].Type != "video.uploaded" || got[0].Seq <= got[1].Seq {
		t.Fatalf("first page %+v, want processing then uploaded", got)
	}
	for _, e := range got {
		if len(e.Deliveries) != 1 || e.Deliveries[0].Endpoint != all.ID || e.Deliveries[0].EventID != e.ID {
			t.Fatalf("event %s deliveries %+v, want one to %s", e.Type, e.Deliveries, all.ID)
		}
	}
	rest, err := es.VideoEvents(ctx, "aaaaa", v.ID, got[1].Seq, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) != 1 || rest[0].Type != "video.created" {
		t.Fatalf("second page %+v", rest)
	}
	if ds := rest[0].Deliveries; len(ds) != 1 || ds[0].ID != c.Delivery.ID || len(ds[0].Attempts) != 1 || ds[0].Attempts[0] != attempt {
		t.Fatalf("the attempted delivery: %+v", ds)
	}
	if other, err := es.VideoEvents(ctx, "bbbbb", v.ID, 0, 10); err != nil || len(other) != 0 {
		t.Fatalf("another space sees %d events (%v)", len(other), err)
	}
}

// Codec policies per scope: put, read back only the scopes asked for,
// replace, remove with no rules, and spaces apart; the view counts the
// triggers read: a video's total over its hours, and the videos viewed
// since an hour.
func testCodecPolicies(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	cs, ok := b.DB.(videohost.CodecPolicyStore)
	if !ok {
		t.Skip("the store keeps no codec policies")
	}
	createSpace(t, b.DB, "aaaaa")
	createSpace(t, b.DB, "bbbbb")
	space := videohost.PlayerScope{Kind: "space", ID: "aaaaa"}
	video := videohost.PlayerScope{Kind: "video", ID: "vvvvvvvvvvvv"}
	other := videohost.PlayerScope{Kind: "collection", ID: "cccccccccccc"}
	now := b.Clock.Now()
	for _, put := range []struct {
		scope videohost.PlayerScope
		rules map[string]string
	}{
		{space, map[string]string{"av1": ">=720p after 100 views"}},
		{video, map[string]string{"hevc": "all", "av1": "none"}},
	} {
		if err := cs.PutCodecPolicy(ctx, "aaaaa", put.scope, put.rules, now); err != nil {
			t.Fatal(err)
		}
	}
	got, err := cs.CodecPolicies(ctx, "aaaaa", []videohost.PlayerScope{space, video, other})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[space]["av1"] != ">=720p after 100 views" || got[video]["hevc"] != "all" || got[video]["av1"] != "none" {
		t.Fatalf("policies %+v", got)
	}
	if err := cs.PutCodecPolicy(ctx, "aaaaa", space, map[string]string{"hevc": "<=1080p"}, now); err != nil {
		t.Fatal(err)
	}
	if err := cs.PutCodecPolicy(ctx, "aaaaa", video, nil, now); err != nil {
		t.Fatal(err)
	}
	got, err = cs.CodecPolicies(ctx, "aaaaa", []videohost.PlayerScope{space, video})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[space]) != 1 || got[space]["hevc"] != "<=1080p" {
		t.Fatalf("after replacing and removing: %+v", got)
	}
	if got, err := cs.CodecPolicies(ctx, "bbbbb", []videohost.PlayerScope{space}); err != nil || len(got) != 0 {
		t.Fatalf("another space sees %+v (%v)", got, err)
	}

	vc, ok := b.DB.(videohost.ViewCounts)
	if !ok {
		return
	}
	as, ok := b.DB.(analytics.Store)
	if !ok {
		return
	}
	at := time.Date(2025, 3, 1, 12, 10, 0, 0, time.UTC)
	v := &videohost.Video{ID: "vvvvvvvvvvvv", Space: "aaaaa", Embed: "aaaaaembed0001"}
	w := &videohost.Video{ID: "wwwwwwwwwwww", Space: "bbbbb", Embed: "bbbbbembed0001"}
	for i, s := range []struct {
		v  *videohost.Video
		at time.Time
	}{{v, at}, {v, at.Add(2 * time.Hour)}, {v, at.Add(2*time.Hour + time.Minute)}, {w, at}} {
		sigs := playbackSignals(s.v, fmt.Sprint("s", i), s.at, analytics.Signal{Kind: analytics.SignalHeartbeat, From: 0, To: 10})
		if err := analytics.RecordPlayback(ctx, as, sigs); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := vc.VideoViews(ctx, v.ID); err != nil || n != 3 {
		t.Fatalf("VideoViews = %d, %v; want 3", n, err)
	}
	if n, err := vc.VideoViews(ctx, "nnnnnnnnnnnn"); err != nil || n != 0 {
		t.Fatalf("VideoViews of an unseen video = %d, %v", n, err)
	}
	viewed, err := vc.ViewedSince(ctx, at.Add(90*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if want := []videohost.VideoViewCount{{Space: "aaaaa", VideoID: v.ID, Views: 3}}; !slices.Equal(viewed, want) {
		t.Fatalf("ViewedSince(+90 min) = %+v, want %+v", viewed, want)
	}
	if viewed, err = vc.ViewedSince(ctx, at); err != nil || len(viewed) != 2 {
		t.Fatalf("ViewedSince(at) = %+v, %v; want both videos", viewed, err)
	}
}
