package webvtt

import "fmt"

// Kind says what is wrong with a refused file.
type Kind int

// Kinds of refusal. The comment says which dialect can return each.
const (
	// Empty: the file has no line that is not blank (Parse).
	Empty Kind = iota + 1
	// NotUTF8: the file is not UTF-8 (ParseStrict; Parse reads Latin-1).
	NotUTF8
	// NoHeader: the first line is not WEBVTT (ParseStrict; Parse reads
	// such a file as SRT).
	NoHeader
	// NoTiming: a block that is not a note, style or region has no timing
	// line first or second.
	NoTiming
	// BadTimingLine: a timing line lacks its start or end time (Parse), or
	// its end time (ParseStrict, which reports a missing start as
	// BadStart).
	BadTimingLine
	// BadStart and BadEnd: a timestamp does not parse; Err is a *TimeError.
	BadStart
	BadEnd
	// EndBeforeStart: a cue ends before it starts (Parse).
	EndBeforeStart
	// ArrowInText: a line of cue text holds "-->", most likely a timing
	// line after a forgotten blank line (ParseStrict).
	ArrowInText
	// TooManyCues: more cues than ParseStrict's maxCues.
	TooManyCues
	// NoCues: the file holds no cue.
	NoCues
)

// Error says why a file was refused and where.
type Error struct {
	// Line is 1-based, counted after line endings are normalised; 0 when
	// no one line is at fault (NotUTF8).
	Line int
	Kind Kind
	// Msg says what is wrong in words fit for a person who wrote the file.
	Msg string
	// Err is the cause: a *TimeError for BadStart and BadEnd.
	Err error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return "webvtt: " + e.Msg
	}
	return fmt.Sprintf("webvtt: line %d: %s", e.Line, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// TimeKind says what is wrong with a timestamp.
type TimeKind int

// Kinds of bad timestamp.
const (
	// TimeSyntax: not [hh:]mm:ss.ttt (ParseStrict says so too of a
	// fraction that is not three digits).
	TimeSyntax TimeKind = iota + 1
	// TimeRange: minutes or seconds of 60 or more.
	TimeRange
	// TimeMillis: the fraction is not 1 to 3 digits (Parse).
	TimeMillis
	// TimeHours: too many hours (Parse: over 99999; ParseStrict: other
	// than 2 to 6 digits).
	TimeHours
)

// TimeError says why a timestamp does not parse.
type TimeError struct {
	Text string // the timestamp as written
	Kind TimeKind
}

func (e *TimeError) Error() string {
	switch e.Kind {
	case TimeRange:
		return "minutes and seconds must be below 60"
	case TimeMillis:
		return "want 1 to 3 digits of milliseconds"
	case TimeHours:
		return "hours out of range"
	}
	return "want [hh:]mm:ss.ttt"
}
