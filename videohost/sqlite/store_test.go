package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/storetest"
)

// TestStore runs the store contract on SQLite files.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend {
		path := filepath.Join(t.TempDir(), "reel.db")
		clock := storetest.NewClock()
		open := func(t *testing.T) storetest.DB {
			t.Helper()
			db, err := sqlite.Open(context.Background(), path, sqlite.WithClock(clock))
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			t.Cleanup(func() {
				if err := db.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			return db
		}
		return storetest.Backend{DB: open(t), Clock: clock, Reopen: open, DefaultMaxAttempts: sqlite.DefaultMaxAttempts}
	})
}

func TestOpenInMemory(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := &videohost.Space{ID: "aaaaa", Name: "a", CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := db.CreateSpace(ctx, s); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Space(ctx, "aaaaa"); err != nil {
		t.Fatalf("Space: %v", err)
	}
}
