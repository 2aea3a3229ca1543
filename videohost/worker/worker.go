package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/codecadmin"
	"github.com/reelvideo/reel/videohost/netguard"
)

// Config configures a Worker. Zero values are the defaults.
type Config struct {
	// Jobs is required: the service's view for jobs (Service.Jobs).
	Jobs *videohost.Jobs
	// Pipeline transcodes sources. Nil leaves transcode jobs queued: videos
	// stay uploaded until a worker with a pipeline runs.
	Pipeline videohost.Pipeline
	// WorkDir is scratch space for sources and staging output (required).
	WorkDir string
	// Concurrency is the number of media jobs (transcodes, subtitles) run
	// at once (default 1).
	Concurrency int
	// FetchConcurrency is the number of input_url fetches run at once, in
	// a lane of their own (default 2): a fetch waits on the network, not on
	// the cores, and a burst of slow or failing URLs must not hold back
	// uploads' transcodes, nor wait behind them.
	FetchConcurrency int
	// Lease is how long a claimed job is held before another worker may take
	// it over; a heartbeat renews it at a third of its length, so it can be
	// short (default 20 s). It applies to a queue that leases jobs (SQLite);
	// a queue that runs them itself (PostgreSQL on River) has its own rescue
	// interval.
	Lease time.Duration
	// PollInterval is the wait between empty claims of a leasing queue
	// (default 250 ms).
	PollInterval time.Duration
	// ProgressInterval is how often a transcode stores how far it has come
	// (the video's progress): often enough for a progress bar, rarely
	// enough to cost the database nothing. Default 1 s.
	ProgressInterval time.Duration
	// FetchTimeout bounds the download of one input_url (default 1 h).
	FetchTimeout time.Duration
	// MaxSourceSize refuses larger sources with too_large (default 20 GiB).
	MaxSourceSize int64
	// Guard checks every connection of a fetch (default: refuse private
	// addresses).
	Guard *netguard.Guard
	// ID names this worker in leases (default: hostname-pid-random). A
	// stable ID that only one live process uses at a time (refserver takes
	// one per data folder and slot, under a file lock) lets a restarted
	// worker take back at once the jobs it held when it died, instead of
	// waiting for their leases to run out.
	ID string
	// Logger defaults to the service's logger.
	Logger *slog.Logger
	// Observer is told how every job run ended (metrics); nil: nobody.
	Observer JobObserver
	// ChunkThreshold: a source longer than this is encoded in chunks that
	// any worker may take (chunks.go), when the pipeline and the store can
	// (videohost.ChunkPipeline, videohost.ChunkStore). Default 2 min;
	// negative encodes every source in one job.
	ChunkThreshold time.Duration
	// ChunkLength is the length of a chunk, rounded to whole segments
	// (default 60 s: 15 segments of 4 s).
	ChunkLength time.Duration
	// ViewTriggerInterval is how often the worker looks for videos whose
	// views passed a codec policy's threshold (codecs.go; default 1 min).
	ViewTriggerInterval time.Duration
}

// Defaults of Config.
const (
	DefaultChunkThreshold = 2 * time.Minute
	DefaultChunkLength    = time.Minute
)

// JobObserver is told of finished job runs, for metrics. outcome is "done",
// "retried" (it runs again later), "dead" (given up; the video is errored)
// or "interrupted" (the worker stopped; the job is handed back). It is
// called on the worker's goroutines and must not block.
type JobObserver interface {
	JobFinished(kind videohost.JobKind, outcome string, took time.Duration)
}

func (w *Worker) observe(job *videohost.Job, outcome string, start time.Time) {
	if w.cfg.Observer != nil {
		w.cfg.Observer.JobFinished(job.Kind, outcome, time.Since(start))
	}
}

// outcome names a failed run's end for observers, from failed's answer.
func outcome(retry time.Duration) string {
	if retry < 0 {
		return "dead"
	}
	return "retried"
}

// Worker runs queued jobs until its context ends.
type Worker struct {
	cfg  Config
	svc  *videohost.Jobs
	caps videohost.PipelineCapabilities // of cfg.Pipeline
	log  *slog.Logger
	kind []videohost.JobKind
	// sources holds the downloaded sources of chunked videos (sources.go).
	sources *sourceCache
	// earlyPass is held by the one early-lane transcode whose early pass
	// runs (at normal priority) until that pass has encoded the whole
	// source; the lane's other video encodes its ladder meanwhile, 10 nice
	// levels lower (earlyLaneVideos).
	earlyPass chan struct{}
	// triggers is the state of the codec view trigger sweeps (codecs.go).
	triggers viewTriggers
	// policies resolves the videos' codec policies.
	policies *codecadmin.Policies
}

