package videohost

// Cookieless playback analytics (DESIGN.md section 9).
//
// # Privacy
//
// A beacon arrives with the viewer's IP address and User-Agent. Neither is
// ever kept: Ingest.Submit reduces the User-Agent to a browser family, an OS
// family and a device class, the page to its origin, and (IP, User-Agent,
// embed) to a viewer hash under a salt that lives in memory only and is
// replaced at UTC midnight. Once the salt is gone nobody, the operator
// included, can recompute a hash from an address, so a viewer hash links the
// views of one viewer on one day and nothing else. The cost is that a viewer
// seen on two days counts as two unique viewers: unique viewers over a range
// are the sum of daily uniques.
//
// # Aggregation
//
// Stats never read raw events. Every event belongs to a session (a page view
// of one video, identified by the client's random session id); the writer
// keeps one row of state per session (its merged watched intervals, flags)
// and the contribution that session last made to the rollup of the hour the
// session started in. When a batch changes a session, the difference between
// its new and old contribution is added to that hour's rollup, so rollups are
// exact and maintained incrementally, in the same transaction as the events.
// A session is attributed entirely to the hour it started in.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"net/url"
	"slices"
	"strings"
	"sync"
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
	MaxBeaconEvents      = 500
	MaxSessionIDLen      = 64
	maxEventTextLen      = 200
	maxPosition          = 7 * 24 * 3600 // seconds; far beyond any allowed source duration
	maxIntervalSeconds   = 3600          // one heartbeat never covers more than this
	maxCursorGapSeconds  = 60            // a pause or seek closes the interval since the last report only within this
	maxStartupMS         = 10 * 60 * 1000
	maxRebufferMS        = 60 * 60 * 1000
	eventPastClamp       = 24 * time.Hour
	eventFutureClamp     = time.Minute
	viewerHashBytes      = 16
	maxWatchedIntervals  = 256
	completionThreshold  = 0.95
	minViewWatchSeconds  = 1.0
	RetentionPoints      = 100
	defaultIngestQueue   = 50_000
	defaultFlushInterval = 250 * time.Millisecond
	defaultFlushEvents   = 500
	defaultEventDays     = 30
	defaultSweepInterval = time.Hour
	embedCacheTTL        = time.Minute
	maxEmbedCache        = 10_000
)

// startupBucketsMS are the upper bounds (ms) of the startup time histogram
// (read only); a last, open bucket holds everything slower. Percentiles are
// read from it by linear interpolation, which is exact enough for a
// dashboard and keeps a rollup at 20 counters.
var startupBucketsMS = [...]int{100, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 45000, 60000}

// StartupBuckets is the number of counters of the startup histogram.
const StartupBuckets = len(startupBucketsMS) + 1

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

// ClientInfo is what is kept of a User-Agent.
type ClientInfo struct {
	Browser string
	OS      string
	Device  string // desktop, mobile, tablet or bot
}

// ParseUserAgent reduces a User-Agent to families. It recognises the
// browsers and systems that make up nearly all traffic; the rest is "other".
func ParseUserAgent(ua string) ClientInfo {
	l := strings.ToLower(ua)
	has := func(s ...string) bool {
		for _, x := range s {
			if strings.Contains(l, x) {
				return true
			}
		}
		return false
	}
	var c ClientInfo
	switch {
	case ua == "":
		c.Browser = "other"
	case has("bot", "crawler", "spider", "headlesschrome", "curl/", "wget/", "python-", "go-http-client", "okhttp", "slurp", "facebookexternalhit"):
		c.Browser = "bot"
	case has("edg/", "edge/", "edga/", "edgios/"):
		c.Browser = "Edge"
	case has("opr/", "opera"):
		c.Browser = "Opera"
	case has("samsungbrowser/"):
		c.Browser = "Samsung Internet"
	case has("firefox/", "fxios/"):
		c.Browser = "Firefox"
	case has("chrome/", "crios/", "chromium/"):
		c.Browser = "Chrome"
	case has("safari/") && has("version/", "mobile/"):
		c.Browser = "Safari"
	default:
		c.Browser = "other"
	}
	switch {
	case has("windows"):
		c.OS = "Windows"
	case has("iphone", "ipad", "ipod"):
		c.OS = "iOS"
	case has("android"):
		c.OS = "Android"
	case has("cros"):
		c.OS = "ChromeOS"
	case has("mac os x", "macintosh"):
		c.OS = "macOS"
	case has("linux"):
		c.OS = "Linux"
	default:
		c.OS = "other"
	}
	switch {
	case c.Browser == "bot":
		c.Device = "bot"
	case has("ipad", "tablet") || (has("android") && !has("mobile")):
		c.Device = "tablet"
	case has("mobi", "iphone", "ipod", "android"):
		c.Device = "mobile"
	default:
		c.Device = "desktop"
	}
	return c
}

