package videohost

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Split-and-stitch encoding of long videos. The transcode job of a source
// longer than the worker's threshold plans chunks instead of encoding:
// one JobChunk per span of the video (every rendition of it), one more for
// the audio of the whole source, and, queued by the store in the
// transaction that records the last chunk done, one JobStitch that joins
// them and publishes. Any worker may run any of these jobs; what a chunk
// job made lies in blob storage under chunks/{video}/{index}/ until the
// stitch job has published, the video has failed, or it was deleted, and is
// removed then.

// Job kinds of a chunked encode.
const (
	// JobChunk encodes one chunk (Chunk.Index in its payload).
	JobChunk JobKind = "chunk"
	// JobStitch joins the chunks and publishes the video.
	JobStitch JobKind = "stitch"
)

// Chunk is one piece of a chunked encode of a video.
type Chunk struct {
	VideoID string
	Index   int
	// Audio marks the piece that encodes the whole source's audio; the
	// others encode a span of the video.
	Audio bool
	// Spec is the pipeline's description of the span (ChunkPipeline).
	Spec json.RawMessage
	Done bool
	// Runs counts the chunk's jobs that started it (StartChunk).
	Runs int
}

// ChunkPlanInput asks for a plan of chunks.
type ChunkPlanInput struct {
	Source string
	Length time.Duration
	// Threshold: a source not longer than this is encoded in one piece.
	Threshold time.Duration
}

// ChunkInput is one chunk to encode (Spec nil: the audio).
type ChunkInput struct {
	Source  string
	Spec    json.RawMessage
	OutDir  string
	WorkDir string
}

// StitchInput is the chunks of a video to join, in order, and its audio.
type StitchInput struct {
	Source     string
	ChunkDirs  []string
	AudioDir   string
	OutDir     string
	WorkDir    string
	PosterTime *float64
}

// ChunkPayload is the payload of a JobChunk.
type ChunkPayload struct {
	Index int `json:"index"`
}

// chunkPrefix is the blob folder of one chunk's output, or of them all.
func chunkPrefix(videoID string, index int) string {
	if index < 0 {
		return "chunks/" + videoID
	}
	return "chunks/" + videoID + "/" + strconv.Itoa(index)
}

func (s *Service) chunkStore() (ChunkStore, error) {
	return need(s.caps.chunks, "chunked encoding", "store")
}

// Chunked reports whether the store can record chunked encodes.
func (s *Jobs) Chunked() bool {
	return s.caps.chunks != nil
}

// PlanChunks records a chunked encode of a processing video: one chunk per
// spec, then the audio, each with its job. It answers false when the video
// had chunks already (a transcode job that ran again).
func (s *Jobs) PlanChunks(ctx context.Context, videoID string, specs []json.RawMessage) (bool, error) {
	cs, err := s.chunkStore()
	if err != nil {
		return false, err
	}
	v, err := s.store.Video(ctx, "", videoID)
	if err != nil {
		return false, err
	}
	if v.State != StateProcessing {
		return false, Errorf(EInvalidTransition, "video %s is %s, not processing", v.ID, v.State)
	}
	chunks := make([]Chunk, 0, len(specs)+1)
	jobs := make([]Job, 0, len(specs)+1)
	for i := 0; i <= len(specs); i++ {
		c := Chunk{VideoID: videoID, Index: i, Audio: i == len(specs)}
		if !c.Audio {
			c.Spec = specs[i]
		}
		payload, err := json.Marshal(ChunkPayload{Index: i})
		if err != nil {
			return false, err
		}
		chunks = append(chunks, c)
		jobs = append(jobs, Job{Kind: JobChunk, Space: v.Space, VideoID: videoID, Payload: payload, MaxAttempts: s.cfg.MaxJobAttempts})
	}
	return cs.CreateChunks(ctx, v.Space, videoID, chunks, jobs)
}

// Chunks lists a video's chunks.
func (s *Jobs) Chunks(ctx context.Context, videoID string) ([]Chunk, error) {
	cs, err := s.chunkStore()
	if err != nil {
		return nil, err
	}
	return cs.Chunks(ctx, videoID)
}

// StartChunk counts a run of a chunk; ENotFound when the encode was given
// up (the video failed or was deleted).
func (s *Jobs) StartChunk(ctx context.Context, videoID string, index int) (*Chunk, error) {
	cs, err := s.chunkStore()
	if err != nil {
		return nil, err
	}
	return cs.StartChunk(ctx, videoID, index)
}

