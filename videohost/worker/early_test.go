package worker_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/worker"
)

// TestEarlyLaneDoesNotWaitBehindATranscode: on a worker whose only main
// slot is busy with a long transcode, the transcode of a video the prepare
// job could not make playable starts at once in the early lane and
// publishes it playable while the first still runs; a video the prepare
// job made playable waits for the main slot. On both queues: SQLite's
// leases and River's queues.
func TestEarlyLaneDoesNotWaitBehindATranscode(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		e := newEnv(t)
		testEarlyLane(t, e.svc, e.p, e.db.Job, func(p videohost.Pipeline) *worker.Worker { return e.worker(t, "w", p) })
	})
	t.Run("postgres", func(t *testing.T) {
		ctx := context.Background()
		dsn, dir := pgtest.New(t), t.TempDir()
		svc, db, err := pgService(ctx, dsn, dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		space, _, err := svc.Bootstrap(ctx)
		if err != nil {
			t.Fatal(err)
		}
		p := &videohost.Principal{Space: space.ID, Access: videohost.AccessReadWrite}
		testEarlyLane(t, svc, p, db.Job, func(p videohost.Pipeline) *worker.Worker {
			w, err := worker.New(worker.Config{Jobs: svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(dir, "work"), ID: "w"})
			if err != nil {
				t.Fatal(err)
			}
			return w
		})
	})
}

func testEarlyLane(t *testing.T, svc *videohost.Service, principal *videohost.Principal,
	job func(context.Context, int64) (*videohost.Job, error), newWorker func(videohost.Pipeline) *worker.Worker) {
	ctx := context.Background()
	p := &preparingPipeline{
		playable: map[string]bool{"long": true, "standard": true},
		release:  make(chan struct{}), processing: make(chan string, 4),
	}
	w := newWorker(p) // Concurrency 1
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { w.Run(runCtx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	video := func(id string) *videohost.Video {
		t.Helper()
		v, err := svc.VideoByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	next := func() string {
		t.Helper()
		select {
		case got := <-p.processing:
			return got
		case <-time.After(15 * time.Second):
			t.Fatal("no transcode started")
			return ""
		}
	}

	long := importSource(t, svc, principal, "long")
	if got := next(); got != "long" {
		t.Fatalf("transcoding %q, want long", got)
	}
	// Queued before the upload the prepare job cannot make playable: were
	// it in the early lane, the early slot would take it first.
	standard := importSource(t, svc, principal, "standard")
	waitFor(t, 15*time.Second, "the standard upload's transcode queued", func() bool {
		return len(transcodes(t, job, standard.ID)) == 1
	})
	hevc := importSource(t, svc, principal, "hevc")
	if got := next(); got != "hevc" {
		t.Fatalf("transcoding %q beside the long transcode, want the upload that is not playable", got)
	}
	waitFor(t, 15*time.Second, "the early lane's video playable", func() bool { return video(hevc.ID).Playable })
	if v := video(long.ID); v.State != videohost.StateProcessing {
		t.Fatalf("the long video is %s, want still processing", v.State)
	}
	select {
	case got := <-p.processing:
		t.Fatalf("%q started while the main slot was busy", got)
	default:
	}
	for id, want := range map[string]videohost.JobLane{long.ID: videohost.LaneMain, standard.ID: videohost.LaneMain, hevc.ID: videohost.LaneEarly} {
		if js := transcodes(t, job, id); len(js) != 1 || js[0].Lane != want {
			t.Errorf("transcode jobs of %s: %+v, want one in lane %q", video(id).Title, js, want)
		}
	}

	close(p.release)
	waitFor(t, 15*time.Second, "all three ready", func() bool {
		return video(long.ID).State == videohost.StateReady && video(standard.ID).State == videohost.StateReady &&
			video(hevc.ID).State == videohost.StateReady
	})
}

// transcodes lists the transcode jobs of a video: both stores number jobs
// from 1 in a new database, and this test makes a dozen at most (a gap in
// PostgreSQL's sequence is skipped).
func transcodes(t *testing.T, job func(context.Context, int64) (*videohost.Job, error), videoID string) []*videohost.Job {
	t.Helper()
	var out []*videohost.Job
	for id := int64(1); id <= 100; id++ {
		j, err := job(context.Background(), id)
		if videohost.IsNotFound(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if j.Kind == videohost.JobTranscode && j.VideoID == videoID {
			out = append(out, j)
		}
	}
	return out
}
