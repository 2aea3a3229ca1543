package httpapi

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/webhookadmin"
	"github.com/reelvideo/reel/webhooks"
)

// mountWebhookRoutes serves webhook endpoints, their delivery log,
// redelivery, test events and secret rotation.
func (h *Handler) mountWebhookRoutes(r *mux.Router) {
	api := func(method, path string, fn apiFunc) {
		r.Handle(path, h.authenticated(fn)).Methods(method)
	}
	api(http.MethodPost, "/v1/webhooks", h.createWebhook)
	api(http.MethodGet, "/v1/webhooks", h.listWebhooks)
	api(http.MethodGet, "/v1/webhooks/{id}", h.getWebhook)
	api(http.MethodPatch, "/v1/webhooks/{id}", h.updateWebhook)
	api(http.MethodDelete, "/v1/webhooks/{id}", h.deleteWebhook)
	api(http.MethodPost, "/v1/webhooks/{id}/rotate-secret", h.rotateWebhookSecret)
	api(http.MethodPost, "/v1/webhooks/{id}/test", h.testWebhook)
	api(http.MethodGet, "/v1/webhooks/{id}/deliveries", h.listWebhookDeliveries)
	api(http.MethodGet, "/v1/webhooks/{id}/deliveries/{delivery}", h.getWebhookDelivery)
	api(http.MethodPost, "/v1/webhooks/{id}/deliveries/{delivery}/retry", h.retryWebhookDelivery)
	api(http.MethodGet, "/v1/videos/{id}/events", h.listVideoEvents)
}

