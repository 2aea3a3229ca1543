package videohost

import (
	"context"
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

	// The live stream kinds report a LiveStream's moves between its states
	// (LiveIdle …), with the stream as the API shows it (never its key) and
	// its session's video; they are opt-in.
	EventLiveStreamConnected    EventType = "live_stream.connected"
	EventLiveStreamActive       EventType = "live_stream.active"
	EventLiveStreamDisconnected EventType = "live_stream.disconnected"
	EventLiveStreamIdle         EventType = "live_stream.idle"
)

// LiveStreamEvent is the kind of event that reports a live stream's move
// into state (LiveIdle …).
func LiveStreamEvent(state string) EventType { return EventType("live_stream." + state) }

// EventTypes lists the seven video event kinds in lifecycle order: what an
// endpoint created without a list of kinds receives.
func EventTypes() []EventType {
	return []EventType{EventVideoCreated, EventVideoUploaded, EventVideoProcessing,
		EventVideoReady, EventVideoArchived, EventVideoUnarchived, EventVideoDeleted}
}

// OptInEventTypes lists the kinds sent only to endpoints that ask for them,
// so that receivers written for the seven kinds never see them.
func OptInEventTypes() []EventType {
	return []EventType{EventVideoErrored, EventVideoSubtitlesUpdated, EventVideoAssetErrored,
		EventLiveStreamConnected, EventLiveStreamActive, EventLiveStreamDisconnected, EventLiveStreamIdle}
}

// AllEventTypes lists every kind an endpoint can subscribe to: EventTypes,
// then OptInEventTypes.
func AllEventTypes() []EventType { return append(EventTypes(), OptInEventTypes()...) }

// Event is one row of the outbox: written in the same transaction as the
// change it reports, delivered later by the webhook dispatcher.
type Event struct {
	ID        string    `json:"id"`
	Seq       int64     `json:"-"`
	Type      EventType `json:"type"`
	Space     string    `json:"space"`
	VideoID   string    `json:"video_id"` // "" for a live stream's event
	CreatedAt time.Time `json:"created_at"`
	// Data is the video JSON at the moment of the event; a live stream's
	// event carries the stream's (see LiveStreamStore.SetLiveStreamState).
	Data json.RawMessage `json:"data"`
}

// VideoEvent is one event of a video's lifecycle with what became of it at
// every webhook endpoint: the "webhooks" part of a video's page.
type VideoEvent struct {
	// ID is the webhook-id header every delivery of the event carries.
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	// Deliveries has one entry per endpoint the event went to (none when no
	// endpoint listens for its type), with the attempts.
	Deliveries []*WebhookDelivery `json:"deliveries"`

	// Seq is the event's place in the outbox; the list's cursor.
	Seq int64 `json:"-"`
}

// VideoEvents lists the events of one video of the principal's space,
// newest first, each with its webhook deliveries.
func (s *Service) VideoEvents(ctx context.Context, p *Principal, id string, limit int, cursor string) (*Page[*VideoEvent], error) {
	es, err := need(s.caps.videoEvents, "a video's events", "store")
	if err != nil {
		return nil, err
	}
	if _, err := s.store.Video(ctx, p.Space, id); err != nil {
		return nil, err
	}
	page, err := PageBySeq(s, limit, cursor, "an event", func(before int64, limit int) ([]*VideoEvent, error) {
		return es.VideoEvents(ctx, p.Space, id, before, limit)
	}, func(e *VideoEvent) int64 { return e.Seq })
	if err != nil {
		return nil, err
	}
	for _, e := range page.Data {
		if e.Deliveries == nil {
			e.Deliveries = []*WebhookDelivery{}
		}
		for _, d := range e.Deliveries {
			if d.Attempts == nil {
				d.Attempts = []DeliveryAttempt{}
			}
		}
	}
	return page, nil
}
