package main_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// importReport mirrors what "reel import" prints.
type importReport struct {
	DryRun bool           `json:"dry_run"`
	Counts map[string]int `json:"counts"`
	Items  []struct {
		Kind      string `json:"kind"`
		ForeignID string `json:"foreign_id"`
		Name      string `json:"name"`
		ID        string `json:"id"`
		Action    string `json:"action"`
		InputURL  string `json:"input_url"`
		Parent    string `json:"parent"`
		Error     string `json:"error"`
	} `json:"items"`
}

func (r importReport) item(t *testing.T, foreignID string) (kind, id, action, inputURL, parent string) {
	t.Helper()
	for _, it := range r.Items {
		if it.ForeignID == foreignID {
			return it.Kind, it.ID, it.Action, it.InputURL, it.Parent
		}
	}
	t.Fatalf("no item %s in the report", foreignID)
	return
}

// stand-in serves canned JSON by path and query, counting requests, and
// answers the first request to rateLimited with 429.
type standIn struct {
	t           *testing.T
	mu          sync.Mutex
	routes      map[string]any // "path?query" → body
	auth        func(*http.Request) bool
	rateLimited string
	limited     bool
	requests    []string
}

func (s *standIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := r.URL.Path
	if r.URL.RawQuery != "" {
		key += "?" + r.URL.RawQuery
	}
	s.requests = append(s.requests, key)
	if !s.auth(r) {
		w.WriteHeader(401)
		return
	}
	if key == s.rateLimited && !s.limited {
		s.limited = true
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(429)
		return
	}
	body, ok := s.routes[key]
	if !ok {
		s.t.Logf("stand-in: no route %s", key)
		w.WriteHeader(404)
		w.Write([]byte(`{"error":"not found"}`))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(body)
}

func serveStandIn(t *testing.T, s *standIn) string {
	t.Helper()
	s.t = t
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestImportVimeo(t *testing.T) {
	const fields = "&fields=uri,name,description,link,files,download,parent_folder"
	next := func(s string) map[string]any { return map[string]any{"next": s} }
	video := func(id, name string, files, download []map[string]any) map[string]any {
		return map[string]any{"uri": "/videos/" + id, "name": name, "description": "about " + name, "link": "https://vimeo.com/" + id, "files": files, "download": download}
	}
	v101 := video("101", "Lake", []map[string]any{
		{"quality": "sd", "type": "video/mp4", "width": 640, "link": "https://cdn.example/101/sd.mp4"},
		{"quality": "hd", "type": "video/mp4", "width": 1920, "link": "https://cdn.example/101/hd.mp4"},
		{"quality": "hls", "type": "application/vnd.apple.mpegurl", "link": "https://cdn.example/101/master.m3u8"},
	}, nil)
	v102 := video("102", "Summit", []map[string]any{{"quality": "hd", "width": 1280, "link": "https://cdn.example/102/hd.mp4"}}, nil)
	v103 := video("103", "Loose", nil, []map[string]any{
		{"quality": "source", "width": 3840, "link": "https://cdn.example/103/source.mp4"},
		{"quality": "hd", "width": 1920, "link": "https://cdn.example/103/hd.mp4"},
	})
	s := &standIn{
		auth:        func(r *http.Request) bool { return r.Header.Get("Authorization") == "bearer vtok" },
		rateLimited: "/me/folders?per_page=100&page=1",
		routes: map[string]any{
			"/me/folders?per_page=100&page=1": map[string]any{"paging": next("/me/folders?per_page=100&page=2"), "data": []any{
				map[string]any{"uri": "/users/1/projects/11", "name": "Trips"},
			}},
			"/me/folders?per_page=100&page=2": map[string]any{"paging": next(""), "data": []any{
				map[string]any{"uri": "/users/1/projects/12", "name": "Alps", "parent_folder": map[string]any{"uri": "/users/1/projects/11"}},
			}},
			"/me/folders/11/videos?per_page=100&page=1" + fields: map[string]any{"paging": next(""), "data": []any{v101}},
			"/me/folders/12/videos?per_page=100&page=1" + fields: map[string]any{"paging": next(""), "data": []any{v102}},
			"/me/videos?per_page=100&page=1" + fields:            map[string]any{"paging": next("/me/videos?per_page=100&page=2" + fields), "data": []any{v101, v102}},
			"/me/videos?per_page=100&page=2" + fields:            map[string]any{"paging": map[string]any{"next": nil}, "data": []any{v103}},
		},
	}
	vimeoURL := serveStandIn(t, s)
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	args := []string{"import", "vimeo", "--token", "vtok", "--vimeo-base-url", vimeoURL}

	var dry importReport
	e.ok(append(args, "--dry-run")...).json(t, &dry)
	if !dry.DryRun || dry.Counts["would_create"] != 5 || srv.writes() != 0 {
		t.Fatalf("dry run: counts %v, %d writes; want 5 would_create and no writes", dry.Counts, srv.writes())
	}

	var rep importReport
	e.ok(args...).json(t, &rep)
	if rep.Counts["created"] != 5 {
		t.Fatalf("counts %v, want 5 created", rep.Counts)
	}
	_, trips, _, _, tripsParent := rep.item(t, "11")
	_, alps, _, _, alpsParent := rep.item(t, "12")
	if tripsParent != "" || alpsParent != trips {
		t.Errorf("Alps parent %q, Trips parent %q; want Alps under Trips (%s)", alpsParent, tripsParent, trips)
	}
	tests := []struct {
		foreign, title, collection, inputURL string
	}{
		{"101", "Lake", trips, "https://cdn.example/101/hd.mp4"},
		{"102", "Summit", alps, "https://cdn.example/102/hd.mp4"},
		{"103", "Loose", "", "https://cdn.example/103/source.mp4"},
	}
	for _, tt := range tests {
		_, id, _, _, _ := rep.item(t, tt.foreign)
		v := srv.video(id)
		col, _ := v["collection"].(string)
		md, _ := v["metadata"].(map[string]any)
		if v["title"] != tt.title || col != tt.collection || v["input_url"] != tt.inputURL || v["description"] != "about "+tt.title || md["import_id"] != tt.foreign {
			t.Errorf("video %s: %v", tt.foreign, v)
		}
	}

	writes := srv.writes()
	var again importReport
	e.ok(args...).json(t, &again)
	if again.Counts["skipped"] != 5 || srv.writes() != writes {
		t.Errorf("rerun: counts %v, %d new writes; want 5 skipped and none", again.Counts, srv.writes()-writes)
	}
}

func TestImportMux(t *testing.T) {
	asset := func(id, title, passthrough, policy string, files []map[string]any) map[string]any {
		a := map[string]any{"id": id, "status": "ready", "passthrough": passthrough, "meta": map[string]any{"title": title},
			"playback_ids": []any{map[string]any{"id": "pb-" + id, "policy": policy}}}
		if files != nil {
			a["static_renditions"] = map[string]any{"status": "ready", "files": files}
		}
		return a
	}
	s := &standIn{
		auth: func(r *http.Request) bool {
			id, secret, ok := r.BasicAuth()
			return ok && id == "mid" && secret == "msecret"
		},
		routes: map[string]any{
			"/video/v1/assets?limit=2&page=1": map[string]any{"data": []any{
				asset("a1", "Launch", "ext-1", "public", []map[string]any{
					{"name": "low.mp4", "ext": "mp4", "width": 640, "height": 360},
					{"name": "highest.mp4", "ext": "mp4", "width": 1920, "height": 1080},
					{"name": "audio.m4a", "ext": "m4a"},
				}),
				asset("a2", "", "ext-2", "public", nil),
			}},
			"/video/v1/assets?limit=2&page=2": map[string]any{"data": []any{asset("a3", "Secret", "", "signed", nil)}},
		},
	}
	muxURL := serveStandIn(t, s)
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	args := []string{"import", "mux", "--token-id", "mid", "--token-secret", "msecret", "--mux-base-url", muxURL, "--page-size", "2"}

	res := e.run("", args...)
	if res.code != 1 || !strings.Contains(res.stderr, "import_incomplete") {
		t.Fatalf("exit %d stderr %q; want 1 and import_incomplete for the signed asset", res.code, res.stderr)
	}
	var rep importReport
	res.json(t, &rep)
	tests := []struct {
		foreign, action, title, inputURL, passthrough string
	}{
		{"a1", "created", "Launch", "https://stream.mux.com/pb-a1/highest.mp4", "ext-1"},
		{"a2", "created", "ext-2", "https://stream.mux.com/pb-a2.m3u8", "ext-2"},
		{"a3", "failed", "", "", ""},
	}
	for _, tt := range tests {
		_, id, action, _, _ := rep.item(t, tt.foreign)
		if action != tt.action {
			t.Errorf("%s: action %s, want %s", tt.foreign, action, tt.action)
			continue
		}
		if action != "created" {
			continue
		}
		v := srv.video(id)
		md, _ := v["metadata"].(map[string]any)
		if v["title"] != tt.title || v["input_url"] != tt.inputURL || md["mux_passthrough"] != tt.passthrough {
			t.Errorf("%s: video %v", tt.foreign, v)
		}
	}
	writes := srv.writes()
	e.run("", args...).json(t, &rep)
	if rep.Counts["skipped"] != 2 || rep.Counts["failed"] != 1 || srv.writes() != writes {
		t.Errorf("rerun: counts %v, %d new writes", rep.Counts, srv.writes()-writes)
	}
}

func TestImportDir(t *testing.T) {
	root := t.TempDir()
	files := map[string][]byte{
		"intro.mp4":             randomBytes(1000),
		"Trips/lake.mov":        randomBytes(2000),
		"Trips/Alps/summit.mkv": randomBytes(3000),
		"Trips/notes.txt":       []byte("not a video"),
		".cache/thumb.mp4":      randomBytes(10),
	}
	for name, data := range files {
		writeFile(t, filepath.Join(root, name), data)
	}
	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	statePath := filepath.Join(t.TempDir(), "state.json")

	var dry importReport
	e.ok("import", "dir", root, "--dry-run", "--state", statePath).json(t, &dry)
	if dry.Counts["would_create"] != 2 || dry.Counts["would_upload"] != 3 || srv.writes() != 0 {
		t.Fatalf("dry run counts %v, writes %d", dry.Counts, srv.writes())
	}
	if _, err := os.Stat(statePath); err == nil {
		t.Error("a dry run wrote the state file")
	}

	var rep importReport
	e.ok("import", "dir", "--state", statePath, root).json(t, &rep)
	_, trips, _, _, _ := rep.item(t, "Trips")
	_, alps, _, _, alpsParent := rep.item(t, "Trips/Alps")
	if alpsParent != trips {
		t.Errorf("Alps parent %q, want %q", alpsParent, trips)
	}
	uploads := srv.uploaded()
	for _, tt := range []struct{ foreign, title, collection string }{
		{"intro.mp4", "intro", ""}, {"Trips/lake.mov", "lake", trips}, {"Trips/Alps/summit.mkv", "summit", alps},
	} {
		_, id, action, _, _ := rep.item(t, tt.foreign)
		v := srv.video(id)
		col, _ := v["collection"].(string)
		if action != "uploaded" || v["title"] != tt.title || col != tt.collection || string(uploads[id]) != string(files[tt.foreign]) {
			t.Errorf("%s: action %s video %v", tt.foreign, action, v)
		}
	}
	writes := srv.writes()
	e.ok("import", "dir", root, "--state", statePath).json(t, &rep)
	if rep.Counts["skipped"] != 5 || srv.writes() != writes {
		t.Errorf("rerun: counts %v, %d new writes", rep.Counts, srv.writes()-writes)
	}
}

func TestImportReel(t *testing.T) {
	from := newFakeReel(t)
	from.mu.Lock()
	parent := "colsrc000001"
	from.collections[parent] = map[string]any{"id": parent, "name": "Talks", "parent": nil}
	from.collections["colsrc000002"] = map[string]any{"id": "colsrc000002", "name": "2025", "parent": parent}
	for i, c := range []any{"colsrc000002", nil} {
		v := from.newVideo([]string{"Keynote", "Teaser"}[i], "", "")
		v["collection"], v["state"], v["description"] = c, "ready", "desc"
		v["renditions"] = []map[string]any{
			{"name": "h264_sd", "width": 640, "height": 360, "url": from.URL() + "/media/x/h264_sd.mp4"},
			{"name": "h264_hd", "width": 1280, "height": 720, "url": from.URL() + "/media/x/h264_hd.mp4"},
		}
	}
	from.newVideo("Still uploading", "", "")
	from.mu.Unlock()

	srv := newFakeReel(t)
	e := loggedIn(t, srv)
	res := e.run("", "import", "reel", "--from-base-url", from.URL(), "--from-api-key", testKey)
	if res.code != 1 {
		t.Fatalf("exit %d (%s); want 1 for the video without renditions", res.code, res.stderr)
	}
	var rep importReport
	res.json(t, &rep)
	if rep.Counts["created"] != 4 || rep.Counts["failed"] != 1 {
		t.Fatalf("counts %v", rep.Counts)
	}
	_, talks, _, _, _ := rep.item(t, parent)
	_, y2025, _, _, p := rep.item(t, "colsrc000002")
	if p != talks {
		t.Errorf("2025 parent %q, want Talks %q", p, talks)
	}
	for _, it := range rep.Items {
		if it.Kind != "video" || it.Action != "created" {
			continue
		}
		v := srv.video(it.ID)
		if !strings.HasSuffix(v["input_url"].(string), "/h264_hd.mp4") || v["description"] != "desc" {
			t.Errorf("video %v", v)
		}
		if v["title"] == "Keynote" && v["collection"] != y2025 {
			t.Errorf("Keynote in %v, want %s", v["collection"], y2025)
		}
	}
}
