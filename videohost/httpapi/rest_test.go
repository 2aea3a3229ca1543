package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

type videoPage struct {
	Data       []*videohost.Video `json:"data"`
	NextCursor *string            `json:"next_cursor"`
}

type collectionPage struct {
	Data       []*videohost.Collection `json:"data"`
	NextCursor *string                 `json:"next_cursor"`
}

type keyPage struct {
	Data       []*videohost.Key `json:"data"`
	NextCursor *string          `json:"next_cursor"`
}

func TestVideoLifecycle(t *testing.T) {
	e := newEnv(t)
	title := "Launch"
	v := e.createVideo(e.rw, map[string]any{"title": title, "metadata": map[string]string{"team": "a"}, "playback_policy": "signed", "unknown_field": 1})
	if v.ID == "" || v.Space != e.space || v.State != videohost.StateCreated || v.Title != title || v.PlaybackPolicy != videohost.PlaybackSigned || v.Metadata["team"] != "a" {
		t.Fatalf("created video %+v", v)
	}
	if v.URLs == nil || v.URLs.Frame == "" {
		t.Fatalf("created video has no URLs: %+v", v.URLs)
	}

	var got videohost.Video
	must(t, e.req("GET", "/v1/videos/"+v.ID, e.ro, nil), http.StatusOK, &got)
	if got.ID != v.ID || got.Title != title {
		t.Fatalf("got %+v", got)
	}

	var page videoPage
	must(t, e.req("GET", "/v1/videos", e.ro, nil), http.StatusOK, &page)
	if len(page.Data) != 1 || page.Data[0].ID != v.ID || page.NextCursor != nil {
		t.Fatalf("list %+v", page)
	}

	var patched videohost.Video
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"title": "Renamed", "description": "d", "poster_time": 1.5}), http.StatusOK, &patched)
	if patched.Title != "Renamed" || patched.Description != "d" || patched.PosterTime == nil || *patched.PosterTime != 1.5 || patched.Metadata["team"] != "a" {
		t.Fatalf("patched %+v", patched)
	}

	var archived videohost.Video
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/archive", e.rw, nil), http.StatusOK, &archived)
	if !archived.Archived {
		t.Fatal("archive did not archive")
	}
	must(t, e.req("GET", "/v1/videos?archived=false", e.rw, nil), http.StatusOK, &page)
	if len(page.Data) != 0 {
		t.Fatalf("archived video listed with archived=false: %+v", page.Data)
	}
	must(t, e.req("GET", "/v1/videos?archived=true", e.rw, nil), http.StatusOK, &page)
	if len(page.Data) != 1 {
		t.Fatalf("archived=true lists %d videos", len(page.Data))
	}
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/unarchive", e.rw, nil), http.StatusOK, &archived)
	if archived.Archived {
		t.Fatal("unarchive did not unarchive")
	}

	del := e.req("DELETE", "/v1/videos/"+v.ID, e.rw, nil)
	must(t, del, http.StatusNoContent, nil)
	if len(del.body) != 0 {
		t.Fatalf("204 with a body: %s", del.body)
	}
	problem(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("DELETE", "/v1/videos/"+v.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
}

func TestListVideoFilters(t *testing.T) {
	e := newEnv(t)
	c := e.createCollection(e.rw, "Talks", "")
	inColl := e.createVideo(e.rw, map[string]any{"title": "Keynote", "collection": c.ID})
	other := e.createVideo(e.rw, map[string]any{"title": "Trailer"})

	tests := []struct {
		query string
		want  []string
	}{
		{"", []string{other.ID, inColl.ID}},
		{"?order=created_asc", []string{inColl.ID, other.ID}},
		{"?collection=" + c.ID, []string{inColl.ID}},
		{"?q=keyn", []string{inColl.ID}},
		{"?state=created", []string{other.ID, inColl.ID}},
		{"?state=ready", nil},
		{"?limit=1", []string{other.ID}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			var page videoPage
			must(t, e.req("GET", "/v1/videos"+tt.query, e.ro, nil), http.StatusOK, &page)
			var ids []string
			for _, v := range page.Data {
				ids = append(ids, v.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.want) {
				t.Fatalf("got %v, want %v", ids, tt.want)
			}
		})
	}
}

// TestPaginationExactlyOnce walks pages while videos are inserted between
// them: every video that existed at the start is seen exactly once.
func TestPaginationExactlyOnce(t *testing.T) {
	e := newEnv(t)
	want := map[string]bool{}
	for i := range 7 {
		want[e.createVideo(e.rw, map[string]any{"title": fmt.Sprint("v", i)}).ID] = true
	}
	for _, order := range []string{"created_desc", "created_asc"} {
		t.Run(order, func(t *testing.T) {
			seen := map[string]int{}
			cursor := ""
			for pages := 0; ; pages++ {
				if pages > 10 {
					t.Fatal("pagination does not end")
				}
				var page videoPage
				must(t, e.req("GET", "/v1/videos?limit=3&order="+order+"&cursor="+cursor, e.ro, nil), http.StatusOK, &page)
				for _, v := range page.Data {
					seen[v.ID]++
				}
				e.createVideo(e.rw, map[string]any{"title": "inserted"})
				if page.NextCursor == nil {
					break
				}
				cursor = *page.NextCursor
			}
			for id := range want {
				if seen[id] != 1 {
					t.Errorf("video %s seen %d times", id, seen[id])
				}
			}
			for id, n := range seen {
				if n != 1 {
					t.Errorf("video %s seen %d times", id, n)
				}
			}
		})
	}
}

func TestCollections(t *testing.T) {
	e := newEnv(t)
	root := e.createCollection(e.rw, "Root", "")
	child := e.createCollection(e.rw, "Child", root.ID)
	if child.Parent == nil || *child.Parent != root.ID || child.Space != e.space {
		t.Fatalf("child %+v", child)
	}

	var page collectionPage
	must(t, e.req("GET", "/v1/collections", e.ro, nil), http.StatusOK, &page)
	if len(page.Data) != 2 || page.NextCursor != nil {
		t.Fatalf("list %+v", page)
	}
	must(t, e.req("GET", "/v1/collections?parent="+root.ID, e.ro, nil), http.StatusOK, &page)
	if len(page.Data) != 1 || page.Data[0].ID != child.ID {
		t.Fatalf("children of root: %+v", page.Data)
	}
	must(t, e.req("GET", "/v1/collections?limit=1", e.ro, nil), http.StatusOK, &page)
	if len(page.Data) != 1 || page.NextCursor == nil {
		t.Fatalf("first page of one: %+v", page)
	}
	var rest collectionPage
	must(t, e.req("GET", "/v1/collections?limit=1&cursor="+*page.NextCursor, e.ro, nil), http.StatusOK, &rest)
	if len(rest.Data) != 1 || rest.Data[0].ID == page.Data[0].ID {
		t.Fatalf("second page %+v after %+v", rest.Data, page.Data)
	}

	var got videohost.Collection
	must(t, e.req("GET", "/v1/collections/"+child.ID, e.ro, nil), http.StatusOK, &got)
	if got.Name != "Child" {
		t.Fatalf("got %+v", got)
	}
	must(t, e.req("PATCH", "/v1/collections/"+child.ID, e.rw, map[string]any{"name": "Renamed", "parent": ""}), http.StatusOK, &got)
	if got.Name != "Renamed" || got.Parent != nil {
		t.Fatalf("patched %+v", got)
	}
	problem(t, e.req("PATCH", "/v1/collections/"+root.ID, e.rw, map[string]any{"parent": root.ID}), http.StatusBadRequest, videohost.EValidation)
	must(t, e.req("PATCH", "/v1/collections/"+child.ID, e.rw, map[string]any{"parent": root.ID}), http.StatusOK, &got)

	v := e.createVideo(e.rw, map[string]any{"collection": child.ID})

	// A collection that holds videos (here through a child) is not deleted
	// unless asked for recursively.
	problem(t, e.req("DELETE", "/v1/collections/"+root.ID, e.rw, nil), http.StatusConflict, videohost.EConflict)
	problem(t, e.req("DELETE", "/v1/collections/"+root.ID+"?recursive=maybe", e.rw, nil), http.StatusBadRequest, videohost.EValidation)
	must(t, e.req("DELETE", "/v1/collections/"+root.ID+"?recursive=true", e.rw, nil), http.StatusNoContent, nil)
	problem(t, e.req("GET", "/v1/collections/"+root.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/collections/"+child.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)

	empty := e.createCollection(e.rw, "Empty", "")
	must(t, e.req("DELETE", "/v1/collections/"+empty.ID, e.rw, nil), http.StatusNoContent, nil)
}

func TestSpaceAndKeys(t *testing.T) {
	e := newEnv(t)
	var sp videohost.Space
	must(t, e.req("GET", "/v1/space", e.ro, nil), http.StatusOK, &sp)
	if sp.ID != e.space || sp.SpaceURL == "" || sp.ImageURL == "" || sp.CDNURL == "" {
		t.Fatalf("space %+v", sp)
	}

	var k videohost.Key
	must(t, e.req("POST", "/v1/keys", e.rw, map[string]any{"access": "read_only", "name": "ci"}), http.StatusCreated, &k)
	if k.ID == "" || k.Secret == "" || k.Access != videohost.AccessReadOnly || k.Name != "ci" || k.Space != e.space {
		t.Fatalf("created key %+v", k)
	}
	must(t, e.req("GET", "/v1/space", k.Secret, nil), http.StatusOK, nil)

	lr := e.req("GET", "/v1/keys", e.rw, nil)
	var keys keyPage
	must(t, lr, http.StatusOK, &keys)
	if len(keys.Data) != 3 {
		t.Fatalf("%d keys, want 3", len(keys.Data))
	}
	if strings.Contains(lr.String(), k.Secret) || strings.Contains(lr.String(), `"key"`) {
		t.Fatalf("key list shows a secret: %s", lr.body)
	}
	for _, listed := range keys.Data {
		// The new key was used once (GET /v1/space) and the read-write key
		// by this very list: both record it.
		if (listed.ID == k.ID || strings.HasPrefix(e.rw, "rk_"+listed.ID+"_")) && listed.LastUsedAt == nil {
			t.Errorf("key %s was used but has no last_used_at", listed.ID)
		}
	}

	problem(t, e.req("POST", "/v1/keys", e.rw, map[string]any{"access": "admin"}), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("POST", "/v1/keys", e.rw, map[string]any{"name": "x"}), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("GET", "/v1/keys", e.ro, nil), http.StatusForbidden, videohost.EReadOnlyKey)
	problem(t, e.req("DELETE", "/v1/keys/"+k.ID, e.otherRW, nil), http.StatusNotFound, videohost.ENotFound)

	must(t, e.req("DELETE", "/v1/keys/"+k.ID, e.rw, nil), http.StatusNoContent, nil)
	problem(t, e.req("GET", "/v1/space", k.Secret, nil), http.StatusUnauthorized, videohost.EUnauthorized)
}

func TestAuth(t *testing.T) {
	e := newEnv(t)
	v := e.createVideo(e.rw, nil)
	c := e.createCollection(e.rw, "mine", "")

	unauthorized := []struct {
		name, header string
	}{
		{"no header", ""},
		{"basic", "Basic dXNlcjpwYXNz"},
		{"bearer without key", "Bearer "},
		{"not a key", "Bearer hello"},
		{"unknown key", "Bearer rk_aaaaaaaaaaaa_" + strings.Repeat("b", 32)},
		{"wrong secret", "Bearer " + e.rw[:len(e.rw)-1] + otherChar(e.rw[len(e.rw)-1])},
	}
	for _, tt := range unauthorized {
		t.Run(tt.name, func(t *testing.T) {
			var hdr []string
			if tt.header != "" {
				hdr = []string{"Authorization", tt.header}
			}
			r := e.req("GET", "/v1/videos", "", nil, hdr...)
			problem(t, r, http.StatusUnauthorized, videohost.EUnauthorized)
			if !strings.HasPrefix(r.header.Get("WWW-Authenticate"), "Bearer") {
				t.Fatalf("WWW-Authenticate %q", r.header.Get("WWW-Authenticate"))
			}
		})
	}

	readOnly := []struct{ method, path string }{
		{"POST", "/v1/videos"},
		{"PATCH", "/v1/videos/" + v.ID},
		{"DELETE", "/v1/videos/" + v.ID},
		{"POST", "/v1/videos/" + v.ID + "/archive"},
		{"POST", "/v1/videos/" + v.ID + "/unarchive"},
		{"POST", "/v1/collections"},
		{"PATCH", "/v1/collections/" + c.ID},
		{"DELETE", "/v1/collections/" + c.ID},
		{"POST", "/v1/keys"},
		{"DELETE", "/v1/keys/whatever"},
	}
	for _, tt := range readOnly {
		t.Run("read-only "+tt.method+" "+tt.path, func(t *testing.T) {
			problem(t, e.req(tt.method, tt.path, e.ro, map[string]any{"input_url": publicURL, "name": "x"}), http.StatusForbidden, videohost.EReadOnlyKey)
		})
	}

	otherSpace := []struct{ method, path string }{
		{"GET", "/v1/videos/" + v.ID},
		{"PATCH", "/v1/videos/" + v.ID},
		{"DELETE", "/v1/videos/" + v.ID},
		{"POST", "/v1/videos/" + v.ID + "/archive"},
		{"POST", "/v1/videos/" + v.ID + "/unarchive"},
		{"GET", "/v1/collections/" + c.ID},
		{"PATCH", "/v1/collections/" + c.ID},
		{"DELETE", "/v1/collections/" + c.ID},
	}
	for _, tt := range otherSpace {
		t.Run("other space "+tt.method+" "+tt.path, func(t *testing.T) {
			problem(t, e.req(tt.method, tt.path, e.otherRW, map[string]any{"title": "stolen"}), http.StatusNotFound, videohost.ENotFound)
		})
	}
	var page videoPage
	must(t, e.req("GET", "/v1/videos", e.otherRW, nil), http.StatusOK, &page)
	if len(page.Data) != 0 {
		t.Fatalf("other space lists %d videos", len(page.Data))
	}
	// Nothing above changed the video.
	var got videohost.Video
	must(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusOK, &got)
	if got.Title == "stolen" || got.Archived {
		t.Fatalf("video changed by another space: %+v", got)
	}
}

func TestValidation(t *testing.T) {
	e := newEnv(t)
	other := e.createCollection(e.otherRW, "theirs", "")
	v := e.createVideo(e.rw, nil)

	tests := []struct {
		name        string
		method      string
		path        string
		body        any
		code, field string
	}{
		{"malformed JSON", "POST", "/v1/videos", `{"input_url":`, videohost.EValidation, "body"},
		{"not an object", "POST", "/v1/videos", `[1,2]`, videohost.EValidation, "body"},
		{"title not a string", "POST", "/v1/videos", map[string]any{"input_url": publicURL, "title": 5}, videohost.EValidation, "title"},
		{"metadata not an object", "POST", "/v1/videos", map[string]any{"input_url": publicURL, "metadata": "x"}, videohost.EValidation, "metadata"},
		{"input_url not a string", "POST", "/v1/videos", map[string]any{"input_url": true}, videohost.EValidation, "input_url"},
		{"missing input_url", "POST", "/v1/videos", map[string]any{"title": "t"}, videohost.EValidation, "input_url"},
		{"empty body", "POST", "/v1/videos", "", videohost.EValidation, "input_url"},
		{"ftp input_url", "POST", "/v1/videos", map[string]any{"input_url": "ftp://203.0.113.7/a.mp4"}, videohost.EValidation, "input_url"},
		{"relative input_url", "POST", "/v1/videos", map[string]any{"input_url": "/etc/passwd"}, videohost.EValidation, "input_url"},
		{"loopback input_url", "POST", "/v1/videos", map[string]any{"input_url": "http://127.0.0.1/a.mp4"}, videohost.EInputURLNotAllowed, "input_url"},
		{"private input_url", "POST", "/v1/videos", map[string]any{"input_url": "http://10.0.0.1/a.mp4"}, videohost.EInputURLNotAllowed, "input_url"},
		{"metadata input_url", "POST", "/v1/videos", map[string]any{"input_url": "http://169.254.169.254/latest/meta-data"}, videohost.EInputURLNotAllowed, "input_url"},
		{"ipv6 loopback input_url", "POST", "/v1/videos", map[string]any{"input_url": "http://[::1]:8080/a.mp4"}, videohost.EInputURLNotAllowed, "input_url"},
		{"collection of another space", "POST", "/v1/videos", map[string]any{"input_url": publicURL, "collection": other.ID}, videohost.EValidation, "collection"},
		{"bad playback_policy", "POST", "/v1/videos", map[string]any{"input_url": publicURL, "playback_policy": "private"}, videohost.EValidation, "playback_policy"},
		{"long title", "POST", "/v1/videos", map[string]any{"input_url": publicURL, "title": strings.Repeat("t", 513)}, videohost.EValidation, "title"},
		{"patch poster_time type", "PATCH", "/v1/videos/" + v.ID, map[string]any{"poster_time": "1s"}, videohost.EValidation, "poster_time"},
		{"patch negative poster_time", "PATCH", "/v1/videos/" + v.ID, map[string]any{"poster_time": -1}, videohost.EValidation, "poster_time"},
		{"patch collection of another space", "PATCH", "/v1/videos/" + v.ID, map[string]any{"collection": other.ID}, videohost.EValidation, "collection"},
		{"limit too large", "GET", "/v1/videos?limit=1000", nil, videohost.EValidation, "limit"},
		{"limit not a number", "GET", "/v1/videos?limit=ten", nil, videohost.EValidation, "limit"},
		{"limit zero", "GET", "/v1/videos?limit=0", nil, videohost.EValidation, "limit"},
		{"tampered cursor", "GET", "/v1/videos?cursor=bXlzZWxm.AAAAAAAAAAAAAAAA", nil, videohost.EValidation, "cursor"},
		{"garbage cursor", "GET", "/v1/videos?cursor=nope", nil, videohost.EValidation, "cursor"},
		{"unknown state", "GET", "/v1/videos?state=melted", nil, videohost.EValidation, "state"},
		{"bad archived", "GET", "/v1/videos?archived=perhaps", nil, videohost.EValidation, "archived"},
		{"bad order", "GET", "/v1/videos?order=random", nil, videohost.EValidation, "order"},
		{"collection limit", "GET", "/v1/collections?limit=1000", nil, videohost.EValidation, "limit"},
		{"collection cursor", "GET", "/v1/collections?cursor=x.y", nil, videohost.EValidation, "cursor"},
		{"collection without name", "POST", "/v1/collections", map[string]any{}, videohost.EValidation, "name"},
		{"collection name type", "POST", "/v1/collections", map[string]any{"name": 1}, videohost.EValidation, "name"},
		{"collection parent of another space", "POST", "/v1/collections", map[string]any{"name": "n", "parent": other.ID}, videohost.EValidation, "parent"},
		{"key access type", "POST", "/v1/keys", map[string]any{"access": 1}, videohost.EValidation, "access"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := problem(t, e.req(tt.method, tt.path, e.rw, tt.body), http.StatusBadRequest, tt.code)
			if len(p.Errors) == 0 || p.Errors[0].Field != tt.field || p.Errors[0].Message == "" {
				t.Fatalf("errors %+v, want field %q", p.Errors, tt.field)
			}
		})
	}
}

func TestBodyTooLarge(t *testing.T) {
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.MaxBodyBytes = 1024 }))
	big := `{"input_url":"` + publicURL + `","title":"` + strings.Repeat("x", 2000) + `"}`
	problem(t, e.req("POST", "/v1/videos", e.rw, big), http.StatusRequestEntityTooLarge, videohost.EPayloadTooLarge)

	d := newEnv(t) // the default limit is 1 MiB
	huge := `{"input_url":"` + publicURL + `","description":"` + strings.Repeat("x", 1<<20) + `"}`
	problem(t, d.req("POST", "/v1/videos", d.rw, huge), http.StatusRequestEntityTooLarge, videohost.EPayloadTooLarge)
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	e := newEnv(t)
	problem(t, e.req("GET", "/v1/nothing", e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("PUT", "/v1/videos", e.rw, nil), http.StatusMethodNotAllowed, "method_not_allowed")
}

// otherChar returns a key character different from c, so a tampered key
// always differs from the real one.
func otherChar(c byte) string {
	if c == 'x' {
		return "y"
	}
	return "x"
}

// Past a space's bound on waiting fetches, a create by URL is 429
// too_many_fetches with the Retry-After the service gives.
func TestTooManyFetchesSaysWhenToRetry(t *testing.T) {
	e := newEnv(t, func(e *env) {
		e.svcOpts = append(e.svcOpts, func(c *videohost.Config) { c.MaxWaitingFetches = 1 })
	})
	must(t, e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": publicURL}), http.StatusCreated, nil)
	r := e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": publicURL})
	problem(t, r, http.StatusTooManyRequests, videohost.ETooManyFetches)
	if got := r.header.Get("Retry-After"); got != "60" {
		t.Fatalf("Retry-After %q, want 60", got)
	}
}
