package videohost

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Jobs is the service as the worker sees it: the trusted calls that name a
// video (or a job) by id alone and check no principal: storing a source,
// publishing what the pipeline made, recording progress and failures,
// claiming webhook deliveries. They live on their own type so that the
// authorisation boundary is a type boundary: the HTTP API holds a
// *Service, whose methods that act for a caller take a *Principal, and
// only what runs jobs holds a *Jobs (Service.Jobs). A *Jobs has every
// method of the Service too, for the reads a job does (VideoByID).
type Jobs struct {
	*Service
}

// Jobs returns the worker's view of the service.
func (s *Service) Jobs() *Jobs { return s.jobs }

// JobKind names what a job does.
type JobKind string

const (
	JobFetch JobKind = "fetch"
	// JobPrepare looks at a stored source at once (probe; a playable remux
	// of a standard source): workers run it in a lane of its own, so that
	// neither a refusal nor early playback waits behind another transcode.
	// It queues the JobTranscode.
	JobPrepare   JobKind = "prepare"
	JobTranscode JobKind = "transcode"
)

// JobLane is the lane a job runs in, besides its kind: the queue keeps
// each lane's jobs apart, so that what must not wait does not wait behind
// the rest. It is how a job is scheduled, not what it does; metrics and
// counts go by kind.
type JobLane string

const (
	// LaneMain is every job's lane unless it says otherwise.
	LaneMain JobLane = ""
	// LaneEarly holds the transcode of a video that is not playable yet
	// (its source could not be remuxed): it runs in a slot of its own
	// (JobRun.EarlyConcurrency), so that a new upload becomes playable at
	// once on a worker whose slots are busy with other videos' ladders.
	LaneEarly JobLane = "early"
)

// JobState is where a job is.
type JobState string

const (
	JobQueued  JobState = "queued"
	JobRunning JobState = "running"
	JobDone    JobState = "done"
	JobDead    JobState = "dead"
)

// Job is a unit of durable background work.
type Job struct {
	ID          int64           `json:"id"`
	Kind        JobKind         `json:"kind"`
	Lane        JobLane         `json:"lane,omitempty"`
	Space       string          `json:"space"`
	VideoID     string          `json:"video_id"`
	Payload     json.RawMessage `json:"payload,omitempty"`
	State       JobState        `json:"state"`
	Attempts    int             `json:"attempts"`
	MaxAttempts int             `json:"max_attempts"`
	RunAt       time.Time       `json:"run_at"`
	LeaseOwner  string          `json:"lease_owner,omitempty"`
	LeaseUntil  time.Time       `json:"lease_until"`
	LastError   string          `json:"last_error,omitempty"`
}

// JobRun is what a JobRunner needs to run a worker's jobs.
type JobRun struct {
	// Kinds are the kinds to run; jobs of other kinds wait for another
	// worker.
	Kinds []JobKind
	// Concurrency is how many jobs run at once in the main lane (at least 1).
	Concurrency int
	// PrepareConcurrency is how many JobPrepare jobs run at once in their
	// lane of their own, besides Concurrency (at least 1 when Kinds holds
	// JobPrepare).
	PrepareConcurrency int
	// EarlyConcurrency is how many jobs of LaneEarly run at once in their
	// lane of their own, besides Concurrency (at least 1 when Kinds holds
	// JobTranscode).
	EarlyConcurrency int
	// FetchConcurrency is how many JobFetch jobs run at once in their lane
	// of their own, besides Concurrency (at least 1 when Kinds holds
	// JobFetch): fetches wait on the network, and must neither hold back
	// transcodes nor wait behind them.
	FetchConcurrency int
	// Handle runs one job. nil completes it; an error fails the attempt, and
	// the job runs again after Backoff(attempt) until its attempts are
	// spent; an error wrapped by NoRetry ends the job at once.
	Handle func(ctx context.Context, job *Job) error
	// Backoff is the wait after failed attempt n (from 1) before the next.
	Backoff func(attempt int) time.Duration
}

// NoRetry marks a job failure that running the job again cannot fix (a
// source that is not media): a JobRunner gives the job up at once. It
// returns nil for a nil err.
func NoRetry(err error) error {
	if err == nil {
		return nil
	}
	return &noRetryError{err}
}

// IsNoRetry reports whether err was marked by NoRetry.
func IsNoRetry(err error) bool {
	var nr *noRetryError
	return errors.As(err, &nr)
}

type noRetryError struct{ err error }

func (e *noRetryError) Error() string { return e.err.Error() }

func (e *noRetryError) Unwrap() error { return e.err }

// LeaseQueue is the queue when it leases jobs to pollers (the store's
// queue), else nil.
func (s *Jobs) LeaseQueue() LeaseQueue { return s.caps.leases }

// JobRunner is the queue when it runs jobs itself (River), else nil.
func (s *Jobs) JobRunner() JobRunner { return s.caps.runner }
