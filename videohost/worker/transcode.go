package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
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
// publishes it in one step: first a playable subset as soon as the pipeline
// has one, then the full set.
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

	source, err := w.localSource(ctx, v.ID, dir)
	if err != nil {
		return err
	}
	outDir := filepath.Join(dir, "out")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	in := videohost.ProcessInput{
		Source: source, OutDir: outDir, WorkDir: filepath.Join(dir, "scratch"), PosterTime: v.PosterTime,
		OnPlayable: func(ctx context.Context, playableDir string, out *videohost.ProcessOutput) error {
			version := "p" + videohost.NewID(8)
			if out.Live {
				lb, ok := w.svc.Blobs().(videohost.LinkBlobs)
				if !ok {
					return nil // this store cannot serve a growing folder: wait for ready
				}
				if err := lb.Link(ctx, videohost.AssetPrefix(v.ID, version), playableDir); err != nil {
					return err
				}
			} else if err := w.publishDir(ctx, v.ID, version, playableDir); err != nil {
				return err
			}
			_, stale, err := w.svc.Publish(ctx, v.ID, version, out, false)
			if err != nil {
				return err
			}
			w.removeStale(ctx, stale)
			w.log.InfoContext(ctx, "video playable", "video", v.ID, "version", version)
			return nil
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
	version := "v" + videohost.NewID(8)
	if err := w.publishDir(ctx, v.ID, version, outDir); err != nil {
		return err
	}
	_, stale, err := w.svc.Publish(ctx, v.ID, version, out, true)
	if err != nil {
		w.svc.Blobs().DeletePrefix(context.WithoutCancel(ctx), videohost.AssetPrefix(v.ID, version))
		return err
	}
	w.removeStale(ctx, stale)
	return nil
}

func (w *Worker) removeStale(ctx context.Context, prefixes []string) {
	for _, p := range prefixes {
		if err := w.svc.Blobs().DeletePrefix(context.WithoutCancel(ctx), p); err != nil {
			w.log.WarnContext(ctx, "removing a replaced asset version", "prefix", p, "err", err)
		}
	}
}

// localSource returns a local path of the video's source, downloading it into
// dir when the blob store is not on local disk.
func (w *Worker) localSource(ctx context.Context, videoID, dir string) (string, error) {
	key := videohost.SourceKey(videoID)
	blobs := w.svc.Blobs()
	if lb, ok := blobs.(videohost.LocalBlobs); ok {
		p := lb.Path(key)
		if _, err := os.Stat(p); err != nil {
			return "", permanent(videohost.VideoErrTranscodeFailed, fmt.Errorf("source missing: %w", err))
		}
		return p, nil
	}
	rc, _, err := blobs.Open(ctx, key)
	if err != nil {
		return "", fmt.Errorf("opening source: %w", err)
	}
	defer rc.Close()
	p := filepath.Join(dir, "source")
	f, err := os.Create(p)
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, rc)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("downloading source: %w", err)
	}
	return p, nil
}

// publishDir puts a finished output folder under the video's version prefix:
// one rename on local disk, a copy of each file otherwise. Nothing points at
// the version until Service.Publish flips the video to it.
func (w *Worker) publishDir(ctx context.Context, videoID, version, dir string) error {
	key := videohost.AssetPrefix(videoID, version)
	blobs := w.svc.Blobs()
	if lb, ok := blobs.(videohost.LocalBlobs); ok {
		return lb.Import(ctx, key, dir)
	}
	return filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		if _, err := blobs.Put(ctx, key+"/"+filepath.ToSlash(rel), f); err != nil {
			return errors.Join(fmt.Errorf("publishing %s", rel), err)
		}
		return nil
	})
}
