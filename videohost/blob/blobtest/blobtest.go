// Package blobtest is the contract every videohost.Blobs implementation
// keeps: one suite, run by the tests of each store (local disk, S3), so
// that the service can treat them alike.
//
//	func TestContract(t *testing.T) {
//		blobtest.Run(t, func(t *testing.T) videohost.Blobs { return openStore(t) })
//	}
//
// open must return an empty store of its own for each call; the suite
// calls it once per subtest.
package blobtest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// LargeSize is the size of the blob the suite writes to cross a store's
// part size: a store under test should use parts smaller than it (S3's
// least, 5 MiB, makes it three parts).
const LargeSize = 11<<20 + 12345

// Run runs the contract against the stores open returns.
func Run(t *testing.T, open func(t *testing.T) videohost.Blobs) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, b videohost.Blobs)
	}{
		{"PutOpenStat", testPutOpenStat},
		{"Empty", testEmpty},
		{"Overwrite", testOverwrite},
		{"Large", testLarge},
		{"NotFound", testNotFound},
		{"InvalidKeys", testInvalidKeys},
		{"SeekRead", testSeekRead},
		{"ServeContentPattern", testServeContentPattern},
		{"CloseMidStream", testCloseMidStream},
		{"List", testList},
		{"DeletePrefix", testDeletePrefix},
		{"PutHonoursContext", testPutHonoursContext},
		{"ConcurrentReaders", testConcurrentReaders},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fn(t, open(t))
		})
	}
}

func put(t *testing.T, b videohost.Blobs, key string, data []byte) {
	t.Helper()
	n, err := b.Put(context.Background(), key, bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Put(%s): %v", key, err)
	}
	if n != int64(len(data)) {
		t.Fatalf("Put(%s) = %d bytes, want %d", key, n, len(data))
	}
}

func read(t *testing.T, b videohost.Blobs, key string) ([]byte, videohost.BlobInfo) {
	t.Helper()
	f, info, err := b.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("Open(%s): %v", key, err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatalf("reading %s: %v", key, err)
	}
	return data, info
}

