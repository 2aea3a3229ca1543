package storetest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// leases returns db as a LeaseQueue, or skips t: a store whose queue runs
// jobs itself (a JobRunner) has no claims to test here.
func leases(t *testing.T, db DB) videohost.LeaseQueue {
	t.Helper()
	lq, ok := db.(videohost.LeaseQueue)
	if !ok {
		t.Skip("this store runs jobs itself (videohost.JobRunner): no leases to claim")
	}
	return lq
}

func enqueue(t testing.TB, db videohost.LeaseQueue, j videohost.Job) *videohost.Job {
	t.Helper()
	if err := db.Enqueue(context.Background(), &j); err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	return &j
}

func claim(t testing.TB, db videohost.LeaseQueue, worker string, kinds ...videohost.JobKind) *videohost.Job {
	t.Helper()
	j, err := db.Claim(context.Background(), worker, kinds, time.Minute)
	if err != nil {
		t.Fatalf("Claim: %v", err)
	}
	return j
}

func testClaimOrderAndKinds(t *testing.T, open Opener) {
	b := open(t)
	db, clock := leases(t, b.DB), b.Clock
	now := clock.Now()
	later := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, RunAt: now.Add(time.Hour)})
	second := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch})
	first := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, RunAt: now.Add(-time.Second)})
	transcode := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode})
	if second.ID == 0 || second.State != videohost.JobQueued || second.MaxAttempts != b.DefaultMaxAttempts || !second.RunAt.Equal(now) {
		t.Fatalf("Enqueue set %+v", second)
	}

	if j := claim(t, db, "w", videohost.JobFetch); j == nil || j.ID != first.ID {
		t.Fatalf("first claim = %+v, want job %d", j, first.ID)
	}
	if j := claim(t, db, "w", videohost.JobFetch); j == nil || j.ID != second.ID {
		t.Fatalf("second claim = %+v, want job %d", j, second.ID)
	}
	if j := claim(t, db, "w", videohost.JobFetch); j != nil {
		t.Fatalf("claimed %+v before its run_at", j)
	}
	if j := claim(t, db, "w"); j == nil || j.ID != transcode.ID { // no kinds = any kind
		t.Fatalf("any-kind claim = %+v, want job %d", j, transcode.ID)
	}
	for _, done := range []*videohost.Job{first, second, transcode} { // else their leases expire below
		if err := db.Complete(context.Background(), done.ID, "w"); err != nil {
			t.Fatal(err)
		}
	}
	clock.Advance(time.Hour)
	j := claim(t, db, "w", videohost.JobTranscode, videohost.JobFetch)
	if j == nil || j.ID != later.ID || j.State != videohost.JobRunning || j.LeaseOwner != "w" ||
		j.Attempts != 1 || !j.LeaseUntil.Equal(clock.Now().Add(time.Minute)) {
		t.Fatalf("claim after run_at = %+v", j)
	}
	stored, err := db.Job(context.Background(), j.ID)
	if err != nil || stored.State != videohost.JobRunning || stored.LeaseOwner != "w" || stored.Attempts != 1 || !stored.LeaseUntil.Equal(j.LeaseUntil) {
		t.Fatalf("stored = %+v, %v", stored, err)
	}
	_, err = db.Job(context.Background(), 999)
	wantCode(t, err, videohost.ENotFound)
}

