package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/reelvideo/reel/videohost"
)

// DefaultMaxAttempts is how often a job runs when it does not say.
const DefaultMaxAttempts = 5

// River names: the kinds carry a prefix so that Reel's jobs stand apart in
// a database other programs use River in too; prepare jobs, fetches and
// the early lane's transcodes (videohost.LaneEarly) have queues of their
// own, so that none of them waits behind a transcode nor holds one back.
const (
	kindPrefix   = "reel."
	queueMain    = "reel_jobs"
	queuePrepare = "reel_prepare"
	queueEarly   = "reel_early"
	queueFetch   = "reel_fetch"
)

func riverKind(k videohost.JobKind) string { return kindPrefix + string(k) }

// queueOf is the River queue of a job: a lane's, or its kind's.
func queueOf(k videohost.JobKind, lane videohost.JobLane) string {
	if lane == videohost.LaneEarly {
		return queueEarly
	}
	switch k {
	case videohost.JobPrepare:
		return queuePrepare
	case videohost.JobFetch:
		return queueFetch
	}
	return queueMain
}

// jobData is a job's arguments, as River stores them. The payload is kept
// as a string: River's args are jsonb, which would rewrite its bytes.
type jobData struct {
	Space   string `json:"space"`
	VideoID string `json:"video_id"`
	Payload string `json:"payload,omitempty"`
}

// jobArgs is jobData as the River job args of one kind, named by K: River
// finds a worker by the kind of the args type's zero value, so each kind
// needs a type of its own.
type jobArgs[K kindName] jobData

func (jobArgs[K]) Kind() string {
	var k K
	return riverKind(k.kind())
}

type kindName interface{ kind() videohost.JobKind }

type (
	fetchKind     struct{}
	prepareKind   struct{}
	transcodeKind struct{}
	subtitlesKind struct{}
	audioKind     struct{}
	posterKind    struct{}
	chunkKind     struct{}
	stitchKind    struct{}
	removeKind    struct{}
	codecsKind    struct{}
)

func (fetchKind) kind() videohost.JobKind     { return videohost.JobFetch }
func (prepareKind) kind() videohost.JobKind   { return videohost.JobPrepare }
func (transcodeKind) kind() videohost.JobKind { return videohost.JobTranscode }
func (subtitlesKind) kind() videohost.JobKind { return videohost.JobSubtitles }
func (audioKind) kind() videohost.JobKind     { return videohost.JobAudioTracks }
func (posterKind) kind() videohost.JobKind    { return videohost.JobPoster }
func (chunkKind) kind() videohost.JobKind     { return videohost.JobChunk }
func (stitchKind) kind() videohost.JobKind    { return videohost.JobStitch }
func (removeKind) kind() videohost.JobKind    { return videohost.JobRemoveVersion }
func (codecsKind) kind() videohost.JobKind    { return videohost.JobCodecs }

// allKinds are the kinds this store can run; a worker that runs all of
// them may lead River's maintenance (rescue, retries, cleanup).
var allKinds = []videohost.JobKind{videohost.JobFetch, videohost.JobPrepare, videohost.JobTranscode, videohost.JobSubtitles,
	videohost.JobAudioTracks, videohost.JobPoster, videohost.JobChunk, videohost.JobStitch, videohost.JobRemoveVersion, videohost.JobCodecs}

// JobKinds are the kinds this store can run: a worker must run all of them
// to lead River's maintenance.
func JobKinds() []videohost.JobKind { return slices.Clone(allKinds) }

// kindOps is what the store does with one kind: make its args, and add a
// River worker for it.
type kindOps struct {
	args   func(jobData) river.JobArgs
	worker func(ws *river.Workers, r *jobRunner) error
}

func opsFor[K kindName]() kindOps {
	return kindOps{
		args:   func(d jobData) river.JobArgs { return jobArgs[K](d) },
		worker: func(ws *river.Workers, r *jobRunner) error { return river.AddWorkerSafely(ws, &kindWorker[K]{r: r}) },
	}
}

