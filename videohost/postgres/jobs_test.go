package postgres_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/postgres"
)

// runJobs runs db's jobs with run until the test ends.
func runJobs(t *testing.T, db *postgres.DB, run videohost.JobRun) {
	t.Helper()
	if run.Backoff == nil {
		run.Backoff = func(int) time.Duration { return 0 }
	}
	if run.Kinds == nil {
		run.Kinds = postgres.JobKinds()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- db.RunJobs(ctx, run) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("RunJobs: %v", err)
		}
	})
}

func enqueue(t *testing.T, db *postgres.DB, j videohost.Job) *videohost.Job {
	t.Helper()
	if j.VideoID == "" {
		j.VideoID = videohost.NewID(videohost.VideoIDLen)
	}
	if err := db.Enqueue(context.Background(), &j); err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	return &j
}

// waitJob waits until job id is in state, and returns it.
func waitJob(t *testing.T, db *postgres.DB, id int64, state videohost.JobState, within time.Duration) *videohost.Job {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		j, err := db.Job(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if j.State == state {
			return j
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %d is %s after %v, want %s (%+v)", id, j.State, within, state, j)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestChangeJobsRunOnRiver(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, pgtest.New(t))
	if err := db.CreateSpace(ctx, &videohost.Space{ID: "aaaaa", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	v := &videohost.Video{ID: videohost.NewID(videohost.VideoIDLen), Embed: videohost.NewEmbed("aaaaa"), Space: "aaaaa",
		State: videohost.StateCreated, PlaybackPolicy: videohost.PlaybackPublic, CreatedAt: time.Now(), UpdatedAt: time.Now()}
	change := videohost.Change{Jobs: []videohost.Job{{Kind: videohost.JobFetch, Payload: []byte(`{"a":1}`), MaxAttempts: 3}}}
	if err := db.CreateVideo(ctx, v, change, nil); err != nil {
		t.Fatal(err)
	}
	got := make(chan *videohost.Job, 1)
	runJobs(t, db, videohost.JobRun{Handle: func(ctx context.Context, j *videohost.Job) error {
		got <- j
		return nil
	}})
	select {
	case j := <-got:
		if j.Kind != videohost.JobFetch || j.VideoID != v.ID || j.Space != "aaaaa" || string(j.Payload) != `{"a":1}` ||
			j.Attempts != 1 || j.MaxAttempts != 3 || j.State != videohost.JobRunning {
			t.Errorf("handled %+v", j)
		}
		waitJob(t, db, j.ID, videohost.JobDone, 10*time.Second)
	case <-time.After(15 * time.Second):
		t.Fatal("the job of the change never ran")
	}
}

func TestPrepareJobsDoNotWaitBehindATranscode(t *testing.T) {
	db := openDB(t, pgtest.New(t))
	release := make(chan struct{})
	started := make(chan videohost.JobKind, 4)
	runJobs(t, db, videohost.JobRun{Concurrency: 1, PrepareConcurrency: 1,
		Handle: func(ctx context.Context, j *videohost.Job) error {
			started <- j.Kind
			if j.Kind == videohost.JobTranscode {
				select {
				case <-release:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		}})
	defer close(release)
	transcode := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode})
	if k := <-started; k != videohost.JobTranscode {
		t.Fatalf("started %s", k)
	}
	enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode}) // waits for the only slot
	prepare := enqueue(t, db, videohost.Job{Kind: videohost.JobPrepare})
	select {
	case k := <-started:
		if k != videohost.JobPrepare {
			t.Fatalf("started %s beside the running transcode, want the prepare job", k)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the prepare job waited behind the transcode")
	}
	waitJob(t, db, prepare.ID, videohost.JobDone, 10*time.Second)
	if j, _ := db.Job(context.Background(), transcode.ID); j.State != videohost.JobRunning {
		t.Errorf("transcode %s, want still running", j.State)
	}
}

func TestFailedJobsRetryThenDie(t *testing.T) {
	db := openDB(t, pgtest.New(t))
	var calls sync.Map // job id → *atomic.Int32
	count := func(id int64) int32 {
		c, _ := calls.LoadOrStore(id, new(atomic.Int32))
		return c.(*atomic.Int32).Load()
	}
	var backoffs atomic.Int32
	runJobs(t, db, videohost.JobRun{
		Backoff: func(attempt int) time.Duration { backoffs.Add(1); return 0 },
		Handle: func(ctx context.Context, j *videohost.Job) error {
			c, _ := calls.LoadOrStore(j.ID, new(atomic.Int32))
			c.(*atomic.Int32).Add(1)
			if string(j.Payload) == `"permanent"` {
				return videohost.NoRetry(errors.New("not media"))
			}
			return fmt.Errorf("attempt %d failed", j.Attempts)
		}})
	retried := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, MaxAttempts: 3})
	permanent := enqueue(t, db, videohost.Job{Kind: videohost.JobFetch, MaxAttempts: 3, Payload: []byte(`"permanent"`)})

	j := waitJob(t, db, retried.ID, videohost.JobDead, 30*time.Second)
	if n := count(retried.ID); n != 3 || j.Attempts != 3 || j.LastError != "attempt 3 failed" {
		t.Errorf("retried job ran %d times, ended %+v; want 3 attempts, the last error kept", n, j)
	}
	if backoffs.Load() < 2 {
		t.Errorf("backoff asked %d times, want once per retry", backoffs.Load())
	}
	j = waitJob(t, db, permanent.ID, videohost.JobDead, 10*time.Second)
	if n := count(permanent.ID); n != 1 || j.LastError != "not media" {
		t.Errorf("a NoRetry job ran %d times, ended %+v; want once", n, j)
	}
}

func TestStopHandsRunningJobBackWithoutUsingAnAttempt(t *testing.T) {
	db := openDB(t, pgtest.New(t))
	started := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- db.RunJobs(ctx, videohost.JobRun{Kinds: []videohost.JobKind{videohost.JobTranscode},
			Backoff: func(int) time.Duration { return 0 },
			Handle: func(ctx context.Context, j *videohost.Job) error {
				close(started)
				<-ctx.Done()
				return ctx.Err()
			}})
	}()
	j := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode, MaxAttempts: 1})
	select {
	case <-started:
	case <-time.After(15 * time.Second):
		t.Fatal("the job never started")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	back := waitJob(t, db, j.ID, videohost.JobQueued, 5*time.Second)
	if back.Attempts != 0 {
		t.Errorf("handed-back job has used %d attempts, want 0", back.Attempts)
	}
	ran := make(chan struct{}, 1)
	runJobs(t, db, videohost.JobRun{Handle: func(context.Context, *videohost.Job) error { ran <- struct{}{}; return nil }})
	waitJob(t, db, j.ID, videohost.JobDone, 15*time.Second)
}

