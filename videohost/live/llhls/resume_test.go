package llhls_test

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live/llhls"
)

// TestResumeMuxerContinuesAStoredSession: a Muxer whose process died
// leaves its stored set; a Muxer resumed from a copy of that set (another
// process's, ResumeMuxer) continues the session after a discontinuity,
// and makes exactly the files one Muxer would have made had the
// publisher dropped and come back to it: the stored segments untouched,
// the new ones numbered after them on the same media timeline, the
// playlists listing both.
func TestResumeMuxerContinuesAStoredSession(t *testing.T) {
	tracks, units := h264Source(t)
	half := units[:len(units)/2]

	// The reference: one Muxer, a publisher that drops and comes back.
	ref := newMuxer(t, llhls.Config{ReelLayout: true})
	ref.publish(t, tracks, half)
	ref.publish(t, tracks, units)
	ref.finish(t)

	// A: the first publish, then nothing (its process is gone).
	a := newMuxer(t, llhls.Config{ReelLayout: true})
	a.publish(t, tracks, half)
	stored := snapshot(t, a.dir)

	// B: a copy of what A stored, resumed, then the second publish.
	dir := t.TempDir()
	for name, data := range stored {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, resumed, err := llhls.ResumeMuxer(context.Background(), llhls.Config{ReelLayout: true,
		Storage: llhls.DirStorage{Dir: dir}, Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return t0 }})
	if err != nil || !resumed {
		t.Fatalf("resuming: %v (resumed %v)", err, resumed)
	}
	// While live, before the publisher is back, the resumed Muxer serves
	// the stored segments.
	if err := b.Start(tracks); err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		if err := b.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	b.End(nil)
	live := string(readFile(t, filepath.Join(dir, "h264_sd/playlist.m3u8")))
	if !strings.Contains(live, "#EXT-X-DISCONTINUITY\n") {
		t.Errorf("the live playlist after the takeover has no discontinuity:\n%s", live)
	}
	if err := b.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}

	want, got := snapshot(t, ref.dir), snapshot(t, dir)
	for name, data := range stored {
		if string(got[name]) != string(data) && !strings.HasSuffix(name, ".m3u8") {
			t.Errorf("%s, stored by A, was changed", name)
		}
	}
	for name, data := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is missing after the takeover", name)
		} else if string(g) != string(data) {
			t.Errorf("%s differs from one Muxer's:\n%s\nwant\n%s", name, short(g), short(data))
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s was made by the takeover only", name)
		}
	}
	vod := string(got["h264_sd/playlist.m3u8"])
	if strings.Count(vod, "#EXT-X-DISCONTINUITY\n") != 1 || strings.Count(vod, "#EXT-X-MAP") != 1 {
		t.Fatalf("the VOD playlist:\n%s", vod)
	}
}

// TestResumeMuxerWithNothingStored: nothing stored, nothing resumed; the
// Muxer starts a session.
func TestResumeMuxerWithNothingStored(t *testing.T) {
	tracks, units := h264Source(t)
	dir := t.TempDir()
	m, resumed, err := llhls.ResumeMuxer(context.Background(), llhls.Config{ReelLayout: true,
		Storage: llhls.DirStorage{Dir: dir}, Logger: slog.New(slog.DiscardHandler)})
	if err != nil || resumed {
		t.Fatalf("resuming an empty folder: %v (resumed %v)", err, resumed)
	}
	if err := m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	for _, u := range units[:len(units)/2] {
		m.WriteUnit(u)
	}
	if err := m.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	if vod := string(readFile(t, filepath.Join(dir, "h264_sd/playlist.m3u8"))); strings.Contains(vod, "DISCONTINUITY\n") {
		t.Fatalf("a first publish after a discontinuity:\n%s", vod)
	}
}

func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".partial") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// short is a file as a failure shows it: a playlist's text, a binary
// file's size.
func short(b []byte) string {
	if len(b) > 4000 || strings.ContainsRune(string(b), 0) {
		return fmt.Sprintf("(%d bytes)", len(b))
	}
	return string(b)
}

// TestResumeMuxerAfterAPlaylistInFlight: the dead Muxer stored the audio
// playlist listing its last segment and not yet the video's: both tracks
// resume from the last segment they both list, the audio's later one is
// dropped, and the next publish's segments follow on both with
// consecutive numbers.
func TestResumeMuxerAfterAPlaylistInFlight(t *testing.T) {
	tracks, units := h264Source(t)
	a := newMuxer(t, llhls.Config{ReelLayout: true})
	a.publish(t, tracks, units[:len(units)/2])
	dir := t.TempDir()
	for name, data := range snapshot(t, a.dir) {
		if name == "h264_sd/playlist.m3u8" {
			// The video's playlist as it was a segment earlier.
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			data = []byte(strings.Join(lines[:len(lines)-3], "\n") + "\n")
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	video := string(readFile(t, filepath.Join(dir, "h264_sd/playlist.m3u8")))
	audio := string(readFile(t, filepath.Join(dir, "audio/0/playlist.m3u8")))
	nv, na := strings.Count(video, "#EXTINF"), strings.Count(audio, "#EXTINF")
	if nv != na-1 {
		t.Fatalf("the test's playlists: %d video and %d audio segments", nv, na)
	}
	b, resumed, err := llhls.ResumeMuxer(context.Background(), llhls.Config{ReelLayout: true,
		Storage: llhls.DirStorage{Dir: dir}, Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return t0 }})
	if err != nil || !resumed {
		t.Fatalf("resuming: %v (resumed %v)", err, resumed)
	}
	if next := b.NextMSN(); next != uint64(nv) {
		t.Fatalf("next segment %d, want %d (after the video's last)", next, nv)
	}
	if err := b.Start(tracks); err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		if err := b.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	video = string(readFile(t, filepath.Join(dir, "h264_sd/playlist.m3u8")))
	audio = string(readFile(t, filepath.Join(dir, "audio/0/playlist.m3u8")))
	for _, list := range []string{video, audio} {
		n := 0
		for _, l := range strings.Split(list, "\n") {
			if strings.HasSuffix(l, ".m4s") {
				if l != fmt.Sprintf("%d.m4s", n) {
					t.Fatalf("segment %s where %d.m4s was due:\n%s", l, n, list)
				}
				n++
			}
		}
	}
	if strings.Count(video, "#EXTINF") != strings.Count(audio, "#EXTINF") || strings.Count(audio, "#EXT-X-DISCONTINUITY\n") != 1 {
		t.Fatalf("after the takeover:\n%s\n%s", video, audio)
	}
}