func testClaimConcurrentlyClaimsEachJobOnce(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db := leases(t, b.DB)
	// Half the workers go through a second store, as another process would.
	dbs := []videohost.LeaseQueue{db, leases(t, b.Reopen(t))}
	const jobs, workers = 60, 8
	for range jobs {
		enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode})
	}
	var mu sync.Mutex
	claimedBy := map[int64][]string{}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		worker := "w" + string(rune('a'+w))
		db := dbs[w%2]
		wg.Go(func() {
			for {
				j, err := db.Claim(ctx, worker, []videohost.JobKind{videohost.JobTranscode}, time.Hour)
				if err != nil {
					errs <- err
					return
				}
				if j == nil {
					return
				}
				mu.Lock()
				claimedBy[j.ID] = append(claimedBy[j.ID], worker)
				mu.Unlock()
				if err := db.Complete(ctx, j.ID, worker); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if len(claimedBy) != jobs {
		t.Fatalf("claimed %d distinct jobs, want %d", len(claimedBy), jobs)
	}
	for id, ws := range claimedBy {
		if len(ws) != 1 {
			t.Errorf("job %d claimed by %v", id, ws)
		}
	}
}

func testExpiredLeaseIsReclaimed(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := leases(t, b.DB), b.Clock
	job := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, MaxAttempts: 2})

	if j := claim(t, db, "dies"); j == nil || j.Attempts != 1 {
		t.Fatalf("claim = %+v", j)
	}
	if j := claim(t, db, "other"); j != nil {
		t.Fatalf("claimed a job under a live lease: %+v", j)
	}
	if err := db.Extend(ctx, job.ID, "dies", time.Minute); err != nil { // still alive: renew
		t.Fatal(err)
	}
	clock.Advance(59 * time.Second)
	if j := claim(t, db, "other"); j != nil {
		t.Fatalf("claimed a job whose lease was extended: %+v", j)
	}
	clock.Advance(2 * time.Second) // the worker died: its lease runs out
	j := claim(t, db, "other")
	if j == nil || j.ID != job.ID || j.Attempts != 2 || j.LeaseOwner != "other" {
		t.Fatalf("reclaim = %+v", j)
	}
	wantCode(t, db.Extend(ctx, job.ID, "dies", time.Minute), videohost.EConflict)
	wantCode(t, db.Complete(ctx, job.ID, "dies"), videohost.EConflict)

	// The second and last attempt dies too: the job goes dead, not running again.
	clock.Advance(2 * time.Minute)
	if j := claim(t, db, "third"); j != nil {
		t.Fatalf("claimed a job with no attempts left: %+v", j)
	}
	dead, err := db.Job(ctx, job.ID)
	if err != nil || dead.State != videohost.JobDead || !strings.Contains(dead.LastError, "expired") {
		t.Fatalf("job = %+v, %v", dead, err)
	}
}

func testFailRetriesThenDies(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := leases(t, b.DB), b.Clock
	job := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, MaxAttempts: 3})
	cause := errors.New("connection refused")

	for attempt := 1; attempt <= 3; attempt++ {
		j := claim(t, db, "w")
		if j == nil || j.Attempts != attempt {
			t.Fatalf("attempt %d: claim = %+v", attempt, j)
		}
		failed, err := db.Fail(ctx, job.ID, "w", cause, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if failed.LastError != "connection refused" {
			t.Errorf("last error = %q", failed.LastError)
		}
		if attempt == 3 {
			if failed.State != videohost.JobDead {
				t.Fatalf("after the last attempt state = %s, want dead", failed.State)
			}
			break
		}
		if failed.State != videohost.JobQueued || !failed.RunAt.Equal(clock.Now().Add(10*time.Second)) {
			t.Fatalf("attempt %d: failed = %+v", attempt, failed)
		}
		if j := claim(t, db, "w"); j != nil {
			t.Fatalf("claimed before retryAfter: %+v", j)
		}
		clock.Advance(10 * time.Second)
	}
	clock.Advance(time.Hour)
	if j := claim(t, db, "w"); j != nil {
		t.Fatalf("claimed a dead job: %+v", j)
	}
	stored, _ := db.Job(ctx, job.ID)
	if stored.State != videohost.JobDead || stored.Attempts != 3 {
		t.Errorf("stored = %+v", stored)
	}
}

