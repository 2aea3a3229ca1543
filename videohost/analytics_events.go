package videohost

// Cookieless playback analytics. Players post beacons of events to
// POST /v1/events; the server keeps no cookie, IP address or User-Agent
// (analytics_ingest.go), folds events into per-session state and hourly
// rollups (analytics_session.go), and answers stats from the rollups only
// (analytics_stats.go). This file holds the events as clients send them and
// as they are stored.

import (
	"fmt"
	"math"
	"time"
	"unicode/utf8"
)

// PlayerEventKind names what a player reported.
type PlayerEventKind string

// The kinds @reel/metrics sends. Other kinds are dropped on ingest, so that
// an older server accepts the batches of a newer client.
const (
	PlayerView            PlayerEventKind = "view"
	PlayerPlay            PlayerEventKind = "play"
	PlayerPause           PlayerEventKind = "pause"
	PlayerSeeked          PlayerEventKind = "seeked"
	PlayerEnded           PlayerEventKind = "ended"
	PlayerHeartbeat       PlayerEventKind = "heartbeat"
	PlayerRebufferStart   PlayerEventKind = "rebuffer_start"
	PlayerRebufferEnd     PlayerEventKind = "rebuffer_end"
	PlayerRenditionChange PlayerEventKind = "rendition_change"
	PlayerError           PlayerEventKind = "error"
	PlayerStartup         PlayerEventKind = "startup"
)

// Known reports whether k is a kind this server understands.
func (k PlayerEventKind) Known() bool {
	switch k {
	case PlayerView, PlayerPlay, PlayerPause, PlayerSeeked, PlayerEnded, PlayerHeartbeat,
		PlayerRebufferStart, PlayerRebufferEnd, PlayerRenditionChange, PlayerError, PlayerStartup:
		return true
	}
	return false
}

// Limits of the ingest API.
const (
	MaxBeaconEvents  = 500
	MaxSessionIDLen  = 64
	maxEventTextLen  = 200
	maxPosition      = 7 * 24 * 3600 // seconds; far beyond any allowed source duration
	maxStartupMS     = 10 * 60 * 1000
	maxRebufferMS    = 60 * 60 * 1000
	eventPastClamp   = 24 * time.Hour
	eventFutureClamp = time.Minute
)

// BeaconEvent is one event as a client sends it in POST /v1/events.
type BeaconEvent struct {
	Type       PlayerEventKind `json:"type"`
	Embed      string          `json:"embed"`
	Session    string          `json:"session"`
	T          int64           `json:"t"`        // ms since the epoch
	Position   float64         `json:"position"` // seconds
	From       *float64        `json:"from,omitempty"`
	To         *float64        `json:"to,omitempty"`
	DurationMS *float64        `json:"duration_ms,omitempty"`
	Rendition  string          `json:"rendition,omitempty"`
	Bitrate    *float64        `json:"bitrate,omitempty"`
	Code       string          `json:"code,omitempty"`
	Message    string          `json:"message,omitempty"`
	MS         *float64        `json:"ms,omitempty"`
	Referrer   string          `json:"referrer,omitempty"`
}

// Beacon is one ingest request. IP and UserAgent are used in memory to derive
// the viewer hash and the client breakdowns, and are never stored or logged.
type Beacon struct {
	IP        string
	UserAgent string
	// Origin is the Origin or Referer header of the request; an event's own
	// referrer field takes precedence.
	Origin string
	Events []BeaconEvent
}

// PlayerEvent is an event ready for storage: validated, clamped, and stripped
// of anything that identifies the viewer beyond the daily hash.
type PlayerEvent struct {
	VideoID  string
	Space    string
	Duration float64 // of the video, seconds; 0 when not known yet
	Embed    string
	Session  string
	Kind     PlayerEventKind
	At       time.Time
	Position float64
	From, To float64
	// Value is the number the kind carries: duration_ms of rebuffer_end, ms
	// of startup, bitrate of rendition_change.
	Value    float64
	Text     string // rendition name, or error code
	Message  string // error message, truncated
	Viewer   string // hex of the truncated daily salted hash
	Browser  string
	OS       string
	Device   string
	Referrer string // an origin, or ""
}

// ValidEmbed reports whether s has the shape of an embed id.
func ValidEmbed(s string) bool {
	return len(s) == SpaceIDLen+10 && ValidID(s[:SpaceIDLen], SpaceIDLen) && ValidID(s[SpaceIDLen:], 10)
}

func normalize(i int, e *BeaconEvent, now time.Time) (PlayerEvent, error) {
	field := func(name string) string { return fmt.Sprintf("events[%d].%s", i, name) }
	bad := func(name, why string) (PlayerEvent, error) { return PlayerEvent{}, Invalid(field(name), "%s", why) }
	if e.Session == "" || len(e.Session) > MaxSessionIDLen {
		return bad("session", fmt.Sprintf("must be 1 to %d characters", MaxSessionIDLen))
	}
	for _, r := range e.Session {
		if r <= ' ' || r > '~' {
			return bad("session", "must be printable ASCII")
		}
	}
	if e.Embed == "" {
		return bad("embed", "is required")
	}
	okNumber := func(v float64, hi float64) bool { return !math.IsNaN(v) && v >= 0 && v <= hi }
	if !okNumber(e.Position, maxPosition) {
		return bad("position", "must be seconds between 0 and 604800")
	}
	at := time.UnixMilli(e.T).UTC()
	if e.T <= 0 || at.Before(now.Add(-eventPastClamp)) {
		at = now.Add(-eventPastClamp)
	}
	if at.After(now.Add(eventFutureClamp)) {
		at = now.Add(eventFutureClamp)
	}
	ev := PlayerEvent{Embed: e.Embed, Session: e.Session, Kind: e.Type, At: at, Position: e.Position}
	switch e.Type {
	case PlayerHeartbeat, PlayerSeeked:
		if e.From == nil || e.To == nil {
			return bad("from", "from and to are required")
		}
		if !okNumber(*e.From, maxPosition) || !okNumber(*e.To, maxPosition) {
			return bad("from", "from and to must be seconds between 0 and 604800")
		}
		if e.Type == PlayerHeartbeat && *e.To < *e.From {
			return bad("to", "must not be before from")
		}
		ev.From, ev.To = *e.From, *e.To
	case PlayerRebufferEnd:
		if e.DurationMS == nil || !okNumber(*e.DurationMS, maxRebufferMS) {
			return bad("duration_ms", "is required: milliseconds between 0 and 3600000")
		}
		ev.Value = *e.DurationMS
	case PlayerStartup:
		if e.MS == nil || !okNumber(*e.MS, maxStartupMS) {
			return bad("ms", "is required: milliseconds between 0 and 600000")
		}
		ev.Value = *e.MS
	case PlayerRenditionChange:
		if e.Bitrate != nil {
			if !okNumber(*e.Bitrate, 1e10) {
				return bad("bitrate", "must be bits per second")
			}
			ev.Value = *e.Bitrate
		}
		ev.Text = truncate(e.Rendition, maxEventTextLen)
	case PlayerError:
		ev.Text = truncate(e.Code, maxEventTextLen)
		ev.Message = truncate(e.Message, maxEventTextLen)
	}
	return ev, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	// Cut back over a multi-byte character the limit split.
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
