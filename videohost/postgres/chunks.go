package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ videohost.ChunkStore = (*DB)(nil)

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

// Chunks is PostgreSQL's SQL text for the chunk methods of sqlstore.Store.
// Jobs go in through River, in the same transaction.
func (dialect) Chunks() sqlstore.ChunkSQL {
	return sqlstore.ChunkSQL{
		Plan: `INSERT INTO chunk_plans (video_id, space, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (video_id) DO NOTHING`,
		Insert: `INSERT INTO chunks (video_id, idx, audio, spec) VALUES ($1, $2, $3, $4)`,
		Chunks: func(withIndex bool) string {
			query := `SELECT video_id, idx, audio, spec, runs, done_at IS NOT NULL FROM chunks WHERE video_id = $1`
			if withIndex {
				query += ` AND idx = $2`
			}
			return query + ` ORDER BY idx`
		},
		Start: `UPDATE chunks SET runs = runs + 1 WHERE video_id = $1 AND idx = $2`,
		// The plan row is locked first, so two chunks finishing at once
		// take turns and the second sees the first's stitch_job.
		Stitch:    `SELECT stitch_job FROM chunk_plans WHERE video_id = $1 FOR UPDATE`,
		Finish:    `UPDATE chunks SET done_at = COALESCE(done_at, $3) WHERE video_id = $1 AND idx = $2`,
		Left:      `SELECT COUNT(*) FROM chunks WHERE video_id = $1 AND done_at IS NULL`,
		SetStitch: `UPDATE chunk_plans SET stitch_job = $2 WHERE video_id = $1`,
	}
}
