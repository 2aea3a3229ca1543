package llhls_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live/llhls"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// TestPlaylistsGolden pins the playlists of a synthetic session: live
// 15 s in (parts, preload hint, rendition reports, a delta update), and
// VOD after Finish.
func TestPlaylistsGolden(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	units := synth(10*time.Second, 16*time.Second, 30, t0)
	if err := e.m.Start(synthTracks()); err != nil {
		t.Fatal(err)
	}
	i := 0
	for ; units[i].DTS < 10*time.Second+15*time.Second+100*time.Millisecond; i++ {
		if err := e.m.WriteUnit(units[i]); err != nil {
			t.Fatal(err)
		}
	}
	u := e.srv.URL + "/live/"
	golden(t, "live_master.m3u8", mustGet(t, u+"master.m3u8"))
	golden(t, "live_video.m3u8", mustGet(t, u+"video/playlist.m3u8"))
	golden(t, "live_video_skip.m3u8", mustGet(t, u+"video/playlist.m3u8?_HLS_skip=YES"))
	golden(t, "live_audio.m3u8", mustGet(t, u+"audio/playlist.m3u8"))
	for ; i < len(units); i++ {
		if err := e.m.WriteUnit(units[i]); err != nil {
			t.Fatal(err)
		}
	}
	e.m.End(nil)
	e.finish(t)
	golden(t, "vod_master.m3u8", e.file(t, "master.m3u8"))
	golden(t, "vod_video.m3u8", e.file(t, "video/playlist.m3u8"))
	golden(t, "vod_audio.m3u8", e.file(t, "audio/playlist.m3u8"))
	if got := mustGet(t, u+"video/playlist.m3u8"); !bytes.Equal(got, e.file(t, "video/playlist.m3u8")) {
		t.Errorf("the handler's VOD playlist differs from the stored one:\n%s", got)
	}
}
