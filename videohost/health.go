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
	ports := []struct {
		name string
		port any
	}{{"database", s.store}, {"queue", s.queue}, {"blob storage", s.blobs}}
	if s.cfg.Webhooks != nil {
		ports = append(ports, struct {
			name string
			port any
		}{"webhook store", s.cfg.Webhooks})
	}
	var errs []error
	for _, p := range ports {
		pinger, ok := p.port.(Pinger)
		if !ok {
			continue
		}
		if err := pinger.Ping(ctx); err != nil {
			s.log.WarnContext(ctx, "not ready", "port", p.name, "err", err)
			errs = append(errs, Errorf(EUnavailable, "%s is not reachable", p.name))
		}
	}
	return errors.Join(errs...)
}

// QueueDepth counts the unfinished jobs by kind, from the queue when it
// implements QueueStats, else from the store; EUnavailable when neither does.
func (s *Service) QueueDepth(ctx context.Context) ([]QueueDepth, error) {
	for _, port := range []any{s.queue, s.store} {
		qs, ok := port.(QueueStats)
		if !ok {
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
	ws, err := s.webhookStore()
	if err != nil {
		return nil, err
	}
	st, ok := ws.(WebhookStats)
	if !ok {
		return nil, Errorf(EUnavailable, "this webhook store does not report its backlog")
	}
	b, err := st.WebhookBacklog(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading webhook backlog: %w", err)
	}
	return b, nil
}
