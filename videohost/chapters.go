package videohost

import (
	"context"
	"errors"
	"mime"

	"github.com/reelvideo/reel/internal/chapterfile"
)

// Chapters. A video's chapters are a list of {start, title} kept on the
// video row; the API shows them at once. Their files — chapters.vtt (WebVTT
// chapters) and chapters.json (Apple's HLS chapter format, named by an
// EXT-X-SESSION-DATA tag of the master playlist) — are published with the
// video's assets: a change queues the same revision job as subtitles
// (JobSubtitles), which checks the published version out, rewrites those
// files and the master playlist, and publishes a new version. No media is
// re-encoded or copied.

// Chapter is one chapter of a video: where it starts, in seconds, and its
// title. A chapter ends where the next begins, the last at the duration.
type Chapter struct {
	Start float64 `json:"start"`
	Title string  `json:"title"`
}

// Limits of a chapter list.
const (
	MaxChapters        = chapterfile.MaxChapters
	MaxChapterTitleLen = chapterfile.MaxTitleLen // characters, after trimming
	MaxChaptersBytes   = 1 << 20                 // of a PUT body
)

// Asset names of the published chapter files.
const (
	ChaptersVTTAsset  = "chapters.vtt"
	ChaptersJSONAsset = "chapters.json"
)

// ChaptersHLSDataID is the DATA-ID of the EXT-X-SESSION-DATA tag that names
// the chapters.json of a master playlist.
const ChaptersHLSDataID = "com.apple.hls.chapters"

// ChaptersLanguage is the language of the titles in chapters.json: Reel
// does not know what language a title is in, so it says "undetermined".
const ChaptersLanguage = chapterfile.Language

// ChapterFiles are the published files of a chapter list.
type ChapterFiles struct {
	VTT  []byte // WebVTT chapters
	JSON []byte // Apple's JSON chapter format for HLS
}

// ParseChapters reads a chapter list from a request body: WebVTT chapters
// (contentType text/vtt; each cue's text is a title and only its start
// time counts) or JSON (application/json: [{"start": seconds, "title":
// "…"}]). It checks the syntax only; ValidateChapters checks the list.
func ParseChapters(contentType string, body []byte) ([]Chapter, error) {
	if len(body) > MaxChaptersBytes {
		return nil, Errorf(EPayloadTooLarge, "chapter lists are limited to %d bytes", MaxChaptersBytes)
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = ""
	}
	switch mt {
	case "text/vtt":
		return chaptersFromFile(chapterfile.ParseVTT(body))
	case "application/json":
		return chaptersFromFile(chapterfile.ParseJSON(body))
	}
	return nil, Invalid("Content-Type", "must be text/vtt (WebVTT chapters) or application/json ([{\"start\": seconds, \"title\": \"…\"}]), not %q", Excerpt(contentType))
}

// ValidateChapters checks a chapter list and returns it normalised: starts
// rounded to the millisecond, titles trimmed with their inner runs of white
// space made one space. Starts are ≥ 0, strictly increasing and, when the
// duration is known (> 0), before it; titles have 1 to MaxChapterTitleLen
// characters, no control characters and no "-->" (which would end a WebVTT
// cue's text); there are 1 to MaxChapters chapters. A refusal names each
// field at fault, as chapters[i].start or chapters[i].title.
func ValidateChapters(in []Chapter, duration float64) ([]Chapter, error) {
	if len(in) == 0 {
		return nil, Invalid("chapters", "the list is empty; DELETE /v1/videos/{id}/chapters removes a video's chapters")
	}
	if len(in) > MaxChapters {
		return nil, Invalid("chapters", "has %d chapters, more than the %d allowed", len(in), MaxChapters)
	}
	return chaptersFromFile(chapterfile.Validate(chaptersToFile(in), duration))
}

// RenderChapters makes the published files of a chapter list for a video
// lasting duration seconds; nil when no chapter fits.
func RenderChapters(chapters []Chapter, duration float64) (*ChapterFiles, error) {
	vtt, js, err := chapterfile.Render(chaptersToFile(chapters), duration)
	if vtt == nil || err != nil {
		return nil, err
	}
	return &ChapterFiles{VTT: vtt, JSON: js}, nil
}

// chaptersToFile and chaptersFromFile convert between the domain's
// Chapter and chapterfile's, field for field; chaptersFromFile answers a
// refusal of chapterfile as the validation error it words.
func chaptersToFile(in []Chapter) []chapterfile.Chapter {
	out := make([]chapterfile.Chapter, len(in))
	for i, c := range in {
		out[i] = chapterfile.Chapter(c)
	}
	return out
}

func chaptersFromFile(in []chapterfile.Chapter, err error) ([]Chapter, error) {
	var refused *chapterfile.Error
	if errors.As(err, &refused) {
		fields := make([]FieldError, len(refused.Fields))
		for i, f := range refused.Fields {
			fields[i] = FieldError(f)
		}
		return nil, &Error{Code: EValidation, Message: refused.Message, Fields: fields}
	}
	if err != nil {
		return nil, err
	}
	out := make([]Chapter, len(in))
	for i, c := range in {
		out[i] = Chapter(c)
	}
	return out, nil
}

// PutChapters replaces the chapters of a video with those of body, WebVTT
// (contentType text/vtt) or JSON (application/json). They show in the API
// at once; their files and the master playlist's chapter tag are published
// by a background revision, without re-encoding. No webhook event is sent:
// like a new title, chapters are the caller's own edit, and the answer is
// the video as it now is.
func (s *Service) PutChapters(ctx context.Context, p *Principal, videoID, contentType string, body []byte) (*Video, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	// Parsed once the video is found: another space's video, or none, is
	// ENotFound whatever the body holds.
	v, err := s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		parsed, err := ParseChapters(contentType, body)
		if err != nil {
			return Change{}, err
		}
		chapters, err := ValidateChapters(parsed, v.Duration)
		if err != nil {
			return Change{}, err
		}
		v.Chapters = chapters
		v.UpdatedAt = s.clock.Now()
		return Change{Jobs: []Job{{Kind: JobSubtitles, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// DeleteChapters removes every chapter of a video; a video without chapters
// is ENotFound, as a subtitle language it does not have.
func (s *Service) DeleteChapters(ctx context.Context, p *Principal, videoID string) error {
	if err := RequireWrite(p); err != nil {
		return err
	}
	_, err := s.updateVideo(ctx, p.Space, videoID, func(v *Video) (Change, error) {
		if len(v.Chapters) == 0 {
			return Change{}, Errorf(ENotFound, "video %s has no chapters", videoID)
		}
		v.Chapters = nil
		v.UpdatedAt = s.clock.Now()
		return Change{Jobs: []Job{{Kind: JobSubtitles, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	return err
}
