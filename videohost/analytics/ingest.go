package analytics

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

	"github.com/reelvideo/reel/videohost"
)

// Tuning of the ingest writer.
const (
	viewerHashBytes      = 16
	defaultIngestQueue   = 50_000
	defaultFlushInterval = 250 * time.Millisecond
	defaultFlushSignals  = 500
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
	// QueueSignals bounds the signals waiting for the writer (default
	// 50,000); past it Submit fails with videohost.EUnavailable rather than blocking.
	QueueSignals int
	// FlushInterval is how often the writer writes what waits (250 ms).
	FlushInterval time.Duration
	// FlushSignals wakes the writer early once this many signals wait (500).
	FlushSignals int
	// SignalRetention is how long raw signals are kept (48 h). Every signal is
	// folded into its session and the hourly rollups when it is written, so
	// stats never read raw signals; they are kept only to look into. Session
	// state is kept 48 h after a session's last signal (its signals may come
	// up to 24 h late); rollups stay.
	SignalRetention time.Duration
	// SweepInterval is how often old raw signals and sessions are deleted
	// (10 min).
	SweepInterval time.Duration

	// CapWindow is the window of the caps below (10 min).
	CapWindow time.Duration
	// EmbedSignals caps the signals one video may receive per window
	// (100,000); past it they are dropped.
	EmbedSignals int
	// ViewerSignals caps the signals one viewer (a daily hash of address,
	// User-Agent and video) may send per window (600); past it they are
	// dropped.
	ViewerSignals int
	// AddressSignals caps the signals one client address (an IPv6 /64) may
	// send per window, whatever User-Agent each names (6,000): the viewer
	// cap is keyed on a header the client chooses. Past it they are
	// dropped.
	AddressSignals int
}

