package media

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Cue is one timed subtitle.
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

// SubtitleError says why a subtitle file was refused and on which line
// (1-based, counted after line endings are normalised).
type SubtitleError struct {
	Line int
	Msg  string
}

func (e *SubtitleError) Error() string {
	return fmt.Sprintf("subtitles: line %d: %s", e.Line, e.Msg)
}

// MaxSubtitleBytes bounds what ParseSubtitles reads: a feature film's
// subtitles are a few hundred KiB.
const MaxSubtitleBytes = 8 << 20

// ParseSubtitles reads SRT or WebVTT, telling them apart by content. It
// accepts what editors actually write: a UTF-8 byte order mark, CRLF or CR
// line endings, no final newline, "," or "." before the milliseconds, cue
// numbers, WebVTT cue settings, NOTE/STYLE/REGION blocks, and timestamps
// without hours. Text that is not UTF-8 is read as Latin-1, the usual
// encoding of old SRT files. Cues come back ordered by start time.
func ParseSubtitles(data []byte) ([]Cue, error) {
	if len(data) > MaxSubtitleBytes {
		return nil, &SubtitleError{Line: 1, Msg: fmt.Sprintf("file larger than %d bytes", MaxSubtitleBytes)}
	}
	text := subtitleText(data)
	lines := strings.Split(text, "\n")
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first == len(lines) {
		return nil, &SubtitleError{Line: 1, Msg: "empty file"}
	}
	var cues []Cue
	var err error
	if isWebVTTHeader(lines[first]) {
		cues, err = parseWebVTT(lines, first)
	} else {
		cues, err = parseSRT(lines, first)
	}
	if err != nil {
		return nil, err
	}
	if len(cues) == 0 {
		return nil, &SubtitleError{Line: first + 1, Msg: "no cues"}
	}
	slices.SortStableFunc(cues, func(a, b Cue) int { return cmp.Compare(a.Start, b.Start) })
	return cues, nil
}

// subtitleText decodes data to a string with "\n" line endings.
func subtitleText(data []byte) string {
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
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return strings.ReplaceAll(text, "\x00", "\uFFFD")
}

func isWebVTTHeader(line string) bool {
	rest, ok := strings.CutPrefix(line, "WEBVTT")
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// subtitleBlock is a run of non-blank lines; first is the 0-based index of
// its first line.
type subtitleBlock struct {
	first int
	lines []string
}

func subtitleBlocks(lines []string, from int) []subtitleBlock {
	var blocks []subtitleBlock
	var current *subtitleBlock
	for i := from; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "" {
			current = nil
			continue
		}
		if current == nil {
			blocks = append(blocks, subtitleBlock{first: i})
			current = &blocks[len(blocks)-1]
		}
		current.lines = append(current.lines, strings.TrimRight(lines[i], " \t"))
	}
	return blocks
}

func parseWebVTT(lines []string, header int) ([]Cue, error) {
	blocks := subtitleBlocks(lines, header)
	// The first block is the header and its metadata lines. Some writers
	// forget the blank line after it: a timing line there starts a cue.
	for k, line := range blocks[0].lines[1:] {
		if strings.Contains(line, "-->") {
			cueBlock := subtitleBlock{first: blocks[0].first + 1 + k, lines: blocks[0].lines[1+k:]}
			blocks = append([]subtitleBlock{blocks[0], cueBlock}, blocks[1:]...)
			break
		}
	}
	var cues []Cue
	for _, block := range blocks[1:] {
		first := block.lines[0]
		if strings.HasPrefix(first, "NOTE") || first == "STYLE" || first == "REGION" {
			continue
		}
		timing := 0
		id := ""
		if !strings.Contains(first, "-->") {
			if len(block.lines) < 2 || !strings.Contains(block.lines[1], "-->") {
				return nil, &SubtitleError{Line: block.first + 1, Msg: "expected a cue timing line (start --> end)"}
			}
			id, timing = first, 1
		}
		cue, err := parseTimingLine(block.lines[timing], block.first+timing+1, true)
		if err != nil {
			return nil, err
		}
		cue.ID = id
		cue.Text = strings.Join(block.lines[timing+1:], "\n")
		cues = append(cues, cue)
	}
	return cues, nil
}

// srtFontTag matches SRT's <font ...> markup, which WebVTT has no use for.
var srtFontTag = regexp.MustCompile(`(?i)</?font[^>]*>`)

