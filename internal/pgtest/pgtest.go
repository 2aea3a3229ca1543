package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// EnvDSN names the variable that points the tests at an existing server.
const EnvDSN = "REEL_TEST_POSTGRES"

// server is the PostgreSQL the tests of this binary share: started by the
// first New, stopped by Main.
type server struct {
	once  sync.Once
	err   error
	base  string // DSN of the server; New replaces its database name
	admin *pgxpool.Pool
	c     *cluster // nil with REEL_TEST_POSTGRES
}

var shared server

// Main runs the tests and then stops the cluster if one was started. Call
// it from TestMain.
func Main(m *testing.M) {
	os.Exit(Stop(m.Run()))
}

// Stop stops the cluster if one was started and returns code, or 1 when
// the tests passed but the cluster would not stop. A TestMain that runs
// the tests under another wrapper (s3test.Main) calls it afterwards:
// os.Exit(pgtest.Stop(s3test.Main(m))).
func Stop(code int) int {
	if err := shared.close(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// New returns the DSN of a new, empty database on the shared server and
// drops the database when t ends (connections left open are cut).
func New(t testing.TB) string {
	t.Helper()
	shared.once.Do(func() { shared.err = shared.start() })
	if shared.err != nil {
		t.Fatalf("pgtest: %v", shared.err)
	}
	ctx := context.Background()
	name := "reel_test_" + randomHex(6)
	// FILE_COPY copies template1's files at once; the default (WAL_LOG)
	// writes every block through the WAL and takes twice as long here.
	if _, err := shared.admin.Exec(ctx, "CREATE DATABASE "+name+" STRATEGY FILE_COPY"); err != nil {
		t.Fatalf("pgtest: creating database %s: %v", name, err)
	}
	t.Cleanup(func() {
		if _, err := shared.admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: dropping database %s: %v", name, err)
		}
	})
	dsn, err := withDatabase(shared.base, name)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return dsn
}

func (s *server) start() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if dsn := os.Getenv(EnvDSN); dsn != "" {
		s.base = dsn
	} else {
		c, err := startCluster(ctx)
		if err != nil {
			return err
		}
		s.c = c
		s.base = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
	}
	cfg, err := pgxpool.ParseConfig(s.base)
	if err != nil {
		return fmt.Errorf("%s: %w", EnvDSN, err)
	}
	cfg.MaxConns = 4
	if s.admin, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return fmt.Errorf("connecting to the test server: %w", err)
	}
	if err := s.admin.Ping(ctx); err != nil {
		return fmt.Errorf("connecting to the test server: %w", err)
	}
	return nil
}

func (s *server) close() error {
	if s.admin != nil {
		s.admin.Close()
	}
	if s.c == nil {
		return nil
	}
	return s.c.stop()
}

// withDatabase returns dsn naming database name instead of its own.
func withDatabase(dsn, name string) (string, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return "", fmt.Errorf("%s is not a valid URL", EnvDSN)
		}
		u.Path = "/" + name
		return u.String(), nil
	}
	return dsn + " dbname=" + name, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// cluster is a PostgreSQL started by this process in a folder of its own.
type cluster struct {
	dir  string // removed on stop; data lives in dir/data, the socket in dir
	bin  string // folder of initdb, pg_ctl and postgres
	port int
	cred *syscall.Credential // run as postgres when we are root
}

const folderPrefix = "reel-pgtest-"

func startCluster(ctx context.Context) (*cluster, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	reapOrphans(bin)
	dir, err := os.MkdirTemp("", folderPrefix)
	if err != nil {
		return nil, fmt.Errorf("making the cluster folder: %w", err)
	}
	c := &cluster{dir: dir, bin: bin}
	if err := os.WriteFile(filepath.Join(dir, "owner"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("making the cluster folder: %w", err)
	}
	if os.Geteuid() == 0 {
		// initdb and postgres refuse to run as root.
		cred, err := postgresUser()
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("handing the cluster folder to postgres: %w", err)
		}
		c.cred = cred
	}
	data := filepath.Join(dir, "data")
	if out, err := c.run(ctx, "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
		"--locale=C", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %w\n%s", err, out)
	}
	// A free port can be taken between our check and the server's bind:
	// try a few.
	for try := 0; ; try++ {
		if c.port, err = freePort(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		err := c.startServer(ctx)
		if err == nil {
			return c, nil
		}
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		if try == 2 || !strings.Contains(string(log), "could not bind") {
			c.stop()
			return nil, err
		}
	}
}

// startServer starts the cluster's server on its folder and port.
func (c *cluster) startServer(ctx context.Context) error {
	opts := fmt.Sprintf("-h 127.0.0.1 -p %d -k %s -F -c synchronous_commit=off -c full_page_writes=off "+
		"-c max_connections=300 -c shared_buffers=32MB", c.port, c.dir)
	out, err := c.run(ctx, "pg_ctl", "start", "-D", filepath.Join(c.dir, "data"), "-w", "-t", "60", "-s",
		"-l", filepath.Join(c.dir, "server.log"), "-o", opts)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "server.log"))
		return fmt.Errorf("pg_ctl start: %w\n%s\n%s", err, out, log)
	}
	return nil
}

