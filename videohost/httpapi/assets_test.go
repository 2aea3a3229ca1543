package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/jpeg"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
)

// fakeAssets is a published version as the pipeline would write it, small
// enough to build by hand: every file name a ready video has.
func fakeAssets() map[string][]byte {
	segment := bytes.Repeat([]byte("segment-bytes-"), 4096) // ~57 KB
	return map[string][]byte{
		"playlist.m3u8": []byte("#EXTM3U\n#EXT-X-VERSION:7\n" +
			`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="en",DEFAULT=YES,URI="audio/0/playlist.m3u8"` + "\n" +
			`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subtitles/en.m3u8"` + "\n" +
			`#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=320x240,AUDIO="aac",SUBTITLES="subs"` + "\n" +
			"h264_sd/playlist.m3u8\n"),
		"h264_sd/playlist.m3u8": []byte("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n" +
			`#EXT-X-MAP:URI="init.mp4"` + "\n#EXTINF:2.000,\n0.m4s\n#EXTINF:1.000,\n1.m4s?part=x\n#EXT-X-ENDLIST\n"),
		"h264_sd/init.mp4":      []byte("init-video"),
		"h264_sd/0.m4s":         segment,
		"h264_sd/1.m4s":         []byte("second segment"),
		"audio/0/playlist.m3u8": []byte("#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2.0,\n0.m4s\n#EXT-X-ENDLIST\n"),
		"audio/0/init.mp4":      []byte("init-audio"),
		"audio/0/0.m4s":         []byte("audio segment"),
		"h264_sd.mp4":           []byte("progressive mp4"),
		"manifest.mpd":          []byte(`<MPD><Period><AdaptationSet><Representation><SegmentTemplate media="h264_sd/$Number$.m4s" initialization="h264_sd/init.mp4"/></Representation></AdaptationSet><AdaptationSet><Representation><BaseURL>subtitles/en.vtt</BaseURL></Representation></AdaptationSet></Period></MPD>`),
		"poster.jpg":            []byte("\xff\xd8jpeg"),
		"poster.webp":           []byte("RIFFwebp"),
		"storyboard.jpg":        []byte("\xff\xd8sprite"),
		"storyboard.vtt":        []byte("WEBVTT\n\n00:00.000 --> 00:02.000\nstoryboard.jpg#xywh=0,0,160,90\n"),
		"clip.mp4":              []byte("clip mp4"),
		"audio.m4a":             []byte("audio m4a"),
		"subtitles/en.vtt":      []byte("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n"),
		"subtitles/pt-BR.vtt":   []byte("WEBVTT\n\n00:00.000 --> 00:01.000\nOlá\n"),
		"subtitles/en.m3u8":     []byte("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nen.vtt\n#EXT-X-ENDLIST\n"),
		"transcript.json":       []byte(`{"cues":[]}`),
		"media.json":            []byte(`{"internal":true}`),
	}
}

type publishOptions struct {
	policy     videohost.PlaybackPolicy
	collection string
	version    string
	files      map[string][]byte // default fakeAssets()
	width      int
	height     int
	duration   float64
}

// publish creates a video and publishes files as its ready asset version,
// the way the worker would.
func (e *env) publish(o publishOptions) *videohost.Video {
	e.t.Helper()
	ctx := context.Background()
	body := map[string]any{"title": "published"}
	if o.policy != "" {
		body["playback_policy"] = string(o.policy)
	}
	if o.collection != "" {
		body["collection"] = o.collection
	}
	v := e.createVideo(e.rw, body)
	if o.files == nil {
		o.files = fakeAssets()
	}
	if o.width == 0 {
		o.width, o.height, o.duration = 320, 240, 3
	}
	dir := writeFiles(e.t, o.files)
	if _, err := e.svc.Jobs().SourceStored(ctx, v.ID, 100); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
		e.t.Fatal(err)
	}
	out := &videohost.ProcessOutput{
		Duration: o.duration, Width: o.width, Height: o.height, PosterTime: 1,
		Renditions:  []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: o.width, Height: o.height, Size: int64(len(o.files["h264_sd.mp4"]))}},
		AudioTracks: []videohost.AudioTrack{{ID: "0", Language: "en", Label: "English", Default: true}},
		Assets:      videohost.AssetFlags{Poster: true, Storyboard: true, Clip: true, Audio: true, DASH: true},
	}
	pv, err := e.svc.Jobs().PublishReady(ctx, v.ID, dir, out)
	if err != nil {
		e.t.Fatal(err)
	}
	return pv
}

