package httpapi_test

import (
	"context"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// dispositionName reads the file name a browser would save under: the
// filename* parameter when there is one (RFC 6266), else filename.
func dispositionName(t *testing.T, header string) string {
	t.Helper()
	typ, params, err := mime.ParseMediaType(header)
	if err != nil || typ != "attachment" {
		t.Fatalf("Content-Disposition %q: %v, type %q", header, err, typ)
	}
	return params["filename"] // mime decodes filename* into filename
}

func TestDownloads(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{})
	var patched videohost.Video
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"title": "Café: a/b \"talk\""}), http.StatusOK, &patched)

	tests := []struct {
		name, asset, query string
		want               string // the saved name; "" for no attachment
		wantRaw            string // the header, when checked whole
	}{
		{name: "rendition, default name", asset: "h264_sd.mp4", query: "download",
			want: "Café_ a_b _talk_ sd.mp4", wantRaw: `attachment; filename="Caf__ a_b _talk_ sd.mp4"; filename*=UTF-8''Caf%C3%A9_%20a_b%20_talk_%20sd.mp4`},
		{name: "empty value is the default", asset: "h264_sd.mp4", query: "download=", want: "Café_ a_b _talk_ sd.mp4"},
		{name: "ascii name has no filename*", asset: "clip.mp4", query: "download=teaser.mp4",
			want: "teaser.mp4", wantRaw: `attachment; filename="teaser.mp4"`},
		{name: "extension added", asset: "audio.m4a", query: "download=podcast", want: "podcast.m4a"},
		{name: "quotes and slashes", asset: "subtitles/en.vtt", query: "download=" + url.QueryEscape(`../../etc/"passwd"`), want: "_.._etc__passwd_.vtt"},
		{name: "non-ASCII and a bidi override", asset: "storyboard.jpg", query: "download=" + url.QueryEscape("Ünïcødé \u202egpj.exe"), want: "Ünïcødé gpj.exe.jpg"},
		{name: "control characters", asset: "storyboard.vtt", query: "download=" + url.QueryEscape("a\r\nb\tc  d.vtt"), want: "abc d.vtt"},
		{name: "subtitles default", asset: "subtitles/pt-BR.vtt", query: "download", want: "Café_ a_b _talk_ pt-BR.vtt"},
		{name: "only dots and spaces", asset: "audio.m4a", query: "download=" + url.QueryEscape(" .. "), want: "Café_ a_b _talk_.m4a"},
		{name: "long name keeps its extension", asset: "h264_sd.mp4", query: "download=" + strings.Repeat("é", 150),
			want: strings.Repeat("é", 98) + ".mp4"},
		{name: "no parameter", asset: "h264_sd.mp4", query: ""},
		{name: "playlists ignore it", asset: "playlist.m3u8", query: "download"},
		{name: "segments ignore it", asset: "h264_sd/0.m4s", query: "download"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := e.mediaURL(v, tt.asset)
			if tt.query != "" {
				u += "?" + tt.query
			}
			r := e.req("GET", u, "", nil)
			if r.status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", u, r.status, r)
			}
			cd := r.header.Get("Content-Disposition")
			if tt.want == "" {
				if cd != "" {
					t.Fatalf("Content-Disposition %q, want none", cd)
				}
				return
			}
			if got := dispositionName(t, cd); got != tt.want {
				t.Errorf("saved as %q, want %q (header %q)", got, tt.want, cd)
			}
			if tt.wantRaw != "" && cd != tt.wantRaw {
				t.Errorf("Content-Disposition\n %s\nwant\n %s", cd, tt.wantRaw)
			}
			if !strings.Contains(r.header.Get("Access-Control-Expose-Headers"), "Content-Disposition") {
				t.Error("Content-Disposition is not exposed to other origins")
			}
		})
	}
}

func TestDownloadsOfSignedVideosNeedTheToken(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	u := e.mediaURL(v, "h264_sd.mp4") + "?download=a.mp4"
	if r := e.req("GET", u, "", nil); r.status != http.StatusUnauthorized && r.status != http.StatusForbidden {
		t.Fatalf("download without a token: %d %s", r.status, r)
	} else if r.header.Get("Content-Disposition") != "" {
		t.Error("a refused download carries Content-Disposition")
	}
	tok := playbackToken(t, hmacKey(t, e.rw), v.Embed)
	r := e.req("GET", withQuery(u, "token", tok), "", nil)
	if r.status != http.StatusOK || dispositionName(t, r.header.Get("Content-Disposition")) != "a.mp4" {
		t.Fatalf("download with a token: %d %q", r.status, r.header.Get("Content-Disposition"))
	}
}

