package hlsfiles_test

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/hlsfiles"
)

func TestNamed(t *testing.T) {
	tests := []struct {
		name, base, playlist string
		want                 []string
	}{
		{"master", "", "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"en\",URI=\"audio/0/playlist.m3u8\"\n" +
			"#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO=\"a\"\nh264_sd/playlist.m3u8\n",
			[]string{"audio/0/playlist.m3u8", "h264_sd/playlist.m3u8"}},
		{"media playlist in its folder", "h264_sd", "#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\n0.m4s\n\n#EXTINF:4,\n1.m4s\n",
			[]string{"h264_sd/init.mp4", "h264_sd/0.m4s", "h264_sd/1.m4s"}},
		{"CRLF and blanks", "", "#EXTM3U\r\n\r\n  a.m4s  \r\n", []string{"a.m4s"}},
		{"nothing outside the set", "h264_sd", "http://evil.example/a.m4s\n/etc/passwd\n../../x.m4s\nok.m4s?x=1\n#EXT-X-MAP:URI=\"https://x/init.mp4\"\n../sibling/ok.m4s\n",
			[]string{"sibling/ok.m4s"}},
		{"empty", "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hlsfiles.Named(tt.base, []byte(tt.playlist)); !slices.Equal(got, tt.want) {
				t.Errorf("Named(%q) = %q, want %q", tt.base, got, tt.want)
			}
		})
	}
}

// TestCopySet copies a growing set twice: each file once, the files a
// playlist lists before it, the master last, and nothing it does not list.
func TestCopySet(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, data string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("playlist.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nsd/playlist.m3u8\n")
	write("sd/playlist.m3u8", "#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\n0.m4s\n")
	write("sd/init.mp4", "init")
	write("sd/0.m4s", "zero")
	write("sd/1.m4s", "being written")
	var order []string
	got := map[string]string{}
	put := func(rel string, r io.Reader) error {
		b, err := io.ReadAll(r)
		order = append(order, rel)
		got[rel] = string(b)
		return err
	}
	stored := map[string]bool{}
	if err := hlsfiles.CopySet(dir, stored, put); err != nil {
		t.Fatal(err)
	}
	if want := []string{"sd/init.mp4", "sd/0.m4s", "sd/playlist.m3u8", "playlist.m3u8"}; !slices.Equal(order, want) {
		t.Fatalf("first copy put %q, want %q", order, want)
	}
	write("sd/playlist.m3u8", "#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\n0.m4s\n#EXTINF:4,\n1.m4s\n")
	order = nil
	if err := hlsfiles.CopySet(dir, stored, put); err != nil {
		t.Fatal(err)
	}
	if want := []string{"sd/1.m4s", "sd/playlist.m3u8", "playlist.m3u8"}; !slices.Equal(order, want) {
		t.Fatalf("second copy put %q, want %q", order, want)
	}
	if got["sd/1.m4s"] != "being written" || !strings.Contains(got["sd/playlist.m3u8"], "1.m4s") {
		t.Fatalf("copied %q", got)
	}
	if err := hlsfiles.CopySet(t.TempDir(), map[string]bool{}, put); err == nil {
		t.Error("a folder without a master: no error")
	}
}
