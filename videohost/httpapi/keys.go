package httpapi

import (
	"net/http"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
)

// createKeyInput is the body of POST /v1/keys.
type createKeyInput struct {
	Access videohost.Access `json:"access"`
	Name   string           `json:"name"`
}

// requireKeyManager refuses key management to read-only keys, reads
// included: the list of keys is the map of who can reach the space.
func requireKeyManager(p *videohost.Principal) error {
	if !p.CanWrite() {
		return videohost.Errorf(videohost.EReadOnlyKey, "keys are managed with a read-write key")
	}
	return nil
}

func (h *Handler) createKey(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := requireKeyManager(p); err != nil {
		return err
	}
	var in createKeyInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Access == "" {
		return videohost.Invalid("access", "is required: read_write or read_only")
	}
	k, err := h.svc.CreateKey(r.Context(), p.Space, in.Access, in.Name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, k)
	return nil
}

func (h *Handler) listKeys(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := requireKeyManager(p); err != nil {
		return err
	}
	keys, err := h.svc.Keys(r.Context(), p)
	if err != nil {
		return err
	}
	for _, k := range keys {
		k.Secret = "" // shown once, at creation
	}
	if keys == nil {
		keys = []*videohost.Key{}
	}
	writeJSON(w, http.StatusOK, videohost.Page[*videohost.Key]{Data: keys})
	return nil
}

func (h *Handler) deleteKey(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := h.svc.DeleteKey(r.Context(), p, mux.Vars(r)["id"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) getSpace(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	sp, err := h.svc.Space(r.Context(), p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, spaceView{Space: sp, Key: keyView{ID: p.KeyID, Access: p.Access}})
	return nil
}

// spaceView is the space with the key that asked: a client (the
// dashboard) learns from it whether it may write.
type spaceView struct {
	*videohost.Space
	Key keyView `json:"key"`
}

type keyView struct {
	ID     string           `json:"id"`
	Access videohost.Access `json:"access"`
}
