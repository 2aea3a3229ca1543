package llhls_test

import (
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/hlsfiles"
	"github.com/reelvideo/reel/videohost/live/llhls"
)

// TestReelLayoutKeepsStandardPlaylistsInStorage: with ReelLayout the
// session's folder is a Reel video's set as it grows (the files the
// delivery serves, the playlists it copies), and every playlist in it
// lists only files already stored.
func TestReelLayoutKeepsStandardPlaylistsInStorage(t *testing.T) {
	tracks, units := h264Source(t)
	e := newMuxer(t, llhls.Config{ReelLayout: true})
	if err := e.m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		if err := e.m.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
		// Whenever the multivariant playlist is there (Storage is written
		// in the background), everything it reaches is too: what
		// hlsfiles.CopySet copies to a blob store.
		if _, err := os.Stat(filepath.Join(e.dir, "playlist.m3u8")); err == nil {
			requireSetComplete(t, e.dir)
		}
	}
	// End waits for the publish's files: the live set is all stored, and
	// still live (no ENDLIST) until Finish.
	e.m.End(nil)
	requireSetComplete(t, e.dir)
	master := string(e.file(t, "playlist.m3u8"))
	if !strings.Contains(master, "h264_sd/playlist.m3u8") || !strings.Contains(master, `URI="audio/0/playlist.m3u8"`) {
		t.Fatalf("master:\n%s", master)
	}
	media := string(e.file(t, "h264_sd/playlist.m3u8"))
	for _, tag := range []string{"#EXT-X-PART", "#EXT-X-PRELOAD-HINT", "#EXT-X-SERVER-CONTROL", "#EXT-X-ENDLIST"} {
		if strings.Contains(media, tag) {
			t.Errorf("the standard live playlist has %s:\n%s", tag, media)
		}
	}
	if !strings.Contains(media, `#EXT-X-MAP:URI="init.mp4"`) || !strings.Contains(media, "#EXT-X-PROGRAM-DATE-TIME") {
		t.Errorf("the standard live playlist:\n%s", media)
	}
	// The low-latency handler serves the same names, a slash in a track's
	// included.
	for _, name := range []string{"master.m3u8", "audio/0/playlist.m3u8", "h264_sd/init.mp4", "audio/0/init.mp4"} {
		resp, err := http.Get(e.srv.URL + "/live/" + name)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", name, resp.StatusCode)
		}
	}
	e.finish(t)
	if vod := string(e.file(t, "h264_sd/playlist.m3u8")); !strings.Contains(vod, "#EXT-X-ENDLIST") {
		t.Fatalf("after Finish the playlist is not VOD:\n%s", vod)
	}
	requireSetComplete(t, e.dir)
}

// requireSetComplete fails unless every file the multivariant playlist in
// dir reaches is in dir.
func requireSetComplete(t *testing.T, dir string) {
	t.Helper()
	master := readFile(t, filepath.Join(dir, "playlist.m3u8"))
	for _, media := range hlsfiles.Named("", master) {
		list := readFile(t, filepath.Join(dir, filepath.FromSlash(media)))
		for _, f := range hlsfiles.Named(path.Dir(media), list) {
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
				t.Fatalf("%s lists %s, which is not stored", media, f)
			}
		}
	}
}