func opsOf(k videohost.JobKind) (kindOps, bool) {
	switch k {
	case videohost.JobFetch:
		return opsFor[fetchKind](), true
	case videohost.JobPrepare:
		return opsFor[prepareKind](), true
	case videohost.JobTranscode:
		return opsFor[transcodeKind](), true
	case videohost.JobSubtitles:
		return opsFor[subtitlesKind](), true
	case videohost.JobAudioTracks:
		return opsFor[audioKind](), true
	case videohost.JobPoster:
		return opsFor[posterKind](), true
	case videohost.JobChunk:
		return opsFor[chunkKind](), true
	case videohost.JobStitch:
		return opsFor[stitchKind](), true
	case videohost.JobRemoveVersion:
		return opsFor[removeKind](), true
	case videohost.JobCodecs:
		return opsFor[codecsKind](), true
	}
	return kindOps{}, false
}

// kindWorker is the River worker of one kind: every kind runs through the
// same jobRunner.
type kindWorker[K kindName] struct {
	river.WorkerDefaults[jobArgs[K]]
	r *jobRunner
}

func (w *kindWorker[K]) Work(ctx context.Context, job *river.Job[jobArgs[K]]) error {
	return w.r.work(ctx, job.JobRow)
}

// NextRetry is the worker's backoff, counted from River's attempt.
func (w *kindWorker[K]) NextRetry(job *river.Job[jobArgs[K]]) time.Time {
	return time.Now().Add(w.r.run.Backoff(job.Attempt))
}

// Timeout is the rescue interval. River's rescuer leaves a job with no
// timeout alone forever, so without one the job of a process that died
// would never run again. The job does not stop at it: the handler runs on
// a context that only RunJobs' end cancels, and a copy that River makes of
// a job running longer waits for the job's lock (see jobRunner.work).
func (w *kindWorker[K]) Timeout(*river.Job[jobArgs[K]]) time.Duration { return w.r.db.rescueAfter }

// priorityOf is River's priority for a job kind (1 runs first): a burst of
// fetches, and their retries, wait behind uploads' transcodes and subtitle
// jobs. River orders by priority, then time; it has no turns between
// spaces, which the SQLite queue takes (README: departures).
func priorityOf(kind videohost.JobKind) int {
	if kind == videohost.JobFetch {
		return 2
	}
	return 1
}

// insertJob inserts j with River in tx, so that it exists exactly when the
// change that asked for it does, and sets its ID, State, RunAt (as River
// stored it: the database's now unless j.RunAt is later) and MaxAttempts
// (DefaultMaxAttempts when not positive).
func (db *DB) insertJob(ctx context.Context, tx pgx.Tx, j *videohost.Job, now time.Time) error {
	ops, ok := opsOf(j.Kind)
	if j.Kind == "" {
		return videohost.Invalid("kind", "is required")
	}
	if !ok {
		return videohost.Invalid("kind", "%q is not a job kind", videohost.Excerpt(string(j.Kind)))
	}
	if j.MaxAttempts <= 0 {
		j.MaxAttempts = DefaultMaxAttempts
	}
	opts := &river.InsertOpts{MaxAttempts: j.MaxAttempts, Queue: queueOf(j.Kind, j.Lane), Priority: priorityOf(j.Kind)}
	// A job due now is left to the database's clock: River makes a job
	// with a time of its own "scheduled", to be made available later by
	// its leader, which would delay every job by a scheduler round.
	if j.RunAt.After(now) {
		opts.ScheduledAt = us(j.RunAt)
	}
	res, err := db.river.InsertTx(ctx, tx, ops.args(jobData{Space: j.Space, VideoID: j.VideoID, Payload: string(j.Payload)}), opts)
	if err != nil {
		return fmt.Errorf("inserting job: %w", err)
	}
	j.ID, j.RunAt = res.Job.ID, res.Job.ScheduledAt.UTC()
	j.State, j.Attempts, j.LeaseOwner, j.LeaseUntil = videohost.JobQueued, 0, "", time.Time{}
	return nil
}

