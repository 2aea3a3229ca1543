package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// createSigningKeyInput is the body of POST /v1/signing-keys.
type createSigningKeyInput struct {
	Algorithm string `json:"algorithm"`
}

func (h *Handler) createSigningKey(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in createSigningKeyInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	k, err := h.access.CreateSigningKey(r.Context(), p, in.Algorithm)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, k)
	return nil
}

func (h *Handler) listSigningKeys(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	keys, err := h.access.SigningKeys(r.Context(), p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, videohost.Page[*videohost.SigningKey]{Data: keys})
	return nil
}

func (h *Handler) deleteSigningKey(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := h.access.DeleteSigningKey(r.Context(), p, mux.Vars(r)["id"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// jwks serves the public halves of every signing key. Verifiers cache it;
// a short max-age lets a deleted key drop out soon.
func (h *Handler) jwks(w http.ResponseWriter, r *http.Request) {
	body, err := h.access.JWKS(r.Context())
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(body)
}

// playbackCredentials reads a playback token from ?token= or, failing that,
// a Bearer header (which an API key never is on these routes).
func playbackCredentials(r *http.Request) access.PlaybackRequest {
	pr := playbackRequest(r)
	if pr.Token == "" {
		if b, ok := bearer(r); ok {
			pr.Token = b
		}
	}
	return pr
}

func (h *Handler) embed(w http.ResponseWriter, r *http.Request) {
	embed := mux.Vars(r)["embed"]
	if err := videohost.CheckID(videohost.IDEmbed, embed); err != nil {
		h.writeError(w, r, err)
		return
	}
	view, err := h.access.Embed(r.Context(), embed, playbackCredentials(r))
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, view)
}

func (h *Handler) publicList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	page, err := h.access.PublicList(r.Context(), playbackCredentials(r), access.PublicListInput{
		Limit: limit, Cursor: q.Get("cursor"), Collection: q.Get("collection"), Order: q.Get("order"),
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

// apiKeyPrefix starts every API key string; anything else in the Bearer of
// an upload is taken for an upload token.
const apiKeyPrefix = "rk_"

// KeyOrUploadTokenAuth is the default UploadAuthenticator: the Bearer is
// either a read-write API key or an upload token (aud "upload") whose sub
// scopes the upload to the key's space, one of its collections, or one of
// its videos (whose source the upload replaces).
func KeyOrUploadTokenAuth(svc *videohost.Service) UploadAuthenticator {
	gate := access.New(svc)
	return func(ctx context.Context, r *http.Request) (*UploadGrant, error) {
		cred, ok := bearer(r)
		if !ok {
			return nil, videohost.Errorf(videohost.EUnauthorized, "an API key or an upload token is required: Authorization: Bearer <credential>")
		}
		if strings.HasPrefix(cred, apiKeyPrefix) {
			p, err := svc.Authenticate(ctx, cred)
			if err != nil {
				return nil, err
			}
			return &UploadGrant{Principal: p}, nil
		}
		auth, err := gate.AuthorizeUpload(ctx, cred)
		if err != nil {
			return nil, err
		}
		return &UploadGrant{Principal: auth.Principal, Collection: auth.Collection, ReplaceVideo: auth.ReplaceVideo}, nil
	}
}

// describeAccess adds the signing-key, JWKS and public lookup routes to the
// OpenAPI document. Delivery (/media/...) and frames (/images/...) are file
// URLs built by the URL builders, not REST operations, and stay out of it.
func describeAccess(paths, schemas obj) {
	embedParam := obj{"name": "embed", "in": "path", "required": true, "schema": obj{"type": "string", "minLength": 15, "maxLength": 15}}
	tokenParam := query("token", "a playback token (aud playback); a Bearer header works too", obj{"type": "string"})
	public := func(id, summary string, params []obj, okResp obj) obj {
		o := obj{"operationId": id, "summary": summary, "security": []obj{}, "parameters": params,
			"responses": obj{"200": okResp}}
		resp := o["responses"].(obj)
		for _, code := range []string{"400", "401", "404", "429", "500"} {
			resp[code] = obj{"$ref": "#/components/responses/Problem"}
		}
		return o
	}
	corsPreflight := func(id string) obj {
		return obj{"operationId": id, "summary": "CORS preflight; no authentication", "security": []obj{},
			"responses": obj{"204": obj{"description": "Access-Control-Allow-* headers"}}}
	}

	paths["/v1/signing-keys"] = obj{
		"post": operation("createSigningKey", "Create an EdDSA (default) or ES256 token-signing key; the private half is in the response, shown once", nil,
			jsonBody(ref("CreateSigningKeyInput")), "201", jsonResponse("the new key with its private half", ref("NewSigningKey"))),
		"get": operation("listSigningKeys", "List the signing keys of the space (public halves)", nil, nil, "200", jsonResponse("every signing key of the space", page("SigningKey"))),
	}
	paths["/v1/signing-keys/{id}"] = obj{
		"parameters": []obj{idParam},
		"delete":     operation("deleteSigningKey", "Delete a signing key; every token it signed stops verifying", nil, nil, "204", noContent),
	}
	paths["/.well-known/jwks.json"] = obj{
		"get": obj{
			"operationId": "jwks", "summary": "The public halves of every signing key, as a JSON Web Key Set", "security": []obj{},
			"responses": obj{"200": jsonResponse("RFC 7517 key set", obj{"type": "object", "required": []string{"keys"},
				"properties": obj{"keys": obj{"type": "array", "items": obj{"type": "object"}}}})},
		},
	}
	paths["/v1/embeds/{embed}"] = obj{
		"parameters": []obj{embedParam},
		"get": public("getEmbed", "Public view of a video for the web components; a signed video needs a playback token, and its URLs carry it",
			[]obj{tokenParam}, jsonResponse("the video as the components see it", ref("Embed"))),
		"options": corsPreflight("embedOptions"),
	}
	paths["/v1/list"] = obj{
		"get": public("publicList", "Playable, non-archived videos of the space or collection a playback token names (for <reel-list>)", []obj{
			tokenParam,
			query("limit", "page size, 1 to 100 (default 25)", obj{"type": "integer", "minimum": 1, "maximum": 100}),
			query("cursor", "next_cursor of the previous page", obj{"type": "string"}),
			query("collection", "only this collection (and the ones nested in it), within the token's scope", obj{"type": "string"}),
			query("order", "sort order", obj{"type": "string", "enum": []string{"created_desc", "created_asc"}, "default": "created_desc"}),
		}, jsonResponse("one page of videos", page("ListedVideo"))),
		"options": corsPreflight("listOptions"),
	}

	signingKey := obj{
		"id": str("16 characters; the kid of the tokens it signs"), "space": obj{"type": "string"},
		"algorithm":  obj{"type": "string", "enum": []string{"EdDSA", "ES256"}},
		"public_jwk": obj{"type": "object", "description": "the public half as a JWK"},
		"created_at": obj{"type": "string", "format": "date-time"},
	}
	schemas["SigningKey"] = obj{"type": "object", "required": []string{"id", "space", "algorithm", "public_jwk", "created_at"}, "properties": signingKey}
	withPrivate := obj{
		"private_pem": str("the private half, PKCS #8 PEM; shown once"),
		"private_jwk": obj{"type": "object", "description": "the private half as a JWK; shown once"},
	}
	for k, v := range signingKey {
		withPrivate[k] = v
	}
	schemas["NewSigningKey"] = obj{"type": "object", "required": []string{"id", "space", "algorithm", "public_jwk", "private_pem", "private_jwk", "created_at"}, "properties": withPrivate}
	schemas["CreateSigningKeyInput"] = obj{"type": "object", "properties": obj{
		"algorithm": obj{"type": "string", "enum": []string{"EdDSA", "ES256"}, "default": "EdDSA"},
	}}
	schemas["Embed"] = obj{
		"type": "object",
		"required": []string{"id", "embed", "title", "duration", "width", "height", "aspect_ratio", "state", "playable", "archived",
			"playback_policy", "poster_time", "urls", "renditions", "audio_tracks", "subtitles", "transcript", "player"},
		"properties": obj{
			"id": obj{"type": "string"}, "embed": obj{"type": "string"}, "title": obj{"type": "string"},
			"duration": obj{"type": "number"}, "width": obj{"type": "integer"}, "height": obj{"type": "integer"},
			"aspect_ratio": obj{"type": "string"},
			"state":        obj{"type": "string", "enum": []string{"created", "uploaded", "processing", "ready", "errored"}},
			"playable":     obj{"type": "boolean"}, "archived": obj{"type": "boolean"},
			"playback_policy": obj{"type": "string", "enum": []string{"public", "signed"}},
			"poster_time":     nullable("number"),
			"urls":            ref("VideoURLs"),
			"renditions": obj{"type": "array", "items": obj{"type": "object", "required": []string{"name", "width", "height", "size", "url"}, "properties": obj{
				"name": obj{"type": "string"}, "width": obj{"type": "integer"}, "height": obj{"type": "integer"},
				"size": obj{"type": "integer"}, "url": obj{"type": "string", "format": "uri"},
			}}},
			"audio_tracks": obj{"type": "array", "items": ref("AudioTrack")},
			"subtitles":    obj{"type": "array", "items": ref("Subtitle")},
			"transcript":   obj{"type": []string{"string", "null"}, "format": "uri"},
			"player":       obj{"$ref": "#/components/schemas/PlayerSettings", "description": "the player settings of the video's space, collections and its own, resolved; a page attribute wins over each"},
		},
	}
	schemas["ListedVideo"] = obj{
		"type": "object", "required": []string{"id", "embed", "title", "duration", "poster", "state", "created_at"},
		"properties": obj{
			"id": obj{"type": "string"}, "embed": obj{"type": "string"}, "title": obj{"type": "string"},
			"duration": obj{"type": "number"}, "poster": str("poster URL (with the token for a signed video); empty when there is none"),
			"state": obj{"type": "string", "enum": []string{"created", "uploaded", "processing", "ready", "errored"},
				"description": "processing for a video playable before its processing ended"},
			"created_at": obj{"type": "string", "format": "date-time"},
		},
	}
}
