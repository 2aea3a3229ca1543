package analytics

// Signals: what a player reports, as it arrives in a beacon (BeaconSignal)
// and as it is stored once checked and anonymised (Signal).

import (
	"fmt"
	"math"
	"time"
	"unicode/utf8"

	"github.com/reelvideo/reel/videohost"
)

// SignalKind names what a player reported.
type SignalKind string

// The kinds @reel/metrics sends. Other kinds are dropped on ingest, so that
// an older server accepts the batches of a newer client.
const (
	SignalView            SignalKind = "view"
	SignalPlay            SignalKind = "play"
	SignalPause           SignalKind = "pause"
	SignalSeeked          SignalKind = "seeked"
	SignalEnded           SignalKind = "ended"
	SignalHeartbeat       SignalKind = "heartbeat"
	SignalRebufferStart   SignalKind = "rebuffer_start"
	SignalRebufferEnd     SignalKind = "rebuffer_end"
	SignalRenditionChange SignalKind = "rendition_change"
	SignalError           SignalKind = "error"
	SignalStartup         SignalKind = "startup"
)

// Known reports whether k is a kind this server understands.
func (k SignalKind) Known() bool {
	switch k {
	case SignalView, SignalPlay, SignalPause, SignalSeeked, SignalEnded, SignalHeartbeat,
		SignalRebufferStart, SignalRebufferEnd, SignalRenditionChange, SignalError, SignalStartup:
		return true
	}
	return false
}

// Limits of the ingest API.
const (
	MaxBeaconSignals  = 500
	MaxSessionIDLen   = 64
	maxSignalTextLen  = 200
	maxPosition       = 7 * 24 * 3600 // seconds; far beyond any allowed source duration
	maxStartupMS      = 10 * 60 * 1000
	maxRebufferMS     = 60 * 60 * 1000
	signalPastClamp   = 24 * time.Hour
	signalFutureClamp = time.Minute
)

// MaxLatencySeconds bounds a live heartbeat's latency: a day, the longest
// DVR window (videohost.MaxDVRWindow) a viewer may be behind.
const MaxLatencySeconds = 24 * 3600

// BeaconSignal is one signal as a client sends it in POST /v1/events.
type BeaconSignal struct {
	Type       SignalKind `json:"type"`
	Embed      string     `json:"embed"`
	Session    string     `json:"session"`
	T          int64      `json:"t"`        // ms since the epoch
	Position   float64    `json:"position"` // seconds
	From       *float64   `json:"from,omitempty"`
	To         *float64   `json:"to,omitempty"`
	DurationMS *float64   `json:"duration_ms,omitempty"`
	Rendition  string     `json:"rendition,omitempty"`
	Bitrate    *float64   `json:"bitrate,omitempty"`
	Code       string     `json:"code,omitempty"`
	Message    string     `json:"message,omitempty"`
	MS         *float64   `json:"ms,omitempty"`
	Referrer   string     `json:"referrer,omitempty"`
	// Live marks a heartbeat of a live video, and Latency is how many
	// seconds the playing position was behind the wall clock (its
	// EXT-X-PROGRAM-DATE-TIME): both absent from older clients and VOD.
	Live    bool     `json:"live,omitempty"`
	Latency *float64 `json:"latency,omitempty"`
}

// Beacon is one ingest request. IP and UserAgent are used in memory to derive
// the viewer hash and the client breakdowns, and are never stored or logged.
type Beacon struct {
	IP        string
	UserAgent string
	// Origin is the Origin or Referer header of the request; a signal's own
	// referrer field takes precedence.
	Origin  string
	Signals []BeaconSignal
}

// Signal is a signal ready for storage: validated, clamped, and stripped
// of anything that identifies the viewer beyond the daily hash.
type Signal struct {
	VideoID  string
	Space    string
	Duration float64 // of the video, seconds; 0 when not known yet
	Embed    string
	Session  string
	Kind     SignalKind
	At       time.Time
	Position float64
	From, To float64
	// Value is the number the kind carries: duration_ms of rebuffer_end, ms
	// of startup, bitrate of rendition_change.
	Value float64
	// Live is set on the heartbeats of a live session's video (the client
	// said so and the video is one); Latency is their latency in seconds,
	// <0 when not reported.
	Live    bool
	Latency float64
	// Received is when the server accepted the signal, by its clock: live
	// viewers are counted by it, since a viewer's clock may be minutes off.
	// Zero (signals not from Submit) falls back to At.
	Received time.Time
	Text     string // rendition name, or error code
	Message  string // error message, truncated
	Viewer   string // hex of the truncated daily salted hash
	Browser  string
	OS       string
	Device   string
	Referrer string // an origin, or ""
}

func normalize(i int, e *BeaconSignal, now time.Time) (Signal, error) {
	field := func(name string) string { return fmt.Sprintf("events[%d].%s", i, name) }
	bad := func(name, why string) (Signal, error) { return Signal{}, videohost.Invalid(field(name), "%s", why) }
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
	if e.T <= 0 || at.Before(now.Add(-signalPastClamp)) {
		at = now.Add(-signalPastClamp)
	}
	if at.After(now.Add(signalFutureClamp)) {
		at = now.Add(signalFutureClamp)
	}
	sig := Signal{Embed: e.Embed, Session: e.Session, Kind: e.Type, At: at, Received: now, Position: e.Position, Latency: -1}
	switch e.Type {
	case SignalHeartbeat, SignalSeeked:
		if e.From == nil || e.To == nil {
			return bad("from", "from and to are required")
		}
		if !okNumber(*e.From, maxPosition) || !okNumber(*e.To, maxPosition) {
			return bad("from", "from and to must be seconds between 0 and 604800")
		}
		if e.Type == SignalHeartbeat && *e.To < *e.From {
			return bad("to", "must not be before from")
		}
		sig.From, sig.To = *e.From, *e.To
		if e.Type != SignalHeartbeat {
			break
		}
		// A latency is checked like every number here (NaN and infinities
		// cannot be JSON); it is kept only on a live heartbeat, and a live
		// heartbeat without one still counts its viewer.
		if e.Latency != nil && !okNumber(*e.Latency, MaxLatencySeconds) {
			return bad("latency", "must be seconds between 0 and 86400")
		}
		if e.Live {
			sig.Live = true
			if e.Latency != nil {
				sig.Latency = *e.Latency
			}
		}
	case SignalRebufferEnd:
		if e.DurationMS == nil || !okNumber(*e.DurationMS, maxRebufferMS) {
			return bad("duration_ms", "is required: milliseconds between 0 and 3600000")
		}
		sig.Value = *e.DurationMS
	case SignalStartup:
		if e.MS == nil || !okNumber(*e.MS, maxStartupMS) {
			return bad("ms", "is required: milliseconds between 0 and 600000")
		}
		sig.Value = *e.MS
	case SignalRenditionChange:
		if e.Bitrate != nil {
			if !okNumber(*e.Bitrate, 1e10) {
				return bad("bitrate", "must be bits per second")
			}
			sig.Value = *e.Bitrate
		}
		sig.Text = truncate(e.Rendition, maxSignalTextLen)
	case SignalError:
		sig.Text = truncate(e.Code, maxSignalTextLen)
		sig.Message = truncate(e.Message, maxSignalTextLen)
	}
	return sig, nil
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
