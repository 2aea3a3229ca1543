package httpapi

import (
	"context"
	"net/http"
	"sort"
	"strings"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/components"
	"github.com/reelvideo/reel/videohost"
)

// apiFunc is a /v1 handler: it gets the authenticated principal and returns
// an error to be written as a problem.
type apiFunc func(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error

func (h *Handler) routes() *mux.Router {
	r := mux.NewRouter()
	r.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, problemOf(videohost.Errorf(videohost.ENotFound, "no route for %s", videohost.Excerpt(r.URL.Path))))
	})
	r.MethodNotAllowedHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, problemOf(videohost.Errorf(codeMethodNotAllowed, "%s is not served on %s", videohost.Excerpt(r.Method), videohost.Excerpt(r.URL.Path))))
	})
	r.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if route := mux.CurrentRoute(req); route != nil {
				infoOf(req).route, _ = route.GetPathTemplate()
			}
			next.ServeHTTP(w, req)
		})
	})

	api := func(method, path string, fn apiFunc) {
		r.Handle(path, h.authenticated(fn)).Methods(method)
	}
	api(http.MethodPost, "/v1/videos", h.createVideo)
	api(http.MethodGet, "/v1/videos", h.listVideos)
	api(http.MethodGet, "/v1/videos/{id}", h.getVideo)
	api(http.MethodPatch, "/v1/videos/{id}", h.updateVideo)
	api(http.MethodDelete, "/v1/videos/{id}", h.deleteVideo)
	api(http.MethodPost, "/v1/videos/{id}/archive", h.archiveVideo(true))
	api(http.MethodPost, "/v1/videos/{id}/unarchive", h.archiveVideo(false))
	api(http.MethodGet, "/v1/videos/{id}/subtitles", h.listSubtitles)
	api(http.MethodPut, "/v1/videos/{id}/subtitles/{language}", h.putSubtitles)
	api(http.MethodDelete, "/v1/videos/{id}/subtitles/{language}", h.deleteSubtitles)
	api(http.MethodPut, "/v1/videos/{id}/audio-tracks/{language}", h.putAudioTrack)
	api(http.MethodDelete, "/v1/videos/{id}/audio-tracks/{language}", h.deleteAudioTrack)
	api(http.MethodPut, "/v1/videos/{id}/poster", h.putPoster)
	api(http.MethodGet, "/v1/videos/{id}/chapters", h.listChapters)
	api(http.MethodPut, "/v1/videos/{id}/chapters", h.putChapters)
	api(http.MethodDelete, "/v1/videos/{id}/chapters", h.deleteChapters)

	api(http.MethodPost, "/v1/collections", h.createCollection)
	api(http.MethodGet, "/v1/collections", h.listCollections)
	api(http.MethodGet, "/v1/collections/{id}", h.getCollection)
	api(http.MethodPatch, "/v1/collections/{id}", h.updateCollection)
	api(http.MethodDelete, "/v1/collections/{id}", h.deleteCollection)

	api(http.MethodPost, "/v1/live-streams", h.createLiveStream)
	api(http.MethodGet, "/v1/live-streams", h.listLiveStreams)
	api(http.MethodGet, "/v1/live-streams/{id}", h.getLiveStream)
	api(http.MethodPatch, "/v1/live-streams/{id}", h.updateLiveStream)
	api(http.MethodDelete, "/v1/live-streams/{id}", h.deleteLiveStream)
	api(http.MethodPost, "/v1/live-streams/{id}/reset-key", h.resetLiveStreamKey)

	api(http.MethodGet, "/v1/space", h.getSpace)
	// The installation's spaces, for an admin key (spaces.go).
	h.spaceRoutes(r)

	api(http.MethodPost, "/v1/keys", h.createKey)
	api(http.MethodGet, "/v1/keys", h.listKeys)
	api(http.MethodDelete, "/v1/keys/{id}", h.deleteKey)

	h.mountWebhookRoutes(r)
	// Player settings of the space, a collection, a video (player_settings.go).
	h.playerRoutes(api)
	h.codecRoutes(api)

	// tus answers its own OPTIONS (protocol discovery and CORS preflight).
	r.Handle("/v1/uploads", h.uploads).Methods(http.MethodPost, http.MethodOptions)
	r.Handle("/v1/uploads/{id}", h.uploads).Methods(http.MethodHead, http.MethodPatch, http.MethodDelete, http.MethodOptions)

	r.HandleFunc("/v1/openapi.json", h.openAPI).Methods(http.MethodGet)
	mountHealth(r, h.svc)

	// Delivery, frames, signing keys and the public lookups (assets.go).
	h.deliveryRoutes(r, api)
	// The web components, embedded in the binary: {cdn_url}/reel.js.
	r.PathPrefix("/cdn/").Handler(http.StripPrefix("/cdn", cdnHandler(components.Handler())))
	// Analytics ingest and stats (beacon.go, stats.go).
	h.analyticsRoutes(r, api)
	// The watch page, the iframe embed and oEmbed (pages.go).
	h.pageRoutes(r)
	// The dashboard's HTML shell at {base_url}/ and its app routes (dashboard.go).
	h.dashboardRoutes(r)
	// A path with ".." answers 404 rather than a redirect to its cleaned
	// form: asset paths are matched exactly, never normalized.
	r.SkipClean(true)
	return r
}

