package analytics

// What an anonymous beacon can store is bounded before anything is queued:
// signals for an embed that is not a playable video are dropped (a lookup
// cached both ways, so a flood of made-up embeds costs one read each per
// minute at most), a batch names at most maxBatchEmbeds videos, and each
// video, each viewer and each client address may add a fixed number of
// signals per window. What
// passes is folded into sessions and hourly rollups as it is written, and
// the raw signals are deleted SignalRetention (48 h) later.

import (
	"context"
	"net/netip"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// addressPrefix is what the per-address cap counts of a client address:
// an IPv4 address whole, an IPv6 one by its /64 (one host usually holds a
// whole /64, so per-address counting would be no bound at all).
func addressPrefix(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// Defaults of the ingest bounds (IngestConfig).
const (
	DefaultCapWindow     = 10 * time.Minute
	DefaultEmbedSignals  = 100_000 // per video per window: ~170 signals/s, some 1,000 viewers watching at once
	DefaultViewerSignals = 600     // per viewer per window: 1 a second; a player sends about one every 5 s
	// DefaultAddressSignals is per client address (an IPv6 /64) per window,
	// whatever the User-Agent: 10 a second, ten viewers at the per-viewer
	// cap or some 50 players at their pace behind one NAT.
	DefaultAddressSignals  = 6_000
	DefaultSignalRetention = 48 * time.Hour

	// maxBatchEmbeds bounds the videos one batch may name (a page of
	// players sends one batch per player); signals for more are dropped.
	maxBatchEmbeds = 16
	// maxCapKeys bounds each cap's counters: past it, a video or viewer not
	// yet counted in the window is refused until the window turns.
	maxCapKeys = 100_000

	embedCacheTTL    = time.Minute
	embedNegativeTTL = 10 * time.Second // a video that just became playable is counted soon
	maxEmbedCache    = 10_000
)

// windowCaps counts signals per key in fixed windows and says how many more
// each key may add.
type windowCaps struct {
	window time.Duration
	limit  int

	mu     sync.Mutex
	start  time.Time
	counts map[string]int
}

func newWindowCaps(window time.Duration, limit int) *windowCaps {
	return &windowCaps{window: window, limit: limit, counts: map[string]int{}}
}

// take counts up to n signals of key within its cap and returns how many.
func (c *windowCaps) take(now time.Time, key string, n int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.turnLocked(now)
	used, known := c.counts[key]
	if !known && len(c.counts) >= maxCapKeys {
		return 0
	}
	n = max(0, min(n, c.limit-used))
	if n > 0 {
		c.counts[key] = used + n
	}
	return n
}

// giveBack returns n signals taken in the current window (a batch that was
// not queued after all).
func (c *windowCaps) giveBack(key string, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if used, ok := c.counts[key]; ok && n > 0 {
		c.counts[key] = max(0, used-n)
	}
}

// turnLocked starts a new window when now is past the current one. A now a
// little before the window's start is a request whose time was read before
// another's took the lock: it counts in the current window (resetting on
// it cleared every count, letting a flood past the caps). Only a clock set
// back by more than a window starts over.
func (c *windowCaps) turnLocked(now time.Time) {
	if now.Sub(c.start) >= c.window || now.Before(c.start.Add(-c.window)) {
		c.start = now
		clear(c.counts)
	}
}

// embedCache resolves embeds to playable videos, remembering misses too.
type embedCache struct {
	mu sync.Mutex
	m  map[string]embedEntry
}

type embedEntry struct {
	videoID, space string
	duration       float64
	found          bool
	// live: the video of a live session that is still running; only its
	// heartbeats may count as live.
	live    bool
	expires time.Time
}

// resolve returns what an embed is: found only for a playable video. Store
// errors other than not-found fail it.
func (c *embedCache) resolve(ctx context.Context, videos Videos, now time.Time, embed string) (embedEntry, error) {
	c.mu.Lock()
	ent, ok := c.m[embed]
	c.mu.Unlock()
	if ok && now.Before(ent.expires) {
		return ent, nil
	}
	ent = embedEntry{expires: now.Add(embedNegativeTTL)}
	v, err := videos.PlayableVideoByEmbed(ctx, embed)
	switch {
	case err == nil:
		ent = embedEntry{videoID: v.ID, space: v.Space, duration: v.Duration, found: true, expires: now.Add(embedCacheTTL),
			live: v.Source != nil && v.Source.LiveStream != "" && v.State != videohost.StateReady}
		if ent.live {
			// A live video grows: a duration cached a minute ago would cut
			// what its viewers watched since (Contribution clamps to it).
			ent.duration = 0
		}
	case !videohost.IsNotFound(err):
		return embedEntry{}, err
	}
	c.mu.Lock()
	if len(c.m) >= maxEmbedCache {
		// Crude but bounded: the cache refills within a TTL.
		clear(c.m)
	}
	c.m[embed] = ent
	c.mu.Unlock()
	return ent, nil
}
