//go:build bench

// Package webhooks measures how long a transition waits for the first
// delivery attempt of its event at a local receiver: the outbox poll, the
// fan-out, the claim and the HTTP round trip. Run it with
//
//	go test -tags bench ./bench/webhooks/ -run TimeToFirstAttempt -v
//
// The target  is p99 ≤ 1 s.
package webhooks

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/webhookadmin"
	"github.com/reelvideo/reel/videohost/worker"
	"github.com/reelvideo/reel/webhooks"
)

var transitions = 1000

func init() {
	flag.IntVar(&transitions, "transitions", transitions, "transitions per scenario")
}

// firstArrivals records when the receiver first saw each event.
type firstArrivals struct {
	mu   sync.Mutex
	seen map[string]time.Time // event id → first arrival
	done chan struct{}
}

func (f *firstArrivals) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	io.Copy(io.Discard, r.Body)
	f.mu.Lock()
	id := r.Header.Get(webhooks.HeaderID)
	if _, ok := f.seen[id]; !ok {
		f.seen[id] = now
		if len(f.seen) == transitions {
			close(f.done)
		}
	}
	f.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

type scenario struct {
	name string
	// endpoints each receive every event (one in flight per endpoint).
	endpoints int
	// interval between transitions; 0 is a burst, as fast as the store commits.
	interval time.Duration
}

func TestTimeToFirstAttempt(t *testing.T) {
	for _, sc := range []scenario{
		{"steady 100/s, 1 endpoint", 1, 10 * time.Millisecond},
		{"burst, 1 endpoint", 1, 0},
		{"steady 100/s, 4 endpoints", 4, 10 * time.Millisecond},
	} {
		t.Run(sc.name, func(t *testing.T) {
			lat := measure(t, sc)
			slices.Sort(lat)
			p := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
			t.Logf("%s: %d transitions × %d endpoints: p50 %s, p90 %s, p99 %s, max %s",
				sc.name, transitions, sc.endpoints, p(0.50).Round(time.Millisecond), p(0.90).Round(time.Millisecond),
				p(0.99).Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
			if p(0.99) > time.Second {
				t.Errorf("p99 %s is over the 1 s target", p(0.99))
			}
		})
	}
}

// measure returns, per transition and endpoint, the time from the commit of
// the transition to the first attempt's arrival at the receiver.
func measure(t *testing.T, sc scenario) []time.Duration {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Secret: bytes.Repeat([]byte("b"), 32),
		BaseURL: "http://reel.bench", Logger: quiet,
		Guard: &netguard.Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}})
	if err != nil {
		t.Fatal(err)
	}
	space, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: space.ID, Access: videohost.AccessReadWrite}

	var receivers []*firstArrivals
	for range sc.endpoints {
		rc := &firstArrivals{seen: map[string]time.Time{}, done: make(chan struct{})}
		srv := httptest.NewServer(rc)
		defer srv.Close()
		if _, err := webhookadmin.New(svc).CreateWebhook(ctx, p, webhookadmin.CreateWebhookInput{URL: srv.URL + "/hook",
			Events: []string{webhooks.KindVideoCreated}}); err != nil {
			t.Fatal(err)
		}
		receivers = append(receivers, rc)
	}

	d, err := worker.NewDispatcher(worker.DispatcherConfig{Jobs: svc.Jobs(), Logger: quiet}) // defaults: 100 ms poll, 8 in flight
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	stopped := make(chan struct{})
	go func() { d.Run(runCtx); close(stopped) }()
	defer func() { stop(); <-stopped }()

	committed := map[string]time.Time{} // video id → commit
	start := time.Now()
	for i := range transitions {
		v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: fmt.Sprint("bench ", i)})
		if err != nil {
			t.Fatal(err)
		}
		committed[v.ID] = time.Now()
		if sc.interval > 0 {
			time.Sleep(time.Until(start.Add(time.Duration(i+1) * sc.interval)))
		}
	}
	for _, rc := range receivers {
		select {
		case <-rc.done:
		case <-time.After(2 * time.Minute):
			t.Fatalf("receiver saw %d of %d events", len(rc.seen), transitions)
		}
	}

	// Map event ids back to videos through the outbox.
	events, err := db.Events(ctx, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	videoOf := map[string]string{}
	for _, ev := range events {
		videoOf[ev.ID] = ev.VideoID
	}
	var lat []time.Duration
	for _, rc := range receivers {
		rc.mu.Lock()
		for id, at := range rc.seen {
			c, ok := committed[videoOf[id]]
			if !ok {
				t.Fatalf("event %s is of no bench video", id)
			}
			lat = append(lat, at.Sub(c))
		}
		rc.mu.Unlock()
	}
	return lat
}
