package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// DB is a Reel database on a PostgreSQL server. It implements
// videohost.Store, videohost.Queue, videohost.WebhookStore,
// analytics.Store and videohost.SigningKeyStore. It is safe for
// concurrent use, and any number of processes may share one database.
type DB struct {
	pool        *pgxpool.Pool
	poolConfig  *pgxpool.Config // for the pool of job locks (RunJobs)
	driver      *riverpgxv5.Driver
	river       *river.Client[pgx.Tx] // inserts and reads jobs; RunJobs starts its own
	clock       videohost.Clock
	log         *slog.Logger
	name        string // the DSN without its password, for messages
	rescueAfter time.Duration
	// The methods whose logic both SQL stores share, on pool.
	sharedStore
}

var (
	_ videohost.Store           = (*DB)(nil)
	_ videohost.JobRunner       = (*DB)(nil)
	_ videohost.WebhookStore    = (*DB)(nil)
	_ analytics.Store           = (*DB)(nil)
	_ videohost.SigningKeyStore = (*DB)(nil)
)

// Option configures Open.
type Option func(*options)

type options struct {
	clock       videohost.Clock
	logger      *slog.Logger
	maxConns    int32
	dialTimeout time.Duration
	rescueAfter time.Duration
}

// WithClock sets the clock used for event, job and lease times; tests pass a
// fake one. The default is videohost.SystemClock.
func WithClock(c videohost.Clock) Option { return func(o *options) { o.clock = c } }

// WithLogger sets the logger (default: slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.logger = l } }

// WithMaxConns sets the size of the connection pool (default: the DSN's
// pool_max_conns, else 16).
func WithMaxConns(n int) Option { return func(o *options) { o.maxConns = int32(n) } }

// WithDialTimeout bounds each attempt to reach the server when the DSN sets
// no connect_timeout (default 10 s).
func WithDialTimeout(d time.Duration) Option { return func(o *options) { o.dialTimeout = d } }

// WithJobRescueAfter sets how long a job may run before River's rescuer
// hands it to another worker (default 1 min). Short is safe: a job whose
// process still runs it holds its lock, and the copy waits (see the package
// documentation); it only bounds how late the job of a process that died
// runs again.
func WithJobRescueAfter(d time.Duration) Option { return func(o *options) { o.rescueAfter = d } }

// Open connects to the database named by dsn (a postgres:// URL or a
// keyword/value string) and brings its schema up to date. A malformed dsn
// is an error naming the part that is wrong; a server that cannot be
// reached is "database unreachable: …". Neither message, nor any log line,
// carries the password.
func Open(ctx context.Context, dsn string, opts ...Option) (*DB, error) {
	o := options{clock: videohost.SystemClock{}, dialTimeout: 10 * time.Second, rescueAfter: time.Minute}
	for _, opt := range opts {
		opt(&o)
	}
	if o.logger == nil {
		o.logger = slog.Default()
	}
	cfg, err := parseDSN(dsn)
	if err != nil {
		return nil, err
	}
	name := describe(cfg.ConnConfig)
	if o.maxConns > 0 {
		cfg.MaxConns = o.maxConns
	} else if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = 16
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = o.dialTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("opening database %s: %w", name, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening database %s: %w", name, connectError(err))
	}
	db := &DB{pool: pool, poolConfig: cfg, driver: riverpgxv5.New(pool), clock: o.clock,
		log: o.logger.With("database", name), name: name, rescueAfter: max(o.rescueAfter, time.Second)}
	if err := db.share(); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening database %s: %w", name, err)
	}
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening database %s: %w", name, err)
	}
	// An insert-only client: it is never started.
	if db.river, err = river.NewClient(db.driver, &river.Config{Logger: db.log, MaxAttempts: DefaultMaxAttempts}); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening database %s: %w", name, err)
	}
	return db, nil
}

// Close closes every connection of the pool.
func (db *DB) Close() error {
	db.pool.Close()
	return nil
}

// snoozeFor is how long a copy of a job whose lock is held waits before it
// looks again.
func (db *DB) snoozeFor() time.Duration {
	return min(max(db.rescueAfter/2, time.Second), 30*time.Second)
}

// watchEvery is how often a running job's lock connection is checked.
func (db *DB) watchEvery() time.Duration {
	return min(max(db.rescueAfter/4, time.Second), 15*time.Second)
}

// Name is the database's DSN without its password, for messages.
func (db *DB) Name() string { return db.name }

// Ping checks that the server answers.
func (db *DB) Ping(ctx context.Context) error { return db.pool.Ping(ctx) }

