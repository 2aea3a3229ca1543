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
	"time"
)

// Tuning of the ingest writer.
const (
	viewerHashBytes      = 16
	defaultIngestQueue   = 50_000
	defaultFlushInterval = 250 * time.Millisecond
	defaultFlushEvents   = 500
	defaultEventDays     = 30
	defaultSweepInterval = time.Hour
	embedCacheTTL        = time.Minute
	maxEmbedCache        = 10_000
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
	return RecordPlayback(ctx, in.store, kept)
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
