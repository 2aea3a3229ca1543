package videohost

// Analytics ingest: beacons are validated and anonymised on the request
// path, then written in batches by one goroutine.
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

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Tuning of the ingest writer.
const (
	viewerHashBytes      = 16
	defaultIngestQueue   = 50_000
	defaultFlushInterval = 250 * time.Millisecond
	defaultFlushEvents   = 500
	defaultSweepInterval = 10 * time.Minute
)

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
	// EventRetention is how long raw events are kept (48 h). Every event is
	// folded into its session and the hourly rollups when it is written, so
	// stats never read raw events; they are kept only to look into. Session
	// state is kept 48 h after a session's last event (its events may come
	// up to 24 h late); rollups stay.
	EventRetention time.Duration
	// SweepInterval is how often old raw events and sessions are deleted
	// (10 min).
	SweepInterval time.Duration

	// CapWindow is the window of the caps below (10 min).
	CapWindow time.Duration
	// EmbedEvents caps the events one video may receive per window
	// (100,000); past it they are dropped.
	EmbedEvents int
	// ViewerEvents caps the events one viewer (a daily hash of address,
	// User-Agent and video) may send per window (600); past it they are
	// dropped.
	ViewerEvents int
	// AddressEvents caps the events one client address (an IPv6 /64) may
	// send per window, whatever User-Agent each names (6,000): the viewer
	// cap is keyed on a header the client chooses. Past it they are
	// dropped.
	AddressEvents int
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

	wake chan struct{}
	stop chan struct{}
	done chan struct{}

	embeds     embedCache
	embedCaps  *windowCaps
	viewerCaps *windowCaps
	addrCaps   *windowCaps
	dropped    sync.Map // reason → *atomic.Int64
	accepted   atomic.Int64
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
	if cfg.EventRetention <= 0 {
		cfg.EventRetention = DefaultEventRetention
	}
	if cfg.SweepInterval <= 0 {
		cfg.SweepInterval = defaultSweepInterval
	}
	if cfg.CapWindow <= 0 {
		cfg.CapWindow = DefaultCapWindow
	}
	if cfg.EmbedEvents <= 0 {
		cfg.EmbedEvents = DefaultEmbedEvents
	}
	if cfg.ViewerEvents <= 0 {
		cfg.ViewerEvents = DefaultViewerEvents
	}
	if cfg.AddressEvents <= 0 {
		cfg.AddressEvents = DefaultAddressEvents
	}
	in := &Ingest{
		svc: s, store: store, cfg: cfg, log: s.log,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
		embeds:     embedCache{m: map[string]embedEntry{}},
		embedCaps:  newWindowCaps(cfg.CapWindow, cfg.EmbedEvents),
		viewerCaps: newWindowCaps(cfg.CapWindow, cfg.ViewerEvents),
		addrCaps:   newWindowCaps(cfg.CapWindow, cfg.AddressEvents),
	}
	go in.run()
	return in, nil
}

