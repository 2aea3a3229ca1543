// The tests of chunked encodes run the real FFmpeg pipeline (cgo).

//go:build cgo

package worker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/postgres"
	"github.com/reelvideo/reel/videohost/worker"
)

// riverChunks is a long video on PostgreSQL and two workers (two services,
// as two processes would have) running its jobs on River.
type riverChunks struct {
	dsn, dir string
	svcs     []*videohost.Service
	dbs      []*postgres.DB
	v        *videohost.Video
	stop     func() // stops the workers
}

// startRiverChunks creates the long video and starts a worker on each
// pipeline, with chunks of 8 s from 10 s on.
func startRiverChunks(t *testing.T, pipelines []*chunkPipeline) *riverChunks {
	t.Helper()
	ctx := context.Background()
	r := &riverChunks{dsn: pgtest.New(t), dir: t.TempDir()}
	source := chunkSource(t)
	for range 2 {
		svc, db, err := pgService(ctx, r.dsn, r.dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		r.svcs, r.dbs = append(r.svcs, svc), append(r.dbs, db)
	}
	space, _, err := r.svcs[0].Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: space.ID, Access: videohost.AccessReadWrite}
	if r.v, err = r.svcs[0].CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "long"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(source)
	if err != nil {
		t.Fatal(err)
	}
	upload := filepath.Join(t.TempDir(), "upload")
	if err := os.WriteFile(upload, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := r.svcs[0].ImportSource(ctx, r.v.ID, upload); err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 2)
	for i, svc := range r.svcs {
		w, err := worker.New(worker.Config{Jobs: svc.Jobs(), Pipeline: pipelines[i], WorkDir: filepath.Join(r.dir, "work", string(rune('a'+i))),
			ID: "w" + string(rune('a'+i)), ChunkThreshold: 10 * time.Second, ChunkLength: 8 * time.Second})
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		go func() { done <- w.Run(runCtx) }()
	}
	stopped := false
	r.stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		for range 2 {
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}
	}
	t.Cleanup(r.stop)
	return r
}

// waitEnded waits for the video to be ready or errored.
func (r *riverChunks) waitEnded(t *testing.T) *videohost.Video {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		got, err := r.svcs[0].VideoByID(context.Background(), r.v.ID)
		if err == nil && (got.State == videohost.StateReady || got.State == videohost.StateErrored) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatal("the video never became ready or errored")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// blobKeys lists the keys of the blob store.
func (r *riverChunks) blobKeys(t *testing.T) []string {
	t.Helper()
	var keys []string
	filepath.WalkDir(filepath.Join(r.dir, "blobs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(filepath.Join(r.dir, "blobs"), path)
			keys = append(keys, filepath.ToSlash(rel))
		}
		return nil
	})
	return keys
}

