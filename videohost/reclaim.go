package videohost

import "context"

// JobReclaimer is an optional capability of a Queue: handing back, when a
// worker starts, the jobs that an earlier life of the same worker held when
// it died. Without it those jobs wait for their leases to run out.
type JobReclaimer interface {
	// ReclaimJobs makes every running job leased to owner runnable again
	// at once and reports how many there were.
	ReclaimJobs(ctx context.Context, owner string) (int, error)
}

// WebhookReclaimer is the same for webhook deliveries: an optional
// capability of a WebhookStore.
type WebhookReclaimer interface {
	// ReclaimWebhookDeliveries releases every pending delivery leased to
	// owner, so that it is sent again at once, and reports how many.
	ReclaimWebhookDeliveries(ctx context.Context, owner string) (int, error)
}

// ReclaimJobs hands back the jobs that owner held, when the queue can; the
// caller must be the only live process using the name owner (a restarted
// worker with a stable name). It returns 0 when the queue cannot reclaim.
func (s *Service) ReclaimJobs(ctx context.Context, owner string) (int, error) {
	r, ok := s.queue.(JobReclaimer)
	if !ok || owner == "" {
		return 0, nil
	}
	return r.ReclaimJobs(ctx, owner)
}

// ReclaimWebhookDeliveries is ReclaimJobs for webhook deliveries.
func (s *Service) ReclaimWebhookDeliveries(ctx context.Context, owner string) (int, error) {
	ws, err := s.webhookStore()
	if err != nil {
		return 0, nil
	}
	r, ok := ws.(WebhookReclaimer)
	if !ok || owner == "" {
		return 0, nil
	}
	return r.ReclaimWebhookDeliveries(ctx, owner)
}
