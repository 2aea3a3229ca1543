package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/reelvideo/reel/videohost"
)

// Codec policies (issue 33): GET and PATCH (a JSON merge patch, codec →
// rule: a rule sets a codec, null unsets it so that it inherits again) at
// /v1/space/codecs, /v1/collections/{id}/codecs and /v1/videos/{id}/codecs,
// the shapes of the player settings routes. GET /v1/videos/{id} carries the
// video's effective policy as codec_policy.
func (h *Handler) codecRoutes(api func(method, path string, fn apiFunc)) {
	h.scopeRoutes(api, "codecs",
		func(r *http.Request, p *videohost.Principal, kind, id string) (any, error) {
			return h.codecs.PolicyOf(r.Context(), p, kind, id)
		},
		func(r *http.Request, p *videohost.Principal, kind, id string, patch map[string]json.RawMessage) (any, error) {
			return h.codecs.UpdatePolicy(r.Context(), p, kind, id, patch)
		})
}

func describeCodecs(paths, schemas obj) {
	view := jsonResponse("the scope's rules, what it inherits and the policy they make", ref("CodecPolicyView"))
	body := obj{"required": true, "content": obj{"application/merge-patch+json": obj{"schema": ref("CodecRules")}, "application/json": obj{"schema": ref("CodecRules")}}}
	for _, s := range []struct{ path, op, what string }{
		{"/v1/space/codecs", "SpaceCodecs", "the space (every video)"},
		{"/v1/collections/{id}/codecs", "CollectionCodecs", "a collection (its videos and the collections nested in it)"},
		{"/v1/videos/{id}/codecs", "VideoCodecs", "one video"},
	} {
		p := obj{
			"get": operation("get"+s.op, "Codec policy of "+s.what, nil, nil, "200", view),
			"patch": operation("update"+s.op, "Change the codec policy of "+s.what+
				" (JSON merge patch: a rule sets a codec, null unsets it so that it inherits again). The ready videos it affects that lack a codec it now names get the renditions of that codec added, in a job of their own, published as a new version; a codec removed keeps its renditions until the video is encoded again. A refused policy is 400 invalid_codec_policy naming the codec.",
				nil, body, "200", view),
		}
		if s.path != "/v1/space/codecs" {
			p["parameters"] = []obj{idParam}
		}
		paths[s.path] = p
	}
	rule := obj{"type": []string{"string", "null"}, "description": `"all", "none", ">=Np" or "<=Np" (the rungs whose box has a short edge of at least or at most N pixels: sd 360, hd 720, fhd 1080, qhd 1440, uhd 2160), optionally followed by "after K views"; null unsets`,
		"examples": []string{"all", ">=720p", ">=720p after 100 views"}}
	schemas["CodecRules"] = obj{
		"type":                 "object",
		"description":          "Codec → rule, as set at a scope; a codec not named inherits (space, then each collection from the top down, then the video), and one named nowhere is none, but h264, which is all. H.264 must keep sd from the start.",
		"properties":           obj{"h264": rule, "hevc": rule, "av1": rule},
		"additionalProperties": false,
	}
	schemas["CodecState"] = obj{
		"type":     "object",
		"required": []string{"rules", "encoded", "waiting", "missing", "views"},
		"properties": obj{
			"rules":          obj{"type": "object", "additionalProperties": obj{"type": "string"}, "description": "the effective policy, every codec named"},
			"encoded":        obj{"type": "array", "items": obj{"type": "string"}, "description": "the codecs the video has renditions of"},
			"waiting":        obj{"type": "array", "items": obj{"type": "string"}, "description": "the codecs held back until the video's views pass their threshold"},
			"missing":        obj{"type": "array", "items": obj{"type": "string"}, "description": "the codecs due for a rung the video has and not encoded yet: a job adds them where the media pipeline can add codecs to a ready video"},
			"views":          obj{"type": "integer", "description": "the video's views, as the analytics count them"},
			"next_threshold": obj{"type": "integer", "description": "the lowest threshold among the waiting codecs; absent when none waits"},
			"savings":        obj{"type": "object", "additionalProperties": obj{"type": "number"}, "description": "per codec other than H.264, the share of bytes its renditions save against the H.264 ones of the same rungs (0.3: 30 % fewer; negative: more); absent without such renditions", "examples": []any{obj{"av1": 0.31}}},
		},
	}
	schemas["CodecPolicyView"] = obj{
		"type":     "object",
		"required": []string{"scope", "id", "rules", "inherited", "resolved"},
		"properties": obj{
			"scope":     obj{"type": "string", "enum": []string{"space", "collection", "video"}},
			"id":        obj{"type": "string", "description": "the space, collection or video id"},
			"rules":     obj{"type": "object", "additionalProperties": obj{"type": "string"}, "description": "set at this scope"},
			"inherited": obj{"type": "object", "additionalProperties": obj{"type": "string"}, "description": "from the scopes above, merged codec by codec"},
			"resolved":  obj{"type": "object", "additionalProperties": obj{"type": "string"}, "description": "the policy of this scope: rules over inherited, every codec named"},
			"video":     obj{"$ref": "#/components/schemas/CodecState", "description": "a video's scope only: what it has of the policy"},
			"queued":    obj{"type": "integer", "description": "on a change: the ready videos a job was queued for"},
		},
	}
}
