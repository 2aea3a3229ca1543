package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/liveadmin"
)

// liveIngest is the ingest the live stream tests' servers show.
var liveIngest = liveadmin.Ingest{RTMPURL: "rtmp://reel.example:1935/live", SRTURL: "srt://reel.example:9000"}

func newLiveEnv(t *testing.T) *env {
	t.Helper()
	return newEnv(t, withConfig(func(c *httpapi.Config) { c.LiveIngest = liveIngest }))
}

func (e *env) createLiveStream(key string, body map[string]any) *liveadmin.LiveStreamView {
	e.t.Helper()
	if body == nil {
		body = map[string]any{}
	}
	var ls liveadmin.LiveStreamView
	must(e.t, e.req("POST", "/v1/live-streams", key, body), http.StatusCreated, &ls)
	return &ls
}

// A stream is created idle with the defaults and a key shown once, then
// read, listed by pages, changed field by field and deleted; its key never
// reaches the logs.
func TestLiveStreamLifecycle(t *testing.T) {
	e := newLiveEnv(t)
	ls := e.createLiveStream(e.rw, map[string]any{"title": "  Morning   show "})
	if !videohost.ValidID(ls.ID, videohost.LiveStreamIDLen) || ls.Space != e.space || ls.Title != "Morning show" || ls.State != videohost.LiveIdle {
		t.Fatalf("created %+v", ls)
	}
	if ls.PlaybackPolicy != videohost.PlaybackPublic || ls.LatencyMode != videohost.LatencyLow || !ls.Record ||
		ls.ReconnectWindow != videohost.DefaultReconnectWindow || ls.DVRWindow != videohost.DefaultDVRWindow || ls.CollectionID != "" {
		t.Fatalf("defaults: %+v", ls)
	}
	key := ls.StreamKey
	if !strings.HasPrefix(key, "rsk_") || len(key) != 36 || ls.StreamKeyHint != "…"+key[32:] {
		t.Fatalf("key %q, hint %q", key, ls.StreamKeyHint)
	}
	if ls.Ingest.RTMPURL != liveIngest.RTMPURL || ls.Ingest.SRTURL != liveIngest.SRTURL || ls.Ingest.SRTStreamID != "publish:"+key {
		t.Fatalf("ingest %+v", ls.Ingest)
	}

	r := e.req("GET", "/v1/live-streams/"+ls.ID, e.ro, nil)
	var got liveadmin.LiveStreamView
	must(t, r, http.StatusOK, &got)
	if got.StreamKey != "" || got.Ingest.SRTStreamID != "" || strings.Contains(r.String(), key) || strings.Contains(r.String(), "stream_key\"") {
		t.Fatalf("GET shows the key: %s", r)
	}
	if got.StreamKeyHint != ls.StreamKeyHint || got.Title != ls.Title || !got.CreatedAt.Equal(ls.CreatedAt) {
		t.Fatalf("GET = %+v, want %+v", got, ls)
	}

	col := e.createCollection(e.rw, "live", "")
	var patched liveadmin.LiveStreamView
	must(t, e.req("PATCH", "/v1/live-streams/"+ls.ID, e.rw, map[string]any{
		"collection_id": col.ID, "latency_mode": "standard", "dvr_window": 600, "record": false,
	}), http.StatusOK, &patched)
	if patched.Title != "Morning show" || patched.CollectionID != col.ID || patched.LatencyMode != videohost.LatencyStandard ||
		patched.DVRWindow != 600 || patched.Record || patched.ReconnectWindow != videohost.DefaultReconnectWindow ||
		patched.PlaybackPolicy != videohost.PlaybackPublic || patched.StreamKey != "" {
		t.Fatalf("PATCH = %+v", patched)
	}
	must(t, e.req("PATCH", "/v1/live-streams/"+ls.ID, e.rw, map[string]any{"collection_id": "", "playback_policy": "signed"}), http.StatusOK, &patched)
	if patched.CollectionID != "" || patched.PlaybackPolicy != videohost.PlaybackSigned || patched.LatencyMode != videohost.LatencyStandard {
		t.Fatalf("second PATCH = %+v", patched)
	}

	ids := map[string]bool{ls.ID: true}
	for range 2 {
		ids[e.createLiveStream(e.rw, nil).ID] = true
	}
	e.createLiveStream(e.otherRW, nil)
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		var page struct {
			Data       []liveadmin.LiveStreamView `json:"data"`
			NextCursor *string                    `json:"next_cursor"`
		}
		r := e.req("GET", "/v1/live-streams?limit=2&cursor="+cursor, e.ro, nil)
		must(t, r, http.StatusOK, &page)
		if strings.Contains(r.String(), "stream_key\"") {
			t.Fatalf("a list shows keys: %s", r)
		}
		for _, s := range page.Data {
			seen[s.ID] = true
		}
		if page.NextCursor == nil {
			if pages != 1 {
				t.Fatalf("%d pages of 2 for 3 streams", pages+1)
			}
			break
		}
		cursor = *page.NextCursor
	}
	if len(seen) != len(ids) {
		t.Fatalf("listed %v, want %v", seen, ids)
	}
	for id := range ids {
		if !seen[id] {
			t.Fatalf("listed %v, want %v", seen, ids)
		}
	}

	if r := e.req("DELETE", "/v1/live-streams/"+ls.ID, e.rw, nil); r.status != http.StatusNoContent {
		t.Fatalf("DELETE: %d %s", r.status, r)
	}
	problem(t, e.req("GET", "/v1/live-streams/"+ls.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	if strings.Contains(e.logs.String(), key) || strings.Contains(e.logs.String(), key[4:]) {
		t.Fatal("the stream key is in the logs")
	}
}

// A read-only key reads and writes nothing; another space's stream, or an
// id of the wrong shape, is not found.
func TestLiveStreamAccess(t *testing.T) {
	e := newLiveEnv(t)
	ls := e.createLiveStream(e.rw, nil)
	path := "/v1/live-streams/" + ls.ID
	for _, tc := range []struct {
		method, path, key string
		status            int
		code              string
	}{
		{"POST", "/v1/live-streams", e.ro, http.StatusForbidden, videohost.EReadOnlyKey},
		{"PATCH", path, e.ro, http.StatusForbidden, videohost.EReadOnlyKey},
		{"DELETE", path, e.ro, http.StatusForbidden, videohost.EReadOnlyKey},
		{"POST", path + "/reset-key", e.ro, http.StatusForbidden, videohost.EReadOnlyKey},
		{"GET", path, e.otherRW, http.StatusNotFound, videohost.ENotFound},
		{"PATCH", path, e.otherRW, http.StatusNotFound, videohost.ENotFound},
		{"DELETE", path, e.otherRW, http.StatusNotFound, videohost.ENotFound},
		{"POST", path + "/reset-key", e.otherRW, http.StatusNotFound, videohost.ENotFound},
		{"GET", "/v1/live-streams/NOT-AN-ID", e.rw, http.StatusNotFound, videohost.ENotFound},
		{"GET", path, "", http.StatusUnauthorized, videohost.EUnauthorized},
	} {
		t.Run(tc.method+" "+tc.path+" "+tc.code, func(t *testing.T) {
			var body any
			if tc.method == "POST" || tc.method == "PATCH" {
				body = map[string]any{"title": "x"}
			}
			problem(t, e.req(tc.method, tc.path, tc.key, body), tc.status, tc.code)
		})
	}
	var page struct {
		Data []liveadmin.LiveStreamView `json:"data"`
	}
	must(t, e.req("GET", "/v1/live-streams", e.otherRW, nil), http.StatusOK, &page)
	if len(page.Data) != 0 {
		t.Fatalf("another space lists %+v", page.Data)
	}
	must(t, e.req("GET", path, e.rw, nil), http.StatusOK, nil) // absent from theirs, still in ours
}

// Bad input is a validation error naming the field, at creation and on
// update alike, and changes nothing.
func TestLiveStreamValidation(t *testing.T) {
	e := newLiveEnv(t)
	ls := e.createLiveStream(e.rw, map[string]any{"title": "kept"})
	other := e.createCollection(e.otherRW, "theirs", "")
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"title too long", map[string]any{"title": strings.Repeat("a", videohost.MaxTitleLen+1)}, "title"},
		{"title with a control character", map[string]any{"title": "a\x00b"}, "title"},
		{"unknown latency mode", map[string]any{"latency_mode": "ultra"}, "latency_mode"},
		{"unknown playback policy", map[string]any{"playback_policy": "private"}, "playback_policy"},
		{"reconnect window below 0", map[string]any{"reconnect_window": -1}, "reconnect_window"},
		{"reconnect window over 300", map[string]any{"reconnect_window": 301}, "reconnect_window"},
		{"DVR window below 60", map[string]any{"dvr_window": 59}, "dvr_window"},
		{"DVR window over a day", map[string]any{"dvr_window": 86401}, "dvr_window"},
		{"missing collection", map[string]any{"collection_id": "nosuchcollec"}, "collection_id"},
		{"another space's collection", map[string]any{"collection_id": other.ID}, "collection_id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []*response{
				e.req("POST", "/v1/live-streams", e.rw, tc.body),
				e.req("PATCH", "/v1/live-streams/"+ls.ID, e.rw, tc.body),
			} {
				p := problem(t, r, http.StatusBadRequest, videohost.EValidation)
				if len(p.Errors) != 1 || p.Errors[0].Field != tc.field {
					t.Fatalf("errors %+v, want one naming %s", p.Errors, tc.field)
				}
			}
		})
	}
	var page struct {
		Data []liveadmin.LiveStreamView `json:"data"`
	}
	must(t, e.req("GET", "/v1/live-streams", e.rw, nil), http.StatusOK, &page)
	if len(page.Data) != 1 || page.Data[0].Title != "kept" || page.Data[0].LatencyMode != videohost.LatencyLow {
		t.Fatalf("after refusals: %+v", page.Data)
	}
	// The bounds themselves are accepted.
	var edge liveadmin.LiveStreamView
	must(t, e.req("PATCH", "/v1/live-streams/"+ls.ID, e.rw, map[string]any{"reconnect_window": 0, "dvr_window": 86400}), http.StatusOK, &edge)
	if edge.ReconnectWindow != 0 || edge.DVRWindow != 86400 {
		t.Fatalf("edges: %+v", edge)
	}
}

