package sqlite_test

import (
	"context"
	"testing"

	"github.com/reelvideo/reel/videohost/sqlite"
)

func TestPing(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, t.TempDir()+"/reel.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("open database: %v", err)
	}
	db.Close()
	if err := db.Ping(ctx); err == nil {
		t.Fatal("a closed database answers Ping")
	}
}
