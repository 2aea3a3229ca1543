package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/spaceadmin"
)

// adminKey creates an installation-wide admin key with access.
func (e *env) adminKey(access videohost.Access) string {
	e.t.Helper()
	k, err := spaceadmin.New(e.svc).CreateAdminKey(context.Background(), access, "ops")
	if err != nil {
		e.t.Fatalf("CreateAdminKey: %v", err)
	}
	return k.Secret
}

type spaceJSON struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Quotas struct {
		MaxBytes   *int64 `json:"max_bytes"`
		MaxMinutes *int64 `json:"max_minutes"`
		MaxVideos  *int64 `json:"max_videos"`
	} `json:"quotas"`
	Usage *videohost.Usage `json:"usage"`
}

func TestAdminSpaces(t *testing.T) {
	e := newEnv(t)
	admin := e.adminKey(videohost.AccessReadWrite)
	readOnlyAdmin := e.adminKey(videohost.AccessReadOnly)

	var sp spaceJSON
	must(t, e.req("POST", "/v1/spaces", admin, map[string]any{"name": "Customer 1", "quotas": map[string]any{"max_videos": 2, "max_bytes": nil}}),
		http.StatusCreated, &sp)
	if sp.Name != "Customer 1" || sp.Quotas.MaxVideos == nil || *sp.Quotas.MaxVideos != 2 || sp.Quotas.MaxBytes != nil || sp.Usage == nil {
		t.Fatalf("created space %+v", sp)
	}
	var got spaceJSON
	must(t, e.req("GET", "/v1/spaces/"+sp.ID, readOnlyAdmin, nil), http.StatusOK, &got)
	if got.ID != sp.ID || got.Usage == nil || got.Usage.Videos != 0 {
		t.Fatalf("GET space = %+v", got)
	}
	var page struct {
		Data       []spaceJSON `json:"data"`
		NextCursor *string     `json:"next_cursor"`
	}
	must(t, e.req("GET", "/v1/spaces?limit=2", admin, nil), http.StatusOK, &page)
	seen := map[string]bool{}
	for range 10 {
		for _, s := range page.Data {
			seen[s.ID] = true
		}
		if page.NextCursor == nil {
			break
		}
		must(t, e.req("GET", "/v1/spaces?limit=2&cursor="+*page.NextCursor, admin, nil), http.StatusOK, &page)
	}
	if !seen[e.space] || !seen[e.otherSpace] || !seen[sp.ID] || len(seen) != 3 {
		t.Fatalf("listed spaces %v", seen)
	}

	// PATCH: an absent quota is kept, null lifts one.
	must(t, e.req("PATCH", "/v1/spaces/"+sp.ID, admin, map[string]any{"quotas": map[string]any{"max_minutes": 10}}), http.StatusOK, &got)
	if got.Quotas.MaxVideos == nil || *got.Quotas.MaxVideos != 2 || got.Quotas.MaxMinutes == nil || *got.Quotas.MaxMinutes != 10 {
		t.Fatalf("after PATCH: %+v", got.Quotas)
	}
	for _, bad := range []map[string]any{
		{"quotas": map[string]any{"max_videos": -1}},
		{"quotas": map[string]any{"max_videos": 1.5}},
		{"quotas": map[string]any{"max_files": 1}},
		{"quotas": "lots"},
		{"name": ""},
	} {
		problem(t, e.req("PATCH", "/v1/spaces/"+sp.ID, admin, bad), http.StatusBadRequest, videohost.EValidation)
	}
	problem(t, e.req("POST", "/v1/spaces", admin, map[string]any{}), http.StatusBadRequest, videohost.EValidation)

	// A key minted in the space works there, and only there.
	var key videohost.Key
	must(t, e.req("POST", "/v1/spaces/"+sp.ID+"/keys", admin, map[string]any{"access": "read_write", "name": "c1"}), http.StatusCreated, &key)
	if key.Space != sp.ID || !strings.HasPrefix(key.Secret, "rk_") {
		t.Fatalf("minted key %+v", key)
	}
	var own struct {
		ID     string           `json:"id"`
		Usage  *videohost.Usage `json:"usage"`
		Quotas map[string]any   `json:"quotas"`
	}
	must(t, e.req("GET", "/v1/space", key.Secret, nil), http.StatusOK, &own)
	if own.ID != sp.ID || own.Usage == nil || own.Quotas["max_videos"] != float64(2) {
		t.Fatalf("GET /v1/space with the minted key: %+v", own)
	}
	problem(t, e.req("POST", "/v1/spaces/"+sp.ID+"/keys", admin, map[string]any{"access": "admin"}), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("POST", "/v1/spaces/zzzzz/keys", admin, map[string]any{"access": "read_only"}), http.StatusNotFound, videohost.ENotFound)

	// Who may do what.
	for _, rt := range []struct{ method, path string }{
		{"GET", "/v1/spaces"}, {"POST", "/v1/spaces"}, {"GET", "/v1/spaces/" + sp.ID}, {"PATCH", "/v1/spaces/" + sp.ID},
		{"DELETE", "/v1/spaces/" + sp.ID}, {"POST", "/v1/spaces/" + sp.ID + "/keys"},
	} {
		problem(t, e.req(rt.method, rt.path, "", map[string]any{"name": "x"}), http.StatusUnauthorized, videohost.EUnauthorized)
		problem(t, e.req(rt.method, rt.path, "rk_aaaaaaaaaaaa_bogus", map[string]any{"name": "x"}), http.StatusUnauthorized, videohost.EUnauthorized)
		for _, k := range []string{e.rw, e.ro, key.Secret} {
			p := problem(t, e.req(rt.method, rt.path, k, map[string]any{"name": "x"}), http.StatusForbidden, videohost.EForbidden)
			if !strings.Contains(p.Detail, "admin key") {
				t.Errorf("%s %s with a space's key: %q does not say an admin key is needed", rt.method, rt.path, p.Detail)
			}
		}
		if rt.method != "GET" {
			problem(t, e.req(rt.method, rt.path, readOnlyAdmin, map[string]any{"name": "x"}), http.StatusForbidden, videohost.EReadOnlyKey)
		}
	}
	p := problem(t, e.req("GET", "/v1/videos", admin, nil), http.StatusForbidden, videohost.EForbidden)
	if !strings.Contains(p.Detail, "/v1/spaces/{id}/keys") {
		t.Errorf("an admin key on a space's route: %q does not say how to get a key of the space", p.Detail)
	}
	problem(t, e.req("GET", "/v1/space", admin, nil), http.StatusForbidden, videohost.EForbidden)
	// An admin key signs no token.
	tok := playbackToken(t, hmacKey(t, admin), e.space)
	problem(t, e.req("GET", "/v1/list?token="+tok, "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)

	// Delete: refused while it holds a video, recursive takes everything.
	v := e.createVideo(key.Secret, nil)
	e.createCollection(key.Secret, "c", "")
	problem(t, e.req("DELETE", "/v1/spaces/"+sp.ID, admin, nil), http.StatusConflict, videohost.EConflict)
	problem(t, e.req("DELETE", "/v1/spaces/"+sp.ID+"?recursive=maybe", admin, nil), http.StatusBadRequest, videohost.EValidation)
	must(t, e.req("GET", "/v1/videos/"+v.ID, key.Secret, nil), http.StatusOK, nil)
	must(t, e.req("DELETE", "/v1/spaces/"+sp.ID+"?recursive=true", admin, nil), http.StatusNoContent, nil)
	problem(t, e.req("GET", "/v1/spaces/"+sp.ID, admin, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/space", key.Secret, nil), http.StatusUnauthorized, videohost.EUnauthorized)
	if _, err := e.svc.VideoByID(context.Background(), v.ID); !videohost.IsNotFound(err) {
		t.Fatalf("video of a deleted space: %v", err)
	}
	// An empty space goes without recursive.
	must(t, e.req("POST", "/v1/spaces", admin, map[string]any{"name": "empty"}), http.StatusCreated, &sp)
	must(t, e.req("DELETE", "/v1/spaces/"+sp.ID, admin, nil), http.StatusNoContent, nil)
}

func TestSpaceQuotas(t *testing.T) {
	e := newEnv(t)
	admin := e.adminKey(videohost.AccessReadWrite)
	setQuotas := func(q map[string]any) {
		t.Helper()
		must(t, e.req("PATCH", "/v1/spaces/"+e.space, admin, map[string]any{"quotas": q}), http.StatusOK, nil)
	}
	wantQuota := func(r *response, field string) {
		t.Helper()
		p := problem(t, r, http.StatusRequestEntityTooLarge, videohost.EQuotaExceeded)
		if len(p.Errors) != 1 || p.Errors[0].Field != field || !strings.Contains(p.Detail, field) {
			t.Fatalf("quota problem %+v does not name %s", p, field)
		}
	}
	usage := func() videohost.Usage {
		t.Helper()
		var sp spaceJSON
		must(t, e.req("GET", "/v1/space", e.ro, nil), http.StatusOK, &sp)
		return *sp.Usage
	}

	t.Run("max_videos", func(t *testing.T) {
		setQuotas(map[string]any{"max_videos": 1, "max_bytes": nil, "max_minutes": nil})
		e.createVideo(e.rw, nil)
		wantQuota(e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": publicURL}), "max_videos")
		wantQuota(e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "10"), "max_videos")
		// Another space is not held back.
		e.createVideo(e.otherRW, nil)
		if u := usage(); u.Videos != 1 {
			t.Fatalf("usage %+v, want 1 video", u)
		}
	})
	t.Run("max_bytes", func(t *testing.T) {
		setQuotas(map[string]any{"max_videos": nil, "max_bytes": 1000})
		r := e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "600")
		if r.status != http.StatusCreated {
			t.Fatalf("tus creation within the quota: %d %s", r.status, r.body)
		}
		wantQuota(e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "401"), "max_bytes")
		r = e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "400")
		if r.status != http.StatusCreated {
			t.Fatalf("tus creation up to the quota: %d %s", r.status, r.body)
		}
		if u := usage(); u.Bytes != 1000 {
			t.Fatalf("usage %+v, want the 1000 bytes the uploads declared", u)
		}
		// A fetched source nobody declared: past the quota, the video ends
		// errored and its source is gone.
		v := e.createVideo(e.rw, nil)
		ctx := context.Background()
		if _, err := e.svc.Jobs().StoreSource(ctx, v.ID, strings.NewReader("0123456789")); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Jobs().SourceStored(ctx, v.ID, 10); videohost.ErrorCode(err) != videohost.EQuotaExceeded {
			t.Fatalf("SourceStored past max_bytes: %v", err)
		}
		var got videohost.Video
		must(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusOK, &got)
		if got.State != videohost.StateErrored || got.Error == nil || got.Error.Code != videohost.VideoErrQuotaExceeded || !strings.Contains(got.Error.Message, "max_bytes") {
			t.Fatalf("video over max_bytes: state %s error %+v", got.State, got.Error)
		}
		if keys := e.blobsOf(v.ID); len(keys) != 0 {
			t.Fatalf("the refused source is still stored: %v", keys)
		}
	})
	t.Run("max_minutes", func(t *testing.T) {
		setQuotas(map[string]any{"max_bytes": nil, "max_minutes": 1})
		e.publish(publishOptions{width: 320, height: 240, duration: 50})
		// A second video whose duration, known when it is published, takes
		// the space past 1 minute ends errored; its assets are removed.
		v := e.createVideo(e.rw, nil)
		ctx := context.Background()
		if _, err := e.svc.Jobs().SourceStored(ctx, v.ID, 100); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		out := &videohost.ProcessOutput{Duration: 11, Width: 320, Height: 240,
			Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: 320, Height: 240}}}
		if _, err := e.svc.Jobs().PublishPlayable(ctx, v.ID, writeFiles(t, fakeAssets()), out); videohost.ErrorCode(err) != videohost.EQuotaExceeded {
			t.Fatalf("publishing past max_minutes: %v", err)
		}
		var got videohost.Video
		must(t, e.req("GET", "/v1/videos/"+v.ID, e.rw, nil), http.StatusOK, &got)
		if got.State != videohost.StateErrored || got.Error == nil || got.Error.Code != videohost.VideoErrQuotaExceeded ||
			!strings.Contains(got.Error.Message, "max_minutes") || got.Playable {
			t.Fatalf("video over max_minutes: state %s playable %v error %+v", got.State, got.Playable, got.Error)
		}
		if keys := e.blobsOf(v.ID); len(keys) != 0 {
			t.Fatalf("assets of the refused version remain: %v", keys)
		}
		if u := usage(); u.Minutes < 50.0/60-1e-9 || u.Minutes > 50.0/60+1e-9 {
			t.Fatalf("usage %+v, want 50 s of video", u)
		}
	})
}

