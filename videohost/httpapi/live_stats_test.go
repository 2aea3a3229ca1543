package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// TestLiveStreamStats: players' live heartbeats, with their latency, reach
// GET /v1/live-streams/{id}/stats and the live object of the video's stats,
// in the shape the OpenAPI document gives; a bad latency fails the batch
// naming it; a stream that never went live answers zeros.
func TestLiveStreamStats(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil), withConfig(func(c *httpapi.Config) { c.LiveIngest = liveIngest }))
	ctx := context.Background()
	ls := e.createLiveStream(e.rw, map[string]any{"title": "Morning show"})
	path := "/v1/live-streams/" + ls.ID + "/stats"

	// Never live: zeros, null percentiles, no video.
	var idle map[string]any
	must(t, e.req("GET", path, e.ro, nil), http.StatusOK, &idle)
	if idle["video_id"] != "" || idle["viewers_now"] != 0.0 || idle["peak_at"] != nil || idle["live"] != false {
		t.Fatalf("stats of a stream never live: %v", idle)
	}

	v, err := e.svc.Jobs().StartLiveVideo(ctx, videohost.LiveVideoInput{Space: ls.Space, StreamID: ls.ID, Title: "Morning show",
		Policy: videohost.PlaybackPublic})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := e.svc.Jobs().PublishPlayable(ctx, v.ID, writeFiles(t, map[string][]byte{"playlist.m3u8": []byte("#EXTM3U\n")}),
		&videohost.ProcessOutput{Live: true, Duration: 2}); err != nil || !ok {
		t.Fatalf("publishing the live set: %v %v", ok, err)
	}
	if err := e.db.SetLiveStreamState(ctx, ls.ID, videohost.LiveActive, v.ID, "", e.clock.Now(), nil); err != nil {
		t.Fatal(err)
	}

	// A latency out of bounds fails the batch, naming the field.
	now := e.clock.Now()
	p := problem(t, e.postBeacon([]beacon{ev("heartbeat", v.Embed, "s1", now, "from", 0, "to", 10, "live", true, "latency", -1)}),
		http.StatusBadRequest, videohost.EValidation)
	if len(p.Errors) != 1 || p.Errors[0].Field != "events[0].latency" {
		t.Fatalf("problem %+v, want events[0].latency", p)
	}
	// Two live players, and an old one that sends neither field.
	must(t, e.postBeacon([]beacon{
		ev("heartbeat", v.Embed, "s1", now, "from", 0, "to", 10, "live", true, "latency", 1.8),
		ev("heartbeat", v.Embed, "s2", now, "from", 0, "to", 10, "live", true, "latency", 2.2),
		ev("heartbeat", v.Embed, "s3", now, "from", 0, "to", 10),
	}), http.StatusAccepted, nil)

	var raw map[string]any
	deadline := time.Now().Add(5 * time.Second)
	for {
		raw = nil
		must(t, e.req("GET", path, e.ro, nil), http.StatusOK, &raw)
		if raw["viewers_now"] == 2.0 && raw["watch_time_seconds"] == 30.0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("live stats never settled: %v", raw)
		}
		time.Sleep(10 * time.Millisecond) // the writer batches off the request path
	}
	var keys []string
	for k := range raw {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"latency_seconds", "live", "peak_at", "peak_viewers", "video_id", "viewers_now", "watch_time_seconds"}; !slices.Equal(keys, want) {
		t.Fatalf("keys %v, want %v", keys, want)
	}
	var st analytics.LiveStats
	body, _ := json.Marshal(raw)
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	l := st.LatencySeconds
	if st.VideoID != v.ID || !st.Live || st.PeakViewers != 2 || st.PeakAt == nil || l.P50 == nil || l.P95 == nil ||
		*l.P50 < 1.5 || *l.P50 > 2.0 || *l.P95 < 2.0 || *l.P95 > 2.5 {
		t.Fatalf("live stats %s", body)
	}

	// The video's stats carry the same; an on-demand video's have no live.
	var vs map[string]json.RawMessage
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/stats", e.ro, nil), http.StatusOK, &vs)
	var live analytics.LiveStats
	if err := json.Unmarshal(vs["live"], &live); err != nil || live.PeakViewers != 2 || live.VideoID != v.ID {
		t.Fatalf("video stats live %s: %v", vs["live"], err)
	}
	vod := e.playableVideo()
	vs = nil
	must(t, e.req("GET", "/v1/videos/"+vod.ID+"/stats", e.ro, nil), http.StatusOK, &vs)
	if _, ok := vs["live"]; ok {
		t.Fatalf("an on-demand video's stats have live: %s", vs["live"])
	}

	// Between sessions the stream answers its last session's numbers.
	if err := e.db.SetLiveStreamState(ctx, ls.ID, videohost.LiveIdle, "", v.ID, e.clock.Now(), nil); err != nil {
		t.Fatal(err)
	}
	var last analytics.LiveStats
	must(t, e.req("GET", path, e.ro, nil), http.StatusOK, &last)
	if last.VideoID != v.ID || last.PeakViewers != 2 {
		t.Fatalf("stats between sessions %+v", last)
	}
	// Another space's stream is 404 like any id.
	problem(t, e.req("GET", path, e.otherRW, nil), http.StatusNotFound, videohost.ENotFound)
}
