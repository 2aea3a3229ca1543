package videohost

import (
	"time"
)

// State is where a video is in its lifecycle: created → uploaded → processing → ready, or errored.
type State string

const (
	StateCreated    State = "created"
	StateUploaded   State = "uploaded"
	StateProcessing State = "processing"
	StateReady      State = "ready"
	StateErrored    State = "errored"
)

// Valid reports whether s is a known state.
func (s State) Valid() bool {
	switch s {
	case StateCreated, StateUploaded, StateProcessing, StateReady, StateErrored:
		return true
	}
	return false
}

// transitions is the one table of legal state moves and the event each emits.
// A move not listed here is an *Error with EInvalidTransition.
var transitions = map[State]map[State]EventType{
	StateCreated: {
		StateUploaded: EventVideoUploaded,
		StateErrored:  EventVideoErrored,
	},
	StateUploaded: {
		StateProcessing: EventVideoProcessing,
		StateErrored:    EventVideoErrored,
	},
	StateProcessing: {
		StateReady:      EventVideoReady,
		StateErrored:    EventVideoErrored,
		StateProcessing: "", // a retried transcode starts again; no second event
	},
	// A replaced source (upload token with a video sub) starts the cycle again.
	StateReady:   {StateCreated: ""},
	StateErrored: {StateCreated: ""},
}

// Transition returns the event a move from one state to another emits, or an
// error when the move is illegal. The empty EventType means "no event".
func Transition(from, to State) (EventType, error) {
	ev, ok := transitions[from][to]
	if !ok {
		return "", Errorf(EInvalidTransition, "video cannot move from %s to %s", from, to)
	}
	return ev, nil
}

// PlaybackPolicy decides whether assets need a playback token.
type PlaybackPolicy string

const (
	PlaybackPublic PlaybackPolicy = "public"
	PlaybackSigned PlaybackPolicy = "signed"
)

// Video is a video as the API and webhook events show it.
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
	PlaybackPolicy PlaybackPolicy    `json:"playback_policy"`
	// OriginalAccess serves the original upload at urls.original
	// ({space_url}/{id}/original), under the same playback policy as the
	// other assets; off by default.
	OriginalAccess bool     `json:"original_access"`
	PosterTime     *float64 `json:"poster_time"`
	// PosterImage is true when the poster was made from an uploaded image
	// (PUT /v1/videos/{id}/poster), false when it is a frame of the video
	// (at poster_time).
	PosterImage bool `json:"poster_image"`
	// PosterError says why the last poster change (an uploaded image, or a
	// time) could not be made: the video keeps the poster it had. Null
	// otherwise; the next change clears it.
	PosterError *VideoError `json:"poster_error"`
	InputURL    string      `json:"input_url,omitempty"`
	Error       *VideoError `json:"error"`
	// Progress is how much of the encode is done, in percent, while the
	// video is processing; null in every other state and in webhook
	// payloads (it changes too often to be an event).
	Progress *float64 `json:"progress"`
	// CodecPolicy is the video's effective codec policy and what it has
	// of it (codec_policy.go), on GET /v1/videos/{id} only; nil elsewhere.
	CodecPolicy *CodecState `json:"codec_policy,omitempty"`
	CreatedAt   time.Time   `json:"created_at"`
	UpdatedAt   time.Time   `json:"updated_at"`
	ReadyAt     *time.Time  `json:"ready_at"`

	// AssetVersion names the published set of assets under the video's blob
	// prefix; publishing a new set is one write of this field.
	AssetVersion string `json:"-"`
	// Assets records which optional assets the published version holds.
	Assets AssetFlags `json:"-"`
	// QuotaBytes is what the video counts against its space's max_bytes:
	// the length an upload declared when it was created, until the source
	// is stored, then the stored source's size.
	QuotaBytes int64 `json:"-"`
}

// AssetFlags records which optional assets a published version holds.
type AssetFlags struct {
	Poster     bool `json:"poster"`
	Storyboard bool `json:"storyboard"`
	Clip       bool `json:"clip"`
	Audio      bool `json:"audio"`
	DASH       bool `json:"dash"`
	// Chapters: the version holds chapters.vtt and chapters.json.
	Chapters bool `json:"chapters,omitempty"`
}

// SourceInfo describes the uploaded or fetched source. Width and Height are
// the source's own upright picture size (0 for audio-only or before the
// source is probed); Video.Width and Video.Height are the ladder's top
// rendition, which is never larger than the source and at most 3840 on
// its long edge.
type SourceInfo struct {
	Size       int64   `json:"size"`
	Container  string  `json:"container"`
	VideoCodec string  `json:"video_codec"`
	AudioCodec string  `json:"audio_codec"`
	FrameRate  float64 `json:"frame_rate"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
	// LiveStream is the live stream a video was recorded from (its
	// session's video), "" for an upload.
	LiveStream string `json:"live_stream,omitempty"`
}

// Rendition is one rung of the ladder, also downloadable as an MP4.
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

// AudioTrack is one audio rendition of the HLS audio group.
type AudioTrack struct {
	ID       string `json:"id"`
	Language string `json:"language"`
	Label    string `json:"label"`
	Default  bool   `json:"default"`
	URL      string `json:"url"`
	// Kind is main for the source's own tracks; an added track is main,
	// dub or description.
	Kind string `json:"kind"`
	// Added marks a track added after upload (PUT …/audio-tracks/{language}).
	Added bool `json:"added"`
	// State is ready, or for an added track processing until its encode
	// is published, errored (with Error) when it could not be encoded.
	State string      `json:"state"`
	Error *VideoError `json:"error,omitempty"`
	// Rev names the upload an added track was encoded from; it is stored,
	// never shown (Present clears it).
	Rev string `json:"rev,omitempty"`
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
	// StoryboardVTT maps times to tiles of the Storyboard sprite (#xywh=).
	StoryboardVTT string `json:"storyboard_vtt"`
	Frame         string `json:"frame"`
	// Original is the original upload, set while OriginalAccess is on and
	// the video is playable.
	Original string `json:"original"`
	// Chapters is the WebVTT chapters file, present while the video has
	// chapters and its published version holds them.
	Chapters string `json:"chapters,omitempty"`
	// LowLatencyHLS is a live video's low-latency HLS while its session
	// runs ({base_url}/live/{space}/{id}/master.m3u8); a signed video's
	// takes the same token as its other URLs.
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

// Space holds the videos of an account: an integrator that hosts several
// customers gives each one a space (Service.CreateSpace, with an admin key).
type Space struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	SpaceURL  string    `json:"space_url"`
	ImageURL  string    `json:"image_url"`
	CDNURL    string    `json:"cdn_url"`
	Quotas    Quotas    `json:"quotas"`
	CreatedAt time.Time `json:"created_at"`
	// Usage is what the space holds, as its quotas count it; set where a
	// single space is shown (GET /v1/space, GET /v1/spaces/{id}).
	Usage *Usage `json:"usage,omitempty"`
}

// Access is what an API key may do.
type Access string

const (
	AccessReadWrite Access = "read_write"
	AccessReadOnly  Access = "read_only"
)

// Key is an API key. Secret is only set when the key is created; the store
// keeps it encrypted so that a copy of the database does not give it away.
// A key whose Space is "" is an admin key: it manages spaces
// (/v1/spaces) and nothing inside one.
type Key struct {
	ID         string     `json:"id"`
	Space      string     `json:"space"`
	Access     Access     `json:"access"`
	Name       string     `json:"name"`
	Secret     string     `json:"key,omitempty"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
}
