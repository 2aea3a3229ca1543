package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

// subtitles republishes a ready video with its current subtitle tracks: the
// published folder is cloned (hard links: no media is copied or re-encoded),
// the subtitle files and playlists are rewritten, and the clone is published
// as a new version.
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
	lb, ok := w.svc.Blobs().(videohost.LocalBlobs)
	if !ok {
		return permanent(videohost.VideoErrTranscodeFailed, errors.New("subtitle updates need blobs on local disk"))
	}
	dir := w.jobDir(job)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "out")
	if err := linkTree(lb.Path(videohost.AssetPrefix(v.ID, v.AssetVersion)), out); err != nil {
		return fmt.Errorf("cloning published assets: %w", err)
	}
	if err := w.applySubtitles(ctx, v, out); err != nil {
		return err
	}
	version := "v" + videohost.NewID(8)
	if err := w.publishDir(ctx, v.ID, version, out); err != nil {
		return err
	}
	stale, err := w.svc.Republish(ctx, v.ID, v.AssetVersion, version)
	if err != nil {
		w.removeStale(ctx, []string{videohost.AssetPrefix(v.ID, version)})
		return err
	}
	w.removeStale(ctx, stale)
	return nil
}

// applySubtitles writes the video's stored subtitle tracks into an asset folder.
func (w *Worker) applySubtitles(ctx context.Context, v *videohost.Video, dir string) error {
	sp, ok := w.cfg.Pipeline.(videohost.SubtitlePipeline)
	if !ok {
		return nil
	}
	files, err := w.svc.SubtitleFiles(ctx, v)
	if err != nil {
		return err
	}
	return sp.ApplySubtitles(ctx, dir, files)
}

// ConvertSubtitles parses SRT or WebVTT and returns normalised WebVTT.
func (p *MediaPipeline) ConvertSubtitles(ctx context.Context, body []byte) ([]byte, error) {
	cues, err := media.ParseSubtitles(body)
	if err != nil {
		var se *media.SubtitleError
		if errors.As(err, &se) {
			return nil, videohost.Invalid("body", "line %d: %s", se.Line, se.Msg)
		}
		return nil, videohost.Invalid("body", "%v", err)
	}
	var b strings.Builder
	if err := media.WriteWebVTT(&b, cues); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// ApplySubtitles writes the subtitle files, their HLS playlists and the
// transcript into dir, and regenerates the master playlist and DASH manifest.
func (p *MediaPipeline) ApplySubtitles(ctx context.Context, dir string, tracks []videohost.SubtitleFile) error {
	m, err := media.ReadManifest(dir)
	if err != nil {
		return err
	}
	subDir := filepath.Join(dir, "subtitles")
	if err := os.RemoveAll(subDir); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(dir, "transcript.json")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	var hls []media.SubtitleTrack
	for _, t := range tracks {
		cues, err := media.ParseSubtitles(t.VTT)
		if err != nil {
			return fmt.Errorf("parsing stored %s subtitles: %w", t.Language, err)
		}
		if err := os.MkdirAll(subDir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(subDir, t.Language+".vtt"), t.VTT, 0o644); err != nil {
			return err
		}
		f, err := os.Create(filepath.Join(subDir, t.Language+".m3u8"))
		if err != nil {
			return err
		}
		err = media.WriteSubtitlePlaylist(f, t.Language+".vtt", max(m.Duration, 0.001))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		hls = append(hls, media.SubtitleTrack{Language: t.Language, Label: t.Label, Default: t.Default, URI: "subtitles/" + t.Language + ".m3u8"})
		if t.Default {
			b, err := json.Marshal(media.Transcript(t.Language, cues))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "transcript.json"), b, 0o644); err != nil {
				return err
			}
		}
	}
	_, err = media.AddSubtitles(dir, hls)
	return err
}
