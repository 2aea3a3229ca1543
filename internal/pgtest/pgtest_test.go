package pgtest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestNewGivesEmptyDatabasesDroppedAtCleanup(t *testing.T) {
	ctx := context.Background()
	var first string
	t.Run("use", func(t *testing.T) {
		first = pgtest.New(t)
		second := pgtest.New(t)
		if first == second {
			t.Fatalf("two tests share database %s", first)
		}
		conn := pgtest.Conn(t, first)
		if _, err := conn.Exec(ctx, `CREATE TABLE t (x int)`); err != nil {
			t.Fatal(err)
		}
		var tables int
		if err := pgtest.Conn(t, second).QueryRow(ctx,
			`SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables); err != nil || tables != 0 {
			t.Fatalf("a new database holds %d tables (%v)", tables, err)
		}
	})
	conn, err := pgx.Connect(ctx, first)
	if err == nil {
		conn.Close(ctx)
		t.Fatal("the database of a finished test is still there")
	}
}
