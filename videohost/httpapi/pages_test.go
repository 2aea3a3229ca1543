package httpapi_test

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

// pageVideos publishes a public video whose title and description try to
// break out of the markup, a signed one, and an archived one.
func (e *env) pageVideos() (public, signed, archived *videohost.Video) {
	e.t.Helper()
	public = e.publish(publishOptions{width: 1280, height: 720, duration: 10})
	must(e.t, e.req("PATCH", "/v1/videos/"+public.ID, e.rw, map[string]any{
		"title":       `Cats </title><script>alert(1)</script> & "dogs"`,
		"description": "Line one <b>bold</b>\nLine two",
	}), http.StatusOK, nil)
	signed = e.publish(publishOptions{policy: videohost.PlaybackSigned})
	archived = e.publish(publishOptions{})
	must(e.t, e.req("POST", "/v1/videos/"+archived.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	return public, signed, archived
}

func TestWatchPage(t *testing.T) {
	e := newEnv(t)
	public, signed, archived := e.pageVideos()
	tok := playbackToken(t, hmacKey(t, e.rw), signed.Embed)
	otherVideo := playbackToken(t, hmacKey(t, e.rw), public.Embed)
	script := `<script type="module" src="` + e.baseURL + `/cdn/reel.js"></script>`

	tests := []struct {
		name    string
		path    string
		status  int
		want    []string // substrings of the body
		notWant []string
	}{
		{"public", "/watch/" + public.Embed, http.StatusOK, []string{
			script,
			`<reel-player embed="` + public.Embed + `" api="` + e.baseURL + `"`,
			`--w: 1280; --h: 720`,
			`<h1>Cats &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;dogs&#34;</h1>`,
			"Line one &lt;b&gt;bold&lt;/b&gt;\nLine two",
			`<meta property="og:title" content="Cats &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;dogs&#34;">`,
			`<meta property="og:image" content="` + e.mediaURL(public, "poster.jpg") + `">`,
			`<meta property="og:video" content="` + e.baseURL + `/embed/` + public.Embed + `">`,
			`<link rel="alternate" type="application/json+oembed" href="` + html.EscapeString(e.baseURL+"/oembed?format=json&url="+url.QueryEscape(e.baseURL+"/watch/"+public.Embed)) + `"`,
		}, []string{"<script>alert", "<b>", "token="}},
		{"signed with token", "/watch/" + signed.Embed + "?token=" + tok, http.StatusOK, []string{
			script,
			`token="` + tok + `"`,
			`<meta name="robots" content="noindex">`,
			`poster.jpg?token=` + tok,
		}, nil},
		{"signed without token", "/watch/" + signed.Embed, http.StatusUnauthorized,
			[]string{"This video is private"}, []string{"<reel-player", "published", "poster"}},
		{"signed with another video's token", "/watch/" + signed.Embed + "?token=" + otherVideo, http.StatusUnauthorized,
			[]string{"This video is private"}, []string{"<reel-player", otherVideo}},
		{"signed with garbage", "/watch/" + signed.Embed + "?token=%3Cscript%3E", http.StatusUnauthorized,
			[]string{"This video is private"}, []string{"<script>"}},
		{"unknown", "/watch/aaaaaaaaaaaaaaa", http.StatusNotFound, []string{"Video not found"}, []string{"<reel-player"}},
		{"malformed", "/watch/%3Cscript%3E", http.StatusNotFound, []string{"Video not found"}, []string{"<script>"}},
		{"archived", "/watch/" + archived.Embed, http.StatusNotFound, []string{"Video not found"}, []string{"<reel-player"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.req("GET", tt.path, "", nil)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d; body: %s", r.status, tt.status, r.body)
			}
			if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "script-src "+e.baseURL) {
				t.Errorf("Content-Security-Policy %q", csp)
			}
			if tt.status != http.StatusOK || strings.Contains(tt.path, "token=") {
				if cc := r.header.Get("Cache-Control"); cc != "private, no-store" {
					t.Errorf("Cache-Control %q", cc)
				}
			}
			body := r.String()
			if !strings.HasPrefix(body, "<!doctype html>") {
				t.Errorf("not an HTML document: %.80s", body)
			}
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("body lacks %s\n%s", s, body)
				}
			}
			for _, s := range tt.notWant {
				if strings.Contains(body, s) {
					t.Errorf("body has %s", s)
				}
			}
		})
	}

	// Only GET and HEAD.
	if r := e.req("HEAD", "/watch/"+public.Embed, "", nil); r.status != http.StatusOK || len(r.body) != 0 {
		t.Errorf("HEAD: %d, %d bytes", r.status, len(r.body))
	}
	r := e.req("POST", "/watch/"+public.Embed, "", nil)
	problem(t, r, http.StatusMethodNotAllowed, "method_not_allowed")
	if r.header.Get("Allow") != "GET, HEAD" {
		t.Errorf("Allow %q", r.header.Get("Allow"))
	}
}

