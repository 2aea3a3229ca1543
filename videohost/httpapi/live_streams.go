package httpapi

import (
	"net/http"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/liveadmin"
)

// The /v1/live-streams routes (videohost/liveadmin). The answers to create
// and reset-key carry the stream key, shown once; like every JSON answer
// they are no-store, and the request log records routes, never bodies.

func (h *Handler) createLiveStream(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in liveadmin.LiveStreamInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	ls, err := h.live.Create(r.Context(), p, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, ls)
	return nil
}

func (h *Handler) listLiveStreams(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		return err
	}
	page, err := h.live.List(r.Context(), p, limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (h *Handler) getLiveStream(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	ls, err := h.live.Get(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ls)
	return nil
}

func (h *Handler) updateLiveStream(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in liveadmin.LiveStreamInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	ls, err := h.live.Update(r.Context(), p, mux.Vars(r)["id"], in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ls)
	return nil
}

func (h *Handler) deleteLiveStream(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := h.live.Delete(r.Context(), p, mux.Vars(r)["id"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) resetLiveStreamKey(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	ls, err := h.live.ResetKey(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ls)
	return nil
}

// describeLiveStreams adds the live stream routes and schemas.
func describeLiveStreams(paths, schemas obj) {
	view := func(desc string) obj { return jsonResponse(desc, ref("LiveStream")) }
	unavailable := obj{"$ref": "#/components/responses/Problem", "description": "unavailable: this server's store keeps no live streams"}
	with503 := func(op obj) obj {
		op["responses"].(obj)["503"] = unavailable
		return op
	}
	paths["/v1/live-streams"] = obj{
		"post": with503(operation("createLiveStream", "Create a live stream; its stream key is in stream_key, shown once", nil,
			jsonBody(ref("LiveStreamInput")), "201", view("the new stream, idle, with its key"))),
		"get": with503(operation("listLiveStreams", "List the space's live streams, by id", []obj{
			query("limit", "page size, 1 to 100 (default 100)", obj{"type": "integer", "minimum": 1, "maximum": 100}),
			query("cursor", "next_cursor of the previous page", obj{"type": "string"}),
		}, nil, "200", jsonResponse("one page of live streams", page("LiveStream")))),
	}
	paths["/v1/live-streams/{id}"] = obj{
		"parameters": []obj{idParam},
		"get":        with503(operation("getLiveStream", "Get a live stream (without its key)", nil, nil, "200", view("the stream"))),
		"patch": with503(operation("updateLiveStream", "Change a live stream's settings; absent fields are kept, and a change applies from the next session", nil,
			jsonBody(ref("LiveStreamInput")), "200", view("the updated stream"))),
		"delete": with503(operation("deleteLiveStream", "Delete a live stream; refused (409) while it is connected or active: stop the publisher first",
			nil, nil, "204", noContent)),
	}
	paths["/v1/live-streams/{id}/reset-key"] = obj{
		"parameters": []obj{idParam},
		"post": with503(operation("resetLiveStreamKey", "Give a live stream a new stream key, shown once; the old key stops working at once", nil,
			nil, "200", view("the stream with its new key"))),
	}
	seconds := func(desc string, lo, hi, def int) obj {
		return obj{"type": "integer", "minimum": lo, "maximum": hi, "default": def, "description": desc}
	}
	reconnect := seconds("seconds a session waits for its publisher to come back before it ends", 0, videohost.MaxReconnectWindow, videohost.DefaultReconnectWindow)
	dvr := seconds("seconds of the live session a viewer may seek back", videohost.MinDVRWindow, videohost.MaxDVRWindow, videohost.DefaultDVRWindow)
	policy := obj{"type": "string", "enum": []string{"public", "signed"}, "description": "the playback policy of each session's video"}
	latency := obj{"type": "string", "enum": []string{videohost.LatencyLow, videohost.LatencyStandard},
		"description": "low: LL-HLS with partial segments; standard: whole segments, fewer requests"}
	schemas["LiveStream"] = obj{
		"type": "object", "description": "a stream key and the settings of the live sessions published with it; each session records into a video",
		"required": []string{"id", "space", "title", "collection_id", "playback_policy", "latency_mode", "record", "reconnect_window", "dvr_window",
			"state", "active_video_id", "last_video_id", "stream_key_hint", "ingest", "created_at", "updated_at", "state_changed_at"},
		"properties": obj{
			"id": obj{"type": "string"}, "space": obj{"type": "string"}, "title": obj{"type": "string"},
			"collection_id":    obj{"type": "string", "description": "the collection each session's video goes to; empty for none"},
			"playback_policy":  policy,
			"latency_mode":     latency,
			"record":           obj{"type": "boolean", "description": "keep each session as an on-demand video when it ends"},
			"reconnect_window": reconnect,
			"dvr_window":       dvr,
			"state": obj{"type": "string", "enum": []string{videohost.LiveIdle, videohost.LiveConnected, videohost.LiveActive, videohost.LiveDisconnected},
				"description": "idle: no publisher; connected: a publisher is connected, no media yet; active: live; disconnected: the publisher left and the session waits reconnect_window"},
			"active_video_id": obj{"type": "string", "description": "the video of the current session; empty between sessions"},
			"last_video_id":   obj{"type": "string", "description": "the video of the last session; empty before the first"},
			"stream_key": obj{"type": "string", "description": "the secret a publisher connects with (rsk_...): only in the answers to create and reset-key, shown once; " +
				"the server keeps only its hash"},
			"stream_key_hint": obj{"type": "string", "description": "… and the key's last four characters, to tell keys apart"},
			"ingest": obj{
				"type": "object", "required": []string{"rtmp_url", "srt_url"},
				"description": "where a publisher connects; an empty URL is an ingest this server does not run",
				"properties": obj{
					"rtmp_url":      obj{"type": "string", "description": "the RTMP URL; the stream key is the stream name"},
					"srt_url":       obj{"type": "string", "description": "the SRT listener"},
					"srt_stream_id": obj{"type": "string", "description": "the SRT stream id to publish with (publish:<key>): with the key only"},
				},
			},
			"created_at":       obj{"type": "string", "format": "date-time"},
			"updated_at":       obj{"type": "string", "format": "date-time"},
			"state_changed_at": obj{"type": "string", "format": "date-time"},
		},
	}
	schemas["LiveStreamInput"] = obj{
		"type": "object", "description": "every field is optional; at creation an absent one takes its default, on update it is kept",
		"properties": obj{
			"title":            obj{"type": "string", "maxLength": videohost.MaxTitleLen, "description": "one line; the title of each session's video"},
			"collection_id":    obj{"type": "string", "description": "a collection of the space; empty for none"},
			"playback_policy":  policy,
			"latency_mode":     latency,
			"record":           obj{"type": "boolean", "default": true},
			"reconnect_window": reconnect,
			"dvr_window":       dvr,
		},
	}
}
