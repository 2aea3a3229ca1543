package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
)

// putChapters takes WebVTT chapters (text/vtt) or a JSON list
// (application/json: [{"start": seconds, "title": "…"}]); unlike subtitles,
// the format follows the Content-Type, since both are text.
func (h *Handler) putChapters(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, videohost.MaxChaptersBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return videohost.Errorf(videohost.EPayloadTooLarge, "chapter lists are limited to %d bytes", videohost.MaxChaptersBytes)
		}
		return videohost.Invalid("body", "could not be read")
	}
	v, err := h.svc.PutChapters(r.Context(), p, mux.Vars(r)["id"], r.Header.Get("Content-Type"), body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// listChapters answers the chapters as a list page, like the subtitle
// tracks: {"data": [{start, title}…], "next_cursor": null}.
func (h *Handler) listChapters(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	v, err := h.svc.Video(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, videohost.Page[videohost.Chapter]{Data: v.Chapters})
	return nil
}

func (h *Handler) deleteChapters(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := h.svc.DeleteChapters(r.Context(), p, mux.Vars(r)["id"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// chaptersSchema is a chapter list as the API shows it.
var chaptersSchema = obj{"type": "array", "items": ref("Chapter"), "maxItems": videohost.MaxChapters,
	"description": "sorted by start; a chapter ends where the next begins, the last at the duration; empty when the video has none"}

// describeChapters adds the chapter routes and schema to the document.
func describeChapters(paths, schemas obj) {
	paths["/v1/videos/{id}/chapters"] = obj{
		"parameters": []obj{idParam},
		"get": operation("listChapters", "List the chapters of a video", nil, nil, "200",
			jsonResponse("the chapters, as one page", obj{
				"type": "object", "required": []string{"data", "next_cursor"},
				"properties": obj{"data": chaptersSchema, "next_cursor": obj{"type": "null"}},
			})),
		"put": operation("putChapters",
			"Replace the chapters of a video; published as chapters.vtt and in the HLS master (EXT-X-SESSION-DATA com.apple.hls.chapters) without re-encoding",
			nil, obj{"required": true, "description": "at most 1 MiB; 1 to 500 chapters with strictly increasing starts ≥ 0 (before the duration once it is known) and titles of 1 to 200 characters; a refusal names each field, as chapters[i].start or chapters[i].title",
				"content": obj{
					"text/vtt": obj{"schema": obj{"type": "string", "description": "WebVTT: each cue's text is a chapter title; only cue start times count"}},
					"application/json": obj{"schema": obj{"type": "array", "minItems": 1, "maxItems": videohost.MaxChapters, "items": obj{
						"type": "object", "required": []string{"start", "title"}, "additionalProperties": false,
						"properties": obj{"start": obj{"type": "number", "minimum": 0, "description": "seconds"}, "title": obj{"type": "string", "minLength": 1, "maxLength": videohost.MaxChapterTitleLen}},
					}}},
				}}, "200", jsonResponse("the video", ref("Video"))),
		"delete": operation("deleteChapters", "Remove every chapter of a video (404 when it has none)", nil, nil, "204", noContent),
	}
	// The embed lookup carries the chapters too (describeAccess made its
	// schema).
	embed := schemas["Embed"].(obj)
	embed["properties"].(obj)["chapters"] = chaptersSchema
	embed["required"] = append(embed["required"].([]string), "chapters")
	schemas["Chapter"] = obj{
		"type": "object", "required": []string{"start", "title"},
		"properties": obj{
			"start": obj{"type": "number", "minimum": 0, "description": "seconds, to the millisecond"},
			"title": obj{"type": "string", "minLength": 1, "maxLength": videohost.MaxChapterTitleLen},
		},
	}
}
