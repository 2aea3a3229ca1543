package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
)

func (h *Handler) videoStats(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q, err := statsQueryOf(r.URL.Query())
	if err != nil {
		return err
	}
	st, err := h.analytics.VideoStats(r.Context(), p, mux.Vars(r)["id"], q)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func (h *Handler) spaceStats(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q, err := statsQueryOf(r.URL.Query())
	if err != nil {
		return err
	}
	st, err := h.analytics.SpaceStats(r.Context(), p, q)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

// liveStreamStats answers the live stats of a stream's current session's
// video, or of its last one between sessions: what its page shows. A
// stream that never went live has zeros, with an empty video_id.
func (h *Handler) liveStreamStats(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	ls, err := h.live.Get(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	id := ls.ActiveVideoID
	if id == "" {
		id = ls.LastVideoID
	}
	st := &analytics.LiveStats{}
	if id != "" {
		st, err = h.analytics.LiveStats(r.Context(), p, id)
		if videohost.IsNotFound(err) {
			// The last session's video is gone (deleted, or not recorded).
			st, err = &analytics.LiveStats{}, nil
		}
		if err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func statsQueryOf(v url.Values) (analytics.StatsQuery, error) {
	q := analytics.StatsQuery{Interval: v.Get("interval")}
	for _, f := range []struct {
		name string
		dst  *time.Time
	}{{"from", &q.From}, {"to", &q.To}} {
		raw := v.Get(f.name)
		if raw == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, raw)
		if err != nil {
			return q, videohost.Invalid(f.name, "must be an RFC 3339 time such as 2025-03-01T00:00:00Z")
		}
		*f.dst = t
	}
	return q, nil
}

// describeAnalytics adds ingest and the stats routes to the OpenAPI document.
func describeAnalytics(paths, schemas obj) {
	statsParams := []obj{
		query("from", "start of the range, RFC 3339; rounded down to the hour; default to minus 7 days", obj{"type": "string", "format": "date-time"}),
		query("to", "end of the range (exclusive), RFC 3339; rounded up to the hour; default now", obj{"type": "string", "format": "date-time"}),
		query("interval", "resolution of series; default hour for ranges up to 2 days, day otherwise; hour allows ranges up to 31 days", obj{"type": "string", "enum": []string{"hour", "day"}}),
	}
	paths["/v1/videos/{id}/stats"] = obj{
		"parameters": []obj{idParam},
		"get": operation("getVideoStats", "Playback analytics of a video (read-only keys allowed)", statsParams, nil, "200",
			jsonResponse("the stats of the range", ref("Stats"))),
	}
	liveStats := operation("getLiveStreamStats", "Live analytics of a stream's current session's video, or of its last session's between sessions "+
		"(read-only keys allowed); zeros and an empty video_id for a stream that never went live", nil, nil, "200",
		jsonResponse("viewers now, peak, watch time and latency", ref("LiveStats")))
	liveStats["responses"].(obj)["503"] = obj{"$ref": "#/components/responses/Problem",
		"description": "unavailable: this server's store keeps no live streams, or no analytics"}
	paths["/v1/live-streams/{id}/stats"] = obj{"parameters": []obj{idParam}, "get": liveStats}
	paths["/v1/stats"] = obj{
		"get": operation("getSpaceStats", "Playback analytics of the whole space, with its most viewed videos", statsParams, nil, "200",
			jsonResponse("the stats of the range", ref("Stats"))),
	}
	problem := obj{"$ref": "#/components/responses/Problem"}
	paths["/v1/events"] = obj{
		"post": obj{
			"operationId": "postEvents",
			"summary": "Analytics ingest for @reel/metrics: no authentication, CORS open. At most 64 KiB and 500 events a batch (413 past either); " +
				"events of unknown types, for embeds that are not playable videos, for more than 16 videos in a batch, and past 600 events per viewer " +
				"or 100,000 per video in 10 minutes are dropped (accepted counts the rest); a malformed event fails the batch (400); " +
				"t is clamped to [now-24h, now+1min]. Raw events are kept 48 h; stats come from hourly rollups, which stay. " +
				"The client address and User-Agent are never stored: only a daily salted viewer hash, browser, OS, device class and referrer origin.",
			"security": []obj{},
			"requestBody": obj{"required": true, "content": obj{
				"application/json": obj{"schema": ref("EventBatch")},
				"text/plain":       obj{"schema": obj{"type": "string", "description": "an EventBatch as JSON text (navigator.sendBeacon)"}},
			}},
			"responses": obj{
				"202": jsonResponse("queued; accepted counts the events kept after the drops above",
					obj{"type": "object", "required": []string{"accepted"}, "properties": obj{"accepted": obj{"type": "integer"}}}),
				"400": problem, "413": problem, "429": problem, "500": problem,
				"503": obj{"$ref": "#/components/responses/Problem", "description": "the write queue is full; retry after Retry-After seconds"},
			},
		},
		"options": obj{"operationId": "eventsPreflight", "summary": "CORS preflight; no authentication", "security": []obj{},
			"responses": obj{"204": obj{"description": "Access-Control-Allow-* headers"}}},
	}

	number := obj{"type": "number"}
	named := func(key string) obj {
		return obj{"type": "array", "items": obj{"type": "object", "required": []string{key, "views"},
			"properties": obj{key: obj{"type": "string"}, "views": obj{"type": "integer"}}}}
	}
	seconds := func(desc string) obj { return obj{"type": "number", "minimum": 0, "description": desc} }
	schemas["EventBatch"] = obj{
		"type": "object", "required": []string{"events"},
		"properties": obj{"events": obj{"type": "array", "maxItems": 500, "items": ref("PlayerEvent")}},
	}
	schemas["PlayerEvent"] = obj{
		"type": "object", "required": []string{"type", "embed", "session", "t"},
		"properties": obj{
			"type": obj{"type": "string", "description": "other types are dropped", "enum": []string{"view", "play", "pause", "seeked", "ended", "heartbeat",
				"rebuffer_start", "rebuffer_end", "rendition_change", "error", "startup"}},
			"embed":       obj{"type": "string", "minLength": 15, "maxLength": 15},
			"session":     obj{"type": "string", "minLength": 1, "maxLength": 64, "description": "random per page view, printable ASCII"},
			"t":           obj{"type": "integer", "description": "ms since the epoch"},
			"position":    seconds("playback position, seconds"),
			"from":        seconds("heartbeat: start of the watched interval; seeked: where the seek started (required for both)"),
			"to":          seconds("heartbeat: end of the watched interval; seeked: where it landed (required for both)"),
			"duration_ms": seconds("rebuffer_end: how long playback stalled (required)"),
			"ms":          seconds("startup: ms from the play request to the first frame (required)"),
			"rendition":   obj{"type": "string", "description": "rendition_change"},
			"bitrate":     seconds("rendition_change: bits per second"),
			"code":        obj{"type": "string", "description": "error"},
			"message":     obj{"type": "string", "description": "error; truncated to 200 bytes"},
			"referrer":    obj{"type": "string", "description": "the page URL; only its origin is kept (default: the Origin or Referer header)"},
			"live": obj{"type": "boolean", "description": "heartbeat: the player plays a live video; counted only for the video of a live session " +
				"that still runs (viewers now, peak, latency); absent from older clients"},
			"latency": obj{"type": "number", "minimum": 0, "maximum": analytics.MaxLatencySeconds,
				"description": "live heartbeat: seconds the playing position is behind the wall clock (its EXT-X-PROGRAM-DATE-TIME); " +
					"checked on every heartbeat (400 outside 0 to 86400), kept on live ones"},
		},
	}
	schemas["LiveStats"] = obj{
		"type": "object",
		"description": "GET /v1/videos/{id}/stats of a live session's video only (absent for other videos), and GET /v1/live-streams/{id}/stats: " +
			"the live session as a whole, whatever the range. Counted from the heartbeats players send while they play live (every 10 s).",
		"required": []string{"video_id", "live", "viewers_now", "peak_viewers", "peak_at", "watch_time_seconds", "latency_seconds"},
		"properties": obj{
			"video_id": obj{"type": "string", "description": "the live session's video; empty for a stream that never went live"},
			"live":     obj{"type": "boolean", "description": "the session still runs"},
			"viewers_now": obj{"type": "integer", "minimum": 0, "description": fmt.Sprintf("sessions whose last live heartbeat reached the server "+
				"in the last %d s (two heartbeat intervals and a flush: one late batch does not drop a viewer)", int(analytics.LiveViewerWindow.Seconds()))},
			"peak_viewers": obj{"type": "integer", "minimum": 0, "description": "the most sessions that sent a live heartbeat in one UTC minute " +
				"(or viewers_now, when more); stored per minute, so it survives a restart"},
			"peak_at":            obj{"type": []string{"string", "null"}, "format": "date-time", "description": "the minute of the peak; null without viewers"},
			"watch_time_seconds": seconds("what the video's sessions watched, each stretch once per session, since the video began"),
			"latency_seconds": obj{"type": "object", "required": []string{"p50", "p95"},
				"description": "percentiles of the latencies live heartbeats reported, over the session, from a histogram: " +
					"half a second wide up to 4 s, then 1, 2, 5, 10, 30, 60 and 180 s wide up to 300 s (a percentile is interpolated inside its bucket: " +
					"within the bucket's width of the exact one); null when none was reported",
				"properties": obj{"p50": nullable("number"), "p95": nullable("number")}},
		},
	}
	schemas["Stats"] = obj{
		"type": "object",
		"description": "Rolled up per video and hour; a session counts in the hour it started. A view is a session with at least 1 s watched. " +
			"Unique viewers are daily (the viewer hash salt changes at UTC midnight): over several days they are summed daily uniques.",
		"required": []string{"from", "to", "interval", "views", "unique_viewers", "watch_time_seconds", "average_view_seconds", "completion_rate",
			"retention", "startup_time_ms", "rebuffer_ratio", "failure_rate", "referrers", "browsers", "os", "devices", "series"},
		"properties": obj{
			"from":                 obj{"type": "string", "format": "date-time"},
			"to":                   obj{"type": "string", "format": "date-time"},
			"interval":             obj{"type": "string", "enum": []string{"hour", "day"}},
			"views":                obj{"type": "integer"},
			"unique_viewers":       obj{"type": "integer"},
			"watch_time_seconds":   seconds("watched intervals, each stretch counted once per session"),
			"average_view_seconds": number,
			"completion_rate":      obj{"type": "number", "description": "views that reached 95 % or ended, over views"},
			"retention":            obj{"type": "array", "minItems": 100, "maxItems": 100, "items": number, "description": "share of views that watched each percentile of the duration"},
			"startup_time_ms": obj{"type": "object", "required": []string{"p50", "p95"},
				"properties": obj{"p50": nullable("number"), "p95": nullable("number")}},
			"rebuffer_ratio": obj{"type": "number", "description": "rebuffering time over watch time"},
			"failure_rate":   obj{"type": "number", "description": "sessions with an error and no playback, over sessions"},
			"referrers":      named("origin"),
			"browsers":       named("name"),
			"os":             named("name"),
			"devices":        named("name"),
			"series": obj{"type": "array", "items": obj{"type": "object", "required": []string{"at", "views", "watch_time_seconds"},
				"properties": obj{"at": obj{"type": "string", "format": "date-time"}, "views": obj{"type": "integer"}, "watch_time_seconds": number}}},
			"live": ref("LiveStats"),
			"top_videos": obj{"type": "array", "description": "GET /v1/stats only: the 10 most viewed videos",
				"items": obj{"type": "object", "required": []string{"id", "title", "views", "watch_time_seconds"},
					"properties": obj{"id": obj{"type": "string"}, "title": obj{"type": "string"}, "views": obj{"type": "integer"}, "watch_time_seconds": number}}},
		},
	}
}
