package httpapi_test

import (
	"net/url"
	"testing"

	"github.com/reelvideo/reel/videohost/httpapi"
)

// TestAssetQuery checks that the query scan delivery uses reads what
// url.ParseQuery and Get read, on plain and awkward query strings.
func TestAssetQuery(t *testing.T) {
	for _, tt := range []struct {
		raw     string
		wantAll bool // expected to go through url.ParseQuery
	}{
		{"", false},
		{"v=ver1", false},
		{"v=ver1&g=1700000000.abcdefghijklmnop.AAAAAAAAAAAAAAAAAAAAAA", false},
		{"token=eyJ.eyJ.sig&v=ver1", false},
		{"v=first&v=second&g=a&g=b&token=x&token=y", false},
		{"&&v=ver1&&", false},
		{"v", false},
		{"v=&g=", false},
		{"=x&v=ver1", false},
		{"v=a=b", false},
		{"other=1&v=ver1", false},
		{"download", true},
		{"download=film.mp4&v=ver1", true},
		{"v=ver%31", true},
		{"%76=ver1", true},
		{"v=a+b", true},
		{"v=ver1;g=x", true},
		{"v=ver1&token=%zz&token=ok", true},
		{"a&a&a&a&a&a&a&a&a&a&a&a&a&a&a&a&a&v=many", true},
	} {
		version, grant, token, all := httpapi.AssetQuery(tt.raw)
		want, _ := url.ParseQuery(tt.raw)
		if version != want.Get("v") || grant != want.Get("g") || token != want.Get("token") {
			t.Errorf("%q: v=%q g=%q token=%q, url.ParseQuery has v=%q g=%q token=%q",
				tt.raw, version, grant, token, want.Get("v"), want.Get("g"), want.Get("token"))
		}
		if all != tt.wantAll {
			t.Errorf("%q: parsed in full %v, want %v", tt.raw, all, tt.wantAll)
		}
	}
}

// TestValidAssetName checks that the shortcut for the names players ask
// for most accepts exactly what the expression accepts.
func TestValidAssetName(t *testing.T) {
	for _, name := range []string{
		"playlist.m3u8", "h264_sd/playlist.m3u8", "h264_uhd/init.mp4", "h264_hd/0.m4s", "h264_fhd/123456789.m4s",
		"h264_qhd.mp4", "audio/0/playlist.m3u8", "audio/en/3.m4s", "subtitles/en.vtt", "poster.jpg", "original",
		"h264_sd/1234567890.m4s", "h264_sd/.m4s", "h264_sd/-1.m4s", "h264_sd/1a.m4s", "h264_xx/0.m4s",
		"h264_sd/0.m4s/", "h264_sd//0.m4s", "h264_sd/playlist.m3u8x", "h264_/0.m4s", "h264_sd", "h264_sd/",
		"../playlist.m3u8", "playlist.m3u8 ", "media.json", "", "h264_sd/init.mp4.m4s", "h264_SD/0.m4s",
		"source/playlist.m3u8", "source/init.mp4", "source/12.m4s", "source.mp4", "source/x.m4s",
	} {
		if got, want := httpapi.ValidAssetName(name), httpapi.AssetNamePattern.MatchString(name); got != want {
			t.Errorf("%q: %v, the expression says %v", name, got, want)
		}
	}
}

// FuzzAssetQuery holds the query scan to url.ParseQuery on any input.
func FuzzAssetQuery(f *testing.F) {
	for _, seed := range []string{"v=ver1&g=1.a.b", "token=x&v=1&v=2", "download&v=1", "v=%41", "v=a;b", "=&=&v"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		version, grant, token, _ := httpapi.AssetQuery(raw)
		want, _ := url.ParseQuery(raw)
		if version != want.Get("v") || grant != want.Get("g") || token != want.Get("token") {
			t.Fatalf("%q: v=%q g=%q token=%q, url.ParseQuery has v=%q g=%q token=%q",
				raw, version, grant, token, want.Get("v"), want.Get("g"), want.Get("token"))
		}
	})
}