// Ingest accepts beacons and writes their signals in batches from one
// goroutine, off the request path. Close flushes what waits.
type Ingest struct {
	videos Videos
	clock  videohost.Clock
	store  Store
	cfg    IngestConfig
	log    *slog.Logger
	salt   dailySalt

	mu      sync.Mutex
	pending []Signal
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

// StartIngest starts the analytics writer. It fails with videohost.EUnavailable when
// the store has no analytics tables.
func (a *Analytics) StartIngest(cfg IngestConfig) (*Ingest, error) {
	store, err := a.analytics()
	if err != nil {
		return nil, err
	}
	if cfg.QueueSignals <= 0 {
		cfg.QueueSignals = defaultIngestQueue
	}
	if cfg.FlushInterval <= 0 {
		cfg.FlushInterval = defaultFlushInterval
	}
	if cfg.FlushSignals <= 0 {
		cfg.FlushSignals = defaultFlushSignals
	}
	if cfg.SignalRetention <= 0 {
		cfg.SignalRetention = DefaultSignalRetention
	}
	if cfg.SweepInterval <= 0 {
		cfg.SweepInterval = defaultSweepInterval
	}
	if cfg.CapWindow <= 0 {
		cfg.CapWindow = DefaultCapWindow
	}
	if cfg.EmbedSignals <= 0 {
		cfg.EmbedSignals = DefaultEmbedSignals
	}
	if cfg.ViewerSignals <= 0 {
		cfg.ViewerSignals = DefaultViewerSignals
	}
	if cfg.AddressSignals <= 0 {
		cfg.AddressSignals = DefaultAddressSignals
	}
	in := &Ingest{
		videos: a.videos, clock: a.clock, store: store, cfg: cfg, log: a.log,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
		embeds:     embedCache{m: map[string]embedEntry{}},
		embedCaps:  newWindowCaps(cfg.CapWindow, cfg.EmbedSignals),
		viewerCaps: newWindowCaps(cfg.CapWindow, cfg.ViewerSignals),
		addrCaps:   newWindowCaps(cfg.CapWindow, cfg.AddressSignals),
	}
	go in.run()
	return in, nil
}

// Submit validates a beacon and queues its signals. Signals of unknown types,
// for embeds that are not playable videos, for more than 16 videos in one
// batch, or past the per-video, per-viewer or per-address cap of the window are dropped;
// it returns how many were queued. A malformed signal fails the whole beacon
// with a validation error; a full queue fails it with videohost.EUnavailable, and
// nothing of it is queued.
func (in *Ingest) Submit(ctx context.Context, b Beacon) (int, error) {
	if len(b.Signals) > MaxBeaconSignals {
		return 0, videohost.Errorf(videohost.EPayloadTooLarge, "a batch holds at most %d events", MaxBeaconSignals)
	}
	now := in.clock.Now().UTC()
	// Check every signal first: a malformed one fails the batch whatever
	// would have been dropped.
	type group struct {
		embed   string
		signals []Signal
	}
	var groups []*group
	index := map[string]*group{}
	for i, e := range b.Signals {
		if !e.Type.Known() {
			continue
		}
		sig, err := normalize(i, &e, now)
		if err != nil {
			return 0, err
		}
		if !videohost.ValidEmbed(e.Embed) {
			in.drop(DropUnknownVideo, 1) // cannot be a video
			continue
		}
		sig.Referrer = e.Referrer // reduced to its origin below
		g := index[e.Embed]
		if g == nil {
			g = &group{embed: e.Embed}
			index[e.Embed] = g
			groups = append(groups, g)
		}
		g.signals = append(g.signals, sig)
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
	out := make([]Signal, 0, len(b.Signals))
	for gi, g := range groups {
		if gi >= maxBatchEmbeds {
			in.drop(DropTooManyVideos, len(g.signals))
			continue
		}
		ent, err := in.embeds.resolve(ctx, in.videos, now, g.embed)
		if err != nil {
			return 0, fmt.Errorf("resolving embed: %w", err)
		}
		if !ent.found {
			in.drop(DropUnknownVideo, len(g.signals))
			continue
		}
		viewer := in.salt.viewerHash(now, b.IP, b.UserAgent, g.embed)
		n := in.viewerCaps.take(now, viewer, len(g.signals))
		fromAddr := in.addrCaps.take(now, addr, n)
		kept := in.embedCaps.take(now, g.embed, fromAddr)
		in.viewerCaps.giveBack(viewer, n-kept)
		in.addrCaps.giveBack(addr, fromAddr-kept)
		if kept < len(g.signals) {
			in.drop(DropOverCap, len(g.signals)-kept)
		}
		takes = append(takes, taken{g.embed, viewer, kept})
		for _, sig := range g.signals[:kept] {
			sig.VideoID, sig.Space, sig.Duration = ent.videoID, ent.space, ent.duration
			if !ent.live {
				// A client cannot make an on-demand video's viewers live ones.
				sig.Live, sig.Latency = false, -1
			}
			sig.Viewer = viewer
			sig.Browser, sig.OS, sig.Device = client.Browser, client.OS, client.Device
			sig.Referrer = OriginOf(sig.Referrer)
			if sig.Referrer == "" {
				sig.Referrer = headerOrigin
			}
			out = append(out, sig)
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
		return refuse(videohost.Errorf(videohost.EUnavailable, "analytics ingest is shutting down"))
	}
	if len(in.pending)+len(out) > in.cfg.QueueSignals {
		in.mu.Unlock()
		return refuse(videohost.Errorf(videohost.EUnavailable, "analytics ingest is busy; retry shortly"))
	}
	in.pending = append(in.pending, out...)
	full := len(in.pending) >= in.cfg.FlushSignals
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

// Reasons signals are dropped (Ingest.Dropped).
const (
	DropUnknownVideo  = "unknown_video"   // no playable video has the embed
	DropTooManyVideos = "too_many_videos" // the batch named more than 16 videos
	DropOverCap       = "over_cap"        // past the video's, the viewer's or the address's cap
	DropBusy          = "busy"            // the queue was full (the batch got 503)
)

// Accepted counts the signals queued since start.
func (in *Ingest) Accepted() int64 { return in.accepted.Load() }

func (in *Ingest) drop(reason string, n int) {
	c, _ := in.dropped.LoadOrStore(reason, new(atomic.Int64))
	c.(*atomic.Int64).Add(int64(n))
}

// Dropped counts the signals dropped since start, by reason (Drop*).
func (in *Ingest) Dropped() map[string]int64 {
	out := map[string]int64{DropUnknownVideo: 0, DropTooManyVideos: 0, DropOverCap: 0, DropBusy: 0}
	in.dropped.Range(func(k, v any) bool {
		out[k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
}

// Close stops accepting beacons and writes every queued signal.
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

// Flush writes every queued signal now (tests and shutdown).
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

func (in *Ingest) take() []Signal {
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
func (in *Ingest) write(ctx context.Context, batch []Signal) error {
	return RecordPlayback(ctx, in.store, batch)
}

func (in *Ingest) sweep(ctx context.Context) {
	now := in.clock.Now()
	signals := now.Add(-in.cfg.SignalRetention)
	// A session can still change while its signals are within the ingest
	// window (24 h back); two days keeps it until no signal can reach it.
	sessions := now.Add(-48 * time.Hour)
	var total int64
	for {
		n, err := in.store.DeletePlaybackBefore(ctx, signals, sessions, 10_000)
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

// Sweep deletes raw signals past the retention now (tests, operators).
func (in *Ingest) Sweep(ctx context.Context) { in.sweep(ctx) }
