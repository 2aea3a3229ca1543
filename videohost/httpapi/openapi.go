package httpapi

import (
	"encoding/json"
	"net/http"
	"sync"
)

// OpenAPI returns the OpenAPI 3.1 document served at /v1/openapi.json. It is
// built from the Go description below; a test checks it against the router
// (so a route cannot ship undocumented) and against a golden copy under
// testdata/ (so every change to the contract shows in review).
func OpenAPI() []byte {
	openAPIOnce.Do(func() {
		var err error
		openAPIJSON, err = json.MarshalIndent(openAPIDocument(), "", "  ")
		if err != nil {
			panic("httpapi: OpenAPI document does not marshal: " + err.Error())
		}
		openAPIJSON = append(openAPIJSON, '\n')
	})
	return openAPIJSON
}

// The document is immutable once built; building it once is only a cache.
var (
	openAPIOnce sync.Once
	openAPIJSON []byte
)

func (h *Handler) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Write(OpenAPI())
}

type obj = map[string]any

func ref(name string) obj { return obj{"$ref": "#/components/schemas/" + name} }

func str(desc string) obj { return obj{"type": "string", "description": desc} }

func nullable(t string) obj { return obj{"type": []string{t, "null"}} }

func jsonBody(schema obj) obj {
	return obj{"required": true, "content": obj{"application/json": obj{"schema": schema}}}
}

func jsonResponse(desc string, schema obj) obj {
	return obj{"description": desc, "content": obj{"application/json": obj{"schema": schema}}}
}

func page(item string) obj {
	return obj{
		"type":     "object",
		"required": []string{"data", "next_cursor"},
		"properties": obj{
			"data":        obj{"type": "array", "items": ref(item)},
			"next_cursor": obj{"type": []string{"string", "null"}, "description": "pass as cursor for the next page; null on the last page"},
		},
	}
}

func query(name, desc string, schema obj) obj {
	return obj{"name": name, "in": "query", "required": false, "description": desc, "schema": schema}
}

// originalAccessDoc describes the original_access field wherever it appears.
const originalAccessDoc = "serve the original upload at urls.original ({space_url}/{id}/original; ?download saves it as a file), " +
	"under the same playback policy as the other assets; when off (the default) that URL answers 404"

var idParam = obj{"name": "id", "in": "path", "required": true, "schema": obj{"type": "string"}}

// op describes one operation; the error responses every authenticated
// operation can give are added by operation().
func operation(id, summary string, params []obj, body obj, ok string, okResp obj) obj {
	o := obj{"operationId": id, "summary": summary, "responses": obj{ok: okResp}}
	if len(params) > 0 {
		o["parameters"] = params
	}
	if body != nil {
		o["requestBody"] = body
	}
	resp := o["responses"].(obj)
	for _, code := range []string{"400", "401", "403", "404", "409", "413", "429", "500"} {
		if _, set := resp[code]; !set {
			resp[code] = obj{"$ref": "#/components/responses/Problem"}
		}
	}
	return o
}

var noContent = obj{"description": "done; no body"}

func tusHeaders(names ...string) obj {
	h := obj{}
	for _, n := range names {
		h[n] = obj{"schema": obj{"type": "string"}}
	}
	return h
}

