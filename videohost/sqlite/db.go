package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// DB is a Reel database in one SQLite file. It implements videohost.Store
// and videohost.LeaseQueue. It is safe for concurrent use.
type DB struct {
	write *sql.DB // exactly one connection; every write goes through it
	read  *sql.DB // query_only connections for reads
	clock videohost.Clock
	// The methods whose logic both SQL stores share, on write and read.
	sharedStore
}

var (
	_ videohost.Store      = (*DB)(nil)
	_ videohost.LeaseQueue = (*DB)(nil)
)

// Option configures Open.
type Option func(*options)

type options struct {
	clock       videohost.Clock
	busyTimeout time.Duration
	readConns   int
}

// WithClock sets the clock used for event, job and lease times; tests pass a
// fake one. The default is videohost.SystemClock.
func WithClock(c videohost.Clock) Option { return func(o *options) { o.clock = c } }

// WithBusyTimeout sets how long a connection waits for a lock held by another
// process before failing with SQLITE_BUSY (default 5 s).
func WithBusyTimeout(d time.Duration) Option { return func(o *options) { o.busyTimeout = d } }

// WithReadConns sets the size of the reader pool (default: the number of
// CPUs, at least 2).
func WithReadConns(n int) Option { return func(o *options) { o.readConns = n } }

// Open opens (creating if needed) the database at path and brings its schema
// up to date.
func Open(ctx context.Context, path string, opts ...Option) (*DB, error) {
	o := options{clock: videohost.SystemClock{}, busyTimeout: 5 * time.Second, readConns: max(2, runtime.NumCPU())}
	for _, opt := range opts {
		opt(&o)
	}
	if path == "" {
		return nil, errors.New("opening database: empty path")
	}
	// The driver cuts its parameters at the first '?'.
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("opening database: path %q contains '?'", path)
	}
	common := fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)",
		o.busyTimeout.Milliseconds())

	write, err := sql.Open("sqlite", path+"?"+common+"&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("opening database: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	db := &DB{write: write, read: write, clock: o.clock}
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("opening database: %w", err)
	}
	if err := db.migrate(ctx); err != nil {
		write.Close()
		return nil, err
	}
	if path != ":memory:" && !strings.Contains(path, "mode=memory") {
		if db.read, err = openReader(ctx, path+"?"+common+"&_pragma=query_only(1)", o.readConns); err != nil {
			write.Close()
			return nil, err
		}
	}
	if err := db.share(); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening database: %w", err)
	}
	return db, nil
}

// openReader opens the pool of query_only connections.
func openReader(ctx context.Context, dsn string, conns int) (*sql.DB, error) {
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening database: %w", err)
	}
	read.SetMaxOpenConns(conns)
	read.SetMaxIdleConns(conns)
	if err := read.PingContext(ctx); err != nil {
		read.Close()
		return nil, fmt.Errorf("opening database: %w", err)
	}
	return read, nil
}

// Close closes both pools.
func (db *DB) Close() error {
	var errs []error
	if db.read != db.write {
		errs = append(errs, db.read.Close())
	}
	errs = append(errs, db.write.Close())
	return errors.Join(errs...)
}

func (db *DB) migrate(ctx context.Context) error {
	migrations, err := sqlstore.Migrations(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    TEXT PRIMARY KEY,
			applied_at INTEGER NOT NULL)`); err != nil {
			return fmt.Errorf("creating schema_migrations: %w", err)
		}
		applied := map[string]bool{}
		rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return fmt.Errorf("reading schema_migrations: %w", err)
		}
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return fmt.Errorf("reading schema_migrations: %w", err)
			}
			applied[v] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("reading schema_migrations: %w", err)
		}
		for _, m := range migrations {
			if applied[m.Version] {
				continue
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("applying migration %s: %w", m.Version, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
				m.Version, db.now().UnixNano()); err != nil {
				return fmt.Errorf("recording migration %s: %w", m.Version, err)
			}
		}
		return nil
	})
}

// inTx runs fn in a write transaction (BEGIN IMMEDIATE) and commits it when fn
// returns nil. fn's error is returned unchanged so that typed errors survive.
func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("beginning transaction: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("committing: %w", err)
	}
	return nil
}

func (db *DB) now() time.Time { return db.clock.Now().UTC() }

// constraintError turns a constraint violation into EConflict and wraps
// anything else with what.
func constraintError(err error, what string, args ...any) error {
	return sqlstore.ConstraintError(isConstraint(err), err, what, args...)
}

// nanos stores t as unix nanoseconds; the zero time is NULL.
func nanos(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixNano()
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

func fromNullNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return fromNanos(n.Int64)
}

// nanoCol is sqlstore.TimeCol on a column of unix nanoseconds.
type nanoCol struct{ n sql.NullInt64 }

func newNanoCol() sqlstore.TimeCol { return &nanoCol{} }
func (c *nanoCol) Dest() any       { return &c.n }
func (c *nanoCol) Time() time.Time { return fromNullNanos(c.n) }
