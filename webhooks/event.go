package webhooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Event kinds. The seven video.* kinds of Kinds are emitted at the state
// transitions of a video and sent to every endpoint that names no kinds;
// the opt-in kinds of OptInKinds are sent only to endpoints that list them.
// webhook.test is sent only by the "send a test event" action.
const (
	KindVideoCreated    = "video.created"
	KindVideoUploaded   = "video.uploaded"
	KindVideoProcessing = "video.processing"
	KindVideoReady      = "video.ready"
	KindVideoArchived   = "video.archived"
	KindVideoUnarchived = "video.unarchived"
	KindVideoDeleted    = "video.deleted"
	// KindVideoErrored is sent when a video ends errored; its data is the
	// video JSON, whose error holds the code and the message.
	KindVideoErrored = "video.errored"
	// KindVideoSubtitlesUpdated is sent when a subtitle track is added,
	// replaced or removed; the video JSON lists the tracks.
	KindVideoSubtitlesUpdated = "video.subtitles.updated"
	// KindVideoAssetErrored is sent when an added audio track or a poster
	// change could not be made; the video plays on as it was, and its JSON
	// says why (the track's error, or poster_error).
	KindVideoAssetErrored = "video.asset.errored"
	// The live_stream.* kinds are sent when a live stream moves into the
	// state they name: connected (a publisher, no media yet), active
	// (media flows), disconnected (the publisher left; the session waits
	// for it) and idle (the session is over). Their data is the live
	// stream as GET /v1/live-streams/{id} shows it, never its key, with
	// video_id, the session's video ("" when none).
	KindLiveStreamConnected    = "live_stream.connected"
	KindLiveStreamActive       = "live_stream.active"
	KindLiveStreamDisconnected = "live_stream.disconnected"
	KindLiveStreamIdle         = "live_stream.idle"
	KindWebhookTest            = "webhook.test"
)

// Kinds returns the seven video.* kinds an endpoint gets when it is created
// without a list of kinds, in lifecycle order. The slice is fresh: callers
// may modify it.
func Kinds() []string {
	return []string{
		KindVideoCreated, KindVideoUploaded, KindVideoProcessing, KindVideoReady,
		KindVideoArchived, KindVideoUnarchived, KindVideoDeleted,
	}
}

// OptInKinds returns the kinds sent only to endpoints that list them, so
// that receivers written for the seven kinds never see them. The slice is
// fresh.
func OptInKinds() []string {
	return []string{KindVideoErrored, KindVideoSubtitlesUpdated, KindVideoAssetErrored,
		KindLiveStreamConnected, KindLiveStreamActive, KindLiveStreamDisconnected, KindLiveStreamIdle}
}

// AllKinds returns every kind an endpoint can subscribe to: Kinds, then
// OptInKinds. The slice is fresh.
func AllKinds() []string { return append(Kinds(), OptInKinds()...) }

// ValidKind reports whether kind is one of AllKinds(): the values accepted
// in an endpoint's events filter. webhook.test is not among them, since a
// test event goes to the endpoint it is sent to regardless of its filter.
func ValidKind(kind string) bool { return slices.Contains(AllKinds(), kind) }

// Event is the body of every webhook delivery:
//
//	{"type": "video.ready", "timestamp": "2026-01-01T00:00:00Z", "data": {...}}
//
// Timestamp is when the event happened (not when it was delivered) and is
// written in RFC 3339, UTC. Data is the resource as the API returns it.
type Event struct {
	Type      string
	Timestamp time.Time
	Data      json.RawMessage
}

// NewEvent builds an event, marshalling data as JSON.
func NewEvent(kind string, at time.Time, data any) (Event, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Event{}, fmt.Errorf("new %s event: %w", kind, err)
	}
	return Event{Type: kind, Timestamp: at, Data: raw}, nil
}

type wireEvent struct {
	Type      string          `json:"type"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

// MarshalJSON writes the envelope. Empty Data becomes {} so that receivers
// can always index into it.
func (e Event) MarshalJSON() ([]byte, error) {
	if e.Type == "" {
		return nil, errors.New("webhooks: event has no type")
	}
	data := e.Data
	if len(bytes.TrimSpace(data)) == 0 {
		data = json.RawMessage("{}")
	}
	return json.Marshal(wireEvent{
		Type:      e.Type,
		Timestamp: e.Timestamp.UTC().Format(time.RFC3339Nano),
		Data:      data,
	})
}

// UnmarshalJSON reads the envelope, for receivers.
func (e *Event) UnmarshalJSON(b []byte) error {
	var w wireEvent
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if w.Type == "" {
		return errors.New("webhooks: event has no type")
	}
	ts, err := time.Parse(time.RFC3339Nano, w.Timestamp)
	if err != nil {
		return fmt.Errorf("webhooks: event timestamp: %w", err)
	}
	*e = Event{Type: w.Type, Timestamp: ts, Data: w.Data}
	return nil
}