// A new key works at once and the old one stops at once, for the ingest
// (Authorize) as for anyone.
func TestLiveStreamResetKey(t *testing.T) {
	e := newLiveEnv(t)
	ctx := context.Background()
	ingest := liveadmin.New(e.svc, liveadmin.Config{})
	ls := e.createLiveStream(e.rw, nil)
	old := ls.StreamKey
	if got, err := ingest.Authorize(ctx, old); err != nil || got.ID != ls.ID || got.Space != e.space {
		t.Fatalf("Authorize(key) = %+v, %v", got, err)
	}
	var reset liveadmin.LiveStreamView
	must(t, e.req("POST", "/v1/live-streams/"+ls.ID+"/reset-key", e.rw, nil), http.StatusOK, &reset)
	if reset.StreamKey == "" || reset.StreamKey == old || reset.StreamKeyHint != "…"+reset.StreamKey[32:] ||
		reset.Ingest.SRTStreamID != "publish:"+reset.StreamKey || reset.ID != ls.ID {
		t.Fatalf("reset-key = %+v", reset)
	}
	if _, err := ingest.Authorize(ctx, old); videohost.ErrorCode(err) != videohost.ENotFound {
		t.Fatalf("the old key after reset: %v, want not_found", err)
	}
	if got, err := ingest.Authorize(ctx, reset.StreamKey); err != nil || got.ID != ls.ID {
		t.Fatalf("the new key: %+v, %v", got, err)
	}
	for _, bad := range []string{"", "rsk_", "rk_" + reset.StreamKey[4:], reset.StreamKey + "x", strings.ToUpper(reset.StreamKey)} {
		if _, err := ingest.Authorize(ctx, bad); videohost.ErrorCode(err) != videohost.ENotFound {
			t.Fatalf("Authorize(%q): %v, want not_found", bad, err)
		}
	}
	var got liveadmin.LiveStreamView
	must(t, e.req("GET", "/v1/live-streams/"+ls.ID, e.rw, nil), http.StatusOK, &got)
	if got.StreamKeyHint != reset.StreamKeyHint || got.StreamKey != "" {
		t.Fatalf("GET after reset: %+v", got)
	}
}

