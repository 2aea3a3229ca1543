package metrics

import (
	"context"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Queue returns q measured: the time from each Claim to the job's Complete
// or Fail is observed as reel_job_duration_seconds by kind and outcome.
// Everything else is q's. A decorator hides the optional capabilities of
// what it wraps, so this one forwards each a queue may have: Pinger,
// QueueStats and ReclaimJobs (a restarted worker taking back its jobs);
// Unwrap returns q for anything newer.
func (m *Metrics) Queue(q videohost.Queue) videohost.Queue {
	return &queue{Queue: q, m: m, claimed: map[int64]claim{}}
}

type queue struct {
	videohost.Queue
	m *Metrics

	mu      sync.Mutex
	claimed map[int64]claim // by job id: at most one entry per running job of this process
}

type claim struct {
	kind videohost.JobKind
	at   time.Time
}

var (
	_ videohost.Pinger     = (*queue)(nil)
	_ videohost.QueueStats = (*queue)(nil)
)

func (q *queue) Claim(ctx context.Context, worker string, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error) {
	j, err := q.Queue.Claim(ctx, worker, kinds, lease)
	if j != nil {
		q.mu.Lock()
		q.claimed[j.ID] = claim{kind: j.Kind, at: time.Now()}
		q.mu.Unlock()
	}
	return j, err
}

func (q *queue) Complete(ctx context.Context, id int64, worker string) error {
	err := q.Queue.Complete(ctx, id, worker)
	q.finish(id, "done", err == nil)
	return err
}

func (q *queue) Fail(ctx context.Context, id int64, worker string, cause error, retryAfter time.Duration) (*videohost.Job, error) {
	j, err := q.Queue.Fail(ctx, id, worker, cause, retryAfter)
	outcome := "retried"
	if j != nil && j.State == videohost.JobDead {
		outcome = "dead"
	}
	q.finish(id, outcome, err == nil)
	return j, err
}

// finish observes the run of job id when this process claimed it and the
// queue took the outcome (a lost lease observes nothing).
func (q *queue) finish(id int64, outcome string, recorded bool) {
	q.mu.Lock()
	c, ok := q.claimed[id]
	delete(q.claimed, id)
	q.mu.Unlock()
	if ok && recorded {
		q.m.jobDuration.WithLabelValues(string(c.kind), outcome).Observe(time.Since(c.at).Seconds())
	}
}

// Unwrap returns the measured queue.
func (q *queue) Unwrap() videohost.Queue { return q.Queue }

// ReclaimJobs is the wrapped queue's; 0 when it cannot reclaim.
func (q *queue) ReclaimJobs(ctx context.Context, owner string) (int, error) {
	if r, ok := q.Queue.(interface {
		ReclaimJobs(ctx context.Context, owner string) (int, error)
	}); ok {
		return r.ReclaimJobs(ctx, owner)
	}
	return 0, nil
}

// Ping is the wrapped queue's, when it has one.
func (q *queue) Ping(ctx context.Context) error {
	if p, ok := q.Queue.(videohost.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// QueueDepth is the wrapped queue's; EUnavailable when it has none.
func (q *queue) QueueDepth(ctx context.Context, now time.Time) ([]videohost.QueueDepth, error) {
	if qs, ok := q.Queue.(videohost.QueueStats); ok {
		return qs.QueueDepth(ctx, now)
	}
	return nil, videohost.Errorf(videohost.EUnavailable, "this queue does not report its depth")
}
