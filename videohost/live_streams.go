package videohost

import (
	"context"
	"time"
)

// LiveStream is a stream key and the settings of the live sessions
// published with it; a session records into a video. videohost/liveadmin
// manages them and decides their JSON: the type has none, so that KeyHash
// cannot be serialized by mistake. The key itself is never kept.
type LiveStream struct {
	ID, Space, Title, CollectionID string // CollectionID "" for none
	PlaybackPolicy                 PlaybackPolicy
	LatencyMode, State             string
	Record                         bool
	ReconnectWindow, DVRWindow     int // seconds
	// ActiveVideoID is the current session's video, "" between sessions.
	ActiveVideoID, LastVideoID string
	// KeyHash is the stream key's SHA-256 in hex, KeyHint its last 4 characters.
	KeyHash, KeyHint                     string
	CreatedAt, UpdatedAt, StateChangedAt time.Time
}

// The states of a LiveStream; a new one is idle.
const (
	LiveIdle         = "idle"
	LiveConnected    = "connected"    // a publisher is connected, no media yet
	LiveActive       = "active"       // media flows: a session is live
	LiveDisconnected = "disconnected" // the publisher left; the session waits ReconnectWindow
)

// The latency modes of a LiveStream: low (LL-HLS parts) is the default.
const (
	LatencyLow      = "low"
	LatencyStandard = "standard"
)

// Defaults and bounds of a LiveStream's settings (windows in seconds) and
// the shape of a stream key: the prefix and LiveStreamKeyLen characters of
// NewID, which the ingest can tell from anything else at a glance.
const (
	DefaultReconnectWindow = 30
	MaxReconnectWindow     = 300
	DefaultDVRWindow       = 7200
	MinDVRWindow           = 60
	MaxDVRWindow           = 86400
	LiveStreamKeyPrefix    = "rsk_"
	LiveStreamKeyLen       = 32
)

// LiveStreamEventData renders the data of a live stream's event (the
// stream as the API shows it, without its key); videohost/liveadmin's
// Streams.EventData makes them.
type LiveStreamEventData func(ls *LiveStream) ([]byte, error)

// LiveStreamStore keeps live streams, an optional capability of a Store.
// All but the ingest's two (by key hash, state by id) stay in a space; a
// missing stream is ENotFound, a key hash taken twice EConflict.
type LiveStreamStore interface {
	CreateLiveStream(ctx context.Context, ls *LiveStream) error
	LiveStream(ctx context.Context, space, id string) (*LiveStream, error)
	LiveStreamByKeyHash(ctx context.Context, hash string) (*LiveStream, error)
	ListLiveStreams(ctx context.Context, space, after string, limit int) ([]*LiveStream, error)
	UpdateLiveStream(ctx context.Context, ls *LiveStream) error // the settings and UpdatedAt
	SetLiveStreamKey(ctx context.Context, space, id, hash, hint string, at time.Time) error
	// SetLiveStreamState records a stream's state. With event set, the
	// change is reported in the same transaction by an outbox event of
	// kind LiveStreamEvent(state), whose data is event(the stream as
	// saved); nil writes the state alone.
	SetLiveStreamState(ctx context.Context, id, state, activeVideoID, lastVideoID string, at time.Time, event LiveStreamEventData) error
	DeleteLiveStream(ctx context.Context, space, id string) error
}

// LiveStreamStore is the store's live streams, or EUnavailable naming them.
func (s *Service) LiveStreamStore() (LiveStreamStore, error) {
	return need(s.caps.liveStreams, "live streams", "store")
}
