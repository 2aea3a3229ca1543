package chapterfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/usertext"
	"github.com/reelvideo/reel/internal/webvtt"
)

// Chapter is one chapter: where it starts, in seconds, and its title
// (videohost.Chapter, field for field).
type Chapter struct {
	Start float64
	Title string
}

// Limits of a chapter list.
const (
	MaxChapters = 500
	MaxTitleLen = 200 // characters, after trimming
	// maxFieldErrors bounds how many invalid fields one refusal names: a
	// bad 500-chapter file gets a readable answer.
	maxFieldErrors = 20
)

// Language is the language of the titles in chapters.json: Reel does not
// know what language a title is in, so it says "undetermined".
const Language = "und"

// Field names one invalid field of a chapter list.
type Field struct {
	Field   string
	Message string
}

// Error is a refusal of a chapter list, worded for the caller who sent it:
// the domain answers it as a validation error (videohost.EValidation)
// with the same message and fields.
type Error struct {
	Message string
	Fields  []Field
}

func (e *Error) Error() string { return e.Message }

// invalid is a refusal naming one field, as videohost.Invalid words it.
func invalid(field, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Message: field + ": " + msg, Fields: []Field{{Field: field, Message: msg}}}
}

// Validate checks each chapter of a list and returns it normalised: starts
// rounded to the millisecond, titles made one line (usertext.Line). Starts
// are ≥ 0, strictly increasing and, when the duration is known (> 0),
// before it; titles have 1 to MaxTitleLen characters. A refusal names
// each field at fault (up to maxFieldErrors), as chapters[i].start or
// chapters[i].title. How many chapters a list may hold is the caller's.
func Validate(in []Chapter, duration float64) ([]Chapter, error) {
	out := make([]Chapter, len(in))
	var fields []Field
	bad := func(field, format string, args ...any) {
		if len(fields) < maxFieldErrors {
			fields = append(fields, Field{Field: field, Message: fmt.Sprintf(format, args...)})
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
		case start > maxStart:
			bad(field+".start", "%s s is later than any video can last", formatSeconds(start))
		case i > 0 && start <= out[i-1].Start:
			bad(field+".start", "%s s must be after the start of chapters[%d] (%s s): starts are strictly increasing", formatSeconds(start), i-1, formatSeconds(out[i-1].Start))
		}
		title, problem := usertext.Line(c.Title, MaxTitleLen, false)
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
		return nil, &Error{Message: msg, Fields: fields}
	}
	return out, nil
}

// maxStart bounds a start when the duration is not known yet: far
// beyond any source Reel accepts, and within what WebVTT timestamps and
// float seconds represent exactly to the millisecond.
const maxStart = 1000 * 3600

func formatSeconds(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

// ParseJSON reads [{"start": seconds, "title": "…"}]; unknown
// fields are refused, so that a misspelt "time" is not silently dropped.
func ParseJSON(body []byte) ([]Chapter, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var in []struct {
		Start *float64 `json:"start"`
		Title *string  `json:"title"`
	}
	if err := dec.Decode(&in); err != nil {
		return nil, invalid("body", "is not a JSON array of {\"start\": seconds, \"title\": \"…\"}: %s", usertext.Excerpt(jsonProblem(err)))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, invalid("body", "has data after the JSON array")
	}
	if in == nil {
		return nil, invalid("body", "is not a JSON array of {\"start\": seconds, \"title\": \"…\"}")
	}
	if len(in) > MaxChapters {
		return nil, invalid("chapters", "has %d chapters, more than the %d allowed", len(in), MaxChapters)
	}
	out := make([]Chapter, len(in))
	var fields []Field
	for i, c := range in {
		field := "chapters[" + strconv.Itoa(i) + "]"
		if c.Start == nil {
			fields = append(fields, Field{Field: field + ".start", Message: "is required"})
		} else {
			out[i].Start = *c.Start
		}
		if c.Title == nil {
			fields = append(fields, Field{Field: field + ".title", Message: "is required"})
		} else {
			out[i].Title = *c.Title
		}
		if len(fields) >= maxFieldErrors {
			break
		}
	}
	if len(fields) > 0 {
		return nil, &Error{Message: fields[0].Field + ": " + fields[0].Message, Fields: fields}
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

// ParseVTT reads WebVTT chapters: the WEBVTT header, then cues
// (an optional identifier, a timing line, the title on one or more lines,
// which are joined with spaces). NOTE, STYLE and REGION blocks are skipped;
// a UTF-8 byte order mark and CRLF or CR line endings are accepted. Cue
// end times must parse but are not used: a chapter ends where the next
// begins. A refusal names the line.
func ParseVTT(body []byte) ([]Chapter, error) {
	cues, err := webvtt.ParseStrict(body, MaxChapters)
	if err != nil {
		return nil, vttError(err)
	}
	out := make([]Chapter, len(cues))
	for i, c := range cues {
		out[i] = Chapter{Start: chapterSeconds(c.Start), Title: strings.ReplaceAll(c.Text, "\n", " ")}
	}
	return out, nil
}

// vttError words a refusal of webvtt.ParseStrict as the API always
// has.
func vttError(err error) error {
	var e *webvtt.Error
	if !errors.As(err, &e) {
		return err
	}
	at := func(format string, args ...any) error {
		return invalid("body", "line %d: %s", e.Line, fmt.Sprintf(format, args...))
	}
	switch e.Kind {
	case webvtt.NotUTF8:
		return invalid("body", "WebVTT must be UTF-8")
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
		return invalid("chapters", "more than the %d chapters allowed", MaxChapters)
	case webvtt.NoCues:
		return invalid("body", "the WebVTT file has no cues")
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
		return fmt.Sprintf("%q: hours are 2 to 6 digits", usertext.Excerpt(te.Text))
	case webvtt.TimeRange:
		return fmt.Sprintf("%q: minutes and seconds must be below 60", usertext.Excerpt(te.Text))
	}
	return fmt.Sprintf("%q is not [hh:]mm:ss.ttt", usertext.Excerpt(te.Text))
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

// Render makes the published files of a chapter list for a video lasting
// duration seconds: chapters.vtt (WebVTT chapters) and chapters.json
// (Apple's JSON chapter format for HLS); nil when no chapter fits.
func Render(chapters []Chapter, duration float64) (vtt, js []byte, err error) {
	starts, ends, titles := publishedChapters(chapters, duration)
	if len(starts) == 0 {
		return nil, nil, nil
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
		// Validate lets no title through that would end its cue
		// (a line break, "-->"); the writer holds without it too: a title
		// is made one line of UTF-8, and webvtt.Write writes "-->" as
		// WebVTT's "--&gt;".
		line := strings.Join(strings.Fields(strings.ToValidUTF8(titles[i], "\ufffd")), " ")
		cues[i] = webvtt.Cue{Start: chapterTime(starts[i]), End: chapterTime(ends[i]), Text: line}
		apple[i] = appleChapter{
			Chapter:   i + 1,
			StartTime: starts[i],
			Duration:  math.Round((ends[i]-starts[i])*1000) / 1000,
			Titles:    []title{{Language: Language, Title: line}},
		}
	}
	var buf bytes.Buffer
	if err := webvtt.Write(&buf, cues); err != nil {
		return nil, nil, fmt.Errorf("encoding chapters.vtt: %w", err)
	}
	js, err = json.MarshalIndent(apple, "", "  ")
	if err != nil {
		return nil, nil, fmt.Errorf("encoding chapters.json: %w", err)
	}
	return buf.Bytes(), append(js, '\n'), nil
}