// run runs one of the server's programs as the cluster's user.
func (c *cluster) run(ctx context.Context, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, name), args...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	return cmd.CombinedOutput()
}

// stop shuts the cluster down at once (pg_ctl stop -m immediate, then the
// postmaster's PID if pg_ctl cannot) and removes its folder.
func (c *cluster) stop() error {
	data := filepath.Join(c.dir, "data")
	if _, err := os.Stat(filepath.Join(data, "postmaster.pid")); err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		out, err := c.run(ctx, "pg_ctl", "stop", "-D", data, "-m", "immediate", "-w", "-s")
		cancel()
		if err != nil {
			if kerr := killPostmaster(data); kerr != nil {
				return fmt.Errorf("stopping the test cluster: %v\n%s; %v", err, out, kerr)
			}
		}
	}
	if err := os.RemoveAll(c.dir); err != nil {
		return fmt.Errorf("removing the test cluster: %w", err)
	}
	return nil
}

// killPostmaster sends SIGQUIT (immediate shutdown) to the postmaster named
// in data/postmaster.pid and waits for it to go, killing it after 10 s.
func killPostmaster(data string) error {
	b, err := os.ReadFile(filepath.Join(data, "postmaster.pid"))
	if err != nil {
		return nil // not running
	}
	line, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || pid <= 0 {
		return fmt.Errorf("reading postmaster.pid: %q", line)
	}
	if err := syscall.Kill(pid, syscall.SIGQUIT); err != nil {
		return nil // gone already
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if syscall.Kill(pid, 0) != nil {
			return nil
		}
	}
	return syscall.Kill(pid, syscall.SIGKILL)
}

// reapOrphans stops and removes the clusters of test binaries that died
// without stopping theirs.
func reapOrphans(bin string) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), folderPrefix+"*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, "owner"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil || pid <= 0 || !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			continue // its test binary still runs (or we cannot tell)
		}
		c := &cluster{dir: dir, bin: bin}
		if os.Geteuid() == 0 {
			c.cred, _ = postgresUser()
		}
		c.stop()
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func postgresUser() (*syscall.Credential, error) {
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, the cluster must run as the postgres user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// findBin returns the folder holding initdb and pg_ctl: from PATH, else the
// newest of Debian's /usr/lib/postgresql/*/bin.
func findBin() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := os.Stat(filepath.Join(filepath.Dir(p), "initdb")); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int {
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return vb - va
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("PostgreSQL is not installed (no initdb and pg_ctl in PATH or /usr/lib/postgresql/*/bin): " +
		"`make test` installs it (Debian package postgresql), or set " + EnvDSN + " to the DSN of a server to use")
}

// Server is a PostgreSQL cluster of one test's own, which the test may
// stop and start again on the same folder and port to see what an outage
// does. It is stopped and removed when the test ends.
type Server struct {
	// DSN names the server's postgres database.
	DSN string
	c   *cluster
}

// NewServer starts a cluster for t alone (initdb and pg_ctl, as the shared
// one, a few seconds). It needs the PostgreSQL server binaries even when
// REEL_TEST_POSTGRES is set, since a server the tests did not start is not
// theirs to stop.
func NewServer(t testing.TB) *Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := startCluster(ctx)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		if err := c.stop(); err != nil {
			t.Errorf("pgtest: %v", err)
		}
	})
	return &Server{DSN: fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port), c: c}
}

// Stop shuts the server down as an operator would (pg_ctl stop -m fast:
// sessions are ended, connections refused until Start).
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if out, err := s.c.run(ctx, "pg_ctl", "stop", "-D", filepath.Join(s.c.dir, "data"), "-m", "fast", "-w", "-s"); err != nil {
		t.Fatalf("pgtest: pg_ctl stop: %v\n%s", err, out)
	}
}

// Start starts the stopped server again, on the same data and port.
func (s *Server) Start(t testing.TB) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.c.startServer(ctx); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
}

// Conn opens a plain connection to dsn, closed when t ends: for tests that
// look at a database from outside the store under test.
func Conn(t testing.TB, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatalf("pgtest: connecting: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}
