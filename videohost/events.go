package videohost

import (
	"encoding/json"
	"time"
)

// EventType is a kind of lifecycle event.
type EventType string

const (
	EventVideoCreated    EventType = "video.created"
	EventVideoUploaded   EventType = "video.uploaded"
	EventVideoProcessing EventType = "video.processing"
	EventVideoReady      EventType = "video.ready"
	EventVideoArchived   EventType = "video.archived"
	EventVideoUnarchived EventType = "video.unarchived"
	EventVideoDeleted    EventType = "video.deleted"
	// EventVideoErrored is emitted by every move into errored; the video
	// JSON it carries has the error's code and message.
	EventVideoErrored EventType = "video.errored"
	// EventVideoSubtitlesUpdated is emitted when a subtitle track is added,
	// replaced or removed, with the change itself.
	EventVideoSubtitlesUpdated EventType = "video.subtitles.updated"
	// EventVideoAssetErrored is emitted when an added audio track or a
	// poster change could not be made (the track's error, or the video's
	// poster_error, says why); the video plays on as it was.
	EventVideoAssetErrored EventType = "video.asset.errored"
)

// EventTypes lists the seven video event kinds in lifecycle order: what an
// endpoint created without a list of kinds receives.
func EventTypes() []EventType {
	return []EventType{EventVideoCreated, EventVideoUploaded, EventVideoProcessing,
		EventVideoReady, EventVideoArchived, EventVideoUnarchived, EventVideoDeleted}
}

// OptInEventTypes lists the kinds sent only to endpoints that ask for them,
// so that receivers written for the seven kinds never see them.
func OptInEventTypes() []EventType {
	return []EventType{EventVideoErrored, EventVideoSubtitlesUpdated, EventVideoAssetErrored}
}

// AllEventTypes lists every kind an endpoint can subscribe to: EventTypes,
// then OptInEventTypes.
func AllEventTypes() []EventType { return append(EventTypes(), OptInEventTypes()...) }

// Event is one row of the outbox: written in the same transaction as the
// change it reports, delivered later by the webhook dispatcher.
type Event struct {
	ID        string          `json:"id"`
	Seq       int64           `json:"-"`
	Type      EventType       `json:"type"`
	Space     string          `json:"space"`
	VideoID   string          `json:"video_id"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"` // the video JSON at the moment of the event
}