// writeFiles writes files (by slash-separated name) into a new folder.
func writeFiles(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "assets")
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// mediaURL is the delivery URL of an asset of v.
func (e *env) mediaURL(v *videohost.Video, asset string) string {
	return e.baseURL + "/media/" + v.Space + "/" + v.ID + "/" + asset
}

// apiKeyID is the id inside an API key string (rk_{id}_{secret}).
func apiKeyID(t *testing.T, key string) string {
	t.Helper()
	parts := strings.SplitN(key, "_", 3)
	if len(parts) != 3 {
		t.Fatalf("not an API key: %q", key)
	}
	return parts[1]
}

// hmacKey is the HS256 signing key of an API key string.
func hmacKey(t *testing.T, key string) tokens.HMACKey {
	t.Helper()
	return tokens.HMACKey{ID: apiKeyID(t, key), Secret: key}
}

func playbackToken(t *testing.T, key tokens.Key, sub string, origins ...string) string {
	t.Helper()
	tok, err := tokens.SignPlayback(key, sub, time.Hour, origins)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func withQuery(u, k, v string) string {
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	return u + sep + k + "=" + url.QueryEscape(v)
}

func TestAssetDelivery(t *testing.T) {
	eachStore(t, testAssetDelivery)
}

func testAssetDelivery(t *testing.T, store envOption) {
	e := newEnv(t, store)
	v := e.publish(publishOptions{})
	files := fakeAssets()
	const (
		immutable = "public, max-age=31536000, immutable"
		short     = "public, max-age=10"
		hour      = "public, max-age=3600"
	)
	tests := []struct {
		asset, contentType, cacheControl string
	}{
		{"playlist.m3u8", "application/vnd.apple.mpegurl", short},
		{"h264_sd/playlist.m3u8", "application/vnd.apple.mpegurl", short},
		{"h264_sd/init.mp4", "video/mp4", immutable},
		{"h264_sd/0.m4s", "video/iso.segment", immutable},
		{"audio/0/playlist.m3u8", "application/vnd.apple.mpegurl", short},
		{"audio/0/init.mp4", "video/mp4", immutable},
		{"audio/0/0.m4s", "video/iso.segment", immutable},
		{"h264_sd.mp4", "video/mp4", immutable},
		{"manifest.mpd", "application/dash+xml", short},
		{"poster.jpg", "image/jpeg", hour},
		{"poster.webp", "image/webp", hour},
		{"storyboard.jpg", "image/jpeg", hour},
		{"storyboard.vtt", "text/vtt; charset=utf-8", short},
		{"clip.mp4", "video/mp4", immutable},
		{"audio.m4a", "audio/mp4", hour},
		{"subtitles/en.vtt", "text/vtt; charset=utf-8", short},
		{"subtitles/pt-BR.vtt", "text/vtt; charset=utf-8", short},
		{"subtitles/en.m3u8", "application/vnd.apple.mpegurl", short},
		{"transcript.json", "application/json", short},
	}
	for _, tt := range tests {
		t.Run(tt.asset, func(t *testing.T) {
			// Immutable files are requested as playlists list them: pinned to
			// their version. Playlists list every URI pinned to the version.
			url := e.mediaURL(v, tt.asset)
			if tt.cacheControl == immutable {
				url += "?v=" + v.AssetVersion
			}
			r := e.req("GET", url, "", nil)
			if r.status != http.StatusOK {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			want, servedLen := files[tt.asset], len(r.body)
			if rewritten := strings.HasSuffix(tt.asset, ".m3u8") || strings.HasSuffix(tt.asset, ".mpd"); rewritten {
				if !bytes.Contains(r.body, []byte("?v="+v.AssetVersion)) {
					t.Fatalf("playlist URIs are not pinned to the version:\n%s", r.body)
				}
				r.body = bytes.ReplaceAll(bytes.ReplaceAll(r.body, []byte("?v="+v.AssetVersion), nil), []byte("&v="+v.AssetVersion), nil)
			}
			if !bytes.Equal(r.body, want) {
				t.Fatalf("body %q, want %q", r.body, want)
			}
			if tt.cacheControl == immutable {
				for _, q := range []string{"", "?v=v0"} {
					unpinned := e.req("GET", e.mediaURL(v, tt.asset)+q, "", nil)
					if cc := unpinned.header.Get("Cache-Control"); cc != "public, max-age=300" {
						t.Errorf("with %q Cache-Control = %q, want a short lifetime: the URL does not name this version", q, cc)
					}
				}
			}
			checks := map[string]string{
				"Content-Type":                  tt.contentType,
				"Cache-Control":                 tt.cacheControl,
				"Access-Control-Allow-Origin":   "*",
				"Accept-Ranges":                 "bytes",
				"Content-Length":                fmt.Sprint(servedLen),
				"Access-Control-Expose-Headers": "Content-Length, Content-Range, Accept-Ranges, ETag, Content-Disposition",
			}
			for h, want := range checks {
				if got := r.header.Get(h); got != want {
					t.Errorf("%s = %q, want %q", h, got, want)
				}
			}
			if etag := r.header.Get("ETag"); !strings.HasPrefix(etag, `"`+v.AssetVersion+`-`) {
				t.Errorf("ETag %q does not name the version", etag)
			}
			if rewritten := strings.HasSuffix(tt.asset, ".m3u8") || strings.HasSuffix(tt.asset, ".mpd"); rewritten {
				// A rewritten body's validator is its ETag alone: a date
				// would validate the copy of any other credential.
				if lm := r.header.Get("Last-Modified"); lm != "" {
					t.Errorf("a rewritten body has Last-Modified %q", lm)
				}
				// HEAD goes through ServeContent, GET through the fast
				// path: both must describe the same response.
				head := e.req("HEAD", url, "", nil)
				for _, name := range []string{"Content-Type", "Content-Length", "ETag", "Cache-Control", "Accept-Ranges",
					"Access-Control-Allow-Origin", "Access-Control-Expose-Headers", "X-Content-Type-Options", "Last-Modified"} {
					if got, want := head.header.Values(name), r.header.Values(name); !slices.Equal(got, want) {
						t.Errorf("HEAD %s = %q, GET has %q", name, got, want)
					}
				}
			} else if _, err := http.ParseTime(r.header.Get("Last-Modified")); err != nil {
				t.Errorf("Last-Modified %q: %v", r.header.Get("Last-Modified"), err)
			}
		})
	}
}

func TestAssetConditionalRangeHead(t *testing.T) {
	eachStore(t, testAssetConditionalRangeHead)
}

func testAssetConditionalRangeHead(t *testing.T, store envOption) {
	e := newEnv(t, store)
	v := e.publish(publishOptions{})
	seg := fakeAssets()["h264_sd/0.m4s"]
	u := e.mediaURL(v, "h264_sd/0.m4s")

	r := e.req("GET", u, "", nil, "Range", "bytes=10-19")
	if r.status != http.StatusPartialContent || !bytes.Equal(r.body, seg[10:20]) {
		t.Fatalf("range: %d %q", r.status, r.body)
	}
	if got, want := r.header.Get("Content-Range"), fmt.Sprintf("bytes 10-19/%d", len(seg)); got != want {
		t.Fatalf("Content-Range %q, want %q", got, want)
	}
	r = e.req("GET", u, "", nil, "Range", "bytes=-5")
	if r.status != http.StatusPartialContent || !bytes.Equal(r.body, seg[len(seg)-5:]) {
		t.Fatalf("suffix range: %d %q", r.status, r.body)
	}
	r = e.req("GET", u, "", nil, "Range", fmt.Sprintf("bytes=%d-", len(seg)+10))
	if r.status != http.StatusRequestedRangeNotSatisfiable {
		t.Fatalf("unsatisfiable range: %d", r.status)
	}
	if got := r.header.Get("Content-Range"); got != fmt.Sprintf("bytes */%d", len(seg)) {
		t.Fatalf("416 Content-Range %q", got)
	}

	full := e.req("GET", u, "", nil)
	etag, lastMod := full.header.Get("ETag"), full.header.Get("Last-Modified")
	r = e.req("GET", u, "", nil, "If-None-Match", etag)
	if r.status != http.StatusNotModified || len(r.body) != 0 {
		t.Fatalf("If-None-Match: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "If-None-Match", `"v0-other"`)
	if r.status != http.StatusOK {
		t.Fatalf("If-None-Match with another tag: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "If-Modified-Since", lastMod)
	if r.status != http.StatusNotModified {
		t.Fatalf("If-Modified-Since: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "Range", "bytes=0-3", "If-Range", `"v0-stale"`)
	if r.status != http.StatusOK || len(r.body) != len(seg) {
		t.Fatalf("If-Range with a stale tag must answer the whole file: %d %d", r.status, len(r.body))
	}

	r = e.req("HEAD", u, "", nil)
	if r.status != http.StatusOK || len(r.body) != 0 || r.header.Get("Content-Length") != fmt.Sprint(len(seg)) || r.header.Get("ETag") != etag {
		t.Fatalf("HEAD: %d len=%d %v", r.status, len(r.body), r.header)
	}

	r = e.req("OPTIONS", u, "", nil, "Origin", "https://page.example", "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "range")
	if r.status != http.StatusNoContent || r.header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(r.header.Get("Access-Control-Allow-Headers"), "Range") || !strings.Contains(r.header.Get("Access-Control-Allow-Methods"), "GET") {
		t.Fatalf("preflight: %d %v", r.status, r.header)
	}
	r = e.req("POST", u, "", nil)
	if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") == "" {
		t.Fatalf("POST: %d %v", r.status, r.header)
	}
}

func TestAssetNotFound(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{})
	root := e.baseURL + "/media/" + v.Space + "/" + v.ID + "/"
	other := e.publish(publishOptions{})
	tests := map[string]string{
		"internal manifest":    root + "media.json",
		"unknown name":         root + "secret.txt",
		"unknown quality":      root + "h264_xx.mp4",
		"segment of nothing":   root + "h264_sd/x.m4s",
		"missing file":         root + "h264_hd/0.m4s",
		"dot dot":              root + "h264_sd/../media.json",
		"dot dot out":          root + "../../../../etc/passwd",
		"encoded dot dot":      root + "%2e%2e/" + v.ID + "/media.json",
		"encoded slash":        root + "h264_sd%2Finit.mp4",
		"encoded slash lower":  root + "audio%2f0%2finit.mp4",
		"encoded backslash":    root + "h264_sd%5Cinit.mp4",
		"wrong space":          e.baseURL + "/media/" + e.otherSpace + "/" + v.ID + "/playlist.m3u8",
		"unknown video":        e.baseURL + "/media/" + v.Space + "/aaaaaaaaaaaa/playlist.m3u8",
		"no asset":             root,
		"video folder":         e.baseURL + "/media/" + v.Space + "/" + v.ID,
		"subtitle bad lang":    root + "subtitles/english.vtt",
		"playlist with suffix": root + "playlist.m3u8.bak",
		"other video's asset":  e.baseURL + "/media/" + v.Space + "/" + other.ID + "/../" + v.ID + "/media.json",
	}
	for name, u := range tests {
		t.Run(name, func(t *testing.T) {
			r := noRedirect(t, "GET", u)
			if r.StatusCode != http.StatusNotFound {
				t.Fatalf("%s: status %d", u, r.StatusCode)
			}
		})
	}

	// Archived: 404 until unarchived.
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	problem(t, e.req("GET", e.mediaURL(v, "playlist.m3u8"), "", nil), http.StatusNotFound, videohost.ENotFound)
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/unarchive", e.rw, nil), http.StatusOK, nil)
	must(t, e.req("GET", e.mediaURL(v, "playlist.m3u8"), "", nil), http.StatusOK, nil)
	// Deleted: gone.
	must(t, e.req("DELETE", "/v1/videos/"+v.ID, e.rw, nil), http.StatusNoContent, nil)
	problem(t, e.req("GET", e.mediaURL(v, "playlist.m3u8"), "", nil), http.StatusNotFound, videohost.ENotFound)
	// Not yet playable: nothing is served.
	pending := e.createVideo(e.rw, nil)
	problem(t, e.req("GET", e.mediaURL(pending, "playlist.m3u8"), "", nil), http.StatusNotFound, videohost.ENotFound)
}

// noRedirect sends a raw request (the path as written, no redirects
// followed) and returns the response.
func noRedirect(t *testing.T, method, rawURL string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, rawURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// TestAssetsFollowVersion checks that a re-publish switches every URL to the
// new files and that the validators change with it.
func TestAssetsFollowVersion(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{})
	first := e.req("GET", e.mediaURL(v, "poster.jpg"), "", nil)
	ctx := context.Background()
	dir := writeFiles(t, map[string][]byte{"poster.jpg": []byte("new poster")})
	// A re-transcode goes through created → ... → ready again.
	if _, err := e.svc.CreateUploadVideo(ctx, &videohost.Principal{Space: v.Space, Access: videohost.AccessReadWrite}, videohost.UploadInput{ReplaceVideo: v.ID}); err != nil {
		t.Fatal(err)
	}
	e.svc.Jobs().SourceStored(ctx, v.ID, 1)
	e.svc.Jobs().StartProcessing(ctx, v.ID)
	if _, err := e.svc.Jobs().PublishReady(ctx, v.ID, dir, &videohost.ProcessOutput{Duration: 3, Width: 320, Height: 240,
		Renditions: v.Renditions, Assets: videohost.AssetFlags{Poster: true}}); err != nil {
		t.Fatal(err)
	}
	second := e.req("GET", e.mediaURL(v, "poster.jpg"), "", nil, "If-None-Match", first.header.Get("ETag"))
	if second.status != http.StatusOK || string(second.body) != "new poster" || second.header.Get("ETag") == first.header.Get("ETag") {
		t.Fatalf("after re-publish: %d %q etag %s (was %s)", second.status, second.body, second.header.Get("ETag"), first.header.Get("ETag"))
	}
}

func TestSignedPlayback(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	public := e.publish(publishOptions{})
	rw := hmacKey(t, e.rw)
	good := playbackToken(t, rw, v.Embed)

	t.Run("every asset needs a token", func(t *testing.T) {
		for asset := range fakeAssets() {
			if asset == "media.json" {
				continue
			}
			problem(t, e.req("GET", e.mediaURL(v, asset), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
			r := e.req("GET", withQuery(e.mediaURL(v, asset), "token", good), "", nil)
			if r.status != http.StatusOK {
				t.Fatalf("%s with token: %d %s", asset, r.status, r.body)
			}
			if cc := r.header.Get("Cache-Control"); !strings.HasPrefix(cc, "private,") {
				t.Errorf("%s: Cache-Control %q, want private", asset, cc)
			}
		}
	})

	t.Run("public videos ignore tokens", func(t *testing.T) {
		for _, tok := range []string{"", "garbage", good} {
			r := e.req("GET", withQuery(e.mediaURL(public, "playlist.m3u8"), "token", tok), "", nil)
			if r.status != http.StatusOK || strings.Contains(string(r.body), "token=") {
				t.Fatalf("token %q: %d %s", tok, r.status, r.body)
			}
		}
	})

	t.Run("refused tokens", func(t *testing.T) {
		for name, tc := range badPlaybackTokens(t, e, v) {
			t.Run(name, func(t *testing.T) {
				r := e.req("GET", withQuery(e.mediaURL(v, "h264_sd/0.m4s"), "token", tc.token), "", nil, tc.headers...)
				p := problem(t, r, http.StatusUnauthorized, tc.code)
				if strings.Contains(string(r.body), "segment-bytes") || p.Detail == "" {
					t.Fatalf("served or undetailed: %s", r.body)
				}
				if r.header.Get("Access-Control-Allow-Origin") != "*" {
					t.Fatal("a refusal must be readable by the page (CORS)")
				}
			})
		}
	})

	t.Run("playlists carry a grant", func(t *testing.T) {
		ver := v.AssetVersion
		master := e.req("GET", withQuery(e.mediaURL(v, "playlist.m3u8"), "token", good), "", nil)
		must(t, master, http.StatusOK, nil)
		grant := wantGrant(t, e, v, good)
		escaped := grant
		for _, want := range []string{
			`URI="audio/0/playlist.m3u8?v=` + ver + `&g=` + escaped + `"`,
			`URI="subtitles/en.m3u8?v=` + ver + `&g=` + escaped + `"`,
			"\nh264_sd/playlist.m3u8?v=" + ver + "&g=" + escaped + "\n",
		} {
			if !strings.Contains(string(master.body), want) {
				t.Fatalf("master lacks %q:\n%s", want, master.body)
			}
		}
		child := resolveURI(t, e.mediaURL(v, "playlist.m3u8"), lastURI(string(master.body)))
		media := e.req("GET", child, "", nil)
		must(t, media, http.StatusOK, nil)
		if !strings.Contains(string(media.body), "1.m4s?part=x&v="+ver+"&g="+escaped) {
			t.Fatalf("an existing query must be kept:\n%s", media.body)
		}
		for _, uri := range listedURIs(string(media.body)) {
			r := e.req("GET", resolveURI(t, child, uri), "", nil)
			if r.status != http.StatusOK {
				t.Fatalf("%s: %d %s", uri, r.status, r.body)
			}
		}
		dash := e.req("GET", withQuery(e.mediaURL(v, "manifest.mpd"), "token", good), "", nil)
		for _, want := range []string{`media="h264_sd/$Number$.m4s?v=` + ver + `&amp;g=` + grant + `"`, `initialization="h264_sd/init.mp4?v=` + ver + `&amp;g=` + grant + `"`, "<BaseURL>subtitles/en.vtt?v=" + ver + "&amp;g=" + grant + "</BaseURL>"} {
			if !strings.Contains(string(dash.body), want) {
				t.Fatalf("manifest lacks %q:\n%s", want, dash.body)
			}
		}
		// Storyboard cues carry the grant in the sprite URL, before the fragment.
		sb := e.req("GET", withQuery(e.mediaURL(v, "storyboard.vtt"), "token", good), "", nil)
		must(t, sb, http.StatusOK, nil)
		cue := "storyboard.jpg?v=" + ver + "&g=" + grant
		if !strings.Contains(string(sb.body), cue+"#xywh=0,0,160,90") {
			t.Fatalf("storyboard cues lack the grant:\n%s", sb.body)
		}
		sprite := resolveURI(t, e.mediaURL(v, "storyboard.vtt"), cue)
		if r := e.req("GET", sprite, "", nil); r.status != http.StatusOK {
			t.Fatalf("sprite through the cue URL: %d", r.status)
		}
		// The validator of a rewritten playlist depends on its token.
		other := playbackToken(t, rw, v.Space)
		again := e.req("GET", withQuery(e.mediaURL(v, "playlist.m3u8"), "token", other), "", nil, "If-None-Match", master.header.Get("ETag"))
		if again.status != http.StatusOK || !strings.Contains(string(again.body), "g="+wantGrant(t, e, v, other)) {
			t.Fatalf("another token got %d", again.status)
		}
	})

	t.Run("subjects", func(t *testing.T) {
		parent := e.createCollection(e.rw, "parent", "")
		child := e.createCollection(e.rw, "child", parent.ID)
		sibling := e.createCollection(e.rw, "sibling", "")
		inChild := e.publish(publishOptions{policy: videohost.PlaybackSigned, collection: child.ID})
		ro := hmacKey(t, e.ro)
		tests := []struct {
			name string
			key  tokens.Key
			sub  string
			ok   bool
		}{
			{"embed", rw, inChild.Embed, true},
			{"direct collection", rw, child.ID, true},
			{"ancestor collection", rw, parent.ID, true},
			{"space", rw, inChild.Space, true},
			{"read-only key", ro, inChild.Embed, true},
			{"other collection", rw, sibling.ID, false},
			{"other embed", rw, v.Embed, false},
			{"video id instead of embed", rw, inChild.ID, false},
			{"other space", hmacKey(t, e.otherRW), e.otherSpace, false},
			{"other space claiming this one", hmacKey(t, e.otherRW), inChild.Space, false},
		}
		for _, tt := range tests {
			r := e.req("GET", withQuery(e.mediaURL(inChild, "poster.jpg"), "token", playbackToken(t, tt.key, tt.sub)), "", nil)
			if tt.ok && r.status != http.StatusOK {
				t.Errorf("%s: %d %s", tt.name, r.status, r.body)
			}
			if !tt.ok {
				problem(t, r, http.StatusUnauthorized, videohost.ETokenInvalid)
			}
		}
	})

	t.Run("origins", func(t *testing.T) {
		tok := playbackToken(t, rw, v.Embed, "https://shop.example")
		u := withQuery(e.mediaURL(v, "poster.jpg"), "token", tok)
		must(t, e.req("GET", u, "", nil, "Origin", "https://shop.example"), http.StatusOK, nil)
		must(t, e.req("GET", u, "", nil, "Referer", "https://shop.example/products/1"), http.StatusOK, nil)
		problem(t, e.req("GET", u, "", nil, "Origin", "https://thief.example"), http.StatusUnauthorized, videohost.ETokenInvalid)
		problem(t, e.req("GET", u, "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	})

	t.Run("deleting the key revokes its tokens", func(t *testing.T) {
		var k videohost.Key
		must(t, e.req("POST", "/v1/keys", e.rw, map[string]any{"access": "read_only"}), http.StatusCreated, &k)
		tok := playbackToken(t, hmacKey(t, k.Secret), v.Embed)
		u := withQuery(e.mediaURL(v, "poster.jpg"), "token", tok)
		must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
		must(t, e.req("DELETE", "/v1/keys/"+k.ID, e.rw, nil), http.StatusNoContent, nil)
		problem(t, e.req("GET", u, "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	})
}

type badToken struct {
	token   string
	code    string
	headers []string
}

// badPlaybackTokens is every way a playback token for v can be refused.
func badPlaybackTokens(t *testing.T, e *env, v *videohost.Video) map[string]badToken {
	t.Helper()
	rw := hmacKey(t, e.rw)
	good := playbackToken(t, rw, v.Embed)
	parts := strings.Split(good, ".")
	tampered := parts[0] + "." + parts[1] + "." + flipLast(parts[2])
	claims := base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf(`{"sub":%q,"aud":"playback","exp":%d}`, v.Embed, time.Now().Add(time.Hour).Unix())))
	header := func(alg, kid string) string {
		return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf(`{"alg":%q,"kid":%q,"typ":"JWT"}`, alg, kid)))
	}
	none := header("none", rw.ID) + "." + claims + "."

	var sk struct {
		ID         string `json:"id"`
		PrivateJWK []byte `json:"-"`
	}
	var created map[string]any
	must(t, e.req("POST", "/v1/signing-keys", e.rw, map[string]any{"algorithm": "EdDSA"}), http.StatusCreated, &created)
	sk.ID = created["id"].(string)
	// An HS256 token under a signing key's kid, keyed with its public JWK:
	// the classic algorithm confusion.
	confused, err := tokens.Sign(tokens.HMACKey{ID: sk.ID, Secret: fmt.Sprint(created["public_jwk"])}, tokens.Claims{
		Subject: v.Embed, Audience: tokens.AudiencePlayback, IssuedAt: time.Now(), Expiry: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	sign := func(key tokens.Key, c tokens.Claims) string {
		tok, err := tokens.Sign(key, c)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	now := time.Now()
	return map[string]badToken{
		"malformed":                 {token: "not-a-token", code: videohost.ETokenInvalid},
		"tampered signature":        {token: tampered, code: videohost.ETokenInvalid},
		"alg none":                  {token: none, code: videohost.ETokenInvalid},
		"wrong kid":                 {token: sign(tokens.HMACKey{ID: apiKeyID(t, e.ro), Secret: e.rw}, tokens.Claims{Subject: v.Embed, Audience: tokens.AudiencePlayback, IssuedAt: now, Expiry: now.Add(time.Hour)}), code: videohost.ETokenInvalid},
		"unknown key":               {token: sign(tokens.HMACKey{ID: "zzzzzzzzzzzz", Secret: e.rw}, tokens.Claims{Subject: v.Embed, Audience: tokens.AudiencePlayback, IssuedAt: now, Expiry: now.Add(time.Hour)}), code: videohost.ETokenInvalid},
		"HS256 under a signing key": {token: confused, code: videohost.ETokenInvalid},
		"another embed":             {token: playbackToken(t, rw, v.Space[:5]+"0000000000"), code: videohost.ETokenInvalid},
		"upload audience":           {token: sign(rw, tokens.Claims{Subject: v.Embed, Audience: tokens.AudienceUpload, IssuedAt: now, Expiry: now.Add(time.Hour)}), code: videohost.ETokenInvalid},
		"expired":                   {token: sign(rw, tokens.Claims{Subject: v.Embed, Audience: tokens.AudiencePlayback, IssuedAt: now.Add(-3 * time.Hour), Expiry: now.Add(-2 * time.Hour)}), code: videohost.ETokenExpired},
		"lifetime over max":         {token: sign(rw, tokens.Claims{Subject: v.Embed, Audience: tokens.AudiencePlayback, IssuedAt: now, Expiry: now.Add(8 * 24 * time.Hour)}), code: videohost.ETokenInvalid},
		"no exp":                    {token: header("HS256", rw.ID) + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"`+v.Embed+`","aud":"playback"}`)) + ".AAAA", code: videohost.ETokenInvalid},
	}
}

func flipLast(s string) string {
	b := []byte(s)
	if b[0] == 'A' {
		b[0] = 'B'
	} else {
		b[0] = 'A'
	}
	return string(b)
}

// listedURIs returns the URIs an HLS playlist lists, tags' URI attributes
// included.
func listedURIs(playlist string) []string {
	var out []string
	for _, line := range strings.Split(playlist, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "#"):
			if i := strings.Index(line, `URI="`); i >= 0 {
				rest := line[i+5:]
				out = append(out, rest[:strings.IndexByte(rest, '"')])
			}
		default:
			out = append(out, line)
		}
	}
	return out
}

func lastURI(playlist string) string {
	uris := listedURIs(playlist)
	return uris[len(uris)-1]
}

func resolveURI(t *testing.T, base, ref string) string {
	t.Helper()
	b, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	r, err := url.Parse(ref)
	if err != nil {
		t.Fatal(err)
	}
	return b.ResolveReference(r).String()
}

// encodeTree makes a real published tree with the ffmpeg CLI: a 2 s,
// 320x240 fMP4 HLS rendition, a master playlist and the MP4 rendition.
func encodeTree(t *testing.T) map[string][]byte {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "h264_sd"), 0o755); err != nil {
		t.Fatal(err)
	}
	input := []string{"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", "-f", "lavfi", "-i", "sine=duration=2",
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k"}
	for _, args := range [][]string{
		{"-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
			"-hls_fmp4_init_filename", "init.mp4", "-hls_segment_filename", "h264_sd/%d.m4s", "h264_sd/playlist.m3u8"},
		{"-movflags", "+faststart", "h264_sd.mp4"},
	} {
		cmd := exec.Command("ffmpeg", append(append([]string{}, input...), args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg: %v\n%s", err, out)
		}
	}
	master := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n" +
		`#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=320x240,CODECS="avc1.42c00d,mp4a.40.2"` + "\nh264_sd/playlist.m3u8\n"
	files := map[string][]byte{"playlist.m3u8": []byte(master)}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
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

// ffmpegFrames is a Pipeline whose frames come from the ffmpeg CLI, so that
// the sources the handler hands over are checked to be real, decodable files.
type ffmpegFrames struct{ countingPipeline }

func (f *ffmpegFrames) Frame(ctx context.Context, req videohost.FrameRequest) ([]byte, error) {
	f.calls.Add(1)
	src := req.Sources[0]
	cmd := exec.CommandContext(ctx, "ffmpeg", "-v", "error", "-ss", fmt.Sprint(req.Time), "-i", src.Path,
		"-vf", fmt.Sprintf("scale=%d:-2", req.Width), "-frames:v", "1", "-f", "image2pipe", "-c:v", "mjpeg", "pipe:1")
	return cmd.Output()
}

// TestSignedHLSEndToEnd has ffprobe, a browser-free HLS client, read a
// signed video through its master playlist: every URI it follows must
// carry the token for this to work.
func TestSignedHLSEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Skip("ffprobe not installed")
	}
	e := newEnv(t)
	frames := &ffmpegFrames{}
	e.usePipeline(frames)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned, files: encodeTree(t), duration: 2})
	tok := playbackToken(t, hmacKey(t, e.rw), v.Embed)

	probe := func(u string) (string, error) {
		out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", u).CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	out, err := probe(withQuery(e.mediaURL(v, "playlist.m3u8"), "token", tok))
	if err != nil {
		t.Fatalf("ffprobe: %v\n%s", err, out)
	}
	if d, err := strconv.ParseFloat(out, 64); err != nil || d < 1.9 || d > 2.2 {
		t.Fatalf("ffprobe reports duration %q, want about 2", out)
	}
	if out, err := probe(e.mediaURL(v, "playlist.m3u8")); err == nil {
		t.Fatalf("ffprobe read a signed video without a token: %s", out)
	}

	// A frame of the same video, from its MP4 rendition.
	r := e.req("GET", e.frameURL(v, "jpg", "time=1.2&width=160&token="+url.QueryEscape(tok)), "", nil)
	if r.status != http.StatusOK || !bytes.HasPrefix(r.body, []byte("\xff\xd8")) {
		t.Fatalf("frame: %d %q", r.status, r.body[:min(len(r.body), 64)])
	}
	img, err := jpeg.DecodeConfig(bytes.NewReader(r.body))
	if err != nil || img.Width != 160 || img.Height != 120 {
		t.Fatalf("frame is %dx%d (%v), want 160x120", img.Width, img.Height, err)
	}
}

func TestComponentsServedFromTheBinary(t *testing.T) {
	e := newEnv(t)
	r := e.req("GET", "/cdn/reel.js", "", nil)
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("GET /cdn/reel.js: %d %q", r.status, r.header.Get("Content-Type"))
	}
	if !strings.Contains(string(r.body), "reel-player") || r.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("reel.js does not define <reel-player> or lacks CORS")
	}
	if r := e.req("GET", "/cdn/nope.js", "", nil); r.status != http.StatusNotFound {
		t.Errorf("unknown bundle: %d", r.status)
	}
}
