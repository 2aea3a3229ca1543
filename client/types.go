package client

import (
	"encoding/json"
	"time"
)

// State is where a video is in its lifecycle.
type State string

// The states of a video: created → uploaded → processing → ready, or errored.
const (
	StateCreated    State = "created"
	StateUploaded   State = "uploaded"
	StateProcessing State = "processing"
	StateReady      State = "ready"
	StateErrored    State = "errored"
)

// WaitPlayable is the pseudo-state WaitFor accepts for "playable is true",
// which happens during processing, well before ready.
const WaitPlayable State = "playable"

// Video mirrors the API's video document.
type Video struct {
	ID             string            `json:"id"`
	Embed          string            `json:"embed"`
	Space          string            `json:"space"`
	Collection     *string           `json:"collection"`
	Title          string            `json:"title"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata"`
	State          State             `json:"state"`
	Playable       bool              `json:"playable"`
	Archived       bool              `json:"archived"`
	Duration       float64           `json:"duration"`
	Width          int               `json:"width"`
	Height         int               `json:"height"`
	AspectRatio    string            `json:"aspect_ratio"`
	Source         *SourceInfo       `json:"source"`
	Renditions     []Rendition       `json:"renditions"`
	AudioTracks    []AudioTrack      `json:"audio_tracks"`
	Subtitles      []Subtitle        `json:"subtitles"`
	Chapters       []Chapter         `json:"chapters"`
	URLs           *VideoURLs        `json:"urls"`
	PlaybackPolicy string            `json:"playback_policy"`
	// OriginalAccess serves the original upload at URLs.Original.
	OriginalAccess bool     `json:"original_access"`
	PosterTime     *float64 `json:"poster_time"`
	// PosterImage is true when the poster is an uploaded image.
	PosterImage bool `json:"poster_image"`
	// PosterError says why the last poster change could not be made (the
	// video keeps the poster it had); nil otherwise.
	PosterError *VideoError `json:"poster_error"`
	InputURL    string      `json:"input_url,omitempty"`
	Error       *VideoError `json:"error"`
	// Progress is the percentage of the encode done while State is
	// processing; nil otherwise.
	// CodecPolicy is the video's effective codec policy and what it has
	// of it; set by Video (GET /v1/videos/{id}) only.
	CodecPolicy *CodecState `json:"codec_policy,omitempty"`
	Progress    *float64    `json:"progress"`
	CreatedAt   time.Time   `json:"created_at"`
	UpdatedAt   time.Time   `json:"updated_at"`
	ReadyAt     *time.Time  `json:"ready_at"`
}

// SourceInfo describes the uploaded or fetched source.
type SourceInfo struct {
	Size       int64   `json:"size"`
	Container  string  `json:"container"`
	VideoCodec string  `json:"video_codec"`
	AudioCodec string  `json:"audio_codec"`
	FrameRate  float64 `json:"frame_rate"`
	Width      int     `json:"width"` // the source's own size; Video.Width is the ladder's top
	Height     int     `json:"height"`
	// LiveStream is the live stream the video was recorded from; "" for
	// an uploaded or fetched source.
	LiveStream string `json:"live_stream,omitempty"`
}

