package llhls_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/livetest"
	"github.com/reelvideo/reel/videohost/live/llhls"
)

// t0 is the wall clock the tests' publishes are received at.
var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

// source is 6 s of 640x360 H.264 (a keyframe a second, B-frames) and AAC,
// made once per test binary.
var source = struct {
	once   sync.Once
	tracks []live.Track
	units  []live.Unit
}{}

func h264Source(t *testing.T) ([]live.Track, []live.Unit) {
	t.Helper()
	source.once.Do(func() {
		source.tracks, source.units = livetest.Source(t,
			"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine",
			"-t", "6", "-c:v", "libx264", "-g", "30", "-bf", "2", "-threads", "1", "-c:a", "aac", "-f", "mpegts", "out.ts")
		received(source.units)
	})
	if source.units == nil {
		t.Skip("no source")
	}
	return source.tracks, source.units
}

// received stamps units as if they arrived in real time from t0.
func received(units []live.Unit) {
	first := units[0].DTS
	for i := range units {
		units[i].Received = t0.Add(units[i].DTS - first)
	}
}

type muxerEnv struct {
	m   *llhls.Muxer
	dir string
	srv *httptest.Server
}

func newMuxer(t *testing.T, cfg llhls.Config) *muxerEnv {
	t.Helper()
	dir := t.TempDir()
	if cfg.Storage == nil {
		cfg.Storage = llhls.DirStorage{Dir: dir}
	}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return t0 }
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	m, err := llhls.NewMuxer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Before the folder goes (cleanups run last first): the storage
	// writer may still be putting what a test left unfinished. Finish
	// flushes it, and does nothing after the test's own.
	t.Cleanup(func() { m.Finish(context.Background()) })
	srv := httptest.NewServer(http.StripPrefix("/live", m.Handler()))
	t.Cleanup(srv.Close)
	return &muxerEnv{m: m, dir: dir, srv: srv}
}

func (e *muxerEnv) publish(t *testing.T, tracks []live.Track, units []live.Unit) {
	t.Helper()
	if err := e.m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		if err := e.m.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	e.m.End(nil)
}

func (e *muxerEnv) finish(t *testing.T) {
	t.Helper()
	if err := e.m.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (e *muxerEnv) file(t *testing.T, name string) []byte {
	t.Helper()
	return readFile(t, filepath.Join(e.dir, filepath.FromSlash(name)))
}
