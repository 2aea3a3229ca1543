package videohost

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
)

// JobSubtitles republishes a video's assets with its current subtitle tracks
// and chapters (a revision: nothing is re-encoded). The name predates
// chapters and stays, since queued jobs carry it.
const JobSubtitles JobKind = "subtitles"

// MaxSubtitleBytes bounds an uploaded subtitle file.
const MaxSubtitleBytes = 4 << 20

// SubtitleFile is one subtitle track with its WebVTT text.
type SubtitleFile struct {
	Language string
	Label    string
	Default  bool
	VTT      []byte
}

// SubtitleKey is the blob key of the WebVTT file of a subtitle track; it
// lives beside the source so that every re-publish can apply it again.
func SubtitleKey(videoID, language string) string {
	return "sources/" + videoID + "/subtitles/" + language + ".vtt"
}

var languageTag = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)

// ValidLanguage reports whether s is a BCP 47-style tag such as "en" or "pt-BR".
func ValidLanguage(s string) bool { return languageTag.MatchString(s) }

func (s *Service) subtitlePipeline() (SubtitlePipeline, error) {
	return need(s.caps.pipeline.Subtitles, "subtitles", "media pipeline")
}

// PutSubtitles adds or replaces the subtitles of one language. The body is
// SRT or WebVTT; it is stored as WebVTT, and the published playlists are
// rewritten by a background job without re-encoding any video. The change
// emits video.subtitles.updated.
func (s *Service) PutSubtitles(ctx context.Context, p *Principal, videoID, language, label string, body []byte) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	if !ValidLanguage(language) {
		return nil, Invalid("language", "must be a language tag such as en or pt-BR")
	}
	label, err := CheckLabel(label)
	if err != nil {
		return nil, err
	}
	if len(body) > MaxSubtitleBytes {
		return nil, Errorf(EPayloadTooLarge, "subtitle files are limited to %d bytes", MaxSubtitleBytes)
	}
	if _, err := s.store.Video(ctx, p.Space, videoID); err != nil {
		return nil, err
	}
	sp, err := s.subtitlePipeline()
	if err != nil {
		return nil, err
	}
	vtt, err := sp.ConvertSubtitles(ctx, body)
	if err != nil {
		return nil, err
	}
	if label == "" {
		label = language
	}
	if _, err := s.blobs.Put(ctx, SubtitleKey(videoID, language), bytes.NewReader(vtt)); err != nil {
		return nil, fmt.Errorf("storing subtitles: %w", err)
	}
	v, err := s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		replaced := false
		for i := range v.Subtitles {
			if v.Subtitles[i].Language == language {
				v.Subtitles[i].Label = label
				replaced = true
			}
		}
		if !replaced {
			v.Subtitles = append(v.Subtitles, Subtitle{Language: language, Label: label})
		}
		v.UpdatedAt = s.clock.Now()
		return Change{
			Events: []EventType{EventVideoSubtitlesUpdated},
			Jobs:   []Job{{Kind: JobSubtitles, MaxAttempts: s.cfg.MaxJobAttempts}},
		}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// DeleteSubtitles removes the subtitles of one language; the change emits
// video.subtitles.updated.
func (s *Service) DeleteSubtitles(ctx context.Context, p *Principal, videoID, language string) error {
	if err := RequireWrite(p); err != nil {
		return err
	}
	_, err := s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		kept := v.Subtitles[:0]
		for _, sub := range v.Subtitles {
			if sub.Language != language {
				kept = append(kept, sub)
			}
		}
		if len(kept) == len(v.Subtitles) {
			return Change{}, Errorf(ENotFound, "video %s has no %s subtitles", videoID, language)
		}
		v.Subtitles = kept
		v.UpdatedAt = s.clock.Now()
		return Change{
			Events: []EventType{EventVideoSubtitlesUpdated},
			Jobs:   []Job{{Kind: JobSubtitles, MaxAttempts: s.cfg.MaxJobAttempts}},
		}, nil
	})
	if err != nil {
		return err
	}
	// The stored file goes once no published version can need it again.
	if err := s.blobs.DeletePrefix(ctx, "sources/"+videoID+"/subtitles/"+language+".vtt"); err != nil {
		s.log.WarnContext(ctx, "removing a subtitle file", "video", videoID, "err", err)
	}
	return nil
}

// SubtitleFiles loads the stored WebVTT of every subtitle track of v; the
// first track is the default one and feeds transcript.json.
func (s *Jobs) SubtitleFiles(ctx context.Context, v *Video) ([]SubtitleFile, error) {
	var out []SubtitleFile
	for i, sub := range v.Subtitles {
		rc, _, err := s.blobs.Open(ctx, SubtitleKey(v.ID, sub.Language))
		if err != nil {
			return nil, fmt.Errorf("opening %s subtitles: %w", sub.Language, err)
		}
		var buf bytes.Buffer
		_, err = buf.ReadFrom(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("reading %s subtitles: %w", sub.Language, err)
		}
		out = append(out, SubtitleFile{Language: sub.Language, Label: sub.Label, Default: i == 0, VTT: buf.Bytes()})
	}
	return out, nil
}