// Rendition is one rung of the ladder, downloadable as an MP4 at URL.
type Rendition struct {
	Name    string `json:"name"`
	Codec   string `json:"codec"`
	Quality string `json:"quality"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Bitrate int    `json:"bitrate"`
	Size    int64  `json:"size"`
	URL     string `json:"url"`
}

// AudioTrack is one audio rendition.
type AudioTrack struct {
	ID       string `json:"id"`
	Language string `json:"language"`
	Label    string `json:"label"`
	Default  bool   `json:"default"`
	URL      string `json:"url"`
	// Kind is main, dub or description; the source's own tracks are main.
	Kind string `json:"kind"`
	// Added marks a track added after upload (PutAudioTrack).
	Added bool `json:"added"`
	// State is ready, or for an added track processing until published,
	// errored (with Error) when its file could not be encoded.
	State string      `json:"state"`
	Error *VideoError `json:"error,omitempty"`
}

// Subtitle is one subtitle language of a video.
type Subtitle struct {
	Language string `json:"language"`
	Label    string `json:"label"`
	URL      string `json:"url"`
}

// VideoURLs are the deterministic asset URLs of a video.
type VideoURLs struct {
	HLS        string `json:"hls"`
	DASH       string `json:"dash"`
	Poster     string `json:"poster"`
	Clip       string `json:"clip"`
	Audio      string `json:"audio"`
	Storyboard string `json:"storyboard"`
	// StoryboardVTT maps times to tiles of the Storyboard sprite.
	StoryboardVTT string `json:"storyboard_vtt"`
	Frame         string `json:"frame"`
	// Original is the original upload, while OriginalAccess is on and the
	// video is playable. Any file URL takes ?download[=name] to be saved
	// as an attachment.
	Original string `json:"original"`
	// Chapters is the WebVTT chapters file, present while the video has
	// chapters and its published version holds them.
	Chapters string `json:"chapters,omitempty"`
	// LowLatencyHLS is a live video's low-latency HLS while its
	// session runs.
	LowLatencyHLS string `json:"low_latency_hls,omitempty"`
}

// VideoError says why a video is errored.
type VideoError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Collection groups videos; collections nest through Parent.
type Collection struct {
	ID        string    `json:"id"`
	Space     string    `json:"space"`
	Name      string    `json:"name"`
	Parent    *string   `json:"parent"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Space is the space of the client's key with its asset roots.
type Space struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	SpaceURL  string    `json:"space_url"`
	ImageURL  string    `json:"image_url"`
	CDNURL    string    `json:"cdn_url"`
	Quotas    Quotas    `json:"quotas"`
	CreatedAt time.Time `json:"created_at"`
	// Usage is what the space holds, as its quotas count it (GET
	// /v1/space and an admin's GET /v1/spaces/{id}).
	Usage *Usage `json:"usage,omitempty"`
	// Key is the key that asked (GET /v1/space): its id and access.
	Key *SpaceKey `json:"key,omitempty"`
}

// Quotas bound what a space may hold; nil is unlimited. Past one, creates
// and uploads answer 413 with the code quota_exceeded.
type Quotas struct {
	MaxBytes   *int64 `json:"max_bytes"`
	MaxMinutes *int64 `json:"max_minutes"`
	MaxVideos  *int64 `json:"max_videos"`
}

// Usage is what a space holds, as its quotas count it.
type Usage struct {
	Bytes   int64   `json:"bytes"`
	Minutes float64 `json:"minutes"`
	Videos  int64   `json:"videos"`
}

// SpaceInput is the body of an admin's space create and update. Quotas
// members are sent as given: a key with a nil value lifts that quota
// (JSON null), an absent key keeps it (on update).
type SpaceInput struct {
	Name   *string           `json:"name,omitempty"`
	Quotas map[string]*int64 `json:"quotas,omitempty"`
}

// SpaceKey names the API key a request was made with.
type SpaceKey struct {
	ID     string `json:"id"`
	Access string `json:"access"`
}