// earlyLaneVideos is how many early-lane transcodes a worker runs at once:
// one in its early pass, holding Worker.earlyPass, and one whose early
// pass is over and whose ladder encodes on. So a second upload that needs
// encoding before it plays waits for the first one's early pass (seconds),
// not for its whole ladder; a third waits for a ladder.
const earlyLaneVideos = 2

// New returns a Worker for cfg.
func New(cfg Config) (*Worker, error) {
	if cfg.Jobs == nil {
		return nil, errors.New("worker: Jobs is required")
	}
	if cfg.WorkDir == "" {
		return nil, errors.New("worker: WorkDir is required")
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 20 * time.Second
	}
	if cfg.ProgressInterval <= 0 {
		cfg.ProgressInterval = time.Second
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 250 * time.Millisecond
	}
	if cfg.FetchConcurrency <= 0 {
		cfg.FetchConcurrency = 2
	}
	if cfg.FetchTimeout <= 0 {
		cfg.FetchTimeout = time.Hour
	}
	if cfg.MaxSourceSize <= 0 {
		cfg.MaxSourceSize = 20 << 30
	}
	if cfg.Guard == nil {
		cfg.Guard = cfg.Jobs.Guard()
	}
	if cfg.ID == "" {
		host, _ := os.Hostname()
		cfg.ID = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), videohost.NewID(4))
	}
	if cfg.Logger == nil {
		cfg.Logger = cfg.Jobs.Logger()
	}
	if cfg.ChunkThreshold == 0 {
		cfg.ChunkThreshold = DefaultChunkThreshold
	}
	if cfg.ChunkLength <= 0 {
		cfg.ChunkLength = DefaultChunkLength
	}
	if cfg.ViewTriggerInterval <= 0 {
		cfg.ViewTriggerInterval = DefaultViewTriggerInterval
	}
	// Any worker removes replaced versions: it takes no pipeline.
	kinds := []videohost.JobKind{videohost.JobFetch, videohost.JobRemoveVersion}
	if cfg.Pipeline != nil {
		kinds = append(kinds, videohost.JobPrepare, videohost.JobTranscode)
	}
	if cfg.Pipeline != nil && cfg.Jobs.Chunked() {
		// Taken even by a pipeline that cannot run them (it fails them for
		// another worker to retry): on River a worker that runs every kind
		// is one that may lead its maintenance (rescue, retries).
		kinds = append(kinds, videohost.JobChunk, videohost.JobStitch)
	}
	caps := videohost.ResolvePipeline(cfg.Pipeline)
	if caps.Subtitles != nil {
		kinds = append(kinds, videohost.JobSubtitles)
	}
	if caps.Tracks != nil {
		kinds = append(kinds, videohost.JobAudioTracks, videohost.JobPoster)
	}
	if cfg.Pipeline != nil {
		// Taken even by a pipeline that cannot add codecs (it fails them
		// for another worker to retry), as the chunks are: on River only a
		// worker that runs every kind may lead its maintenance.
		kinds = append(kinds, videohost.JobCodecs)
	}
	if err := os.MkdirAll(cfg.WorkDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating work folder: %w", err)
	}
	return &Worker{cfg: cfg, svc: cfg.Jobs, caps: caps, log: cfg.Logger.With("worker", cfg.ID), kind: kinds,
		sources: newSourceCache(cfg.WorkDir), earlyPass: make(chan struct{}, 1), triggers: viewTriggers{sent: map[string]time.Time{}}, policies: codecadmin.New(cfg.Jobs)}, nil
}

