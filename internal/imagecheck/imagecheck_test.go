package imagecheck_test

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/internal/imagecheck"
)

// The cases of the domain's codes are trackadmin's TestCheckPosterImage;
// these check the kinds and the limits handed in.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pngOf := func(w, h int) []byte {
		t.Helper()
		var buf bytes.Buffer
		if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	lim := imagecheck.Limits{MaxBytes: 1 << 20, MaxEdge: 100, MaxDecode: 50 * 50}
	cases := []struct {
		name, path string
		want       imagecheck.Kind // 0: accepted
	}{
		{"png", write("ok.png", pngOf(40, 40)), 0},
		{"too wide", write("wide.png", pngOf(101, 8)), imagecheck.TooWide},
		{"over the decode budget", write("big.png", pngOf(60, 60)), imagecheck.TooLarge},
		{"too many bytes", write("long.png", append(pngOf(8, 8), make([]byte, 1<<20)...)), imagecheck.TooLarge},
		{"text", write("notes.txt", []byte("hello")), imagecheck.NotImage},
	}
	for _, c := range cases {
		err := imagecheck.Check(c.path, lim)
		var refused *imagecheck.Error
		switch {
		case c.want == 0 && err != nil:
			t.Errorf("%s: %v, want nil", c.name, err)
		case c.want != 0 && (!errors.As(err, &refused) || refused.Kind != c.want):
			t.Errorf("%s: %v, want kind %d", c.name, err, c.want)
		}
	}
}