// pattern is n bytes that differ at every offset (for range checks).
func pattern(n int) []byte {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func testPutOpenStat(t *testing.T, b videohost.Blobs) {
	ctx := context.Background()
	before := time.Now().Add(-time.Minute)
	put(t, b, "folder/a/v1/playlist.m3u8", []byte("#EXTM3U\n"))
	got, info := read(t, b, "folder/a/v1/playlist.m3u8")
	if string(got) != "#EXTM3U\n" || info.Size != 8 || info.Key != "folder/a/v1/playlist.m3u8" {
		t.Errorf("read %q, info %+v", got, info)
	}
	if info.ModTime.Before(before) || info.ModTime.After(time.Now().Add(time.Minute)) {
		t.Errorf("ModTime %v is not about now", info.ModTime)
	}
	st, err := b.Stat(ctx, "folder/a/v1/playlist.m3u8")
	if err != nil {
		t.Fatal(err)
	}
	if st.Size != 8 || !st.ModTime.Equal(info.ModTime) || st.Key != info.Key {
		t.Errorf("Stat = %+v, Open said %+v", st, info)
	}
	// Validators are built on (size, ModTime): a second look agrees.
	_, again := read(t, b, "folder/a/v1/playlist.m3u8")
	if !again.ModTime.Equal(info.ModTime) {
		t.Errorf("ModTime changed between two opens: %v, %v", info.ModTime, again.ModTime)
	}
}

func testEmpty(t *testing.T, b videohost.Blobs) {
	put(t, b, "e/empty", nil)
	got, info := read(t, b, "e/empty")
	if len(got) != 0 || info.Size != 0 {
		t.Errorf("empty blob: %q, size %d", got, info.Size)
	}
}

func testOverwrite(t *testing.T, b videohost.Blobs) {
	put(t, b, "o/key", []byte("first, longer"))
	put(t, b, "o/key", []byte("second"))
	got, info := read(t, b, "o/key")
	if string(got) != "second" || info.Size != 6 {
		t.Errorf("after overwrite: %q size %d", got, info.Size)
	}
}

func testLarge(t *testing.T, b videohost.Blobs) {
	data := pattern(LargeSize)
	// A reader of unknown length, handing out odd-sized chunks.
	n, err := b.Put(context.Background(), "l/big.mp4", io.MultiReader(bytes.NewReader(data[:1000]), bytes.NewReader(data[1000:])))
	if err != nil || n != int64(len(data)) {
		t.Fatalf("Put = %d, %v", n, err)
	}
	got, info := read(t, b, "l/big.mp4")
	if info.Size != int64(len(data)) || sha256.Sum256(got) != sha256.Sum256(data) {
		t.Fatalf("read back %d bytes (size %d), want %d identical", len(got), info.Size, len(data))
	}
}

func testNotFound(t *testing.T, b videohost.Blobs) {
	ctx := context.Background()
	put(t, b, "dir/file", []byte("x"))
	for _, key := range []string{"nope", "dir", "dir/fil", "dir/file/deeper"} {
		if _, _, err := b.Open(ctx, key); !videohost.IsNotFound(err) {
			t.Errorf("Open(%q) = %v, want not found", key, err)
		}
		if _, err := b.Stat(ctx, key); !videohost.IsNotFound(err) {
			t.Errorf("Stat(%q) = %v, want not found", key, err)
		}
	}
}

func testInvalidKeys(t *testing.T, b videohost.Blobs) {
	ctx := context.Background()
	for _, key := range []string{"", "/abs", "../escape", "a/../../b", "a//b", "a/./b", "a\\b", "a/", "dir/.."} {
		if _, err := b.Put(ctx, key, strings.NewReader("x")); videohost.ErrorCode(err) != videohost.EValidation {
			t.Errorf("Put(%q) = %v, want validation error", key, err)
		}
		if _, _, err := b.Open(ctx, key); err == nil {
			t.Errorf("Open(%q) succeeded", key)
		}
		if _, err := b.Stat(ctx, key); err == nil {
			t.Errorf("Stat(%q) succeeded", key)
		}
		if key != "" {
			if err := b.DeletePrefix(ctx, key); err == nil {
				t.Errorf("DeletePrefix(%q) succeeded", key)
			}
		}
	}
	if _, err := b.List(ctx, "../x/"); err == nil {
		t.Error("a prefix escaping the root was listed")
	}
}

func testSeekRead(t *testing.T, b videohost.Blobs) {
	data := pattern(100_000)
	put(t, b, "s/seg.m4s", data)
	tests := []struct {
		name   string
		offset int64
		whence int
		pos    int64 // the position Seek reports
		n      int   // bytes to read; -1 to the end
	}{
		{"start", 0, io.SeekStart, 0, 10},
		{"middle", 4096, io.SeekStart, 4096, 1000},
		{"middle to end", 50_000, io.SeekStart, 50_000, -1},
		{"last byte", -1, io.SeekEnd, 99_999, -1},
		{"end", 0, io.SeekEnd, 100_000, -1},
		{"past the end", 200_000, io.SeekStart, 200_000, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, err := b.Open(context.Background(), "s/seg.m4s")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			pos, err := f.Seek(tt.offset, tt.whence)
			if err != nil || pos != tt.pos {
				t.Fatalf("Seek = %d, %v; want %d", pos, err, tt.pos)
			}
			var got []byte
			if tt.n < 0 {
				got, err = io.ReadAll(f)
			} else {
				got = make([]byte, tt.n)
				_, err = io.ReadFull(f, got)
			}
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			from := min(tt.pos, int64(len(data)))
			want := data[from:]
			if tt.n >= 0 {
				want = want[:tt.n]
			}
			if !bytes.Equal(got, want) {
				t.Errorf("read %d bytes that differ from the %d at %d", len(got), len(want), from)
			}
			// Current-relative seeks go on from where reading stopped.
			if cur, err := f.Seek(0, io.SeekCurrent); err != nil || cur != max(tt.pos, from+int64(len(got))) {
				t.Errorf("Seek(0, current) = %d, %v", cur, err)
			}
		})
	}
	t.Run("negative", func(t *testing.T) {
		f, _, err := b.Open(context.Background(), "s/seg.m4s")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.Seek(-1, io.SeekStart); err == nil {
			t.Error("a seek before the start succeeded")
		}
	})
}

// testServeContentPattern reads as http.ServeContent does: the size by a
// seek to the end, back to the start, then a range, then another range.
func testServeContentPattern(t *testing.T, b videohost.Blobs) {
	data := pattern(300_000)
	put(t, b, "r/video.mp4", data)
	f, info, err := b.Open(context.Background(), "r/video.mp4")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil || size != info.Size || size != int64(len(data)) {
		t.Fatalf("size by seek = %d, %v; info %d", size, err, info.Size)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	for _, r := range [][2]int64{{1000, 2000}, {250_000, 300_000}, {10, 20}, {0, 300_000}} {
		if _, err := f.Seek(r[0], io.SeekStart); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, r[1]-r[0])
		if _, err := io.ReadFull(f, got); err != nil {
			t.Fatalf("range %v: %v", r, err)
		}
		if !bytes.Equal(got, data[r[0]:r[1]]) {
			t.Errorf("range %v differs", r)
		}
	}
}

func testCloseMidStream(t *testing.T, b videohost.Blobs) {
	data := pattern(1 << 20)
	put(t, b, "c/big", data)
	for range 3 {
		f, _, err := b.Open(context.Background(), "c/big")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.ReadFull(f, make([]byte, 1000)); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatalf("Close mid-stream: %v", err)
		}
	}
	// The store still answers after bodies were dropped half read.
	if got, _ := read(t, b, "c/big"); !bytes.Equal(got, data) {
		t.Error("a full read after closed streams differs")
	}
}