// Enqueue adds j to the queue; see insertJob for the fields it sets.
func (db *DB) Enqueue(ctx context.Context, j *videohost.Job) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return db.insertJob(ctx, tx, j, db.now()) })
}

// Job returns one job. River's states map onto the queue's: available,
// scheduled, retryable and pending are queued; completed is done;
// cancelled and discarded are dead.
func (db *DB) Job(ctx context.Context, id int64) (*videohost.Job, error) {
	row, err := db.river.JobGet(ctx, id)
	if errors.Is(err, rivertype.ErrNotFound) {
		return nil, videohost.Errorf(videohost.ENotFound, "job %d not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading job: %w", err)
	}
	return toJob(row)
}

// toJob is a River job as a videohost.Job.
func toJob(row *rivertype.JobRow) (*videohost.Job, error) {
	var d jobData
	if err := json.Unmarshal(row.EncodedArgs, &d); err != nil {
		return nil, fmt.Errorf("decoding job %d: %w", row.ID, err)
	}
	j := &videohost.Job{
		ID: row.ID, Kind: videohost.JobKind(strings.TrimPrefix(row.Kind, kindPrefix)),
		Space: d.Space, VideoID: d.VideoID,
		Attempts: row.Attempt, MaxAttempts: row.MaxAttempts, RunAt: row.ScheduledAt.UTC(),
	}
	if row.Queue == queueEarly {
		j.Lane = videohost.LaneEarly
	}
	switch row.State {
	case rivertype.JobStateRunning:
		j.State = videohost.JobRunning
	case rivertype.JobStateCompleted:
		j.State = videohost.JobDone
	case rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
		j.State = videohost.JobDead
	default:
		j.State = videohost.JobQueued
	}
	if n := len(row.AttemptedBy); n > 0 && j.State == videohost.JobRunning {
		j.LeaseOwner = row.AttemptedBy[n-1]
	}
	if d.Payload != "" {
		j.Payload = json.RawMessage(d.Payload)
	}
	if n := len(row.Errors); n > 0 {
		// River records a cancellation as "JobCancelError: <the error>".
		j.LastError = strings.TrimPrefix(row.Errors[n-1].Error, "JobCancelError: ")
	}
	return j, nil
}

