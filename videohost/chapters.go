package videohost

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/webvtt"
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
	MaxChapters        = 500
	MaxChapterTitleLen = 200     // characters, after trimming
	MaxChaptersBytes   = 1 << 20 // of a PUT body
	// maxChapterFieldErrors bounds how many invalid fields one refusal
	// names: a bad 500-chapter file gets a readable answer.
	maxChapterFieldErrors = 20
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
const ChaptersLanguage = "und"

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
		return parseChaptersVTT(body)
	case "application/json":
		return parseChaptersJSON(body)
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
	out := make([]Chapter, len(in))
	var fields []FieldError
	bad := func(field, format string, args ...any) {
		if len(fields) < maxChapterFieldErrors {
			fields = append(fields, FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
		}
	}
	for i, c := range in {
		start := math.Round(c.Start*1000)/1000 + 0 // + 0 turns -0 into 0
		field := "chapters[" + strconv.Itoa(i) + "]"
		switch {
		case math.IsNaN(c.Start) || math.IsInf(c.Start, 0) || c.Start < 0:
			bad(field+".start", "must be a number of seconds ≥ 0")
		case duration > 0 && start >= duration:
			bad(field+".start", "%s s is not before the end of the video (%s s)", formatSeconds(start), formatSeconds(duration))
		case start > maxChapterStart:
			bad(field+".start", "%s s is later than any video can last", formatSeconds(start))
		case i > 0 && start <= out[i-1].Start:
			bad(field+".start", "%s s must be after the start of chapters[%d] (%s s): starts are strictly increasing", formatSeconds(start), i-1, formatSeconds(out[i-1].Start))
		}
		title, problem := checkLine(c.Title, MaxChapterTitleLen, false)
		if problem != "" {
			bad(field+".title", "%s", problem)
		}
		out[i] = Chapter{Start: start, Title: title}
	}
	if len(fields) > 0 {
		msg := fields[0].Field + ": " + fields[0].Message
		if len(fields) > 1 {
			msg += fmt.Sprintf(" (and %d more)", len(fields)-1)
		}
		return nil, &Error{Code: EValidation, Message: msg, Fields: fields}
	}
	return out, nil
}

// maxChapterStart bounds a start when the duration is not known yet: far
// beyond any source Reel accepts, and within what WebVTT timestamps and
// float seconds represent exactly to the millisecond.
const maxChapterStart = 1000 * 3600

