package media_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/media"
)

// checkSubtitleGolden compares got with testdata/subtitles/name, rewriting the file
// under -update.
func checkSubtitleGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "subtitles", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestSubtitleGoldenFiles(t *testing.T) {
	tests := []struct {
		input    string
		language string
	}{
		{input: "basic.srt", language: "en"},
		{input: "cues.vtt", language: "de"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "subtitles", tt.input))
			if err != nil {
				t.Fatal(err)
			}
			cues, err := media.ParseSubtitles(data)
			if err != nil {
				t.Fatalf("ParseSubtitles: %v", err)
			}
			var vtt bytes.Buffer
			if err := media.WriteWebVTT(&vtt, cues); err != nil {
				t.Fatal(err)
			}
			checkSubtitleGolden(t, tt.input+".vtt.golden", vtt.Bytes())
			var transcript bytes.Buffer
			encoder := json.NewEncoder(&transcript)
			encoder.SetEscapeHTML(false)
			encoder.SetIndent("", "  ")
			if err := encoder.Encode(media.Transcript(tt.language, cues)); err != nil {
				t.Fatal(err)
			}
			checkSubtitleGolden(t, tt.input+".transcript.json.golden", transcript.Bytes())

			// What Reel writes, Reel reads back the same.
			again, err := media.ParseSubtitles(vtt.Bytes())
			if err != nil {
				t.Fatalf("re-parse own WebVTT: %v", err)
			}
			if len(again) != len(cues) {
				t.Fatalf("re-parsed %d cues, want %d", len(again), len(cues))
			}
		})
	}
}

func TestParseSubtitlesErrors(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		wantLine int
		wantMsg  string
	}{
		{name: "empty", input: "", wantLine: 1, wantMsg: "empty"},
		{name: "blank", input: " \r\n\n", wantLine: 1, wantMsg: "empty"},
		{name: "header only", input: "WEBVTT\n", wantLine: 1, wantMsg: "no cues"},
		{name: "bad srt start", input: "1\n00:00:0x,000 --> 00:00:02,000\nHi\n", wantLine: 2, wantMsg: "bad start time"},
		{name: "bad vtt end", input: "WEBVTT\n\n00:01.000 --> 00:61.000\nHi\n", wantLine: 3, wantMsg: "bad end time"},
		{name: "end before start", input: "1\n00:00:05,000 --> 00:00:02,000\nHi\n", wantLine: 2, wantMsg: "before it starts"},
		{name: "second cue bad", input: "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> nonsense\nB\n", wantLine: 6, wantMsg: "bad end time"},
		{name: "missing end", input: "WEBVTT\n\n00:01.000 -->\nHi\n", wantLine: 3, wantMsg: "malformed"},
		{name: "not subtitles", input: "just some text\nwith lines\n", wantLine: 1, wantMsg: "timing line"},
		{name: "binary", input: "\x00\x01\x02\xff\xfe garbage", wantLine: 1, wantMsg: "timing line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := media.ParseSubtitles([]byte(tt.input))
			var subErr *media.SubtitleError
			if !errors.As(err, &subErr) {
				t.Fatalf("error = %v (%T), want *media.SubtitleError", err, err)
			}
			if subErr.Line != tt.wantLine || !strings.Contains(subErr.Msg, tt.wantMsg) {
				t.Fatalf("error = line %d %q, want line %d containing %q", subErr.Line, subErr.Msg, tt.wantLine, tt.wantMsg)
			}
		})
	}
}

func TestWriteSubtitlePlaylist(t *testing.T) {
	var b bytes.Buffer
	if err := media.WriteSubtitlePlaylist(&b, "en.vtt", 61.25); err != nil {
		t.Fatal(err)
	}
	want := "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:62\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:61.250,\nen.vtt\n#EXT-X-ENDLIST\n"
	if b.String() != want {
		t.Fatalf("playlist:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, bad := range []struct {
		uri      string
		duration float64
	}{{"", 10}, {"en.vtt", 0}, {"en.vtt", -1}, {"a\nb.vtt", 10}} {
		if err := media.WriteSubtitlePlaylist(&b, bad.uri, bad.duration); !errors.Is(err, media.ErrInvalidArgument) {
			t.Errorf("WriteSubtitlePlaylist(%q, %v) error = %v, want invalid_argument", bad.uri, bad.duration, err)
		}
	}
}

func FuzzParseSubtitles(f *testing.F) {
	for _, name := range []string{"basic.srt", "cues.vtt"} {
		data, err := os.ReadFile(filepath.Join("testdata", "subtitles", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("WEBVTT\n\n00:01.000 --> 00:02.000\nx"))
	f.Add([]byte("1\r00:00:01,000 --> 00:00:02,000\r<b>y</b>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cues, err := media.ParseSubtitles(data)
		if err != nil {
			var subErr *media.SubtitleError
			if !errors.As(err, &subErr) {
				t.Fatalf("error %v is not a *SubtitleError", err)
			}
			return
		}
		var vtt bytes.Buffer
		if err := media.WriteWebVTT(&vtt, cues); err != nil {
			t.Fatal(err)
		}
		again, err := media.ParseSubtitles(vtt.Bytes())
		if err != nil {
			t.Fatalf("own WebVTT does not parse: %v\n%s", err, vtt.String())
		}
		if len(again) != len(cues) {
			t.Fatalf("round trip: %d cues, want %d\n%s", len(again), len(cues), vtt.String())
		}
		for i := range cues {
			if again[i].Start != cues[i].Start || again[i].End != cues[i].End {
				t.Fatalf("round trip cue %d: %v-%v, want %v-%v", i, again[i].Start, again[i].End, cues[i].Start, cues[i].End)
			}
		}
		_ = media.Transcript("en", cues)
	})
}