// RunJobs runs the jobs of run.Kinds on River until ctx ends; see the
// package documentation for how a job is kept to one process at a time.
// Jobs still running when ctx ends are cancelled and handed back without
// using up an attempt.
func (db *DB) RunJobs(ctx context.Context, run videohost.JobRun) error {
	if run.Handle == nil || run.Backoff == nil {
		return errors.New("running jobs: Handle and Backoff are required")
	}
	run.Concurrency = max(run.Concurrency, 1)
	runPrepare := slices.Contains(run.Kinds, videohost.JobPrepare)
	if runPrepare {
		run.PrepareConcurrency = max(run.PrepareConcurrency, 1)
	}
	if slices.Contains(run.Kinds, videohost.JobTranscode) {
		run.EarlyConcurrency = max(run.EarlyConcurrency, 1)
	}
	if slices.Contains(run.Kinds, videohost.JobFetch) {
		run.FetchConcurrency = max(run.FetchConcurrency, 1)
	}
	// Each running job holds a connection of its own (its lock) for as long
	// as it runs; a pool of their own keeps them from starving River's.
	lockCfg := db.poolConfig.Copy()
	lockCfg.MaxConns = int32(run.Concurrency + run.PrepareConcurrency + run.EarlyConcurrency + run.FetchConcurrency)
	lockCfg.MinConns = 0
	locks, err := pgxpool.NewWithConfig(ctx, lockCfg)
	if err != nil {
		return fmt.Errorf("running jobs: %w", err)
	}
	defer locks.Close()
	r := &jobRunner{db: db, run: run, locks: locks, log: db.log, runCtx: ctx}

	workers := river.NewWorkers()
	queues := map[string]river.QueueConfig{}
	for _, k := range run.Kinds {
		ops, ok := opsOf(k)
		if !ok {
			return fmt.Errorf("running jobs: %q is not a job kind", k)
		}
		if err := ops.worker(workers, r); err != nil {
			return fmt.Errorf("running jobs: %w", err)
		}
		switch k {
		case videohost.JobPrepare:
			queues[queuePrepare] = river.QueueConfig{MaxWorkers: run.PrepareConcurrency}
		case videohost.JobFetch:
			queues[queueFetch] = river.QueueConfig{MaxWorkers: run.FetchConcurrency}
		case videohost.JobTranscode:
			// Only transcodes are queued in the early lane.
			queues[queueEarly] = river.QueueConfig{MaxWorkers: run.EarlyConcurrency}
			queues[queueMain] = river.QueueConfig{MaxWorkers: run.Concurrency}
		default:
			queues[queueMain] = river.QueueConfig{MaxWorkers: run.Concurrency}
		}
	}
	if len(queues) == 0 {
		return errors.New("running jobs: no kinds to run")
	}
	// River's leader rescues, schedules and cleans up jobs of every kind; it
	// discards jobs whose kind it cannot run, so a worker that runs only
	// some kinds never leads, and fetches only its own.
	partial := slices.ContainsFunc(allKinds, func(k videohost.JobKind) bool { return !slices.Contains(run.Kinds, k) })
	client, err := river.NewClient(db.driver, &river.Config{
		Queues:               queues,
		Workers:              workers,
		Logger:               db.log,
		JobTimeout:           -1,
		RescueStuckJobsAfter: db.rescueAfter,
		// A job past its timeout keeps running (see kindWorker.Timeout):
		// that is no news worth a warning.
		JobStuckThreshold:      100 * 365 * 24 * time.Hour,
		MaxAttempts:            DefaultMaxAttempts,
		FetchOnlyKnownKinds:    partial,
		LeaderElectionDisabled: partial,
	})
	if err != nil {
		return fmt.Errorf("running jobs: %w", err)
	}
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("running jobs: %w", err)
	}
	sweepDone := make(chan struct{})
	go func() {
		defer close(sweepDone)
		r.sweep(ctx)
	}()
	<-ctx.Done()
	r.stopping.Store(true)
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = client.StopAndCancel(stopCtx)
	<-sweepDone
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("stopping jobs: %w", err)
	}
	return nil
}

// jobRunner runs the jobs River hands out under their advisory locks.
type jobRunner struct {
	db       *DB
	run      videohost.JobRun
	locks    *pgxpool.Pool
	log      *slog.Logger
	runCtx   context.Context // RunJobs' context: the handlers' parent
	stopping atomic.Bool     // runCtx ended
}

// jobLockKey is the advisory lock of a job: its kind and video, so that
// two copies of a job (one of them rescued) never run at once; a chunk's
// job adds its payload (the chunk's index), so that the chunks of one
// video run at once, on as many workers as there are.
func jobLockKey(j *videohost.Job) int64 {
	if j.VideoID == "" {
		return lockKey(fmt.Sprintf("job:%d", j.ID))
	}
	if j.Kind == videohost.JobChunk {
		return lockKey("job:" + string(j.Kind) + ":" + j.VideoID + ":" + string(j.Payload))
	}
	return lockKey("job:" + string(j.Kind) + ":" + j.VideoID)
}

