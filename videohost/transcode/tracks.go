package transcode

import (
	"context"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost"
)

var _ videohost.TrackPipeline = (*Pipeline)(nil)

// The track and poster operations decode uploaded files (an audio track, a
// poster image) or write into a published copy, so with Config.Command
// they run in a child process like Process: FFmpeg crashing on a hostile
// file fails one request, not the server.

// ProbeAudio checks that path is media with an audio stream.
func (p *Pipeline) ProbeAudio(ctx context.Context, path string) error {
	if len(p.cfg.Command) > 0 {
		_, err := p.runChild(ctx, mediaRequest{Op: opProbeAudio, Source: path}, childHooks{})
		return err
	}
	_, err := media.ProbeAudio(ctx, path)
	return mediaError(err)
}

// ProbeImage checks that path is an image FFmpeg decodes in full
// (media.ProbeImage).
func (p *Pipeline) ProbeImage(ctx context.Context, path string) error {
	if len(p.cfg.Command) > 0 {
		_, err := p.runChild(ctx, mediaRequest{Op: opProbeImage, Source: path}, childHooks{})
		return err
	}
	return mediaError(media.ProbeImage(ctx, path))
}

// AddAudioTrack encodes t into dir (media.AddAudioTrack).
func (p *Pipeline) AddAudioTrack(ctx context.Context, dir string, t videohost.AddedAudio) error {
	if len(p.cfg.Command) > 0 {
		_, err := p.runChild(ctx, mediaRequest{Op: opAddAudio, OutDir: dir, Source: t.Source, Track: &t, Ladder: p.cfg.Ladder}, childHooks{})
		return err
	}
	_, err := media.AddAudioTrack(ctx, media.AddAudioOptions{Dir: dir, Source: t.Source, ID: t.ID,
		Language: t.Language, Label: t.Label, Kind: t.Kind, Ladder: p.cfg.Ladder})
	return mediaError(err)
}

// KeepAudioTracks removes the added tracks of dir that ids does not name.
// It only rewrites playlists, so it runs in this process.
func (p *Pipeline) KeepAudioTracks(ctx context.Context, dir string, ids []string) error {
	m, err := media.ReadManifest(dir)
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	for _, a := range m.AudioTracks {
		if a.Kind != "" && !keep[a.ID] {
			if _, err := media.RemoveAudioTrack(dir, a.ID); err != nil {
				return mediaError(err)
			}
		}
	}
	return nil
}

// PosterFromImage remakes dir's poster from an image (media.PosterFromImage).
func (p *Pipeline) PosterFromImage(ctx context.Context, dir, image string) error {
	if len(p.cfg.Command) > 0 {
		_, err := p.runChild(ctx, mediaRequest{Op: opPosterImage, OutDir: dir, Source: image}, childHooks{})
		return err
	}
	_, err := media.PosterFromImage(ctx, image, dir)
	return mediaError(err)
}

// PosterAt remakes dir's poster from the frame at seconds (media.PosterAt).
func (p *Pipeline) PosterAt(ctx context.Context, dir string, seconds float64) (float64, error) {
	if len(p.cfg.Command) > 0 {
		out, err := p.runChild(ctx, mediaRequest{Op: opPosterAt, OutDir: dir, PosterTime: &seconds}, childHooks{})
		if err != nil {
			return 0, err
		}
		return out.PosterTime, nil
	}
	res, err := media.PosterAt(ctx, dir, time.Duration(seconds*float64(time.Second)))
	if err != nil {
		return 0, mediaError(err)
	}
	return res.Time.Seconds(), nil
}

// Child operations besides Process and Prepare.
const (
	opProbeAudio  = "probe_audio"
	opProbeImage  = "probe_image"
	opAddAudio    = "add_audio"
	opPosterImage = "poster_image"
	opPosterAt    = "poster_at"
)

// serveTrackOp runs one of the operations above in the child; out carries
// a poster's time.
func serveTrackOp(ctx context.Context, p *Pipeline, req mediaRequest) (*videohost.ProcessOutput, error) {
	out := &videohost.ProcessOutput{}
	var err error
	switch req.Op {
	case opProbeAudio:
		err = p.ProbeAudio(ctx, req.Source)
	case opProbeImage:
		err = p.ProbeImage(ctx, req.Source)
	case opAddAudio:
		if req.Track == nil {
			return nil, videohost.Errorf(videohost.EValidation, "add_audio without a track")
		}
		t := *req.Track
		t.Source = req.Source
		err = p.AddAudioTrack(ctx, req.OutDir, t)
	case opPosterImage:
		err = p.PosterFromImage(ctx, req.OutDir, req.Source)
	case opPosterAt:
		var at float64
		if req.PosterTime != nil {
			at = *req.PosterTime
		}
		out.PosterTime, err = p.PosterAt(ctx, req.OutDir, at)
	default:
		return nil, videohost.Errorf(videohost.EValidation, "unknown media operation %q", req.Op)
	}
	return out, err
}