func formatSeconds(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

// parseChaptersJSON reads [{"start": seconds, "title": "…"}]; unknown
// fields are refused, so that a misspelt "time" is not silently dropped.
func parseChaptersJSON(body []byte) ([]Chapter, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var in []struct {
		Start *float64 `json:"start"`
		Title *string  `json:"title"`
	}
	if err := dec.Decode(&in); err != nil {
		return nil, Invalid("body", "is not a JSON array of {\"start\": seconds, \"title\": \"…\"}: %s", Excerpt(jsonProblem(err)))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, Invalid("body", "has data after the JSON array")
	}
	if in == nil {
		return nil, Invalid("body", "is not a JSON array of {\"start\": seconds, \"title\": \"…\"}")
	}
	if len(in) > MaxChapters {
		return nil, Invalid("chapters", "has %d chapters, more than the %d allowed", len(in), MaxChapters)
	}
	out := make([]Chapter, len(in))
	var fields []FieldError
	for i, c := range in {
		field := "chapters[" + strconv.Itoa(i) + "]"
		if c.Start == nil {
			fields = append(fields, FieldError{Field: field + ".start", Message: "is required"})
		} else {
			out[i].Start = *c.Start
		}
		if c.Title == nil {
			fields = append(fields, FieldError{Field: field + ".title", Message: "is required"})
		} else {
			out[i].Title = *c.Title
		}
		if len(fields) >= maxChapterFieldErrors {
			break
		}
	}
	if len(fields) > 0 {
		return nil, &Error{Code: EValidation, Message: fields[0].Field + ": " + fields[0].Message, Fields: fields}
	}
	return out, nil
}

// jsonProblem says what is wrong with a JSON body without quoting it.
func jsonProblem(err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Sprintf("syntax error at byte %d", syntax.Offset)
	case errors.As(err, &typ):
		if typ.Field != "" {
			return fmt.Sprintf("%s must not be a JSON %s", typ.Field, typ.Value)
		}
		return fmt.Sprintf("a JSON %s where an array was expected", typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "it ends too early"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// parseChaptersVTT reads WebVTT chapters: the WEBVTT header, then cues
// (an optional identifier, a timing line, the title on one or more lines,
// which are joined with spaces). NOTE, STYLE and REGION blocks are skipped;
// a UTF-8 byte order mark and CRLF or CR line endings are accepted. Cue
// end times must parse but are not used: a chapter ends where the next
// begins. A refusal names the line.
func parseChaptersVTT(body []byte) ([]Chapter, error) {
	cues, err := webvtt.ParseStrict(body, MaxChapters)
	if err != nil {
		return nil, chaptersVTTError(err)
	}
	out := make([]Chapter, len(cues))
	for i, c := range cues {
		out[i] = Chapter{Start: chapterSeconds(c.Start), Title: strings.ReplaceAll(c.Text, "\n", " ")}
	}
	return out, nil
}

// chaptersVTTError words a refusal of webvtt.ParseStrict as the API always
// has.
func chaptersVTTError(err error) error {
	var e *webvtt.Error
	if !errors.As(err, &e) {
		return err
	}
	at := func(format string, args ...any) error {
		return Invalid("body", "line %d: %s", e.Line, fmt.Sprintf(format, args...))
	}
	switch e.Kind {
	case webvtt.NotUTF8:
		return Invalid("body", "WebVTT must be UTF-8")
	case webvtt.NoHeader:
		return at("a WebVTT file starts with WEBVTT")
	case webvtt.NoTiming:
		return at("expected a cue timing line such as 00:01:00.000 --> 00:02:00.000")
	case webvtt.BadStart:
		return at("start time: %s", vttTimeProblem(e.Err))
	case webvtt.BadTimingLine: // ParseStrict's only one: no end time
		return at("end time missing")
	case webvtt.BadEnd:
		return at("end time: %s", vttTimeProblem(e.Err))
	case webvtt.ArrowInText:
		return at("a title must not contain -->; is a blank line missing before this cue?")
	case webvtt.TooManyCues:
		return Invalid("chapters", "more than the %d chapters allowed", MaxChapters)
	case webvtt.NoCues:
		return Invalid("body", "the WebVTT file has no cues")
	}
	return at("%s", e.Msg)
}

// vttTimeProblem says what is wrong with a timestamp, quoting it.
func vttTimeProblem(err error) string {
	var te *webvtt.TimeError
	if !errors.As(err, &te) {
		return err.Error()
	}
	switch te.Kind {
	case webvtt.TimeHours:
		return fmt.Sprintf("%q: hours are 2 to 6 digits", Excerpt(te.Text))
	case webvtt.TimeRange:
		return fmt.Sprintf("%q: minutes and seconds must be below 60", Excerpt(te.Text))
	}
	return fmt.Sprintf("%q is not [hh:]mm:ss.ttt", Excerpt(te.Text))
}

// chapterSeconds is d in seconds from its whole milliseconds, one rounding
// as chapters always had: d.Seconds() rounds twice and can differ in the
// last bit, which would make a start fail to equal its JSON twin.
func chapterSeconds(d time.Duration) float64 { return float64(d.Milliseconds()) / 1000 }

// chapterTime is s seconds rounded to the millisecond, as chapters are
// kept and written.
func chapterTime(s float64) time.Duration {
	return time.Duration(math.Round(max(s, 0)*1000)) * time.Millisecond
}

// publishedChapters are the chapters that fit in duration, with their
// ends: each ends where the next begins, the last at the duration. A
// chapter at or past the end (set before the duration was known, or kept
// from a longer source that was replaced) is left out.
func publishedChapters(chapters []Chapter, duration float64) (starts, ends []float64, titles []string) {
	for _, c := range chapters {
		if duration > 0 && c.Start >= duration {
			break
		}
		starts = append(starts, c.Start)
		titles = append(titles, c.Title)
	}
	for i := range starts {
		end := duration
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		ends = append(ends, max(end, starts[i]))
	}
	return starts, ends, titles
}

// RenderChapters makes the published files of a chapter list for a video
// lasting duration seconds; nil when no chapter fits.
func RenderChapters(chapters []Chapter, duration float64) (*ChapterFiles, error) {
	starts, ends, titles := publishedChapters(chapters, duration)
	if len(starts) == 0 {
		return nil, nil
	}
	type title struct {
		Language string `json:"language"`
		Title    string `json:"title"`
	}
	type appleChapter struct {
		Chapter   int     `json:"chapter"`
		StartTime float64 `json:"start-time"`
		Duration  float64 `json:"duration"`
		Titles    []title `json:"titles"`
	}
	apple := make([]appleChapter, len(starts))
	cues := make([]webvtt.Cue, len(starts))
	for i := range starts {
		// ValidateChapters lets no title through that would end its cue
		// (a line break, "-->"); the writer holds without it too: a title
		// is made one line of UTF-8, and webvtt.Write writes "-->" as
		// WebVTT's "--&gt;".
		line := strings.Join(strings.Fields(strings.ToValidUTF8(titles[i], "\ufffd")), " ")
		cues[i] = webvtt.Cue{Start: chapterTime(starts[i]), End: chapterTime(ends[i]), Text: line}
		apple[i] = appleChapter{
			Chapter:   i + 1,
			StartTime: starts[i],
			Duration:  math.Round((ends[i]-starts[i])*1000) / 1000,
			Titles:    []title{{Language: ChaptersLanguage, Title: line}},
		}
	}
	var vtt bytes.Buffer
	if err := webvtt.Write(&vtt, cues); err != nil {
		return nil, fmt.Errorf("encoding chapters.vtt: %w", err)
	}
	js, err := json.MarshalIndent(apple, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding chapters.json: %w", err)
	}
	return &ChapterFiles{VTT: vtt.Bytes(), JSON: append(js, '\n')}, nil
}

// PutChapters replaces the chapters of a video with those of body, WebVTT
// (contentType text/vtt) or JSON (application/json). They show in the API
// at once; their files and the master playlist's chapter tag are published
// by a background revision, without re-encoding. No webhook event is sent:
// like a new title, chapters are the caller's own edit, and the answer is
// the video as it now is.
func (s *Service) PutChapters(ctx context.Context, p *Principal, videoID, contentType string, body []byte) (*Video, error) {
	if err := requireWrite(p); err != nil {
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
	if err := requireWrite(p); err != nil {
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
