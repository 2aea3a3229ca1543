package sqlstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/reelvideo/reel/videohost"
)

// ChunkSQL is a store's SQL text for the chunk methods of Store.
type ChunkSQL struct {
	// Plan inserts a video's chunk plan (video_id, space, created_at),
	// nothing when it has one.
	Plan string
	// Insert inserts a chunk: video_id, idx, audio, spec (NULL or text).
	Insert string
	// Chunks selects (video_id, idx, audio, spec, runs, done) of a
	// video's chunks by index, only the one of an index withIndex.
	Chunks func(withIndex bool) string
	// Start counts a run of a chunk given video_id and idx.
	Start string
	// Stitch selects the plan's stitch_job given video_id, locking the
	// plan where the store must so that chunks finishing at once take
	// turns.
	Stitch string
	// Finish marks a chunk done (once) given video_id, idx and now; Left
	// counts a video's chunks not done; SetStitch records the plan's
	// stitch_job given video_id and the job's id.
	Finish, Left, SetStitch string
}

func noChunk(videoID string, index int) error {
	return videohost.Errorf(videohost.ENotFound, "video %s has no chunk %d", videoID, index)
}

// CreateChunks records a video's chunks and queues their jobs in one
// transaction; false when the video has chunks already.
func (s *Store) CreateChunks(ctx context.Context, space, videoID string, chunks []videohost.Chunk, jobs []videohost.Job) (bool, error) {
	created := false
	err := s.b.InTx(ctx, func(tx Tx) error {
		now := s.b.Now()
		n, err := tx.Exec(ctx, s.b.Q.Chunks.Plan, videoID, space, now)
		if err != nil {
			return fmt.Errorf("recording chunk plan: %w", err)
		}
		if n == 0 {
			return nil
		}
		for _, c := range chunks {
			var spec any
			if len(c.Spec) > 0 {
				spec = string(c.Spec)
			}
			if _, err := tx.Exec(ctx, s.b.Q.Chunks.Insert, videoID, c.Index, c.Audio, spec); err != nil {
				return fmt.Errorf("recording chunk %d: %w", c.Index, err)
			}
		}
		for i := range jobs {
			if err := tx.InsertJob(ctx, &jobs[i], now); err != nil {
				return err
			}
		}
		created = true
		return nil
	})
	return created, err
}

// loadChunks reads a video's chunks, only the one of index when it is
// not negative.
func (s *Store) loadChunks(ctx context.Context, c Conn, videoID string, index int) ([]videohost.Chunk, error) {
	args := []any{videoID}
	if index >= 0 {
		args = append(args, index)
	}
	return Collect(ctx, c, "reading chunks", func(row Row) (videohost.Chunk, error) {
		var c videohost.Chunk
		var spec *string
		if err := row.Scan(&c.VideoID, &c.Index, &c.Audio, &spec, &c.Runs, &c.Done); err != nil {
			return c, err
		}
		if spec != nil {
			c.Spec = []byte(*spec)
		}
		return c, nil
	}, s.b.Q.Chunks.Chunks(index >= 0), args...)
}

// Chunks lists a video's chunks by index.
func (s *Store) Chunks(ctx context.Context, videoID string) ([]videohost.Chunk, error) {
	return s.loadChunks(ctx, s.b.Read, videoID, -1)
}

// StartChunk counts a run of a chunk.
func (s *Store) StartChunk(ctx context.Context, videoID string, index int) (*videohost.Chunk, error) {
	var c *videohost.Chunk
	err := s.b.InTx(ctx, func(tx Tx) error {
		n, err := tx.Exec(ctx, s.b.Q.Chunks.Start, videoID, index)
		if err := MustAffect(n, err, "starting chunk", noChunk(videoID, index)); err != nil {
			return err
		}
		cs, err := s.loadChunks(ctx, tx, videoID, index)
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

// FinishChunk marks a chunk done and queues stitch after the last one.
// The plan is read first, where the store locks it, so that the second of
// two chunks finishing at once sees the first's stitch_job.
func (s *Store) FinishChunk(ctx context.Context, videoID string, index int, stitch *videohost.Job) (bool, error) {
	queued := false
	err := s.b.InTx(ctx, func(tx Tx) error {
		now := s.b.Now()
		var stitchJob *int64
		err := tx.QueryRow(ctx, s.b.Q.Chunks.Stitch, videoID).Scan(&stitchJob)
		if errors.Is(err, ErrNoRows) {
			return noChunk(videoID, index)
		}
		if err != nil {
			return fmt.Errorf("locking chunk plan: %w", err)
		}
		n, err := tx.Exec(ctx, s.b.Q.Chunks.Finish, videoID, index, now)
		if err := MustAffect(n, err, "finishing chunk", noChunk(videoID, index)); err != nil {
			return err
		}
		var left int
		if err := tx.QueryRow(ctx, s.b.Q.Chunks.Left, videoID).Scan(&left); err != nil {
			return fmt.Errorf("counting chunks: %w", err)
		}
		if left > 0 || stitchJob != nil {
			return nil
		}
		if err := tx.InsertJob(ctx, stitch, now); err != nil {
			return err
		}
		if err := Exec(ctx, tx, "recording stitch job", s.b.Q.Chunks.SetStitch, videoID, stitch.ID); err != nil {
			return err
		}
		queued = true
		return nil
	})
	return queued, err
}
