package worker_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/testclock"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/worker"
)

type env struct {
	svc   *videohost.Service
	db    *sqlite.DB
	clock *testclock.Step
	p     *videohost.Principal
	dir   string
	blobs videohost.Blobs
}

func newEnv(t *testing.T, allow ...string) *env {
	t.Helper()
	return newEnvOn(t, nil, allow...)
}

// newEnvOn is newEnv with the service's blobs wrapped by wrap.
func newEnvOn(t *testing.T, wrap func(videohost.Blobs) videohost.Blobs, allow ...string) *env {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	clock := testclock.NewStep(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"), sqlite.WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	disk, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	var blobs videohost.Blobs = disk
	if wrap != nil {
		blobs = wrap(disk)
	}
	var nets []netip.Prefix
	for _, a := range allow {
		nets = append(nets, netip.MustParsePrefix(a))
	}
	svc, err := videohost.New(videohost.Config{
		Store: db, Queue: db, Blobs: blobs, Clock: clock, Secret: bytes.Repeat([]byte("s"), 32),
		BaseURL: "http://reel.test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Guard: &netguard.Guard{Allow: nets},
	})
	if err != nil {
		t.Fatal(err)
	}
	space, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return &env{svc: svc, db: db, clock: clock, dir: dir, blobs: blobs,
		p: &videohost.Principal{Space: space.ID, Access: videohost.AccessReadWrite}}
}

func (e *env) worker(t *testing.T, id string, p videohost.Pipeline) *worker.Worker {
	t.Helper()
	w, err := worker.New(worker.Config{Jobs: e.svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(e.dir, "work-"+id),
		ID: id, Lease: time.Minute, MaxSourceSize: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func (e *env) video(t *testing.T, id string) *videohost.Video {
	t.Helper()
	v, err := e.svc.VideoByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func (e *env) create(t *testing.T, url string) *videohost.Video {
	t.Helper()
	v, err := e.svc.CreateVideo(context.Background(), e.p, videohost.CreateVideoInput{InputURL: url})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func runOne(t *testing.T, w *worker.Worker) {
	t.Helper()
	ran, err := w.RunOne(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !ran {
		t.Fatal("no job ran")
	}
}

func TestFetchStreamsSourceIntoBlobs(t *testing.T) {
	payload := bytes.Repeat([]byte("reel"), 50_000)
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "/video.mp4", http.StatusFound)
			return
		}
		w.Write(payload)
	}))
	defer origin.Close()
	e := newEnv(t, "127.0.0.0/8")
	v := e.create(t, origin.URL+"/redirect")
	runOne(t, e.worker(t, "w1", nil))

	got := e.video(t, v.ID)
	if got.State != videohost.StateUploaded || got.Source.Size != int64(len(payload)) {
		t.Fatalf("state %s size %v, want uploaded with %d bytes", got.State, got.Source, len(payload))
	}
	path, err := e.svc.Jobs().LocalSource(context.Background(), v.ID, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := os.ReadFile(path)
	if !bytes.Equal(stored, payload) {
		t.Fatal("stored source differs from the origin's bytes")
	}
	// Without a pipeline the transcode job waits: the video stays uploaded.
	if ran, _ := e.worker(t, "w2", nil).RunOne(context.Background()); ran {
		t.Fatal("a worker without a pipeline ran a transcode job")
	}
}

func TestFetchFailures(t *testing.T) {
	var hits int
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		switch r.URL.Path {
		case "/missing":
			http.NotFound(w, r)
		case "/big":
			w.Write(make([]byte, 2<<20))
		case "/empty":
		case "/private-redirect":
			// 127.0.0.2 is loopback too, but outside the allow-list below.
			http.Redirect(w, r, "http://127.0.0.2:1/video.mp4", http.StatusFound)
		case "/file-redirect":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case "/gopher-redirect":
			http.Redirect(w, r, "gopher://127.0.0.1:70/", http.StatusFound)
		default:
			http.Error(w, "down", http.StatusBadGateway)
		}
	}))
	defer origin.Close()
	tests := []struct {
		path     string
		code     string
		attempts int // jobs run before the video is errored
	}{
		{"/missing", videohost.VideoErrFetchFailed, 1},
		{"/big", videohost.VideoErrTooLarge, 1},
		{"/empty", videohost.VideoErrNotMedia, 1},
		{"/private-redirect", videohost.VideoErrFetchFailed, 1},
		{"/file-redirect", videohost.VideoErrFetchFailed, 1},
		{"/gopher-redirect", videohost.VideoErrFetchFailed, 1},
		{"/flaky", videohost.VideoErrFetchFailed, 3},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			e := newEnv(t, "127.0.0.1/32")
			v := e.create(t, origin.URL+tt.path)
			w := e.worker(t, "w", nil)
			for i := 0; i < tt.attempts; i++ {
				if got := e.video(t, v.ID); got.State != videohost.StateCreated {
					t.Fatalf("attempt %d: video already %s", i+1, got.State)
				}
				runOne(t, w)
				e.clock.Advance(time.Hour) // past any retry backoff
			}
			got := e.video(t, v.ID)
			if got.State != videohost.StateErrored || got.Error == nil || got.Error.Code != tt.code {
				t.Fatalf("state %s error %+v, want errored %s", got.State, got.Error, tt.code)
			}
			if _, err := e.svc.Jobs().LocalSource(context.Background(), v.ID, t.TempDir()); err == nil {
				t.Error("a failed fetch left a source blob")
			}
		})
	}
}

