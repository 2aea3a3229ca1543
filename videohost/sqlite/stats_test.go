package sqlite_test

import (
	"context"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlite"
)

func TestQueueDepth(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	db := openDB(t, sqlite.WithClock(clock))
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
		if err := db.Enqueue(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	if j, err := db.Claim(ctx, "w", []videohost.JobKind{videohost.JobTranscode}, time.Minute); err != nil || j == nil {
		t.Fatalf("claim: %v %v", j, err)
	}
	j, err := db.Claim(ctx, "w", []videohost.JobKind{videohost.JobTranscode}, time.Minute)
	if err != nil || j == nil {
		t.Fatalf("claim: %v %v", j, err)
	}
	if err := db.Complete(ctx, j.ID, "w"); err != nil {
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

func TestPing(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, t.TempDir()+"/reel.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("open database: %v", err)
	}
	db.Close()
	if err := db.Ping(ctx); err == nil {
		t.Fatal("a closed database answers Ping")
	}
}
