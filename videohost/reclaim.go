package videohost

import "context"

// ReclaimJobs hands back the jobs that owner held, when the queue can; the
// caller must be the only live process using the name owner (a restarted
// worker with a stable name). It returns 0 when the queue cannot reclaim.
func (s *Jobs) ReclaimJobs(ctx context.Context, owner string) (int, error) {
	r := s.caps.jobReclaimer
	if r == nil || owner == "" {
		return 0, nil
	}
	return r.ReclaimJobs(ctx, owner)
}

// ReclaimWebhookDeliveries is ReclaimJobs for webhook deliveries.
func (s *Jobs) ReclaimWebhookDeliveries(ctx context.Context, owner string) (int, error) {
	r := s.caps.hookReclaimer
	if r == nil || owner == "" {
		return 0, nil
	}
	return r.ReclaimWebhookDeliveries(ctx, owner)
}
