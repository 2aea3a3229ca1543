package llhls_test

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// blockingStorage holds every Put until release is closed.
type blockingStorage struct {
	llhls.DirStorage
	release chan struct{}
	puts    atomic.Int64
}

func (s *blockingStorage) Put(ctx context.Context, name string, data []byte) error {
	s.puts.Add(1)
	select {
	case <-s.release:
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.DirStorage.Put(ctx, name, data)
}

// A slow Storage holds up neither the ingest nor the parts.
func TestSlowStorageDelaysNoPart(t *testing.T) {
	st := &blockingStorage{DirStorage: llhls.DirStorage{Dir: t.TempDir()}, release: make(chan struct{})}
	e := newMuxer(t, llhls.Config{Storage: st})
	// Registered after newMuxer's, so it runs before the cleanup's Finish,
	// which would otherwise wait on the stuck storage when the test fails.
	var release sync.Once
	releaseStorage := func() { release.Do(func() { close(st.release) }) }
	t.Cleanup(releaseStorage)
	startSynth(t, e, 10*time.Second, 7*time.Second) // three segments and their init
	// The storage writer runs beside the muxer: its first Put may come a
	// moment after the units are written.
	for deadline := time.Now().Add(30 * time.Second); st.puts.Load() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("nothing put")
		}
		time.Sleep(5 * time.Millisecond)
	}
	pl := parsePlaylist(t, mustGet(t, e.srv.URL+"/live/video/playlist.m3u8"))
	if len(pl.segments) != 3 || !strings.HasPrefix(pl.preload, "3.") {
		t.Errorf("with storage stuck: %d segments, preload hint %s", len(pl.segments), pl.preload)
	}
	releaseStorage()
	e.m.End(nil)
	e.finish(t)
	readFile(t, filepath.Join(st.Dir, "video", "2.m4s"))
}

type failingStorage struct {
	llhls.DirStorage
	fail string
}

func (s failingStorage) Put(ctx context.Context, name string, data []byte) error {
	if name == s.fail {
		return errors.New("disk full")
	}
	return s.DirStorage.Put(ctx, name, data)
}

// A Put that fails ends the publish (the next WriteUnit or End reports
// it), and Finish says the recording is incomplete; the session goes on.
func TestFailedPutEndsThePublish(t *testing.T) {
	st := failingStorage{DirStorage: llhls.DirStorage{Dir: t.TempDir()}, fail: "video/1.m4s"}
	e := newMuxer(t, llhls.Config{Storage: st})
	if err := e.m.Start(synthTracks()); err != nil {
		t.Fatal(err)
	}
	var failed error
	for _, u := range synth(0, 10*time.Second, 30, t0) {
		if failed = e.m.WriteUnit(u); failed != nil {
			break
		}
	}
	e.m.End(failed)
	if failed != nil && !strings.Contains(failed.Error(), "disk full") {
		t.Errorf("WriteUnit: %v", failed)
	}
	// The publisher comes back.
	e.publish(t, synthTracks(), synth(0, 4*time.Second, 30, t0.Add(time.Minute)))
	err := e.m.Finish(context.Background())
	if err == nil || !strings.Contains(err.Error(), "video/1.m4s") {
		t.Errorf("Finish: %v", err)
	}
}
