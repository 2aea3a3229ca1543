package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// DefaultMaxAttempts is how often a job runs when it does not say.
const DefaultMaxAttempts = 5

const jobColumns = `id, kind, lane, space, video_id, payload, state, attempts, max_attempts, run_at,
	lease_owner, lease_until, last_error`

func scanJob(row interface{ Scan(...any) error }) (*videohost.Job, error) {
	var j videohost.Job
	var kind, lane, state string
	var payload sql.NullString
	var runAt int64
	var leaseUntil sql.NullInt64
	if err := row.Scan(&j.ID, &kind, &lane, &j.Space, &j.VideoID, &payload, &state, &j.Attempts, &j.MaxAttempts,
		&runAt, &j.LeaseOwner, &leaseUntil, &j.LastError); err != nil {
		return nil, err
	}
	j.Kind = videohost.JobKind(kind)
	j.Lane = videohost.JobLane(lane)
	j.State = videohost.JobState(state)
	if payload.Valid {
		j.Payload = []byte(payload.String)
	}
	j.RunAt = fromNanos(runAt)
	j.LeaseUntil = fromNullNanos(leaseUntil)
	return &j, nil
}

// insertJob writes j as a new queued job and sets its ID, State, RunAt (now
// when zero) and MaxAttempts (DefaultMaxAttempts when not positive).
func insertJob(ctx context.Context, tx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}, j *videohost.Job, now time.Time) error {
	if j.Kind == "" {
		return videohost.Invalid("kind", "is required")
	}
	if j.RunAt.IsZero() {
		j.RunAt = now
	}
	if j.MaxAttempts <= 0 {
		j.MaxAttempts = DefaultMaxAttempts
	}
	j.State = videohost.JobQueued
	j.Attempts = 0
	j.LeaseOwner = ""
	j.LeaseUntil = time.Time{}
	var payload any
	if len(j.Payload) > 0 {
		payload = string(j.Payload)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO jobs
		(kind, lane, space, video_id, payload, state, attempts, max_attempts, run_at, last_error, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
		string(j.Kind), string(j.Lane), j.Space, j.VideoID, payload, string(j.State), j.MaxAttempts, j.RunAt.UnixNano(),
		j.LastError, now.UnixNano(), now.UnixNano())
	if err != nil {
		return fmt.Errorf("inserting job: %w", err)
	}
	if j.ID, err = res.LastInsertId(); err != nil {
		return fmt.Errorf("inserting job: %w", err)
	}
	return nil
}

// Enqueue adds j to the queue; see insertJob for the fields it sets.
func (db *DB) Enqueue(ctx context.Context, j *videohost.Job) error {
	return insertJob(ctx, db.write, j, db.now())
}

// Claim leases a runnable job to worker: a queued job whose run_at has come,
// or a running job whose lease expired (its worker died). Which one:
//
//  1. Retries of failed fetches go last: a burst of URLs that do not answer
//     must not hold back uploads' early playback and transcodes.
//  2. Then the space whose jobs were claimed least recently: spaces take
//     turns, so one space's burst cannot starve another's uploads.
//  3. Then, within the space, a job of the early lane: the transcode of a
//     video that does not play yet goes before work on videos that do.
//  4. Then the job due first (run_at when queued, lease_until when its
//     lease ran out), then the oldest.
//
// A job with an expired lease and no attempts left goes dead instead of
// running again. Returns (nil, nil) when nothing is runnable. Selecting and
// leasing happen in one write transaction, so no job is claimed twice.
//
// Claim takes a job of any lane: a worker's main slots take the early
// lane's jobs too when they are idle, as they take prepare jobs.
func (db *DB) Claim(ctx context.Context, worker string, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error) {
	return db.claim(ctx, worker, nil, kinds, lease)
}

// ClaimLane is Claim limited to the jobs of lane.
func (db *DB) ClaimLane(ctx context.Context, worker string, lane videohost.JobLane, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error) {
	return db.claim(ctx, worker, &lane, kinds, lease)
}

// claim is Claim, limited to the jobs of *lane when lane is not nil.
func (db *DB) claim(ctx context.Context, worker string, lane *videohost.JobLane, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error) {
	var claimed *videohost.Job
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		now := db.now().UnixNano()
		query := `SELECT ` + jobColumns + ` FROM jobs
			WHERE ((state = 'queued' AND run_at <= ?1) OR (state = 'running' AND lease_until < ?1))`
		args := []any{now}
		if lane != nil {
			query += ` AND lane = ?`
			args = append(args, string(*lane))
		}
		if len(kinds) > 0 {
			query += ` AND kind IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(kinds)), ", ") + `)`
			for _, k := range kinds {
				args = append(args, string(k))
			}
		}
		query += ` ORDER BY CASE WHEN kind = 'fetch' AND attempts > 0 THEN 1 ELSE 0 END,
			COALESCE((SELECT last_claim FROM queue_spaces q WHERE q.space = jobs.space), 0),
			CASE lane WHEN 'early' THEN 0 ELSE 1 END,
			CASE state WHEN 'queued' THEN run_at ELSE lease_until END, id LIMIT 1`
		for {
			j, err := scanJob(tx.QueryRowContext(ctx, query, args...))
			if errors.Is(err, sql.ErrNoRows) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("selecting job: %w", err)
			}
			if j.State == videohost.JobRunning && j.Attempts >= j.MaxAttempts {
				msg := fmt.Sprintf("lease of %s expired on the last of %d attempts", j.LeaseOwner, j.MaxAttempts)
				if j.LastError != "" {
					msg = j.LastError + "; " + msg
				}
				if _, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'dead', lease_until = NULL, last_error = ?,
					updated_at = ? WHERE id = ?`, msg, now, j.ID); err != nil {
					return fmt.Errorf("burying job %d: %w", j.ID, err)
				}
				continue
			}
			j.State = videohost.JobRunning
			j.LeaseOwner = worker
			j.LeaseUntil = fromNanos(now + lease.Nanoseconds())
			j.Attempts++
			if _, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?,
				attempts = ?, updated_at = ? WHERE id = ?`,
				worker, j.LeaseUntil.UnixNano(), j.Attempts, now, j.ID); err != nil {
				return fmt.Errorf("leasing job %d: %w", j.ID, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO queue_spaces (space, last_claim) VALUES (?, ?)
				ON CONFLICT (space) DO UPDATE SET last_claim = excluded.last_claim`, j.Space, now); err != nil {
				return fmt.Errorf("recording the space's turn: %w", err)
			}
			claimed = j
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	return claimed, nil
}

