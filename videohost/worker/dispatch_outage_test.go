package worker_test

import (
	"bytes"
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/worker"
)

// downStore is a WebhookStore whose fan-out and claims fail while down, as
// PostgreSQL's do when it is unreachable.
type downStore struct {
	videohost.WebhookStore
	down atomic.Bool
}

func (s *downStore) FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error) {
	if s.down.Load() {
		return 0, videohost.Errorf(videohost.EUnavailable, "database unreachable: connection refused")
	}
	return s.WebhookStore.FanOutWebhookEvents(ctx, limit, now)
}

func (s *downStore) ClaimWebhookDeliveries(ctx context.Context, owner string, endpoints, perEndpoint int, lease time.Duration, now time.Time) ([]*videohost.ClaimedDelivery, error) {
	if s.down.Load() {
		return nil, videohost.Errorf(videohost.EUnavailable, "database unreachable: connection refused")
	}
	return s.WebhookStore.ClaimWebhookDeliveries(ctx, owner, endpoints, perEndpoint, lease, now)
}

// countingHandler counts the log lines of each level.
type countingHandler struct {
	mu     sync.Mutex
	counts map[slog.Level]int
}

func (h *countingHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *countingHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *countingHandler) WithGroup(string) slog.Handler            { return h }
func (h *countingHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	h.counts[r.Level]++
	h.mu.Unlock()
	return nil
}

func (h *countingHandler) count(l slog.Level) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.counts[l]
}

// TestDispatcherBacksOffWhileStoreIsDown: while the store fails, each look
// logs one ERROR line (two before: fan-out and claim) and the looks move
// apart, 200 ms doubling to 5 s (every 100 ms before); once the store
// answers, one INFO line says so and the dispatcher polls every 100 ms
// again.
func TestDispatcherBacksOffWhileStoreIsDown(t *testing.T) {
	clock := newStepClock()
	e := newHookEnv(t, clock)
	store := &downStore{WebhookStore: e.db}
	store.down.Store(true)
	svc, err := videohost.New(videohost.Config{Store: e.db, Queue: e.db, Blobs: e.blobs, Clock: clock, Webhooks: store,
		Secret: bytes.Repeat([]byte("k"), 32), Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	logs := &countingHandler{counts: map[slog.Level]int{}}
	asked := make(chan time.Duration, 100) // never blocks the dispatcher
	fire := make(chan time.Time)
	// The After the dispatcher calls reports each wait it asks for.
	d, err := worker.NewDispatcher(worker.DispatcherConfig{Jobs: svc.Jobs(), Logger: slog.New(logs),
		PollInterval: 100 * time.Millisecond, MaxBackoff: 5 * time.Second,
		After: func(w time.Duration) <-chan time.Time { asked <- w; return fire }})
	if err != nil {
		t.Fatal(err)
	}
	run(t, d)
	nextWait := func() time.Duration {
		t.Helper()
		select {
		case w := <-asked:
			return w
		case <-time.After(10 * time.Second):
			t.Fatal("the dispatcher asked for no wait within 10 s")
			return 0
		}
	}
	ms := time.Millisecond
	for i, tc := range []struct {
		down       bool
		wait       time.Duration
		errs, info int
	}{
		{true, 200 * ms, 1, 0},
		{true, 400 * ms, 2, 0},
		{true, 800 * ms, 3, 0},
		{true, 1600 * ms, 4, 0},
		{true, 3200 * ms, 5, 0},
		{true, 5 * time.Second, 6, 0},
		{true, 5 * time.Second, 7, 0},
		{false, 100 * ms, 7, 1},
		{false, 100 * ms, 7, 1},
	} {
		if i > 0 {
			store.down.Store(tc.down)
			fire <- time.Time{}
		}
		if got := nextWait(); got != tc.wait {
			t.Fatalf("look %d (store down %v): waits %s, want %s", i+1, tc.down, got, tc.wait)
		}
		if got := logs.count(slog.LevelError); got != tc.errs {
			t.Fatalf("after look %d: %d ERROR lines, want %d", i+1, got, tc.errs)
		}
		if got := logs.count(slog.LevelInfo); got != tc.info {
			t.Fatalf("after look %d: %d INFO lines, want %d", i+1, got, tc.info)
		}
	}
}
