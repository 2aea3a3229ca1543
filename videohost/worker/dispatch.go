package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/webhooks"
)

// Defaults of DispatcherConfig.
const (
	DefaultDispatchConcurrency = 8
	DefaultDispatchPoll        = 100 * time.Millisecond
	// DefaultDispatchMaxBackoff bounds the wait between looks at a store
	// that keeps failing (PostgreSQL down): the wait doubles from twice
	// PollInterval up to it, and each failed look logs one line.
	DefaultDispatchMaxBackoff = 5 * time.Second
	// UserAgent identifies Reel's deliveries to receivers.
	UserAgent = "Reel-Webhooks/1"
)

// DispatcherConfig configures a Dispatcher. Zero values are the defaults.
type DispatcherConfig struct {
	// Jobs is required (Service.Jobs); its store must implement
	// videohost.WebhookStore.
	Jobs *videohost.Jobs
	// Concurrency bounds the attempts in flight at once (default 8). Each
	// endpoint has at most one, so a slow endpoint holds one slot at most.
	Concurrency int
	// Timeout is how long a receiver has to answer 2xx (default 10 s).
	Timeout time.Duration
	// Schedule is the wait after each failed attempt; once it is spent the
	// delivery fails. Default webhooks.Schedule() (about 27 h), jittered by
	// webhooks.NextAttempt; a custom schedule gets the same jitter.
	Schedule []time.Duration
	// Clock decides when deliveries are due (default: the service's clock).
	Clock videohost.Clock
	// Rand is the jitter source, in [0, 1) (default math/rand).
	Rand func() float64
	// Client sends the requests. Default: the service's SSRF guard, no
	// redirects followed (a 3xx is a failed attempt).
	Client *http.Client
	// PollInterval is how often the outbox and due retries are looked at
	// (default 100 ms); a finished attempt looks again at once.
	PollInterval time.Duration
	// MaxBackoff bounds the wait between looks while the store fails
	// (default DefaultDispatchMaxBackoff, 5 s).
	MaxBackoff time.Duration
	// After returns a channel that receives once d has passed, for the
	// waits between looks (default time.After); tests give their own.
	After func(d time.Duration) <-chan time.Time
	// Batch is how many due deliveries of one endpoint are claimed at once
	// and sent one after the other (default 16): under a burst it spares a
	// claim per delivery.
	Batch int
	// Lease is how long a claimed batch is held before another dispatcher
	// may take it over (default Timeout + 10 s). Each recorded attempt
	// renews the lease on the rest of its batch, so a batch is held as long
	// as its sender is alive, and the endpoint of a dispatcher that died
	// without coming back is taken over within one Lease.
	Lease time.Duration
	// FanOutBatch is the number of outbox events turned into deliveries per
	// transaction (default 500).
	FanOutBatch int
	// ID names this dispatcher in leases (default: hostname-pid-random). A
	// stable ID used by one live process at a time lets a restarted
	// dispatcher send again at once what it held when it died (see
	// Config.ID).
	ID string
	// Logger defaults to the service's logger.
	Logger *slog.Logger
	// Observer is told of every attempt recorded (metrics); nil: nobody.
	Observer DeliveryObserver
}

// DeliveryObserver is told of webhook attempts, for metrics. It is called
// on the delivery path and must not block.
type DeliveryObserver interface {
	// WebhookAttempt reports one recorded attempt on an endpoint: the state
	// it left the delivery in (delivered; pending, to be retried; failed,
	// for good) and how long the receiver took.
	WebhookAttempt(endpoint string, state videohost.DeliveryState, took time.Duration)
}

// Dispatcher delivers webhook events: it fans the outbox out into one
// delivery per subscribed endpoint and sends due deliveries, signed, with
// retries. Its state lives in the store, so a new Dispatcher over the same
// store carries on where a stopped one left off.
type Dispatcher struct {
	cfg      DispatcherConfig
	svc      *videohost.Jobs
	log      *slog.Logger
	standard bool // the default schedule: webhooks.NextAttempt decides
	wake     chan struct{}
	inFlight atomic.Int64
}