// parseDSN parses dsn, checking the parts of a URL one by one so that the
// error names the part that is wrong without repeating the string.
func parseDSN(dsn string) (*pgxpool.Config, error) {
	if strings.TrimSpace(dsn) == "" {
		return nil, errors.New("opening database: empty DSN")
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		if err := checkURL(dsn); err != nil {
			return nil, fmt.Errorf("opening database: invalid DSN: %w", err)
		}
	} else if strings.Contains(dsn, "://") {
		scheme, _, _ := strings.Cut(dsn, "://")
		return nil, fmt.Errorf("opening database: invalid DSN: scheme %q: want postgres://", videohost.Excerpt(scheme))
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("opening database: invalid DSN: %s", parseErrorText(err))
	}
	return cfg, nil
}

// checkURL names the first malformed part of a postgres:// URL.
func checkURL(dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		// url's errors quote the URL or the part that failed, which may be
		// the password: say which part without them.
		var ee url.EscapeError
		if errors.As(err, &ee) {
			return errors.New("user, password or database name: a '%' not followed by two hex digits (write a literal % as %25)")
		}
		if strings.Contains(err.Error(), "invalid port") {
			return errors.New("port: not a number")
		}
		return errors.New("not a URL: escape special characters of the user and password as %XX")
	}
	for _, hp := range strings.Split(u.Host, ",") {
		if hp == "" {
			continue
		}
		host, port, err := net.SplitHostPort(hp)
		if err != nil {
			host, port = hp, ""
		}
		if port != "" {
			if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
				return fmt.Errorf("port %q: want a number from 1 to 65535", videohost.Excerpt(port))
			}
		}
		if strings.ContainsAny(host, " /?#") {
			return fmt.Errorf("host %q is not a host name", videohost.Excerpt(host))
		}
	}
	if db := strings.TrimPrefix(u.Path, "/"); strings.Contains(db, "/") {
		return fmt.Errorf("database name %q contains '/'", videohost.Excerpt(db))
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return fmt.Errorf("query string: %v", err)
	}
	if m := q.Get("sslmode"); m != "" && !slices.Contains([]string{"disable", "allow", "prefer", "require", "verify-ca", "verify-full"}, m) {
		return fmt.Errorf("sslmode %q: want disable, allow, prefer, require, verify-ca or verify-full", videohost.Excerpt(m))
	}
	for _, k := range []string{"connect_timeout", "pool_max_conns", "pool_min_conns"} {
		if v := q.Get(k); v != "" {
			if n, err := strconv.Atoi(v); err != nil || n < 0 {
				return fmt.Errorf("%s %q: want a whole number", k, videohost.Excerpt(v))
			}
		}
	}
	return nil
}

// parseErrorText is pgx's reason without the connection string it quotes.
func parseErrorText(err error) string {
	var pe *pgconn.ParseConfigError
	if !errors.As(err, &pe) {
		return "unparsable"
	}
	msg := pe.Error()
	// "cannot parse `<redacted dsn>`: reason (cause)"
	if i := strings.LastIndex(msg, "`: "); i >= 0 {
		return msg[i+3:]
	}
	return "unparsable"
}

// describe names a database without its password: postgres://user@host:port/db.
func describe(c *pgx.ConnConfig) string {
	host := c.Host
	if strings.HasPrefix(host, "/") {
		return fmt.Sprintf("postgres://%s@/%s (socket %s)", c.User, c.Database, host)
	}
	return fmt.Sprintf("postgres://%s@%s/%s", c.User, net.JoinHostPort(host, strconv.Itoa(int(c.Port))), c.Database)
}

// connectError says "database unreachable" when no server answered, and
// keeps PostgreSQL's own answer (authentication, missing database) when one
// did; always on one line.
func connectError(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return fmt.Errorf("connecting: %s (SQLSTATE %s)", pe.Message, pe.Code)
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		// The host, never the resolver.
		return fmt.Errorf("database unreachable: lookup %s: %s", dns.Name, dns.Err)
	}
	var oe *net.OpError
	if errors.As(err, &oe) {
		return fmt.Errorf("database unreachable: %w", oe)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("database unreachable: no answer in time (%w)", context.DeadlineExceeded)
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return fmt.Errorf("database unreachable: %s", oneLine(ne.Error()))
	}
	return fmt.Errorf("connecting: %s", oneLine(err.Error()))
}

// oneLine joins the lines of a multi-line message.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// lockKey is the advisory lock key of name: the same in every process.
func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("reel:" + name))
	return int64(h.Sum64())
}

// Advisory lock keys. Migration takes migrateLock for its whole run, so two
// processes starting at once migrate one after the other; writers of the
// outbox take outboxLock until they commit, so that events are numbered in
// commit order; UpdatePlayback takes analyticsLock, so that two processes'
// ingest writers never fold into the same rollup row at once.
var (
	migrateLock   = lockKey("migrate")
	outboxLock    = lockKey("outbox")
	analyticsLock = lockKey("analytics")
)