// Submit validates a beacon and queues its events. Events of unknown types,
// for embeds that are not playable videos, for more than 16 videos in one
// batch, or past the per-video, per-viewer or per-address cap of the window are dropped;
// it returns how many were queued. A malformed event fails the whole beacon
// with a validation error; a full queue fails it with EUnavailable, and
// nothing of it is queued.
func (in *Ingest) Submit(ctx context.Context, b Beacon) (int, error) {
	if len(b.Events) > MaxBeaconEvents {
		return 0, Errorf(EPayloadTooLarge, "a batch holds at most %d events", MaxBeaconEvents)
	}
	now := in.svc.clock.Now().UTC()
	// Check every event first: a malformed one fails the batch whatever
	// would have been dropped.
	type group struct {
		embed  string
		events []PlayerEvent
	}
	var groups []*group
	index := map[string]*group{}
	for i, e := range b.Events {
		if !e.Type.Known() {
			continue
		}
		ev, err := normalize(i, &e, now)
		if err != nil {
			return 0, err
		}
		if !ValidEmbed(e.Embed) {
			in.drop(DropUnknownVideo, 1) // cannot be a video
			continue
		}
		ev.Referrer = e.Referrer // reduced to its origin below
		g := index[e.Embed]
		if g == nil {
			g = &group{embed: e.Embed}
			index[e.Embed] = g
			groups = append(groups, g)
		}
		g.events = append(g.events, ev)
	}

	client := ParseUserAgent(b.UserAgent)
	headerOrigin := OriginOf(b.Origin)
	type taken struct {
		embed, viewer string
		n             int
	}
	// The address is counted under the day's salt too: not even the
	// caps' counters hold it.
	addr := in.salt.viewerHash(now, addressPrefix(b.IP), "", "")
	var takes []taken
	out := make([]PlayerEvent, 0, len(b.Events))
	for gi, g := range groups {
		if gi >= maxBatchEmbeds {
			in.drop(DropTooManyVideos, len(g.events))
			continue
		}
		ent, err := in.embeds.resolve(ctx, in.svc, now, g.embed)
		if err != nil {
			return 0, fmt.Errorf("resolving embed: %w", err)
		}
		if !ent.found {
			in.drop(DropUnknownVideo, len(g.events))
			continue
		}
		viewer := in.salt.viewerHash(now, b.IP, b.UserAgent, g.embed)
		n := in.viewerCaps.take(now, viewer, len(g.events))
		fromAddr := in.addrCaps.take(now, addr, n)
		kept := in.embedCaps.take(now, g.embed, fromAddr)
		in.viewerCaps.giveBack(viewer, n-kept)
		in.addrCaps.giveBack(addr, fromAddr-kept)
		if kept < len(g.events) {
			in.drop(DropOverCap, len(g.events)-kept)
		}
		takes = append(takes, taken{g.embed, viewer, kept})
		for _, ev := range g.events[:kept] {
			ev.VideoID, ev.Space, ev.Duration = ent.videoID, ent.space, ent.duration
			ev.Viewer = viewer
			ev.Browser, ev.OS, ev.Device = client.Browser, client.OS, client.Device
			ev.Referrer = OriginOf(ev.Referrer)
			if ev.Referrer == "" {
				ev.Referrer = headerOrigin
			}
			out = append(out, ev)
		}
	}
	if len(out) == 0 {
		return 0, nil
	}
	refuse := func(err error) (int, error) {
		for _, t := range takes {
			in.viewerCaps.giveBack(t.viewer, t.n)
			in.addrCaps.giveBack(addr, t.n)
			in.embedCaps.giveBack(t.embed, t.n)
		}
		in.drop(DropBusy, len(out))
		return 0, err
	}
	in.mu.Lock()
	if in.closed {
		in.mu.Unlock()
		return refuse(Errorf(EUnavailable, "analytics ingest is shutting down"))
	}
	if len(in.pending)+len(out) > in.cfg.QueueEvents {
		in.mu.Unlock()
		return refuse(Errorf(EUnavailable, "analytics ingest is busy; retry shortly"))
	}
	in.pending = append(in.pending, out...)
	full := len(in.pending) >= in.cfg.FlushEvents
	in.mu.Unlock()
	in.accepted.Add(int64(len(out)))
	if full {
		select {
		case in.wake <- struct{}{}:
		default:
		}
	}
	return len(out), nil
}

// Reasons events are dropped (Ingest.Dropped).
const (
	DropUnknownVideo  = "unknown_video"   // no playable video has the embed
	DropTooManyVideos = "too_many_videos" // the batch named more than 16 videos
	DropOverCap       = "over_cap"        // past the video's, the viewer's or the address's cap
	DropBusy          = "busy"            // the queue was full (the batch got 503)
)

// Accepted counts the events queued since start.
func (in *Ingest) Accepted() int64 { return in.accepted.Load() }

func (in *Ingest) drop(reason string, n int) {
	c, _ := in.dropped.LoadOrStore(reason, new(atomic.Int64))
	c.(*atomic.Int64).Add(int64(n))
}

// Dropped counts the events dropped since start, by reason (Drop*).
func (in *Ingest) Dropped() map[string]int64 {
	out := map[string]int64{DropUnknownVideo: 0, DropTooManyVideos: 0, DropOverCap: 0, DropBusy: 0}
	in.dropped.Range(func(k, v any) bool {
		out[k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
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

// write stores batch; Submit resolved its videos.
func (in *Ingest) write(ctx context.Context, batch []PlayerEvent) error {
	return RecordPlayback(ctx, in.store, batch)
}

func (in *Ingest) sweep(ctx context.Context) {
	now := in.svc.clock.Now()
	events := now.Add(-in.cfg.EventRetention)
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