func testLeaseOperations(t *testing.T, open Opener) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		op   func(db videohost.LeaseQueue, id int64) error
		code string
	}{
		{"extend by owner", func(db videohost.LeaseQueue, id int64) error { return db.Extend(ctx, id, "owner", time.Minute) }, ""},
		{"extend by stranger", func(db videohost.LeaseQueue, id int64) error { return db.Extend(ctx, id, "stranger", time.Minute) }, videohost.EConflict},
		{"complete by stranger", func(db videohost.LeaseQueue, id int64) error { return db.Complete(ctx, id, "stranger") }, videohost.EConflict},
		{"fail by stranger", func(db videohost.LeaseQueue, id int64) error {
			_, err := db.Fail(ctx, id, "stranger", errors.New("x"), 0)
			return err
		}, videohost.EConflict},
		{"extend after complete", func(db videohost.LeaseQueue, id int64) error {
			if err := db.Complete(ctx, id, "owner"); err != nil {
				return err
			}
			return db.Extend(ctx, id, "owner", time.Minute)
		}, videohost.EConflict},
		{"complete twice", func(db videohost.LeaseQueue, id int64) error {
			if err := db.Complete(ctx, id, "owner"); err != nil {
				return err
			}
			return db.Complete(ctx, id, "owner")
		}, videohost.EConflict},
		{"fail with negative retry is dead", func(db videohost.LeaseQueue, id int64) error {
			j, err := db.Fail(ctx, id, "owner", errors.New("not media"), -1)
			if err == nil && j.State != videohost.JobDead {
				return errors.New("state " + string(j.State))
			}
			return err
		}, ""},
		{"missing job", func(db videohost.LeaseQueue, id int64) error { return db.Extend(ctx, id+100, "owner", time.Minute) }, videohost.ENotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := leases(t, open(t).DB)
			job := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch})
			claim(t, db, "owner")
			wantCode(t, tc.op(db, job.ID), tc.code)
		})
	}

	t.Run("complete", func(t *testing.T) {
		db := leases(t, open(t).DB)
		job := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, Payload: []byte(`{"a":1}`)})
		claim(t, db, "owner")
		if err := db.Complete(ctx, job.ID, "owner"); err != nil {
			t.Fatal(err)
		}
		j, err := db.Job(ctx, job.ID)
		if err != nil || j.State != videohost.JobDone || string(j.Payload) != `{"a":1}` {
			t.Fatalf("job = %+v, %v", j, err)
		}
		if j := claim(t, db, "owner"); j != nil {
			t.Fatalf("claimed a done job")
		}
	})
}

