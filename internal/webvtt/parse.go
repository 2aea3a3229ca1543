package webvtt

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Cue is one timed piece of text: a subtitle, a chapter, a storyboard tile.
type Cue struct {
	// ID is the WebVTT cue identifier, if any (SRT sequence numbers are not
	// kept: they carry nothing a player uses).
	ID    string
	Start time.Duration
	End   time.Duration
	// Settings are WebVTT cue settings ("align:start line:0"), kept as given.
	Settings string
	// Text is the payload, lines separated by "\n", markup such as <i> kept.
	Text string
}

// Parse reads SRT or WebVTT, telling them apart by content. It accepts what
// editors actually write: a UTF-8 byte order mark, CRLF or CR line endings,
// no final newline, "," or "." before the milliseconds, cue numbers, WebVTT
// cue settings, NOTE/STYLE/REGION blocks, and timestamps without hours.
// Text that is not UTF-8 is read as Latin-1, the usual encoding of old SRT
// files. Cues come back ordered by start time. A refusal is an *Error with
// a line ≥ 1.
func Parse(data []byte) ([]Cue, error) {
	lines := strings.Split(looseText(data), "\n")
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first == len(lines) {
		return nil, &Error{Line: 1, Kind: Empty, Msg: "empty file"}
	}
	var cues []Cue
	var err error
	if isHeader(lines[first]) {
		cues, err = parseWebVTT(lines, first, false, 0)
	} else {
		cues, err = parseSRT(lines, first)
	}
	if err != nil {
		return nil, err
	}
	if len(cues) == 0 {
		return nil, &Error{Line: first + 1, Kind: NoCues, Msg: "no cues"}
	}
	slices.SortStableFunc(cues, func(a, b Cue) int { return cmp.Compare(a.Start, b.Start) })
	return cues, nil
}

// ParseStrict reads WebVTT as the specification writes it: UTF-8 (a byte
// order mark and CRLF or CR line endings accepted), WEBVTT on the first
// line, [hh:]mm:ss.ttt timestamps, no "-->" in cue text. Cue end times
// must parse but may come before the start, and cues come back in file
// order: the caller judges the times. maxCues > 0 bounds the cues.
func ParseStrict(data []byte, maxCues int) ([]Cue, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return nil, &Error{Kind: NotUTF8, Msg: "not UTF-8"}
	}
	lines := strings.Split(lineBreaks.Replace(string(data)), "\n")
	if !isHeader(lines[0]) {
		return nil, &Error{Line: 1, Kind: NoHeader, Msg: "a WebVTT file starts with WEBVTT"}
	}
	cues, err := parseWebVTT(lines, 0, true, maxCues)
	if err != nil {
		return nil, err
	}
	if len(cues) == 0 {
		return nil, &Error{Line: 1, Kind: NoCues, Msg: "no cues"}
	}
	return cues, nil
}

// lineBreaks makes every line ending (CRLF, CR, LF) a "\n".
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// looseText decodes data to a string with "\n" line endings, as Latin-1
// when it is not UTF-8.
func looseText(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var text string
	if utf8.Valid(data) {
		text = string(data)
	} else {
		runes := make([]rune, len(data))
		for i, b := range data {
			runes[i] = rune(b)
		}
		text = string(runes)
	}
	return strings.ReplaceAll(lineBreaks.Replace(text), "\x00", "\uFFFD")
}

func isHeader(line string) bool {
	rest, ok := strings.CutPrefix(line, "WEBVTT")
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// block is a run of non-blank lines; first is the 0-based index of its
// first line.
type block struct {
	first int
	lines []string
}

// blocks splits lines from from on blank lines. Parse trims the end of each
// line; ParseStrict keeps lines as written, since a cue's text is the
// caller's to judge.
func blocks(lines []string, from int, trim bool) []block {
	var out []block
	var current *block
	for i := from; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "" {
			current = nil
			continue
		}
		if current == nil {
			out = append(out, block{first: i})
			current = &out[len(out)-1]
		}
		line := lines[i]
		if trim {
			line = strings.TrimRight(line, " \t")
		}
		current.lines = append(current.lines, line)
	}
	return out
}

// isMetadata reports whether a block whose first line is first is a NOTE,
// STYLE or REGION block. The dialects decide as the parsers they replace
// did, so that no file either accepted is refused now: Parse by prefix,
// ParseStrict by first word and never for a line holding "-->".
func isMetadata(first string, strict bool) bool {
	if !strict {
		return strings.HasPrefix(first, "NOTE") || first == "STYLE" || first == "REGION"
	}
	kw, _, _ := strings.Cut(strings.TrimSpace(first), " ")
	return (kw == "NOTE" || kw == "STYLE" || kw == "REGION") && !strings.Contains(first, "-->")
}

