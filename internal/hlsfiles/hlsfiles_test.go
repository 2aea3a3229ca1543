package hlsfiles_test

import (
	"slices"
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