// A stream whose publisher is connected or live cannot be deleted; once
// the session is over it can.
func TestLiveStreamDeleteWhileLive(t *testing.T) {
	e := newLiveEnv(t)
	ctx := context.Background()
	ls := e.createLiveStream(e.rw, nil)
	path := "/v1/live-streams/" + ls.ID
	for _, tc := range []struct {
		state, active, last string
		status              int
	}{
		{videohost.LiveConnected, "", "", http.StatusConflict},
		{videohost.LiveActive, "video0000001", "", http.StatusConflict},
		{videohost.LiveIdle, "", "video0000001", http.StatusNoContent},
	} {
		if err := e.db.SetLiveStreamState(ctx, ls.ID, tc.state, tc.active, tc.last, e.clock.Now(), nil); err != nil {
			t.Fatal(err)
		}
		var got liveadmin.LiveStreamView
		must(t, e.req("GET", path, e.ro, nil), http.StatusOK, &got)
		if got.State != tc.state || got.ActiveVideoID != tc.active || got.LastVideoID != tc.last {
			t.Fatalf("GET after SetLiveStreamState(%s): %+v", tc.state, got)
		}
		r := e.req("DELETE", path, e.rw, nil)
		if tc.status == http.StatusConflict {
			p := problem(t, r, http.StatusConflict, videohost.EConflict)
			if !strings.Contains(p.Detail, "stop the publisher first") {
				t.Fatalf("detail %q", p.Detail)
			}
		} else if r.status != tc.status {
			t.Fatalf("DELETE in %s: %d %s", tc.state, r.status, r)
		}
	}
}

