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
	"github.com/reelvideo/reel/videohost/blob/blobtest"
)

func openDisk(t *testing.T) *blob.Disk {
	t.Helper()
	d, err := blob.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestContract runs the contract every blob store keeps.
func TestContract(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) videohost.Blobs { return openDisk(t) })
}

// TestOpenIsAFile: on disk a blob is an *os.File, so that
// http.ServeContent sends it with sendfile.
func TestOpenIsAFile(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	if _, err := d.Put(ctx, "folder/a/v1/playlist.m3u8", strings.NewReader("#EXTM3U\n")); err != nil {
		t.Fatal(err)
	}
	f, _, err := d.Open(ctx, "folder/a/v1/playlist.m3u8")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, ok := f.(*os.File); !ok {
		t.Errorf("Open returned %T, want *os.File for sendfile", f)
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

// TestCancelledPutLeavesNoTemporaryFile: a Put that fails removes its
// temporary file (the contract checks that no blob appears).
func TestCancelledPutLeavesNoTemporaryFile(t *testing.T) {
	d := openDisk(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.Put(ctx, "a/b", strings.NewReader("data")); err == nil {
		t.Fatal("Put with a cancelled context succeeded")
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

// TestListSkipsImports: a folder being imported (a hidden sibling) and
// Put's temporary files are not listed.
func TestListSkipsImports(t *testing.T) {
	ctx := context.Background()
	d := openDisk(t)
	if _, err := d.Put(ctx, "a/1/x.m4s", strings.NewReader("x")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(d.Root(), "a", ".import-x"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d.Root(), "a", ".import-x", "half"), []byte("h"), 0o644)
	os.WriteFile(filepath.Join(d.Root(), "a", "1", ".put-123"), []byte("h"), 0o644)
	got, err := d.List(ctx, "a/")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Key != "a/1/x.m4s" {
		t.Errorf("List = %v, want only a/1/x.m4s", got)
	}
}
