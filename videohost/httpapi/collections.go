package httpapi

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/collectionadmin"
)

func (h *Handler) createCollection(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in collectionadmin.CollectionInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.collections.CreateCollection(r.Context(), p, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, c)
	return nil
}

func (h *Handler) listCollections(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		return err
	}
	// parent absent lists every collection; parent= (empty) the top level.
	var parent *string
	if q.Has("parent") {
		v := q.Get("parent")
		parent = &v
	}
	page, err := h.collections.Collections(r.Context(), p, parent, limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (h *Handler) getCollection(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	c, err := h.collections.Collection(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

func (h *Handler) updateCollection(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in collectionadmin.CollectionInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.collections.UpdateCollection(r.Context(), p, mux.Vars(r)["id"], in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

func (h *Handler) deleteCollection(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	recursive := false
	if s := r.URL.Query().Get("recursive"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return videohost.Invalid("recursive", "must be true or false")
		}
		recursive = b
	}
	if err := h.collections.DeleteCollection(r.Context(), p, mux.Vars(r)["id"], recursive); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
