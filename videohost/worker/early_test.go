package worker_test

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
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
	onBothQueues(t, func(t *testing.T, q laneQueue) {
		testEarlyLane(t, q.svc, q.p, q.job, func(p videohost.Pipeline) *worker.Worker { return q.newWorker(p, nil) })
	})
}

// laneQueue is one queue's service for the early lane's tests: a principal
// that may write, its jobs by id, and workers over it with one main slot.
type laneQueue struct {
	svc       *videohost.Service
	p         *videohost.Principal
	job       func(context.Context, int64) (*videohost.Job, error)
	newWorker func(videohost.Pipeline, *slog.Logger) *worker.Worker
}

// onBothQueues runs test on SQLite's leases and on PostgreSQL's River.
func onBothQueues(t *testing.T, test func(*testing.T, laneQueue)) {
	t.Run("sqlite", func(t *testing.T) {
		e := newEnv(t)
		test(t, laneQueue{svc: e.svc, p: e.p, job: e.db.Job, newWorker: func(p videohost.Pipeline, log *slog.Logger) *worker.Worker {
			w, err := worker.New(worker.Config{Jobs: e.svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(e.dir, "work-w"),
				ID: "w", Lease: time.Minute, MaxSourceSize: 1 << 20, Logger: log})
			if err != nil {
				t.Fatal(err)
			}
			return w
		}})
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
		test(t, laneQueue{svc: svc, p: p, job: db.Job, newWorker: func(p videohost.Pipeline, log *slog.Logger) *worker.Worker {
			w, err := worker.New(worker.Config{Jobs: svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(dir, "work"), ID: "w", Logger: log})
			if err != nil {
				t.Fatal(err)
			}
			return w
		}})
	})
}

func testEarlyLane(t *testing.T, svc *videohost.Service, principal *videohost.Principal,
	job func(context.Context, int64) (*videohost.Job, error), newWorker func(videohost.Pipeline) *worker.Worker) {
	p := &preparingPipeline{
		playable: map[string]bool{"long": true, "standard": true},
		release:  make(chan struct{}), processing: make(chan string, 4),
	}
	video := runWorker(t, svc, newWorker(p)) // Concurrency 1
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

// TestSecondEarlyUploadWaitsOnlyForTheEarlyPass: two uploads that need
// encoding before they play, one right behind the other. The second one's
// transcode waits while the first one's early pass runs (one early pass
// takes the cores at a time), and starts as soon as that pass is over,
// while the first one's ladder still encodes: it plays before the first
// is ready. On both queues.
func TestSecondEarlyUploadWaitsOnlyForTheEarlyPass(t *testing.T) {
	onBothQueues(t, func(t *testing.T, q laneQueue) { testSecondEarlyUpload(t, q.svc, q.p, q.newWorker) })
}

// lockedBuffer is a log sink a test reads while the worker writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func testSecondEarlyUpload(t *testing.T, svc *videohost.Service, principal *videohost.Principal,
	newWorker func(videohost.Pipeline, *slog.Logger) *worker.Worker) {
	firstEarlyPass := make(chan struct{})
	p := &preparingPipeline{
		release: make(chan struct{}), processing: make(chan string, 4),
		earlyDone: map[string]chan struct{}{"first": firstEarlyPass},
	}
	logs := &lockedBuffer{}
	video := runWorker(t, svc, newWorker(p, slog.New(slog.NewTextHandler(logs, nil))))

	first := importSource(t, svc, principal, "first")
	select {
	case got := <-p.processing:
		if got != "first" {
			t.Fatalf("transcoding %q, want first", got)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the first upload's transcode did not start")
	}
	waitFor(t, 15*time.Second, "the first upload playable", func() bool { return video(first.ID).Playable })

	second := importSource(t, svc, principal, "second")
	waitFor(t, 15*time.Second, "the second upload's transcode waiting for the early pass", func() bool {
		return strings.Contains(logs.String(), "waiting for the early pass of another video") &&
			strings.Contains(logs.String(), "video="+second.ID)
	})
	select {
	case got := <-p.processing:
		t.Fatalf("%q started while the first upload's early pass ran", got)
	default:
	}

	close(firstEarlyPass) // the first one's ladder encodes on (p.release is open)
	waitFor(t, 15*time.Second, "the second upload playable", func() bool { return video(second.ID).Playable })
	if v := video(first.ID); v.State != videohost.StateProcessing {
		t.Fatalf("the first video is %s, want its ladder still encoding", v.State)
	}
	close(p.release)
	waitFor(t, 15*time.Second, "both ready", func() bool {
		return video(first.ID).State == videohost.StateReady && video(second.ID).State == videohost.StateReady
	})
}

// runWorker runs w until the test ends and returns a getter of the
// service's videos.
func runWorker(t *testing.T, svc *videohost.Service, w *worker.Worker) func(id string) *videohost.Video {
	t.Helper()
	runCtx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(runCtx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return func(id string) *videohost.Video {
		t.Helper()
		v, err := svc.VideoByID(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}
