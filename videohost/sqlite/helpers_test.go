package sqlite_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// fakeClock is a videohost.Clock that moves only when told to.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func openDB(t testing.TB, opts ...sqlite.Option) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "reel.db"), opts...)
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

func createSpace(t testing.TB, db *sqlite.DB, id string) *videohost.Space {
	t.Helper()
	s := &videohost.Space{ID: id, Name: "space " + id, CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := db.CreateSpace(context.Background(), s); err != nil {
		t.Fatalf("CreateSpace(%s): %v", id, err)
	}
	return s
}

func newVideo(space string, createdAt time.Time) *videohost.Video {
	return &videohost.Video{
		ID: videohost.NewID(videohost.VideoIDLen), Embed: videohost.NewEmbed(space), Space: space,
		State: videohost.StateCreated, PlaybackPolicy: videohost.PlaybackPublic,
		Metadata: map[string]string{}, CreatedAt: createdAt, UpdatedAt: createdAt,
	}
}

func createVideo(t testing.TB, db *sqlite.DB, v *videohost.Video) *videohost.Video {
	t.Helper()
	if err := db.CreateVideo(context.Background(), v, videohost.Change{}, nil); err != nil {
		t.Fatalf("CreateVideo: %v", err)
	}
	return v
}

func createCollection(t testing.TB, db *sqlite.DB, space, id string, parent *string) *videohost.Collection {
	t.Helper()
	now := time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)
	c := &videohost.Collection{ID: id, Space: space, Name: "collection " + id, Parent: parent, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateCollection(context.Background(), c); err != nil {
		t.Fatalf("CreateCollection(%s): %v", id, err)
	}
	return c
}

func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if got := videohost.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

func ptr[T any](v T) *T { return &v }

func allEvents(t testing.TB, db *sqlite.DB) []*videohost.Event {
	t.Helper()
	evs, err := db.Events(context.Background(), 0, 0)
	if err != nil {
		t.Fatalf("Events: %v", err)
	}
	return evs
}
