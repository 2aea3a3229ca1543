package videohost

import (
	"context"
	"errors"
	"fmt"
)

// This file holds what operators read: readiness and the counts behind
// metrics. Each asks an optional capability of a port (Pinger, QueueStats,
// WebhookStats), so a port without it still runs the core.

// Ready reports whether the service can do its work now: every port that
// can say so (Pinger) is reachable. The error names the port that is not,
// with EUnavailable.
func (s *Service) Ready(ctx context.Context) error {
	var errs []error
	for _, p := range s.caps.pingers {
		if err := p.Ping(ctx); err != nil {
			s.log.WarnContext(ctx, "not ready", "port", p.name, "err", err)
			errs = append(errs, Errorf(EUnavailable, "%s is not reachable", p.name))
		}
	}
	return errors.Join(errs...)
}

// QueueDepth counts the unfinished jobs by kind, from the queue when it
// implements QueueStats, else from the store; EUnavailable when neither does.
func (s *Service) QueueDepth(ctx context.Context) ([]QueueDepth, error) {
	for _, qs := range []QueueStats{s.caps.queueStats, s.caps.storeStats} {
		if qs == nil {
			continue
		}
		d, err := qs.QueueDepth(ctx, s.clock.Now())
		if ErrorCode(err) == EUnavailable {
			continue // a decorated queue that cannot tell: ask the store
		}
		if err != nil {
			return nil, fmt.Errorf("reading queue depth: %w", err)
		}
		return d, nil
	}
	return nil, Errorf(EUnavailable, "this queue does not report its depth")
}

// WebhookBacklog counts the undelivered deliveries by endpoint;
// EUnavailable when the webhook store cannot tell.
func (s *Service) WebhookBacklog(ctx context.Context) ([]WebhookBacklog, error) {
	if _, err := s.WebhookStore(); err != nil {
		return nil, err
	}
	st, err := need(s.caps.webhookStats, "the webhook backlog", "webhook store")
	if err != nil {
		return nil, err
	}
	b, err := st.WebhookBacklog(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading webhook backlog: %w", err)
	}
	return b, nil
}
