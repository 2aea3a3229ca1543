package httpapi

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
)

func (h *Handler) createVideo(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in videohost.CreateVideoInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	v, err := h.svc.CreateVideo(r.Context(), p, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, v)
	return nil
}

func (h *Handler) listVideos(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q := r.URL.Query()
	in := videohost.ListVideosInput{
		Cursor:     q.Get("cursor"),
		Collection: q.Get("collection"),
		State:      q.Get("state"),
		Query:      q.Get("q"),
		Order:      q.Get("order"),
	}
	var err error
	if in.Limit, err = intParam(q.Get("limit"), "limit"); err != nil {
		return err
	}
	if s := q.Get("archived"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return videohost.Invalid("archived", "must be true or false")
		}
		in.Archived = &b
	}
	page, err := h.svc.Videos(r.Context(), p, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

// intParam parses an optional integer query parameter; "" is 0, which the
// service reads as "the default".
func intParam(s, name string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, videohost.Invalid(name, "must be an integer")
	}
	if n == 0 {
		// 0 would silently mean the default; ask for a real value instead.
		return 0, videohost.Invalid(name, "must be at least 1")
	}
	return n, nil
}

func (h *Handler) getVideo(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	v, err := h.svc.Video(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	if v.CodecPolicy, err = h.codecs.VideoState(r.Context(), v); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (h *Handler) updateVideo(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in videohost.UpdateVideoInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	v, err := h.svc.UpdateVideo(r.Context(), p, mux.Vars(r)["id"], in)
	if err != nil {
		return err
	}
	if in.Collection != nil {
		// Another collection may mean another codec policy.
		if err := h.codecs.Moved(r.Context(), v); err != nil {
			h.log.WarnContext(r.Context(), "queueing the codecs a moved video lacks", "video", v.ID, "err", err)
		}
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (h *Handler) deleteVideo(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := h.svc.DeleteVideo(r.Context(), p, mux.Vars(r)["id"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) archiveVideo(archived bool) apiFunc {
	return func(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
		v, err := h.svc.SetArchived(r.Context(), p, mux.Vars(r)["id"], archived)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, v)
		return nil
	}
}
