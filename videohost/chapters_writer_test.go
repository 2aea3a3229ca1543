package videohost_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/hostile"
	"github.com/reelvideo/reel/videohost"
)

// TestRenderChaptersHostileText writes the chapter files with each hostile
// string as a title, given to the writer as it is (ValidateChapters refuses
// most of them first): chapters.vtt parses back to the same chapters, at
// the same starts, with no title ending its cue early or adding one, and
// chapters.json is JSON with the same number of chapters.
func TestRenderChaptersHostileText(t *testing.T) {
	for _, h := range hostile.Strings {
		t.Run(h.Name, func(t *testing.T) {
			in := []videohost.Chapter{{Start: 0, Title: h.Value}, {Start: 5, Title: "Next"}}
			files, err := videohost.RenderChapters(in, 10)
			if err != nil {
				t.Fatal(err)
			}
			back, err := videohost.ParseChapters("text/vtt", files.VTT)
			if err != nil {
				t.Fatalf("chapters.vtt does not parse back: %v\n%q", err, excerpt(string(files.VTT)))
			}
			if len(back) != 2 || back[0].Start != 0 || back[1].Start != 5 || back[1].Title != "Next" {
				t.Fatalf("chapters.vtt reads back %d chapters %q\n%q", len(back), excerpt(string(files.VTT)), excerpt(string(files.VTT)))
			}
			if strings.Contains(back[0].Title, "-->") || strings.ContainsAny(back[0].Title, "\r\n") {
				t.Errorf("title %q", excerpt(back[0].Title))
			}
			var apple []struct {
				Titles []struct{ Title string } `json:"titles"`
			}
			if err := json.Unmarshal(files.JSON, &apple); err != nil || len(apple) != 2 || apple[1].Titles[0].Title != "Next" {
				t.Fatalf("chapters.json: %v\n%s", err, excerpt(string(files.JSON)))
			}
		})
	}
}

func excerpt(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
