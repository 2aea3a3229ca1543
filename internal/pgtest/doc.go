// Package pgtest gives tests a real PostgreSQL: one throwaway cluster per
// test binary, and a fresh empty database per test.
//
// A package whose tests use it calls Main from its TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// and each test asks for a database:
//
//	dsn := pgtest.New(t) // postgres://postgres@127.0.0.1:PORT/reel_test_…
//
// The first New starts the cluster: initdb and pg_ctl start in a temporary
// folder, listening on 127.0.0.1 at a free port with its unix socket inside
// that folder, fsync off (the data is thrown away). Running as root, as CI
// does, the cluster runs as the postgres user, since PostgreSQL refuses
// root. New creates a database (CREATE DATABASE) and drops it when the test
// ends; Main stops the cluster by its PID (pg_ctl stop -m immediate) and
// removes the folder once the tests are done. A test binary that died
// without stopping its cluster (a -timeout panic) leaves a folder that the
// next run finds and cleans up.
//
// REEL_TEST_POSTGRES=<dsn> uses an existing server instead: New creates and
// drops its databases there, and no cluster is started. Without it, the
// PostgreSQL server binaries must be installed (Debian's postgresql
// package, which make test installs); New fails the test saying so when
// they are not.
//
// The cluster is the one piece of package-level state in the module: it is
// what "one per test binary" means.
package pgtest
