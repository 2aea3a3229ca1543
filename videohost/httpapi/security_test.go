package httpapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// TestCreateRefusesGuardedURLForms: numeric shorthand hosts and IPv6 forms
// that carry a guarded IPv4 address are refused when a video or a webhook
// endpoint is created, not accepted and failed later.
func TestCreateRefusesGuardedURLForms(t *testing.T) {
	e := newEnv(t)
	hook := e.createWebhook(e.rw, map[string]any{})
	tests := []struct {
		url     string
		numeric bool
	}{
		{"http://2130706433/x.mp4", true},
		{"http://0x7f000001/x.mp4", true},
		{"http://0177.0.0.1/x.mp4", true},
		{"http://127.1/x.mp4", true},
		{"http://134744072/x.mp4", true},
		{"http://[::127.0.0.1]/x.mp4", false},
		{"http://[2002:7f00:1::]/x.mp4", false},
		{"http://[64:ff9b::a9fe:a9fe]/x.mp4", false},
		{"http://[2001:0:808:808::80ff:fffe]/x.mp4", false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			p := problem(t, e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": tt.url}), http.StatusBadRequest, videohost.EInputURLNotAllowed)
			if tt.numeric && !strings.Contains(p.Detail, "numeric shorthand") {
				t.Errorf("video: detail %q does not say why", p.Detail)
			}
			if len(p.Errors) != 1 || p.Errors[0].Field != "input_url" {
				t.Errorf("video: errors %+v", p.Errors)
			}
			for _, req := range []struct{ method, path string }{{"POST", "/v1/webhooks"}, {"PATCH", "/v1/webhooks/" + hook.ID}} {
				r := e.req(req.method, req.path, e.rw, map[string]any{"url": tt.url})
				if tt.numeric {
					p = problem(t, r, http.StatusBadRequest, videohost.EInputURLNotAllowed)
					if !strings.Contains(p.Detail, "numeric shorthand") {
						t.Errorf("%s %s: detail %q does not say why", req.method, req.path, p.Detail)
					}
				} else {
					p = problem(t, r, http.StatusBadRequest, videohost.EValidation)
				}
				if len(p.Errors) != 1 || p.Errors[0].Field != "url" {
					t.Errorf("%s %s: errors %+v", req.method, req.path, p.Errors)
				}
			}
		})
	}
}