// TestQuotaRaceOverHTTP: creates racing at max_videos: at most the limit
// succeed, the others are 413.
func TestQuotaRaceOverHTTP(t *testing.T) {
	e := newEnv(t)
	admin := e.adminKey(videohost.AccessReadWrite)
	const limit, clients = 4, 16
	must(t, e.req("PATCH", "/v1/spaces/"+e.space, admin, map[string]any{"quotas": map[string]any{"max_videos": limit}}), http.StatusOK, nil)
	statuses := make([]int, clients)
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			if i%2 == 0 {
				statuses[i] = e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": publicURL}).status
			} else {
				statuses[i] = e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "10").status
			}
		})
	}
	wg.Wait()
	created, refused := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusRequestEntityTooLarge:
			refused++
		default:
			t.Fatalf("statuses %v", statuses)
		}
	}
	if created != limit || refused != clients-limit {
		t.Fatalf("%d created, %d refused (%v); want %d created", created, refused, statuses, limit)
	}
}

// TestSpaceIsolation walks every route of the OpenAPI document the server
// serves (so a new route is walked without touching this test), plus the
// delivery, frame, page and token paths, with credentials of another space
// and of an admin, against the objects of one space: the other space gets
// 404 for every object (401/403 where the route is not an object lookup)
// and sees none of them in any answer; an admin key is 403 on every route
// of a space; nothing of the first space changes.
func TestSpaceIsolation(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	admin := e.adminKey(videohost.AccessReadWrite)

	// The objects of space A (e.space).
	coll := e.createCollection(e.rw, "mine", "")
	signed := e.publish(publishOptions{policy: videohost.PlaybackSigned, collection: coll.ID})
	public := e.publish(publishOptions{})
	hook := e.createWebhook(e.rw, map[string]any{"url": "https://203.0.113.9/hook"})
	sk, _ := e.createSigningKey("EdDSA")
	upload := e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "10")
	if upload.status != http.StatusCreated {
		t.Fatalf("tus creation: %d %s", upload.status, upload.body)
	}
	uploadID := upload.header.Get("Location")[strings.LastIndex(upload.header.Get("Location"), "/")+1:]
	keyID := apiKeyID(t, e.ro)
	var live struct {
		ID        string `json:"id"`
		StreamKey string `json:"stream_key"`
	}
	must(t, e.req("POST", "/v1/live-streams", e.rw, map[string]any{"title": "mine"}), http.StatusCreated, &live)
	objectOf := map[string]string{
		"videos": signed.ID, "collections": coll.ID, "keys": keyID, "signing-keys": sk.ID,
		"webhooks": hook.ID, "uploads": uploadID, "spaces": e.space, "live-streams": live.ID,
	}
	secrets := []string{signed.ID, signed.Embed, public.ID, public.Embed, coll.ID, hook.ID, sk.ID, keyID, uploadID, live.ID, live.StreamKey}
	before := e.snapshot(e.rw)

	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	must(t, e.req("GET", "/v1/openapi.json", "", nil), http.StatusOK, &doc)
	public_ := map[string]bool{ // no API key: their own rules, walked below
		"/.well-known/jwks.json": true, "/healthz": true, "/readyz": true, "/v1/openapi.json": true,
		"/v1/events": true, "/v1/list": true, "/v1/embeds/{embed}": true,
	}
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	walked := 0
	for _, tmpl := range paths {
		if public_[tmpl] {
			continue
		}
		resource, _, _ := strings.Cut(strings.TrimPrefix(tmpl, "/v1/"), "/")
		path, isLookup := tmpl, false
		for _, name := range pathVars(tmpl) {
			var val string
			switch name {
			case "id":
				val = objectOf[resource]
				if val == "" {
					t.Fatalf("route %s: the isolation walk knows no object of resource %q; teach it", tmpl, resource)
				}
			case "language":
				val = "en"
			case "delivery":
				val = videohost.NewID(videohost.WebhookDeliveryIDLen)
			default:
				t.Fatalf("route %s: the isolation walk does not know the variable {%s}; teach it", tmpl, name)
			}
			path = strings.ReplaceAll(path, "{"+name+"}", val)
			isLookup = true
		}
		for method := range doc.Paths[tmpl] {
			method = strings.ToUpper(method)
			if method == "PARAMETERS" || method == "OPTIONS" {
				continue
			}
			walked++
			var hdr []string
			if resource == "uploads" {
				hdr = []string{"Tus-Resumable", "1.0.0", "Upload-Length", "1", "Upload-Offset", "0", "Content-Type", "application/offset+octet-stream"}
			}
			// A lookup must answer 404 whatever the body; a route of no object
			// must not take another space's object for a reference.
			body := map[string]any{"name": "x", "title": "stolen", "url": "https://203.0.113.9/other", "access": "read_only", "color": "#000000"}
			if !isLookup {
				body["input_url"], body["collection"], body["parent"], body["collection_id"] = publicURL, coll.ID, coll.ID, coll.ID
			}
			var send any = body
			if resource == "uploads" || method == "GET" || method == "HEAD" || method == "DELETE" {
				send = nil
			}
			if strings.Contains(tmpl, "/subtitles/") {
				send, hdr = "WEBVTT\n\n00:00.000 --> 00:01.000\nstolen\n", []string{"Content-Type", "text/vtt"}
			}
			label := method + " " + tmpl
			if resource == "spaces" {
				// The installation's routes: a space's key is refused.
				wantStatus(t, label, e.req(method, path, e.otherRW, send, hdr...), http.StatusForbidden)
				continue
			}
			// No key, and an admin key: refused before any lookup.
			wantStatus(t, label+" (no key)", e.req(method, path, "", send, hdr...), http.StatusUnauthorized)
			wantStatus(t, label+" (admin key)", e.req(method, path, admin, send, hdr...), http.StatusForbidden)
			r := e.req(method, path, e.otherRW, send, hdr...)
			if isLookup {
				wantStatus(t, label+" (other space)", r, http.StatusNotFound)
				continue
			}
			if r.status < 400 {
				for _, s := range secrets {
					if strings.Contains(string(r.body), s) {
						t.Errorf("%s with another space's key answers %d with %s of the first space: %.300s", label, r.status, s, r.body)
					}
				}
			}
		}
	}
	if walked < 50 {
		t.Fatalf("walked only %d routes", walked)
	}

	// Tokens of space B (its API key, HS256, and a signing key of its own)
	// against A's videos, and an admin key, which signs nothing.
	var otherSK struct {
		ID         string          `json:"id"`
		PrivateJWK json.RawMessage `json:"private_jwk"`
	}
	must(t, e.req("POST", "/v1/signing-keys", e.otherRW, map[string]any{"algorithm": "ES256"}), http.StatusCreated, &otherSK)
	otherPriv, err := tokens.ParseSigningKeyJWK(otherSK.PrivateJWK)
	if err != nil {
		t.Fatal(err)
	}
	signers := map[string]tokens.Key{"other space's API key": hmacKey(t, e.otherRW), "other space's signing key": otherPriv, "admin key": hmacKey(t, admin)}
	for name, key := range signers {
		for _, sub := range []string{signed.Embed, e.space, coll.ID} {
			tok := playbackToken(t, key, sub)
			for _, u := range []string{
				e.mediaURL(signed, "playlist.m3u8"), e.mediaURL(signed, "h264_sd/0.m4s"), e.mediaURL(signed, "h264_sd.mp4"),
				e.mediaURL(signed, "poster.jpg"), e.mediaURL(signed, "subtitles/en.vtt"),
				e.baseURL + "/images/" + signed.Embed + ".jpg?time=1",
				e.baseURL + "/v1/embeds/" + signed.Embed, e.baseURL + "/watch/" + signed.Embed, e.baseURL + "/embed/" + signed.Embed,
				e.baseURL + "/v1/list",
			} {
				r := e.req("GET", withQuery(u, "token", tok), "", nil)
				if r.status != http.StatusUnauthorized && r.status != http.StatusNotFound {
					t.Errorf("%s, sub %s: GET %s answers %d, want 401 or 404", name, sub, u, r.status)
				}
			}
		}
		// Upload tokens: a new video in A, in A's collection, or A's video's source.
		for _, sub := range []string{e.space, coll.ID, signed.ID} {
			tok, err := tokens.SignUpload(key, sub, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			wantStatus(t, name+" upload token for "+sub, e.req("POST", "/v1/uploads", tok, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "10"), http.StatusUnauthorized)
		}
	}
	// A list token of B covers only B's videos.
	var list struct {
		Data []struct{ ID string } `json:"data"`
	}
	must(t, e.req("GET", "/v1/list?token="+playbackToken(t, hmacKey(t, e.otherRW), e.otherSpace), "", nil), http.StatusOK, &list)
	for _, v := range list.Data {
		if v.ID == signed.ID || v.ID == public.ID {
			t.Errorf("B's list shows A's video %s", v.ID)
		}
	}

	if after := e.snapshot(e.rw); after != before {
		t.Errorf("the walk changed space A:\nbefore %s\nafter  %s", before, after)
	}

	// Analytics: views of A's video never count in B's stats.
	e.setDuration(public.ID, 60)
	now := e.clock.Now()
	r := e.postBeacon([]beacon{ev("view", public.Embed, "sess-isolation", now), ev("play", public.Embed, "sess-isolation", now),
		ev("heartbeat", public.Embed, "sess-isolation", now.Add(10*time.Second), "from", 0, "to", 10, "position", 10)})
	var acc struct{ Accepted int }
	must(t, r, http.StatusAccepted, &acc)
	if acc.Accepted != 3 {
		t.Fatalf("accepted %d events of 3: %s", acc.Accepted, r.body)
	}
	e.waitStats("/v1/videos/"+public.ID+"/stats", func(st *analytics.Stats) bool { return st.Views >= 1 })
	var ownStats, otherStats analytics.SpaceStats
	must(t, e.req("GET", "/v1/stats", e.ro, nil), http.StatusOK, &ownStats)
	if ownStats.Views != 1 || len(ownStats.TopVideos) != 1 {
		t.Fatalf("A's own stats: %d views, top %+v", ownStats.Views, ownStats.TopVideos)
	}
	must(t, e.req("GET", "/v1/stats", e.otherRW, nil), http.StatusOK, &otherStats)
	if otherStats.Views != 0 || len(otherStats.TopVideos) != 0 {
		t.Errorf("B's stats count A's views: %+v", otherStats)
	}

}

