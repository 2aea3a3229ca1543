package worker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/reelvideo/reel/videohost"
)

// videoErrorCodes are the error codes a Pipeline may return that retrying
// cannot fix.
var videoErrorCodes = map[string]bool{
	videohost.VideoErrNotMedia:         true,
	videohost.VideoErrUnsupportedCodec: true,
	videohost.VideoErrDurationTooLong:  true,
	videohost.VideoErrTooLarge:         true,
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
	dir := w.jobDir(job)
	// A previous attempt killed half-way may have left files: start clean.
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("cleaning work folder: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating work folder: %w", err)
	}
	defer os.RemoveAll(dir)

	source, err := w.svc.LocalSource(ctx, v.ID, dir)
	if err != nil {
		if code := videohost.ErrorCode(err); code == videohost.VideoErrTranscodeFailed {
			return permanent(code, err) // the source is gone: no retry brings it back
		}
		return err
	}
	outDir := filepath.Join(dir, "out")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	in := videohost.ProcessInput{
		Source: source, OutDir: outDir, WorkDir: filepath.Join(dir, "scratch"), PosterTime: v.PosterTime,
		OnPlayable: func(ctx context.Context, playableDir string, out *videohost.ProcessOutput) error {
			published, err := w.svc.PublishPlayable(ctx, v.ID, playableDir, out)
			if published {
				w.log.InfoContext(ctx, "video playable", "video", v.ID, "live", out.Live)
			}
			return err
		},
	}
	if err := os.MkdirAll(in.WorkDir, 0o755); err != nil {
		return err
	}
	out, err := w.cfg.Pipeline.Process(ctx, in)
	if err != nil {
		if code := videohost.ErrorCode(err); videoErrorCodes[code] {
			return permanent(code, err)
		}
		return fmt.Errorf("processing: %w", err)
	}
	// Subtitles added while the video was processing go in with the ladder.
	if latest, err := w.svc.VideoByID(ctx, v.ID); err != nil {
		return err
	} else if len(latest.Subtitles) > 0 {
		if err := w.applySubtitles(ctx, latest, outDir); err != nil {
			return fmt.Errorf("applying subtitles: %w", err)
		}
	}
	_, err = w.svc.PublishReady(ctx, v.ID, outDir, out)
	return err
}