// blockingPipeline blocks in Process until its context ends.
type blockingPipeline struct{ started chan struct{} }

func (p *blockingPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	close(p.started)
	<-ctx.Done()
	return nil, ctx.Err()
}

func (p *blockingPipeline) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return nil, videohost.Errorf(videohost.EUnavailable, "no frames")
}

// countingPipeline records the transcodes it was asked for.
type countingPipeline struct{ calls int }

func (p *countingPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	p.calls++
	return &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: 320, Height: 240}}}, nil
}

func (p *countingPipeline) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return nil, nil
}

func uploaded(t *testing.T, e *env) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "upload")
	if err := os.WriteFile(src, []byte("src"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.ImportSource(ctx, v.ID, src); err != nil {
		t.Fatal(err)
	}
	// The prepare job queues the transcode (this pipeline has no Prepare).
	runOne(t, e.worker(t, "prepare", &countingPipeline{}))
	return v
}

// preparingPipeline has the Prepare capability: sources named in playable
// get a playable set at once, those in refused fail with not_media, and
// Process blocks until release is closed.
type preparingPipeline struct {
	playable, refused map[string]bool
	release           chan struct{}
	processing        chan string
	// earlyDone, when set, holds the early pass of the source it names
	// until closed, then says it is over (ProcessInput.OnEarlyDone).
	earlyDone map[string]chan struct{}
}

func (p *preparingPipeline) Prepare(ctx context.Context, in videohost.PrepareInput) (*videohost.ProcessOutput, error) {
	src, _ := os.ReadFile(in.Source)
	switch {
	case p.refused[string(src)]:
		return nil, &videohost.Error{Code: videohost.VideoErrNotMedia, Message: "probe: opening input: Invalid data found when processing input"}
	case p.playable[string(src)]:
		if err := os.MkdirAll(in.PlayableDir, 0o755); err != nil {
			return nil, err
		}
		os.WriteFile(filepath.Join(in.PlayableDir, "playlist.m3u8"), []byte("#EXTM3U remux"), 0o644)
		return &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240}, nil
	}
	return nil, nil
}

func (p *preparingPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	src, _ := os.ReadFile(in.Source)
	p.processing <- string(src)
	if in.OnPlayable != nil {
		// Not made playable by Prepare: publish the growing folder at once,
		// as the ladder's early pass does with its first segment.
		os.WriteFile(filepath.Join(in.OutDir, "playlist.m3u8"), []byte("#EXTM3U early"), 0o644)
		if err := in.OnPlayable(ctx, in.OutDir, &videohost.ProcessOutput{Live: true, Duration: 1, Width: 320, Height: 240}); err != nil {
			return nil, err
		}
	}
	if done := p.earlyDone[string(src)]; done != nil && in.OnEarlyDone != nil {
		select {
		case <-done:
			in.OnEarlyDone()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	select {
	case <-p.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: 320, Height: 240}}}, nil
}

func (p *preparingPipeline) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return nil, nil
}