// StoreChunk moves a chunk's output folder into blob storage and marks the
// chunk done, queueing the stitch when it was the last. When the encode
// was given up meanwhile, the stored output is removed again and the
// answer is ENotFound.
func (s *Jobs) StoreChunk(ctx context.Context, space, videoID string, index int, dir string) error {
	cs, err := s.chunkStore()
	if err != nil {
		return err
	}
	prefix := chunkPrefix(videoID, index)
	// A run killed half-way may have stored part of its output.
	if err := s.blobs.DeletePrefix(ctx, prefix); err != nil {
		return fmt.Errorf("clearing chunk %d: %w", index, err)
	}
	if err := s.importPath(ctx, prefix, dir, true); err != nil {
		s.removePrefixes(ctx, videoID, prefix)
		return fmt.Errorf("storing chunk %d: %w", index, err)
	}
	stitch := &Job{Kind: JobStitch, Space: space, VideoID: videoID, MaxAttempts: s.cfg.MaxJobAttempts}
	queued, err := cs.FinishChunk(ctx, videoID, index, stitch)
	if err != nil {
		if IsNotFound(err) {
			// Given up while this chunk ran: what it stored goes too (the
			// deletion may have run before the store).
			s.removePrefixes(ctx, videoID, prefix)
		}
		return err
	}
	if queued {
		s.log.InfoContext(ctx, "every chunk encoded; stitch queued", "video", videoID, "job", stitch.ID)
	}
	// The video's progress counts finished chunks; the stitch, a remux of
	// what they made, is the last few percent.
	if chunks, err := cs.Chunks(ctx, videoID); err == nil && len(chunks) > 0 {
		done := 0
		for _, c := range chunks {
			if c.Done {
				done++
			}
		}
		if err := s.RecordProgress(ctx, videoID, 0.95*float64(done)/float64(len(chunks))); err != nil {
			s.log.WarnContext(ctx, "recording progress", "video", videoID, "err", err)
		}
	}
	return nil
}

// CheckoutChunks writes the stored output of every chunk of a video into
// dir, one folder per chunk, and returns the folders of the video chunks in
// order and the audio's. On local disk media files are hard links.
func (s *Jobs) CheckoutChunks(ctx context.Context, chunks []Chunk, dir string) ([]string, string, error) {
	var video []string
	var audio string
	for _, c := range chunks {
		if !c.Done {
			return nil, "", fmt.Errorf("chunk %d of video %s is not encoded", c.Index, c.VideoID)
		}
		local := filepath.Join(dir, strconv.Itoa(c.Index))
		prefix := chunkPrefix(c.VideoID, c.Index)
		if lb := s.caps.localBlobs; lb != nil {
			if err := linkTree(lb.Path(prefix), local); err != nil {
				return nil, "", fmt.Errorf("checking out chunk %d: %w", c.Index, err)
			}
		} else {
			blobs, err := s.blobs.List(ctx, prefix+"/")
			if err != nil {
				return nil, "", fmt.Errorf("listing chunk %d: %w", c.Index, err)
			}
			for _, b := range blobs {
				rel := strings.TrimPrefix(b.Key, prefix+"/")
				if err := s.download(ctx, b.Key, filepath.Join(local, filepath.FromSlash(rel))); err != nil {
					return nil, "", fmt.Errorf("downloading chunk %d: %w", c.Index, err)
				}
			}
		}
		if c.Audio {
			audio = local
		} else {
			video = append(video, local)
		}
	}
	return video, audio, nil
}

// DropChunks ends a video's chunked encode (published, failed or deleted):
// the chunks are forgotten, their jobs not yet started given up, and their
// stored output removed.
func (s *Jobs) DropChunks(ctx context.Context, videoID string) error {
	cs := s.caps.chunks
	if cs == nil {
		return nil // nothing was chunked
	}
	n, err := cs.DeleteChunks(context.WithoutCancel(ctx), videoID)
	if err != nil {
		return fmt.Errorf("dropping chunks: %w", err)
	}
	if n > 0 {
		s.log.InfoContext(ctx, "chunk jobs given up", "video", videoID, "jobs", n)
	}
	s.removePrefixes(ctx, videoID, chunkPrefix(videoID, -1))
	return nil
}