// NewDispatcher returns a Dispatcher for cfg.
func NewDispatcher(cfg DispatcherConfig) (*Dispatcher, error) {
	if cfg.Jobs == nil {
		return nil, errors.New("dispatcher: Jobs is required")
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultDispatchConcurrency
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = webhooks.DeliveryTimeout
	}
	standard := cfg.Schedule == nil
	if standard {
		cfg.Schedule = webhooks.Schedule()
	}
	if cfg.Clock == nil {
		cfg.Clock = cfg.Jobs.Clock()
	}
	if cfg.Client == nil {
		cfg.Client = cfg.Jobs.Guard().HTTPClient(cfg.Timeout, 0)
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = DefaultDispatchPoll
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = DefaultDispatchMaxBackoff
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 16
	}
	if cfg.Lease <= 0 {
		cfg.Lease = cfg.Timeout + 10*time.Second
	}
	if cfg.FanOutBatch <= 0 {
		cfg.FanOutBatch = 500
	}
	if cfg.ID == "" {
		host, _ := os.Hostname()
		cfg.ID = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), videohost.NewID(4))
	}
	if cfg.Logger == nil {
		cfg.Logger = cfg.Jobs.Logger()
	}
	return &Dispatcher{
		cfg: cfg, svc: cfg.Jobs, log: cfg.Logger.With("dispatcher", cfg.ID),
		standard: standard, wake: make(chan struct{}, 1),
	}, nil
}

// Notify makes a running dispatcher look at the outbox now instead of at
// its next poll; an embedding app may call it after a change.
func (d *Dispatcher) Notify() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Run dispatches until ctx ends. Attempts in flight are cancelled and their
// deliveries handed back untried, so a stop loses nothing.
func (d *Dispatcher) Run(ctx context.Context) error {
	if n, err := d.svc.ReclaimWebhookDeliveries(ctx, d.cfg.ID); err != nil {
		d.log.ErrorContext(ctx, "reclaiming webhook deliveries of an earlier run", "err", err)
	} else if n > 0 {
		d.log.InfoContext(ctx, "reclaimed webhook deliveries an earlier run held when it stopped", "deliveries", n)
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	failures := 0
	for {
		fanErr := d.fanOut(ctx)
		batches, claimErr := d.claim(ctx)
		wait, wake := d.cfg.PollInterval, d.wake
		switch {
		case ctx.Err() != nil:
		case fanErr != nil || claimErr != nil:
			// One line a look, and looks further apart while the store
			// fails: not two ERROR lines every PollInterval.
			failures++
			wait, wake = d.backoff(failures), nil
			d.log.ErrorContext(ctx, "webhook dispatcher cannot use its store; looking again later",
				"err", joinErrs(fanErr, claimErr), "failures", failures, "retry_in", wait)
		case failures > 0:
			d.log.InfoContext(ctx, "webhook dispatcher uses its store again", "failures", failures)
			failures = 0
		}
		for _, batch := range batches {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d.sendInOrder(ctx, batch)
				d.inFlight.Add(-1)
				d.Notify() // the endpoint may have more waiting
			}()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-d.cfg.After(wait):
		case <-wake:
		}
	}
}

// backoff is the wait after the nth failed look in a row: twice
// PollInterval, doubling, at most MaxBackoff.
func (d *Dispatcher) backoff(n int) time.Duration {
	wait := d.cfg.PollInterval
	for range min(n, 32) {
		wait *= 2
		if wait >= d.cfg.MaxBackoff {
			return d.cfg.MaxBackoff
		}
	}
	return wait
}

// joinErrs is the fan-out's and the claim's errors in one line; the same
// error twice (the store is down) is said once.
func joinErrs(fanErr, claimErr error) string {
	switch {
	case fanErr == nil:
		return "claiming deliveries: " + claimErr.Error()
	case claimErr == nil:
		return "fanning out events: " + fanErr.Error()
	case fanErr.Error() == claimErr.Error():
		return fanErr.Error()
	}
	return "fanning out events: " + fanErr.Error() + "; claiming deliveries: " + claimErr.Error()
}

// RunOnce fans out the outbox, sends every delivery due now (one per
// endpoint) and waits for the attempts to finish. It returns the number of
// attempts made. Tests and one-shot tools use it instead of Run.
func (d *Dispatcher) RunOnce(ctx context.Context) (int, error) {
	if err := d.fanOut(ctx); err != nil {
		return 0, err
	}
	batches, err := d.claim(ctx)
	if err != nil {
		return 0, err
	}
	var wg sync.WaitGroup
	attempts := 0
	for _, batch := range batches {
		attempts += len(batch)
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.sendInOrder(ctx, batch)
			d.inFlight.Add(-1)
		}()
	}
	wg.Wait()
	return attempts, nil
}