// TestUploadTokenScope: an upload token reaches only the uploads it could
// have created (HEAD, PATCH and DELETE alike); anything else is 404
// upload_not_found, as for an upload that does not exist. API keys and
// tokens for the whole space reach every upload of the space.
func TestUploadTokenScope(t *testing.T) {
	e := newEnv(t)
	rw := hmacKey(t, e.rw)
	upload := func(sub string) string {
		t.Helper()
		tok, err := tokens.SignUpload(rw, sub, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	coll := e.createCollection(e.rw, "c", "")
	child := e.createCollection(e.rw, "child", coll.ID)
	other := e.createCollection(e.rw, "other", "")
	ready := e.publish(publishOptions{})

	key := newTusClient(e, e.rw)
	outside, outsideID := key.create(t, 4, nil, nil)                               // by an API key, no collection
	inOther, _ := key.create(t, 4, map[string]string{"collection": other.ID}, nil) // by an API key, another collection
	inChild, _ := key.create(t, 4, map[string]string{"collection": child.ID}, nil) // nested in c
	collTok := newTusClient(e, upload(coll.ID))
	own, _ := collTok.create(t, 4, nil, nil)                                                   // by the c token itself
	replacing := newTusClient(e, upload(ready.ID)).post(t, 4, nil, nil).header.Get("Location") // replaces ready's source
	if replacing == "" {
		t.Fatal("no replacing upload")
	}
	nowhere := strings.TrimSuffix(outside, outsideID) + "zzzzzzzzzzzz"

	tests := []struct {
		name    string
		cred    string
		loc     string
		allowed bool
	}{
		{"collection token, upload outside it", upload(coll.ID), outside, false},
		{"collection token, upload in another collection", upload(coll.ID), inOther, false},
		{"collection token, upload in a nested collection", upload(coll.ID), inChild, true},
		{"collection token, its own upload", upload(coll.ID), own, true},
		{"collection token, a replacing upload", upload(coll.ID), replacing, false},
		{"other collection token, c's upload", upload(other.ID), own, false},
		{"video token, a new-video upload", upload(ready.ID), outside, false},
		{"video token, its replacing upload", upload(ready.ID), replacing, true},
		{"other video token, the replacing upload", upload(e.createVideo(e.rw, nil).ID), replacing, false},
		{"space token, any upload", upload(e.space), outside, true},
		{"API key, a token's upload", e.rw, own, true},
		{"API key, a replacing upload", e.rw, replacing, true},
		{"collection token, no upload at all", upload(coll.ID), nowhere, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTusClient(e, tt.cred)
			off, r := c.head(t, tt.loc)
			if tt.allowed {
				if off != 0 {
					t.Fatalf("HEAD: %d %s", r.status, r.body)
				}
				return
			}
			if r.status != http.StatusNotFound {
				t.Fatalf("HEAD: %d", r.status)
			}
			problem(t, c.patch(t, tt.loc, 0, []byte("evil"), http.StatusNotFound), http.StatusNotFound, httpapi.CodeUploadNotFound)
			problem(t, e.req("DELETE", tt.loc, tt.cred, nil, "Tus-Resumable", "1.0.0"), http.StatusNotFound, httpapi.CodeUploadNotFound)
			if tt.loc == nowhere {
				return
			}
			// Untouched: still there, nothing written.
			if off, r := key.head(t, tt.loc); off != 0 {
				t.Fatalf("HEAD with the API key after refused writes: offset %d, %d %s", off, r.status, r.body)
			}
		})
	}
	if v := e.video(outsideID); v.State != videohost.StateCreated {
		t.Fatalf("the API key's upload video is %s", v.State)
	}
	// In scope, a token finishes and ends uploads as before.
	collTok.patch(t, inChild, 0, []byte("abcd"), http.StatusNoContent)
	if r := e.req("DELETE", own, upload(coll.ID), nil, "Tus-Resumable", "1.0.0"); r.status != http.StatusNoContent {
		t.Fatalf("DELETE of its own upload: %d %s", r.status, r.body)
	}
}

// TestMalformedIDs sends ids of the wrong shape, among them one of 100,000
// characters, to every route that takes one: each is 404 not_found, refused
// before any lookup, and the answer quotes at most a short prefix of it.
func TestMalformedIDs(t *testing.T) {
	e := newEnv(t)
	admin := e.adminKey(videohost.AccessReadWrite)
	v := e.createVideo(e.rw, nil)
	huge := strings.Repeat("a", 100_000)
	bad := []string{huge, "AAAAAAAAAAAA", "aaaaaaaaaaa", "aaaaaaaaaaaaa", "aaaaa_aaaaaa", "%C3%A9aaaaaaaaaaa"}
	for _, rt := range e.h.Routes() {
		if !strings.Contains(rt.Path, "{") || rt.Method == http.MethodOptions {
			continue
		}
		for _, id := range bad {
			path := fillVars(rt.Path, id)
			cred := e.rw
			if strings.HasPrefix(rt.Path, "/v1/embeds/") {
				cred = ""
			}
			if strings.HasPrefix(rt.Path, "/v1/spaces/") {
				cred = admin
			}
			var body any
			if rt.Method == http.MethodPost || rt.Method == http.MethodPatch || rt.Method == http.MethodPut {
				body = map[string]any{}
			}
			hdr := []string{}
			if strings.HasPrefix(rt.Path, "/v1/uploads/") {
				hdr = []string{"Tus-Resumable", "1.0.0", "Upload-Offset", "0", "Content-Type", "application/offset+octet-stream"}
			}
			r := e.req(rt.Method, path, cred, body, hdr...)
			checkShortNotFound(t, rt.Method+" "+rt.Path+" "+videohost.Excerpt(id), r, http.StatusNotFound, videohost.ENotFound)
		}
	}
	// A language tag is checked by shape too; it is the client's to name.
	r := e.req("DELETE", "/v1/videos/"+v.ID+"/subtitles/"+huge, e.rw, nil)
	checkShortNotFound(t, "DELETE subtitles", r, http.StatusBadRequest, videohost.EValidation)

	// Delivery, frames and unknown routes echo nothing long either.
	for _, path := range []string{
		"/v1/" + huge,
		"/media/" + huge + "/" + v.ID + "/playlist.m3u8",
		"/media/" + e.space + "/" + huge + "/playlist.m3u8",
		"/images/" + huge + ".jpg",
	} {
		r := e.req("GET", path, "", nil)
		checkShortNotFound(t, "GET "+videohost.Excerpt(path), r, http.StatusNotFound, videohost.ENotFound)
	}
	r = e.req(strings.Repeat("X", 10_000), "/v1/videos", e.rw, nil)
	checkShort(t, "long method", r)
}

// fillVars puts value in every {var} of a route template.
func fillVars(tmpl, value string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		j := strings.IndexByte(tmpl[i:], '}')
		b.WriteString(tmpl[:i] + value)
		tmpl = tmpl[i+j+1:]
	}
}

