package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ videohost.ChunkStore = (*DB)(nil)

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

// Chunks is SQLite's SQL text for the chunk methods of sqlstore.Store. The
// write transaction serialises two chunks finishing at once: the second sees
// the first's stitch_job.
func (dialect) Chunks() sqlstore.ChunkSQL {
	return sqlstore.ChunkSQL{
		Plan: `INSERT INTO chunk_plans (video_id, space, created_at) VALUES (?, ?, ?)
			ON CONFLICT (video_id) DO NOTHING`,
		Insert: `INSERT INTO chunks (video_id, idx, audio, spec) VALUES (?, ?, ?, ?)`,
		Chunks: func(withIndex bool) string {
			query := `SELECT video_id, idx, audio, spec, runs, done_at IS NOT NULL FROM chunks WHERE video_id = ?`
			if withIndex {
				query += ` AND idx = ?`
			}
			return query + ` ORDER BY idx`
		},
		Start:     `UPDATE chunks SET runs = runs + 1 WHERE video_id = ? AND idx = ?`,
		Stitch:    `SELECT stitch_job FROM chunk_plans WHERE video_id = ?`,
		Finish:    `UPDATE chunks SET done_at = COALESCE(done_at, ?3) WHERE video_id = ?1 AND idx = ?2`,
		Left:      `SELECT COUNT(*) FROM chunks WHERE video_id = ? AND done_at IS NULL`,
		SetStitch: `UPDATE chunk_plans SET stitch_job = ?2 WHERE video_id = ?1`,
	}
}
