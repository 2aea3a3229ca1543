package chapterfile_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/reelvideo/reel/internal/chapterfile"
)

// The API's cases are videohost's (ParseChapters, ValidateChapters,
// RenderChapters and their fuzz test); these check the package's own
// contract: refusals are *Error naming fields, and the files round-trip.
func TestValidateAndRender(t *testing.T) {
	cases := []struct {
		name   string
		in     []chapterfile.Chapter
		fields []string // nil: accepted
	}{
		{"ok", []chapterfile.Chapter{{Start: 0, Title: " Intro "}, {Start: 5.0004, Title: "Next"}}, nil},
		{"not increasing", []chapterfile.Chapter{{Start: 5, Title: "a"}, {Start: 5, Title: "b"}}, []string{"chapters[1].start"}},
		{"past the end", []chapterfile.Chapter{{Start: 0, Title: "a"}, {Start: 20, Title: "b"}}, []string{"chapters[1].start"}},
		{"empty title, negative start", []chapterfile.Chapter{{Start: -1, Title: " "}}, []string{"chapters[0].start", "chapters[0].title"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := chapterfile.Validate(c.in, 10)
			var refused *chapterfile.Error
			if c.fields != nil {
				if !errors.As(err, &refused) {
					t.Fatalf("Validate = %v, want a refusal", err)
				}
				var got []string
				for _, f := range refused.Fields {
					got = append(got, f.Field)
				}
				if !reflect.DeepEqual(got, c.fields) {
					t.Errorf("fields %q, want %q", got, c.fields)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			vtt, js, err := chapterfile.Render(out, 10)
			if err != nil || len(js) == 0 {
				t.Fatalf("Render: %v, %q", err, js)
			}
			back, err := chapterfile.ParseVTT(vtt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, out) {
				t.Errorf("chapters.vtt reads back %v, want %v", back, out)
			}
		})
	}
}

func TestRenderNothingFits(t *testing.T) {
	vtt, js, err := chapterfile.Render([]chapterfile.Chapter{{Start: 30, Title: "late"}}, 10)
	if vtt != nil || js != nil || err != nil {
		t.Errorf("Render = %q, %q, %v; want nothing", vtt, js, err)
	}
}
