package trackadmin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"github.com/reelvideo/reel/internal/imagecheck"
	"github.com/reelvideo/reel/videohost"
)

// Domain is what the management of added audio tracks and posters needs
// of the domain; *videohost.Service is one.
type Domain interface {
	// Store holds the videos.
	Store() videohost.Store
	// Blobs holds the uploaded files, at AudioTrackKey and PosterImageKey.
	Blobs() videohost.Blobs
	Clock() videohost.Clock
	Logger() *slog.Logger
	// Present fills in the URLs of a video the API answers with.
	Present(v *videohost.Video) *videohost.Video
	// TrackPipeline is the pipeline's tracks and posters, or EUnavailable.
	TrackPipeline() (videohost.TrackPipeline, error)
	// AcquireMediaCheck takes one of the process's media check slots.
	AcquireMediaCheck(ctx context.Context) (release func(), err error)
	// ImportFile takes a local file over into blob storage at key.
	ImportFile(ctx context.Context, key, path string) error
	// ChangeVideo changes a video row, its events and jobs in one
	// transaction.
	ChangeVideo(ctx context.Context, space, id string, fn func(v *videohost.Video) (videohost.Change, error)) (*videohost.Video, error)
	// MaxJobAttempts is the attempts of a queued job.
	MaxJobAttempts() int
}

// Tracks manages the added audio tracks and the poster of the principal's
// videos. It holds no state of its own and is safe for concurrent use.
type Tracks struct {
	d Domain
}

// New returns the Tracks of d.
func New(d Domain) *Tracks { return &Tracks{d: d} }

// Limits of added tracks and posters.
const (
	// MaxAudioTrackBytes bounds the body of an added audio track: any media
	// file with an audio stream (a WAV of a feature film fits).
	MaxAudioTrackBytes int64 = 2 << 30
	// MaxPosterBytes bounds a poster image.
	MaxPosterBytes int64 = 16 << 20
	// MaxPosterEdge bounds each side of a poster image, in pixels.
	MaxPosterEdge = 4096
)

// MaxImageDecodeBytes bounds the memory a poster image may decode to:
// width × height × the bytes of a pixel at the depth and in the colour
// model its header declares (twice that for an interlaced PNG, which Go
// decodes pass by pass before assembling), plus the coefficients of a
// progressive JPEG (256 bytes for each 8×8 block of each component). Past
// it the image is refused with EPayloadTooLarge (413) before it is
// decoded. 64 MiB holds a 4096×4096 8-bit RGBA picture, the largest a
// poster may be, and refuses the same picture at 16 bits a channel (128
// MiB).
const MaxImageDecodeBytes int64 = 64 << 20

// AudioTrackInput is an audio track to add.
type AudioTrackInput struct {
	Label string
	Kind  string // videohost.TrackMain, TrackDub (default) or TrackDescription
	// Path is a local file holding the body; the service takes it over
	// (moves or copies it into blob storage).
	Path string
}

// editable refuses changes to the assets of a video that is archived or
// not ready.
func editable(v *videohost.Video, what string) error {
	if v.Archived {
		return videohost.Errorf(videohost.EConflict, "video %s is archived: unarchive it to change its %s", v.ID, what)
	}
	if v.State != videohost.StateReady || v.AssetVersion == "" {
		return videohost.Errorf(videohost.EConflict, "video %s is %s: its %s can change once it is ready", v.ID, v.State, what)
	}
	return nil
}

