package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Chunked encodes (videohost/chunks.go). The transcode job of a source
// longer than Config.ChunkThreshold plans chunks of Config.ChunkLength and
// ends; every chunk job encodes its span of every rendition (or the whole
// source's audio) and stores it; the store queues the stitch job with the
// last chunk done, and the stitch job joins the chunks and publishes.
//
// Job length. A chunk job encodes ChunkLength of video (60 s by default)
// whatever the length of the source, so its run time is bounded by the
// encode speed, not by the upload: at 1080p on one core at ~1× real time
// (BENCHMARKS.md) about a minute, and under ten minutes on any machine
// that encodes a tenth of real time. River's rescue (RescueStuckJobsAfter,
// one minute by default, postgres.WithJobRescueAfter) therefore needs no
// special case: a chunk job running past it is still held by its advisory
// lock, so the rescued copy is snoozed until it ends, and a worker killed
// mid-chunk loses one chunk's work, at most ChunkLength of encoding. The
// stitch job only moves segments and remuxes; its pictures decode the
// smallest rendition.

// errChunkGivenUp stops a chunk job whose encode was given up meanwhile
// (the video failed or was deleted).
var errChunkGivenUp = errors.New("the chunked encode was given up")

func (w *Worker) chunkPipeline() (videohost.ChunkPipeline, bool) {
	cp := w.caps.Chunks
	return cp, cp != nil && w.cfg.ChunkThreshold > 0 && w.svc.Chunked()
}

// planChunks plans a chunked encode of a long source; it reports whether
// it did (the transcode job is then done).
func (w *Worker) planChunks(ctx context.Context, v *videohost.Video, source string) (bool, error) {
	cp, ok := w.chunkPipeline()
	if !ok {
		return false, nil
	}
	if chunks, err := w.svc.Chunks(ctx, v.ID); err != nil {
		return false, err
	} else if len(chunks) > 0 {
		return true, nil // planned by an earlier run of this job
	}
	specs, err := cp.PlanChunks(ctx, videohost.ChunkPlanInput{Source: source, Length: w.cfg.ChunkLength, Threshold: w.cfg.ChunkThreshold})
	if err != nil {
		if perm := permanentPipelineError(err); perm != nil {
			return false, perm
		}
		return false, fmt.Errorf("planning chunks: %w", err)
	}
	if len(specs) == 0 {
		return false, nil
	}
	if _, err := w.svc.PlanChunks(ctx, v.ID, specs); err != nil {
		return false, err
	}
	w.log.InfoContext(ctx, "encoding in chunks", "video", v.ID, "chunks", len(specs))
	return true, nil
}

// chunk encodes one chunk and stores it.
func (w *Worker) chunk(ctx context.Context, job *videohost.Job) error {
	cp := w.caps.Chunks
	if cp == nil {
		return errors.New("the pipeline cannot encode chunks")
	}
	var p videohost.ChunkPayload
	if err := json.Unmarshal(job.Payload, &p); err != nil {
		return permanent(videohost.VideoErrTranscodeFailed, fmt.Errorf("reading chunk job payload: %w", err))
	}
	c, err := w.svc.StartChunk(ctx, job.VideoID, p.Index)
	if videohost.IsNotFound(err) {
		return nil // given up: the video failed or was deleted
	}
	if err != nil {
		return err
	}
	if c.Done {
		return nil // stored by an earlier run whose end was not recorded
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		w.watchChunk(ctx, cancel, job.VideoID, p.Index)
	}()
	defer func() { cancel(nil); <-watched }()

	dir, source, release, err := w.stageChunkSource(ctx, job)
	defer os.RemoveAll(dir)
	defer release()
	if err == nil {
		out := filepath.Join(dir, "out")
		in := videohost.ChunkInput{Source: source, Spec: c.Spec, OutDir: out, WorkDir: filepath.Join(dir, "scratch")}
		if c.Audio {
			err = cp.EncodeAudio(ctx, in)
		} else {
			err = cp.EncodeChunk(ctx, in)
		}
		if err == nil {
			err = w.svc.StoreChunk(ctx, job.Space, job.VideoID, p.Index, out)
		}
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(context.Cause(ctx), errChunkGivenUp), videohost.IsNotFound(err):
		w.log.InfoContext(ctx, "chunk given up", "video", job.VideoID, "chunk", p.Index)
		return nil
	}
	if perm := permanentPipelineError(err); perm != nil {
		return perm
	}
	return fmt.Errorf("chunk %d: %w", p.Index, err)
}