// testEnqueueAndJob: what every queue does, whether it leases its jobs or
// runs them itself.
func testEnqueueAndJob(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db := b.DB
	j := &videohost.Job{Kind: videohost.JobFetch, Space: "aaaaa", VideoID: "video0000001", Payload: []byte(`{"b": 2,"a":1}`)}
	if err := db.Enqueue(ctx, j); err != nil {
		t.Fatal(err)
	}
	if j.ID == 0 || j.State != videohost.JobQueued || j.MaxAttempts != b.DefaultMaxAttempts || j.RunAt.IsZero() {
		t.Fatalf("Enqueue set %+v", j)
	}
	got, err := db.Job(ctx, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Kind != videohost.JobFetch || got.Space != "aaaaa" || got.VideoID != "video0000001" ||
		string(got.Payload) != `{"b": 2,"a":1}` || got.State != videohost.JobQueued || got.Attempts != 0 ||
		got.MaxAttempts != b.DefaultMaxAttempts {
		t.Errorf("Job = %+v, payload %s", got, got.Payload)
	}
	if got.Lane != videohost.LaneMain {
		t.Errorf("lane %q, want the main lane", got.Lane)
	}
	early := &videohost.Job{Kind: videohost.JobTranscode, Lane: videohost.LaneEarly, VideoID: "video0000002"}
	if err := db.Enqueue(ctx, early); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Job(ctx, early.ID); err != nil || got.Lane != videohost.LaneEarly || got.Kind != videohost.JobTranscode {
		t.Errorf("Job = %+v, %v; want a transcode in the early lane", got, err)
	}
	_, err = db.Job(ctx, j.ID+100)
	wantCode(t, err, videohost.ENotFound)
	wantCode(t, db.Enqueue(ctx, &videohost.Job{}), videohost.EValidation)
}

// testClaimLane: ClaimLane takes only its lane's jobs, an expired lease's
// too; Claim takes any lane's.
func testClaimLane(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := leases(t, b.DB), b.Clock
	main := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode, VideoID: "a"})
	early := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode, Lane: videohost.LaneEarly, VideoID: "b"})
	claimLane := func(kinds ...videohost.JobKind) *videohost.Job {
		t.Helper()
		j, err := db.ClaimLane(ctx, "w", videohost.LaneEarly, kinds, time.Minute)
		if err != nil {
			t.Fatalf("ClaimLane: %v", err)
		}
		return j
	}
	if j := claimLane(videohost.JobFetch); j != nil {
		t.Fatalf("ClaimLane of fetches took %+v", j)
	}
	if j := claimLane(videohost.JobTranscode); j == nil || j.ID != early.ID || j.Lane != videohost.LaneEarly {
		t.Fatalf("ClaimLane = %+v, want job %d", j, early.ID)
	}
	if j := claimLane(); j != nil {
		t.Fatalf("ClaimLane took %+v from another lane", j)
	}
	clock.Advance(2 * time.Minute) // the early job's lease runs out
	if j := claimLane(videohost.JobTranscode); j == nil || j.ID != early.ID || j.Attempts != 2 {
		t.Fatalf("ClaimLane after the lease expired = %+v, want job %d again", j, early.ID)
	}
	if j := claim(t, db, "w", videohost.JobTranscode); j == nil || j.ID != main.ID {
		t.Fatalf("Claim = %+v, want job %d", j, main.ID)
	}
	// Claim takes any lane, the early one first within a space.
	later := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode, VideoID: "c"})
	other := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode, Lane: videohost.LaneEarly, VideoID: "d"})
	if j := claim(t, db, "w"); j == nil || j.ID != other.ID {
		t.Fatalf("Claim = %+v, want the early lane's job %d before job %d", j, other.ID, later.ID)
	}
}

// Spaces take turns: a space with a long backlog and a space with a few
// jobs alternate, whatever the order they were queued in; and a retry of a
// failed fetch waits behind every other runnable job.
func testClaimIsFairAcrossSpaces(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	q := leases(t, b.DB)
	for i := range 4 {
		enqueue(t, q, videohost.Job{Kind: videohost.JobFetch, Space: "burst", VideoID: "a" + string(rune('0'+i))})
		b.Clock.Advance(time.Second)
	}
	for i := range 2 {
		enqueue(t, q, videohost.Job{Kind: videohost.JobPrepare, Space: "quiet", VideoID: "b" + string(rune('0'+i))})
		b.Clock.Advance(time.Second)
	}
	var order []string
	for range 6 {
		j := claim(t, q, "w")
		if j == nil {
			t.Fatal("a runnable job was not claimed")
		}
		order = append(order, j.VideoID)
		b.Clock.Advance(time.Second)
	}
	if got, want := strings.Join(order, " "), "a0 b0 a1 b1 a2 a3"; got != want {
		t.Fatalf("claimed %s, want %s: the quiet space's jobs wait behind the burst", got, want)
	}

	retry := enqueue(t, q, videohost.Job{Kind: videohost.JobFetch, Space: "burst", VideoID: "r"})
	j := claim(t, q, "w")
	if j == nil || j.ID != retry.ID {
		t.Fatalf("claimed %+v, want the fetch", j)
	}
	if _, err := q.Fail(ctx, j.ID, "w", errors.New("origin down"), 0); err != nil {
		t.Fatal(err)
	}
	b.Clock.Advance(time.Second)
	upload := enqueue(t, q, videohost.Job{Kind: videohost.JobTranscode, Space: "burst", VideoID: "u"})
	if j := claim(t, q, "w"); j == nil || j.ID != upload.ID {
		t.Fatalf("claimed %+v before the transcode queued after the failed fetch's retry came due", j)
	}
	if j := claim(t, q, "w"); j == nil || j.ID != retry.ID {
		t.Fatalf("claimed %+v, want the fetch's retry last", j)
	}
}
