package worker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/reelvideo/reel/videohost"
)

// audioTracks brings a ready video's published added audio tracks in line
// with its list: the published version is checked out (hard links on local
// disk), the tracks no longer listed are removed, each track still
// processing is encoded (the others keep their files), and the revision is
// published as a new version. The video's segments are never rewritten.
func (w *Worker) audioTracks(ctx context.Context, job *videohost.Job) error {
	tp := w.caps.Tracks
	if tp == nil {
		return permanent(videohost.VideoErrTranscodeFailed, fmt.Errorf("the pipeline cannot add audio tracks"))
	}
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil
		}
		return err
	}
	if v.State != videohost.StateReady || v.AssetVersion == "" {
		return nil // publishing the video queues this job again
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
	revs, err := w.svc.AudioTrackRevs(ctx, v.ID)
	if err != nil {
		return err
	}
	var keep []string
	done, failed, failedRev := map[string]string{}, map[string]*videohost.VideoError{}, map[string]string{}
	for _, a := range v.AudioTracks {
		if !a.Added {
			continue
		}
		if a.State != videohost.TrackProcessing {
			if a.State == videohost.TrackReady {
				keep = append(keep, a.ID)
			}
			continue
		}
		src, err := w.svc.LocalAudioTrack(ctx, v.ID, a.Language, dir)
		if err != nil {
			return err
		}
		err = tp.AddAudioTrack(ctx, out, videohost.AddedAudio{Source: src, ID: a.ID, Language: a.Language, Label: a.Label, Kind: a.Kind})
		// A failure of the track's own file ends that track errored; the
		// video and its other tracks go on.
		if code := videohost.ErrorCode(err); err != nil && inputErrorCodes[code] {
			w.log.WarnContext(ctx, "an added audio track cannot be encoded", "video", v.ID, "language", a.Language, "err", err)
			failed[a.Language], failedRev[a.Language] = &videohost.VideoError{Code: code, Message: errorMessage(err)}, revs[a.Language]
			continue
		} else if err != nil {
			return fmt.Errorf("encoding the %s audio track: %w", a.Language, err)
		}
		done[a.Language] = revs[a.Language]
		keep = append(keep, a.ID)
	}
	if err := tp.KeepAudioTracks(ctx, out, keep); err != nil {
		return fmt.Errorf("removing audio tracks: %w", err)
	}
	if err := w.svc.PublishRevision(ctx, v.ID, v.AssetVersion, out); err != nil {
		return err
	}
	return w.svc.AudioTracksPublished(ctx, v.ID, done, failed, failedRev)
}

// poster remakes a ready video's poster from its uploaded image, or from
// the frame at its poster_time, and publishes the revision.
func (w *Worker) poster(ctx context.Context, job *videohost.Job) error {
	tp := w.caps.Tracks
	if tp == nil {
		return permanent(videohost.VideoErrTranscodeFailed, fmt.Errorf("the pipeline cannot make posters"))
	}
	v, err := w.svc.VideoByID(ctx, job.VideoID)
	if err != nil {
		if videohost.IsNotFound(err) {
			return nil
		}
		return err
	}
	if v.State != videohost.StateReady || v.AssetVersion == "" || !v.Assets.Poster {
		return nil // the transcode makes the poster from the same settings
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
	if err := w.makePoster(ctx, tp, v, dir, out); err != nil {
		return err
	}
	return w.svc.PublishRevision(ctx, v.ID, v.AssetVersion, out)
}

// makePoster writes v's poster into out: from its uploaded image, or from
// the frame at its poster_time.
func (w *Worker) makePoster(ctx context.Context, tp videohost.TrackPipeline, v *videohost.Video, scratch, out string) error {
	if v.PosterImage {
		img, err := w.svc.LocalPosterImage(ctx, v.ID, scratch)
		if err != nil {
			return err
		}
		// Decoded when it was uploaded; a picture the job still cannot
		// make a poster of fails the same way on every attempt: the video
		// keeps the poster there was, and says why (failVideo).
		if err := tp.PosterFromImage(ctx, out, img); err != nil {
			return orPermanent(err)
		}
		return nil
	}
	at := 0.0
	if v.PosterTime != nil {
		at = *v.PosterTime
	}
	_, err := tp.PosterAt(ctx, out, at)
	return orPermanent(err)
}

// orPermanent is err marked permanent when retrying cannot fix it
// (permanentPipelineError), else err.
func orPermanent(err error) error {
	if perm := permanentPipelineError(err); perm != nil {
		return perm
	}
	return err
}

func errorMessage(err error) string {
	var ve *videohost.Error
	if errors.As(err, &ve) {
		return ve.Message
	}
	return err.Error()
}
