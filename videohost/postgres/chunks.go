package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

var _ videohost.ChunkStore = (*DB)(nil)

// CreateChunks records a video's chunks and inserts their River jobs in one
// transaction; false when the video has chunks already.
func (db *DB) CreateChunks(ctx context.Context, space, videoID string, chunks []videohost.Chunk, jobs []videohost.Job) (bool, error) {
	created := false
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		tag, err := tx.Exec(ctx, `INSERT INTO chunk_plans (video_id, space, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (video_id) DO NOTHING`, videoID, space, now)
		if err != nil {
			return fmt.Errorf("recording chunk plan: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		for _, c := range chunks {
			var spec *string
			if len(c.Spec) > 0 {
				s := string(c.Spec)
				spec = &s
			}
			if _, err := tx.Exec(ctx, `INSERT INTO chunks (video_id, idx, audio, spec) VALUES ($1, $2, $3, $4)`,
				videoID, c.Index, c.Audio, spec); err != nil {
				return fmt.Errorf("recording chunk %d: %w", c.Index, err)
			}
		}
		for i := range jobs {
			if err := db.insertJob(ctx, tx, &jobs[i], now); err != nil {
				return err
			}
		}
		created = true
		return nil
	})
	return created, err
}

func loadChunks(ctx context.Context, q queryer, videoID string, index int) ([]videohost.Chunk, error) {
	query := `SELECT video_id, idx, audio, spec, runs, done_at IS NOT NULL FROM chunks WHERE video_id = $1`
	args := []any{videoID}
	if index >= 0 {
		query += ` AND idx = $2`
		args = append(args, index)
	}
	rows, err := q.Query(ctx, query+` ORDER BY idx`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading chunks: %w", err)
	}
	defer rows.Close()
	var out []videohost.Chunk
	for rows.Next() {
		var c videohost.Chunk
		var spec *string
		if err := rows.Scan(&c.VideoID, &c.Index, &c.Audio, &spec, &c.Runs, &c.Done); err != nil {
			return nil, fmt.Errorf("reading chunks: %w", err)
		}
		if spec != nil {
			c.Spec = []byte(*spec)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Chunks lists a video's chunks by index.
func (db *DB) Chunks(ctx context.Context, videoID string) ([]videohost.Chunk, error) {
	return loadChunks(ctx, db.pool, videoID, -1)
}

func noChunk(videoID string, index int) error {
	return videohost.Errorf(videohost.ENotFound, "video %s has no chunk %d", videoID, index)
}

// StartChunk counts a run of a chunk.
func (db *DB) StartChunk(ctx context.Context, videoID string, index int) (*videohost.Chunk, error) {
	var c *videohost.Chunk
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE chunks SET runs = runs + 1 WHERE video_id = $1 AND idx = $2`, videoID, index)
		if err != nil {
			return fmt.Errorf("starting chunk: %w", err)
		}
		if tag.RowsAffected() == 0 {
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
// plan row is locked first, so two chunks finishing at once take turns and
// the second sees the first's stitch_job.
func (db *DB) FinishChunk(ctx context.Context, videoID string, index int, stitch *videohost.Job) (bool, error) {
	queued := false
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		var stitchJob *int64
		err := tx.QueryRow(ctx, `SELECT stitch_job FROM chunk_plans WHERE video_id = $1 FOR UPDATE`, videoID).Scan(&stitchJob)
		if errors.Is(err, pgx.ErrNoRows) {
			return noChunk(videoID, index)
		}
		if err != nil {
			return fmt.Errorf("locking chunk plan: %w", err)
		}
		tag, err := tx.Exec(ctx, `UPDATE chunks SET done_at = COALESCE(done_at, $3) WHERE video_id = $1 AND idx = $2`,
			videoID, index, now)
		if err != nil {
			return fmt.Errorf("finishing chunk: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return noChunk(videoID, index)
		}
		var left int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM chunks WHERE video_id = $1 AND done_at IS NULL`, videoID).Scan(&left); err != nil {
			return fmt.Errorf("counting chunks: %w", err)
		}
		if left > 0 || stitchJob != nil {
			return nil
		}
		if err := db.insertJob(ctx, tx, stitch, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE chunk_plans SET stitch_job = $2 WHERE video_id = $1`, videoID, stitch.ID); err != nil {
			return fmt.Errorf("recording stitch job: %w", err)
		}
		queued = true
		return nil
	})
	return queued, err
}

// DeleteChunks forgets a video's chunks and cancels, through River, its
// chunk and stitch jobs that are not running; a running one finds its chunk
// gone when it ends.
func (db *DB) DeleteChunks(ctx context.Context, videoID string) (int, error) {
	var given int
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM chunk_plans WHERE video_id = $1`, videoID); err != nil {
			return fmt.Errorf("deleting chunks: %w", err)
		}
		rows, err := tx.Query(ctx, `SELECT id FROM river_job WHERE kind = ANY($1) AND args->>'video_id' = $2
			AND state IN ('available', 'scheduled', 'retryable', 'pending')`,
			[]string{riverKind(videohost.JobChunk), riverKind(videohost.JobStitch)}, videoID)
		if err != nil {
			return fmt.Errorf("finding chunk jobs: %w", err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return fmt.Errorf("finding chunk jobs: %w", err)
		}
		for _, id := range ids {
			if _, err := db.river.JobCancelTx(ctx, tx, id); err != nil {
				return fmt.Errorf("cancelling job %d: %w", id, err)
			}
		}
		given = len(ids)
		return nil
	})
	return given, err
}