// idOfResource is the kind of the {id} of the routes under /v1/{resource}.
var idOfResource = map[string]videohost.IDKind{
	"videos":       videohost.IDVideo,
	"collections":  videohost.IDCollection,
	"live-streams": videohost.IDLiveStream,
	"keys":         videohost.IDKey,
	"signing-keys": videohost.IDSigningKey,
	"webhooks":     videohost.IDWebhook,
	"spaces":       videohost.IDSpace,
}

// checkPathVars checks the variables of an API route by shape, before any
// lookup, so that a malformed id is refused cheaply and never echoed whole.
// It runs after authentication: a caller without credentials learns
// nothing, not even that the id is malformed. The public and upload routes
// check their own ids.
func checkPathVars(tmpl string, vars map[string]string) error {
	resource, _, _ := strings.Cut(strings.TrimPrefix(tmpl, "/v1/"), "/")
	if id, ok := vars["id"]; ok && resource != "uploads" {
		kind, known := idOfResource[resource]
		if !known {
			return videohost.Errorf(videohost.EInternal, "route %s: no id kind for %s", tmpl, resource)
		}
		if err := videohost.CheckID(kind, id); err != nil {
			return err
		}
	}
	if embed, ok := vars["embed"]; ok {
		if err := videohost.CheckID(videohost.IDEmbed, embed); err != nil {
			return err
		}
	}
	if delivery, ok := vars["delivery"]; ok {
		if err := videohost.CheckID(videohost.IDDelivery, delivery); err != nil {
			return err
		}
	}
	// A language is named by the client when it adds subtitles, so a bad
	// one is a validation error rather than a missing resource.
	if lang, ok := vars["language"]; ok && !videohost.ValidLanguage(lang) {
		return videohost.Invalid("language", "must be a language tag such as en or pt-BR")
	}
	return nil
}

// Route is one method and path template the Handler serves.
type Route struct {
	Method string
	Path   string
}

// Routes lists every method and path template the Handler serves, sorted by
// path then method. The OpenAPI document is checked against it.
func (h *Handler) Routes() []Route {
	var out []Route
	h.router.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		path, err := route.GetPathTemplate()
		if err != nil {
			return nil
		}
		methods, err := route.GetMethods()
		if err != nil {
			return nil
		}
		for _, m := range methods {
			out = append(out, Route{Method: m, Path: path})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Method < out[j].Method
	})
	return out
}

// authenticated wraps fn with the API key check, the rate limit and the
// read-only rule: a read-only key may only GET.
func (h *Handler) authenticated(fn apiFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := h.authenticate(w, r)
		if !ok {
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !p.CanWrite() {
			h.writeError(w, r, videohost.Errorf(videohost.EReadOnlyKey, "a read-only key can only read"))
			return
		}
		if err := checkPathVars(routeOf(r), mux.Vars(r)); err != nil {
			h.writeError(w, r, err)
			return
		}
		if err := fn(w, r, p); err != nil {
			h.writeError(w, r, err)
		}
	})
}

// authenticate resolves the API key of r and counts the request against the
// key's rate limit. When it reports false it has written the response.
func (h *Handler) authenticate(w http.ResponseWriter, r *http.Request) (*videohost.Principal, bool) {
	secret, ok := bearer(r)
	if !ok {
		h.writeError(w, r, videohost.Errorf(videohost.EUnauthorized, "an API key is required: Authorization: Bearer <key>"))
		return nil, false
	}
	k, err := h.svc.AuthenticateKey(r.Context(), secret)
	if err != nil {
		h.writeError(w, r, err)
		return nil, false
	}
	infoOf(r).keyID = k.ID
	if !h.allow(w, k.ID) {
		h.writeError(w, r, videohost.Errorf(videohost.ERateLimited, "more than %d requests a minute with this key", h.cfg.RateLimit))
		return nil, false
	}
	// An admin key is counted like any key, then refused: it reaches no
	// route of a space.
	p, err := videohost.PrincipalOf(k)
	if err != nil {
		h.writeError(w, r, err)
		return nil, false
	}
	return p, true
}

// allow counts one request of key against the rate limit.
func (h *Handler) allow(w http.ResponseWriter, key string) bool {
	if h.limiter == nil {
		return true
	}
	return h.limiter.take(w, key)
}

func (h *Handler) principal(ctx context.Context, r *http.Request) (*videohost.Principal, error) {
	secret, ok := bearer(r)
	if !ok {
		return nil, videohost.Errorf(videohost.EUnauthorized, "an API key is required: Authorization: Bearer <key>")
	}
	return h.svc.Authenticate(ctx, secret)
}

// bearer returns the credential of an "Authorization: Bearer ..." header.
func bearer(r *http.Request) (string, bool) {
	scheme, cred, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	cred = strings.TrimSpace(cred)
	return cred, cred != ""
}