// PutAudioTrack adds or replaces the added audio track of one language of
// a ready video. The file is checked (media with an audio stream) and
// stored at once; a JobAudioTracks encodes it once to AAC and publishes
// it, without touching the video's segments. The answer shows the track in
// state processing; it turns ready (or errored) when the job ends.
func (t *Tracks) PutAudioTrack(ctx context.Context, p *videohost.Principal, videoID, language string, in AudioTrackInput) (*videohost.Video, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	if !videohost.ValidLanguage(language) {
		return nil, videohost.Invalid("language", "must be a language tag such as en or pt-BR")
	}
	if in.Kind == "" {
		in.Kind = videohost.TrackDub
	}
	if in.Kind != videohost.TrackMain && in.Kind != videohost.TrackDub && in.Kind != videohost.TrackDescription {
		return nil, videohost.Invalid("kind", "must be main, dub or description")
	}
	label, err := videohost.CheckLabel(in.Label)
	if err != nil {
		return nil, err
	}
	in.Label = label
	v, err := t.d.Store().Video(ctx, p.Space, videoID)
	if err != nil {
		return nil, err
	}
	if err := editable(v, "audio tracks"); err != nil {
		return nil, err
	}
	tp, err := t.d.TrackPipeline()
	if err != nil {
		return nil, err
	}
	release, err := t.d.AcquireMediaCheck(ctx)
	if err != nil {
		return nil, err
	}
	err = tp.ProbeAudio(ctx, in.Path)
	release()
	if err != nil {
		return nil, err
	}
	if in.Label == "" {
		in.Label = language
		if in.Kind == videohost.TrackDescription {
			in.Label += " (audio description)"
		}
	}
	if err := t.d.ImportFile(ctx, videohost.AudioTrackKey(videoID, language), in.Path); err != nil {
		return nil, fmt.Errorf("storing audio track: %w", err)
	}
	v, err = t.d.ChangeVideo(ctx, p.Space, videoID, func(v *videohost.Video) (videohost.Change, error) {
		if err := editable(v, "audio tracks"); err != nil {
			return videohost.Change{}, err
		}
		track := videohost.AudioTrack{ID: language, Language: language, Label: in.Label, Kind: in.Kind,
			Added: true, State: videohost.TrackProcessing, Rev: videohost.NewID(8)}
		i := slices.IndexFunc(v.AudioTracks, func(a videohost.AudioTrack) bool { return a.Added && a.Language == language })
		if i >= 0 {
			v.AudioTracks[i] = track
		} else {
			v.AudioTracks = append(v.AudioTracks, track)
		}
		v.UpdatedAt = t.d.Clock().Now()
		return videohost.Change{Jobs: []videohost.Job{{Kind: videohost.JobAudioTracks, Space: v.Space, VideoID: v.ID, MaxAttempts: t.d.MaxJobAttempts()}}}, nil
	})
	if err != nil {
		return nil, err
	}
	return t.d.Present(v), nil
}

// DeleteAudioTrack removes the added audio track of one language; a
// JobAudioTracks takes it out of the published set. A language only the
// source's own tracks have is EConflict: those cannot be removed.
func (t *Tracks) DeleteAudioTrack(ctx context.Context, p *videohost.Principal, videoID, language string) error {
	if err := videohost.RequireWrite(p); err != nil {
		return err
	}
	_, err := t.d.ChangeVideo(ctx, p.Space, videoID, func(v *videohost.Video) (videohost.Change, error) {
		i := slices.IndexFunc(v.AudioTracks, func(a videohost.AudioTrack) bool { return a.Added && a.Language == language })
		if i < 0 {
			if slices.ContainsFunc(v.AudioTracks, func(a videohost.AudioTrack) bool { return a.Language == language }) {
				return videohost.Change{}, videohost.Errorf(videohost.EConflict, "the %s audio track of video %s is the source's own: it cannot be removed", videohost.Excerpt(language), videoID)
			}
			return videohost.Change{}, videohost.Errorf(videohost.ENotFound, "video %s has no added %s audio track", videoID, videohost.Excerpt(language))
		}
		v.AudioTracks = slices.Delete(v.AudioTracks, i, i+1)
		v.UpdatedAt = t.d.Clock().Now()
		return videohost.Change{Jobs: []videohost.Job{{Kind: videohost.JobAudioTracks, Space: v.Space, VideoID: v.ID, MaxAttempts: t.d.MaxJobAttempts()}}}, nil
	})
	if err != nil {
		return err
	}
	// The stored file goes once no publish can need it again.
	if err := t.d.Blobs().DeletePrefix(ctx, videohost.AudioTrackKey(videoID, language)); err != nil {
		t.d.Logger().WarnContext(ctx, "removing an audio track file", "video", videoID, "err", err)
	}
	return nil
}

// PosterInput is a new poster: an image file or a time.
type PosterInput struct {
	// Time picks the frame at this many seconds.
	Time *float64
	// Image is a local file holding a JPEG, PNG or WebP image (checked
	// with CheckPosterImage); the service takes it over.
	Image string
}

