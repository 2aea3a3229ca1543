package blob_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
)

func openDisk(t *testing.T) *blob.Disk {
	t.Helper()
	d, err := blob.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPutOpenStatDelete(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	n, err := d.Put(ctx, "folder/a/v1/playlist.m3u8", strings.NewReader("#EXTM3U\n"))
	if err != nil || n != 8 {
		t.Fatalf("Put = %d, %v", n, err)
	}
	f, info, err := d.Open(ctx, "folder/a/v1/playlist.m3u8")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.(*os.File); !ok {
		t.Errorf("Open returned %T, want *os.File for sendfile", f)
	}
	got, _ := io.ReadAll(f)
	f.Close()
	if string(got) != "#EXTM3U\n" || info.Size != 8 {
		t.Errorf("read %q size %d", got, info.Size)
	}
	if _, err := d.Stat(ctx, "folder/a/v1/playlist.m3u8"); err != nil {
		t.Fatal(err)
	}
	if err := d.DeletePrefix(ctx, "folder/a"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Stat(ctx, "folder/a/v1/playlist.m3u8"); !videohost.IsNotFound(err) {
		t.Errorf("Stat after delete = %v, want not found", err)
	}
}

func TestInvalidKeys(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	for _, key := range []string{"", "/abs", "../escape", "a/../../b", "a//b", "a/./b", "a\\b", "a/", "dir/.."} {
		if _, err := d.Put(ctx, key, strings.NewReader("x")); videohost.ErrorCode(err) != videohost.EValidation {
			t.Errorf("Put(%q) = %v, want validation error", key, err)
		}
		if _, _, err := d.Open(ctx, key); err == nil {
			t.Errorf("Open(%q) succeeded", key)
		}
	}
}

func TestOpenMissingAndFolder(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	if _, _, err := d.Open(ctx, "nope"); !videohost.IsNotFound(err) {
		t.Errorf("Open missing = %v", err)
	}
	d.Put(ctx, "dir/file", strings.NewReader("x"))
	if _, _, err := d.Open(ctx, "dir"); !videohost.IsNotFound(err) {
		t.Errorf("Open folder = %v, want not found", err)
	}
}

func TestImportFolderReplacesAtomically(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	for i, content := range []string{"first", "second"} {
		src := filepath.Join(t.TempDir(), "out")
		os.MkdirAll(filepath.Join(src, "h264_sd"), 0o755)
		os.WriteFile(filepath.Join(src, "playlist.m3u8"), []byte(content), 0o644)
		os.WriteFile(filepath.Join(src, "h264_sd", "0.m4s"), bytes.Repeat([]byte{byte(i)}, 10), 0o644)
		if err := d.Import(ctx, "folder/v/current", src); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(src); !os.IsNotExist(err) {
			t.Errorf("source folder still exists after import")
		}
		f, _, err := d.Open(ctx, "folder/v/current/playlist.m3u8")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(f)
		f.Close()
		if string(got) != content {
			t.Errorf("import %d: got %q", i, got)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(d.Path("folder/v/current")))
	if len(entries) != 1 {
		t.Errorf("leftovers after replacing a folder: %v", entries)
	}
}

func TestPutHonoursContext(t *testing.T) {
	d := openDisk(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.Put(ctx, "a/b", strings.NewReader("data")); err == nil {
		t.Fatal("Put with a cancelled context succeeded")
	}
	if _, err := d.Stat(context.Background(), "a/b"); !videohost.IsNotFound(err) {
		t.Errorf("a cancelled Put left a blob: %v", err)
	}
	entries, _ := os.ReadDir(d.Path("a"))
	if len(entries) != 0 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestLinkServesAGrowingFolder(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	live := t.TempDir()
	os.WriteFile(filepath.Join(live, "playlist.m3u8"), []byte("v1"), 0o644)
	if err := d.Link(ctx, "folder/v/p1", live); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(live, "0.m4s"), []byte("segment"), 0o644)
	f, _, err := d.Open(ctx, "folder/v/p1/0.m4s")
	if err != nil {
		t.Fatalf("a file written after linking is not served: %v", err)
	}
	f.Close()
	// Removing the published version removes the link, never the target.
	if err := d.DeletePrefix(ctx, "folder/v/p1"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(live, "0.m4s")); err != nil {
		t.Errorf("deleting the link removed the linked folder's files: %v", err)
	}
	if _, err := d.Stat(ctx, "folder/v/p1/0.m4s"); !videohost.IsNotFound(err) {
		t.Errorf("link still served after delete: %v", err)
	}
	if err := d.Link(ctx, "../x", live); videohost.ErrorCode(err) != videohost.EValidation {
		t.Errorf("Link with a bad key: %v", err)
	}
}

func TestList(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	for _, k := range []string{"a/1/x.m4s", "a/1/sub/y.vtt", "a/2/z", "ab/w", "b/v"} {
		if _, err := d.Put(ctx, k, strings.NewReader(k)); err != nil {
			t.Fatal(err)
		}
	}
	// A folder being imported (a hidden sibling) is not listed.
	if err := os.MkdirAll(filepath.Join(d.Root(), "a", ".import-x"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d.Root(), "a", ".import-x", "half"), []byte("h"), 0o644)
	tests := []struct {
		prefix string
		want   []string
	}{
		{"a/", []string{"a/1/sub/y.vtt", "a/1/x.m4s", "a/2/z"}},
		{"a/1/", []string{"a/1/sub/y.vtt", "a/1/x.m4s"}},
		{"a", []string{"a/1/sub/y.vtt", "a/1/x.m4s", "a/2/z", "ab/w"}},
		{"", []string{"a/1/sub/y.vtt", "a/1/x.m4s", "a/2/z", "ab/w", "b/v"}},
		{"c/", nil},
	}
	for _, tt := range tests {
		got, err := d.List(ctx, tt.prefix)
		if err != nil {
			t.Fatalf("List(%q): %v", tt.prefix, err)
		}
		var keys []string
		for _, b := range got {
			keys = append(keys, b.Key)
			if b.Size != int64(len(b.Key)) {
				t.Errorf("%s: size %d", b.Key, b.Size)
			}
		}
		if strings.Join(keys, ",") != strings.Join(tt.want, ",") {
			t.Errorf("List(%q) = %v, want %v", tt.prefix, keys, tt.want)
		}
	}
	if _, err := d.List(ctx, "../x/"); err == nil {
		t.Error("a prefix escaping the root was listed")
	}
}