func parseSRT(lines []string, from int) ([]Cue, error) {
	var cues []Cue
	for _, block := range subtitleBlocks(lines, from) {
		timing := 0
		if !strings.Contains(block.lines[0], "-->") {
			// A cue number, then the timing line.
			if len(block.lines) < 2 || !strings.Contains(block.lines[1], "-->") {
				if len(cues) > 0 && !isCueNumber(block.lines[0]) {
					// A blank line inside a cue's text: the text goes on.
					last := &cues[len(cues)-1]
					last.Text = strings.TrimSpace(last.Text + "\n" + srtText(block.lines))
					continue
				}
				return nil, &SubtitleError{Line: block.first + 1, Msg: "expected a cue timing line (start --> end)"}
			}
			timing = 1
		}
		cue, err := parseTimingLine(block.lines[timing], block.first+timing+1, false)
		if err != nil {
			return nil, err
		}
		cue.Text = srtText(block.lines[timing+1:])
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
func parseTimingLine(line string, lineNo int, keepSettings bool) (Cue, error) {
	left, right, _ := strings.Cut(line, "-->")
	startText := strings.TrimSpace(left)
	fields := strings.Fields(right)
	if startText == "" || len(fields) == 0 {
		return Cue{}, &SubtitleError{Line: lineNo, Msg: fmt.Sprintf("malformed timing line %q", line)}
	}
	start, err := parseSubtitleTime(startText)
	if err != nil {
		return Cue{}, &SubtitleError{Line: lineNo, Msg: fmt.Sprintf("bad start time %q: %v", startText, err)}
	}
	end, err := parseSubtitleTime(fields[0])
	if err != nil {
		return Cue{}, &SubtitleError{Line: lineNo, Msg: fmt.Sprintf("bad end time %q: %v", fields[0], err)}
	}
	if end < start {
		return Cue{}, &SubtitleError{Line: lineNo, Msg: fmt.Sprintf("cue ends (%s) before it starts (%s)", fields[0], startText)}
	}
	cue := Cue{Start: start, End: end}
	if keepSettings {
		// SRT puts pixel coordinates here (X1:..), which mean nothing to a
		// WebVTT player; WebVTT settings are kept.
		cue.Settings = strings.Join(fields[1:], " ")
	}
	return cue, nil
}

// parseSubtitleTime reads [hh:]mm:ss[(.|,)fff].
func parseSubtitleTime(s string) (time.Duration, error) {
	clock, fraction, hasFraction := strings.Cut(strings.ReplaceAll(s, ",", "."), ".")
	parts := strings.Split(clock, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, fmt.Errorf("want [hh:]mm:ss.ttt")
	}
	numbers := make([]int64, len(parts))
	for i, p := range parts {
		if p == "" || len(p) > 9 || strings.TrimLeft(p, "0123456789") != "" {
			return 0, fmt.Errorf("want [hh:]mm:ss.ttt")
		}
		numbers[i], _ = strconv.ParseInt(p, 10, 64)
	}
	var hours int64
	if len(numbers) == 3 {
		hours, numbers = numbers[0], numbers[1:]
	}
	minutes, seconds := numbers[0], numbers[1]
	if minutes > 59 || seconds > 59 {
		return 0, fmt.Errorf("minutes and seconds must be below 60")
	}
	var millis int64
	if hasFraction {
		if fraction == "" || len(fraction) > 3 || strings.TrimLeft(fraction, "0123456789") != "" {
			return 0, fmt.Errorf("want 1 to 3 digits of milliseconds")
		}
		millis, _ = strconv.ParseInt((fraction + "00")[:3], 10, 64)
	}
	if hours > 99999 {
		return 0, fmt.Errorf("hours out of range")
	}
	return time.Duration(hours)*time.Hour + time.Duration(minutes)*time.Minute +
		time.Duration(seconds)*time.Second + time.Duration(millis)*time.Millisecond, nil
}

// WriteWebVTT writes cues as a WebVTT file.
func WriteWebVTT(w io.Writer, cues []Cue) error {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for _, cue := range cues {
		b.WriteString("\n")
		// CR, LF and CRLF all end a WebVTT line: an identifier holding one
		// would end the cue's first line early, and text split on "\n"
		// alone could keep a blank line (which ends the cue) in "\r\r".
		if id := strings.TrimSpace(cue.ID); id != "" && !strings.Contains(id, "-->") && !strings.ContainsAny(id, "\r\n") {
			b.WriteString(id + "\n")
		}
		b.WriteString(formatVTTTime(cue.Start) + " --> " + formatVTTTime(cue.End))
		if settings := strings.Join(strings.Fields(cue.Settings), " "); settings != "" {
			b.WriteString(" " + settings)
		}
		b.WriteString("\n")
		for line := range strings.SplitSeq(vttLineBreaks.Replace(cue.Text), "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue // a blank line would end the cue
			}
			// "-->" in a payload would read as a timing line.
			b.WriteString(strings.ReplaceAll(line, "-->", "--&gt;") + "\n")
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write webvtt: %w", err)
	}
	return nil
}

// vttLineBreaks makes every WebVTT line ending (CRLF, CR, LF) a "\n".
var vttLineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n")

func formatVTTTime(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	ms := d.Milliseconds()
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3_600_000, ms/60_000%60, ms/1000%60, ms%1000)
}

// TranscriptJSON is transcript.json, what <reel-text> shows next to the
// player.
type TranscriptJSON struct {
	Language string              `json:"language"`
	Segments []TranscriptSegment `json:"segments"`
}

// TranscriptSegment is one cue as plain text; times are in seconds.
type TranscriptSegment struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	Text  string  `json:"text"`
}

