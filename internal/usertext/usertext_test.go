package usertext_test

import (
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/usertext"
)

func TestLine(t *testing.T) {
	cases := []struct {
		in, want string
		quoted   bool
		refused  bool
	}{
		{in: "  a \t b  ", want: "a b"},
		{in: "two\nlines", want: "two lines"},
		{in: "two\nlines", quoted: true, refused: true},
		{in: `say "hi"`, quoted: true, refused: true},
		{in: "a --> b", refused: true},
		{in: "   ", refused: true},
		{in: strings.Repeat("é", 11), refused: true},
		{in: "\xff", refused: true},
	}
	for _, c := range cases {
		got, problem := usertext.Line(c.in, 10, c.quoted)
		if (problem != "") != c.refused || got != c.want {
			t.Errorf("Line(%q, quoted %v) = %q, %q", c.in, c.quoted, got, problem)
		}
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("x", usertext.MaxExcerpt+5)
	if got := usertext.Excerpt(long); got != strings.Repeat("x", usertext.MaxExcerpt)+"…" {
		t.Errorf("Excerpt = %q", got)
	}
	if got := usertext.Excerpt("ok\xff"); got != "ok\uFFFD" {
		t.Errorf("Excerpt = %q", got)
	}
}
