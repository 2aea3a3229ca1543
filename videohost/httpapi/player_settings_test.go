package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

type playerView struct {
	Scope     string         `json:"scope"`
	ID        string         `json:"id"`
	Settings  map[string]any `json:"settings"`
	Inherited map[string]any `json:"inherited"`
	Resolved  map[string]any `json:"resolved"`
}

func TestPlayerSettings(t *testing.T) {
	e := newEnv(t)
	top := e.createCollection(e.rw, "Talks", "")
	sub := e.createCollection(e.rw, "2026", top.ID)
	v := e.publish(publishOptions{})
	must(t, e.req("PATCH", "/v1/videos/"+v.ID, e.rw, map[string]any{"collection": sub.ID}), http.StatusOK, nil)
	other := e.publish(publishOptions{}) // in no collection

	// Nothing set: empty objects everywhere, and in the lookup.
	var pv playerView
	pv = playerView{}
	must(t, e.req("GET", "/v1/space/player", e.ro, nil), http.StatusOK, &pv)
	if pv.Scope != "space" || pv.ID != e.space || len(pv.Settings) != 0 || len(pv.Resolved) != 0 {
		t.Fatalf("fresh space: %+v", pv)
	}
	lookup := func(embed string) map[string]any {
		t.Helper()
		var got struct {
			Player map[string]any `json:"player"`
		}
		must(t, e.req("GET", "/v1/embeds/"+embed, "", nil), http.StatusOK, &got)
		return got.Player
	}
	if p := lookup(v.Embed); len(p) != 0 {
		t.Fatalf("lookup without settings: %v", p)
	}

	// Space, then the top collection, then the video: the nearest wins.
	pv = playerView{}
	must(t, e.req("PATCH", "/v1/space/player", e.rw, map[string]any{"color": "#ff5a36", "autoplay": true, "controls": "play, seek  fullscreen"}), http.StatusOK, &pv)
	if pv.Settings["color"] != "#ff5a36" || pv.Settings["controls"] != "play seek fullscreen" {
		t.Fatalf("space patch: %+v", pv)
	}
	must(t, e.req("PATCH", "/v1/collections/"+top.ID+"/player", e.rw, map[string]any{"color": "#00aa00", "muted": true}), http.StatusOK, nil)
	pv = playerView{}
	must(t, e.req("PATCH", "/v1/videos/"+v.ID+"/player", e.rw, map[string]any{"start": 2.5, "active-subtitle": "en"}), http.StatusOK, &pv)
	if pv.Scope != "video" || pv.Inherited["color"] != "#00aa00" || pv.Inherited["autoplay"] != true || pv.Settings["start"] != 2.5 ||
		pv.Resolved["muted"] != true || pv.Resolved["active-subtitle"] != "en" {
		t.Fatalf("video view: %+v", pv)
	}
	p := lookup(v.Embed)
	if p["color"] != "#00aa00" || p["autoplay"] != true || p["muted"] != true || p["start"] != 2.5 || p["controls"] != "play seek fullscreen" {
		t.Fatalf("lookup of a video in a nested collection: %v", p)
	}
	if p := lookup(other.Embed); p["color"] != "#ff5a36" || p["muted"] != nil {
		t.Fatalf("lookup of a video in no collection: %v", p)
	}
	// The nested collection inherits from the top one.
	pv = playerView{}
	must(t, e.req("GET", "/v1/collections/"+sub.ID+"/player", e.ro, nil), http.StatusOK, &pv)
	if len(pv.Settings) != 0 || pv.Inherited["color"] != "#00aa00" {
		t.Fatalf("nested collection: %+v", pv)
	}

	// null unsets: the video inherits again.
	pv = playerView{}
	must(t, e.req("PATCH", "/v1/collections/"+top.ID+"/player", e.rw, map[string]any{"color": nil}), http.StatusOK, &pv)
	if _, set := pv.Settings["color"]; set || pv.Settings["muted"] != true {
		t.Fatalf("unset colour: %+v", pv)
	}
	if p := lookup(v.Embed); p["color"] != "#ff5a36" {
		t.Fatalf("after unsetting the collection's colour: %v", p)
	}

	// Checked values; unknown names; read-only keys; other spaces.
	for _, bad := range []map[string]any{
		{"color": "red; background: url(x)"}, {"controls": "play hack"}, {"autoplay": "yes"}, {"start": -1},
		{"quality": "8k"}, {"theme": "https://evil.example/t.js"}, {"active-subtitle": "<b>"},
		{"codecs": "vp9"}, {"codecs": "av1,av1"}, {"codecs": ""}, {"codecs": 1},
	} {
		problem(t, e.req("PATCH", "/v1/space/player", e.rw, bad), http.StatusBadRequest, videohost.EValidation)
	}
	// Every control the player has is accepted (chapters, quality and airplay came with issue 18).
	pv = playerView{}
	must(t, e.req("PATCH", "/v1/collections/"+sub.ID+"/player", e.rw, map[string]any{"controls": "play seek chapters quality rate pip airplay fullscreen"}), http.StatusOK, &pv)
	if pv.Settings["controls"] != "play seek chapters quality rate pip airplay fullscreen" {
		t.Fatalf("controls with every item: %+v", pv)
	}
	// The codecs the player prefers, normalised to the attribute's form.
	pv = playerView{}
	must(t, e.req("PATCH", "/v1/collections/"+sub.ID+"/player", e.rw, map[string]any{"codecs": "AV1 h264"}), http.StatusOK, &pv)
	if pv.Settings["codecs"] != "av1,h264" {
		t.Fatalf("codecs: %+v", pv)
	}
	problem(t, e.req("PATCH", "/v1/space/player", e.ro, map[string]any{"color": "#000"}), http.StatusForbidden, videohost.EReadOnlyKey)
	problem(t, e.req("GET", "/v1/videos/"+v.ID+"/player", e.otherRW, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("PATCH", "/v1/collections/"+top.ID+"/player", e.otherRW, map[string]any{"color": "#000"}), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/videos/zzzzzzzzzzzz/player", e.rw, nil), http.StatusNotFound, videohost.ENotFound)

	// Unsetting everything at a scope leaves it empty.
	pv = playerView{}
	must(t, e.req("PATCH", "/v1/videos/"+v.ID+"/player", e.rw, map[string]any{"start": nil, "active-subtitle": nil}), http.StatusOK, &pv)
	if len(pv.Settings) != 0 {
		t.Fatalf("all unset: %+v", pv)
	}
}

func TestDashboardShell(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/", "/videos/abc", "/upload", "/keys", "/webhooks/x", "/player", "/live-streams", "/live-streams/x"} {
		r := e.req("GET", path, "", nil)
		if r.status != http.StatusOK || r.header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%s: %d %s", path, r.status, r.header.Get("Content-Type"))
		}
		csp := r.header.Get("Content-Security-Policy")
		if csp == "" || r.header.Get("Set-Cookie") != "" {
			t.Fatalf("%s: CSP %q, cookie %q", path, csp, r.header.Get("Set-Cookie"))
		}
	}
	problem(t, e.req("POST", "/", "", nil), http.StatusMethodNotAllowed, "method_not_allowed")
	problem(t, e.req("GET", "/nothing-here", "", nil), http.StatusNotFound, videohost.ENotFound)
	var sp struct {
		Key struct{ ID, Access string } `json:"key"`
	}
	must(t, e.req("GET", "/v1/space", e.ro, nil), http.StatusOK, &sp)
	if sp.Key.Access != "read_only" || sp.Key.ID == "" {
		t.Fatalf("space key: %+v", sp)
	}
}