// Key is an API key; Secret is only set in the answer that created it.
type Key struct {
	ID         string     `json:"id"`
	Space      string     `json:"space"`
	Access     string     `json:"access"`
	Name       string     `json:"name"`
	Secret     string     `json:"key,omitempty"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
}

// SigningKey is an asymmetric token-signing key (EdDSA or ES256); its ID is
// the kid of the tokens it signs.
type SigningKey struct {
	ID        string          `json:"id"`
	Space     string          `json:"space"`
	Algorithm string          `json:"algorithm"`
	PublicJWK json.RawMessage `json:"public_jwk"`
	// PrivatePEM (PKCS #8) and PrivateJWK are the private half, only in the
	// answer that created the key.
	PrivatePEM string          `json:"private_pem,omitempty"`
	PrivateJWK json.RawMessage `json:"private_jwk,omitempty"`
	CreatedAt  time.Time       `json:"created_at"`
}

// Webhook is a webhook endpoint; Secret (whsec_...) is only set in the
// answers that created it or rotated its secret.
type Webhook struct {
	ID          string   `json:"id"`
	Space       string   `json:"space"`
	URL         string   `json:"url"`
	Description string   `json:"description"`
	Events      []string `json:"events"`
	// Enabled false holds deliveries until the endpoint is enabled again.
	Enabled bool   `json:"enabled"`
	Secret  string `json:"secret,omitempty"`
	// PreviousSecretExpiresAt is, after a rotation, when the replaced secret
	// stops signing (deliveries carry both signatures until then); nil when
	// there is none.
	PreviousSecretExpiresAt *time.Time `json:"previous_secret_expires_at"`
	CreatedAt               time.Time  `json:"created_at"`
	UpdatedAt               time.Time  `json:"updated_at"`
}

// The states of a webhook delivery.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// Delivery is one event's delivery to a webhook endpoint, with its attempts.
type Delivery struct {
	ID       string `json:"id"`
	Endpoint string `json:"endpoint"`
	// EventID is the webhook-id header, the same on every attempt.
	EventID   string            `json:"event_id"`
	Type      string            `json:"type"`
	State     string            `json:"state"`
	Attempts  []DeliveryAttempt `json:"attempts"`
	CreatedAt time.Time         `json:"created_at"`
	// NextAttemptAt is nil unless the delivery is pending.
	NextAttemptAt *time.Time `json:"next_attempt_at"`
}

// DeliveryAttempt is one try of a delivery; Status is 0 when the receiver
// gave no answer.
type DeliveryAttempt struct {
	At              time.Time `json:"at"`
	Status          int       `json:"status"`
	DurationMS      int64     `json:"duration_ms"`
	Error           string    `json:"error"`
	ResponseExcerpt string    `json:"response_excerpt"`
}

// Stats are the analytics of a video or of a space over [From, To).
type Stats struct {
	From               time.Time          `json:"from"`
	To                 time.Time          `json:"to"`
	Interval           string             `json:"interval"`
	Views              int64              `json:"views"`
	UniqueViewers      int64              `json:"unique_viewers"`
	WatchTimeSeconds   float64            `json:"watch_time_seconds"`
	AverageViewSeconds float64            `json:"average_view_seconds"`
	CompletionRate     float64            `json:"completion_rate"`
	Retention          []float64          `json:"retention"`
	StartupTimeMS      Percentiles        `json:"startup_time_ms"`
	RebufferRatio      float64            `json:"rebuffer_ratio"`
	FailureRate        float64            `json:"failure_rate"`
	Referrers          []ReferrerViews    `json:"referrers"`
	Browsers           []NamedViews       `json:"browsers"`
	OS                 []NamedViews       `json:"os"`
	Devices            []NamedViews       `json:"devices"`
	Series             []StatsSeriesPoint `json:"series"`
	// TopVideos is only in the space's stats: its most viewed videos.
	TopVideos []TopVideo `json:"top_videos,omitempty"`
	// Live is only in the stats of a live session's video: its live
	// stats over the whole session.
	Live *LiveStats `json:"live,omitempty"`
}

// LiveStats is how a live session's video is watched, over the whole
// session (Client.LiveStreamStats; Stats.Live).
type LiveStats struct {
	// VideoID is the session's video; "" for a stream that never went live.
	VideoID string `json:"video_id"`
	// Live reports whether the session still runs.
	Live bool `json:"live"`
	// ViewersNow counts the players with a live heartbeat in the last 30 s.
	ViewersNow int64 `json:"viewers_now"`
	// PeakViewers is the most players watching in one minute; PeakAt is
	// that minute, nil without viewers.
	PeakViewers      int64      `json:"peak_viewers"`
	PeakAt           *time.Time `json:"peak_at"`
	WatchTimeSeconds float64    `json:"watch_time_seconds"`
	// LatencySeconds are the percentiles of the players' latency behind
	// the wall clock.
	LatencySeconds Percentiles `json:"latency_seconds"`
}

// Percentiles are p50 and p95 of a measure; nil when nothing was measured.
type Percentiles struct {
	P50 *float64 `json:"p50"`
	P95 *float64 `json:"p95"`
}

// ReferrerViews counts the views coming from one page origin.
type ReferrerViews struct {
	Origin string `json:"origin"`
	Views  int64  `json:"views"`
}

// NamedViews counts the views of one browser, OS or device class.
type NamedViews struct {
	Name  string `json:"name"`
	Views int64  `json:"views"`
}

// StatsSeriesPoint is one interval of a stats time series.
type StatsSeriesPoint struct {
	At               time.Time `json:"at"`
	Views            int64     `json:"views"`
	WatchTimeSeconds float64   `json:"watch_time_seconds"`
}

// TopVideo is one of the most viewed videos of a space.
type TopVideo struct {
	ID               string  `json:"id"`
	Title            string  `json:"title"`
	Views            int64   `json:"views"`
	WatchTimeSeconds float64 `json:"watch_time_seconds"`
}

// Page is one page of a list.
type Page[T any] struct {
	Data       []T     `json:"data"`
	NextCursor *string `json:"next_cursor"`
}

// CreateVideoInput is the body of POST /v1/videos.
type CreateVideoInput struct {
	InputURL       string            `json:"input_url"`
	Collection     string            `json:"collection,omitempty"`
	Title          string            `json:"title,omitempty"`
	Description    string            `json:"description,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	PlaybackPolicy string            `json:"playback_policy,omitempty"`
	OriginalAccess bool              `json:"original_access,omitempty"`
}