// TestChunksOnRiverShareTwoWorkers: on PostgreSQL two workers (two
// services, as two processes would have) both run chunk jobs of one long
// video; a chunk that fails once runs again alone; the stitch publishes and
// nothing of the chunks is left in the blob store.
func TestChunksOnRiverShareTwoWorkers(t *testing.T) {
	ctx := context.Background()
	pipelines := []*chunkPipeline{newChunkPipeline(), newChunkPipeline()}
	// One failure of chunk 1, whichever worker takes it.
	pipelines[1].mu, pipelines[1].failOnce = pipelines[0].mu, pipelines[0].failOnce
	pipelines[0].failOnce[1] = true
	// Each worker's chunks wait (20 s at most) until the other worker has
	// started one: on a loaded machine one worker could otherwise drain
	// every chunk before the other polls, and the test would prove nothing.
	started := [2]chan struct{}{make(chan struct{}), make(chan struct{})}
	for i, p := range pipelines {
		var once sync.Once
		p.onEncode = func(int) {
			once.Do(func() { close(started[i]) })
			select {
			case <-started[1-i]:
			case <-time.After(20 * time.Second):
			}
		}
	}
	r := startRiverChunks(t, pipelines)
	if got := r.waitEnded(t); got.State != videohost.StateReady {
		t.Fatalf("video errored: %+v", got.Error)
	}
	// The stitch drops the chunks right after publishing.
	for range 100 {
		if left, _ := r.svcs[0].Jobs().Chunks(ctx, r.v.ID); len(left) == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.stop()

	a, b := pipelines[0].runsOf(), pipelines[1].runsOf()
	if len(a) == 0 || len(b) == 0 {
		t.Errorf("chunk runs by worker: %v and %v; want both to have encoded chunks", a, b)
	}
	for i := range 4 {
		want := 1
		if i == 1 {
			want = 2
		}
		if got := a[i] + b[i]; got != want {
			t.Errorf("chunk %d ran %d times, want %d (runs %v and %v)", i, got, want, a, b)
		}
	}
	if left, err := r.svcs[0].Jobs().Chunks(ctx, r.v.ID); err != nil || len(left) != 0 {
		t.Errorf("chunks left in the store: %+v, %v", left, err)
	}
	got, err := r.svcs[0].VideoByID(ctx, r.v.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range r.blobKeys(t) {
		source := strings.Contains(k, "/"+r.v.ID+"/source")
		published := strings.Contains(k, "/"+r.v.ID+"/"+got.AssetVersion+"/")
		if !source && !published {
			t.Errorf("left behind: %s", k)
		}
	}
}

// TestChunkFailingForGoodOnRiver: the first two chunks, one on each
// worker, fail for good at once; the video fails once, with their code;
// every other job of the chunked encode is given up (River cancels those
// waiting, the one encoding stops), and the blob store keeps only what the
// errored video points at.
func TestChunkFailingForGoodOnRiver(t *testing.T) {
	ctx := context.Background()
	pipelines := []*chunkPipeline{newChunkPipeline(), newChunkPipeline()}
	pipelines[1].mu, pipelines[1].failCode = pipelines[0].mu, pipelines[0].failCode
	pipelines[0].failCode[0] = videohost.VideoErrUnsupportedCodec
	pipelines[0].failCode[1] = videohost.VideoErrUnsupportedCodec
	// The two failing chunks wait for each other, so that both fail the
	// video at once.
	var mu sync.Mutex
	arrived, both := 0, make(chan struct{})
	for _, p := range pipelines {
		p.onEncode = func(index int) {
			if index > 1 {
				return
			}
			mu.Lock()
			if arrived++; arrived == 2 {
				close(both)
			}
			mu.Unlock()
			select {
			case <-both:
			case <-time.After(20 * time.Second):
			}
		}
	}
	r := startRiverChunks(t, pipelines)
	got := r.waitEnded(t)
	if got.State != videohost.StateErrored || got.Error == nil || got.Error.Code != videohost.VideoErrUnsupportedCodec {
		t.Fatalf("video %s, error %+v; want errored with unsupported_codec", got.State, got.Error)
	}
	conn := pgtest.Conn(t, r.dsn)
	var open int
	for range 200 {
		if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE args->>'video_id' = $1
			AND state NOT IN ('completed', 'cancelled', 'discarded')`, r.v.ID).Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.stop()
	if open != 0 {
		t.Errorf("%d jobs of the failed video still pending or running", open)
	}
	var cancelled int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE args->>'video_id' = $1 AND kind = 'reel.chunk'
		AND state = 'cancelled'`, r.v.ID).Scan(&cancelled); err != nil || cancelled < 3 {
		t.Errorf("%d chunk jobs cancelled (%v), want the three that waited at least", cancelled, err)
	}
	var stitches int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE args->>'video_id' = $1 AND kind = 'reel.stitch'`,
		r.v.ID).Scan(&stitches); err != nil || stitches != 0 {
		t.Errorf("%d stitch jobs (%v), want none", stitches, err)
	}
	events, err := r.dbs[0].Events(ctx, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	errored := 0
	for _, ev := range events {
		if ev.Type == videohost.EventVideoErrored && ev.VideoID == r.v.ID {
			errored++
		}
	}
	if errored != 1 {
		t.Errorf("%d video.errored events, want 1", errored)
	}
	if runs := merge(pipelines[0].runsOf(), pipelines[1].runsOf()); runs[0] != 1 || runs[1] != 1 {
		t.Errorf("chunk runs %v, want chunks 0 and 1 once each", runs)
	}
	// What is left is what the video row points at: its source, and the
	// early playable remux it keeps.
	if left, _ := r.svcs[0].Jobs().Chunks(ctx, r.v.ID); len(left) != 0 {
		t.Errorf("chunks left in the store: %+v", left)
	}
	for _, k := range r.blobKeys(t) {
		// Blob keys are the service's to spell (videohost/layout_test.go):
		// the source is ".../{id}/source", a version ".../{id}/{version}/...".
		source := strings.Contains(k, "/"+r.v.ID+"/source")
		published := got.AssetVersion != "" && strings.Contains(k, "/"+r.v.ID+"/"+got.AssetVersion+"/")
		if !source && !published {
			t.Errorf("left behind: %s (the video points at %q)", k, got.AssetVersion)
		}
	}
	for _, w := range []string{"a", "b"} {
		if entries, _ := os.ReadDir(filepath.Join(r.dir, "work", w)); len(entries) != 0 {
			t.Errorf("scratch left by worker %s: %v", w, entries)
		}
	}
}

func merge(a, b map[int]int) map[int]int {
	out := map[int]int{}
	for k, v := range a {
		out[k] += v
	}
	for k, v := range b {
		out[k] += v
	}
	return out
}
