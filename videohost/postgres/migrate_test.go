package postgres_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/internal/pgtest"
)

// oldVersions are the migrations of this store as released before both
// stores shared one numbering: no 0006_queue_fairness, and every later
// file one lower than now. Their SQL is that of today's file of the same
// name after the number.
var oldVersions = []string{
	"0001_init", "0002_webhooks", "0003_signing_keys", "0004_analytics", "0005_original_access",
	"0006_player_settings", "0007_spaces_quotas", "0008_chapters", "0009_added_tracks",
	"0010_progress_events", "0011_chunks", "0012_copy", "0013_poster_error", "0014_secret_fingerprint",
}

// TestOldNumberingUpgrades migrates databases as the old numbering left
// them, at several points of it, and opens them with this build: the
// applied files are recorded under their new names, not applied again, the
// rest are applied, and the schema ends up as a new database's.
func TestOldNumberingUpgrades(t *testing.T) {
	ctx := context.Background()
	files, err := filepath.Glob("migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	var current []string
	for _, f := range files {
		current = append(current, strings.TrimSuffix(filepath.Base(f), ".sql"))
	}
	slices.Sort(current)
	wantSchema := schemaOf(t, openedDSN(t))
	oldAt := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

	for _, tt := range []struct {
		name    string
		applied int // how many of oldVersions the old build applied
	}{
		{"before the renumbered files", 5},
		{"first renumbered file", 6},
		{"half way", 10},
		{"every old file", len(oldVersions)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dsn := pgtest.New(t)
			conn := pgtest.Conn(t, dsn)
			applyOld(t, conn, oldVersions[:tt.applied], oldAt)
			openDB(t, dsn).Close()
			openDB(t, dsn) // a second open finds nothing to do

			rows, err := conn.Query(ctx, `SELECT version, applied_at FROM schema_migrations ORDER BY version`)
			if err != nil {
				t.Fatal(err)
			}
			recorded := map[string]time.Time{}
			var versions []string
			for rows.Next() {
				var v string
				var at time.Time
				if err := rows.Scan(&v, &at); err != nil {
					t.Fatal(err)
				}
				versions, recorded[v] = append(versions, v), at
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			// Every version of this build, and every one the old build
			// recorded: its processes still find them.
			want := slices.Clone(current)
			for _, old := range oldVersions[:tt.applied] {
				if !slices.Contains(want, old) {
					want = append(want, old)
				}
			}
			slices.Sort(want)
			if !slices.Equal(versions, want) {
				t.Fatalf("schema_migrations holds %v, want %v", versions, want)
			}
			for _, old := range oldVersions[:tt.applied] {
				v := newName(t, old)
				if !recorded[v].Equal(oldAt) || !recorded[old].Equal(oldAt) {
					t.Errorf("%s (was %s) recorded at %v and %v, want the old build's %v: applied again",
						v, old, recorded[v], recorded[old], oldAt)
				}
			}
			if got := schemaOf(t, dsn); !slices.Equal(got, wantSchema) {
				t.Errorf("upgraded schema differs from a new database's:\n got %v\nwant %v", got, wantSchema)
			}
		})
	}
}

// applyOld does what the old build's migrate did for versions: each
// file's SQL and its row, in one transaction.
func applyOld(t *testing.T, conn *pgx.Conn, versions []string, at time.Time) {
	t.Helper()
	ctx := context.Background()
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		body, err := os.ReadFile(filepath.Join("migrations", newName(t, v)+".sql"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, string(body)); err != nil {
			t.Fatalf("applying %s: %v", v, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`, v, at); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

// newName is the version that old has in the shared numbering: the file
// of the same name after the number.
func newName(t *testing.T, old string) string {
	t.Helper()
	_, suffix, _ := strings.Cut(old, "_")
	files, err := filepath.Glob(filepath.Join("migrations", "*_"+suffix+".sql"))
	if err != nil || len(files) != 1 {
		t.Fatalf("no single migration for %s: %v %v", old, files, err)
	}
	return strings.TrimSuffix(filepath.Base(files[0]), ".sql")
}

// openedDSN is a new database that this build has migrated.
func openedDSN(t *testing.T) string {
	t.Helper()
	dsn := pgtest.New(t)
	openDB(t, dsn).Close()
	return dsn
}

// schemaOf lists the columns (with their types, defaults and nullability)
// and the indexes of the database at dsn, sorted.
func schemaOf(t *testing.T, dsn string) []string {
	t.Helper()
	ctx := context.Background()
	conn := pgtest.Conn(t, dsn)
	rows, err := conn.Query(ctx, `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
			|| ' ' || COALESCE(column_default, '')
		FROM information_schema.columns WHERE table_schema = current_schema()
		UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()
		UNION ALL SELECT conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
			WHERE connamespace = current_schema()::regnamespace`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}
