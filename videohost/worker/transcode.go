package worker

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/playable"
)

// inputErrorCodes are the error codes a Pipeline returns for what a file
// is (media's codes: the input is not media, has a codec FFmpeg cannot
// decode, is too long or too large, has no audio or no picture where one
// was needed): the same file fails the same way on every attempt, so no
// job retries them, whatever it was doing (a transcode, an added track, a
// poster). Every other failure may pass and is retried.
var inputErrorCodes = map[string]bool{
	videohost.VideoErrNotMedia:         true,
	videohost.VideoErrUnsupportedCodec: true,
	videohost.VideoErrDurationTooLong:  true,
	videohost.VideoErrTooLarge:         true,
	videohost.ENoAudio:                 true,
	videohost.ENoVideo:                 true,
}

// permanentPipelineError marks a pipeline error that retrying cannot fix
// as permanent, with its code; nil for any other error.
func permanentPipelineError(err error) error {
	if code := videohost.ErrorCode(err); inputErrorCodes[code] {
		return permanent(code, err)
	}
	return nil
}

// stageSource gives a job a clean work folder (a previous attempt killed
// half-way may have left files) holding an empty scratch/ and, unless blobs
// are on local disk, the video's source; it returns the folder, which the
// caller removes, and the source's local path.
func (w *Worker) stageSource(ctx context.Context, job *videohost.Job, videoID string) (dir, source string, err error) {
	if dir, err = w.stageDir(job); err != nil {
		return dir, "", err
	}
	source, err = w.localSource(ctx, videoID, dir)
	return dir, source, err
}

// stageDir makes the job's work folder, with its scratch folder, empty.
func (w *Worker) stageDir(job *videohost.Job) (string, error) {
	dir := w.jobDir(job)
	if err := os.RemoveAll(dir); err != nil {
		return dir, fmt.Errorf("cleaning work folder: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "scratch"), 0o755); err != nil {
		return dir, fmt.Errorf("creating work folder: %w", err)
	}
	return dir, nil
}

// localSource is the path of the video's source on this machine,
// downloaded into dir when the blobs are not on local disk.
func (w *Worker) localSource(ctx context.Context, videoID, dir string) (string, error) {
	source, err := w.svc.LocalSource(ctx, videoID, dir)
	if code := videohost.ErrorCode(err); code == videohost.VideoErrTranscodeFailed {
		return "", permanent(code, err) // the source is gone: no retry brings it back
	}
	return source, err
}

// prepare takes the quick look at a stored source (PreparePipeline): a
// source that cannot be processed fails at once, and a standard one is
// published playable before any encode. Then it queues the transcode.
func (w *Worker) prepare(ctx context.Context, job *videohost.Job) error {
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil
		}
		return err
	}
	if v.State != videohost.StateUploaded && v.State != videohost.StateProcessing {
		return nil // ready, or errored: nothing to prepare
	}
	if pp := w.caps.Prepare; pp != nil && !v.Playable {
		if err := w.publishPrepared(ctx, job, v, pp); err != nil {
			return err
		}
	}
	err = w.svc.QueueTranscode(ctx, v.ID)
	if videohost.ErrorCode(err) == videohost.EInvalidTransition || videohost.IsNotFound(err) {
		return nil // deleted or failed meanwhile
	}
	return err
}

func (w *Worker) publishPrepared(ctx context.Context, job *videohost.Job, v *videohost.Video, pp videohost.PreparePipeline) error {
	dir, source, err := w.stageSource(ctx, job, v.ID)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	in := videohost.PrepareInput{Source: source, PlayableDir: filepath.Join(dir, "playable"), WorkDir: filepath.Join(dir, "scratch")}
	out, err := pp.Prepare(ctx, in)
	if err != nil {
		if perm := permanentPipelineError(err); perm != nil {
			return perm
		}
		// The transcode makes the video playable too, only later.
		w.log.WarnContext(ctx, "preparing a source", "video", v.ID, "err", err)
		return nil
	}
	if out == nil {
		return nil
	}
	if _, err := w.svc.StartProcessing(ctx, v.ID); err != nil {
		return err
	}
	if _, err := w.svc.PublishPlayable(ctx, v.ID, in.PlayableDir, out); err != nil {
		return err
	}
	w.log.InfoContext(ctx, "video playable", "video", v.ID, "prepared", true)
	return nil
}

