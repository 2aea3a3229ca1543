package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// maxRateWindows bounds the limiter's memory. Windows belong to authenticated
// keys only, so the bound is only reached by a space with that many keys in
// use within one minute; the map is swept before it grows past it.
const maxRateWindows = 100_000

// rateLimiter counts requests per key in fixed windows. A fixed window is
// enough for an abuse brake, and its state is one counter per key.
type rateLimiter struct {
	limit  int
	window time.Duration
	clock  videohost.Clock

	mu      sync.Mutex
	windows map[string]*rateWindow
}

type rateWindow struct {
	start time.Time
	count int
}

func newRateLimiter(limit int, window time.Duration, clock videohost.Clock) *rateLimiter {
	return &rateLimiter{limit: limit, window: window, clock: clock, windows: map[string]*rateWindow{}}
}

// take counts one request of key and sets the RateLimit headers on w. It
// reports whether the request is within the limit.
func (l *rateLimiter) take(w http.ResponseWriter, key string) bool {
	l.mu.Lock()
	// Read under the lock, so that a request's time is never before the
	// start of a window another request opened.
	now := l.clock.Now()
	win := l.windows[key]
	if win == nil || now.Sub(win.start) >= l.window || now.Before(win.start.Add(-l.window)) {
		if win == nil && len(l.windows) >= maxRateWindows {
			l.sweepLocked(now)
		}
		win = &rateWindow{start: now}
		l.windows[key] = win
	}
	allowed := win.count < l.limit
	if allowed {
		win.count++
	}
	remaining := l.limit - win.count
	reset := win.start.Add(l.window).Sub(now)
	l.mu.Unlock()

	secs := strconv.Itoa(max(1, int(math.Ceil(reset.Seconds()))))
	hdr := w.Header()
	hdr.Set("RateLimit-Limit", strconv.Itoa(l.limit))
	hdr.Set("RateLimit-Remaining", strconv.Itoa(remaining))
	hdr.Set("RateLimit-Reset", secs)
	if !allowed {
		hdr.Set("Retry-After", secs)
	}
	return allowed
}

// sweep forgets windows that have ended.
func (l *rateLimiter) sweep() {
	now := l.clock.Now()
	l.mu.Lock()
	l.sweepLocked(now)
	l.mu.Unlock()
}

func (l *rateLimiter) sweepLocked(now time.Time) {
	for k, win := range l.windows {
		if now.Sub(win.start) >= l.window {
			delete(l.windows, k)
		}
	}
}
