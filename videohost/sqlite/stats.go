package sqlite

import (
	"context"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// What operators read: readiness and the counts behind metrics. Each is one
// read on the reader pool, so a scrape never waits for the writer.

var (
	_ videohost.Pinger       = (*DB)(nil)
	_ videohost.QueueStats   = (*DB)(nil)
	_ videohost.WebhookStats = (*DB)(nil)
)

// Ping reports whether the database answers a query; after Close it fails.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.read.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return fmt.Errorf("pinging database: %w", err)
	}
	return nil
}

// QueueDepth counts queued (runnable by now or later) and running jobs by
// kind.
func (db *DB) QueueDepth(ctx context.Context, now time.Time) ([]videohost.QueueDepth, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT kind,
			COALESCE(SUM(state = 'queued' AND run_at <= ?), 0),
			COALESCE(SUM(state = 'queued' AND run_at > ?), 0),
			COALESCE(SUM(state = 'running'), 0)
		FROM jobs WHERE state IN ('queued', 'running') GROUP BY kind ORDER BY kind`, now.UnixNano(), now.UnixNano())
	if err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	defer rows.Close()
	var out []videohost.QueueDepth
	for rows.Next() {
		var d videohost.QueueDepth
		var kind string
		if err := rows.Scan(&kind, &d.Queued, &d.Delayed, &d.Running); err != nil {
			return nil, fmt.Errorf("counting jobs: %w", err)
		}
		d.Kind = videohost.JobKind(kind)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	return out, nil
}

// WebhookBacklog counts pending and failed deliveries by endpoint.
func (db *DB) WebhookBacklog(ctx context.Context) ([]videohost.WebhookBacklog, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT endpoint,
			COALESCE(SUM(state = 'pending'), 0), COALESCE(SUM(state = 'failed'), 0)
		FROM webhook_deliveries WHERE state IN ('pending', 'failed') GROUP BY endpoint ORDER BY endpoint`)
	if err != nil {
		return nil, fmt.Errorf("counting webhook deliveries: %w", err)
	}
	defer rows.Close()
	var out []videohost.WebhookBacklog
	for rows.Next() {
		var b videohost.WebhookBacklog
		if err := rows.Scan(&b.Endpoint, &b.Pending, &b.Failed); err != nil {
			return nil, fmt.Errorf("counting webhook deliveries: %w", err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting webhook deliveries: %w", err)
	}
	return out, nil
}
