package postgres_test

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/postgres"
)

// TestConcurrentOpensMigrateOnce starts two stores at the same moment on
// an empty database: both must come up, and each migration must be
// recorded once.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.New(t)
	const opens = 3
	var wg sync.WaitGroup
	errs := make([]error, opens)
	start := make(chan struct{})
	for i := range opens {
		wg.Go(func() {
			<-start
			db, err := postgres.Open(ctx, dsn, postgres.WithLogger(discard))
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("open %d: %v", i, err)
		}
	}
	conn := pgtest.Conn(t, dsn)
	var versions, distinct int
	if err := conn.QueryRow(ctx, `SELECT count(*), count(DISTINCT version) FROM schema_migrations`).Scan(&versions, &distinct); err != nil {
		t.Fatal(err)
	}
	if versions == 0 || versions != distinct {
		t.Errorf("schema_migrations holds %d rows for %d versions", versions, distinct)
	}
}

func TestOpenRefusesMalformedDSNs(t *testing.T) {
	const secret = "s3cr3t-pa55"
	for _, tt := range []struct {
		name, dsn, want string
	}{
		{"empty", "", "empty DSN"},
		{"scheme", "mysql://u:" + secret + "@localhost/reel", `scheme "mysql"`},
		{"port", "postgres://u:" + secret + "@localhost:99999/reel", `port "99999"`},
		{"port not a number", "postgres://u:" + secret + "@localhost:pg/reel", "port"},
		{"sslmode", "postgres://u:" + secret + "@localhost/reel?sslmode=maybe", `sslmode "maybe"`},
		{"connect_timeout", "postgres://u:" + secret + "@localhost/reel?connect_timeout=soon", `connect_timeout "soon"`},
		{"bad escape in the password", "postgres://u:" + secret + "%zz@localhost/reel", "'%' not followed by two hex digits"},
		{"keyword form", "host=localhost password=" + secret + " port=abc", "port"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := postgres.Open(context.Background(), tt.dsn, postgres.WithLogger(discard))
			if err == nil {
				t.Fatal("opened")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %q", err, tt.want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error %q shows the password", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q spans lines", err)
			}
		})
	}
}

func TestOpenSaysUnreachable(t *testing.T) {
	// A port that was free a moment ago: nothing listens there.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err = postgres.Open(ctx, "postgres://reel:hunter2@"+addr+"/reel?sslmode=disable", postgres.WithLogger(discard))
	if err == nil {
		t.Fatal("opened a database nobody serves")
	}
	msg := err.Error()
	for _, want := range []string{"database unreachable", "postgres://reel@" + addr + "/reel", "refused"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "hunter2") {
		t.Errorf("error %q shows the password", msg)
	}
}

func TestOpenNamesAMissingDatabase(t *testing.T) {
	dsn := pgtest.New(t)
	dsn = strings.Replace(dsn, "/reel_test_", "/nosuch_", 1)
	_, err := postgres.Open(context.Background(), dsn, postgres.WithLogger(discard))
	if err == nil || !strings.Contains(err.Error(), "does not exist") || strings.Contains(err.Error(), "unreachable") {
		t.Fatalf("error %v: want the server's answer that the database does not exist", err)
	}
}

// TestTimesKeptToTheMicrosecond: PostgreSQL keeps microseconds; the store
// rounds the times of what it is given in place, so that the caller holds
// what a read returns.
func TestTimesKeptToTheMicrosecond(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, pgtest.New(t))
	at := time.Date(2025, 3, 1, 10, 0, 0, 123456789, time.UTC)
	if err := db.CreateSpace(ctx, &videohost.Space{ID: "aaaaa", CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
	v := &videohost.Video{ID: videohost.NewID(videohost.VideoIDLen), Embed: videohost.NewEmbed("aaaaa"), Space: "aaaaa",
		State: videohost.StateCreated, PlaybackPolicy: videohost.PlaybackPublic, CreatedAt: at, UpdatedAt: at, ReadyAt: &at}
	if err := db.CreateVideo(ctx, v, videohost.Change{}, nil); err != nil {
		t.Fatal(err)
	}
	want := time.Date(2025, 3, 1, 10, 0, 0, 123456000, time.UTC)
	if !v.CreatedAt.Equal(want) || !v.ReadyAt.Equal(want) {
		t.Errorf("given video rounded to %v, %v; want %v", v.CreatedAt, v.ReadyAt, want)
	}
	got, err := db.Video(ctx, "", v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.CreatedAt != want || got.CreatedAt.Location() != time.UTC {
		t.Errorf("read back %v (%v), want %v in UTC", got.CreatedAt, got.CreatedAt.Location(), want)
	}
}
