package llhls_test

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/videohost/live/llhls"
)

func TestDirStorage(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := llhls.DirStorage{Dir: dir}
	if err := s.Put(ctx, "video/1.m4s", []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "video/1.m4s", []byte("two")); err != nil {
		t.Fatal(err)
	}
	f, err := s.Open(ctx, "video/1.m4s")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(f)
	f.Close()
	if string(b) != "two" {
		t.Errorf("read %q", b)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "video"))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	for _, bad := range []string{"../x", "/etc/x", "", "a/../../x"} {
		if err := s.Put(ctx, bad, nil); err == nil {
			t.Errorf("Put(%q): no error", bad)
		}
	}
	if err := s.Delete(ctx, "video/1.m4s"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "video/1.m4s"); err != nil {
		t.Errorf("deleting a missing file: %v", err)
	}
	if _, err := s.Open(ctx, "video/1.m4s"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a deleted file: %v", err)
	}
}
