package sqlite_test

import (
	"context"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// A restarted worker takes back at once what its earlier life held, long
// before the leases run out, and nothing that another worker holds.
func TestReclaimHandsBackOnlyTheOwnersLeases(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	db := openDB(t, sqlite.WithClock(clock))
	for range 2 {
		if err := db.Enqueue(ctx, &videohost.Job{Kind: videohost.JobTranscode, VideoID: "v"}); err != nil {
			t.Fatal(err)
		}
	}
	mine, err := db.Claim(ctx, "host-slot0", nil, time.Hour)
	if err != nil || mine == nil {
		t.Fatalf("claim: %v %v", mine, err)
	}
	theirs, err := db.Claim(ctx, "host-slot1", nil, time.Hour)
	if err != nil || theirs == nil {
		t.Fatalf("claim: %v %v", theirs, err)
	}
	if n, err := db.ReclaimJobs(ctx, "host-slot0"); err != nil || n != 1 {
		t.Fatalf("ReclaimJobs = %d, %v; want 1", n, err)
	}
	again, err := db.Claim(ctx, "host-slot0", nil, time.Hour)
	if err != nil || again == nil || again.ID != mine.ID {
		t.Fatalf("after reclaiming, claimed %+v (%v), want job %d at once", again, err, mine.ID)
	}
	if again.Attempts != 2 {
		t.Fatalf("attempts = %d, want 2: the killed attempt stays counted", again.Attempts)
	}
	if j, _ := db.Job(ctx, theirs.ID); j.State != videohost.JobRunning || j.LeaseOwner != "host-slot1" {
		t.Fatalf("another worker's job became %s under %q", j.State, j.LeaseOwner)
	}

	createSpace(t, db, "aaaaa")
	a := createWebhook(t, db, "aaaaa")
	b := createWebhook(t, db, "aaaaa")
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
	if n, err := db.ReclaimWebhookDeliveries(ctx, "host-slot0"); err != nil || n != 1 {
		t.Fatalf("ReclaimWebhookDeliveries = %d, %v; want 1", n, err)
	}
	got, err := db.ClaimWebhookDeliveries(ctx, "host-slot0", 2, 1, time.Hour, clock.Now())
	if err != nil || len(got) != 1 || got[0].Delivery.ID != first[0].Delivery.ID {
		t.Fatalf("after reclaiming, claimed %v (%v), want delivery %s again at once", got, err, first[0].Delivery.ID)
	}
	_, _ = a, b
}
