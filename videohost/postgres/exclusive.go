package postgres

import (
	"context"
	"fmt"
)

// Exclusive runs fn under a session-level advisory lock named name, held
// by one connection for fn's whole run: a second process asking for the
// same name waits until fn returns. fn uses the store as usual (its own
// connections); the lock only orders the processes. A process that dies
// inside fn closes its connection, and the lock goes with it.
func (db *DB) Exclusive(ctx context.Context, name string, fn func(context.Context) error) error {
	key := lockKey("exclusive:" + name)
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("waiting for the %s lock: %w", name, err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		return fmt.Errorf("waiting for the %s lock: %w", name, err)
	}
	defer func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key); err != nil {
			conn.Hijack().Close(context.WithoutCancel(ctx)) // closing frees the lock
		}
	}()
	return fn(ctx)
}
