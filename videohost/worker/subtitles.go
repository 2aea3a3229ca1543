package worker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/reelvideo/reel/videohost"
)

// subtitles republishes a ready video with its current subtitle tracks and
// chapters: the published version is checked out (hard links on local
// disk: no media is copied or re-encoded), the subtitle and chapter files
// and the playlists are rewritten, and the revision is published as a new
// version.
func (w *Worker) subtitles(ctx context.Context, job *videohost.Job) error {
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil
		}
		return err
	}
	if v.State != videohost.StateReady || v.AssetVersion == "" {
		return nil // the transcode applies the subtitles when it publishes
	}
	dir := w.jobDir(job)
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("cleaning work folder: %w", err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "out")
	if err := w.svc.CheckoutAssets(ctx, v, out); err != nil {
		return err
	}
	if err := w.applySubtitles(ctx, v, out); err != nil {
		return err
	}
	if err := w.applyChapters(ctx, v.Chapters, v.Duration, out); err != nil {
		return err
	}
	return w.svc.PublishRevision(ctx, v.ID, v.AssetVersion, out)
}

// applySubtitles writes the video's stored subtitle tracks into an asset folder.
func (w *Worker) applySubtitles(ctx context.Context, v *videohost.Video, dir string) error {
	sp := w.caps.Subtitles
	if sp == nil {
		return nil
	}
	files, err := w.svc.SubtitleFiles(ctx, v)
	if err != nil {
		return err
	}
	return sp.ApplySubtitles(ctx, dir, files)
}

// applyChapters writes a video's chapters, for a video lasting duration
// seconds, into an asset folder (or removes them when there are none).
func (w *Worker) applyChapters(ctx context.Context, chapters []videohost.Chapter, duration float64, dir string) error {
	cp := w.caps.Chapters
	if cp == nil {
		return nil
	}
	files, err := videohost.RenderChapters(chapters, duration)
	if err != nil {
		return err
	}
	return cp.ApplyChapters(ctx, dir, files)
}
