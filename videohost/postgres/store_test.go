package postgres_test

import (
	"context"
	"log/slog"
	"os"
	"testing"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost/postgres"
	"github.com/reelvideo/reel/videohost/storetest"
)

func TestMain(m *testing.M) {
	if dsn := os.Getenv(childEnv); dsn != "" {
		runChildWorker(dsn) // a worker process of TestJobOfAKilledProcessRunsElsewhere
		return
	}
	pgtest.Main(m)
}

// openDB opens a store on dsn, closed when t ends.
func openDB(t *testing.T, dsn string, opts ...postgres.Option) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), dsn, append([]postgres.Option{postgres.WithLogger(discard)}, opts...)...)
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

// TestStore runs the store contract on PostgreSQL, a new database per test.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend {
		dsn := pgtest.New(t)
		clock := storetest.NewClock()
		open := func(t *testing.T) storetest.DB {
			t.Helper()
			return openDB(t, dsn, postgres.WithClock(clock))
		}
		return storetest.Backend{DB: open(t), Clock: clock, Reopen: open, DefaultMaxAttempts: postgres.DefaultMaxAttempts}
	})
}

var discard = slog.New(slog.DiscardHandler)