// renumbered maps the versions this store recorded before both stores
// shared one numbering to their versions now: PostgreSQL had no 0006
// (SQLite's queue fairness), so its files 0006 to 0014 became 0007 to 0015,
// their SQL unchanged. Before comparing, migrate records each old version
// a database holds under its new version too, with the same applied_at,
// so that it neither applies those files again nor skips one. The old rows
// stay: a process of an older build sharing the database (a rolling
// upgrade) still finds every version it knows and starts. No old name is a
// new name, so this is safe to repeat. Never edit this list; a future
// renumbering adds to it.
var renumbered = map[string]string{
	"0006_player_settings":    "0007_player_settings",
	"0007_spaces_quotas":      "0008_spaces_quotas",
	"0008_chapters":           "0009_chapters",
	"0009_added_tracks":       "0010_added_tracks",
	"0010_progress_events":    "0011_progress_events",
	"0011_chunks":             "0012_chunks",
	"0012_copy":               "0013_copy",
	"0013_poster_error":       "0014_poster_error",
	"0014_secret_fingerprint": "0015_secret_fingerprint",
}

func (db *DB) migrate(ctx context.Context) error {
	migrations, err := sqlstore.Migrations(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	migrator, err := rivermigrate.New(db.driver, &rivermigrate.Config{Logger: db.log})
	if err != nil {
		return fmt.Errorf("preparing River's migrations: %w", err)
	}
	// The migration lock is held by one connection for the whole run: a
	// second process blocks here, then finds every version applied. It is
	// a session lock, not a transaction's, because River applies each of
	// its versions in a transaction of its own (a version may use what the
	// one before it added to an enum). A process that dies mid-way closes
	// its connection, and the lock goes with it.
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("waiting for the migration lock: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrateLock); err != nil {
		return fmt.Errorf("waiting for the migration lock: %w", err)
	}
	defer func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrateLock); err != nil {
			conn.Hijack().Close(context.WithoutCancel(ctx)) // closing frees the lock
		}
	}()
	// River's tables first: the jobs of Change.Jobs go there.
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("applying River's migrations: %w", err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return fmt.Errorf("beginning migrations: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    text PRIMARY KEY,
		applied_at timestamptz NOT NULL)`); err != nil {
		return fmt.Errorf("creating schema_migrations: %w", err)
	}
	var from, to []string
	for old, version := range renumbered {
		from, to = append(from, old), append(to, version)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, applied_at)
		SELECT r.version, m.applied_at FROM schema_migrations m
			JOIN unnest($1::text[], $2::text[]) AS r(old, version) ON m.version = r.old
		ON CONFLICT (version) DO NOTHING`, from, to); err != nil {
		return fmt.Errorf("renumbering schema_migrations: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("reading schema_migrations: %w", err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("reading schema_migrations: %w", err)
	}
	for _, m := range migrations {
		if slices.Contains(versions, m.Version) {
			continue
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("applying migration %s: %w", m.Version, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`,
			m.Version, db.now()); err != nil {
			return fmt.Errorf("recording migration %s: %w", m.Version, err)
		}
		db.log.InfoContext(ctx, "applied migration", "version", m.Version)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("committing migrations: %w", err)
	}
	return nil
}

// inTx runs fn in a transaction (READ COMMITTED) and commits it when fn
// returns nil. fn's error is returned unchanged so that typed errors survive.
func (db *DB) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("beginning transaction: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback(context.WithoutCancel(ctx))
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("committing: %w", err)
	}
	return nil
}

func (db *DB) now() time.Time { return db.clock.Now().UTC() }

// queryer is what reads need; the pool and a transaction both provide it,
// so that a read-modify-write reads inside its own transaction.
type queryer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// SQLSTATE classes and codes this package maps to videohost codes.
const (
	integrityConstraintViolation = "23" // unique, foreign key, check, not null
)

// constraintError turns a constraint violation into EConflict and wraps
// anything else with what.
func constraintError(err error, what string, args ...any) error {
	return sqlstore.ConstraintError(isConstraint(err), err, what, args...)
}

// notFound turns pgx.ErrNoRows into ENotFound, naming what was looked for,
// and wraps anything else with doing.
func notFound(err error, doing, format string, args ...any) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return videohost.Errorf(videohost.ENotFound, format, args...)
	}
	return fmt.Errorf("%s: %w", doing, err)
}

// us is t at the precision PostgreSQL keeps (microseconds), in UTC. Stores
// write it back into the structs they are given, so that what a caller
// holds is what a later read returns.
func us(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC().Truncate(time.Microsecond)
}

func usPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := us(*t)
	return &v
}

// ts is t for a timestamptz column: NULL for the zero time.
func ts(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

// fromTS reads a timestamptz column back in UTC; NULL is the zero time.
func fromTS(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// tsCol is sqlstore.TimeCol on a timestamptz column.
type tsCol struct{ t *time.Time }

func newTSCol() sqlstore.TimeCol { return &tsCol{} }
func (c *tsCol) Dest() any       { return &c.t }
func (c *tsCol) Time() time.Time { return fromTS(c.t) }

// limitArg is a LIMIT parameter: NULL (no limit) when n <= 0.
func limitArg(n int) any {
	if n <= 0 {
		return nil
	}
	return n
}