// SetPoster sets a ready video's poster from an image or from the frame at
// a time. The poster files are remade by a JobPoster and published as a
// new version; poster_time and poster_image change at once. PATCH
// poster_time (videohost.Service.UpdateVideo) does the same as a time here.
func (t *Tracks) SetPoster(ctx context.Context, p *videohost.Principal, videoID string, in PosterInput) (*videohost.Video, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	if (in.Time == nil) == (in.Image == "") {
		return nil, videohost.Invalid("body", "must be an image or {\"time\": seconds}")
	}
	if in.Time != nil && (*in.Time < 0 || *in.Time > 12*3600) {
		return nil, videohost.Invalid("time", "must be a number of seconds within the video")
	}
	v, err := t.d.Store().Video(ctx, p.Space, videoID)
	if err != nil {
		return nil, err
	}
	if err := posterEditable(v); err != nil {
		return nil, err
	}
	tp, err := t.d.TrackPipeline()
	if err != nil {
		return nil, err
	}
	if in.Image != "" {
		// The header first, unbounded (a few hundred bytes read): a
		// picture over its sides or MaxImageDecodeBytes is refused before
		// it waits for a check or is decoded.
		if err := CheckPosterImage(in.Image); err != nil {
			return nil, err
		}
		release, err := t.d.AcquireMediaCheck(ctx)
		if err != nil {
			return nil, err
		}
		// Then the picture itself, once, with the decoder the job will
		// use: one that does not decode is refused here rather than
		// accepted and failed in the job.
		err = tp.ProbeImage(ctx, in.Image)
		release()
		if err != nil {
			return nil, err
		}
		if err := t.d.ImportFile(ctx, videohost.PosterImageKey(videoID), in.Image); err != nil {
			return nil, fmt.Errorf("storing poster image: %w", err)
		}
	}
	v, err = t.d.ChangeVideo(ctx, p.Space, videoID, func(v *videohost.Video) (videohost.Change, error) {
		if err := posterEditable(v); err != nil {
			return videohost.Change{}, err
		}
		if in.Time != nil {
			if *in.Time > v.Duration {
				return videohost.Change{}, videohost.Invalid("time", "must be within the duration (%.3f s)", v.Duration)
			}
			pt := *in.Time
			v.PosterTime = &pt
		}
		v.PosterImage = in.Image != ""
		v.PosterError = nil
		v.UpdatedAt = t.d.Clock().Now()
		return videohost.Change{Jobs: []videohost.Job{{Kind: videohost.JobPoster, Space: v.Space, VideoID: v.ID, MaxAttempts: t.d.MaxJobAttempts()}}}, nil
	})
	if err != nil {
		return nil, err
	}
	return t.d.Present(v), nil
}

func posterEditable(v *videohost.Video) error {
	if err := editable(v, "poster"); err != nil {
		return err
	}
	if !v.Assets.Poster {
		return videohost.Errorf(videohost.EConflict, "video %s has no pictures (audio only): it has no poster", v.ID)
	}
	return nil
}

// CheckPosterImage checks a poster image's header without FFmpeg and
// without decoding it: a JPEG, PNG or WebP (by its bytes, whatever the
// Content-Type said) of at most MaxPosterBytes and MaxPosterEdge on each
// side, whose header promises a picture of at most MaxImageDecodeBytes
// once decoded (the depth counts, and a progressive JPEG's coefficients:
// 413 payload_too_large past it). Anything else is not_media (422); a
// picture too large is EValidation (each side) or EPayloadTooLarge
// (decoded bytes). SetPoster then has the pipeline decode the picture
// (videohost.TrackPipeline.ProbeImage), once, with the decoder the poster job uses:
// a header says nothing of the picture after it.
//
// internal/imagecheck reads the header; its refusals take the domain's
// codes here.
func CheckPosterImage(path string) error {
	err := imagecheck.Check(path, imagecheck.Limits{MaxBytes: MaxPosterBytes, MaxEdge: MaxPosterEdge, MaxDecode: MaxImageDecodeBytes})
	var refused *imagecheck.Error
	if !errors.As(err, &refused) {
		return err
	}
	switch refused.Kind {
	case imagecheck.TooLarge:
		return videohost.Errorf(videohost.EPayloadTooLarge, "%s", refused.Msg)
	case imagecheck.TooWide:
		return videohost.Invalid("body", "%s", refused.Msg)
	}
	return videohost.Errorf(videohost.VideoErrNotMedia, "%s", refused.Msg)
}
