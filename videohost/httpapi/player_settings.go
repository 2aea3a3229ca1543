package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
)

// Player settings: GET and PATCH (a JSON merge patch: a value sets a
// setting, null unsets it) at /v1/space/player, /v1/collections/{id}/player
// and /v1/videos/{id}/player. The embed lookup carries them resolved.
func (h *Handler) playerRoutes(api func(method, path string, fn apiFunc)) {
	h.scopeRoutes(api, "player",
		func(r *http.Request, p *videohost.Principal, kind, id string) (any, error) {
			return h.players.PlayerSettingsOf(r.Context(), p, kind, id)
		},
		func(r *http.Request, p *videohost.Principal, kind, id string, patch map[string]json.RawMessage) (any, error) {
			return h.players.UpdatePlayerSettings(r.Context(), p, kind, id, patch)
		})
}

// scopeRoutes serves GET and PATCH (a JSON merge patch) of what the space,
// a collection and a video each keep under name (/v1/space/{name},
// /v1/collections/{id}/{name}, /v1/videos/{id}/{name}): the player
// settings and the codec policy.
func (h *Handler) scopeRoutes(api func(method, path string, fn apiFunc), name string,
	get func(r *http.Request, p *videohost.Principal, kind, id string) (any, error),
	patch func(r *http.Request, p *videohost.Principal, kind, id string, patch map[string]json.RawMessage) (any, error),
) {
	for _, s := range []struct{ path, kind string }{
		{"/v1/space/" + name, videohost.PlayerScopeSpace},
		{"/v1/collections/{id}/" + name, videohost.PlayerScopeCollection},
		{"/v1/videos/{id}/" + name, videohost.PlayerScopeVideo},
	} {
		kind := s.kind
		api(http.MethodGet, s.path, func(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
			v, err := get(r, p, kind, mux.Vars(r)["id"])
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, v)
			return nil
		})
		api(http.MethodPatch, s.path, func(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
			var body map[string]json.RawMessage
			if err := h.decodeJSON(w, r, &body); err != nil {
				return err
			}
			v, err := patch(r, p, kind, mux.Vars(r)["id"], body)
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, v)
			return nil
		})
	}
}

func describePlayer(paths, schemas obj) {
	view := jsonResponse("the scope's settings, what it inherits and the two resolved", ref("PlayerSettingsView"))
	body := obj{"required": true, "content": obj{"application/merge-patch+json": obj{"schema": ref("PlayerSettings")}, "application/json": obj{"schema": ref("PlayerSettings")}}}
	for _, s := range []struct{ path, what string }{
		{"/v1/space/player", "the space (every video)"},
		{"/v1/collections/{id}/player", "a collection (its videos and the collections nested in it)"},
		{"/v1/videos/{id}/player", "one video"},
	} {
		p := obj{
			"get": operation("get"+opName(s.path), "Player settings of "+s.what, nil, nil, "200", view),
			"patch": operation("update"+opName(s.path), "Change the player settings of "+s.what+
				" (JSON merge patch: a value sets a setting, null unsets it so that it inherits again); embeds pick them up at their next lookup",
				nil, body, "200", view),
		}
		if s.path != "/v1/space/player" {
			p["parameters"] = []obj{idParam}
		}
		paths[s.path] = p
	}
	secs := obj{"type": []string{"number", "null"}}
	schemas["PlayerSettings"] = obj{
		"type":        "object",
		"description": "Defaults of <reel-player>, named after its attributes; an absent setting inherits (space, then each collection from the top down, then the video). A page attribute always wins. There is no theme: it is a script the player imports, which only the page may choose.",
		"properties": obj{
			"color":           obj{"type": []string{"string", "null"}, "description": "accent colour: #rgb, #rrggbb, #rrggbbaa or a colour name", "examples": []string{"#ff5a36"}},
			"controls":        obj{"type": []string{"string", "null"}, "description": "space-separated: play time seek volume subtitles audiotracks chapters quality fullscreen rate pip airplay; empty for none"},
			"subtitles":       obj{"type": []string{"string", "null"}, "description": "which subtitles to offer: all, original, off or language tags"},
			"active-subtitle": obj{"type": []string{"string", "null"}, "description": "the subtitles shown at start: a language tag, original or off"},
			"autoplay":        nullable("boolean"),
			"muted":           nullable("boolean"),
			"loop":            nullable("boolean"),
			"start":           obj{"type": secs["type"], "minimum": 0, "maximum": 43200, "description": "start position, seconds"},
			"quality":         obj{"type": []string{"string", "null"}, "description": "the highest quality played: sd, hd, fhd, qhd or uhd (the renditions within that rung's 16:9 box, turned for a portrait video: hd is 1280×720) or pixels of the long edge"},
			"poster-time":     obj{"type": secs["type"], "minimum": 0, "maximum": 43200, "description": "the poster is the frame at this time, seconds"},
			"codecs":          obj{"type": []string{"string", "null"}, "description": "the video codecs to play, most wanted first, for a video encoded in several (a codec policy): h264, hevc, av1 separated by commas", "examples": []string{"av1,h264"}},
		},
		"additionalProperties": false,
	}
	schemas["PlayerSettingsView"] = obj{
		"type":     "object",
		"required": []string{"scope", "id", "settings", "inherited", "resolved"},
		"properties": obj{
			"scope":     obj{"type": "string", "enum": []string{"space", "collection", "video"}},
			"id":        obj{"type": "string", "description": "the space, collection or video id"},
			"settings":  obj{"$ref": "#/components/schemas/PlayerSettings", "description": "set at this scope"},
			"inherited": obj{"$ref": "#/components/schemas/PlayerSettings", "description": "from the scopes above"},
			"resolved":  obj{"$ref": "#/components/schemas/PlayerSettings", "description": "what an embed gets: settings over inherited"},
		},
	}
}

func opName(path string) string {
	switch path {
	case "/v1/space/player":
		return "SpacePlayer"
	case "/v1/collections/{id}/player":
		return "CollectionPlayer"
	}
	return "VideoPlayer"
}