// parseWebVTT reads the blocks after the header on line index header.
func parseWebVTT(lines []string, header int, strict bool, maxCues int) ([]Cue, error) {
	bs := blocks(lines, header, !strict)
	// The first block is the header and its metadata lines. Some writers
	// forget the blank line after it: a timing line there starts a cue.
	for k, line := range bs[0].lines[1:] {
		if strings.Contains(line, "-->") {
			cue := block{first: bs[0].first + 1 + k, lines: bs[0].lines[1+k:]}
			bs = append([]block{bs[0], cue}, bs[1:]...)
			break
		}
	}
	var cues []Cue
	for _, b := range bs[1:] {
		first := b.lines[0]
		if isMetadata(first, strict) {
			continue
		}
		timing := 0
		id := ""
		if !strings.Contains(first, "-->") {
			if len(b.lines) < 2 || !strings.Contains(b.lines[1], "-->") {
				return nil, &Error{Line: b.first + 1, Kind: NoTiming, Msg: "expected a cue timing line (start --> end)"}
			}
			id, timing = first, 1
		}
		cue, err := parseTimingLine(b.lines[timing], b.first+timing+1, strict)
		if err != nil {
			return nil, err
		}
		if strict {
			for k, l := range b.lines[timing+1:] {
				if strings.Contains(l, "-->") {
					return nil, &Error{Line: b.first + timing + 2 + k, Kind: ArrowInText, Msg: "cue text must not contain -->; is a blank line missing before this cue?"}
				}
			}
		}
		if maxCues > 0 && len(cues) == maxCues {
			return nil, &Error{Line: b.first + 1, Kind: TooManyCues, Msg: fmt.Sprintf("more than %d cues", maxCues)}
		}
		cue.ID = id
		cue.Text = strings.Join(b.lines[timing+1:], "\n")
		cues = append(cues, cue)
	}
	return cues, nil
}

// srtFontTag matches SRT's <font ...> markup, which WebVTT has no use for.
var srtFontTag = regexp.MustCompile(`(?i)</?font[^>]*>`)

func parseSRT(lines []string, from int) ([]Cue, error) {
	var cues []Cue
	for _, b := range blocks(lines, from, true) {
		timing := 0
		if !strings.Contains(b.lines[0], "-->") {
			// A cue number, then the timing line.
			if len(b.lines) < 2 || !strings.Contains(b.lines[1], "-->") {
				if len(cues) > 0 && !isCueNumber(b.lines[0]) {
					// A blank line inside a cue's text: the text goes on.
					last := &cues[len(cues)-1]
					last.Text = strings.TrimSpace(last.Text + "\n" + srtText(b.lines))
					continue
				}
				return nil, &Error{Line: b.first + 1, Kind: NoTiming, Msg: "expected a cue timing line (start --> end)"}
			}
			timing = 1
		}
		cue, err := parseTimingLine(b.lines[timing], b.first+timing+1, false)
		if err != nil {
			return nil, err
		}
		// SRT puts pixel coordinates after the times (X1:..), which mean
		// nothing to a WebVTT player.
		cue.Settings = ""
		cue.Text = srtText(b.lines[timing+1:])
		cues = append(cues, cue)
	}
	return cues, nil
}

func srtText(lines []string) string {
	return strings.TrimSpace(srtFontTag.ReplaceAllString(strings.Join(lines, "\n"), ""))
}

func isCueNumber(line string) bool {
	_, err := strconv.Atoi(strings.TrimSpace(line))
	return err == nil
}

// parseTimingLine reads "start --> end [settings]" on line number lineNo.
func parseTimingLine(line string, lineNo int, strict bool) (Cue, error) {
	left, right, _ := strings.Cut(line, "-->")
	startText := strings.TrimSpace(left)
	fields := strings.Fields(right)
	// ParseStrict reports an empty start as a bad start time, as the
	// chapter parser it replaces did.
	if !strict && (startText == "" || len(fields) == 0) {
		return Cue{}, &Error{Line: lineNo, Kind: BadTimingLine, Msg: fmt.Sprintf("malformed timing line %q", line)}
	}
	start, err := parseTime(startText, strict)
	if err != nil {
		return Cue{}, &Error{Line: lineNo, Kind: BadStart, Msg: fmt.Sprintf("bad start time %q: %v", startText, err), Err: err}
	}
	if len(fields) == 0 {
		return Cue{}, &Error{Line: lineNo, Kind: BadTimingLine, Msg: fmt.Sprintf("malformed timing line %q", line)}
	}
	end, err := parseTime(fields[0], strict)
	if err != nil {
		return Cue{}, &Error{Line: lineNo, Kind: BadEnd, Msg: fmt.Sprintf("bad end time %q: %v", fields[0], err), Err: err}
	}
	if !strict && end < start {
		return Cue{}, &Error{Line: lineNo, Kind: EndBeforeStart, Msg: fmt.Sprintf("cue ends (%s) before it starts (%s)", fields[0], startText)}
	}
	return Cue{Start: start, End: end, Settings: strings.Join(fields[1:], " ")}, nil
}
