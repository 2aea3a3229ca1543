package webvtt_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/webvtt"
)

func TestParseVariants(t *testing.T) {
	want := []webvtt.Cue{{Start: 1500 * time.Millisecond, End: 3 * time.Second, Text: "Hi"}}
	tests := []struct {
		name  string
		input string
	}{
		{name: "srt LF", input: "1\n00:00:01,500 --> 00:00:03,000\nHi\n"},
		{name: "srt CRLF no final newline", input: "1\r\n00:00:01,500 --> 00:00:03,000\r\nHi"},
		{name: "srt CR", input: "1\r00:00:01,500 --> 00:00:03,000\rHi\r"},
		{name: "srt BOM and dot", input: "\xef\xbb\xbf1\n00:00:01.500 --> 00:00:03.000\nHi\n"},
		{name: "srt without numbers", input: "00:00:01,500 --> 00:00:03,000\nHi\n"},
		{name: "srt leading blank lines", input: "\n\n1\n00:00:01,500 --> 00:00:03,000\nHi\n\n\n"},
		{name: "srt font tag and coordinates", input: "1\n00:00:01,500 --> 00:00:03,000 X1:10 X2:20\n<font color=\"red\">Hi</font>\n"},
		{name: "vtt without hours", input: "WEBVTT\n\n00:01.500 --> 00:03.000\nHi\n"},
		{name: "vtt short fraction", input: "WEBVTT\n\n00:01.5 --> 00:03\nHi\n"},
		{name: "vtt without blank line after header", input: "WEBVTT\n00:01.500 --> 00:03.000\nHi\n"},
		{name: "vtt note style region", input: "WEBVTT\n\nNOTE x\n\nSTYLE\n::cue {}\n\nREGION\nid:r\n\n00:01.500 --> 00:03.000\nHi\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := webvtt.Parse([]byte(tt.input))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})
	}
}

func TestParseCues(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []webvtt.Cue
	}{
		{
			name:  "latin-1",
			input: "1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n",
			want:  []webvtt.Cue{{Start: time.Second, End: 2 * time.Second, Text: "Café"}},
		},
		{
			name:  "id, settings, lines, arrow in text",
			input: "WEBVTT\n\nid1\n01:02.000 --> 01:03.000 align:start  line:0\nA --> B\n<i>two</i>\n",
			want:  []webvtt.Cue{{ID: "id1", Start: 62 * time.Second, End: 63 * time.Second, Settings: "align:start line:0", Text: "A --> B\n<i>two</i>"}},
		},
		{
			name:  "sorted by start",
			input: "WEBVTT\n\n00:05.000 --> 00:06.000\nb\n\n00:01.000 --> 00:02.000\na\n",
			want: []webvtt.Cue{
				{Start: time.Second, End: 2 * time.Second, Text: "a"},
				{Start: 5 * time.Second, End: 6 * time.Second, Text: "b"},
			},
		},
		{
			name:  "srt text across a blank line",
			input: "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\nsecond\n",
			want:  []webvtt.Cue{{Start: time.Second, End: 2 * time.Second, Text: "first\nsecond"}},
		},
		{
			name:  "NUL",
			input: "WEBVTT\n\n00:01.000 --> 00:02.000\na\x00b\n",
			want:  []webvtt.Cue{{Start: time.Second, End: 2 * time.Second, Text: "a\uFFFDb"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := webvtt.Parse([]byte(tt.input))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestParseStrictCues(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []webvtt.Cue
	}{
		{
			name:  "BOM, CRLF, note, id, two lines",
			input: "\ufeffWEBVTT - chapters\r\n\r\nNOTE made by hand\r\n\r\nintro\r\n00:00.000 --> 00:05.000\r\nOpening\r\nscene \r\n",
			want:  []webvtt.Cue{{ID: "intro", End: 5 * time.Second, Text: "Opening\nscene "}},
		},
		{
			name:  "file order, end before start",
			input: "WEBVTT\n\n00:05.000 --> 00:01.000\nb\n\n01:00:00.500 --> 01:00:01.000 align:start\na\n",
			want: []webvtt.Cue{
				{Start: 5 * time.Second, End: time.Second, Text: "b"},
				{Start: time.Hour + 500*time.Millisecond, End: time.Hour + time.Second, Settings: "align:start", Text: "a"},
			},
		},
		{
			name:  "no blank line after the header",
			input: "WEBVTT\nKind: chapters\n00:00.000 --> 00:01.000\nx\n",
			want:  []webvtt.Cue{{End: time.Second, Text: "x"}},
		},
		{
			name:  "cue without text",
			input: "WEBVTT\n\n00:00.000 --> 00:01.000\n\n00:02.000 --> 00:03.000\nb\n",
			want:  []webvtt.Cue{{End: time.Second}, {Start: 2 * time.Second, End: 3 * time.Second, Text: "b"}},
		},
		{
			name:  "six digits of hours",
			input: "WEBVTT\n\n999999:59:59.999 --> 999999:59:59.999\nlate\n",
			want:  []webvtt.Cue{{Start: 999999*time.Hour + 59*time.Minute + 59999*time.Millisecond, End: 999999*time.Hour + 59*time.Minute + 59999*time.Millisecond, Text: "late"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := webvtt.ParseStrict([]byte(tt.input), 0)
			if err != nil {
				t.Fatalf("ParseStrict: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		wantKind webvtt.Kind
		wantLine int
		wantMsg  string
		wantTime webvtt.TimeKind
	}{
		{name: "empty", input: "", wantKind: webvtt.Empty, wantLine: 1, wantMsg: "empty file"},
		{name: "blank", input: " \r\n\n", wantKind: webvtt.Empty, wantLine: 1, wantMsg: "empty file"},
		{name: "header only", input: "\nWEBVTT\n", wantKind: webvtt.NoCues, wantLine: 2, wantMsg: "no cues"},
		{name: "bad srt start", input: "1\n00:00:0x,000 --> 00:00:02,000\nHi\n", wantKind: webvtt.BadStart, wantLine: 2,
			wantMsg: `bad start time "00:00:0x,000": want [hh:]mm:ss.ttt`, wantTime: webvtt.TimeSyntax},
		{name: "bad vtt end", input: "WEBVTT\n\n00:01.000 --> 00:61.000\nHi\n", wantKind: webvtt.BadEnd, wantLine: 3,
			wantMsg: `bad end time "00:61.000": minutes and seconds must be below 60`, wantTime: webvtt.TimeRange},
		{name: "long fraction", input: "WEBVTT\n\n00:01.0000 --> 00:02.000\nHi\n", wantKind: webvtt.BadStart, wantLine: 3,
			wantMsg: `bad start time "00:01.0000": want 1 to 3 digits of milliseconds`, wantTime: webvtt.TimeMillis},
		{name: "too many hours", input: "WEBVTT\n\n100000:00:01.000 --> 100000:00:02.000\nHi\n", wantKind: webvtt.BadStart, wantLine: 3,
			wantMsg: `bad start time "100000:00:01.000": hours out of range`, wantTime: webvtt.TimeHours},
		{name: "end before start", input: "1\n00:00:05,000 --> 00:00:02,000\nHi\n", wantKind: webvtt.EndBeforeStart, wantLine: 2,
			wantMsg: "cue ends (00:00:02,000) before it starts (00:00:05,000)"},
		{name: "second cue bad", input: "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> nonsense\nB\n", wantKind: webvtt.BadEnd, wantLine: 6,
			wantMsg: `bad end time "nonsense": want [hh:]mm:ss.ttt`, wantTime: webvtt.TimeSyntax},
		{name: "missing end", input: "WEBVTT\n\n00:01.000 -->\nHi\n", wantKind: webvtt.BadTimingLine, wantLine: 3, wantMsg: `malformed timing line "00:01.000 -->"`},
		{name: "missing start", input: "WEBVTT\n\n --> 00:01.000\nHi\n", wantKind: webvtt.BadTimingLine, wantLine: 3, wantMsg: `malformed timing line " --> 00:01.000"`},
		{name: "not subtitles", input: "just some text\nwith lines\n", wantKind: webvtt.NoTiming, wantLine: 1, wantMsg: "expected a cue timing line (start --> end)"},
		{name: "binary", input: "\x00\x01\x02\xff\xfe garbage", wantKind: webvtt.NoTiming, wantLine: 1, wantMsg: "timing line"},
		{name: "vtt block without timing", input: "WEBVTT\n\nid\njust text\n", wantKind: webvtt.NoTiming, wantLine: 3, wantMsg: "timing line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := webvtt.Parse([]byte(tt.input))
			checkError(t, err, tt.wantKind, tt.wantLine, tt.wantMsg, tt.wantTime)
		})
	}
}

func TestParseStrictErrors(t *testing.T) {
	var many strings.Builder
	many.WriteString("WEBVTT\n")
	for range 4 {
		many.WriteString("\n00:01.000 --> 00:02.000\nc\n")
	}
	tests := []struct {
		name     string
		input    string
		wantKind webvtt.Kind
		wantLine int
		wantTime webvtt.TimeKind
	}{
		{name: "not UTF-8", input: "WEBVTT\n\n00:00.000 --> 00:01.000\ncaf\xe9\n", wantKind: webvtt.NotUTF8},
		{name: "no header", input: "00:00.000 --> 00:01.000\na\n", wantKind: webvtt.NoHeader, wantLine: 1},
		{name: "leading blank line", input: "\nWEBVTT\n\n00:00.000 --> 00:01.000\na\n", wantKind: webvtt.NoHeader, wantLine: 1},
		{name: "WEBVTTX", input: "WEBVTTX\n\n00:00.000 --> 00:01.000\na\n", wantKind: webvtt.NoHeader, wantLine: 1},
		{name: "no cues", input: "WEBVTT\n\nNOTE nothing here\n", wantKind: webvtt.NoCues, wantLine: 1},
		{name: "no timing line", input: "WEBVTT\n\nid\njust text\n", wantKind: webvtt.NoTiming, wantLine: 3},
		{name: "NOTE glued to a word is an id", input: "WEBVTT\n\nNOTEBOOK\nno timing\n", wantKind: webvtt.NoTiming, wantLine: 3},
		{name: "SRT timestamps", input: "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\na\n", wantKind: webvtt.BadStart, wantLine: 3, wantTime: webvtt.TimeSyntax},
		{name: "short timestamp", input: "WEBVTT\n\n0:00 --> 0:01\na\n", wantKind: webvtt.BadStart, wantLine: 3, wantTime: webvtt.TimeSyntax},
		{name: "empty start", input: "WEBVTT\n\n --> 00:01.000\na\n", wantKind: webvtt.BadStart, wantLine: 3, wantTime: webvtt.TimeSyntax},
		{name: "one digit of hours", input: "WEBVTT\n\n1:00:00.000 --> 01:00:01.000\na\n", wantKind: webvtt.BadStart, wantLine: 3, wantTime: webvtt.TimeHours},
		{name: "seconds of 60", input: "WEBVTT\n\n00:00.000 --> 00:60.000\na\n", wantKind: webvtt.BadEnd, wantLine: 3, wantTime: webvtt.TimeRange},
		{name: "missing end", input: "WEBVTT\n\n00:00.000 --> \na\n", wantKind: webvtt.BadTimingLine, wantLine: 3},
		{name: "arrow in text", input: "WEBVTT\n\n00:00.000 --> 00:01.000\na\n00:01.000 --> 00:02.000\nb\n", wantKind: webvtt.ArrowInText, wantLine: 5},
		{name: "too many cues", input: many.String(), wantKind: webvtt.TooManyCues, wantLine: 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := webvtt.ParseStrict([]byte(tt.input), 3)
			checkError(t, err, tt.wantKind, tt.wantLine, "", tt.wantTime)
		})
	}
}

// checkError checks that err is an *Error of kind on line, with msg in its
// message and, for a bad timestamp, a *TimeError of timeKind.
func checkError(t *testing.T, err error, kind webvtt.Kind, line int, msg string, timeKind webvtt.TimeKind) {
	t.Helper()
	var e *webvtt.Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want *webvtt.Error", err, err)
	}
	if e.Kind != kind || e.Line != line || !strings.Contains(e.Msg, msg) {
		t.Fatalf("error = kind %d line %d %q, want kind %d line %d containing %q", e.Kind, e.Line, e.Msg, kind, line, msg)
	}
	var te *webvtt.TimeError
	switch {
	case timeKind == 0 && errors.As(err, &te):
		t.Fatalf("error %v carries a *TimeError", err)
	case timeKind != 0 && (!errors.As(err, &te) || te.Kind != timeKind):
		t.Fatalf("error %v: want a *TimeError of kind %d", err, timeKind)
	}
}

func TestWrite(t *testing.T) {
	tests := []struct {
		name string
		cues []webvtt.Cue
		want string
	}{
		{name: "none", want: "WEBVTT\n"},
		{
			name: "id, settings, lines",
			cues: []webvtt.Cue{{ID: " a ", Start: 61500 * time.Millisecond, End: time.Hour + 2*time.Second, Settings: " align:start  line:0 ", Text: "one\n two \n"}},
			want: "WEBVTT\n\na\n00:01:01.500 --> 01:00:02.000 align:start line:0\none\ntwo\n",
		},
		{
			name: "text that would end or start a cue",
			cues: []webvtt.Cue{{ID: "x --> y", End: time.Second, Text: "a\r\rb --> c\r\n\n00:01.000 --> 00:02.000"}},
			want: "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\na\nb --&gt; c\n00:01.000 --&gt; 00:02.000\n",
		},
		{
			name: "negative time, sub-millisecond",
			cues: []webvtt.Cue{{ID: "a\nb", Start: -time.Second, End: 1999999 * time.Microsecond, Text: "t"}},
			want: "WEBVTT\n\n00:00:00.000 --> 00:00:01.999\nt\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := webvtt.Write(&b, tt.cues); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Fatalf("got\n%q\nwant\n%q", b.String(), tt.want)
			}
		})
	}
}

func TestFormatTime(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "00:00:00.000"},
		{-time.Second, "00:00:00.000"},
		{1500 * time.Microsecond, "00:00:00.001"},
		{59*time.Minute + 59999*time.Millisecond, "00:59:59.999"},
		{123*time.Hour + 4*time.Minute + 5*time.Second + 6*time.Millisecond, "123:04:05.006"},
	}
	for _, tt := range tests {
		if got := webvtt.FormatTime(tt.d); got != tt.want {
			t.Errorf("FormatTime(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