// storedSource creates a video whose source (content) is stored, and
// returns it with its prepare job queued.
func storedSource(t *testing.T, e *env, content string) *videohost.Video {
	t.Helper()
	return importSource(t, e.svc, e.p, content)
}

// importSource is storedSource on any service.
func importSource(t *testing.T, svc *videohost.Service, p *videohost.Principal, content string) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: content})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "upload")
	if err := os.WriteFile(src, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ImportSource(ctx, v.ID, src); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPrepareLaneDoesNotWaitBehindATranscode checks that while the only
// transcode slot is busy, a new upload is still refused or made playable
// at once by the prepare lane, and that a refusal's message does not
// repeat its code.
func TestPrepareLaneDoesNotWaitBehindATranscode(t *testing.T) {
	e := newEnv(t)
	p := &preparingPipeline{
		playable: map[string]bool{"long": true, "standard": true}, refused: map[string]bool{"text": true},
		release: make(chan struct{}), processing: make(chan string, 4),
	}
	w := e.worker(t, "w", p) // Concurrency 1
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	long := storedSource(t, e, "long")
	select {
	case got := <-p.processing:
		if got != "long" {
			t.Fatalf("transcoding %q", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first transcode never started")
	}
	if v := e.video(t, long.ID); !v.Playable || v.State != videohost.StateProcessing {
		t.Fatalf("prepared video: playable=%v state=%s", v.Playable, v.State)
	}
	// The transcode slot is taken; these two are prepared anyway.
	standard := storedSource(t, e, "standard")
	text := storedSource(t, e, "text")
	waitFor(t, 10*time.Second, "prepared behind a busy transcode slot", func() bool {
		s, x := e.video(t, standard.ID), e.video(t, text.ID)
		return s.Playable && x.State == videohost.StateErrored
	})
	x := e.video(t, text.ID)
	if x.Error == nil || x.Error.Code != videohost.VideoErrNotMedia || strings.Contains(x.Error.Message, "not_media") {
		t.Fatalf("refusal %+v: want not_media with a message that does not repeat the code", x.Error)
	}
	close(p.release)
	waitFor(t, 10*time.Second, "both ready", func() bool {
		return e.video(t, long.ID).State == videohost.StateReady && e.video(t, standard.ID).State == videohost.StateReady
	})
}

func TestJobOfAKilledWorkerRunsAgain(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	v := uploaded(t, e)
	// A worker claims the job and dies: it never completes nor renews.
	job, err := e.db.Claim(ctx, "dead-worker", []videohost.JobKind{videohost.JobTranscode}, time.Minute)
	if err != nil || job == nil {
		t.Fatalf("claim: %v %v", job, err)
	}
	p := &countingPipeline{}
	w := e.worker(t, "w2", p)
	if ran, _ := w.RunOne(ctx); ran {
		t.Fatal("a job under a live lease ran twice")
	}
	e.clock.Advance(2 * time.Minute)
	runOne(t, w)
	if p.calls != 1 {
		t.Fatalf("pipeline ran %d times, want 1", p.calls)
	}
	got := e.video(t, v.ID)
	if got.State != videohost.StateReady || got.AssetVersion == "" {
		t.Fatalf("state %s version %q, want ready and published", got.State, got.AssetVersion)
	}
	j, err := e.db.Job(ctx, job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j.State != videohost.JobDone || j.Attempts != 2 {
		t.Errorf("job %s after %d attempts, want done after 2", j.State, j.Attempts)
	}
}

func TestStopHandsRunningJobBack(t *testing.T) {
	e := newEnv(t)
	v := uploaded(t, e)
	p := &blockingPipeline{started: make(chan struct{})}
	w := e.worker(t, "w1", p)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	select {
	case <-p.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the job never started")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	// The job is queued again and a new worker finishes it.
	c := &countingPipeline{}
	runOne(t, e.worker(t, "w2", c))
	if got := e.video(t, v.ID); got.State != videohost.StateReady {
		t.Fatalf("state %s after the handed-back job ran, want ready", got.State)
	}
}

// livePipeline announces its output folder as playable while it is still
// writing it, as the ladder does for sources it cannot remux.
type livePipeline struct {
	t   *testing.T
	e   *env
	vid string
}

func (p *livePipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	t := p.t
	os.WriteFile(filepath.Join(in.OutDir, "playlist.m3u8"), []byte("#EXTM3U early"), 0o644)
	if err := in.OnPlayable(ctx, in.OutDir, &videohost.ProcessOutput{Live: true, Duration: 1, Width: 320, Height: 240}); err != nil {
		return nil, err
	}
	v := p.e.video(t, p.vid)
	if !v.Playable || v.State != videohost.StateProcessing {
		t.Errorf("after OnPlayable: playable=%v state=%s", v.Playable, v.State)
	}
	// A segment written after publishing is served: the folder is live.
	os.WriteFile(filepath.Join(in.OutDir, "1.m4s"), []byte("late segment"), 0o644)
	if b, _, err := p.e.svc.OpenAsset(ctx, v, "1.m4s"); err != nil {
		t.Errorf("a segment written after the live publish is not served: %v", err)
	} else {
		b.Close()
	}
	os.WriteFile(filepath.Join(in.OutDir, "playlist.m3u8"), []byte("#EXTM3U final"), 0o644)
	return &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240}, nil
}

func (p *livePipeline) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return nil, nil
}

func TestLivePlayableFolderThenFinalVersion(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	v := uploaded(t, e)
	runOne(t, e.worker(t, "w", &livePipeline{t: t, e: e, vid: v.ID}))
	got := e.video(t, v.ID)
	if got.State != videohost.StateReady || !strings.HasPrefix(got.AssetVersion, "v") {
		t.Fatalf("state %s version %q, want ready on a final version", got.State, got.AssetVersion)
	}
	rc, _, err := e.svc.OpenAsset(ctx, got, "playlist.m3u8")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "#EXTM3U final" {
		t.Errorf("final master %q", b)
	}
	entries, _ := os.ReadDir(filepath.Join(e.dir, "blobs", "videos", v.ID))
	if len(entries) != 1 {
		t.Errorf("versions left after the final publish: %v", entries)
	}
}

// outcomes records what a worker tells its observer.
type outcomes struct {
	mu  sync.Mutex
	got []string
}

func (o *outcomes) JobFinished(kind videohost.JobKind, outcome string, took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.got = append(o.got, string(kind)+":"+outcome)
}

// The observer hears how each run ended: a failing fetch is retried, then
// given up when its attempts are spent.
func TestObserverHearsEveryRun(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer origin.Close()
	e := newEnv(t, "127.0.0.1/32")
	v := e.create(t, origin.URL+"/flaky")
	obs := &outcomes{}
	w, err := worker.New(worker.Config{Jobs: e.svc.Jobs(), WorkDir: filepath.Join(e.dir, "work"), ID: "w", Observer: obs})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		runOne(t, w)
		e.clock.Advance(time.Hour)
	}
	if got := e.video(t, v.ID); got.State != videohost.StateErrored {
		t.Fatalf("video %s after three failed fetches", got.State)
	}
	want := "fetch:retried fetch:retried fetch:dead"
	if got := strings.Join(obs.got, " "); got != want {
		t.Fatalf("observed %q, want %q", got, want)
	}
}

// A fetch runs in a lane of its own: it neither waits for a busy transcode
// slot nor takes that slot from an upload.
func TestFetchLaneDoesNotWaitBehindATranscode(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.NotFound(w, r)
	}))
	defer origin.Close()
	e := newEnv(t, "127.0.0.1/32")
	p := &preparingPipeline{
		playable: map[string]bool{"long": true}, release: make(chan struct{}), processing: make(chan string, 4),
	}
	w := e.worker(t, "w", p) // Concurrency 1
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	storedSource(t, e, "long")
	select {
	case <-p.processing:
	case <-time.After(10 * time.Second):
		t.Fatal("the transcode never started")
	}
	// The only transcode slot is taken; the fetch ends anyway.
	v := e.create(t, origin.URL+"/missing.mp4")
	waitFor(t, 10*time.Second, "a fetch behind a busy transcode slot", func() bool {
		return e.video(t, v.ID).State == videohost.StateErrored
	})
	close(p.release)
}