// UpdateVideoInput is the body of PATCH /v1/videos/{id}; nil fields are
// kept. A Collection of "" moves the video out of any collection.
type UpdateVideoInput struct {
	Title          *string           `json:"title,omitempty"`
	Description    *string           `json:"description,omitempty"`
	Collection     *string           `json:"collection,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	PlaybackPolicy *string           `json:"playback_policy,omitempty"`
	PosterTime     *float64          `json:"poster_time,omitempty"`
	OriginalAccess *bool             `json:"original_access,omitempty"`
}

// CollectionInput is the body of collection create and update; a Parent of
// "" (on update) moves the collection to the top level.
type CollectionInput struct {
	Name   *string `json:"name,omitempty"`
	Parent *string `json:"parent,omitempty"`
}

// WebhookInput is the body of webhook create: URL is required; no Events
// means every event; Enabled nil means enabled.
type WebhookInput struct {
	URL         string   `json:"url"`
	Events      []string `json:"events,omitempty"`
	Description string   `json:"description,omitempty"`
	Enabled     *bool    `json:"enabled,omitempty"`
}

// UpdateWebhookInput is the body of PATCH /v1/webhooks/{id}; nil fields are
// kept.
type UpdateWebhookInput struct {
	URL         *string  `json:"url,omitempty"`
	Events      []string `json:"events,omitempty"`
	Description *string  `json:"description,omitempty"`
	Enabled     *bool    `json:"enabled,omitempty"`
}

// ListParams is the query of the plain paginated lists (webhooks,
// deliveries); zero values are left out.
type ListParams struct {
	Limit  int
	Cursor string
}

// ListVideosParams is the query of GET /v1/videos; zero values are left out.
type ListVideosParams struct {
	Limit      int
	Cursor     string
	Collection string
	State      string
	Archived   *bool
	Query      string
	Order      string
}

// ListCollectionsParams is the query of GET /v1/collections. A nil Parent
// lists every collection; a Parent of "" the top level only.
type ListCollectionsParams struct {
	Limit  int
	Cursor string
	Parent *string
}

// StatsParams is the query of the stats routes; zero values are left out.
type StatsParams struct {
	From, To time.Time
	Interval string
}

// createKeyInput is the body of POST /v1/keys.
type createKeyInput struct {
	Access string `json:"access"`
	Name   string `json:"name,omitempty"`
}

// createSigningKeyInput is the body of POST /v1/signing-keys.
type createSigningKeyInput struct {
	Algorithm string `json:"algorithm,omitempty"`
}

// LiveStream is a stream key and the settings of the live sessions
// published with it. StreamKey is set only in the answers to
// CreateLiveStream and ResetLiveStreamKey: the server shows it once and
// keeps only its hash.
type LiveStream struct {
	ID              string           `json:"id"`
	Space           string           `json:"space"`
	Title           string           `json:"title"`
	CollectionID    string           `json:"collection_id"`
	PlaybackPolicy  string           `json:"playback_policy"`
	LatencyMode     string           `json:"latency_mode"`
	Record          bool             `json:"record"`
	ReconnectWindow int              `json:"reconnect_window"`
	DVRWindow       int              `json:"dvr_window"`
	State           string           `json:"state"`
	ActiveVideoID   string           `json:"active_video_id"`
	LastVideoID     string           `json:"last_video_id"`
	StreamKey       string           `json:"stream_key,omitempty"`
	StreamKeyHint   string           `json:"stream_key_hint"`
	Ingest          LiveStreamIngest `json:"ingest"`
	CreatedAt       time.Time        `json:"created_at"`
	UpdatedAt       time.Time        `json:"updated_at"`
	StateChangedAt  time.Time        `json:"state_changed_at"`
}

// LiveStreamIngest is where a stream's publisher connects; an empty URL is
// an ingest the server does not run. SRTStreamID ("publish:" and the key)
// comes with the key only.
type LiveStreamIngest struct {
	RTMPURL     string `json:"rtmp_url"`
	SRTURL      string `json:"srt_url"`
	SRTStreamID string `json:"srt_stream_id,omitempty"`
}

// LiveStreamInput is the body of live stream create and update; nil fields
// take their defaults at creation and are kept on update. A CollectionID
// of "" (on update) takes the stream out of its collection.
type LiveStreamInput struct {
	Title           *string `json:"title,omitempty"`
	CollectionID    *string `json:"collection_id,omitempty"`
	PlaybackPolicy  *string `json:"playback_policy,omitempty"`
	LatencyMode     *string `json:"latency_mode,omitempty"`
	Record          *bool   `json:"record,omitempty"`
	ReconnectWindow *int    `json:"reconnect_window,omitempty"`
	DVRWindow       *int    `json:"dvr_window,omitempty"`
}