func TestEmbedPage(t *testing.T) {
	e := newEnv(t)
	public, signed, _ := e.pageVideos()
	tok := playbackToken(t, hmacKey(t, e.rw), signed.Embed)

	tests := []struct {
		name, path string
		status     int
		player     string // the exact <reel-player> start tag
	}{
		{"bare", "/embed/" + public.Embed, http.StatusOK,
			`<reel-player embed="` + public.Embed + `" api="` + e.baseURL + `" loading="eager">`},
		{"player attributes", "/embed/" + public.Embed + "?autoplay=1&muted&loop=0&color=ff5a36&start=12.5&controls=play%20seek&active-subtitle=fr&quality=hd&poster=x&theme=http://evil/x.js", http.StatusOK,
			`<reel-player embed="` + public.Embed + `" api="` + e.baseURL + `" loading="eager" autoplay muted color="#ff5a36" start="12.5" controls="play seek" active-subtitle="fr" quality="hd">`},
		{"no controls", "/embed/" + public.Embed + "?controls=", http.StatusOK,
			`<reel-player embed="` + public.Embed + `" api="` + e.baseURL + `" loading="eager" controls=" ">`},
		{"values that are not what they say are dropped", "/embed/" + public.Embed + "?color=red;background:url(x)&start=1e9&controls=%22%3E%3Cscript%3E&active-subtitle=%22x&quality=%3C", http.StatusOK,
			`<reel-player embed="` + public.Embed + `" api="` + e.baseURL + `" loading="eager">`},
		{"a named color", "/embed/" + public.Embed + "?color=tomato", http.StatusOK,
			`<reel-player embed="` + public.Embed + `" api="` + e.baseURL + `" loading="eager" color="tomato">`},
		{"signed with token", "/embed/" + signed.Embed + "?token=" + tok + "&muted=true", http.StatusOK,
			`<reel-player embed="` + signed.Embed + `" token="` + tok + `" api="` + e.baseURL + `" loading="eager" muted>`},
		{"signed without token", "/embed/" + signed.Embed, http.StatusUnauthorized, ""},
		{"unknown", "/embed/aaaaaaaaaaaaaaa", http.StatusNotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.req("GET", tt.path, "", nil)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d; body: %s", r.status, tt.status, r.body)
			}
			if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			body := strings.Join(strings.Fields(r.String()), " ")
			if tt.player == "" {
				if strings.Contains(body, "<reel-player") {
					t.Errorf("a player on an error page: %s", body)
				}
				return
			}
			if !strings.Contains(body, tt.player) {
				t.Errorf("player tag not found, want %s in\n%s", tt.player, body)
			}
			if strings.Contains(body, "<h1>") || strings.Contains(body, "og:") {
				t.Error("the embed page carries more than the player")
			}
		})
	}
}

// oembedJSON holds an oEmbed answer as generic JSON, to check the types
// the spec requires rather than what a Go struct would coerce.
type oembedJSON map[string]any

// checkOEmbedSpec applies the rules of oEmbed 1.0 section 2.3.4 to a
// response of type video.
func checkOEmbedSpec(t *testing.T, o oembedJSON) {
	t.Helper()
	str := func(k string) (string, bool) { s, ok := o[k].(string); return s, ok }
	posInt := func(k string) bool {
		n, ok := o[k].(float64)
		return ok && n > 0 && n == float64(int(n))
	}
	if v, _ := str("version"); v != "1.0" {
		t.Errorf("version %v, want \"1.0\"", o["version"])
	}
	if v, _ := str("type"); v != "video" {
		t.Errorf("type %v, want video", o["type"])
	}
	if h, ok := str("html"); !ok || !strings.HasPrefix(h, "<iframe ") || !strings.HasSuffix(h, "</iframe>") {
		t.Errorf("html %v", o["html"])
	}
	for _, k := range []string{"width", "height"} {
		if !posInt(k) {
			t.Errorf("%s %v is not a positive integer", k, o[k])
		}
	}
	// Optional fields have their types, and the thumbnail comes whole.
	for _, k := range []string{"title", "author_name", "author_url", "provider_name", "provider_url", "thumbnail_url"} {
		if v, ok := o[k]; ok {
			if _, isStr := v.(string); !isStr {
				t.Errorf("%s is %T, want a string", k, v)
			}
		}
	}
	_, hasURL := o["thumbnail_url"]
	_, hasW := o["thumbnail_width"]
	_, hasH := o["thumbnail_height"]
	if hasURL != hasW || hasURL != hasH {
		t.Errorf("thumbnail_url, thumbnail_width and thumbnail_height must come together: %v", o)
	}
	if hasURL && (!posInt("thumbnail_width") || !posInt("thumbnail_height")) {
		t.Errorf("thumbnail size %v×%v", o["thumbnail_width"], o["thumbnail_height"])
	}
	if v, ok := o["cache_age"]; ok && !posInt("cache_age") {
		t.Errorf("cache_age %v", v)
	}
}