func TestOriginalAccess(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	v := e.publish(publishOptions{})
	if _, err := e.svc.Jobs().StoreSource(ctx, v.ID, strings.NewReader("the original bytes")); err != nil {
		t.Fatal(err)
	}
	orig := e.mediaURL(v, "original")

	// Off by default: 404, and no URL in the video.
	if v.OriginalAccess || v.URLs.Original != "" {
		t.Fatalf("a new video shares its original: %v %q", v.OriginalAccess, v.URLs.Original)
	}
	problem(t, e.req("GET", orig, "", nil), http.StatusNotFound, "not_found")

	var on videohost.Video
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"original_access": true}), http.StatusOK, &on)
	if !on.OriginalAccess || on.URLs.Original != orig {
		t.Fatalf("after PATCH: original_access %v, urls.original %q, want %q", on.OriginalAccess, on.URLs.Original, orig)
	}
	r := e.req("GET", orig, "", nil)
	if r.status != http.StatusOK || r.String() != "the original bytes" {
		t.Fatalf("GET original: %d %q", r.status, r)
	}
	if ct := r.header.Get("Content-Type"); ct != "video/mp4" {
		t.Errorf("Content-Type %q for an original fetched from a .mp4 URL", ct)
	}
	r = e.req("GET", orig, "", nil, "Range", "bytes=4-11")
	if r.status != http.StatusPartialContent || r.String() != "original" {
		t.Errorf("Range on the original: %d %q", r.status, r)
	}
	r = e.req("GET", orig+"?download", "", nil)
	if got := dispositionName(t, r.header.Get("Content-Disposition")); got != "published.mp4" {
		t.Errorf("original saved as %q, want the title and the input_url's extension", got)
	}
	r = e.req("GET", orig+"?download=master.m4v", "", nil)
	if got := dispositionName(t, r.header.Get("Content-Disposition")); got != "master.m4v.mp4" {
		t.Errorf("original saved as %q, want master.m4v.mp4: nothing says the file is more than the .mp4 of its URL", got)
	}

	// The public lookup lists it for <reel-files>.
	var view access.EmbedView
	must(t, e.req("GET", "/v1/embeds/"+v.Embed, "", nil), http.StatusOK, &view)
	if view.URLs.Original != orig {
		t.Errorf("embed lookup urls.original %q, want %q", view.URLs.Original, orig)
	}

	// Signed: the token applies to the original too.
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"playback_policy": "signed"}), http.StatusOK, nil)
	if r := e.req("GET", orig, "", nil); r.status == http.StatusOK {
		t.Fatal("a signed video's original answered without a token")
	}
	tok := playbackToken(t, hmacKey(t, e.rw), v.Embed)
	if r := e.req("GET", withQuery(orig, "token", tok), "", nil); r.status != http.StatusOK {
		t.Fatalf("a signed video's original with a token: %d %s", r.status, r)
	}

	// Off again: 404 at once.
	var off videohost.Video
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"original_access": false}), http.StatusOK, &off)
	if off.OriginalAccess || off.URLs.Original != "" {
		t.Fatalf("after turning it off: %v %q", off.OriginalAccess, off.URLs.Original)
	}
	problem(t, e.req("GET", withQuery(orig, "token", tok), "", nil), http.StatusNotFound, "not_found")

	// Created with it on.
	var created videohost.Video
	must(t, e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": publicURL, "original_access": true}), http.StatusCreated, &created)
	if !created.OriginalAccess || created.URLs.Original != "" {
		t.Errorf("created: original_access %v, urls.original %q (empty until playable)", created.OriginalAccess, created.URLs.Original)
	}
}

func TestOriginalDownloadName(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	mp4 := &videohost.SourceInfo{Container: "mov,mp4,m4a,3gp,3g2,mj2"}
	tests := []struct {
		name     string
		metadata map[string]string
		source   *videohost.SourceInfo
		query    string // after download=
		want     string
	}{
		{name: "the uploaded file's name", metadata: map[string]string{"filename": "Holiday 2026.MOV"}, want: "Holiday 2026.MOV"},
		{name: "the uploaded file's name, its container's", metadata: map[string]string{"filename": "Holiday 2026.MOV"}, source: mp4, want: "Holiday 2026.MOV"},
		{name: "container mp4", source: mp4, want: "published.mp4"},
		{name: "container matroska", source: &videohost.SourceInfo{Container: "matroska,webm"}, want: "published.mkv"},
		{name: "another container", source: &videohost.SourceInfo{Container: "rm"}, want: "published.rm"},
		{name: "a container without an extension", source: &videohost.SourceInfo{Container: "mpegvideo"}, want: "published.bin"},
		// A link anyone can make (issue 35): the name is the caller's, the
		// extension the file's own.
		{name: "an executable's name", source: mp4, query: "setup.exe", want: "setup.exe.mp4"},
		{name: "an executable's name, no container", query: "setup.exe", want: "setup.exe.mp4"},
		{name: "an uploaded file's executable name", metadata: map[string]string{"filename": "setup.exe"}, source: mp4, want: "setup.exe.mp4"},
		{name: "another extension of the container", source: mp4, query: "cut.MOV", want: "cut.MOV"},
		{name: "a webm", source: &videohost.SourceInfo{Container: "matroska,webm"}, query: "talk.webm", want: "talk.webm"},
		{name: "a name without an extension", source: mp4, query: "talk", want: "talk.mp4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := e.publish(publishOptions{})
			if _, err := e.svc.Jobs().StoreSource(ctx, v.ID, strings.NewReader("x")); err != nil {
				t.Fatal(err)
			}
			if tt.source != nil {
				// What a fetch without an extension and a probe leave.
				if _, err := e.db.UpdateVideo(ctx, "", v.ID, func(v *videohost.Video) (videohost.Change, error) {
					v.Source, v.InputURL = tt.source, ""
					return videohost.Change{}, nil
				}, nil); err != nil {
					t.Fatal(err)
				}
			}
			body := map[string]any{"original_access": true}
			if tt.metadata != nil {
				body["metadata"] = tt.metadata
			}
			must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, body), http.StatusOK, nil)
			q := "?download"
			if tt.query != "" {
				q += "=" + url.QueryEscape(tt.query)
			}
			r := e.req("GET", e.mediaURL(v, "original")+q, "", nil)
			if got := dispositionName(t, r.header.Get("Content-Disposition")); got != tt.want {
				t.Errorf("saved as %q, want %q", got, tt.want)
			}
		})
	}
}
