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

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/worker"
)

// remoteBlobs is the test's disk store seen only through videohost.Blobs,
// as S3 is: the service downloads a source to read it. It counts the
// opens of each video's source, and can make them slow.
type remoteBlobs struct {
	videohost.Blobs
	delay time.Duration
	mu    sync.Mutex
	opens map[string]int // video ID → opens of its source
}

func (b *remoteBlobs) Open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if rest, ok := strings.CutSuffix(key, "/source"); ok {
		b.mu.Lock()
		b.opens[rest[strings.LastIndexByte(rest, '/')+1:]]++
		b.mu.Unlock()
		time.Sleep(b.delay)
	}
	return b.Blobs.Open(ctx, key)
}

func (b *remoteBlobs) sourceOpens(videoID string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.opens[videoID]
}

func newRemoteEnv(t *testing.T, delay time.Duration) (*env, *remoteBlobs) {
	t.Helper()
	remote := &remoteBlobs{delay: delay, opens: map[string]int{}}
	e := newEnvOn(t, func(disk videohost.Blobs) videohost.Blobs {
		remote.Blobs = disk
		return remote
	})
	return e, remote
}

// emptyDir fails the test unless dir holds nothing (or is gone).
func emptyDir(t *testing.T, dir string) {
	t.Helper()
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %v", dir, names)
	}
}

func TestChunkJobsReuseThePlannersDownload(t *testing.T) {
	skipUnderRace(t)
	e, remote := newRemoteEnv(t, 0)
	p := newChunkPipeline()
	v := e.uploadFile(t, chunkSource(t))
	e.drain(t, e.chunkWorker(t, p, 10*time.Second))

	if got := e.video(t, v.ID); got.State != videohost.StateReady {
		t.Fatalf("video %s, error %+v", got.State, got.Error)
	}
	if runs := p.runsOf(); len(runs) != 4 {
		t.Fatalf("chunk runs %v, want 4", runs)
	}
	// The prepare job's download, and the transcode job's, which planned
	// the chunks and handed its copy to the chunk, audio and stitch jobs
	// (six jobs that each downloaded it before).
	if n := remote.sourceOpens(v.ID); n != 2 {
		t.Errorf("the source was read from the store %d times, want 2 (prepare, transcode)", n)
	}
	emptyDir(t, filepath.Join(e.dir, "work"))
}

func TestConcurrentChunkJobsWaitForOneDownload(t *testing.T) {
	// Worker a plans the chunks; worker b, which has no copy, runs them
	// three at a time: its first jobs all want the source at once, and a
	// slow store makes sure they overlap.
	e, remote := newRemoteEnv(t, 300*time.Millisecond)
	v := e.uploadFile(t, chunkSource(t))
	a := e.chunkWorker(t, newChunkPipeline(), 10*time.Second)
	for range 10 {
		if len(e.jobsOf(t, v.ID, videohost.JobChunk)) > 0 {
			break
		}
		runOne(t, a)
	}
	if n := len(e.jobsOf(t, v.ID, videohost.JobChunk)); n != 5 {
		t.Fatalf("%d chunk jobs queued, want 4 and the audio", n)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	a.Run(stopped) //nolint:errcheck // stops at once: a worker that stops drops its copies
	emptyDir(t, filepath.Join(e.dir, "work"))
	before := remote.sourceOpens(v.ID)

	p := newChunkPipeline()
	b, err := worker.New(worker.Config{Jobs: e.svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(e.dir, "work-b"),
		ID: "b", Lease: time.Minute, PollInterval: 10 * time.Millisecond, Concurrency: 3,
		ChunkThreshold: 10 * time.Second, ChunkLength: 8 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	deadline := time.Now().Add(2 * time.Minute)
	for e.video(t, v.ID).State != videohost.StateReady && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	// Once the stitch is done, the copy goes while b runs on.
	var left []os.DirEntry
	for time.Now().Before(deadline) {
		if left, _ = os.ReadDir(filepath.Join(e.dir, "work-b")); len(left) == 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := e.video(t, v.ID); got.State != videohost.StateReady {
		t.Fatalf("video %s, error %+v", got.State, got.Error)
	}
	if runs := p.runsOf(); len(runs) != 4 {
		t.Errorf("b ran chunks %v, want all 4", runs)
	}
	if n := remote.sourceOpens(v.ID) - before; n != 1 {
		t.Errorf("worker b read the source %d times, want once for its chunk, audio and stitch jobs", n)
	}
	if len(left) > 0 {
		t.Errorf("b's work folder still holds %d entries after the stitch", len(left))
	}
}
