package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
)

// putSubtitles takes an SRT or WebVTT body (text/vtt, application/x-subrip or
// text/plain; the format is detected from the content, not the header).
func (h *Handler) putSubtitles(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if !p.CanWrite() {
		return videohost.Errorf(videohost.EReadOnlyKey, "a read-only key can only read")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, videohost.MaxSubtitleBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return videohost.Errorf(videohost.EPayloadTooLarge, "subtitle files are limited to %d bytes", videohost.MaxSubtitleBytes)
		}
		return videohost.Invalid("body", "could not be read")
	}
	vars := mux.Vars(r)
	v, err := h.svc.PutSubtitles(r.Context(), p, vars["id"], vars["language"], r.URL.Query().Get("label"), body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (h *Handler) listSubtitles(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	v, err := h.svc.Video(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, videohost.Page[videohost.Subtitle]{Data: v.Subtitles})
	return nil
}

func (h *Handler) deleteSubtitles(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	vars := mux.Vars(r)
	if err := h.svc.DeleteSubtitles(r.Context(), p, vars["id"], vars["language"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