// TestLongJobNeverRunsTwiceAtOnce: River's rescuer hands a job that runs
// longer than the rescue interval to another worker; that copy finds the
// job's lock held and waits, and once the first run is done it ends
// without running again.
func TestLongJobNeverRunsTwiceAtOnce(t *testing.T) {
	dsn := pgtest.New(t)
	const rescue = time.Second
	first := openDB(t, dsn, postgres.WithJobRescueAfter(rescue))
	second := openDB(t, dsn, postgres.WithJobRescueAfter(rescue))
	var running, runs atomic.Int32
	release := make(chan struct{})
	started := make(chan struct{})
	// The first worker runs only transcodes, so it never leads River's
	// maintenance: the second does, and rescues.
	runJobs(t, first, videohost.JobRun{Kinds: []videohost.JobKind{videohost.JobTranscode},
		Handle: func(ctx context.Context, j *videohost.Job) error {
			if running.Add(1) != 1 {
				t.Error("two runs of the job at once")
			}
			defer running.Add(-1)
			runs.Add(1)
			close(started)
			select {
			case <-release:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}})
	j := enqueue(t, first, videohost.Job{Kind: videohost.JobTranscode})
	select {
	case <-started:
	case <-time.After(15 * time.Second):
		t.Fatal("the job never started")
	}
	time.Sleep(rescue + rescue/2) // the job is now "stuck" as River sees it
	runJobs(t, second, videohost.JobRun{Handle: func(ctx context.Context, j *videohost.Job) error {
		if running.Add(1) != 1 {
			t.Error("the rescued copy ran while the first run was still running")
		}
		defer running.Add(-1)
		runs.Add(1)
		return nil
	}})
	// River rescues the job, and the copy it makes is fetched, finds the
	// job's lock held and snoozes (River counts snoozes in the metadata).
	conn := pgtest.Conn(t, dsn)
	deadline := time.Now().Add(30 * time.Second)
	for {
		var rescued bool
		var snoozes int
		if err := conn.QueryRow(context.Background(), `SELECT coalesce(cardinality(errors), 0) > 0, coalesce((metadata->>'snoozes')::int, 0)
			FROM river_job WHERE id = $1`, j.ID).Scan(&rescued, &snoozes); err != nil {
			t.Fatal(err)
		}
		if rescued && snoozes >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 30 s: rescued %v, copy snoozed %d times; want a rescue and a copy that waits", rescued, snoozes)
		}
		time.Sleep(50 * time.Millisecond)
	}
	close(release)
	waitJob(t, first, j.ID, videohost.JobDone, 30*time.Second)
	if n := runs.Load(); n != 1 {
		t.Errorf("the job ran %d times, want once", n)
	}

}

