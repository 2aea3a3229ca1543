package webvtt_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/reelvideo/reel/internal/webvtt"
)

// FuzzParse feeds arbitrary files to both dialects. Neither may panic; a
// refusal is an *Error (on a line ≥ 1 for Parse, and for ParseStrict
// unless the file is not UTF-8); and what Write makes of accepted cues
// reads back, in the same dialect, to the same times.
func FuzzParse(f *testing.F) {
	f.Add(false, []byte("WEBVTT\n\n00:00:01.000 --> 00:00:02.500 align:start\nHello\n"))
	f.Add(false, []byte("1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Hi</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nthere\r\n"))
	f.Add(false, []byte("1\n00:00:01,000 --> 00:00:02,000\ncaf\xe9\n"))
	f.Add(true, []byte("\xef\xbb\xbfWEBVTT - c\r\n\r\nNOTE x\r\n\r\nid\r\n00:01.000 --> 00:02.000\r\nTwo\r\nlines\r\n"))
	f.Add(true, []byte("WEBVTT\n00:00.000 --> 00:01.000\nno blank line after the header\n"))
	f.Add(true, []byte("WEBVTT\n\n00:05.000 --> 00:01.000\nb\n\n999999:00:00.000 --> 00:02.000\na\n"))
	f.Fuzz(func(t *testing.T, strict bool, data []byte) {
		parse := webvtt.Parse
		if strict {
			parse = func(data []byte) ([]webvtt.Cue, error) { return webvtt.ParseStrict(data, 1000) }
		}
		cues, err := parse(data)
		if err != nil {
			var e *webvtt.Error
			if !errors.As(err, &e) || e.Line < 1 && e.Kind != webvtt.NotUTF8 {
				t.Fatalf("refusal %v is not an *Error on a line", err)
			}
			return
		}
		if len(cues) == 0 {
			t.Fatal("accepted a file without cues")
		}
		var vtt bytes.Buffer
		if err := webvtt.Write(&vtt, cues); err != nil {
			t.Fatal(err)
		}
		again, err := parse(vtt.Bytes())
		if err != nil {
			t.Fatalf("own WebVTT does not parse: %v\n%q", err, vtt.String())
		}
		if len(again) != len(cues) {
			t.Fatalf("round trip: %d cues, want %d\n%q", len(again), len(cues), vtt.String())
		}
		for i := range cues {
			if again[i].Start != cues[i].Start || again[i].End != cues[i].End {
				t.Fatalf("round trip cue %d: %v-%v, want %v-%v", i, again[i].Start, again[i].End, cues[i].Start, cues[i].End)
			}
		}
	})
}