func (d *Dispatcher) fanOut(ctx context.Context) error {
	for {
		n, err := d.svc.FanOutWebhookEvents(ctx, d.cfg.FanOutBatch, d.cfg.Clock.Now())
		if err != nil || n < d.cfg.FanOutBatch {
			return err
		}
	}
}

// claim leases due deliveries for as many endpoints as there are free
// slots, grouped by endpoint in event order, and counts the groups in flight.
func (d *Dispatcher) claim(ctx context.Context) ([][]*videohost.WebhookSend, error) {
	free := int64(d.cfg.Concurrency) - d.inFlight.Load()
	if free <= 0 {
		return nil, nil
	}
	sends, err := d.svc.ClaimWebhookDeliveries(ctx, d.cfg.ID, int(free), d.cfg.Batch, d.cfg.Lease, d.cfg.Clock.Now())
	var batches [][]*videohost.WebhookSend
	index := map[string]int{}
	for _, s := range sends {
		i, ok := index[s.Delivery.Endpoint]
		if !ok {
			i = len(batches)
			index[s.Delivery.Endpoint] = i
			batches = append(batches, nil)
		}
		batches[i] = append(batches[i], s)
	}
	d.inFlight.Add(int64(len(batches)))
	return batches, err
}

// sendInOrder sends one endpoint's deliveries one after the other; when the
// dispatcher stops, the unsent rest is handed back, and when an attempt
// cannot be recorded the rest is left to whoever holds or next takes the
// endpoint's lease.
func (d *Dispatcher) sendInOrder(ctx context.Context, batch []*videohost.WebhookSend) {
	for i, s := range batch {
		if ctx.Err() != nil {
			bg := context.WithoutCancel(ctx)
			for _, rest := range batch[i:] {
				if err := d.svc.ReleaseWebhookDelivery(bg, d.cfg.ID, rest.Delivery); err != nil {
					d.log.WarnContext(bg, "handing back a webhook delivery", "delivery", rest.Delivery.ID, "err", err)
				}
			}
			return
		}
		if !d.send(ctx, s) {
			return
		}
	}
}

// send makes one attempt and records it. It reports whether the batch may
// go on: false when the attempt could not be recorded, because the lease
// was lost (this dispatcher stalled past it and another took the endpoint
// over, so the rest of the batch is that one's now), the endpoint is gone,
// or the database stayed away for a whole lease.
func (d *Dispatcher) send(ctx context.Context, s *videohost.WebhookSend) bool {
	dl := s.Delivery
	log := d.log.With("delivery", dl.ID, "endpoint", dl.Endpoint, "event", dl.EventID, "type", dl.Type, "attempt", dl.AttemptCount+1)
	// Bookkeeping must finish even when the dispatcher is stopping.
	bg := context.WithoutCancel(ctx)
	at := d.cfg.Clock.Now()
	attempt, err := d.post(ctx, s, at)
	if err != nil && ctx.Err() != nil {
		if err := d.svc.ReleaseWebhookDelivery(bg, d.cfg.ID, dl); err != nil {
			log.WarnContext(bg, "handing back a webhook delivery", "err", err)
		}
		return true // sendInOrder hands the rest back too
	}
	state, next := videohost.DeliveryDelivered, time.Time{}
	if err != nil {
		state = videohost.DeliveryFailed
		if wait, ok := d.retryAfter(dl.AttemptCount + 1); ok {
			state, next = videohost.DeliveryPending, at.Add(wait)
		}
	}
	if err := d.record(ctx, dl, attempt, state, next); err != nil {
		// Lost lease or deleted endpoint: another dispatcher records its own
		// attempt, or there is nobody left to tell.
		log.WarnContext(bg, "recording webhook attempt", "err", err)
		return false
	}
	if d.cfg.Observer != nil {
		d.cfg.Observer.WebhookAttempt(dl.Endpoint, state, time.Duration(attempt.DurationMS)*time.Millisecond)
	}
	attrs := []any{"status", attempt.Status, "duration_ms", attempt.DurationMS, "state", state}
	switch {
	case state == videohost.DeliveryDelivered:
		log.InfoContext(bg, "webhook delivered", attrs...)
	case state == videohost.DeliveryPending:
		log.WarnContext(bg, "webhook attempt failed", append(attrs, "err", attempt.Error, "next_attempt_at", next)...)
	default:
		log.ErrorContext(bg, "webhook delivery failed for good", append(attrs, "err", attempt.Error)...)
	}
	return true
}

