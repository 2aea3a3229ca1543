package videohost

import (
	"encoding/json"
	"time"
)

// EventType is a kind of lifecycle event; the seven video kinds are the only
// ones a transition emits.
type EventType string

const (
	EventVideoCreated    EventType = "video.created"
	EventVideoUploaded   EventType = "video.uploaded"
	EventVideoProcessing EventType = "video.processing"
	EventVideoReady      EventType = "video.ready"
	EventVideoArchived   EventType = "video.archived"
	EventVideoUnarchived EventType = "video.unarchived"
	EventVideoDeleted    EventType = "video.deleted"
)

// EventTypes lists the seven video event kinds in lifecycle order.
func EventTypes() []EventType {
	return []EventType{EventVideoCreated, EventVideoUploaded, EventVideoProcessing,
		EventVideoReady, EventVideoArchived, EventVideoUnarchived, EventVideoDeleted}
}

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