// blobsOf lists the blob keys that name a video.
func (e *env) blobsOf(videoID string) []string {
	e.t.Helper()
	infos, err := e.blobs.List(context.Background(), "")
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, in := range infos {
		if strings.Contains(in.Key, videoID) {
			out = append(out, in.Key)
		}
	}
	return out
}

// wantStatus fails t unless r has status.
func wantStatus(t *testing.T, label string, r *response, status int) {
	t.Helper()
	if r.status != status {
		t.Errorf("%s: %d, want %d; %.200s", label, r.status, status, r.body)
	}
}

// pathVars names the {variables} of a path template, in order.
func pathVars(tmpl string) []string {
	var out []string
	for rest := tmpl; ; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(rest[i:], '}')
		out = append(out, rest[i+1:i+j])
		rest = rest[i+j+1:]
	}
}

// snapshot describes what a space's key sees of its space, to compare
// before and after a walk by another space.
func (e *env) snapshot(key string) string {
	e.t.Helper()
	var b strings.Builder
	for _, path := range []string{"/v1/videos?limit=100", "/v1/collections", "/v1/webhooks", "/v1/signing-keys", "/v1/keys", "/v1/space/player", "/v1/live-streams"} {
		r := e.req("GET", path, key, nil)
		if r.status != http.StatusOK {
			e.t.Fatalf("GET %s: %d %s", path, r.status, r.body)
		}
		var page struct {
			Data []map[string]any `json:"data"`
		}
		json.Unmarshal(r.body, &page)
		for _, item := range page.Data {
			delete(item, "last_used_at") // the walk's own reads touch keys
			delete(item, "updated_at")
			fmt.Fprintf(&b, "%s %v|", path, item)
		}
		if page.Data == nil {
			b.WriteString(path + " " + string(r.body) + "|")
		}
	}
	return b.String() + strconv.Itoa(len(b.String()))
}