func openAPIDocument() obj {
	listLimit := query("limit", "page size, 1 to 100 (default 25 for videos, 100 for collections)", obj{"type": "integer", "minimum": 1, "maximum": 100})
	cursor := query("cursor", "next_cursor of the previous page", obj{"type": "string"})
	tusResumable := obj{"name": "Tus-Resumable", "in": "header", "required": true, "schema": obj{"const": "1.0.0"}}
	preflight := obj{
		"operationId": "", "summary": "tus protocol discovery and CORS preflight; no authentication",
		"security":  []obj{},
		"responses": obj{"200": obj{"description": "Tus-Version, Tus-Extension, Tus-Max-Size and CORS headers", "headers": tusHeaders("Tus-Version", "Tus-Extension", "Tus-Max-Size")}},
	}
	withID := func(o obj, id string) obj {
		c := obj{}
		for k, v := range o {
			c[k] = v
		}
		c["operationId"] = id
		return c
	}

	paths := obj{
		"/v1/videos": obj{
			"post": operation("createVideo", "Create a video from a URL the server fetches", nil,
				jsonBody(ref("CreateVideoInput")), "201", jsonResponse("the new video", ref("Video"))),
			"get": operation("listVideos", "List videos", []obj{
				listLimit, cursor,
				query("collection", "only videos in this collection", obj{"type": "string"}),
				query("state", "only videos in this state", obj{"type": "string", "enum": []string{"created", "uploaded", "processing", "ready", "errored"}}),
				query("archived", "only archived (true) or unarchived (false) videos", obj{"type": "boolean"}),
				query("q", "case-insensitive substring of the title", obj{"type": "string", "maxLength": 200}),
				query("order", "sort order", obj{"type": "string", "enum": []string{"created_desc", "created_asc"}, "default": "created_desc"}),
			}, nil, "200", jsonResponse("one page of videos", page("Video"))),
		},
		"/v1/videos/{id}": obj{
			"parameters": []obj{idParam},
			"get":        operation("getVideo", "Get a video", nil, nil, "200", jsonResponse("the video", ref("Video"))),
			"patch": operation("updateVideo", "Update the editable fields of a video", nil,
				jsonBody(ref("UpdateVideoInput")), "200", jsonResponse("the updated video", ref("Video"))),
			"delete": operation("deleteVideo", "Delete a video and its assets", nil, nil, "204", noContent),
		},
		"/v1/videos/{id}/archive": obj{
			"parameters": []obj{idParam},
			"post":       operation("archiveVideo", "Archive a video: hidden, its assets answer 404", nil, nil, "200", jsonResponse("the video", ref("Video"))),
		},
		"/v1/videos/{id}/unarchive": obj{
			"parameters": []obj{idParam},
			"post":       operation("unarchiveVideo", "Unarchive a video", nil, nil, "200", jsonResponse("the video", ref("Video"))),
		},
		"/v1/videos/{id}/subtitles": obj{
			"parameters": []obj{idParam},
			"get": operation("listSubtitles", "List the subtitle tracks of a video", nil, nil, "200",
				jsonResponse("the subtitle tracks", obj{"type": "object", "properties": obj{"data": obj{"type": "array", "items": ref("Subtitle")}, "next_cursor": nullable("string")}})),
		},
		"/v1/videos/{id}/subtitles/{language}": obj{
			"parameters": []obj{idParam, obj{"in": "path", "name": "language", "required": true, "schema": obj{"type": "string"}, "description": "a language tag such as en or pt-BR"}},
			"put": operation("putSubtitles", "Add or replace the subtitles of a language; republished without re-encoding",
				[]obj{query("label", "the name players show; default the language", obj{"type": "string"})},
				obj{"required": true, "content": obj{
					"text/vtt":             obj{"schema": obj{"type": "string"}},
					"application/x-subrip": obj{"schema": obj{"type": "string"}},
					"text/plain":           obj{"schema": obj{"type": "string"}},
				}}, "200", jsonResponse("the video", ref("Video"))),
			"delete": operation("deleteSubtitles", "Remove the subtitles of a language", nil, nil, "204", noContent),
		},
		"/v1/videos/{id}/audio-tracks/{language}": obj{
			"parameters": []obj{idParam, obj{"in": "path", "name": "language", "required": true, "schema": obj{"type": "string"}, "description": "a language tag such as fr or pt-BR; it names the added track (the source's own tracks stay whatever their language)"}},
			"put": operation("putAudioTrack", "Add or replace an audio track (dub, audio description) of a ready video: encoded once to AAC by a job and added to the HLS audio group and DASH; the video's segments are not touched; the file is probed before the answer, a few at once per server (503 unavailable with Retry-After past them)",
				[]obj{
					query("label", "the name players show (or the Reel-Label header); default the language, plus \" (audio description)\" for a description", obj{"type": "string", "maxLength": 100}),
					query("kind", "what the track is (or the Reel-Kind header)", obj{"type": "string", "enum": []string{"main", "dub", "description"}, "default": "dub"}),
				},
				obj{"required": true, "description": "any media file with an audio stream (its first is used), at most 2 GiB; padded with silence or cut to the video's duration",
					"content": obj{"application/octet-stream": obj{"schema": obj{"type": "string", "format": "binary"}}, "audio/*": obj{"schema": obj{"type": "string", "format": "binary"}}, "video/*": obj{"schema": obj{"type": "string", "format": "binary"}}}},
				"202", jsonResponse("the video; the track is processing until its job publishes it (then ready, or errored with error.code)", ref("Video"))),
			"delete": operation("deleteAudioTrack", "Remove an added audio track (a track of the source cannot be removed: 409 conflict)", nil, nil, "204", noContent),
		},
		"/v1/videos/{id}/poster": obj{
			"parameters": []obj{idParam},
			"put": operation("putPoster", "Set the poster of a ready video from an image (JPEG, PNG or WebP, at most 16 MiB, 4096 px a side and 64 MiB once decoded, 16-bit channels counted: 413 payload_too_large past it, from the header; scaled to at most 1920 wide) or from the frame at a time; a job remakes poster.jpg and poster.webp and publishes them as a new version; the image is decoded before the answer, a few at once per server (503 unavailable with Retry-After past them)",
				nil,
				obj{"required": true, "content": obj{
					"image/jpeg":       obj{"schema": obj{"type": "string", "format": "binary"}},
					"image/png":        obj{"schema": obj{"type": "string", "format": "binary"}},
					"image/webp":       obj{"schema": obj{"type": "string", "format": "binary"}},
					"application/json": obj{"schema": obj{"type": "object", "required": []string{"time"}, "properties": obj{"time": obj{"type": "number", "minimum": 0, "description": "seconds, within the duration"}}}},
				}}, "202", jsonResponse("the video, with poster_time and poster_image already set", ref("Video"))),
		},
		"/v1/collections": obj{
			"post": operation("createCollection", "Create a collection", nil,
				jsonBody(ref("CollectionInput")), "201", jsonResponse("the new collection", ref("Collection"))),
			"get": operation("listCollections", "List collections", []obj{
				listLimit, cursor,
				query("parent", "only the children of this collection; empty for the top level", obj{"type": "string"}),
			}, nil, "200", jsonResponse("one page of collections", page("Collection"))),
		},
		"/v1/collections/{id}": obj{
			"parameters": []obj{idParam},
			"get":        operation("getCollection", "Get a collection", nil, nil, "200", jsonResponse("the collection", ref("Collection"))),
			"patch": operation("updateCollection", "Rename or move a collection", nil,
				jsonBody(ref("CollectionInput")), "200", jsonResponse("the updated collection", ref("Collection"))),
			"delete": operation("deleteCollection", "Delete a collection; a non-empty one only with recursive=true (409 otherwise)",
				[]obj{query("recursive", "also delete nested collections and every video in them", obj{"type": "boolean", "default": false})},
				nil, "204", noContent),
		},
		"/v1/space": obj{
			"get": operation("getSpace", "Get the space of the key", nil, nil, "200", jsonResponse("the space", ref("Space"))),
		},
		"/v1/keys": obj{
			"post": operation("createKey", "Create an API key (read-write keys only); the secret is in key, shown once", nil,
				jsonBody(ref("CreateKeyInput")), "201", jsonResponse("the new key with its secret", ref("Key"))),
			"get": operation("listKeys", "List API keys (read-write keys only), without secrets", nil, nil, "200", jsonResponse("every key of the space", page("Key"))),
		},
		"/v1/keys/{id}": obj{
			"parameters": []obj{idParam},
			"delete":     operation("deleteKey", "Delete an API key", nil, nil, "204", noContent),
		},
		"/v1/uploads": obj{
			"options": withID(preflight, "uploadOptions"),
			"post": operation("createUpload", "tus 1.0.0 creation (and creation-with-upload): creates the upload and its video", []obj{
				tusResumable,
				{"name": "Upload-Length", "in": "header", "required": true, "schema": obj{"type": "integer", "minimum": 0}},
				{"name": "Upload-Metadata", "in": "header", "required": false, "description": "tus metadata: title, collection, filename (base64 values)", "schema": obj{"type": "string"}},
			}, obj{"required": false, "content": obj{"application/offset+octet-stream": obj{"schema": obj{"type": "string", "format": "binary"}}}},
				"201", obj{"description": "upload created", "headers": tusHeaders("Location", "Reel-Video-Id", "Upload-Expires", "Upload-Offset", "Tus-Resumable")}),
		},
		"/v1/uploads/{id}": obj{
			"parameters": []obj{idParam},
			"options":    withID(preflight, "uploadResourceOptions"),
			"head": operation("uploadOffset", "tus offset of an upload", []obj{tusResumable}, nil,
				"200", obj{"description": "where the upload is", "headers": tusHeaders("Upload-Offset", "Upload-Length", "Upload-Expires", "Reel-Video-Id", "Tus-Resumable")}),
			"patch": operation("uploadChunk", "tus PATCH: append bytes at Upload-Offset; the request that completes the upload answers once the video is uploaded", []obj{
				tusResumable,
				{"name": "Upload-Offset", "in": "header", "required": true, "schema": obj{"type": "integer", "minimum": 0}},
			}, obj{"required": true, "content": obj{"application/offset+octet-stream": obj{"schema": obj{"type": "string", "format": "binary"}}}},
				"204", obj{"description": "bytes stored", "headers": tusHeaders("Upload-Offset", "Upload-Expires", "Reel-Video-Id", "Tus-Resumable")}),
			"delete": operation("terminateUpload", "tus termination: removes the upload, and its video when the upload was creating one", []obj{tusResumable}, nil, "204", noContent),
		},
		"/v1/openapi.json": obj{
			"get": obj{
				"operationId": "openAPI", "summary": "This document", "security": []obj{},
				"responses": obj{"200": obj{"description": "the OpenAPI 3.1 document", "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}}},
			},
		},
	}

	schemas := obj{
		"Problem": obj{
			"type": "object", "description": "RFC 9457 problem details",
			"required": []string{"type", "title", "status", "detail", "code"},
			"properties": obj{
				"type":   obj{"type": "string", "format": "uri", "description": ProblemTypeBase + "{code}"},
				"title":  str("the HTTP status text"),
				"status": obj{"type": "integer"},
				"detail": str("what went wrong, for people"),
				"code": obj{"type": "string", "description": "stable, for programs", "enum": []string{
					"unauthorized", "forbidden", "read_only_key", "not_found", "validation_failed", "input_url_not_allowed",
					"invalid_codec_policy", "conflict", "invalid_transition", "payload_too_large", "quota_exceeded", "rate_limited", "too_many_fetches", "too_many_uploads", "token_invalid", "token_expired",
					"unavailable", "internal", codeMethodNotAllowed, CodeUploadNotFound, CodeUploadOffsetMismatch, CodeUploadLocked,
					CodeUploadInterrupted, CodeTusVersionUnsupported, CodeNotImplemented, CodeRangeNotSatisfiable, CodePreconditionFailed}},
				"errors": obj{"type": "array", "items": ref("FieldError")},
			},
		},
		"FieldError": obj{
			"type": "object", "required": []string{"field", "message"},
			"properties": obj{"field": str("the request field (or query parameter) at fault"), "message": str("why")},
		},
		"Video": obj{
			"type": "object",
			"required": []string{"id", "embed", "space", "collection", "title", "description", "metadata", "state", "playable", "archived",
				"duration", "width", "height", "aspect_ratio", "source", "renditions", "audio_tracks", "subtitles", "chapters", "urls",
				"playback_policy", "original_access", "poster_time", "poster_image", "poster_error", "error", "progress", "created_at", "updated_at", "ready_at"},
			"properties": obj{
				"id":              str("12 characters"),
				"embed":           str("15 characters: the space id and 10 more"),
				"space":           str("5 characters"),
				"collection":      nullable("string"),
				"title":           obj{"type": "string", "maxLength": 512},
				"description":     obj{"type": "string", "maxLength": 10000},
				"metadata":        ref("Metadata"),
				"state":           obj{"type": "string", "enum": []string{"created", "uploaded", "processing", "ready", "errored"}},
				"playable":        obj{"type": "boolean"},
				"archived":        obj{"type": "boolean"},
				"duration":        obj{"type": "number", "description": "seconds"},
				"width":           obj{"type": "integer"},
				"height":          obj{"type": "integer"},
				"aspect_ratio":    obj{"type": "string", "examples": []string{"16:9"}},
				"source":          obj{"oneOf": []obj{ref("Source"), {"type": "null"}}},
				"renditions":      obj{"type": "array", "items": ref("Rendition")},
				"audio_tracks":    obj{"type": "array", "items": ref("AudioTrack")},
				"subtitles":       obj{"type": "array", "items": ref("Subtitle")},
				"chapters":        chaptersSchema,
				"urls":            ref("VideoURLs"),
				"playback_policy": obj{"type": "string", "enum": []string{"public", "signed"}},
				"original_access": obj{"type": "boolean", "description": originalAccessDoc},
				"poster_time":     nullable("number"),
				"poster_image":    obj{"type": "boolean", "description": "the poster was made from an uploaded image (PUT /v1/videos/{id}/poster), not from the frame at poster_time"},
				"poster_error": obj{"oneOf": []obj{{
					"type": "object", "required": []string{"code", "message"},
					"description": "why the last poster change (an image, or a time) could not be made: the video keeps the poster it had; null otherwise, and cleared by the next change",
					"properties": obj{
						"code":    obj{"type": "string", "examples": []string{"not_media", "unsupported_codec", "transcode_failed"}},
						"message": obj{"type": "string"},
					},
				}, {"type": "null"}}},
				"codec_policy": obj{"$ref": "#/components/schemas/CodecState", "description": "the video's effective codec policy and what it has of it; on GET /v1/videos/{id} only"},
				"progress": obj{"type": []string{"number", "null"}, "minimum": 0, "maximum": 100,
					"description": "percent of the encode done while processing; null in other states and in webhook payloads"},
				"input_url": obj{"type": "string", "format": "uri"},
				"error": obj{"oneOf": []obj{{
					"type": "object", "required": []string{"code", "message"},
					"properties": obj{
						"code":    obj{"type": "string", "enum": []string{"fetch_failed", "not_media", "unsupported_codec", "duration_too_long", "too_large", "transcode_failed", "upload_expired", "quota_exceeded"}},
						"message": obj{"type": "string"},
					},
				}, {"type": "null"}}},
				"created_at": obj{"type": "string", "format": "date-time"},
				"updated_at": obj{"type": "string", "format": "date-time"},
				"ready_at":   obj{"type": []string{"string", "null"}, "format": "date-time"},
			},
		},
		"Metadata": obj{
			"type": "object", "maxProperties": 50, "additionalProperties": obj{"type": "string", "maxLength": 1024},
			"propertyNames": obj{"minLength": 1, "maxLength": 64},
		},
		"Source": obj{"type": "object", "required": []string{"size", "container", "video_codec", "audio_codec", "frame_rate", "width", "height"}, "properties": obj{
			"size": obj{"type": "integer"}, "container": obj{"type": "string"}, "video_codec": obj{"type": "string"},
			"audio_codec": obj{"type": "string"}, "frame_rate": obj{"type": "number"},
			"width":       obj{"type": "integer", "description": "the source's own upright width (the video's width is the ladder's top rendition); 0 for audio-only"},
			"height":      obj{"type": "integer", "description": "the source's own upright height; 0 for audio-only"},
			"live_stream": obj{"type": "string", "description": "the live stream (/v1/live-streams/{id}) the video was recorded from; absent for an uploaded or fetched source"},
		}},
		"Rendition": obj{"type": "object", "required": []string{"name", "codec", "quality", "width", "height", "bitrate", "size", "url"}, "properties": obj{
			"name": obj{"type": "string"}, "codec": obj{"type": "string"}, "quality": obj{"type": "string"},
			"width": obj{"type": "integer"}, "height": obj{"type": "integer"}, "bitrate": obj{"type": "integer"},
			"size": obj{"type": "integer"}, "url": obj{"type": "string", "format": "uri"},
		}},
		"AudioTrack": obj{"type": "object", "required": []string{"id", "language", "label", "default", "url", "kind", "added", "state"}, "properties": obj{
			"id": obj{"type": "string", "description": "0, 1, … for the source's tracks; the language for an added one"}, "language": obj{"type": "string"}, "label": obj{"type": "string"},
			"default": obj{"type": "boolean"}, "url": obj{"type": "string", "format": "uri"},
			"kind":  obj{"type": "string", "enum": []string{"main", "dub", "description"}, "description": "main for the source's own tracks"},
			"added": obj{"type": "boolean", "description": "added after upload (PUT /v1/videos/{id}/audio-tracks/{language})"},
			"state": obj{"type": "string", "enum": []string{"processing", "ready", "errored"}, "description": "an added track is processing until published"},
			"error": obj{"type": "object", "description": "why an errored track could not be encoded", "required": []string{"code", "message"}, "properties": obj{"code": obj{"type": "string"}, "message": obj{"type": "string"}}},
		}},
		"Subtitle": obj{"type": "object", "required": []string{"language", "label", "url"}, "properties": obj{
			"language": obj{"type": "string"}, "label": obj{"type": "string"}, "url": obj{"type": "string", "format": "uri"},
		}},
		"VideoURLs": obj{"type": "object", "description": "deterministic asset URLs; empty until the asset exists",
			"required": []string{"hls", "dash", "poster", "clip", "audio", "storyboard", "storyboard_vtt", "frame", "original"}, "properties": obj{
				"hls": obj{"type": "string"}, "dash": obj{"type": "string"}, "poster": obj{"type": "string"}, "clip": obj{"type": "string"},
				"audio": obj{"type": "string"}, "storyboard": obj{"type": "string"}, "storyboard_vtt": obj{"type": "string"},
				"frame":           str("a template with {time} and {width}; empty once the video is known to have no pictures (audio-only, or errored)"),
				"original":        str("the original upload, while original_access is on and the video is playable; empty otherwise"),
				"chapters":        str("{space_url}/{id}/chapters.vtt (WebVTT chapters); present only while the video has chapters and its published version holds them"),
				"low_latency_hls": str("{base_url}/live/{space}/{id}/master.m3u8: a live video's low-latency HLS while its session runs, served by the ingest process (a signed video's with its token, as urls.hls); absent otherwise"),
			}},
		"CreateVideoInput": obj{
			"type": "object", "required": []string{"input_url"},
			"properties": obj{
				"input_url":       obj{"type": "string", "format": "uri", "maxLength": 4096, "description": "http or https; private, loopback, link-local and metadata addresses are refused (input_url_not_allowed)"},
				"collection":      obj{"type": []string{"string", "null"}},
				"title":           obj{"type": "string", "maxLength": 512},
				"description":     obj{"type": "string", "maxLength": 10000},
				"metadata":        ref("Metadata"),
				"playback_policy": obj{"type": "string", "enum": []string{"public", "signed"}, "default": "public"},
				"original_access": obj{"type": "boolean", "default": false, "description": originalAccessDoc},
			},
		},
		"UpdateVideoInput": obj{
			"type": "object", "description": "absent fields are kept",
			"properties": obj{
				"title":           obj{"type": "string", "maxLength": 512},
				"description":     obj{"type": "string", "maxLength": 10000},
				"collection":      obj{"type": "string", "description": "empty moves the video out of any collection"},
				"metadata":        ref("Metadata"),
				"playback_policy": obj{"type": "string", "enum": []string{"public", "signed"}},
				"poster_time":     obj{"type": "number", "minimum": 0, "description": "seconds; on a ready video the poster is remade from that frame, as PUT /v1/videos/{id}/poster with a time does"},
				"original_access": obj{"type": "boolean", "description": originalAccessDoc},
			},
		},
		"Collection": obj{
			"type": "object", "required": []string{"id", "space", "name", "parent", "created_at", "updated_at"},
			"properties": obj{
				"id": obj{"type": "string"}, "space": obj{"type": "string"}, "name": obj{"type": "string"},
				"parent":     nullable("string"),
				"created_at": obj{"type": "string", "format": "date-time"},
				"updated_at": obj{"type": "string", "format": "date-time"},
			},
		},
		"CollectionInput": obj{
			"type": "object", "description": "name is required at creation; on update absent fields are kept, and parent \"\" moves to the top level",
			"properties": obj{"name": obj{"type": "string", "minLength": 1, "maxLength": 200}, "parent": obj{"type": []string{"string", "null"}}},
		},
		"Space": obj{
			"type": "object", "required": []string{"id", "name", "space_url", "image_url", "cdn_url", "quotas", "created_at"},
			"properties": obj{
				"id": obj{"type": "string"}, "name": obj{"type": "string"},
				"space_url": obj{"type": "string", "format": "uri"}, "image_url": obj{"type": "string", "format": "uri"},
				"cdn_url": obj{"type": "string", "format": "uri"}, "created_at": obj{"type": "string", "format": "date-time"},
				"quotas": ref("Quotas"),
				"usage":  ref("Usage"),
				"key": obj{
					"type": "object", "description": "the API key that asked (GET /v1/space only): a client learns whether it may write",
					"required": []string{"id", "access"},
					"properties": obj{
						"id":     obj{"type": "string"},
						"access": obj{"type": "string", "enum": []string{"read_write", "read_only"}},
					},
				},
			},
		},
		"Key": obj{
			"type": "object", "required": []string{"id", "space", "access", "name", "created_at", "last_used_at"},
			"properties": obj{
				"id": obj{"type": "string"}, "space": obj{"type": "string"},
				"access":       obj{"type": "string", "enum": []string{"read_write", "read_only"}},
				"name":         obj{"type": "string"},
				"key":          str("the secret, only in the response that creates the key"),
				"created_at":   obj{"type": "string", "format": "date-time"},
				"last_used_at": obj{"type": []string{"string", "null"}, "format": "date-time"},
			},
		},
		"CreateKeyInput": obj{
			"type": "object", "required": []string{"access"},
			"properties": obj{
				"access": obj{"type": "string", "enum": []string{"read_write", "read_only"}},
				"name":   obj{"type": "string", "maxLength": 200},
			},
		},
	}

	describeAccess(paths, schemas)
	describeAnalytics(paths, schemas)
	describeWebhooks(paths, schemas)
	describeHealth(paths)
	describePlayer(paths, schemas)
	describeCodecs(paths, schemas)
	describeChapters(paths, schemas)
	describeSpaces(paths, schemas)
	describeLiveStreams(paths, schemas)

	return obj{
		"openapi": "3.1.0",
		"info": obj{
			"title":       "Reel API",
			"version":     "1",
			"description": "The REST API of Reel, a self-hostable video platform. Errors are RFC 9457 problem documents. Every authenticated response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 carries Retry-After.",
		},
		"servers":  []obj{{"url": "/", "description": "the API root (the server's base URL)"}},
		"security": []obj{{"bearer": []string{}}},
		"paths":    paths,
		"webhooks": describeWebhookEvents(),
		"components": obj{
			"securitySchemes": obj{"bearer": obj{"type": "http", "scheme": "bearer", "description": "an API key (rk_...); read-only keys may only GET. An admin key (refserver keys create --admin) reaches only /v1/spaces; a space's key is refused there (403 forbidden), and an admin key everywhere else"}},
			"responses": obj{"Problem": obj{
				"description": "an error",
				"content":     obj{"application/problem+json": obj{"schema": ref("Problem")}},
			}},
			"schemas": schemas,
		},
	}
}

// describeSpaces adds the installation's routes (an admin key only) and the
// quota schemas.
func describeSpaces(paths, schemas obj) {
	adminOnly := " (admin key only; any other key is 403 forbidden)"
	paths["/v1/spaces"] = obj{
		"post": operation("createSpace", "Create a space"+adminOnly, nil,
			jsonBody(ref("SpaceInput")), "201", jsonResponse("the new space, with its usage", ref("Space"))),
		"get": operation("listSpaces", "List the installation's spaces, by id"+adminOnly, []obj{
			query("limit", "page size, 1 to 100 (default 100)", obj{"type": "integer", "minimum": 1, "maximum": 100}),
			query("cursor", "next_cursor of the previous page", obj{"type": "string"}),
		}, nil, "200", jsonResponse("one page of spaces", page("Space"))),
	}
	paths["/v1/spaces/{id}"] = obj{
		"parameters": []obj{idParam},
		"get":        operation("getSpaceByID", "Get a space with its quotas and usage"+adminOnly, nil, nil, "200", jsonResponse("the space", ref("Space"))),
		"patch": operation("updateSpace", "Rename a space or change its quotas"+adminOnly+
			"; a quota lowered below the usage keeps what is there and refuses what would add more", nil,
			jsonBody(ref("SpaceInput")), "200", jsonResponse("the updated space, with its usage", ref("Space"))),
		"delete": operation("deleteSpace", "Delete a space"+adminOnly+
			": refused (409) while it holds videos or collections unless recursive=true, which deletes every video (assets included) and collection first; "+
			"its keys, signing keys, webhook endpoints, player settings and live streams go with it, and its id is never reused",
			[]obj{query("recursive", "also delete every video and collection in the space", obj{"type": "boolean", "default": false})},
			nil, "204", noContent),
	}
	paths["/v1/spaces/{id}/keys"] = obj{
		"parameters": []obj{idParam},
		"post": operation("createSpaceKey", "Create an API key in a space"+adminOnly+"; the secret is in key, shown once", nil,
			jsonBody(ref("CreateKeyInput")), "201", jsonResponse("the new key with its secret", ref("Key"))),
	}
	quota := func(desc string) obj {
		return obj{"type": []string{"integer", "null"}, "minimum": 0, "description": desc + "; null: unlimited"}
	}
	schemas["Quotas"] = obj{
		"type": "object", "description": "what a space may hold; every video not deleted counts, errored ones included. " +
			"Creating a video past max_videos, or a tus upload whose Upload-Length takes the stored bytes past max_bytes, is 413 quota_exceeded, " +
			"and so is the PATCH of an upload of deferred length (no Upload-Length) whose bytes would cross max_bytes; " +
			"a fetched source past max_bytes, or a video whose duration (known when it is first published) takes the space past max_minutes, " +
			"ends errored with error.code quota_exceeded",
		"required": []string{"max_bytes", "max_minutes", "max_videos"},
		"properties": obj{
			"max_bytes":   quota("bytes of sources stored (an upload counts the length it declared from its creation on, one of deferred length the bytes it received)"),
			"max_minutes": quota("minutes of video, summed over the videos' durations"),
			"max_videos":  quota("number of videos"),
		},
	}
	schemas["Usage"] = obj{
		"type": "object", "description": "what the space holds, as its quotas count it (GET /v1/space, GET /v1/spaces/{id})",
		"required": []string{"bytes", "minutes", "videos"},
		"properties": obj{
			"bytes":   obj{"type": "integer"},
			"minutes": obj{"type": "number"},
			"videos":  obj{"type": "integer"},
		},
	}
	schemas["SpaceInput"] = obj{
		"type": "object", "description": "name is required at creation; on update absent fields are kept, and in quotas an absent member keeps its quota",
		"properties": obj{
			"name": obj{"type": "string", "minLength": 1, "maxLength": 200},
			"quotas": obj{
				"type": "object", "additionalProperties": false,
				"properties": obj{
					"max_bytes":   quota("bytes of sources stored"),
					"max_minutes": quota("minutes of video"),
					"max_videos":  quota("number of videos"),
				},
			},
		},
	}
}