// Run runs jobs until ctx ends. In-flight jobs are cancelled and handed
// back to the queue before Run returns, so a stop loses no work.
//
// A queue that runs jobs itself (videohost.JobRunner: PostgreSQL on River)
// is handed the worker's handler; a queue that leases jobs
// (videohost.LeaseQueue: SQLite) is polled by Concurrency loops that claim
// jobs and renew their leases while they run.
//
// Either way prepare jobs have a lane of their own: the probe and the
// playable remux of a new upload take well under a second and must not
// wait behind an hour of somebody else's transcode. A worker with a
// pipeline runs one prepare job besides its Concurrency; it competes for
// the cores only that briefly.
//
// So has the transcode of a video the prepare job could not make playable
// (videohost.LaneEarly: a source it cannot remux), one more besides
// Concurrency: that transcode is what makes the video playable, and its
// early pass runs at normal priority while the ladders beside it run 10
// nice levels lower, so it takes the cores from them while it runs. The
// lane holds earlyLaneVideos transcodes, only one of them in its early
// pass; the trade-offs are in the README ("Early playback, in a lane of
// its own").
func (w *Worker) Run(ctx context.Context) error {
	sweepCtx, stopSweeping := context.WithCancel(ctx)
	sweeping := make(chan struct{})
	go func() {
		defer close(sweeping)
		var wg sync.WaitGroup
		wg.Go(func() { w.sweepViewTriggers(sweepCtx) })
		w.sweepSources(sweepCtx)
		wg.Wait()
	}()
	defer func() {
		stopSweeping()
		<-sweeping
		w.sources.clear()
	}()
	if q := w.svc.JobRunner(); q != nil {
		run := videohost.JobRun{Kinds: w.kind, Concurrency: w.cfg.Concurrency, FetchConcurrency: w.cfg.FetchConcurrency,
			Handle: w.handle, Backoff: backoff}
		if w.cfg.Pipeline != nil {
			run.PrepareConcurrency, run.EarlyConcurrency = 1, earlyLaneVideos
		}
		return q.RunJobs(ctx, run)
	}
	if q := w.svc.LeaseQueue(); q != nil {
		if n, err := w.svc.ReclaimJobs(ctx, w.cfg.ID); err != nil {
			w.log.ErrorContext(ctx, "reclaiming jobs of an earlier run", "err", err)
		} else if n > 0 {
			w.log.InfoContext(ctx, "reclaimed jobs an earlier run held when it stopped", "jobs", n)
		}
		var wg sync.WaitGroup
		loop := func(kinds []videohost.JobKind) {
			wg.Go(func() { w.loop(ctx, q, q.Claim, kinds) })
		}
		// Fetches have their own lane; the media lanes take every other
		// kind (a prepare job or an early transcode too, when they are
		// idle).
		media := slices.DeleteFunc(slices.Clone(w.kind), func(k videohost.JobKind) bool { return k == videohost.JobFetch })
		if len(media) > 0 {
			for i := 0; i < w.cfg.Concurrency; i++ {
				loop(media)
			}
		}
		for i := 0; i < w.cfg.FetchConcurrency; i++ {
			loop([]videohost.JobKind{videohost.JobFetch})
		}
		if w.cfg.Pipeline != nil {
			loop([]videohost.JobKind{videohost.JobPrepare})
			early := func(ctx context.Context, worker string, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error) {
				return q.ClaimLane(ctx, worker, videohost.LaneEarly, kinds, lease)
			}
			for range earlyLaneVideos {
				wg.Go(func() { w.loop(ctx, q, early, []videohost.JobKind{videohost.JobTranscode}) })
			}
		}
		wg.Wait()
		return nil
	}
	return errors.New("worker: the queue neither leases jobs nor runs them")
}

// claimFunc claims a job for a loop: LeaseQueue.Claim, or a lane's.
type claimFunc func(ctx context.Context, worker string, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error)

func (w *Worker) loop(ctx context.Context, q videohost.LeaseQueue, claim claimFunc, kinds []videohost.JobKind) {
	for ctx.Err() == nil {
		ran, err := w.runOne(ctx, q, claim, kinds)
		if err != nil && ctx.Err() == nil {
			w.log.ErrorContext(ctx, "claiming a job", "err", err)
		}
		if !ran || err != nil {
			select {
			case <-ctx.Done():
			case <-time.After(w.cfg.PollInterval):
			}
		}
	}
}

// RunOne claims one job of any kind the worker runs and runs it; it
// reports whether a job ran. It needs a queue that leases jobs.
func (w *Worker) RunOne(ctx context.Context) (bool, error) {
	q := w.svc.LeaseQueue()
	if q == nil {
		return false, errors.New("worker: RunOne needs a queue that leases jobs; this one runs them itself (use Run)")
	}
	return w.runOne(ctx, q, q.Claim, w.kind)
}