func testList(t *testing.T, b videohost.Blobs) {
	ctx := context.Background()
	for _, k := range []string{"a/1/x.m4s", "a/1/sub/y.vtt", "a/2/z", "ab/w", "b/v", "a-b/q", "a.c"} {
		put(t, b, k, []byte(k))
	}
	tests := []struct {
		prefix string
		want   []string
	}{
		{"a/", []string{"a/1/sub/y.vtt", "a/1/x.m4s", "a/2/z"}},
		{"a/1/", []string{"a/1/sub/y.vtt", "a/1/x.m4s"}},
		{"a", []string{"a-b/q", "a.c", "a/1/sub/y.vtt", "a/1/x.m4s", "a/2/z", "ab/w"}},
		{"", []string{"a-b/q", "a.c", "a/1/sub/y.vtt", "a/1/x.m4s", "a/2/z", "ab/w", "b/v"}},
		{"a/1/x", []string{"a/1/x.m4s"}},
		{"c/", nil},
	}
	for _, tt := range tests {
		got, err := b.List(ctx, tt.prefix)
		if err != nil {
			t.Fatalf("List(%q): %v", tt.prefix, err)
		}
		var keys []string
		for _, bi := range got {
			keys = append(keys, bi.Key)
			if bi.Size != int64(len(bi.Key)) {
				t.Errorf("%s: size %d", bi.Key, bi.Size)
			}
			if bi.ModTime.IsZero() {
				t.Errorf("%s: no ModTime", bi.Key)
			}
		}
		if strings.Join(keys, ",") != strings.Join(tt.want, ",") {
			t.Errorf("List(%q) = %v, want %v", tt.prefix, keys, tt.want)
		}
	}
}

func testDeletePrefix(t *testing.T, b videohost.Blobs) {
	ctx := context.Background()
	keys := []string{"v/1/a", "v/1/sub/b", "v/10/c", "v/1x", "v/2/source", "v/2/source2"}
	for _, k := range keys {
		put(t, b, k, []byte(k))
	}
	many := 1100 // more than one batch of a bulk delete
	if testing.Short() {
		many = 10
	}
	var wg sync.WaitGroup
	errs := make(chan error, many)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < many; i += 8 {
				if _, err := b.Put(context.Background(), fmt.Sprintf("v/1/many/%04d", i), bytes.NewReader(nil)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// A folder: everything under it, nothing that only shares its name's start.
	if err := b.DeletePrefix(ctx, "v/1"); err != nil {
		t.Fatal(err)
	}
	// A single blob named exactly.
	if err := b.DeletePrefix(ctx, "v/2/source"); err != nil {
		t.Fatal(err)
	}
	// Nothing there is no error.
	if err := b.DeletePrefix(ctx, "v/nothing"); err != nil {
		t.Errorf("DeletePrefix of nothing: %v", err)
	}
	left, err := b.List(ctx, "v/")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, bi := range left {
		got = append(got, bi.Key)
	}
	if want := "v/10/c,v/1x,v/2/source2"; strings.Join(got, ",") != want {
		t.Errorf("left after delete: %v, want %s", got, want)
	}
	if _, err := b.Stat(ctx, "v/1/a"); !videohost.IsNotFound(err) {
		t.Errorf("Stat after delete = %v, want not found", err)
	}
}

func testPutHonoursContext(t *testing.T, b videohost.Blobs) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Put(ctx, "x/b", strings.NewReader("data")); err == nil {
		t.Fatal("Put with a cancelled context succeeded")
	}
	if _, err := b.Stat(context.Background(), "x/b"); !videohost.IsNotFound(err) {
		t.Errorf("a cancelled Put left a blob: %v", err)
	}
	// Cancelled halfway through a large blob: nothing under the key either.
	ctx, cancel = context.WithCancel(context.Background())
	r := &cancelAfter{r: bytes.NewReader(pattern(LargeSize)), n: LargeSize / 2, cancel: cancel}
	if _, err := b.Put(ctx, "x/big", r); err == nil {
		t.Fatal("Put cancelled halfway succeeded")
	}
	if _, err := b.Stat(context.Background(), "x/big"); !videohost.IsNotFound(err) {
		t.Errorf("a Put cancelled halfway left a blob: %v", err)
	}
	if left, err := b.List(context.Background(), "x/"); err != nil || len(left) != 0 {
		t.Errorf("left after cancelled Puts: %v, %v", left, err)
	}
}

// cancelAfter cancels its context once n bytes were read, and then fails
// the next read, as a request body would when its client goes away.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	if c.n <= 0 {
		c.cancel()
		return 0, errors.New("client went away")
	}
	p = p[:min(len(p), c.n)]
	n, err := c.r.Read(p)
	c.n -= n
	return n, err
}

func testConcurrentReaders(t *testing.T, b videohost.Blobs) {
	data := pattern(512 << 10)
	put(t, b, "p/seg", data)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, _, err := b.Open(context.Background(), "p/seg")
			if err != nil {
				errs <- err
				return
			}
			defer f.Close()
			off := int64(i * 50_000)
			if _, err := f.Seek(off, io.SeekStart); err != nil {
				errs <- err
				return
			}
			got, err := io.ReadAll(f)
			if err != nil {
				errs <- err
				return
			}
			if !bytes.Equal(got, data[off:]) {
				errs <- fmt.Errorf("reader %d read different bytes", i)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