func checkShortNotFound(t *testing.T, what string, r *response, status int, code string) {
	t.Helper()
	if r.status != status {
		t.Errorf("%s: status %d, want %d: %.200s", what, r.status, status, r.body)
		return
	}
	if len(r.body) == 0 { // HEAD
		return
	}
	p := problem(t, r, status, code)
	if strings.Contains(p.Detail, strings.Repeat("a", videohost.MaxExcerpt+1)) {
		t.Errorf("%s: detail echoes the input: %.200s", what, p.Detail)
	}
	checkShort(t, what, r)
}

func checkShort(t *testing.T, what string, r *response) {
	t.Helper()
	if len(r.body) > 1024 {
		t.Errorf("%s: %d-byte answer: %.200s", what, len(r.body), r.body)
	}
}

// TestOneErrorFormat: errors of tusd, of file delivery and of the CDN are
// problem documents with a stable code, and keep their status and headers.
func TestOneErrorFormat(t *testing.T) {
	e := newEnv(t)
	c := newTusClient(e, e.rw)
	loc, _ := c.create(t, 10, nil, nil)
	byURL := e.createVideo(e.rw, nil) // a video without an upload
	tus := []string{"Tus-Resumable", "1.0.0"}
	patch := append(tus[:2:2], "Content-Type", "application/offset+octet-stream")

	t.Run("tus", func(t *testing.T) {
		tests := []struct {
			name   string
			method string
			path   string
			hdr    []string
			status int
			code   string
			field  string
		}{
			{"offset mismatch", "PATCH", loc, append(patch, "Upload-Offset", "5"), http.StatusConflict, httpapi.CodeUploadOffsetMismatch, ""},
			{"bad offset", "PATCH", loc, append(patch, "Upload-Offset", "x"), http.StatusBadRequest, videohost.EValidation, "Upload-Offset"},
			{"bad content type", "PATCH", loc, append(tus[:2:2], "Upload-Offset", "0", "Content-Type", "text/plain"), http.StatusBadRequest, videohost.EValidation, "Content-Type"},
			{"no Tus-Resumable", "PATCH", loc, []string{"Upload-Offset", "0", "Content-Type", "application/offset+octet-stream"}, http.StatusPreconditionFailed, httpapi.CodeTusVersionUnsupported, ""},
			{"no upload for the video", "PATCH", "/v1/uploads/" + byURL.ID, append(patch, "Upload-Offset", "0"), http.StatusNotFound, httpapi.CodeUploadNotFound, ""},
			{"bad length", "POST", "/v1/uploads", append(tus[:2:2], "Upload-Length", "-1"), http.StatusBadRequest, videohost.EValidation, "Upload-Length"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := e.req(tt.method, tt.path, e.rw, []byte("abc"), tt.hdr...)
				p := problem(t, r, tt.status, tt.code)
				if tt.field != "" && (len(p.Errors) != 1 || p.Errors[0].Field != tt.field) {
					t.Errorf("errors %+v, want field %s", p.Errors, tt.field)
				}
				if r.header.Get("Tus-Resumable") != "1.0.0" {
					t.Errorf("Tus-Resumable %q", r.header.Get("Tus-Resumable"))
				}
				if strings.Contains(string(r.body), "ERR_") {
					t.Errorf("body shows tusd's code: %s", r.body)
				}
			})
		}
		// HEAD has no body, but says what it would be.
		r := e.req("HEAD", "/v1/uploads/"+byURL.ID, e.rw, nil, tus...)
		if r.status != http.StatusNotFound || r.header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("HEAD: %d %q", r.status, r.header.Get("Content-Type"))
		}
		// The refused writes left the upload alone.
		if off, _ := c.head(t, loc); off != 0 {
			t.Errorf("offset %d", off)
		}
	})

	t.Run("ranges", func(t *testing.T) {
		v := e.publish(publishOptions{})
		seg := fakeAssets()["h264_sd/0.m4s"]
		size := strconv.Itoa(len(seg))
		for _, u := range []string{e.mediaURL(v, "h264_sd/0.m4s"), e.mediaURL(v, "playlist.m3u8")} {
			for _, rng := range []string{"bytes=-0", "bytes=-000", "bytes=-0, -0", "bytes=999999999-", "bytes=5-2"} {
				r := e.req("GET", u, "", nil, "Range", rng)
				problem(t, r, http.StatusRequestedRangeNotSatisfiable, httpapi.CodeRangeNotSatisfiable)
				if cr := r.header.Get("Content-Range"); !strings.HasPrefix(cr, "bytes */") {
					t.Errorf("%s: Content-Range %q", rng, cr)
				}
				if r.header.Get("Access-Control-Allow-Origin") != "*" {
					t.Errorf("%s: no CORS on 416", rng)
				}
			}
		}
		u := e.mediaURL(v, "h264_sd/0.m4s")
		if r := e.req("GET", u, "", nil, "Range", "bytes=-0"); r.header.Get("Content-Range") != "bytes */"+size {
			t.Errorf("Content-Range %q, want bytes */%s", r.header.Get("Content-Range"), size)
		}
		// An empty suffix beside a satisfiable range drops out.
		r := e.req("GET", u, "", nil, "Range", "bytes=-0,0-3")
		if r.status != http.StatusPartialContent || r.header.Get("Content-Range") != "bytes 0-3/"+size || string(r.body) != string(seg[:4]) {
			t.Errorf("bytes=-0,0-3: %d %q %q", r.status, r.header.Get("Content-Range"), r.body)
		}
	})

	t.Run("cdn", func(t *testing.T) {
		problem(t, e.req("GET", "/cdn/nothing.js", "", nil), http.StatusNotFound, videohost.ENotFound)
		r := e.req("POST", "/cdn/reel.js", "", nil)
		problem(t, r, http.StatusMethodNotAllowed, "method_not_allowed")
		if r.header.Get("Allow") == "" {
			t.Error("405 without Allow")
		}
		r = e.req("GET", "/cdn/reel.js", "", nil, "Range", "bytes=-0")
		problem(t, r, http.StatusRequestedRangeNotSatisfiable, httpapi.CodeRangeNotSatisfiable)
		if !strings.HasPrefix(r.header.Get("Content-Range"), "bytes */") {
			t.Errorf("Content-Range %q", r.header.Get("Content-Range"))
		}
		problem(t, e.req("GET", "/cdn/reel.js", "", nil, "Range", "bytes=99999999-"), http.StatusRequestedRangeNotSatisfiable, httpapi.CodeRangeNotSatisfiable)
		if r := e.req("GET", "/cdn/reel.js", "", nil, "Range", "bytes=0-9"); r.status != http.StatusPartialContent || len(r.body) != 10 {
			t.Errorf("range on reel.js: %d, %d bytes", r.status, len(r.body))
		}
		checkShortNotFound(t, "cdn", e.req("GET", "/cdn/"+strings.Repeat("a", 100_000)+".js", "", nil), http.StatusNotFound, videohost.ENotFound)
	})
}
