package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/reelvideo/reel/videohost"
)

var _ videohost.ChunkStore = (*DB)(nil)

// CreateChunks records a video's chunks and enqueues their jobs in one
// transaction; false when the video has chunks already.
func (db *DB) CreateChunks(ctx context.Context, space, videoID string, chunks []videohost.Chunk, jobs []videohost.Job) (bool, error) {
	created := false
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		now := db.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO chunk_plans (video_id, space, created_at) VALUES (?, ?, ?)
			ON CONFLICT (video_id) DO NOTHING`, videoID, space, now.UnixNano())
		if err != nil {
			return fmt.Errorf("recording chunk plan: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		for _, c := range chunks {
			var spec any
			if len(c.Spec) > 0 {
				spec = string(c.Spec)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO chunks (video_id, idx, audio, spec) VALUES (?, ?, ?, ?)`,
				videoID, c.Index, c.Audio, spec); err != nil {
				return fmt.Errorf("recording chunk %d: %w", c.Index, err)
			}
		}
		for i := range jobs {
			if err := insertJob(ctx, tx, &jobs[i], now); err != nil {
				return err
			}
		}
		created = true
		return nil
	})
	return created, err
}

type chunkQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func loadChunks(ctx context.Context, q chunkQuerier, videoID string, index int) ([]videohost.Chunk, error) {
	query := `SELECT video_id, idx, audio, spec, runs, done_at IS NOT NULL FROM chunks WHERE video_id = ?`
	args := []any{videoID}
	if index >= 0 {
		query += ` AND idx = ?`
		args = append(args, index)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY idx`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading chunks: %w", err)
	}
	defer rows.Close()
	var out []videohost.Chunk
	for rows.Next() {
		var c videohost.Chunk
		var spec sql.NullString
		if err := rows.Scan(&c.VideoID, &c.Index, &c.Audio, &spec, &c.Runs, &c.Done); err != nil {
			return nil, fmt.Errorf("reading chunks: %w", err)
		}
		if spec.Valid {
			c.Spec = []byte(spec.String)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Chunks lists a video's chunks by index.
func (db *DB) Chunks(ctx context.Context, videoID string) ([]videohost.Chunk, error) {
	return loadChunks(ctx, db.read, videoID, -1)
}

func noChunk(videoID string, index int) error {
	return videohost.Errorf(videohost.ENotFound, "video %s has no chunk %d", videoID, index)
}

// StartChunk counts a run of a chunk.
func (db *DB) StartChunk(ctx context.Context, videoID string, index int) (*videohost.Chunk, error) {
	var c *videohost.Chunk
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE chunks SET runs = runs + 1 WHERE video_id = ? AND idx = ?`, videoID, index)
		if err != nil {
			return fmt.Errorf("starting chunk: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return noChunk(videoID, index)
		}
		cs, err := loadChunks(ctx, tx, videoID, index)
		if err != nil {
			return err
		}
		if len(cs) == 0 {
			return noChunk(videoID, index)
		}
		c = &cs[0]
		return nil
	})
	return c, err
}

// FinishChunk marks a chunk done and queues stitch after the last one. The
// write transaction serializes two chunks finishing at once: the second
// sees the first's stitch_job.
func (db *DB) FinishChunk(ctx context.Context, videoID string, index int, stitch *videohost.Job) (bool, error) {
	queued := false
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		now := db.now()
		res, err := tx.ExecContext(ctx, `UPDATE chunks SET done_at = COALESCE(done_at, ?) WHERE video_id = ? AND idx = ?`,
			now.UnixNano(), videoID, index)
		if err != nil {
			return fmt.Errorf("finishing chunk: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return noChunk(videoID, index)
		}
		var left int
		var stitchJob sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM chunks WHERE video_id = ?1 AND done_at IS NULL),
			stitch_job FROM chunk_plans WHERE video_id = ?1`, videoID).Scan(&left, &stitchJob); err != nil {
			return fmt.Errorf("counting chunks: %w", err)
		}
		if left > 0 || stitchJob.Valid {
			return nil
		}
		if err := insertJob(ctx, tx, stitch, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE chunk_plans SET stitch_job = ? WHERE video_id = ?`, stitch.ID, videoID); err != nil {
			return fmt.Errorf("recording stitch job: %w", err)
		}
		queued = true
		return nil
	})
	return queued, err
}

// chunkKinds are the job kinds DeleteChunks gives up.
var chunkKinds = []string{string(videohost.JobChunk), string(videohost.JobStitch)}

// DeleteChunks forgets a video's chunks and buries its queued chunk and
// stitch jobs; a running one finds its chunk gone when it ends.
func (db *DB) DeleteChunks(ctx context.Context, videoID string) (int, error) {
	var given int
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM chunk_plans WHERE video_id = ?`, videoID); err != nil {
			return fmt.Errorf("deleting chunks: %w", err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'dead', last_error = 'given up: the chunked encode ended',
			lease_until = NULL, updated_at = ? WHERE video_id = ? AND state = 'queued' AND kind IN (`+
			strings.TrimSuffix(strings.Repeat("?, ", len(chunkKinds)), ", ")+`)`,
			db.now().UnixNano(), videoID, chunkKinds[0], chunkKinds[1])
		if err != nil {
			return fmt.Errorf("giving up chunk jobs: %w", err)
		}
		n, err := res.RowsAffected()
		given = int(n)
		return err
	})
	return given, err
}
