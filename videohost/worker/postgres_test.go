package worker_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/postgres"
	"github.com/reelvideo/reel/videohost/worker"
)

// childEnv makes this test binary a worker process on PostgreSQL: its
// value is "DSN DIR".
const childEnv = "REEL_WORKER_TEST_CHILD"

func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		dsn, dir, _ := strings.Cut(v, " ")
		runDyingWorker(dsn, dir)
		return
	}
	pgtest.Main(m)
}

const pgRescue = time.Second

// pgService is a service on PostgreSQL and blobs in dir: what one worker
// process of a shared installation has.
func pgService(ctx context.Context, dsn, dir string) (*videohost.Service, *postgres.DB, error) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := postgres.Open(ctx, dsn, postgres.WithLogger(quiet), postgres.WithJobRescueAfter(pgRescue))
	if err != nil {
		return nil, nil, err
	}
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Secret: bytes.Repeat([]byte("s"), 32),
		BaseURL: "http://reel.test", Logger: quiet})
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return svc, db, nil
}

// runDyingWorker is the worker process of TestWorkerKilledMidTranscode:
// it says when it starts transcoding, then never finishes.
func runDyingWorker(dsn, dir string) {
	ctx := context.Background()
	svc, _, err := pgService(ctx, dsn, dir)
	if err == nil {
		var w *worker.Worker
		w, err = worker.New(worker.Config{Jobs: svc.Jobs(), Pipeline: announcingPipeline{}, WorkDir: filepath.Join(dir, "work-dying"), ID: "dying"})
		if err == nil {
			err = w.Run(ctx)
		}
	}
	fmt.Fprintln(os.Stderr, "dying worker:", err)
	os.Exit(1)
}

// announcingPipeline prints "transcoding" when a transcode starts, then
// blocks until its context ends.
type announcingPipeline struct{}

func (announcingPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	fmt.Println("transcoding")
	<-ctx.Done()
	return nil, ctx.Err()
}

func (announcingPipeline) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return nil, videohost.Errorf(videohost.EUnavailable, "no frames")
}

// subtitledPipeline runs every kind of job, subtitles, added tracks and
// posters included: a worker with it may lead River's maintenance (rescues
// among it).
type subtitledPipeline struct{ countingPipeline }

func (*subtitledPipeline) ConvertSubtitles(_ context.Context, body []byte) ([]byte, error) {
	return body, nil
}

func (*subtitledPipeline) ApplySubtitles(context.Context, string, []videohost.SubtitleFile) error {
	return nil
}

func (*subtitledPipeline) ProbeAudio(context.Context, string) error { return nil }
func (*subtitledPipeline) ProbeImage(context.Context, string) error { return nil }
func (*subtitledPipeline) AddAudioTrack(context.Context, string, videohost.AddedAudio) error {
	return nil
}
func (*subtitledPipeline) KeepAudioTracks(context.Context, string, []string) error { return nil }
func (*subtitledPipeline) PosterFromImage(context.Context, string, string) error   { return nil }
func (*subtitledPipeline) PosterAt(_ context.Context, _ string, at float64) (float64, error) {
	return at, nil
}

// TestWorkerKilledMidTranscode: two workers share a PostgreSQL database;
// the one transcoding a video is killed (its process, so its connections
// and its job's lock go at once); the other finishes the video. The
// pipelines have no Prepare, so the video is not playable and its
// transcode runs in the early lane (reel_early): River rescues it there.
func TestWorkerKilledMidTranscode(t *testing.T) {
	ctx := context.Background()
	dsn, dir := pgtest.New(t), t.TempDir()
	svc, _, err := pgService(ctx, dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	space, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: space.ID, Access: videohost.AccessReadWrite}
	v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "upload")
	os.WriteFile(src, []byte("src"), 0o644)
	if _, err := svc.ImportSource(ctx, v.ID, src); err != nil { // queues prepare, which queues the transcode
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dsn+" "+dir)
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
	if !lines.Scan() || lines.Text() != "transcoding" {
		t.Fatalf("the first worker said %q, want it to start transcoding", lines.Text())
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got, _ := svc.VideoByID(ctx, v.ID); got.State != videohost.StateProcessing {
		t.Fatalf("video %s when its worker died, want processing", got.State)
	}
	time.Sleep(pgRescue + pgRescue/2) // River sees the job as stuck from now on

	pipeline := &subtitledPipeline{}
	w, err := worker.New(worker.Config{Jobs: svc.Jobs(), Pipeline: pipeline, WorkDir: filepath.Join(dir, "work-2"), ID: "second"})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(runCtx) }()
	stop := func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if got, err := svc.VideoByID(ctx, v.ID); err == nil && got.State == videohost.StateReady {
			break
		}
		if time.Now().After(deadline) {
			stop()
			t.Fatal("the second worker never finished the video")
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if pipeline.calls != 1 {
		t.Errorf("the second worker transcoded %d times, want once", pipeline.calls)
	}
}
