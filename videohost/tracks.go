package videohost

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/reelvideo/reel/internal/imagecheck"
)

// Added audio tracks and custom posters: both change a ready video's
// published set without re-encoding its video. The body is kept beside the
// source (sources/{video}/audio/{language}, sources/{video}/poster) so
// that a later publish (a replaced source) applies it again, and a job
// revises the published version: checked out (hard links on local disk),
// the new files written, the revision published as a new version.

const (
	// JobAudioTracks brings a ready video's published added audio tracks
	// in line with its list: it encodes each track in state processing
	// (and only those) and removes the tracks no longer listed.
	JobAudioTracks JobKind = "audio_tracks"
	// JobPoster remakes a ready video's poster from its uploaded image or
	// from the frame at its poster_time.
	JobPoster JobKind = "poster"
)

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

// Audio track kinds: the video's own tracks are main; an added one is a
// dub (another language) or an audio description, or main when it is
// meant to be chosen by default for its language.
const (
	TrackMain        = "main"
	TrackDub         = "dub"
	TrackDescription = "description"
)

// Audio track states: a track of the source is ready with the video; an
// added one is processing until the job that encodes it publishes it, and
// errored (with error) when its file cannot be encoded.
const (
	TrackProcessing = "processing"
	TrackReady      = "ready"
	TrackErrored    = "errored"
)

// ENoAudio is a body that is media but has no audio stream, where an
// audio track was expected (422).
const ENoAudio = "no_audio"

// ENoVideo is a file with no picture where one was needed (a poster image
// FFmpeg finds no decodable picture in reads as a stream of no size).
const ENoVideo = "no_video"

// AddedAudio is one added audio track for TrackPipeline.AddAudioTrack.
type AddedAudio struct {
	Source   string // local path of the uploaded file
	ID       string // folder under audio/: the language tag
	Language string
	Label    string
	Kind     string
}

// AudioTrackKey is the blob key of the uploaded file of an added audio
// track; it lives beside the source so that every publish can encode it
// again.
func AudioTrackKey(videoID, language string) string {
	return "sources/" + videoID + "/audio/" + language
}

// PosterImageKey is the blob key of a video's uploaded poster image.
func PosterImageKey(videoID string) string { return "sources/" + videoID + "/poster" }

func (s *Service) trackPipeline() (TrackPipeline, error) {
	return need(s.caps.pipeline.Tracks, "audio tracks and posters", "media pipeline")
}

// AudioTrackInput is an audio track to add.
type AudioTrackInput struct {
	Label string
	Kind  string // TrackMain, TrackDub (default) or TrackDescription
	// Path is a local file holding the body; the service takes it over
	// (moves or copies it into blob storage).
	Path string
}

// editable refuses changes to the assets of a video that is archived or
// not ready.
func editable(v *Video, what string) error {
	if v.Archived {
		return Errorf(EConflict, "video %s is archived: unarchive it to change its %s", v.ID, what)
	}
	if v.State != StateReady || v.AssetVersion == "" {
		return Errorf(EConflict, "video %s is %s: its %s can change once it is ready", v.ID, v.State, what)
	}
	return nil
}