// work runs one River job: under its lock, unless another run holds it
// (the job is snoozed) or an earlier run finished it for good (the job
// ends as that run did).
func (r *jobRunner) work(ctx context.Context, row *rivertype.JobRow) error {
	job, err := toJob(row)
	if err != nil {
		return river.JobCancel(err)
	}
	job.State = videohost.JobRunning
	key := jobLockKey(job)
	conn, err := r.locks.Acquire(ctx)
	if err != nil {
		if ctx.Err() != nil && r.stopping.Load() {
			return river.JobSnooze(0)
		}
		return fmt.Errorf("taking a connection for the job's lock: %w", err)
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&got); err != nil {
		conn.Hijack().Close(context.Background())
		return fmt.Errorf("taking the job's lock: %w", err)
	}
	if !got {
		conn.Release()
		return river.JobSnooze(r.db.snoozeFor())
	}
	defer r.unlock(conn, key)

	var outcome string
	err = conn.QueryRow(ctx, `SELECT outcome FROM job_finished WHERE job_id = $1`, row.ID).Scan(&outcome)
	switch {
	case err == nil && outcome == "cancelled":
		return river.JobCancel(errors.New("given up by an earlier run of this job"))
	case err == nil:
		return nil // finished by an earlier run whose end River did not record
	case !errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("reading the job's earlier runs: %w", err)
	}

	// River cancels ctx at the job's timeout; the job goes on until it is
	// done, or RunJobs ends, or its lock is lost.
	jobCtx, cancel := context.WithCancel(r.runCtx)
	defer cancel()
	watched := make(chan struct{})
	lockLost := make(chan struct{})
	go func() {
		defer close(watched)
		r.watch(jobCtx, conn, job, cancel, lockLost)
	}()
	runErr := r.run.Handle(jobCtx, job)
	cancel()
	<-watched
	select {
	case <-lockLost:
		// Another process may run it now: this attempt failed.
		if runErr == nil {
			runErr = errors.New("the job's lock was lost")
		}
		return runErr
	default:
	}
	switch {
	case runErr == nil:
		r.finish(conn, row.ID, "completed")
		return nil
	case r.runCtx.Err() != nil:
		return river.JobSnooze(0) // stopping: hand it back, no attempt used
	case videohost.IsNoRetry(runErr):
		r.finish(conn, row.ID, "cancelled")
		return river.JobCancel(runErr)
	case row.Attempt >= row.MaxAttempts:
		r.finish(conn, row.ID, "cancelled")
		return runErr // River discards it
	}
	return runErr
}

// watch pings the lock's connection while the job runs: when it is gone,
// so is the lock, and the job is stopped (as a lost lease stops a job on
// SQLite).
func (r *jobRunner) watch(ctx context.Context, conn *pgxpool.Conn, job *videohost.Job, cancel context.CancelFunc, lost chan<- struct{}) {
	t := time.NewTicker(r.db.watchEvery())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil && ctx.Err() == nil {
				r.log.WarnContext(ctx, "job's lock connection lost; stopping the job", "job", job.ID, "err", err)
				close(lost)
				cancel()
				return
			}
		}
	}
}

// finish records that job id ended for good, before its lock goes.
func (r *jobRunner) finish(conn *pgxpool.Conn, id int64, outcome string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := conn.Exec(ctx, `INSERT INTO job_finished (job_id, outcome, finished_at) VALUES ($1, $2, $3)
		ON CONFLICT (job_id) DO NOTHING`, id, outcome, time.Now()); err != nil {
		r.log.WarnContext(ctx, "recording a finished job", "job", id, "err", err)
	}
}

// unlock releases the job's lock and its connection; a connection that
// cannot say so is closed, which releases the lock too.
func (r *jobRunner) unlock(conn *pgxpool.Conn, key int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var released bool
	if err := conn.QueryRow(ctx, `SELECT pg_advisory_unlock($1)`, key).Scan(&released); err != nil || !released {
		conn.Hijack().Close(ctx)
		return
	}
	conn.Release()
}

// sweep deletes job_finished rows older than a week, at start and hourly.
func (r *jobRunner) sweep(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if _, err := r.db.pool.Exec(ctx, `DELETE FROM job_finished WHERE finished_at < $1`,
			time.Now().Add(-7*24*time.Hour)); err != nil && ctx.Err() == nil {
			r.log.WarnContext(ctx, "sweeping finished jobs", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
