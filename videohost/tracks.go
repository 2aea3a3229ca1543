package videohost

import (
	"context"
	"os"
	"path/filepath"
)

// Added audio tracks and custom posters: both change a ready video's
// published set without re-encoding its video. The body is kept beside the
// source (sources/{video}/audio/{language}, sources/{video}/poster) so
// that a later publish (a replaced source) applies it again, and a job
// revises the published version: checked out (hard links on local disk),
// the new files written, the revision published as a new version. Adding
// and setting them through the API is videohost/trackadmin's; what the
// stores, the worker and the delivery share stays here.

const (
	// JobAudioTracks brings a ready video's published added audio tracks
	// in line with its list: it encodes each track in state processing
	// (and only those) and removes the tracks no longer listed.
	JobAudioTracks JobKind = "audio_tracks"
	// JobPoster remakes a ready video's poster from its uploaded image or
	// from the frame at its poster_time.
	JobPoster JobKind = "poster"
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

// TrackPipeline is the pipeline's audio tracks and posters, or EUnavailable
// naming them, for videohost/trackadmin.
func (s *Service) TrackPipeline() (TrackPipeline, error) {
	return need(s.caps.pipeline.Tracks, "audio tracks and posters", "media pipeline")
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