// childEnv starts this test binary as a worker process of its own.
const childEnv = "REEL_POSTGRES_TEST_WORKER"

// TestJobOfAKilledProcessRunsElsewhere kills a worker process in the
// middle of a job: its connection closes, so its lock goes at once, River
// rescues the job, and another worker runs it to the end.
func TestJobOfAKilledProcessRunsElsewhere(t *testing.T) {
	dsn := pgtest.New(t)
	const rescue = time.Second
	db := openDB(t, dsn, postgres.WithJobRescueAfter(rescue))
	j := enqueue(t, db, videohost.Job{Kind: videohost.JobTranscode})

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dsn)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(out)
	if !lines.Scan() || lines.Text() != "started "+strconv.FormatInt(j.ID, 10) {
		t.Fatalf("the worker process said %q, want it to start job %d", lines.Text(), j.ID)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	time.Sleep(rescue + rescue/2)

	ran := make(chan *videohost.Job, 1)
	runJobs(t, db, videohost.JobRun{Handle: func(ctx context.Context, j *videohost.Job) error {
		ran <- j
		return nil
	}})
	select {
	case got := <-ran:
		if got.ID != j.ID || got.Attempts != 2 {
			t.Errorf("ran %+v, want job %d on its second attempt", got, j.ID)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the job of the killed process never ran again")
	}
	waitJob(t, db, j.ID, videohost.JobDone, 10*time.Second)
}

// runChildWorker is the worker process of TestJobOfAKilledProcessRunsElsewhere:
// it runs transcodes, says which job it started, and never finishes it.
func runChildWorker(dsn string) {
	ctx := context.Background()
	db, err := postgres.Open(ctx, dsn, postgres.WithLogger(discard), postgres.WithJobRescueAfter(time.Second))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	db.RunJobs(ctx, videohost.JobRun{Kinds: []videohost.JobKind{videohost.JobTranscode},
		Backoff: func(int) time.Duration { return 0 },
		Handle: func(ctx context.Context, j *videohost.Job) error {
			fmt.Println("started", j.ID)
			select {}
		}})
}
