package httpapi

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/spaceadmin"
)

// The installation's routes: spaces, for an admin key (refserver keys
// create --admin). An admin key reaches only these; a space's key is
// refused here (403), as an admin key is on every route of a space.

// adminFunc is a /v1/spaces handler: it gets the authenticated admin.
type adminFunc func(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error

func (h *Handler) spaceRoutes(r *mux.Router) {
	admin := func(method, path string, fn adminFunc) {
		r.Handle(path, h.adminOnly(fn)).Methods(method)
	}
	admin(http.MethodPost, "/v1/spaces", h.createSpace)
	admin(http.MethodGet, "/v1/spaces", h.listSpaces)
	admin(http.MethodGet, "/v1/spaces/{id}", h.getAdminSpace)
	admin(http.MethodPatch, "/v1/spaces/{id}", h.updateSpace)
	admin(http.MethodDelete, "/v1/spaces/{id}", h.deleteSpace)
	admin(http.MethodPost, "/v1/spaces/{id}/keys", h.createSpaceKey)
}

// adminOnly wraps fn with the admin key check, the rate limit (per key,
// as for every key) and the read-only rule.
func (h *Handler) adminOnly(fn adminFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret, ok := bearer(r)
		if !ok {
			h.writeError(w, r, videohost.Errorf(videohost.EUnauthorized, "an admin key is required: Authorization: Bearer <key>"))
			return
		}
		k, err := h.svc.AuthenticateKey(r.Context(), secret)
		if err != nil {
			h.writeError(w, r, err)
			return
		}
		infoOf(r).keyID = k.ID
		if !h.allow(w, k.ID) {
			h.writeError(w, r, videohost.Errorf(videohost.ERateLimited, "more than %d requests a minute with this key", h.cfg.RateLimit))
			return
		}
		a, err := spaceadmin.AdminOf(k)
		if err != nil {
			h.writeError(w, r, err)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !a.CanWrite() {
			h.writeError(w, r, videohost.Errorf(videohost.EReadOnlyKey, "a read-only admin key can only read"))
			return
		}
		if err := checkPathVars(routeOf(r), mux.Vars(r)); err != nil {
			h.writeError(w, r, err)
			return
		}
		if err := fn(w, r, a); err != nil {
			h.writeError(w, r, err)
		}
	})
}

func (h *Handler) createSpace(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error {
	var in spaceadmin.SpaceInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	sp, err := h.spaces.CreateSpace(r.Context(), a, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, sp)
	return nil
}

func (h *Handler) listSpaces(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		return err
	}
	page, err := h.spaces.AdminSpaces(r.Context(), a, limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (h *Handler) getAdminSpace(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error {
	sp, err := h.spaces.AdminSpace(r.Context(), a, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sp)
	return nil
}

func (h *Handler) updateSpace(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error {
	var in spaceadmin.SpaceInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	sp, err := h.spaces.UpdateSpace(r.Context(), a, mux.Vars(r)["id"], in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sp)
	return nil
}

func (h *Handler) deleteSpace(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error {
	recursive := false
	if s := r.URL.Query().Get("recursive"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return videohost.Invalid("recursive", "must be true or false")
		}
		recursive = b
	}
	if err := h.spaces.DeleteSpace(r.Context(), a, mux.Vars(r)["id"], recursive); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) createSpaceKey(w http.ResponseWriter, r *http.Request, a *spaceadmin.Admin) error {
	var in createKeyInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	k, err := h.spaces.CreateSpaceKey(r.Context(), a, mux.Vars(r)["id"], in.Access, in.Name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, k)
	return nil
}
