package postgres_test

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
)

// TestExclusiveOrdersProcesses runs a function under one name from three
// stores (three pools, as three processes would hold) at once: never two
// at the same time; another name does not wait.
func TestExclusiveOrdersProcesses(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.New(t)
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for range 3 {
		db := openDB(t, dsn)
		wg.Go(func() {
			err := db.Exclusive(ctx, "test", func(context.Context) error {
				n := inside.Add(1)
				defer inside.Add(-1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				time.Sleep(50 * time.Millisecond)
				return nil
			})
			if err != nil {
				t.Errorf("Exclusive: %v", err)
			}
		})
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d functions ran at once under one name", most.Load())
	}

	// A held name does not block another one.
	db := openDB(t, dsn)
	held := make(chan struct{})
	release := make(chan struct{})
	go db.Exclusive(ctx, "held", func(context.Context) error { close(held); <-release; return nil })
	<-held
	defer close(release)
	done := make(chan error, 1)
	go func() { done <- db.Exclusive(ctx, "other", func(context.Context) error { return nil }) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a second name waited for the first")
	}

	// A cancelled wait answers the context's error.
	waitCtx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if err := db.Exclusive(waitCtx, "held", func(context.Context) error { return nil }); err == nil {
		t.Error("waiting on a held name past the deadline: no error")
	}
}

// TestConcurrentBootstrapMakesOneSpace starts three services at once on an
// empty database, as three processes of a cluster do on first start:
// exactly one creates the default space and its keys; the others find it.
func TestConcurrentBootstrapMakesOneSpace(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.New(t)
	const processes = 3
	type result struct {
		space *videohost.Space
		keys  []*videohost.Key
		err   error
	}
	results := make([]result, processes)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range processes {
		db := openDB(t, dsn)
		blobs, err := blob.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs,
			Secret: bytes.Repeat([]byte("k"), 32), BaseURL: "https://reel.example"})
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			<-start
			sp, keys, err := svc.Bootstrap(ctx)
			results[i] = result{sp, keys, err}
		})
	}
	close(start)
	wg.Wait()
	created := 0
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("process %d: %v", i, r.err)
		}
		if r.space.ID != results[0].space.ID {
			t.Errorf("process %d bootstrapped space %s, process 0 %s", i, r.space.ID, results[0].space.ID)
		}
		if len(r.keys) > 0 {
			created++
		}
	}
	if created != 1 {
		t.Errorf("%d processes created the default keys, want 1", created)
	}
	spaces, err := openDB(t, dsn).Spaces(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(spaces) != 1 {
		t.Errorf("%d spaces after a concurrent first start, want 1", len(spaces))
	}
}