// transcode runs the pipeline over the source into a staging folder and
// has the service publish it: first a playable subset as soon as the
// pipeline has one, then the full set.
func (w *Worker) transcode(ctx context.Context, job *videohost.Job) error {
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil
		}
		return err
	}
	if v.State == videohost.StateReady || v.State == videohost.StateErrored {
		return nil
	}
	if _, err := w.svc.StartProcessing(ctx, v.ID); err != nil {
		return err
	}
	dir, source, err := w.stageSource(ctx, job, v.ID)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	if planned, err := w.planChunks(ctx, v, source); err != nil || planned {
		if planned && inside(dir, source) {
			source = w.sources.adopt(v.ID, source) // downloaded: the chunk jobs run here use this copy
		}
		if err == nil && planned && !v.Playable {
			return w.earlyForChunks(ctx, v, source, dir)
		}
		return err
	}
	outDir := filepath.Join(dir, "out")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	in := videohost.ProcessInput{Source: source, OutDir: outDir, WorkDir: filepath.Join(dir, "scratch"), PosterTime: v.PosterTime}
	if in.Codecs, err = w.processCodecs(ctx, v); err != nil {
		return err
	}
	if job.Lane == videohost.LaneEarly && !v.Playable {
		// One early pass at a time takes the cores; the lane's other
		// transcode is past its own and encodes its ladder lower.
		release, err := w.takeEarlyPass(ctx, v.ID)
		if err != nil {
			return err
		}
		defer release()
		in.OnEarlyDone = release
	}
	// The early set grows while the ladder encodes: it is copied to blob
	// stores that cannot serve it in place after each new segment.
	early := playable.New(ctx, w.svc, v.ID, playable.Options{Logger: w.log})
	defer early.Stop()
	if !v.Playable {
		// Not made playable by the prepare job: the pipeline publishes
		// early (a remux, or the ladder's first rendition as it grows).
		in.OnPlayable = early.Publish
	}
	progress := w.reportProgress(ctx, v.ID)
	in.OnProgress = func(done float64) {
		progress.set(done)
		early.Grew()
	}
	if earlyDone := in.OnEarlyDone; earlyDone != nil {
		in.OnEarlyDone = func() {
			earlyDone()
			early.Grew() // the early rendition's last segments
		}
	}
	out, err := w.cfg.Pipeline.Process(ctx, in)
	progress.stop()
	early.Stop() // before the ladder replaces the set
	if err != nil {
		if perm := permanentPipelineError(err); perm != nil {
			return perm
		}
		return fmt.Errorf("processing: %w", err)
	}
	// Subtitles and chapters added while the video was processing go in
	// with the ladder.
	latest, err := w.svc.VideoByID(ctx, v.ID)
	if err != nil {
		return err
	}
	if len(latest.Subtitles) > 0 {
		if err := w.applySubtitles(ctx, latest, outDir); err != nil {
			return fmt.Errorf("applying subtitles: %w", err)
		}
	}
	if len(latest.Chapters) > 0 {
		if err := w.applyChapters(ctx, latest.Chapters, out.Duration, outDir); err != nil {
			return fmt.Errorf("applying chapters: %w", err)
		}
	}
	// An uploaded poster outlives a new source. (Added audio tracks are
	// encoded again by the job publishing queues.)
	if tp := w.caps.Tracks; tp != nil && latest.PosterImage && out.Assets.Poster {
		if err := w.makePoster(ctx, tp, latest, dir, outDir); err != nil {
			w.log.WarnContext(ctx, "applying the uploaded poster", "video", v.ID, "err", err)
		}
	}
	if _, err = w.svc.PublishReady(ctx, v.ID, outDir, out); err != nil {
		return err
	}
	w.queueMissingCodecs(ctx, v.ID)
	return nil
}

// earlyForChunks makes a long video that is encoded in chunks, and could
// not be remuxed, playable long before the chunks are stitched: the
// transcode job that planned them runs the early pass alone (the smallest
// rendition and the audio, ProcessInput.EarlyOnly) and publishes it as it
// grows. The set is copied to the blob store as it grows, on every store
// (playable.Options.Copy): this job's folder goes when it ends, long
// before the chunks are stitched. An early pass that fails is not the
// video's failure: its chunks decide that.
func (w *Worker) earlyForChunks(ctx context.Context, v *videohost.Video, source, dir string) error {
	release, err := w.takeEarlyPass(ctx, v.ID)
	if err != nil {
		return err
	}
	defer release()
	outDir := filepath.Join(dir, "early")
	early := playable.New(ctx, w.svc, v.ID, playable.Options{Copy: true, Logger: w.log.With("chunked", true)})
	in := videohost.ProcessInput{Source: source, OutDir: outDir, WorkDir: filepath.Join(dir, "scratch"), EarlyOnly: true,
		OnEarlyDone: release,
		OnPlayable:  early.Publish,
		OnProgress:  func(float64) { early.Grew() },
	}
	_, err = w.cfg.Pipeline.Process(ctx, in)
	// The finished playlists (VOD) and the last segments.
	early.Finish(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		w.log.WarnContext(ctx, "the early pass of a chunked encode failed", "video", v.ID, "err", err)
	}
	return nil
}

// takeEarlyPass waits for the worker's early pass to be free and takes it;
// release, safe to call more than once and from any goroutine, frees it.
func (w *Worker) takeEarlyPass(ctx context.Context, videoID string) (release func(), err error) {
	select {
	case w.earlyPass <- struct{}{}:
	default:
		w.log.InfoContext(ctx, "waiting for the early pass of another video", "video", videoID)
		select {
		case w.earlyPass <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	var once sync.Once
	return func() { once.Do(func() { <-w.earlyPass }) }, nil
}

// progressReporter stores the latest progress of one transcode every
// Config.ProgressInterval, off the encoder's goroutine.
type progressReporter struct {
	latest atomic.Uint64 // math.Float64bits of the share done
	done   chan struct{}
	wg     sync.WaitGroup
}

func (p *progressReporter) set(done float64) { p.latest.Store(math.Float64bits(done)) }

func (p *progressReporter) stop() {
	close(p.done)
	p.wg.Wait()
}

func (w *Worker) reportProgress(ctx context.Context, videoID string) *progressReporter {
	p := &progressReporter{done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		tick := time.NewTicker(w.cfg.ProgressInterval)
		defer tick.Stop()
		var stored uint64
		for {
			select {
			case <-p.done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			if cur := p.latest.Load(); cur != stored {
				stored = cur
				if err := w.svc.RecordProgress(ctx, videoID, math.Float64frombits(cur)); err != nil {
					w.log.WarnContext(ctx, "recording progress", "video", videoID, "err", err)
				}
			}
		}
	}()
	return p
}
