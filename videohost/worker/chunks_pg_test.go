package worker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/worker"
)

// TestChunksOnRiverShareTwoWorkers: on PostgreSQL two workers (two
// services, as two processes would have) both run chunk jobs of one long
// video; a chunk that fails once runs again alone; the stitch publishes and
// nothing of the chunks is left in the blob store.
func TestChunksOnRiverShareTwoWorkers(t *testing.T) {
	ctx := context.Background()
	dsn, dir := pgtest.New(t), t.TempDir()
	source := chunkSource(t)
	var svcs []*videohost.Service
	for range 2 {
		svc, db, err := pgService(ctx, dsn, dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		svcs = append(svcs, svc)
	}
	space, _, err := svcs[0].Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: space.ID, Access: videohost.AccessReadWrite}
	v, err := svcs[0].CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "long"})
	if err != nil {
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
	if _, err := svcs[0].ImportSource(ctx, v.ID, upload); err != nil {
		t.Fatal(err)
	}

	pipelines := []*chunkPipeline{newChunkPipeline(), newChunkPipeline()}
	// One failure of chunk 1, whichever worker takes it.
	pipelines[1].mu, pipelines[1].failOnce = pipelines[0].mu, pipelines[0].failOnce
	pipelines[0].failOnce[1] = true
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 2)
	for i, svc := range svcs {
		w, err := worker.New(worker.Config{Service: svc, Pipeline: pipelines[i], WorkDir: filepath.Join(dir, "work", string(rune('a'+i))),
			ID: "w" + string(rune('a'+i)), ChunkThreshold: 10 * time.Second, ChunkLength: 8 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		go func() { done <- w.Run(runCtx) }()
	}
	stop := func() {
		cancel()
		for range 2 {
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		got, err := svcs[0].VideoByID(ctx, v.ID)
		if err == nil && (got.State == videohost.StateReady || got.State == videohost.StateErrored) {
			if got.State != videohost.StateReady {
				stop()
				t.Fatalf("video errored: %+v", got.Error)
			}
			break
		}
		if time.Now().After(deadline) {
			stop()
			t.Fatal("the video never became ready")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The stitch drops the chunks right after publishing.
	for range 100 {
		if left, _ := svcs[0].Chunks(ctx, v.ID); len(left) == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()

	a, b2 := pipelines[0].runsOf(), pipelines[1].runsOf()
	if len(a) == 0 || len(b2) == 0 {
		t.Errorf("chunk runs by worker: %v and %v; want both to have encoded chunks", a, b2)
	}
	for i := range 4 {
		want := 1
		if i == 1 {
			want = 2
		}
		if got := a[i] + b2[i]; got != want {
			t.Errorf("chunk %d ran %d times, want %d (runs %v and %v)", i, got, want, a, b2)
		}
	}
	blobs, err := svcs[0].Chunks(ctx, v.ID)
	if err != nil || len(blobs) != 0 {
		t.Errorf("chunks left in the store: %+v, %v", blobs, err)
	}
	left := 0
	filepath.WalkDir(filepath.Join(dir, "blobs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(filepath.ToSlash(path), "/chunks/") {
			left++
			t.Errorf("left behind: %s", path)
		}
		return nil
	})
}
