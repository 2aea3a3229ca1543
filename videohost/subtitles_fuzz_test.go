package videohost_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/reelvideo/reel/internal/webvtt"
)

// FuzzParseSubtitles feeds arbitrary files to the SRT/WebVTT parser behind
// PUT /v1/videos/{id}/subtitles. It must never panic; a refusal is a
// *webvtt.Error on a line of the file; accepted cues are ordered and
// well-formed; and writing them as WebVTT and parsing that again gives the
// same WebVTT (the file Reel stores is a fixed point).
func FuzzParseSubtitles(f *testing.F) {
	f.Add([]byte("WEBVTT\n\n00:00:01.000 --> 00:00:02.500 align:start\nHello\n"))
	f.Add([]byte("1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Hi</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nthere\r\n"))
	f.Add([]byte("\xef\xbb\xbfWEBVTT - title\n\nNOTE a note\n\nid1\n01:02.000 --> 01:03.000\nA --> B\n"))
	f.Add([]byte("1\n00:00:01,000 --> 00:00:02,000\ncaf\xe9\n"))
	f.Add([]byte("WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nbackwards\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		cues, err := webvtt.Parse(data)
		if err != nil {
			var se *webvtt.Error
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("Parse = %v, not a *webvtt.Error with a line", err)
			}
			return
		}
		if len(cues) == 0 {
			t.Fatal("accepted a file without cues")
		}
		if !slices.IsSortedFunc(cues, func(a, b webvtt.Cue) int { return int(a.Start - b.Start) }) {
			t.Fatal("cues out of order")
		}
		for _, c := range cues {
			if c.Start < 0 || c.End < c.Start {
				t.Fatalf("cue %+v has an impossible time span", c)
			}
		}
		var first bytes.Buffer
		if err := webvtt.Write(&first, cues); err != nil {
			t.Fatal(err)
		}
		again, err := webvtt.Parse(first.Bytes())
		if err != nil {
			t.Fatalf("the WebVTT written from accepted cues does not parse: %v\n%s", err, first.Bytes())
		}
		var second bytes.Buffer
		if err := webvtt.Write(&second, again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("WebVTT round trip differs:\n%s\n---\n%s", first.Bytes(), second.Bytes())
		}
	})
}
