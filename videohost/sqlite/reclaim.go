package sqlite

import (
	"context"
	"fmt"

	"github.com/reelvideo/reel/videohost"
)

var (
	_ videohost.JobReclaimer     = (*DB)(nil)
	_ videohost.WebhookReclaimer = (*DB)(nil)
)

// ReclaimJobs queues again, due now, every running job leased to owner. The
// attempt that was running stays counted, so a job that kills its worker
// every time still ends dead after its attempts.
func (db *DB) ReclaimJobs(ctx context.Context, owner string) (int, error) {
	now := db.now().UnixNano()
	res, err := db.write.ExecContext(ctx, `UPDATE jobs SET state = 'queued', lease_owner = '', lease_until = NULL,
		run_at = ?, updated_at = ? WHERE state = 'running' AND lease_owner = ?`, now, now, owner)
	if err != nil {
		return 0, fmt.Errorf("reclaiming jobs: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// ReclaimWebhookDeliveries releases the leases owner held on pending
// deliveries; they are due again at their next_attempt_at, which has come.
func (db *DB) ReclaimWebhookDeliveries(ctx context.Context, owner string) (int, error) {
	res, err := db.write.ExecContext(ctx, `UPDATE webhook_deliveries SET lease_owner = '', lease_until = NULL,
		updated_at = ? WHERE state = 'pending' AND lease_owner = ? AND lease_until IS NOT NULL`,
		db.now().UnixNano(), owner)
	if err != nil {
		return 0, fmt.Errorf("reclaiming webhook deliveries: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