func TestOEmbed(t *testing.T) {
	e := newEnv(t)
	public, signed, archived := e.pageVideos()
	tok := playbackToken(t, hmacKey(t, e.rw), signed.Embed)
	watch := func(v *videohost.Video) string { return e.baseURL + "/watch/" + v.Embed }
	oembed := func(u string, extra ...string) string {
		q := "/oembed?url=" + url.QueryEscape(u)
		for _, x := range extra {
			q += "&" + x
		}
		return q
	}

	tests := []struct {
		name          string
		path          string
		status        int
		width, height int
		iframeSrc     string
	}{
		{"default size", oembed(watch(public)), http.StatusOK, 640, 360, e.baseURL + "/embed/" + public.Embed},
		{"format json", oembed(watch(public), "format=json"), http.StatusOK, 640, 360, e.baseURL + "/embed/" + public.Embed},
		{"maxwidth", oembed(watch(public), "maxwidth=320"), http.StatusOK, 320, 180, ""},
		{"maxheight", oembed(watch(public), "maxheight=90"), http.StatusOK, 160, 90, ""},
		{"both, height binds", oembed(watch(public), "maxwidth=500", "maxheight=100"), http.StatusOK, 177, 100, ""},
		{"larger than the default", oembed(watch(public), "maxwidth=2000"), http.StatusOK, 640, 360, ""},
		{"nonsense sizes ignored", oembed(watch(public), "maxwidth=-5", "maxheight=abc"), http.StatusOK, 640, 360, ""},
		{"4:3 video", oembed(watch(signed) + "?token=" + tok), http.StatusOK, 640, 480,
			e.baseURL + "/embed/" + signed.Embed + "?token=" + tok},
		{"trailing slash", oembed(watch(public) + "/"), http.StatusOK, 640, 360, ""},
		{"xml", oembed(watch(public), "format=xml"), http.StatusNotImplemented, 0, 0, ""},
		{"signed without token", oembed(watch(signed)), http.StatusUnauthorized, 0, 0, ""},
		{"archived", oembed(watch(archived)), http.StatusNotFound, 0, 0, ""},
		{"unknown embed", oembed(e.baseURL + "/watch/aaaaaaaaaaaaaaa"), http.StatusNotFound, 0, 0, ""},
		{"the embed URL", oembed(e.baseURL + "/embed/" + public.Embed), http.StatusNotFound, 0, 0, ""},
		{"another host", oembed("https://example.com/watch/" + public.Embed), http.StatusNotFound, 0, 0, ""},
		{"a deeper path", oembed(watch(public) + "/x"), http.StatusNotFound, 0, 0, ""},
		{"no url", "/oembed", http.StatusNotFound, 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.req("GET", tt.path, "", nil)
			if r.header.Get("Access-Control-Allow-Origin") != "*" {
				t.Error("no open CORS")
			}
			if tt.status != http.StatusOK {
				if r.status != tt.status {
					t.Fatalf("status %d, want %d; body: %s", r.status, tt.status, r.body)
				}
				if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
					t.Errorf("Content-Type %q", ct)
				}
				return
			}
			var o oembedJSON
			must(t, r, http.StatusOK, &o)
			checkOEmbedSpec(t, o)
			if o["width"] != float64(tt.width) || o["height"] != float64(tt.height) {
				t.Errorf("size %v×%v, want %d×%d", o["width"], o["height"], tt.width, tt.height)
			}
			if o["provider_name"] != "Reel" || o["provider_url"] != e.baseURL+"/" {
				t.Errorf("provider %v %v", o["provider_name"], o["provider_url"])
			}
			if tt.iframeSrc != "" && !strings.Contains(o["html"].(string), `src="`+html.EscapeString(tt.iframeSrc)+`"`) {
				t.Errorf("html %s, want src %s", o["html"], tt.iframeSrc)
			}
		})
	}

	// The title is escaped inside the iframe markup, and the thumbnail is
	// the poster at the size the pipeline writes it.
	var o oembedJSON
	must(t, e.req("GET", oembed(watch(public)), "", nil), http.StatusOK, &o)
	if h := o["html"].(string); strings.Contains(h, "<script>") || !strings.Contains(h, `title="Cats &lt;/title&gt;&lt;script&gt;`) {
		t.Errorf("html %s", h)
	}
	if o["title"] != `Cats </title><script>alert(1)</script> & "dogs"` {
		t.Errorf("title %v", o["title"])
	}
	if o["thumbnail_url"] != e.mediaURL(public, "poster.jpg") || o["thumbnail_width"] != 1280.0 || o["thumbnail_height"] != 720.0 {
		t.Errorf("thumbnail %v %v×%v", o["thumbnail_url"], o["thumbnail_width"], o["thumbnail_height"])
	}
	r := e.req("OPTIONS", oembed(watch(public)), "", nil, "Origin", "https://cms.example", "Access-Control-Request-Method", "GET")
	if r.status != http.StatusNoContent || r.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("preflight %d %v", r.status, r.header)
	}
	// The discovery link of the watch page leads to a working answer.
	page := e.req("GET", "/watch/"+public.Embed, "", nil).String()
	_, after, _ := strings.Cut(page, `type="application/json+oembed" href="`)
	href, _, _ := strings.Cut(after, `"`)
	var found oembedJSON
	must(t, e.req("GET", html.UnescapeString(href), "", nil), http.StatusOK, &found)
	checkOEmbedSpec(t, found)
}
