package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/trackadmin"
)

// putAudioTrack takes any media file with an audio stream as the body
// (streamed to a scratch file, at most trackadmin.MaxAudioTrackBytes), with
// label and kind from the query or the Reel-Label and Reel-Kind headers,
// and answers 202 with the video: the track is processing until a job has
// encoded and published it.
func (h *Handler) putAudioTrack(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if !p.CanWrite() {
		return videohost.Errorf(videohost.EReadOnlyKey, "a read-only key can only read")
	}
	path, err := h.spoolBody(w, r, trackadmin.MaxAudioTrackBytes, "audio tracks")
	if err != nil {
		return err
	}
	defer os.Remove(path)
	vars := mux.Vars(r)
	in := trackadmin.AudioTrackInput{Label: queryOrHeader(r, "label", "Reel-Label"), Kind: queryOrHeader(r, "kind", "Reel-Kind"), Path: path}
	v, err := h.tracks.PutAudioTrack(r.Context(), p, vars["id"], vars["language"], in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, v)
	return nil
}

func (h *Handler) deleteAudioTrack(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	vars := mux.Vars(r)
	if err := h.tracks.DeleteAudioTrack(r.Context(), p, vars["id"], vars["language"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// putPoster takes an image body (image/jpeg, image/png or image/webp, at
// most trackadmin.MaxPosterBytes) or JSON {"time": seconds}, and answers
// 202 with the video: a job remakes and publishes the poster files.
func (h *Handler) putPoster(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if !p.CanWrite() {
		return videohost.Errorf(videohost.EReadOnlyKey, "a read-only key can only read")
	}
	id := mux.Vars(r)["id"]
	// Another space's video, or none, is 404 before a body is read.
	if _, err := h.svc.Video(r.Context(), p, id); err != nil {
		return err
	}
	var in trackadmin.PosterInput
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "application/json" {
		var body struct {
			Time *float64 `json:"time"`
		}
		if err := h.decodeJSON(w, r, &body); err != nil {
			return err
		}
		if body.Time == nil {
			return videohost.Invalid("time", "is required (seconds), or send an image")
		}
		in.Time = body.Time
	} else {
		path, err := h.spoolBody(w, r, trackadmin.MaxPosterBytes, "poster images")
		if err != nil {
			return err
		}
		defer os.Remove(path)
		in.Image = path
	}
	v, err := h.tracks.SetPoster(r.Context(), p, id, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, v)
	return nil
}

// spoolBody streams the request body into a scratch file under UploadDir
// (never into memory) and returns its path; the caller removes it. A body
// over limit is 413, an empty one a validation error.
func (h *Handler) spoolBody(w http.ResponseWriter, r *http.Request, limit int64, what string) (string, error) {
	if r.ContentLength > limit {
		return "", videohost.Errorf(videohost.EPayloadTooLarge, "%s are limited to %d bytes", what, limit)
	}
	dir := filepath.Join(h.cfg.UploadDir, "bodies")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "body-*")
	if err != nil {
		return "", err
	}
	n, err := io.Copy(f, http.MaxBytesReader(w, r.Body, limit))
	err = errors.Join(err, f.Close())
	if err != nil {
		os.Remove(f.Name())
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return "", videohost.Errorf(videohost.EPayloadTooLarge, "%s are limited to %d bytes", what, limit)
		}
		return "", videohost.Invalid("body", "could not be read")
	}
	if n == 0 {
		os.Remove(f.Name())
		return "", videohost.Invalid("body", "is empty")
	}
	return f.Name(), nil
}

func queryOrHeader(r *http.Request, param, header string) string {
	if v := r.URL.Query().Get(param); v != "" {
		return v
	}
	return strings.TrimSpace(r.Header.Get(header))
}