func (w *Worker) runOne(ctx context.Context, q videohost.LeaseQueue, claim claimFunc, kinds []videohost.JobKind) (bool, error) {
	job, err := claim(ctx, w.cfg.ID, kinds, w.cfg.Lease)
	if err != nil || job == nil {
		return false, err
	}
	jobCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	// Stop the job when the worker stops, and keep its lease alive meanwhile.
	stopRenew := make(chan struct{})
	var renewWG sync.WaitGroup
	renewWG.Add(1)
	go func() {
		defer renewWG.Done()
		t := time.NewTicker(w.cfg.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-stopRenew:
				return
			case <-ctx.Done():
				cancel()
				return
			case <-t.C:
				if err := q.Extend(jobCtx, job.ID, w.cfg.ID, w.cfg.Lease); err != nil {
					w.log.WarnContext(jobCtx, "lease lost; stopping job", "job", job.ID, "err", err)
					cancel()
					return
				}
			}
		}
	}()
	log := w.jobLog(job)
	log.InfoContext(ctx, "job started")
	start := time.Now()
	runErr := w.run(jobCtx, job)
	close(stopRenew)
	renewWG.Wait()
	// Bookkeeping must finish even when the worker is stopping.
	bg := context.WithoutCancel(ctx)
	switch {
	case runErr == nil:
		log.InfoContext(ctx, "job done", "duration", time.Since(start))
		w.observe(job, "done", start)
		return true, q.Complete(bg, job.ID, w.cfg.ID)
	case ctx.Err() != nil:
		log.InfoContext(ctx, "job interrupted by shutdown; handed back")
		w.observe(job, "interrupted", start)
		_, err := q.Fail(bg, job.ID, w.cfg.ID, errors.New("worker stopped"), 0)
		return true, err
	default:
		retry := w.failed(bg, log, job, runErr)
		w.observe(job, outcome(retry), start)
		_, err := q.Fail(bg, job.ID, w.cfg.ID, runErr, retry)
		return true, err
	}
}

// handle runs one job handed out by a JobRunner: the runner completes it,
// retries it after backoff(attempt), or gives it up (NoRetry) as handle's
// error says.
func (w *Worker) handle(ctx context.Context, job *videohost.Job) error {
	log := w.jobLog(job)
	log.InfoContext(ctx, "job started")
	start := time.Now()
	runErr := w.run(ctx, job)
	switch {
	case runErr == nil:
		log.InfoContext(ctx, "job done", "duration", time.Since(start))
		w.observe(job, "done", start)
		return nil
	case ctx.Err() != nil:
		log.InfoContext(ctx, "job interrupted; handed back")
		w.observe(job, "interrupted", start)
		return runErr
	}
	retry := w.failed(context.WithoutCancel(ctx), log, job, runErr)
	w.observe(job, outcome(retry), start)
	if retry < 0 && isPermanent(runErr) {
		return videohost.NoRetry(runErr)
	}
	return runErr
}

func (w *Worker) jobLog(job *videohost.Job) *slog.Logger {
	log := w.log.With("job", job.ID, "kind", job.Kind, "video", job.VideoID, "attempt", job.Attempts)
	if job.Lane != videohost.LaneMain {
		log = log.With("lane", job.Lane)
	}
	return log
}

// failed logs a failed run of job and says when it runs again: after the
// returned wait, or never (< 0: the failure is permanent or the job's
// attempts are spent), in which case the video is marked errored first.
func (w *Worker) failed(ctx context.Context, log *slog.Logger, job *videohost.Job, runErr error) time.Duration {
	retry := backoff(job.Attempts)
	if isPermanent(runErr) || job.Attempts >= job.MaxAttempts {
		retry = -1
	}
	log.WarnContext(ctx, "job failed", "err", runErr, "retry_in", retry)
	if retry < 0 {
		w.failVideo(ctx, job, runErr)
	}
	return retry
}

func isPermanent(err error) bool {
	var perm *permanentError
	return errors.As(err, &perm)
}

// permanentError marks a failure that retrying cannot fix; code is the video
// error code.
type permanentError struct {
	code string
	err  error
}

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

func permanent(code string, err error) error { return &permanentError{code: code, err: err} }

