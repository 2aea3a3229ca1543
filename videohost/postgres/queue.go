package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

// DefaultMaxAttempts is how often a job runs when it does not say.
const DefaultMaxAttempts = 5

const jobColumns = `id, kind, space, video_id, payload, state, attempts, max_attempts, run_at,
	lease_owner, lease_until, last_error`

func scanJob(row pgx.Row) (*videohost.Job, error) {
	var j videohost.Job
	var kind, state string
	var payload *string
	var leaseUntil *time.Time
	if err := row.Scan(&j.ID, &kind, &j.Space, &j.VideoID, &payload, &state, &j.Attempts, &j.MaxAttempts,
		&j.RunAt, &j.LeaseOwner, &leaseUntil, &j.LastError); err != nil {
		return nil, err
	}
	j.Kind = videohost.JobKind(kind)
	j.State = videohost.JobState(state)
	if payload != nil {
		j.Payload = []byte(*payload)
	}
	j.RunAt = j.RunAt.UTC()
	j.LeaseUntil = fromTS(leaseUntil)
	return &j, nil
}

// insertJob writes j as a new queued job and sets its ID, State, RunAt (now
// when zero) and MaxAttempts (DefaultMaxAttempts when not positive).
func (db *DB) insertJob(ctx context.Context, q queryer, j *videohost.Job, now time.Time) error {
	if j.Kind == "" {
		return videohost.Invalid("kind", "is required")
	}
	if j.RunAt.IsZero() {
		j.RunAt = now
	}
	j.RunAt = us(j.RunAt)
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
	err := q.QueryRow(ctx, `INSERT INTO jobs
		(kind, space, video_id, payload, state, attempts, max_attempts, run_at, last_error, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $9) RETURNING id`,
		string(j.Kind), j.Space, j.VideoID, payload, string(j.State), j.MaxAttempts, j.RunAt,
		j.LastError, now).Scan(&j.ID)
	if err != nil {
		return fmt.Errorf("inserting job: %w", err)
	}
	return nil
}

// Enqueue adds j to the queue; see insertJob for the fields it sets.
func (db *DB) Enqueue(ctx context.Context, j *videohost.Job) error {
	return db.insertJob(ctx, db.pool, j, db.now())
}

// Claim leases the runnable job that has waited longest to worker: a queued
// job whose run_at has come, or a running job whose lease expired (its worker
// died). A job with an expired lease and no attempts left goes dead instead
// of running again. Returns (nil, nil) when nothing is runnable. The row is
// taken FOR UPDATE SKIP LOCKED, so concurrent claims never wait for each
// other and never take the same job.
func (db *DB) Claim(ctx context.Context, worker string, kinds []videohost.JobKind, lease time.Duration) (*videohost.Job, error) {
	var claimed *videohost.Job
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		query := `SELECT ` + jobColumns + ` FROM jobs
			WHERE ((state = 'queued' AND run_at <= $1) OR (state = 'running' AND lease_until < $1))`
		args := []any{now}
		if len(kinds) > 0 {
			names := make([]string, len(kinds))
			for i, k := range kinds {
				names[i] = string(k)
			}
			query += ` AND kind = ANY($2)`
			args = append(args, names)
		}
		// A job is due at run_at when queued and at lease_until when its
		// lease ran out; the one due first goes first.
		query += ` ORDER BY CASE state WHEN 'queued' THEN run_at ELSE lease_until END, id LIMIT 1 FOR UPDATE SKIP LOCKED`
		for {
			j, err := scanJob(tx.QueryRow(ctx, query, args...))
			if errors.Is(err, pgx.ErrNoRows) {
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
				if _, err := tx.Exec(ctx, `UPDATE jobs SET state = 'dead', lease_until = NULL, last_error = $1,
					updated_at = $2 WHERE id = $3`, msg, now, j.ID); err != nil {
					return fmt.Errorf("burying job %d: %w", j.ID, err)
				}
				continue
			}
			j.State = videohost.JobRunning
			j.LeaseOwner = worker
			j.LeaseUntil = us(now.Add(lease))
			j.Attempts++
			if _, err := tx.Exec(ctx, `UPDATE jobs SET state = 'running', lease_owner = $1, lease_until = $2,
				attempts = $3, updated_at = $4 WHERE id = $5`,
				worker, j.LeaseUntil, j.Attempts, now, j.ID); err != nil {
				return fmt.Errorf("leasing job %d: %w", j.ID, err)
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

// leased loads job id inside tx, locked, and checks that worker holds its
// lease: ENotFound for no such job, EConflict ("lease lost") when the job is
// not running under worker (another worker reclaimed it, or it finished).
func leased(ctx context.Context, tx pgx.Tx, id int64, worker string) (*videohost.Job, error) {
	j, err := scanJob(tx.QueryRow(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return nil, notFound(err, "reading job", "job %d not found", id)
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
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := leased(ctx, tx, id, worker); err != nil {
			return err
		}
		now := db.now()
		if _, err := tx.Exec(ctx, `UPDATE jobs SET lease_until = $1, updated_at = $2 WHERE id = $3`,
			now.Add(lease), now, id); err != nil {
			return fmt.Errorf("extending lease: %w", err)
		}
		return nil
	})
}

// Complete marks job id done; worker must hold its lease.
func (db *DB) Complete(ctx context.Context, id int64, worker string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := leased(ctx, tx, id, worker); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET state = 'done', lease_until = NULL, updated_at = $1 WHERE id = $2`,
			db.now(), id); err != nil {
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
	err := db.inTx(ctx, func(tx pgx.Tx) error {
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
			j.RunAt = us(now.Add(retryAfter))
			j.LeaseOwner = ""
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET state = $1, run_at = $2, lease_owner = $3, lease_until = NULL,
			last_error = $4, updated_at = $5 WHERE id = $6`,
			string(j.State), j.RunAt, j.LeaseOwner, j.LastError, now, id); err != nil {
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
	j, err := scanJob(db.pool.QueryRow(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = $1`, id))
	if err != nil {
		return nil, notFound(err, "reading job", "job %d not found", id)
	}
	return j, nil
}