// A stream's states reach the endpoints that subscribe to the live_stream
// kinds, with the stream as the API shows it, never its key, and the
// session's video; an endpoint of the seven video kinds gets none.
func TestLiveStreamWebhookPayloads(t *testing.T) {
	e := newLiveEnv(t)
	ctx := context.Background()
	hook := e.createWebhook(e.rw, map[string]any{"events": []string{"live_stream.idle", "live_stream.active", "live_stream.connected", "live_stream.disconnected"}})
	if want := []videohost.EventType{videohost.EventLiveStreamConnected, videohost.EventLiveStreamActive,
		videohost.EventLiveStreamDisconnected, videohost.EventLiveStreamIdle}; !slices.Equal(hook.Events, want) {
		t.Fatalf("events %v, want %v", hook.Events, want)
	}
	plain := e.createWebhook(e.rw, map[string]any{})
	ls := e.createLiveStream(e.rw, map[string]any{"title": "Morning show"})
	streams := liveadmin.New(e.svc, liveadmin.Config{Ingest: liveIngest})
	const video = "video0000001"
	for _, step := range []struct{ state, active, last, video string }{
		{videohost.LiveConnected, "", "", ""},
		{videohost.LiveActive, video, video, video},
		{videohost.LiveDisconnected, video, video, video},
		{videohost.LiveIdle, "", video, video},
	} {
		event := func(s *videohost.LiveStream) ([]byte, error) { return streams.EventData(s, step.video) }
		if err := e.db.SetLiveStreamState(ctx, ls.ID, step.state, step.active, step.last, e.clock.Now(), event); err != nil {
			t.Fatal(err)
		}
	}
	got := e.claimEnvelopes()
	if types := eventTypes(t, got[plain.ID]); len(types) != 0 {
		t.Errorf("the endpoint of the video kinds got %v", types)
	}
	bodies := got[hook.ID]
	if types, want := eventTypes(t, bodies), []string{"live_stream.connected", "live_stream.active", "live_stream.disconnected", "live_stream.idle"}; !slices.Equal(types, want) {
		t.Fatalf("the live endpoint got %v, want %v", types, want)
	}
	for _, b := range bodies {
		if strings.Contains(string(b), ls.StreamKey) || strings.Contains(string(b), "stream_key\"") || strings.Contains(string(b), "srt_stream_id") {
			t.Fatalf("a live_stream event carries the key: %s", b)
		}
	}
	normalize := func(b []byte) []byte {
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, b, "", "  "); err != nil {
			t.Fatal(err)
		}
		out := strings.NewReplacer(ls.ID, "LIVE_STREAM_ID", e.space, "SPACE", ls.StreamKeyHint, "…HINT").Replace(pretty.String())
		out = regexp.MustCompile(`"\d{4}-\d\d-\d\dT[0-9:.]+Z"`).ReplaceAllString(out, `"2026-01-02T03:04:05Z"`)
		return []byte(out + "\n")
	}
	golden(t, "live_stream.active.json", normalize(bodies[1]))
	golden(t, "live_stream.idle.json", normalize(bodies[3]))
}