func (w *Worker) failVideo(ctx context.Context, job *videohost.Job, cause error) {
	var perm *permanentError
	errors.As(cause, &perm)
	editCode := videohost.VideoErrTranscodeFailed
	if perm != nil {
		editCode = perm.code
	}
	switch job.Kind {
	case videohost.JobAudioTracks:
		// The video plays on as it was; the tracks it could not add say why.
		msg := errorMessage(cause)
		if err := w.svc.AudioTracksFailed(ctx, job.VideoID, editCode, msg); err != nil && !videohost.IsNotFound(err) {
			w.log.ErrorContext(ctx, "marking audio tracks errored", "video", job.VideoID, "err", err)
		}
		return
	case videohost.JobPoster:
		// The video plays on with the poster it had; poster_error says why.
		if err := w.svc.PosterFailed(ctx, job.VideoID, editCode, errorMessage(cause)); err != nil && !videohost.IsNotFound(err) {
			w.log.ErrorContext(ctx, "recording a poster failure", "video", job.VideoID, "err", err)
		}
		return
	case videohost.JobSubtitles:
		return // the video keeps the subtitles and chapters it had
	case videohost.JobCodecs:
		// The video plays on with the codecs it had; the next policy
		// change or view trigger tries again.
		w.log.ErrorContext(ctx, "adding codecs failed for good", "video", job.VideoID, "err", cause)
		return
	case videohost.JobRemoveVersion:
		return // the video plays on; the version's files are left behind (logged)
	}
	code := videohost.VideoErrTranscodeFailed
	if job.Kind == videohost.JobFetch {
		code = videohost.VideoErrFetchFailed
	}
	if perm != nil {
		code = perm.code
		if code == videohost.ENoAudio || code == videohost.ENoVideo {
			// A video's own error is one of the video error codes: a
			// source lacking what it needs is not media Reel can play.
			code = videohost.VideoErrNotMedia
		}
	}
	// The message says what went wrong; the code is stored beside it, not
	// repeated inside it.
	msg := cause.Error()
	var ve *videohost.Error
	if errors.As(cause, &ve) && ve.Code == code {
		msg = ve.Message
	}
	_, err := w.svc.Fail(ctx, job.VideoID, code, msg)
	chunked := job.Kind == videohost.JobChunk || job.Kind == videohost.JobStitch
	switch {
	case err == nil, videohost.IsNotFound(err):
	case chunked && videohost.ErrorCode(err) == videohost.EInvalidTransition:
		// Another chunk failed the video first: it fails once.
	default:
		w.log.ErrorContext(ctx, "marking video errored", "video", job.VideoID, "err", err)
	}
	if chunked {
		// The other chunks' jobs are given up, and what they stored goes.
		if err := w.svc.DropChunks(ctx, job.VideoID); err != nil {
			w.log.ErrorContext(ctx, "dropping the chunks of a failed video", "video", job.VideoID, "err", err)
		}
	}
}

// backoff is the delay before attempt n+1: 2 s, 8 s, 32 s … capped at 10 min,
// with jitter so that failed jobs do not retry in lockstep.
func backoff(attempt int) time.Duration {
	d := 2 * time.Second
	for i := 1; i < attempt && d < 10*time.Minute; i++ {
		d *= 4
	}
	d = min(d, 10*time.Minute)
	return d/2 + rand.N(d/2+1)
}

func (w *Worker) run(ctx context.Context, job *videohost.Job) error {
	err := w.runKind(ctx, job)
	if job.Kind == videohost.JobChunk || job.Kind == videohost.JobStitch {
		w.sources.sweep(ctx, w.stillChunked) // after the stitch (or a failure), the source can go
	}
	if err != nil && ctx.Err() == nil && w.overQuota(ctx, job) {
		// The service has ended the video errored (quota_exceeded) and
		// removed what it would not keep: the job is done.
		w.jobLog(job).InfoContext(ctx, "video over its space's quota", "err", err)
		return nil
	}
	return err
}

// overQuota reports whether the job's video ended errored with
// quota_exceeded: what it turned out to hold (a fetched source's size, its
// duration) took its space past a quota.
func (w *Worker) overQuota(ctx context.Context, job *videohost.Job) bool {
	if job.VideoID == "" {
		return false
	}
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	return err == nil && v.State == videohost.StateErrored && v.Error != nil && v.Error.Code == videohost.VideoErrQuotaExceeded
}

func (w *Worker) runKind(ctx context.Context, job *videohost.Job) error {
	switch job.Kind {
	case videohost.JobFetch:
		return w.fetch(ctx, job)
	case videohost.JobPrepare:
		return w.prepare(ctx, job)
	case videohost.JobTranscode:
		return w.transcode(ctx, job)
	case videohost.JobSubtitles:
		return w.subtitles(ctx, job)
	case videohost.JobAudioTracks:
		return w.audioTracks(ctx, job)
	case videohost.JobPoster:
		return w.poster(ctx, job)
	case videohost.JobCodecs:
		return w.codecs(ctx, job)
	case videohost.JobChunk:
		return w.chunk(ctx, job)
	case videohost.JobStitch:
		return w.stitch(ctx, job)
	case videohost.JobRemoveVersion:
		return w.svc.RemoveReplacedVersion(ctx, job)
	}
	return permanent(videohost.VideoErrTranscodeFailed, fmt.Errorf("unknown job kind %q", job.Kind))
}

func (w *Worker) jobDir(job *videohost.Job) string {
	return filepath.Join(w.cfg.WorkDir, fmt.Sprintf("job-%d", job.ID))
}
