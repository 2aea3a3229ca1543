package media_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestWriteChapters puts chapter files into an output and checks the master
// playlist names them (golden), that regenerating for subtitles keeps the
// tag, and that removing the chapters restores the playlist byte for byte.
func TestWriteChapters(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := goldenManifest()
	if err := media.WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	if err := media.WriteMasterPlaylist(dir, m); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	vtt := []byte("WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nIntro\n\n00:00:04.000 --> 00:00:10.000\nMain\n")
	apple := []byte(`[{"chapter":1,"start-time":0,"duration":4,"titles":[{"language":"und","title":"Intro"}]}]` + "\n")
	if err := media.WriteChapters(dir, vtt, apple); err != nil {
		t.Fatal(err)
	}
	compareGolden(t, filepath.Join(dir, "playlist.m3u8"), "master_chapters.m3u8.golden")
	for name, want := range map[string][]byte{"chapters.vtt": vtt, "chapters.json": apple} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != string(want) {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	got, err := media.ReadManifest(dir)
	if err != nil || got.Chapters != "chapters.json" {
		t.Fatalf("media.json chapters = %q, %v", got.Chapters, err)
	}

	// A later regeneration from media.json keeps the chapters.
	if _, err := media.AddSubtitles(dir, []media.SubtitleTrack{{Language: "en", Label: "English", URI: "subtitles/en.m3u8", Default: true}}); err != nil {
		t.Fatal(err)
	}
	master, _ := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	if !strings.Contains(string(master), `#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.chapters",URI="chapters.json"`+"\n") ||
		!strings.Contains(string(master), "TYPE=SUBTITLES") {
		t.Errorf("master after adding subtitles:\n%s", master)
	}
	if _, err := media.AddSubtitles(dir, nil); err != nil {
		t.Fatal(err)
	}

	if err := media.WriteChapters(dir, nil, nil); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	if string(after) != string(before) {
		t.Errorf("master without chapters:\n%s\nwant\n%s", after, before)
	}
	for _, name := range []string{"chapters.vtt", "chapters.json"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s left behind: %v", name, err)
		}
	}
	if err := media.WriteChapters(dir, vtt, nil); err == nil {
		t.Error("WriteChapters took a WebVTT file without its JSON twin")
	}
}