// PutAudioTrack adds or replaces the added audio track of one language of
// a ready video. The file is checked (media with an audio stream) and
// stored at once; a JobAudioTracks encodes it once to AAC and publishes
// it, without touching the video's segments. The answer shows the track in
// state processing; it turns ready (or errored) when the job ends.
func (s *Service) PutAudioTrack(ctx context.Context, p *Principal, videoID, language string, in AudioTrackInput) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if !ValidLanguage(language) {
		return nil, Invalid("language", "must be a language tag such as en or pt-BR")
	}
	if in.Kind == "" {
		in.Kind = TrackDub
	}
	if in.Kind != TrackMain && in.Kind != TrackDub && in.Kind != TrackDescription {
		return nil, Invalid("kind", "must be main, dub or description")
	}
	label, err := checkLabel(in.Label)
	if err != nil {
		return nil, err
	}
	in.Label = label
	v, err := s.store.Video(ctx, p.Space, videoID)
	if err != nil {
		return nil, err
	}
	if err := editable(v, "audio tracks"); err != nil {
		return nil, err
	}
	tp, err := s.trackPipeline()
	if err != nil {
		return nil, err
	}
	release, err := s.checks.acquire(ctx)
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
		if in.Kind == TrackDescription {
			in.Label += " (audio description)"
		}
	}
	if err := s.importPath(ctx, AudioTrackKey(videoID, language), in.Path, false); err != nil {
		return nil, fmt.Errorf("storing audio track: %w", err)
	}
	v, err = s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		if err := editable(v, "audio tracks"); err != nil {
			return Change{}, err
		}
		track := AudioTrack{ID: language, Language: language, Label: in.Label, Kind: in.Kind,
			Added: true, State: TrackProcessing, Rev: NewID(8)}
		i := slices.IndexFunc(v.AudioTracks, func(a AudioTrack) bool { return a.Added && a.Language == language })
		if i >= 0 {
			v.AudioTracks[i] = track
		} else {
			v.AudioTracks = append(v.AudioTracks, track)
		}
		v.UpdatedAt = s.clock.Now()
		return Change{Jobs: []Job{{Kind: JobAudioTracks, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// DeleteAudioTrack removes the added audio track of one language; a
// JobAudioTracks takes it out of the published set. A language only the
// source's own tracks have is EConflict: those cannot be removed.
func (s *Service) DeleteAudioTrack(ctx context.Context, p *Principal, videoID, language string) error {
	if err := RequireWrite(p); err != nil {
		return err
	}
	_, err := s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		i := slices.IndexFunc(v.AudioTracks, func(a AudioTrack) bool { return a.Added && a.Language == language })
		if i < 0 {
			if slices.ContainsFunc(v.AudioTracks, func(a AudioTrack) bool { return a.Language == language }) {
				return Change{}, Errorf(EConflict, "the %s audio track of video %s is the source's own: it cannot be removed", Excerpt(language), videoID)
			}
			return Change{}, Errorf(ENotFound, "video %s has no added %s audio track", videoID, Excerpt(language))
		}
		v.AudioTracks = slices.Delete(v.AudioTracks, i, i+1)
		v.UpdatedAt = s.clock.Now()
		return Change{Jobs: []Job{{Kind: JobAudioTracks, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	if err != nil {
		return err
	}
	// The stored file goes once no publish can need it again.
	if err := s.blobs.DeletePrefix(ctx, AudioTrackKey(videoID, language)); err != nil {
		s.log.WarnContext(ctx, "removing an audio track file", "video", videoID, "err", err)
	}
	return nil
}

// LocalAudioTrack returns a local path of the uploaded file of an added
// audio track: the blob itself on local disk, else a copy in dir.
func (s *Jobs) LocalAudioTrack(ctx context.Context, videoID, language, dir string) (string, error) {
	return s.localBlob(ctx, AudioTrackKey(videoID, language), filepath.Join(dir, "audio-"+language))
}

// LocalPosterImage returns a local path of a video's uploaded poster image.
func (s *Jobs) LocalPosterImage(ctx context.Context, videoID, dir string) (string, error) {
	return s.localBlob(ctx, PosterImageKey(videoID), filepath.Join(dir, "poster-image"))
}

func (s *Service) localBlob(ctx context.Context, key, dst string) (string, error) {
	if lb := s.caps.localBlobs; lb != nil {
		p := lb.Path(key)
		if _, err := os.Stat(p); err != nil {
			return "", Errorf(ENotFound, "%s is missing", key)
		}
		return p, nil
	}
	if err := s.download(ctx, key, dst); err != nil {
		return "", err
	}
	return dst, nil
}

// AudioTrackRevs returns the revision of each added audio track of a
// video (by language), which Present keeps out of the video's JSON: a job
// reports what it encoded with them (AudioTracksPublished).
func (s *Jobs) AudioTrackRevs(ctx context.Context, videoID string) (map[string]string, error) {
	v, err := s.store.Video(ctx, "", videoID)
	if err != nil {
		return nil, err
	}
	revs := map[string]string{}
	for _, a := range v.AudioTracks {
		if a.Added {
			revs[a.Language] = a.Rev
		}
	}
	return revs, nil
}

// AudioTracksPublished records the end of a JobAudioTracks run: the
// tracks in done (language → the revision encoded) are ready, those in
// failed errored; a track replaced meanwhile (another revision) is left
// for the job its replacement queued. A track turning errored emits
// video.asset.errored.
func (s *Jobs) AudioTracksPublished(ctx context.Context, videoID string, done map[string]string, failed map[string]*VideoError, failedRev map[string]string) error {
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		var ch Change
		for i := range v.AudioTracks {
			a := &v.AudioTracks[i]
			if !a.Added {
				continue
			}
			if rev, ok := done[a.Language]; ok && rev == a.Rev {
				a.State, a.Error = TrackReady, nil
			}
			if e, ok := failed[a.Language]; ok && failedRev[a.Language] == a.Rev {
				a.State, a.Error = TrackErrored, e
				ch.Events = []EventType{EventVideoAssetErrored}
			}
		}
		v.UpdatedAt = s.clock.Now()
		return ch, nil
	})
	return err
}

// AudioTracksFailed marks every added track still processing errored, with
// video.asset.errored: the job that encodes them failed for good (a
// failure no retry fixes, or its attempts spent).
func (s *Jobs) AudioTracksFailed(ctx context.Context, videoID, code, message string) error {
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		var ch Change
		for i := range v.AudioTracks {
			if a := &v.AudioTracks[i]; a.Added && a.State == TrackProcessing {
				a.State, a.Error = TrackErrored, &VideoError{Code: code, Message: message}
				ch.Events = []EventType{EventVideoAssetErrored}
			}
		}
		v.UpdatedAt = s.clock.Now()
		return ch, nil
	})
	return err
}

// PosterFailed records that a JobPoster failed for good (a failure no
// retry fixes, or its attempts spent): the video keeps the poster it had,
// its poster_error says why, and video.asset.errored is emitted.
func (s *Jobs) PosterFailed(ctx context.Context, videoID, code, message string) error {
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		v.PosterError = &VideoError{Code: code, Message: message}
		v.UpdatedAt = s.clock.Now()
		return Change{Events: []EventType{EventVideoAssetErrored}}, nil
	})
	return err
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
// poster_time does the same as a time here.
func (s *Service) SetPoster(ctx context.Context, p *Principal, videoID string, in PosterInput) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if (in.Time == nil) == (in.Image == "") {
		return nil, Invalid("body", "must be an image or {\"time\": seconds}")
	}
	if in.Time != nil && (*in.Time < 0 || *in.Time > 12*3600) {
		return nil, Invalid("time", "must be a number of seconds within the video")
	}
	v, err := s.store.Video(ctx, p.Space, videoID)
	if err != nil {
		return nil, err
	}
	if err := posterEditable(v); err != nil {
		return nil, err
	}
	tp, err := s.trackPipeline()
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
		release, err := s.checks.acquire(ctx)
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
		if err := s.importPath(ctx, PosterImageKey(videoID), in.Image, false); err != nil {
			return nil, fmt.Errorf("storing poster image: %w", err)
		}
	}
	v, err = s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		if err := posterEditable(v); err != nil {
			return Change{}, err
		}
		if in.Time != nil {
			if *in.Time > v.Duration {
				return Change{}, Invalid("time", "must be within the duration (%.3f s)", v.Duration)
			}
			pt := *in.Time
			v.PosterTime = &pt
		}
		v.PosterImage = in.Image != ""
		v.PosterError = nil
		v.UpdatedAt = s.clock.Now()
		return Change{Jobs: []Job{{Kind: JobPoster, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

func posterEditable(v *Video) error {
	if err := editable(v, "poster"); err != nil {
		return err
	}
	if !v.Assets.Poster {
		return Errorf(EConflict, "video %s has no pictures (audio only): it has no poster", v.ID)
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
// (TrackPipeline.ProbeImage), once, with the decoder the poster job uses:
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
		return Errorf(EPayloadTooLarge, "%s", refused.Msg)
	case imagecheck.TooWide:
		return Invalid("body", "%s", refused.Msg)
	}
	return Errorf(VideoErrNotMedia, "%s", refused.Msg)
}