// listVideoEvents answers a video's events, newest first, each with its
// deliveries: what the video's page shows of webhooks.
func (h *Handler) listVideoEvents(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		return err
	}
	page, err := h.svc.VideoEvents(r.Context(), p, mux.Vars(r)["id"], limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (h *Handler) createWebhook(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in webhookadmin.CreateWebhookInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	hook, err := h.hooks.CreateWebhook(r.Context(), p, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, hook)
	return nil
}

func (h *Handler) listWebhooks(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		return err
	}
	page, err := h.hooks.Webhooks(r.Context(), p, limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (h *Handler) getWebhook(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	hook, err := h.hooks.Webhook(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, hook)
	return nil
}

func (h *Handler) updateWebhook(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	var in webhookadmin.UpdateWebhookInput
	if err := h.decodeJSON(w, r, &in); err != nil {
		return err
	}
	hook, err := h.hooks.UpdateWebhook(r.Context(), p, mux.Vars(r)["id"], in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, hook)
	return nil
}

func (h *Handler) deleteWebhook(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	if err := h.hooks.DeleteWebhook(r.Context(), p, mux.Vars(r)["id"]); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) rotateWebhookSecret(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	hook, err := h.hooks.RotateWebhookSecret(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, hook)
	return nil
}

// testWebhook answers 202: the test event is queued and sent by the
// dispatcher within a moment; its delivery shows how it went.
func (h *Handler) testWebhook(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	d, err := h.hooks.TestWebhook(r.Context(), p, mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, d)
	return nil
}

func (h *Handler) listWebhookDeliveries(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	q := r.URL.Query()
	limit, err := intParam(q.Get("limit"), "limit")
	if err != nil {
		return err
	}
	page, err := h.hooks.WebhookDeliveries(r.Context(), p, mux.Vars(r)["id"], limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (h *Handler) getWebhookDelivery(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	vars := mux.Vars(r)
	d, err := h.hooks.WebhookDelivery(r.Context(), p, vars["id"], vars["delivery"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// retryWebhookDelivery answers 202 with the delivery, pending and due now.
func (h *Handler) retryWebhookDelivery(w http.ResponseWriter, r *http.Request, p *videohost.Principal) error {
	vars := mux.Vars(r)
	d, err := h.hooks.RetryWebhookDelivery(r.Context(), p, vars["id"], vars["delivery"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, d)
	return nil
}

// describeWebhooks adds the webhook routes and schemas to the document.
func describeWebhooks(paths, schemas obj) {
	listLimit := query("limit", "page size, 1 to 100 (default 25)", obj{"type": "integer", "minimum": 1, "maximum": 100})
	cursor := query("cursor", "next_cursor of the previous page", obj{"type": "string"})
	deliveryParam := obj{"name": "delivery", "in": "path", "required": true, "schema": obj{"type": "string"}}
	hook := jsonResponse("the endpoint", ref("WebhookEndpoint"))
	withSecret := jsonResponse("the endpoint with its secret, shown this once", ref("WebhookEndpoint"))
	delivery := jsonResponse("the delivery", ref("WebhookDelivery"))

	paths["/v1/webhooks"] = obj{
		"post": operation("createWebhook", fmt.Sprintf("Create a webhook endpoint (at most %d a space: 409 conflict past it); the signing secret is in secret, shown once", videohost.MaxWebhooksPerSpace), nil,
			jsonBody(ref("CreateWebhookInput")), "201", withSecret),
		"get": operation("listWebhooks", "List webhook endpoints, oldest first", []obj{listLimit, cursor},
			nil, "200", jsonResponse("one page of endpoints", page("WebhookEndpoint"))),
	}
	paths["/v1/webhooks/{id}"] = obj{
		"parameters": []obj{idParam},
		"get":        operation("getWebhook", "Get a webhook endpoint", nil, nil, "200", hook),
		"patch": operation("updateWebhook", "Change url, events, description or enabled; pending deliveries follow the new URL, and wait while disabled", nil,
			jsonBody(ref("UpdateWebhookInput")), "200", hook),
		"delete": operation("deleteWebhook", "Delete a webhook endpoint and its delivery log", nil, nil, "204", noContent),
	}
	paths["/v1/webhooks/{id}/rotate-secret"] = obj{
		"parameters": []obj{idParam},
		"post": operation("rotateWebhookSecret", "Replace the signing secret; the old one keeps signing (a second signature) for 24 h",
			nil, nil, "200", withSecret),
	}
	paths["/v1/webhooks/{id}/test"] = obj{
		"parameters": []obj{idParam},
		"post": operation("testWebhook", "Queue a signed webhook.test event for this endpoint, sent at once", nil, nil,
			"202", jsonResponse("the queued delivery", ref("WebhookDelivery"))),
	}
	paths["/v1/webhooks/{id}/deliveries"] = obj{
		"parameters": []obj{idParam},
		"get": operation("listWebhookDeliveries", "The delivery log of an endpoint, newest first, with every attempt",
			[]obj{listLimit, cursor}, nil, "200", jsonResponse("one page of deliveries", page("WebhookDelivery"))),
	}
	paths["/v1/webhooks/{id}/deliveries/{delivery}"] = obj{
		"parameters": []obj{idParam, deliveryParam},
		"get":        operation("getWebhookDelivery", "One delivery with its attempts", nil, nil, "200", delivery),
	}
	paths["/v1/webhooks/{id}/deliveries/{delivery}/retry"] = obj{
		"parameters": []obj{idParam, deliveryParam},
		"post": operation("retryWebhookDelivery", "Schedule an immediate new attempt, failed and delivered deliveries included", nil, nil,
			"202", jsonResponse("the delivery, pending", ref("WebhookDelivery"))),
	}

	paths["/v1/videos/{id}/events"] = obj{
		"parameters": []obj{idParam},
		"get": operation("listVideoEvents", "The events of a video's lifecycle, newest first, each with its deliveries to every endpoint that listens for its kind",
			[]obj{listLimit, cursor}, nil, "200", jsonResponse("one page of events", page("VideoEvent"))),
	}

	eventKinds := obj{"type": "string", "enum": webhooks.AllKinds()}
	dateTime := obj{"type": "string", "format": "date-time"}
	schemas["VideoEvent"] = obj{
		"type":     "object",
		"required": []string{"id", "type", "created_at", "deliveries"},
		"properties": obj{
			"id":         str("the webhook-id header of every delivery of the event"),
			"type":       eventKinds,
			"created_at": dateTime,
			"deliveries": obj{"type": "array", "items": ref("WebhookDelivery"), "description": "one per endpoint the event went to"},
		},
	}
	schemas["WebhookEndpoint"] = obj{
		"type":     "object",
		"required": []string{"id", "space", "url", "description", "events", "enabled", "previous_secret_expires_at", "created_at", "updated_at"},
		"properties": obj{
			"id": obj{"type": "string"}, "space": obj{"type": "string"},
			"url":         obj{"type": "string", "format": "uri", "maxLength": videohost.MaxWebhookURLLen},
			"description": obj{"type": "string", "maxLength": videohost.MaxWebhookDescription},
			"events":      obj{"type": "array", "items": eventKinds},
			"enabled":     obj{"type": "boolean"},
			"secret":      str("whsec_ + base64 of 32 bytes (Standard Webhooks); only in the answers of create and rotate-secret"),
			"previous_secret_expires_at": obj{"type": []string{"string", "null"}, "format": "date-time",
				"description": "until then deliveries also carry a signature with the secret replaced by the last rotation"},
			"created_at": dateTime, "updated_at": dateTime,
		},
	}
	schemas["CreateWebhookInput"] = obj{
		"type": "object", "required": []string{"url"},
		"properties": obj{
			"url": obj{"type": "string", "format": "uri", "maxLength": videohost.MaxWebhookURLLen,
				"description": "http or https; private, loopback, link-local and metadata addresses are refused (validation_failed on url)"},
			"events": obj{"type": "array", "minItems": 1, "items": eventKinds,
				"description": "the kinds to receive; when absent, the seven lifecycle kinds (video.errored, video.subtitles.updated, video.asset.errored and the live_stream.* kinds are sent only to endpoints that list them)"},
			"description": obj{"type": "string", "maxLength": videohost.MaxWebhookDescription},
			"enabled":     obj{"type": "boolean", "default": true},
		},
	}
	schemas["UpdateWebhookInput"] = obj{
		"type": "object", "description": "absent fields are kept",
		"properties": obj{
			"url":         obj{"type": "string", "format": "uri", "maxLength": videohost.MaxWebhookURLLen},
			"events":      obj{"type": "array", "minItems": 1, "items": eventKinds},
			"description": obj{"type": "string", "maxLength": videohost.MaxWebhookDescription},
			"enabled":     obj{"type": "boolean"},
		},
	}
	schemas["WebhookDelivery"] = obj{
		"type":     "object",
		"required": []string{"id", "endpoint", "event_id", "type", "state", "attempts", "created_at", "next_attempt_at"},
		"properties": obj{
			"id": obj{"type": "string"}, "endpoint": obj{"type": "string"},
			"event_id":        str("the webhook-id header: the same on every attempt, for deduplication"),
			"type":            obj{"type": "string", "enum": append(webhooks.AllKinds(), webhooks.KindWebhookTest)},
			"state":           obj{"type": "string", "enum": []string{"pending", "delivered", "failed"}},
			"attempts":        obj{"type": "array", "items": ref("DeliveryAttempt")},
			"created_at":      dateTime,
			"next_attempt_at": obj{"type": []string{"string", "null"}, "format": "date-time", "description": "null unless pending"},
		},
	}
	schemas["DeliveryAttempt"] = obj{
		"type":     "object",
		"required": []string{"at", "status", "duration_ms", "error", "response_excerpt"},
		"properties": obj{
			"at":               dateTime,
			"status":           obj{"type": "integer", "description": "the HTTP status; 0 when there was no answer"},
			"duration_ms":      obj{"type": "integer"},
			"error":            str("why the attempt failed; empty on success"),
			"response_excerpt": obj{"type": "string", "maxLength": videohost.MaxResponseExcerpt, "description": "the start of the answer's body"},
		},
	}
}

// describeWebhookEvents is the document's webhooks section: one request per
// event kind, as Reel sends it to an endpoint.
func describeWebhookEvents() obj {
	out := obj{}
	optIn := webhooks.OptInKinds()
	for _, kind := range webhooks.AllKinds() {
		summary := "Sent to every endpoint that names no kinds, and to those that list it"
		if slices.Contains(optIn, kind) {
			summary = "Opt-in: sent only to endpoints whose events list it"
		}
		data := obj{"$ref": "#/components/schemas/Video", "description": "the video as GET /v1/videos/{id} shows it, without input_url"}
		switch kind {
		case webhooks.KindVideoErrored:
			data["description"] = "the video; its error holds the code and the message"
		case webhooks.KindVideoAssetErrored:
			data["description"] = "the video, still playing as it was; the errored added audio track's error, or poster_error, holds the code and the message"
		case webhooks.KindLiveStreamConnected, webhooks.KindLiveStreamActive, webhooks.KindLiveStreamDisconnected, webhooks.KindLiveStreamIdle:
			data = obj{
				"description": "the live stream as GET /v1/live-streams/{id} shows it (never its key), in the state the kind names, with the session's video",
				"allOf": []obj{ref("LiveStream"), {
					"type": "object", "required": []string{"video_id"},
					"properties": obj{"video_id": str("the video of the session the event is about (for idle, the session that ended); empty when it has none, such as a publisher connected before any media")},
				}},
			}
		}
		out[kind] = obj{"post": obj{
			"operationId": "event." + kind,
			"summary":     summary,
			"parameters": []obj{
				{"name": "webhook-id", "in": "header", "required": true, "schema": obj{"type": "string"}, "description": "the same on every attempt: deduplicate on it"},
				{"name": "webhook-timestamp", "in": "header", "required": true, "schema": obj{"type": "string"}, "description": "unix seconds of this attempt"},
				{"name": "webhook-signature", "in": "header", "required": true, "schema": obj{"type": "string"},
					"description": "v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}> per Standard Webhooks; two, space-separated, during a secret rotation"},
			},
			"requestBody": jsonBody(obj{
				"type": "object", "required": []string{"type", "timestamp", "data"},
				"properties": obj{
					"type":      obj{"const": kind},
					"timestamp": obj{"type": "string", "format": "date-time", "description": "when the change happened"},
					"data":      data,
				},
			}),
			"responses": obj{"2XX": obj{"description": "delivered; anything else (redirects included) is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h"}},
		}}
	}
	return out
}
