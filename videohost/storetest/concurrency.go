package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Each test here runs writers through two stores on the same database, as
// two processes would (several api and worker processes share one
// PostgreSQL; the api and worker roles may share one SQLite file).

// runAll runs fn(i) for i in [0, n) at once and fails t with the first error.
func runAll(t *testing.T, n int, fn func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			if err := fn(i); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// testUpdateVideoIsAtomic: concurrent read-modify-writes of one video lose
// no update, and each writes its event.
func testUpdateVideoIsAtomic(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	dbs := []DB{b.DB, b.Reopen(t)}
	createSpace(t, b.DB, "aaaaa")
	v := createVideo(t, b.DB, newVideo("aaaaa", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)))
	const writers, updates = 6, 10
	runAll(t, writers, func(i int) error {
		for range updates {
			if _, err := dbs[i%2].UpdateVideo(ctx, "aaaaa", v.ID, func(v *videohost.Video) (videohost.Change, error) {
				v.Width++
				return videohost.Change{Events: []videohost.EventType{videohost.EventVideoProcessing}}, nil
			}, nil); err != nil {
				return err
			}
		}
		return nil
	})
	got, err := b.DB.Video(ctx, "aaaaa", v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Width != writers*updates {
		t.Errorf("width %d after %d increments: updates were lost", got.Width, writers*updates)
	}
	if evs := allEvents(t, b.DB); len(evs) != writers*updates {
		t.Errorf("%d events, want %d", len(evs), writers*updates)
	}
}

// testFanOutMissesNoEventOfConcurrentWriters: events written by
// concurrent transactions while fan-out runs all reach the endpoint, once.
// (A store that numbers events before commit order must not let the
// fan-out cursor pass an event still being committed.)
func testFanOutMissesNoEventOfConcurrentWriters(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	dbs := []DB{b.DB, b.Reopen(t)}
	createSpace(t, b.DB, "aaaaa")
	w := createWebhook(t, b.DB, "aaaaa")
	const writers, videos = 6, 8
	done := make(chan struct{})
	fanned := make(chan error, 1)
	go func() {
		for {
			select {
			case <-done:
				fanned <- nil
				return
			default:
			}
			if _, err := dbs[1].FanOutWebhookEvents(ctx, 3, b.Clock.Now()); err != nil {
				fanned <- err
				return
			}
		}
	}()
	runAll(t, writers, func(i int) error {
		for range videos {
			v := newVideo("aaaaa", b.Clock.Now())
			if err := dbs[i%2].CreateVideo(ctx, v, videohost.Change{Events: []videohost.EventType{videohost.EventVideoCreated}}, nil); err != nil {
				return err
			}
		}
		return nil
	})
	close(done)
	if err := <-fanned; err != nil {
		t.Fatal(err)
	}
	fanOutAll(t, b.DB, b.Clock.Now())
	ds, err := b.DB.WebhookDeliveries(ctx, w.ID, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	for _, d := range ds {
		events[d.EventID]++
	}
	for id, n := range events {
		if n != 1 {
			t.Errorf("event %s delivered %d times", id, n)
		}
	}
	if len(events) != writers*videos {
		t.Errorf("%d events reached the endpoint, want %d", len(events), writers*videos)
	}
}

// testDispatchersShareDeliveries: several dispatchers claiming at once
// attempt each delivery once, hold one batch per endpoint at a time, and
// keep each endpoint's event order.
func testDispatchersShareDeliveries(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	dbs := []DB{b.DB, b.Reopen(t)}
	createSpace(t, b.DB, "aaaaa")
	const endpoints, videos = 3, 6
	for range endpoints {
		createWebhook(t, b.DB, "aaaaa")
	}
	for range videos {
		emitEvents(t, b.DB, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded)
	}
	fanOutAll(t, b.DB, b.Clock.Now())
	now := b.Clock.Now()

	var mu sync.Mutex
	inFlight := map[string]string{} // endpoint → dispatcher
	sent := map[string][]int64{}    // endpoint → seqs in the order attempted
	attempts := map[int64]int{}
	runAll(t, 4, func(i int) error {
		db, owner := dbs[i%2], fmt.Sprintf("d%d", i)
		for idle := 0; idle < 3; {
			batch, err := db.ClaimWebhookDeliveries(ctx, owner, endpoints, 2, time.Minute, now)
			if err != nil {
				return err
			}
			if len(batch) == 0 {
				idle++
				time.Sleep(5 * time.Millisecond)
				continue
			}
			idle = 0
			byEndpoint := map[string][]*videohost.ClaimedDelivery{}
			mu.Lock()
			for _, c := range batch {
				e := c.Delivery.Endpoint
				if other, ok := inFlight[e]; ok && other != owner {
					mu.Unlock()
					return fmt.Errorf("%s claimed for endpoint %s while %s holds a batch of it", owner, e, other)
				}
				inFlight[e] = owner
				byEndpoint[e] = append(byEndpoint[e], c)
			}
			mu.Unlock()
			for e, cs := range byEndpoint {
				for k, c := range cs {
					mu.Lock()
					sent[e] = append(sent[e], c.Delivery.Seq)
					attempts[c.Delivery.Seq]++
					if k == len(cs)-1 {
						// Before the last record frees the endpoint in the store.
						delete(inFlight, e)
					}
					mu.Unlock()
					if err := db.RecordWebhookAttempt(ctx, c.Delivery.Seq, owner,
						videohost.DeliveryAttempt{At: now, Status: 204}, videohost.DeliveryDelivered, time.Time{}, time.Time{}); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	total := 0
	for e, seqs := range sent {
		for k := 1; k < len(seqs); k++ {
			if seqs[k] <= seqs[k-1] {
				t.Errorf("endpoint %s: delivery %d attempted after %d", e, seqs[k], seqs[k-1])
			}
		}
		total += len(seqs)
	}
	for seq, n := range attempts {
		if n != 1 {
			t.Errorf("delivery %d attempted %d times", seq, n)
		}
	}
	if total != endpoints*videos*2 {
		t.Errorf("%d deliveries attempted, want %d", total, endpoints*videos*2)
	}
}