// subtitleTag matches WebVTT and SRT markup: <i>, </b>, <c.yellow>,
// <v Speaker>, <00:01.000> and the like.
var subtitleTag = regexp.MustCompile(`<[^>]*>`)

// Transcript turns cues into plain-text segments: markup stripped, entities
// decoded, lines joined with a space. Cues without words are left out.
func Transcript(language string, cues []Cue) TranscriptJSON {
	transcript := TranscriptJSON{Language: language, Segments: []TranscriptSegment{}}
	for _, cue := range cues {
		text := html.UnescapeString(subtitleTag.ReplaceAllString(cue.Text, ""))
		text = strings.Join(strings.Fields(text), " ")
		if text == "" {
			continue
		}
		transcript.Segments = append(transcript.Segments, TranscriptSegment{
			Start: roundMillis(cue.Start),
			End:   roundMillis(cue.End),
			Text:  text,
		})
	}
	return transcript
}

func roundMillis(d time.Duration) float64 {
	return math.Round(d.Seconds()*1000) / 1000
}

// WriteSubtitlePlaylist writes the HLS media playlist of one subtitle
// rendition: the whole WebVTT file as its single segment, which every HLS
// player accepts and saves segmenting a few kilobytes of text. duration is
// the video's duration in seconds.
func WriteSubtitlePlaylist(w io.Writer, vttURI string, duration float64) error {
	if vttURI == "" || strings.ContainsAny(vttURI, "\r\n") {
		return newError(CodeInvalidArgument, "subtitle playlist", fmt.Errorf("bad uri %q", vttURI))
	}
	if !(duration > 0) || math.IsInf(duration, 0) {
		return newError(CodeInvalidArgument, "subtitle playlist", fmt.Errorf("bad duration %v", duration))
	}
	playlist := fmt.Sprintf("#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:%.3f,\n%s\n#EXT-X-ENDLIST\n",
		int(math.Ceil(duration)), duration, vttURI)
	if _, err := io.WriteString(w, playlist); err != nil {
		return fmt.Errorf("write subtitle playlist: %w", err)
	}
	return nil
}

// SubtitleFile is one subtitle track to put into a processed output.
type SubtitleFile struct {
	Language string
	Label    string
	Default  bool
	VTT      []byte // WebVTT, as WriteWebVTT writes it
}

// WriteSubtitles replaces the subtitle tracks of the processed output in
// dir: subtitles/{language}.vtt and .m3u8 for each track, transcript.json
// from the default track, and the master playlist, DASH manifest and
// media.json regenerated. Every file is written atomically.
func WriteSubtitles(dir string, tracks []SubtitleFile) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	subDir := filepath.Join(dir, "subtitles")
	if err := os.RemoveAll(subDir); err != nil {
		return fmt.Errorf("removing old subtitles: %w", err)
	}
	if err := os.Remove(filepath.Join(dir, TranscriptFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing old transcript: %w", err)
	}
	var hls []SubtitleTrack
	for _, t := range tracks {
		cues, err := ParseSubtitles(t.VTT)
		if err != nil {
			return fmt.Errorf("parsing %s subtitles: %w", t.Language, err)
		}
		if err := writeFileAtomic(filepath.Join(subDir, t.Language+".vtt"), t.VTT); err != nil {
			return err
		}
		err = writeAtomic(filepath.Join(subDir, t.Language+".m3u8"), func(w io.Writer) error {
			return WriteSubtitlePlaylist(w, t.Language+".vtt", max(m.Duration, 0.001))
		})
		if err != nil {
			return err
		}
		hls = append(hls, SubtitleTrack{Language: t.Language, Label: t.Label, Default: t.Default, URI: "subtitles/" + t.Language + ".m3u8"})
		if t.Default {
			b, err := json.Marshal(Transcript(t.Language, cues))
			if err != nil {
				return fmt.Errorf("encoding transcript: %w", err)
			}
			if err := writeFileAtomic(filepath.Join(dir, TranscriptFile), b); err != nil {
				return err
			}
		}
	}
	_, err = AddSubtitles(dir, hls)
	return err
}

// TranscriptFile is the transcript's name in a processed output.
const TranscriptFile = "transcript.json"