// OriginOf returns scheme://host[:port] of an http(s) URL or origin, or "".
func OriginOf(raw string) string {
	if raw == "" || raw == "null" || len(raw) > 4096 {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

// ---- the daily salt ----

// dailySalt is the secret of viewer hashes. It exists in memory only and is
// replaced by a fresh random one when the UTC day changes, so the hashes of
// a past day can never be recomputed.
type dailySalt struct {
	mu   sync.Mutex
	day  time.Time
	salt [32]byte
}

func (d *dailySalt) viewerHash(now time.Time, ip, userAgent, embed string) string {
	day := now.UTC().Truncate(24 * time.Hour)
	d.mu.Lock()
	if !day.Equal(d.day) {
		rand.Read(d.salt[:])
		d.day = day
	}
	h := sha256.New()
	h.Write(d.salt[:])
	d.mu.Unlock()
	// Length prefixes keep ("1.2.3.4", "5x") and ("1.2.3.45", "x") apart.
	for _, part := range []string{ip, userAgent, embed} {
		fmt.Fprintf(h, "%d:%s", len(part), part)
	}
	return hex.EncodeToString(h.Sum(nil)[:viewerHashBytes])
}

// ---- sessions ----

// Interval is a watched stretch of a video, in seconds.
type Interval struct{ From, To float64 }

// PlaybackSession is the state the writer keeps per session: enough to
// recompute the session's contribution to its hour when new events arrive.
type PlaybackSession struct {
	VideoID  string
	Space    string
	Session  string
	Hour     time.Time // the UTC hour the session started in
	Viewer   string
	Browser  string
	OS       string
	Device   string
	Referrer string
	LastSeen time.Time

	Watched     []Interval // merged, sorted
	Cursor      float64    // where the last report left playback; <0 when paused or unknown
	Played      bool
	Ended       bool
	Errored     bool
	StartupMS   float64 // <0 when not reported
	RebufferMS  float64
	Contributed SessionContribution // what this session has added to its hour so far
}

// NewPlaybackSession starts the state of the session ev opens.
func NewPlaybackSession(ev *PlayerEvent) *PlaybackSession {
	return &PlaybackSession{
		VideoID: ev.VideoID, Space: ev.Space, Session: ev.Session, Hour: ev.At.UTC().Truncate(time.Hour),
		Viewer: ev.Viewer, Browser: ev.Browser, OS: ev.OS, Device: ev.Device, Referrer: ev.Referrer,
		Cursor: -1, StartupMS: -1,
		Contributed: SessionContribution{StartupBucket: -1}, // nothing added yet
	}
}

// Apply folds one event of the session into its state.
func (s *PlaybackSession) Apply(ev *PlayerEvent) {
	if ev.At.After(s.LastSeen) {
		s.LastSeen = ev.At
	}
	if s.Referrer == "" && ev.Referrer != "" {
		s.Referrer = ev.Referrer
	}
	// closeAt records what was watched between the last report and pos.
	closeAt := func(pos float64) {
		if s.Cursor >= 0 && pos >= s.Cursor && pos-s.Cursor <= maxCursorGapSeconds {
			s.watch(s.Cursor, pos)
		}
	}
	switch ev.Kind {
	case PlayerPlay:
		s.Played = true
		s.Cursor = ev.Position
	case PlayerHeartbeat:
		s.Played = true
		s.watch(ev.From, ev.To)
		s.Cursor = ev.To
	case PlayerSeeked:
		closeAt(ev.From)
		s.Cursor = ev.To
	case PlayerPause:
		closeAt(ev.Position)
		s.Cursor = -1
	case PlayerEnded:
		closeAt(ev.Position)
		s.Ended = true
		s.Cursor = -1
	case PlayerError:
		s.Errored = true
	case PlayerStartup:
		if s.StartupMS < 0 {
			s.StartupMS = ev.Value
		}
	case PlayerRebufferEnd:
		s.RebufferMS = min(s.RebufferMS+ev.Value, maxRebufferMS)
	}
}

// watch adds [from, to] to the watched intervals, merging overlaps so that a
// stretch watched twice counts once.
func (s *PlaybackSession) watch(from, to float64) {
	if to-from > maxIntervalSeconds {
		from = to - maxIntervalSeconds
	}
	if !(to > from) || from < 0 {
		return
	}
	iv := append(s.Watched, Interval{from, to})
	slices.SortFunc(iv, func(a, b Interval) int {
		switch {
		case a.From < b.From:
			return -1
		case a.From > b.From:
			return 1
		}
		return 0
	})
	merged := iv[:1]
	for _, x := range iv[1:] {
		last := &merged[len(merged)-1]
		if x.From <= last.To {
			last.To = max(last.To, x.To)
			continue
		}
		merged = append(merged, x)
	}
	// A pathological client could fragment coverage without end; past the
	// bound, the two closest neighbours are joined (a slight overcount).
	for len(merged) > maxWatchedIntervals {
		best := 0
		for i := 1; i < len(merged)-1; i++ {
			if merged[i+1].From-merged[i].To < merged[best+1].From-merged[best].To {
				best = i
			}
		}
		merged[best].To = merged[best+1].To
		merged = slices.Delete(merged, best+1, best+2)
	}
	s.Watched = merged
}

// SessionContribution is what one session adds to the rollup of its hour.
type SessionContribution struct {
	Sessions      int64
	Views         int64
	Completed     int64
	Failed        int64
	WatchMS       int64
	RebufferMS    int64
	StartupBucket int // -1 when none
	Retention     [2]uint64
}

// Contribution computes what the session adds to its hour for a video of
// duration seconds (0 when unknown: no retention, completion only by ended).
func (s *PlaybackSession) Contribution(duration float64) SessionContribution {
	c := SessionContribution{Sessions: 1, StartupBucket: -1}
	watched := 0.0
	end := 0.0
	for _, iv := range s.Watched {
		from, to := iv.From, iv.To
		if duration > 0 {
			from, to = min(from, duration), min(to, duration)
		}
		watched += to - from
		end = max(end, to)
	}
	if s.Errored && !s.Played && watched == 0 {
		c.Failed = 1
	}
	c.RebufferMS = int64(s.RebufferMS)
	if s.StartupMS >= 0 {
		c.StartupBucket = StartupBucket(s.StartupMS)
	}
	if watched < minViewWatchSeconds {
		return c
	}
	c.Views = 1
	c.WatchMS = int64(math.Round(watched * 1000))
	if s.Ended || (duration > 0 && end >= completionThreshold*duration) {
		c.Completed = 1
	}
	if duration > 0 {
		// A percentile counts as watched when its midpoint was.
		j := 0
		for i := range RetentionPoints {
			mid := (float64(i) + 0.5) * duration / RetentionPoints
			for j < len(s.Watched) && s.Watched[j].To < mid {
				j++
			}
			if j < len(s.Watched) && s.Watched[j].From <= mid {
				c.Retention[i/64] |= 1 << (i % 64)
			}
		}
	}
	return c
}

// StartupBucket returns the histogram bucket of a startup time.
func StartupBucket(ms float64) int {
	for i, upper := range startupBucketsMS {
		if ms <= float64(upper) {
			return i
		}
	}
	return len(startupBucketsMS)
}

// ---- rollups ----

// HourRollup is the aggregate of one video over one hour, or of several
// video-hours summed.
type HourRollup struct {
	VideoID       string
	Hour          time.Time
	Sessions      int64
	Views         int64
	UniqueViewers int64
	Completed     int64
	Failed        int64
	WatchMS       int64
	RebufferMS    int64
	Startup       [StartupBuckets]int64
	Retention     [RetentionPoints]int64
}

// Add applies the difference between a session's new and old contributions.
func (r *HourRollup) Add(now, old SessionContribution) {
	r.Sessions += now.Sessions - old.Sessions
	r.Views += now.Views - old.Views
	r.Completed += now.Completed - old.Completed
	r.Failed += now.Failed - old.Failed
	r.WatchMS += now.WatchMS - old.WatchMS
	r.RebufferMS += now.RebufferMS - old.RebufferMS
	if old.StartupBucket >= 0 {
		r.Startup[old.StartupBucket]--
	}
	if now.StartupBucket >= 0 {
		r.Startup[now.StartupBucket]++
	}
	for i := range RetentionPoints {
		bit := uint64(1) << (i % 64)
		was, is := old.Retention[i/64]&bit != 0, now.Retention[i/64]&bit != 0
		switch {
		case is && !was:
			r.Retention[i]++
		case was && !is:
			r.Retention[i]--
		}
	}
}

// Merge adds o's counters into r.
func (r *HourRollup) Merge(o *HourRollup) {
	r.Sessions += o.Sessions
	r.Views += o.Views
	r.UniqueViewers += o.UniqueViewers
	r.Completed += o.Completed
	r.Failed += o.Failed
	r.WatchMS += o.WatchMS
	r.RebufferMS += o.RebufferMS
	for i := range r.Startup {
		r.Startup[i] += o.Startup[i]
	}
	for i := range r.Retention {
		r.Retention[i] += o.Retention[i]
	}
}

// Dimensions of the breakdowns.
const (
	DimReferrer = "referrer"
	DimBrowser  = "browser"
	DimOS       = "os"
	DimDevice   = "device"
)

// DimensionViews counts the views of one value of a dimension.
type DimensionViews struct {
	Dim   string
	Value string
	Views int64
}

// VideoViews is the total of one video over a range.
type VideoViews struct {
	VideoID string
	Title   string
	Views   int64
	WatchMS int64
}

// RollupQuery selects rollups: of one video, or of every video of a space.
type RollupQuery struct {
	Space   string
	VideoID string // "" = every video of Space
	From    time.Time
	To      time.Time // exclusive; both on hour boundaries
	// TopVideos asks for the videos of the space with the most views.
	TopVideos int
}

// Rollups is what a stats query reads.
type Rollups struct {
	Hours     []*HourRollup // one per hour that has data, per video summed
	Dims      []DimensionViews
	TopVideos []VideoViews
}

// AnalyticsStore is the port of the analytics tables. RecordPlayback is
// called by one writer goroutine at a time.
type AnalyticsStore interface {
	// RecordPlayback stores events (resolved to their videos) and brings
	// sessions and hourly rollups up to date, in one transaction.
	RecordPlayback(ctx context.Context, events []PlayerEvent) error
	// PlaybackRollups reads the hourly rollups of q, summed per hour.
	PlaybackRollups(ctx context.Context, q RollupQuery) (*Rollups, error)
	// DeletePlaybackBefore deletes at most limit raw events older than
	// events, and session state (and daily viewer hashes) older than
	// sessions; it returns how many rows went.
	DeletePlaybackBefore(ctx context.Context, events, sessions time.Time, limit int) (int64, error)
}

func (s *Service) analytics() (AnalyticsStore, error) {
	a, ok := s.store.(AnalyticsStore)
	if !ok {
		return nil, Errorf(EUnavailable, "analytics is not supported by this store")
	}
	return a, nil
}

// ---- ingest ----

// IngestConfig tunes an Ingest. Zero values are the defaults.
type IngestConfig struct {
	// QueueEvents bounds the events waiting for the writer (default
	// 50,000); past it Submit fails with EUnavailable rather than blocking.
	QueueEvents int
	// FlushInterval is how often the writer writes what waits (250 ms).
	FlushInterval time.Duration
	// FlushEvents wakes the writer early once this many events wait (500).
	FlushEvents int
	// EventDays is how long raw events are kept (30 days); rollups stay.
	EventDays int
	// SweepInterval is how often old raw events are deleted (1 h).
	SweepInterval time.Duration
}

// Ingest accepts beacons and writes their events in batches from one
// goroutine, off the request path. Close flushes what waits.
type Ingest struct {
	svc   *Service
	store AnalyticsStore
	cfg   IngestConfig
	log   *slog.Logger
	salt  dailySalt

	mu      sync.Mutex
	pending []PlayerEvent
	closed  bool

	wake   chan struct{}
	stop   chan struct{}
	done   chan struct{}
	embeds map[string]embedEntry // owned by the writer goroutine
}

type embedEntry struct {
	videoID, space string
	duration       float64
	found          bool
	at             time.Time
}

// StartIngest starts the analytics writer. It fails with EUnavailable when
// the store has no analytics tables.
func (s *Service) StartIngest(cfg IngestConfig) (*Ingest, error) {
	store, err := s.analytics()
	if err != nil {
		return nil, err
	}
	if cfg.QueueEvents <= 0 {
		cfg.QueueEvents = defaultIngestQueue
	}
	if cfg.FlushInterval <= 0 {
		cfg.FlushInterval = defaultFlushInterval
	}
	if cfg.FlushEvents <= 0 {
		cfg.FlushEvents = defaultFlushEvents
	}
	if cfg.EventDays <= 0 {
		cfg.EventDays = defaultEventDays
	}
	if cfg.SweepInterval <= 0 {
		cfg.SweepInterval = defaultSweepInterval
	}
	in := &Ingest{
		svc: s, store: store, cfg: cfg, log: s.log,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
		embeds: map[string]embedEntry{},
	}
	go in.run()
	return in, nil
}

// Submit validates a beacon and queues its events. Events of unknown types
// are dropped; it returns how many were queued. A malformed event fails the
// whole beacon with a validation error; a full queue fails it with
// EUnavailable, and nothing of it is queued.
func (in *Ingest) Submit(ctx context.Context, b Beacon) (int, error) {
	if len(b.Events) > MaxBeaconEvents {
		return 0, Errorf(EPayloadTooLarge, "a batch holds at most %d events", MaxBeaconEvents)
	}
	now := in.svc.clock.Now().UTC()
	client := ParseUserAgent(b.UserAgent)
	headerOrigin := OriginOf(b.Origin)
	hashes := map[string]string{}
	out := make([]PlayerEvent, 0, len(b.Events))
	for i, e := range b.Events {
		if !e.Type.Known() {
			continue
		}
		ev, err := normalize(i, &e, now)
		if err != nil {
			return 0, err
		}
		if !ValidEmbed(e.Embed) {
			continue // cannot be a video: dropped like any unknown embed
		}
		h, ok := hashes[e.Embed]
		if !ok {
			h = in.salt.viewerHash(now, b.IP, b.UserAgent, e.Embed)
			hashes[e.Embed] = h
		}
		ev.Viewer = h
		ev.Browser, ev.OS, ev.Device = client.Browser, client.OS, client.Device
		ev.Referrer = OriginOf(e.Referrer)
		if ev.Referrer == "" {
			ev.Referrer = headerOrigin
		}
		out = append(out, ev)
	}
	if len(out) == 0 {
		return 0, nil
	}
	in.mu.Lock()
	if in.closed {
		in.mu.Unlock()
		return 0, Errorf(EUnavailable, "analytics ingest is shutting down")
	}
	if len(in.pending)+len(out) > in.cfg.QueueEvents {
		in.mu.Unlock()
		return 0, Errorf(EUnavailable, "analytics ingest is busy; retry shortly")
	}
	in.pending = append(in.pending, out...)
	full := len(in.pending) >= in.cfg.FlushEvents
	in.mu.Unlock()
	if full {
		select {
		case in.wake <- struct{}{}:
		default:
		}
	}
	return len(out), nil
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

// Close stops accepting beacons and writes every queued event.
func (in *Ingest) Close() error {
	in.mu.Lock()
	already := in.closed
	in.closed = true
	in.mu.Unlock()
	if !already {
		close(in.stop)
	}
	<-in.done
	return nil
}

// Flush writes every queued event now (tests and shutdown).
func (in *Ingest) Flush(ctx context.Context) error {
	for {
		batch := in.take()
		if len(batch) == 0 {
			return nil
		}
		if err := in.write(ctx, batch); err != nil {
			return err
		}
	}
}

func (in *Ingest) run() {
	defer close(in.done)
	flush := time.NewTicker(in.cfg.FlushInterval)
	defer flush.Stop()
	sweep := time.NewTicker(in.cfg.SweepInterval)
	defer sweep.Stop()
	ctx := context.Background()
	for {
		select {
		case <-in.stop:
			if err := in.Flush(ctx); err != nil {
				in.log.ErrorContext(ctx, "writing playback events at shutdown", "err", err)
			}
			return
		case <-flush.C:
		case <-in.wake:
		case <-sweep.C:
			in.sweep(ctx)
			continue
		}
		if err := in.Flush(ctx); err != nil {
			// The batch is dropped: retrying a batch the store refuses would
			// wedge the queue, and analytics tolerate a gap.
			in.log.ErrorContext(ctx, "writing playback events", "err", err)
		}
	}
}

// maxWriteBatch bounds one transaction, so that other writers wait for the
// analytics writer at most a few milliseconds.
const maxWriteBatch = 2000

func (in *Ingest) take() []PlayerEvent {
	in.mu.Lock()
	defer in.mu.Unlock()
	n := min(len(in.pending), maxWriteBatch)
	if n == 0 {
		return nil
	}
	batch := slices.Clone(in.pending[:n])
	in.pending = in.pending[n:]
	if len(in.pending) == 0 {
		in.pending = nil // let the backing array go
	}
	return batch
}

// write resolves the embeds of batch, drops the unknown ones and stores the rest.
func (in *Ingest) write(ctx context.Context, batch []PlayerEvent) error {
	now := in.svc.clock.Now()
	kept := batch[:0]
	for _, ev := range batch {
		ent, ok := in.embeds[ev.Embed]
		if !ok || now.Sub(ent.at) > embedCacheTTL || now.Before(ent.at) {
			if len(in.embeds) >= maxEmbedCache {
				clear(in.embeds)
			}
			ent = embedEntry{at: now}
			v, err := in.svc.store.VideoByEmbed(ctx, ev.Embed)
			switch {
			case err == nil:
				ent.videoID, ent.space, ent.duration, ent.found = v.ID, v.Space, v.Duration, true
			case !IsNotFound(err):
				return fmt.Errorf("resolving embed: %w", err)
			}
			in.embeds[ev.Embed] = ent
		}
		if !ent.found {
			continue
		}
		ev.VideoID, ev.Space, ev.Duration = ent.videoID, ent.space, ent.duration
		kept = append(kept, ev)
	}
	if len(kept) == 0 {
		return nil
	}
	return in.store.RecordPlayback(ctx, kept)
}

func (in *Ingest) sweep(ctx context.Context) {
	now := in.svc.clock.Now()
	events := now.Add(-time.Duration(in.cfg.EventDays) * 24 * time.Hour)
	// A session can still change while its events are within the ingest
	// window (24 h back); two days keeps it until no event can reach it.
	sessions := now.Add(-48 * time.Hour)
	var total int64
	for {
		n, err := in.store.DeletePlaybackBefore(ctx, events, sessions, 10_000)
		if err != nil {
			in.log.ErrorContext(ctx, "sweeping playback events", "err", err)
			return
		}
		total += n
		if n == 0 {
			break
		}
		select {
		case <-in.stop:
			return
		default:
		}
	}
	if total > 0 {
		in.log.InfoContext(ctx, "swept old playback events", "rows", total)
	}
}

// Sweep deletes raw events past the retention now (tests, operators).
func (in *Ingest) Sweep(ctx context.Context) { in.sweep(ctx) }

// ---- stats ----

// Stats intervals.
const (
	IntervalHour = "hour"
	IntervalDay  = "day"
)

// StatsQuery is the range and resolution of a stats request.
type StatsQuery struct {
	From, To time.Time // zero: the last 7 days
	Interval string    // hour or day; "" = hour for ranges up to 2 days, else day
}

// Percentiles of startup time, in ms; null when nothing was measured.
type Percentiles struct {
	P50 *float64 `json:"p50"`
	P95 *float64 `json:"p95"`
}

// NamedViews is one row of a breakdown.
type NamedViews struct {
	Name  string `json:"name"`
	Views int64  `json:"views"`
}

// ReferrerViews is one row of the referrer breakdown.
type ReferrerViews struct {
	Origin string `json:"origin"`
	Views  int64  `json:"views"`
}

// SeriesPoint is one interval of the time series.
type SeriesPoint struct {
	At               time.Time `json:"at"`
	Views            int64     `json:"views"`
	WatchTimeSeconds float64   `json:"watch_time_seconds"`
}

// TopVideo is one row of a space's most viewed videos.
type TopVideo struct {
	ID               string  `json:"id"`
	Title            string  `json:"title"`
	Views            int64   `json:"views"`
	WatchTimeSeconds float64 `json:"watch_time_seconds"`
}

// Stats is the answer of the stats API. Unique viewers are counted per day
// (the salt changes daily), so over several days they are summed daily
// uniques: a viewer seen on two days counts twice.
type Stats struct {
	From               time.Time       `json:"from"`
	To                 time.Time       `json:"to"`
	Interval           string          `json:"interval"`
	Views              int64           `json:"views"`
	UniqueViewers      int64           `json:"unique_viewers"`
	WatchTimeSeconds   float64         `json:"watch_time_seconds"`
	AverageViewSeconds float64         `json:"average_view_seconds"`
	CompletionRate     float64         `json:"completion_rate"`
	Retention          []float64       `json:"retention"`
	StartupTimeMS      Percentiles     `json:"startup_time_ms"`
	RebufferRatio      float64         `json:"rebuffer_ratio"`
	FailureRate        float64         `json:"failure_rate"`
	Referrers          []ReferrerViews `json:"referrers"`
	Browsers           []NamedViews    `json:"browsers"`
	OS                 []NamedViews    `json:"os"`
	Devices            []NamedViews    `json:"devices"`
	Series             []SeriesPoint   `json:"series"`
}

// SpaceStats is Stats of a whole space with its most viewed videos; the
// list is always present, empty when nothing was watched.
type SpaceStats struct {
	Stats
	TopVideos []TopVideo `json:"top_videos"`
}

// Limits of stats queries.
const (
	defaultStatsRange = 7 * 24 * time.Hour
	maxStatsRange     = 366 * 24 * time.Hour
	maxHourlyRange    = 31 * 24 * time.Hour
	maxBreakdownRows  = 20
	topVideosCount    = 10
)

// VideoStats answers the stats of one video of the principal's space.
func (s *Service) VideoStats(ctx context.Context, p *Principal, id string, q StatsQuery) (*Stats, error) {
	store, err := s.analytics()
	if err != nil {
		return nil, err
	}
	if _, err := s.store.Video(ctx, p.Space, id); err != nil {
		return nil, err
	}
	if err := s.statsRange(&q); err != nil {
		return nil, err
	}
	r, err := store.PlaybackRollups(ctx, RollupQuery{Space: p.Space, VideoID: id, From: q.From, To: q.To})
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	return buildStats(q, r), nil
}

// SpaceStats answers the stats of every video of the principal's space, with
// its most viewed videos.
func (s *Service) SpaceStats(ctx context.Context, p *Principal, q StatsQuery) (*SpaceStats, error) {
	store, err := s.analytics()
	if err != nil {
		return nil, err
	}
	if err := s.statsRange(&q); err != nil {
		return nil, err
	}
	r, err := store.PlaybackRollups(ctx, RollupQuery{Space: p.Space, From: q.From, To: q.To, TopVideos: topVideosCount})
	if err != nil {
		return nil, fmt.Errorf("reading rollups: %w", err)
	}
	st := &SpaceStats{Stats: *buildStats(q, r), TopVideos: make([]TopVideo, 0, len(r.TopVideos))}
	for _, v := range r.TopVideos {
		st.TopVideos = append(st.TopVideos, TopVideo{ID: v.VideoID, Title: v.Title, Views: v.Views, WatchTimeSeconds: float64(v.WatchMS) / 1000})
	}
	return st, nil
}

// statsRange applies the defaults and aligns the range on rollup hours:
// from rounds down and to rounds up.
func (s *Service) statsRange(q *StatsQuery) error {
	now := s.clock.Now().UTC()
	if q.To.IsZero() {
		q.To = now
	}
	if q.From.IsZero() {
		q.From = q.To.Add(-defaultStatsRange)
	}
	q.From = q.From.UTC().Truncate(time.Hour)
	if to := q.To.UTC().Truncate(time.Hour); to.Before(q.To) {
		q.To = to.Add(time.Hour)
	} else {
		q.To = to
	}
	if !q.From.Before(q.To) {
		return Invalid("from", "must be before to")
	}
	if q.To.Sub(q.From) > maxStatsRange {
		return Invalid("from", "the range may span at most 366 days")
	}
	switch q.Interval {
	case "":
		q.Interval = IntervalDay
		if q.To.Sub(q.From) <= 48*time.Hour {
			q.Interval = IntervalHour
		}
	case IntervalHour:
		if q.To.Sub(q.From) > maxHourlyRange {
			return Invalid("interval", "hour is allowed for ranges up to 31 days")
		}
	case IntervalDay:
	default:
		return Invalid("interval", "must be hour or day")
	}
	return nil
}

func buildStats(q StatsQuery, r *Rollups) *Stats {
	var total HourRollup
	step := time.Hour
	if q.Interval == IntervalDay {
		step = 24 * time.Hour
	}
	start := q.From.Truncate(step)
	series := []SeriesPoint{}
	for at := start; at.Before(q.To); at = at.Add(step) {
		series = append(series, SeriesPoint{At: at})
	}
	for _, h := range r.Hours {
		total.Merge(h)
		if i := int(h.Hour.Sub(start) / step); i >= 0 && i < len(series) {
			series[i].Views += h.Views
			series[i].WatchTimeSeconds += float64(h.WatchMS) / 1000
		}
	}
	st := &Stats{
		From: q.From, To: q.To, Interval: q.Interval,
		Views: total.Views, UniqueViewers: total.UniqueViewers,
		WatchTimeSeconds: float64(total.WatchMS) / 1000,
		Retention:        make([]float64, RetentionPoints),
		Referrers:        []ReferrerViews{}, Browsers: []NamedViews{}, OS: []NamedViews{}, Devices: []NamedViews{},
		Series: series,
	}
	if total.Views > 0 {
		st.AverageViewSeconds = ratio(total.WatchMS, total.Views) / 1000
		st.CompletionRate = ratio(total.Completed, total.Views)
		for i, n := range total.Retention {
			st.Retention[i] = ratio(n, total.Views)
		}
	}
	if total.WatchMS > 0 {
		st.RebufferRatio = ratio(total.RebufferMS, total.WatchMS)
	}
	if total.Sessions > 0 {
		st.FailureRate = ratio(total.Failed, total.Sessions)
	}
	st.StartupTimeMS = Percentiles{P50: histogramPercentile(total.Startup[:], 0.50), P95: histogramPercentile(total.Startup[:], 0.95)}
	dims := slices.Clone(r.Dims)
	slices.SortStableFunc(dims, func(a, b DimensionViews) int {
		if a.Views != b.Views {
			return int(b.Views - a.Views)
		}
		return strings.Compare(a.Value, b.Value)
	})
	for _, d := range dims {
		if d.Views <= 0 {
			continue
		}
		switch d.Dim {
		case DimReferrer:
			if d.Value != "" && len(st.Referrers) < maxBreakdownRows {
				st.Referrers = append(st.Referrers, ReferrerViews{Origin: d.Value, Views: d.Views})
			}
		case DimBrowser:
			st.Browsers = appendNamed(st.Browsers, d)
		case DimOS:
			st.OS = appendNamed(st.OS, d)
		case DimDevice:
			st.Devices = appendNamed(st.Devices, d)
		}
	}
	return st
}

func appendNamed(rows []NamedViews, d DimensionViews) []NamedViews {
	if len(rows) >= maxBreakdownRows {
		return rows
	}
	return append(rows, NamedViews{Name: d.Value, Views: d.Views})
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(float64(a)/float64(b)*1e6) / 1e6
}

// histogramPercentile estimates the p-quantile of the startup histogram,
// interpolating linearly inside the bucket it falls in.
func histogramPercentile(counts []int64, p float64) *float64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return nil
	}
	rank := p * float64(n)
	var seen float64
	for i, c := range counts {
		if c <= 0 {
			continue
		}
		if seen+float64(c) >= rank {
			lo := 0.0
			if i > 0 {
				lo = float64(startupBucketsMS[i-1])
			}
			if i == len(startupBucketsMS) {
				return &lo // the open bucket: its lower bound
			}
			hi := float64(startupBucketsMS[i])
			v := math.Round(lo + (hi-lo)*(rank-seen)/float64(c))
			return &v
		}
		seen += float64(c)
	}
	last := float64(startupBucketsMS[len(startupBucketsMS)-1])
	return &last
}
