package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

func chunkStore(t *testing.T, db DB) videohost.ChunkStore {
	t.Helper()
	cs, ok := db.(videohost.ChunkStore)
	if !ok {
		t.Fatalf("%T does not record chunks", db)
	}
	return cs
}

// planChunks records n video chunks and the audio of videoID, with a job
// each, and returns the jobs.
func planChunks(t *testing.T, cs videohost.ChunkStore, videoID string, n int) []videohost.Job {
	t.Helper()
	var chunks []videohost.Chunk
	var jobs []videohost.Job
	for i := 0; i <= n; i++ {
		c := videohost.Chunk{VideoID: videoID, Index: i, Audio: i == n}
		if !c.Audio {
			c.Spec = json.RawMessage(fmt.Sprintf(`{"start_frame":%d}`, i*1500))
		}
		chunks = append(chunks, c)
		jobs = append(jobs, videohost.Job{Kind: videohost.JobChunk, Space: "aaaaa", VideoID: videoID,
			Payload: json.RawMessage(fmt.Sprintf(`{"index":%d}`, i))})
	}
	created, err := cs.CreateChunks(context.Background(), "aaaaa", videoID, chunks, jobs)
	if err != nil || !created {
		t.Fatalf("CreateChunks = %v, %v", created, err)
	}
	return jobs
}

func testChunks(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	cs := chunkStore(t, b.DB)
	jobs := planChunks(t, cs, "video0000001", 2)
	for _, j := range jobs {
		got, err := b.DB.Job(ctx, j.ID)
		if err != nil || got.Kind != videohost.JobChunk || got.State != videohost.JobQueued || got.VideoID != "video0000001" {
			t.Fatalf("chunk job %d = %+v, %v", j.ID, got, err)
		}
	}
	// A second plan of the same video changes nothing.
	again, err := cs.CreateChunks(ctx, "aaaaa", "video0000001", []videohost.Chunk{{VideoID: "video0000001"}},
		[]videohost.Job{{Kind: videohost.JobChunk, Space: "aaaaa", VideoID: "video0000001"}})
	if err != nil || again {
		t.Fatalf("second CreateChunks = %v, %v", again, err)
	}
	chunks, err := cs.Chunks(ctx, "video0000001")
	if err != nil || len(chunks) != 3 {
		t.Fatalf("Chunks = %+v, %v", chunks, err)
	}
	for i, c := range chunks {
		if c.Index != i || c.Done || c.Runs != 0 || c.Audio != (i == 2) || (i < 2) != (len(c.Spec) > 0) {
			t.Errorf("chunk %d = %+v", i, c)
		}
	}
	if string(chunks[1].Spec) != `{"start_frame":1500}` {
		t.Errorf("spec %s", chunks[1].Spec)
	}
	if none, err := cs.Chunks(ctx, "video0000002"); err != nil || len(none) != 0 {
		t.Errorf("Chunks of a video without = %+v, %v", none, err)
	}

	for range 2 {
		if _, err := cs.StartChunk(ctx, "video0000001", 1); err != nil {
			t.Fatal(err)
		}
	}
	c, err := cs.StartChunk(ctx, "video0000001", 0)
	if err != nil || c.Runs != 1 || c.Index != 0 {
		t.Fatalf("StartChunk = %+v, %v", c, err)
	}
	_, err = cs.StartChunk(ctx, "video0000001", 7)
	wantCode(t, err, videohost.ENotFound)

	stitch := func() *videohost.Job {
		return &videohost.Job{Kind: videohost.JobStitch, Space: "aaaaa", VideoID: "video0000001"}
	}
	for _, i := range []int{0, 2, 0} {
		if queued, err := cs.FinishChunk(ctx, "video0000001", i, stitch()); err != nil || queued {
			t.Fatalf("FinishChunk(%d) = %v, %v", i, queued, err)
		}
	}
	last := stitch()
	if queued, err := cs.FinishChunk(ctx, "video0000001", 1, last); err != nil || !queued {
		t.Fatalf("FinishChunk of the last = %v, %v", queued, err)
	}
	if got, err := b.DB.Job(ctx, last.ID); err != nil || got.Kind != videohost.JobStitch || got.State != videohost.JobQueued {
		t.Fatalf("stitch job = %+v, %v", got, err)
	}
	// A chunk that finishes again (its job ran twice) queues no second stitch.
	if queued, err := cs.FinishChunk(ctx, "video0000001", 1, stitch()); err != nil || queued {
		t.Fatalf("FinishChunk again = %v, %v", queued, err)
	}
	chunks, _ = cs.Chunks(ctx, "video0000001")
	if !chunks[0].Done || !chunks[1].Done || !chunks[2].Done || chunks[1].Runs != 2 {
		t.Errorf("chunks after finishing: %+v", chunks)
	}
	if _, err := cs.FinishChunk(ctx, "video0000002", 0, stitch()); !videohost.IsNotFound(err) {
		t.Errorf("FinishChunk of a video without chunks: %v", err)
	}
}

// Of the last chunks finishing at once, exactly one queues the stitch.
func testFinishChunkQueuesOneStitch(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	cs := chunkStore(t, b.DB)
	const videos, chunks = 4, 4
	for v := range videos {
		id := fmt.Sprintf("video%07d", v)
		planChunks(t, cs, id, chunks-1)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var stitches []int64
		for i := range chunks {
			wg.Go(func() {
				j := &videohost.Job{Kind: videohost.JobStitch, Space: "aaaaa", VideoID: id}
				queued, err := cs.FinishChunk(ctx, id, i, j)
				if err != nil {
					t.Errorf("FinishChunk(%s, %d): %v", id, i, err)
					return
				}
				if queued {
					mu.Lock()
					stitches = append(stitches, j.ID)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(stitches) != 1 {
			t.Errorf("%s: %d stitch jobs queued, want 1", id, len(stitches))
		}
	}
}

// DeleteChunks forgets the chunks and gives up the jobs that have not
// started.
func testDeleteChunks(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	cs := chunkStore(t, b.DB)
	jobs := planChunks(t, cs, "video0000001", 3)
	other := planChunks(t, cs, "video0000002", 1)
	n, err := cs.DeleteChunks(ctx, "video0000001")
	if err != nil || n != len(jobs) {
		t.Fatalf("DeleteChunks = %d, %v; want %d", n, err, len(jobs))
	}
	for _, j := range jobs {
		if got, err := b.DB.Job(ctx, j.ID); err != nil || got.State != videohost.JobDead {
			t.Errorf("job %d after DeleteChunks: %+v, %v", j.ID, got, err)
		}
	}
	if got, err := b.DB.Job(ctx, other[0].ID); err != nil || got.State != videohost.JobQueued {
		t.Errorf("another video's chunk job: %+v, %v", got, err)
	}
	if left, err := cs.Chunks(ctx, "video0000001"); err != nil || len(left) != 0 {
		t.Errorf("Chunks after DeleteChunks = %+v, %v", left, err)
	}
	_, err = cs.StartChunk(ctx, "video0000001", 0)
	wantCode(t, err, videohost.ENotFound)
	_, err = cs.FinishChunk(ctx, "video0000001", 0, &videohost.Job{Kind: videohost.JobStitch, Space: "aaaaa", VideoID: "video0000001"})
	wantCode(t, err, videohost.ENotFound)
	if n, err := cs.DeleteChunks(ctx, "video0000001"); err != nil || n != 0 {
		t.Errorf("second DeleteChunks = %d, %v", n, err)
	}
	// The video may be planned again afterwards (a re-encode).
	planChunks(t, cs, "video0000001", 1)
}
