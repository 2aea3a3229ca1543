package videohost_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/reelvideo/reel/videohost"
)

// FuzzParseChapters feeds arbitrary bodies, as WebVTT and as JSON, to the
// parser and validator behind PUT /v1/videos/{id}/chapters. It must never
// panic; a refusal is a validation error (or payload_too_large) naming a
// field; an accepted list keeps every rule (starts ≥ 0, strictly
// increasing, before the duration; titles of 1 to 200 characters); and the
// published files round-trip: chapters.vtt parses back to the same list,
// and chapters.json is Apple's format with the same starts and titles.
func FuzzParseChapters(f *testing.F) {
	f.Add(true, []byte("WEBVTT\n\n00:00.000 --> 00:10.000\nIntro\n\n01:00:00.500 --> 01:00:01.000 align:start\nLater\n"), 0.0)
	f.Add(true, []byte("\xef\xbb\xbfWEBVTT - c\r\n\r\nNOTE x\r\n\r\nid\r\n00:01.000 --> 00:02.000\r\nTwo\r\nlines\r\n"), 100.0)
	f.Add(true, []byte("WEBVTT\n00:00.000 --> 00:01.000\nno blank line after the header\n"), 0.0)
	f.Add(true, []byte("WEBVTT\n\n00:05.000 --> 00:01.000\nb\n\n00:01.000 --> 00:02.000\na\n"), 0.0)
	f.Add(false, []byte(`[{"start": 0, "title": "Intro"}, {"start": 12.5, "title": " The  middle "}]`), 60.0)
	f.Add(false, []byte(`[{"start": 1e308, "title": "far"}]`), 0.0)
	f.Add(false, []byte(`[{"start": -0, "title": "a"}, {"start": 0.0004, "title": "b"}]`), 0.0)
	f.Add(false, []byte(`[{"start": 0, "title": "a & <b> --&gt;"}]`), 1.0)
	f.Add(false, []byte(`{"start": 0}`), 0.0)
	f.Fuzz(func(t *testing.T, vtt bool, body []byte, duration float64) {
		if math.IsNaN(duration) || math.IsInf(duration, 0) || duration < 0 || duration > 1e7 {
			duration = 0
		}
		contentType := "application/json"
		if vtt {
			contentType = "text/vtt"
		}
		parsed, err := videohost.ParseChapters(contentType, body)
		var chapters []videohost.Chapter
		if err == nil {
			chapters, err = videohost.ValidateChapters(parsed, duration)
		}
		if err != nil {
			var e *videohost.Error
			if !errors.As(err, &e) || len(e.Fields) == 0 && e.Code != videohost.EPayloadTooLarge {
				t.Fatalf("refusal %v is not a validation error naming a field", err)
			}
			if e.Code != videohost.EValidation && e.Code != videohost.EPayloadTooLarge {
				t.Fatalf("refusal with code %s", e.Code)
			}
			return
		}
		if len(chapters) == 0 || len(chapters) > videohost.MaxChapters {
			t.Fatalf("accepted %d chapters", len(chapters))
		}
		for i, c := range chapters {
			if !(c.Start >= 0) || math.Signbit(c.Start) || duration > 0 && c.Start >= duration || i > 0 && c.Start <= chapters[i-1].Start {
				t.Fatalf("chapter %d starts at %v (duration %v, previous %+v)", i, c.Start, duration, chapters[max(i-1, 0)])
			}
			if n := utf8.RuneCountInString(c.Title); n == 0 || n > videohost.MaxChapterTitleLen ||
				c.Title != strings.TrimSpace(c.Title) || strings.Contains(c.Title, "-->") || !utf8.ValidString(c.Title) {
				t.Fatalf("chapter %d has title %q", i, c.Title)
			}
		}
		again, err := videohost.ValidateChapters(chapters, duration)
		if err != nil || !reflect.DeepEqual(again, chapters) {
			t.Fatalf("a valid list does not validate to itself: %v\n%+v\n%+v", err, chapters, again)
		}

		publishAt := duration
		if publishAt == 0 {
			publishAt = chapters[len(chapters)-1].Start + 1
		}
		files, err := videohost.RenderChapters(chapters, publishAt)
		if err != nil || files == nil {
			t.Fatalf("RenderChapters = %v, %v", files, err)
		}
		back, err := videohost.ParseChapters("text/vtt", files.VTT)
		if err == nil {
			back, err = videohost.ValidateChapters(back, publishAt)
		}
		if err != nil || !reflect.DeepEqual(back, chapters) {
			t.Fatalf("chapters.vtt does not read back (%v):\n%s\ngot  %+v\nwant %+v", err, files.VTT, back, chapters)
		}
		var apple []struct {
			Chapter   int      `json:"chapter"`
			StartTime *float64 `json:"start-time"`
			Duration  float64  `json:"duration"`
			Titles    []struct {
				Language string `json:"language"`
				Title    string `json:"title"`
			} `json:"titles"`
		}
		if err := json.Unmarshal(files.JSON, &apple); err != nil || len(apple) != len(chapters) {
			t.Fatalf("chapters.json: %v\n%s", err, files.JSON)
		}
		for i, a := range apple {
			if a.Chapter != i+1 || a.StartTime == nil || *a.StartTime != chapters[i].Start || !(a.Duration >= 0) ||
				len(a.Titles) != 1 || a.Titles[0].Title != chapters[i].Title || a.Titles[0].Language != "und" {
				t.Fatalf("chapters.json entry %d: %+v for %+v", i, a, chapters[i])
			}
		}
	})
}
