package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// refusalLogInterval is how often refusals under load are logged: once per
// interval and kind, with how many there were.
const refusalLogInterval = time.Minute

// refusals logs requests refused under load (a full analytics queue, every
// frame decoder busy) as one WARN line per kind and interval, rather than
// an error per request: a flood of refusals is one event, and logging each
// would make the flood a disk and log-pipeline problem too.
type refusals struct {
	clock videohost.Clock
	log   *slog.Logger

	mu    sync.Mutex
	kinds map[string]*refusalCount // few keys: one per call site
}

type refusalCount struct {
	logged time.Time // when the last line was written
	since  int       // refusals since then
}

func newRefusals(clock videohost.Clock, log *slog.Logger) *refusals {
	return &refusals{clock: clock, log: log, kinds: map[string]*refusalCount{}}
}

func (r *refusals) note(ctx context.Context, kind string, err error) {
	now := r.clock.Now()
	r.mu.Lock()
	c := r.kinds[kind]
	if c == nil {
		c = &refusalCount{}
		r.kinds[kind] = c
	}
	c.since++
	if !c.logged.IsZero() && now.Sub(c.logged) < refusalLogInterval && !now.Before(c.logged) {
		r.mu.Unlock()
		return
	}
	n := c.since
	c.logged, c.since = now, 0
	r.mu.Unlock()
	r.log.WarnContext(ctx, "refusing requests under load", "kind", kind, "refused", n,
		"interval", refusalLogInterval, "reason", videohost.ErrorMessage(err))
}

// refuse answers a refusal under load (the caller has set Retry-After):
// the request log line drops to debug and the refusal is counted into the
// next interval's WARN line.
func (h *Handler) refuse(w http.ResponseWriter, r *http.Request, kind string, err error) {
	infoOf(r).quiet = true
	h.refusals.note(r.Context(), kind, err)
	writeProblem(w, problemOf(err))
}