// progressPipeline reports a share done, then waits to be released.
type progressPipeline struct {
	preparingPipeline
	done float64
}

func (p *progressPipeline) Process(ctx context.Context, in videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	in.OnProgress(p.done)
	return p.preparingPipeline.Process(ctx, in)
}

func TestProcessingVideoShowsProgress(t *testing.T) {
	e := newEnv(t)
	p := &progressPipeline{done: 0.4273, preparingPipeline: preparingPipeline{
		release: make(chan struct{}), processing: make(chan string, 1),
	}}
	w, err := worker.New(worker.Config{Jobs: e.svc.Jobs(), Pipeline: p, WorkDir: filepath.Join(e.dir, "work"),
		ID: "w", Lease: time.Minute, ProgressInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { w.Run(ctx); close(stopped) }()
	t.Cleanup(func() { cancel(); <-stopped })

	v := storedSource(t, e, "source")
	<-p.processing
	progress := func() *float64 {
		got, err := e.svc.Video(context.Background(), e.p, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Progress
	}
	waitFor(t, 10*time.Second, "progress 42.7", func() bool { pr := progress(); return pr != nil && *pr == 42.7 })
	page, err := e.svc.Videos(context.Background(), e.p, videohost.ListVideosInput{})
	if err != nil {
		t.Fatal(err)
	}
	if pr := page.Data[0].Progress; pr == nil || *pr != 42.7 {
		t.Fatalf("listed progress %v, want 42.7", pr)
	}
	close(p.release)
	waitFor(t, 10*time.Second, "ready", func() bool { return e.video(t, v.ID).State == videohost.StateReady })
	if pr := progress(); pr != nil {
		t.Fatalf("a ready video shows progress %v", *pr)
	}
}

// TestRemoveVersionJob: any worker, with or without a pipeline, runs the job
// that removes a replaced asset version once its grace is over.
func TestRemoveVersionJob(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	svc, err := videohost.New(videohost.Config{Store: e.db, Queue: e.db, Blobs: e.blobs, Clock: e.clock,
		Secret: bytes.Repeat([]byte("s"), 32), BaseURL: "http://reel.test", ReplacedVersionGrace: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	v, err := svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "source")
	os.WriteFile(src, []byte("source"), 0o644)
	if _, err := svc.ImportSource(ctx, v.ID, src); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	set := func(segment string) string {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "h264_sd"), 0o755)
		os.WriteFile(filepath.Join(dir, "playlist.m3u8"), []byte("#EXTM3U\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "h264_sd", "0.m4s"), []byte(segment), 0o644)
		return dir
	}
	out := &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240}
	if ok, err := svc.Jobs().PublishPlayable(ctx, v.ID, set("early"), out); err != nil || !ok {
		t.Fatalf("early publish: %v %v", ok, err)
	}
	old := e.video(t, v.ID).AssetVersion
	if _, err := svc.Jobs().PublishReady(ctx, v.ID, set("ladder"), out); err != nil {
		t.Fatal(err)
	}
	// servedFrom is the version a URL naming the early set is served from.
	servedFrom := func() string {
		t.Helper()
		cur := e.video(t, v.ID)
		pass, err := access.New(svc).AuthorizeAsset(ctx, cur, access.PlaybackRequest{Version: old})
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := pass.Open(ctx, cur, "h264_sd/0.m4s", svc.OpenVersion)
		if err != nil {
			t.Fatal(err)
		}
		b.Close()
		return pass.Version
	}
	if got := servedFrom(); got != old {
		t.Fatalf("during the grace the early set's URL is served from %s, want %s", got, old)
	}

	w := e.worker(t, "w", nil)
	if ran, err := w.RunOne(ctx); err != nil || ran {
		t.Fatalf("ran %v, %v before the grace is over", ran, err)
	}
	e.clock.Advance(time.Minute)
	if ran, err := w.RunOne(ctx); err != nil || !ran {
		t.Fatalf("ran %v, %v", ran, err)
	}
	if got := servedFrom(); got == old {
		t.Fatalf("the early set is still served after its removal job ran")
	}
}

// drain runs jobs until none is left, moving the clock past retries'
// backoff.
func (e *env) drain(t *testing.T, w *worker.Worker) {
	t.Helper()
	ctx := context.Background()
	for range 100 {
		ran, err := w.RunOne(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !ran {
			e.clock.Advance(time.Hour) // a retry waits for its backoff
			if ran, err = w.RunOne(ctx); err != nil {
				t.Fatal(err)
			} else if !ran {
				return
			}
		}
	}
	t.Fatal("jobs kept coming")
}