// record stores an attempt's outcome. While the database is unreachable it
// tries again (backing off to 5 s) for as long as the lease lasts: the
// delivery stays leased to this process until then, and its endpoint's
// later deliveries wait behind it, so giving up at the first error would
// hold them back for a whole lease after the database returns.
func (d *Dispatcher) record(ctx context.Context, dl *videohost.WebhookDelivery, attempt videohost.DeliveryAttempt, state videohost.DeliveryState, next time.Time) error {
	bg := context.WithoutCancel(ctx)
	record := func() error {
		// The next delivery of the batch is sent right after this one and
		// may take a whole Timeout: hold the rest for a Lease from now.
		return d.svc.RecordWebhookAttempt(bg, d.cfg.ID, dl, attempt, state, next, d.cfg.Clock.Now().Add(d.cfg.Lease))
	}
	err := record()
	for wait := 250 * time.Millisecond; err != nil && videohost.ErrorCode(err) == videohost.EUnavailable; wait = min(2*wait, 5*time.Second) {
		if d.cfg.Clock.Now().Add(wait).Sub(attempt.At) >= d.cfg.Lease {
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		err = record()
	}
	return err
}

// post sends the delivery once. The error is nil exactly when the receiver
// answered 2xx in time; the attempt describes what happened either way.
func (d *Dispatcher) post(ctx context.Context, s *videohost.WebhookSend, at time.Time) (videohost.DeliveryAttempt, error) {
	attempt := videohost.DeliveryAttempt{At: at}
	start := time.Now()
	err := func() error {
		body, err := s.Delivery.Envelope()
		if err != nil {
			return err
		}
		header, err := webhooks.Headers(s.Secrets, s.Delivery.EventID, at, body)
		if err != nil {
			return fmt.Errorf("signing: %w", err)
		}
		reqCtx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
		defer cancel()
		req, err := http.NewRequestWithContext(reqCtx, http.MethodPost, s.URL, bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("building request: %w", err)
		}
		req.Header = header
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", UserAgent)
		res, err := d.cfg.Client.Do(req)
		if err != nil {
			return describeSendError(err, d.cfg.Timeout)
		}
		defer res.Body.Close()
		attempt.Status = res.StatusCode
		excerpt, readErr := io.ReadAll(io.LimitReader(res.Body, videohost.MaxResponseExcerpt))
		attempt.ResponseExcerpt = strings.ToValidUTF8(string(excerpt), "\uFFFD")
		// Drain a little more so the connection can be reused; a receiver
		// that streams forever is cut off by the timeout.
		io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		switch {
		case res.StatusCode >= 300 && res.StatusCode < 400:
			return fmt.Errorf("answered %d: redirects are not followed", res.StatusCode)
		case res.StatusCode < 200 || res.StatusCode >= 300:
			return fmt.Errorf("answered %d", res.StatusCode)
		case readErr != nil:
			return describeSendError(readErr, d.cfg.Timeout)
		}
		return nil
	}()
	attempt.DurationMS = time.Since(start).Milliseconds()
	if err != nil {
		attempt.Error = err.Error()
	}
	return attempt, err
}

func describeSendError(err error, timeout time.Duration) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded), isTimeout(err):
		return fmt.Errorf("no answer within %s", timeout)
	case errors.Is(err, netguard.ErrAddressNotAllowed):
		return errors.New("the endpoint resolves to an address that is not allowed")
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		// Without the resolver that answered ("lookup x on 127.0.0.53:53:
		// no such host"): the tenant reads this, and the server's own
		// network is none of its business.
		quiet := *dns
		quiet.Server = ""
		return &quiet
	}
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && ue.Unwrap() != nil {
		// url.Error repeats the method and URL, which the log shows anyway.
		return ue.Unwrap()
	}
	return err
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// retryAfter is the wait after a failed attempt number n (1-based); false
// when the schedule is spent.
func (d *Dispatcher) retryAfter(n int) (time.Duration, bool) {
	if d.standard {
		return webhooks.NextAttempt(n, d.cfg.Rand)
	}
	if n > len(d.cfg.Schedule) {
		return 0, false
	}
	// webhooks.NextAttempt owns the jitter; its answer for the first step of
	// the standard schedule, as a ratio, carries that jitter to any step.
	jittered, _ := webhooks.NextAttempt(1, d.cfg.Rand)
	ratio := float64(jittered) / float64(webhooks.Schedule()[0])
	return time.Duration(float64(d.cfg.Schedule[n-1]) * ratio), true
}