// watchChunk stops a chunk's encode when the chunk is given up.
func (w *Worker) watchChunk(ctx context.Context, cancel context.CancelCauseFunc, videoID string, index int) {
	t := time.NewTicker(w.chunkWatch())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		chunks, err := w.svc.Chunks(ctx, videoID)
		if err != nil {
			continue // the store is busy or away: the next look decides
		}
		found := false
		for _, c := range chunks {
			found = found || c.Index == index
		}
		if !found {
			cancel(errChunkGivenUp)
			return
		}
	}
}

// chunkWatch is how often a running chunk looks whether it was given up.
func (w *Worker) chunkWatch() time.Duration {
	return min(max(8*w.cfg.PollInterval, 100*time.Millisecond), 2*time.Second)
}

// stitch joins a video's chunks and publishes it.
func (w *Worker) stitch(ctx context.Context, job *videohost.Job) error {
	cp := w.caps.Chunks
	if cp == nil {
		return errors.New("the pipeline cannot stitch chunks")
	}
	chunks, err := w.svc.Chunks(ctx, job.VideoID)
	if err != nil || len(chunks) == 0 {
		return err // none: given up, or published by an earlier run
	}
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if videohost.IsNotFound(err) || (err == nil && v.State != videohost.StateProcessing) {
		return w.svc.DropChunks(ctx, job.VideoID)
	}
	if err != nil {
		return err
	}
	dir, source, release, err := w.stageChunkSource(ctx, job)
	defer os.RemoveAll(dir)
	defer release()
	if err != nil {
		return err
	}
	videoDirs, audioDir, err := w.svc.CheckoutChunks(ctx, chunks, filepath.Join(dir, "chunks"))
	if err != nil {
		return err
	}
	outDir := filepath.Join(dir, "out")
	out, err := cp.Stitch(ctx, videohost.StitchInput{
		Source: source, ChunkDirs: videoDirs, AudioDir: audioDir, OutDir: outDir,
		WorkDir: filepath.Join(dir, "scratch"), PosterTime: v.PosterTime,
	})
	if err != nil {
		if perm := permanentPipelineError(err); perm != nil {
			return perm
		}
		return fmt.Errorf("stitching: %w", err)
	}
	if latest, err := w.svc.VideoByID(ctx, v.ID); err != nil {
		return err
	} else if len(latest.Subtitles) > 0 {
		if err := w.applySubtitles(ctx, latest, outDir); err != nil {
			return fmt.Errorf("applying subtitles: %w", err)
		}
	}
	_, err = w.svc.PublishReady(ctx, v.ID, outDir, out)
	if code := videohost.ErrorCode(err); err == nil || code == videohost.ENotFound || code == videohost.EInvalidTransition {
		if dropErr := w.svc.DropChunks(ctx, v.ID); dropErr != nil {
			w.log.WarnContext(ctx, "dropping stitched chunks", "video", v.ID, "err", dropErr)
		}
		if err == nil {
			w.log.InfoContext(ctx, "video ready", "video", v.ID, "chunks", len(chunks)-1)
			w.queueMissingCodecs(ctx, v.ID) // chunks are encoded H.264 alone
		}
		return nil
	}
	return err
}

// stageChunkSource makes the job's work folder and returns the video's
// source from the worker's cache (sources.go), with the func that hands it
// back, which is never nil.
func (w *Worker) stageChunkSource(ctx context.Context, job *videohost.Job) (dir, source string, release func(), err error) {
	if dir, err = w.stageDir(job); err == nil {
		source, release, err = w.sources.get(ctx, job.VideoID, w.localSource)
	}
	if err != nil {
		return dir, "", func() {}, err
	}
	return dir, source, release, nil
}

// stillChunked reports whether the video may still run chunk or stitch
// jobs, which need its source: it has chunks (kept on an error, to ask
// again).
func (w *Worker) stillChunked(ctx context.Context, videoID string) bool {
	cs, err := w.svc.Chunks(ctx, videoID)
	return err != nil || len(cs) > 0
}

// sweepSources drops the cached sources of videos done with chunks until
// ctx ends: a worker that ran some chunks of a video whose stitch ran
// elsewhere drops its copy within sourceSweep of the stitch.
func (w *Worker) sweepSources(ctx context.Context) {
	t := time.NewTicker(w.sourceSweep())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			w.sources.sweep(ctx, w.stillChunked)
		}
	}
}

// sourceSweep is how often a running worker looks for cached sources to drop.
func (w *Worker) sourceSweep() time.Duration {
	return min(max(40*w.cfg.PollInterval, 200*time.Millisecond), 30*time.Second)
}