// leased loads job id inside tx and checks that worker holds its lease:
// ENotFound for no such job, EConflict ("lease lost") when the job is not
// running under worker (another worker reclaimed it, or it finished).
func leased(ctx context.Context, tx *sql.Tx, id int64, worker string) (*videohost.Job, error) {
	j, err := scanJob(tx.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "job %d not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading job: %w", err)
	}
	if j.State != videohost.JobRunning || j.LeaseOwner != worker {
		return nil, videohost.Errorf(videohost.EConflict, "lease lost: job %d is %s under %q, not running under %q",
			id, j.State, j.LeaseOwner, worker)
	}
	return j, nil
}

// Extend renews worker's lease on job id for lease from now. A lease that
// ran out but was not reclaimed yet can still be extended.
func (db *DB) Extend(ctx context.Context, id int64, worker string, lease time.Duration) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := leased(ctx, tx, id, worker); err != nil {
			return err
		}
		now := db.now()
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET lease_until = ?, updated_at = ? WHERE id = ?`,
			now.Add(lease).UnixNano(), now.UnixNano(), id); err != nil {
			return fmt.Errorf("extending lease: %w", err)
		}
		return nil
	})
}

// Complete marks job id done; worker must hold its lease.
func (db *DB) Complete(ctx context.Context, id int64, worker string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := leased(ctx, tx, id, worker); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'done', lease_until = NULL, updated_at = ? WHERE id = ?`,
			db.now().UnixNano(), id); err != nil {
			return fmt.Errorf("completing job: %w", err)
		}
		return nil
	})
}

// Fail records cause on job id, which worker must hold. The job is queued
// again to run after retryAfter, or goes dead when its attempts are spent or
// retryAfter < 0.
func (db *DB) Fail(ctx context.Context, id int64, worker string, cause error, retryAfter time.Duration) (*videohost.Job, error) {
	var failed *videohost.Job
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		j, err := leased(ctx, tx, id, worker)
		if err != nil {
			return err
		}
		now := db.now()
		j.LastError = ""
		if cause != nil {
			j.LastError = cause.Error()
		}
		j.LeaseUntil = time.Time{}
		if j.Attempts >= j.MaxAttempts || retryAfter < 0 {
			j.State = videohost.JobDead
		} else {
			j.State = videohost.JobQueued
			j.RunAt = now.Add(retryAfter)
			j.LeaseOwner = ""
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, run_at = ?, lease_owner = ?, lease_until = NULL,
			last_error = ?, updated_at = ? WHERE id = ?`,
			string(j.State), j.RunAt.UnixNano(), j.LeaseOwner, j.LastError, now.UnixNano(), id); err != nil {
			return fmt.Errorf("failing job: %w", err)
		}
		failed = j
		return nil
	})
	if err != nil {
		return nil, err
	}
	return failed, nil
}

// Job returns one job.
func (db *DB) Job(ctx context.Context, id int64) (*videohost.Job, error) {
	j, err := scanJob(db.read.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "job %d not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading job: %w", err)
	}
	return j, nil
}
