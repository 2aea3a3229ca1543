// Package storetest is the contract every Reel store meets, as one test
// suite that each store's tests run against a real database of their kind:
//
//	func TestStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) storetest.Backend { ... })
//	}
//
// The suite covers spaces and keys, videos (round trips, keyset pages,
// filters, atomic updates with their outbox events and jobs), collections,
// the job queue (claims and leases only where the queue leases its jobs,
// videohost.LeaseQueue: a store that runs them itself, a JobRunner, is
// tested in its own package), webhook endpoints and deliveries (fan-out,
// claims, leases), analytics and signing keys, and what several stores on
// one database do at once. A test that only makes sense for one store
// (SQLite's file pragmas, PostgreSQL's DSN parsing) stays in that store's
// package.
//
// Times given to a store are kept to the microsecond at least (PostgreSQL's
// precision); the suite's times are whole microseconds, so that stores
// keeping nanoseconds (SQLite) and microseconds pass alike.
package storetest
