package worker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/testclock"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/webhookadmin"
	"github.com/reelvideo/reel/videohost/worker"
	"github.com/reelvideo/reel/webhooks"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// hookEnv is a service over a real SQLite file that may reach 127.0.0.0/8,
// where the test receivers listen.
type hookEnv struct {
	t     *testing.T
	path  string
	clock videohost.Clock
	db    *sqlite.DB
	blobs *blob.Disk
	svc   *videohost.Service
	p     *videohost.Principal
}

func newHookEnv(t *testing.T, clock videohost.Clock) *hookEnv {
	t.Helper()
	e := &hookEnv{t: t, path: filepath.Join(t.TempDir(), "reel.db"), clock: clock}
	e.open()
	sp, _, err := e.svc.Bootstrap(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e.p = &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}
	return e
}

// open opens the database and a service over it, as a (re)started process does.
func (e *hookEnv) open() {
	e.t.Helper()
	db, err := sqlite.Open(context.Background(), e.path, sqlite.WithClock(e.clock))
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { db.Close() })
	blobs, err := blob.Open(filepath.Join(filepath.Dir(e.path), "blobs"))
	if err != nil {
		e.t.Fatal(err)
	}
	svc, err := videohost.New(videohost.Config{
		Store: db, Queue: db, Blobs: blobs, Clock: e.clock, Secret: bytes.Repeat([]byte("k"), 32),
		BaseURL: "http://reel.test", Logger: quietLogger(),
		Guard: &netguard.Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}},
	})
	if err != nil {
		e.t.Fatal(err)
	}
	e.db, e.blobs, e.svc = db, blobs, svc
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func (e *hookEnv) webhook(url string, events ...string) *videohost.WebhookEndpoint {
	e.t.Helper()
	w, err := webhookadmin.New(e.svc).CreateWebhook(context.Background(), e.p, webhookadmin.CreateWebhookInput{URL: url, Events: events})
	if err != nil {
		e.t.Fatalf("CreateWebhook: %v", err)
	}
	return w
}

func (e *hookEnv) dispatcher(cfg worker.DispatcherConfig) *worker.Dispatcher {
	e.t.Helper()
	cfg.Jobs = e.svc.Jobs()
	if cfg.Logger == nil {
		cfg.Logger = quietLogger()
	}
	d, err := worker.NewDispatcher(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	return d
}

// run runs d until the returned stop is called (or the test ends).
func run(t *testing.T, d *worker.Dispatcher) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Error("Run did not return after cancel")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

func (e *hookEnv) deliveries(endpoint string) []*videohost.WebhookDelivery {
	e.t.Helper()
	page, err := webhookadmin.New(e.svc).WebhookDeliveries(context.Background(), e.p, endpoint, videohost.MaxListLimit, "")
	if err != nil {
		e.t.Fatal(err)
	}
	return page.Data
}

func (e *hookEnv) onlyDelivery(endpoint string) *videohost.WebhookDelivery {
	e.t.Helper()
	ds := e.deliveries(endpoint)
	if len(ds) != 1 {
		e.t.Fatalf("%d deliveries, want 1", len(ds))
	}
	return ds[0]
}

func runOnce(t *testing.T, d *worker.Dispatcher, want int) {
	t.Helper()
	n, err := d.RunOnce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n != want {
		t.Fatalf("RunOnce made %d attempts, want %d", n, want)
	}
}

func newStepClock() *testclock.Step {
	return testclock.NewStep(time.Date(2026, 5, 4, 9, 30, 0, 0, time.UTC))
}

// request is what a receiver got.
type request struct {
	header http.Header
	body   []byte
	at     time.Time
}

// receiver is a webhook endpoint on 127.0.0.1 that answers with respond
// (2xx by default) and keeps every request.
type receiver struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	got     []request
	respond func(n int, w http.ResponseWriter, r *http.Request)
}

func newReceiver(t *testing.T, respond func(n int, w http.ResponseWriter, r *http.Request)) *receiver {
	t.Helper()
	rc := &receiver{t: t, respond: respond}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, request{header: r.Header.Clone(), body: body, at: time.Now()})
		n := len(rc.got)
		respond := rc.respond
		rc.mu.Unlock()
		if respond == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		respond(n, w, r)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) url() string { return rc.srv.URL + "/hook" }

func (rc *receiver) setRespond(fn func(n int, w http.ResponseWriter, r *http.Request)) {
	rc.mu.Lock()
	rc.respond = fn
	rc.mu.Unlock()
}

func (rc *receiver) requests() []request {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return slices.Clone(rc.got)
}

// waitFor polls cond every 5 ms until it holds or timeout passes.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// verify checks a request's signature with secrets and returns its event.
func verify(t *testing.T, r request, now func() time.Time, secrets ...string) webhooks.Event {
	t.Helper()
	v := &webhooks.Verifier{Secrets: secrets, Now: now}
	ev, err := v.VerifyEvent(r.header, r.body)
	if err != nil {
		t.Fatalf("verifying %s: %v", r.body, err)
	}
	return ev
}

// videoOf verifies a delivery with secret and returns the id of the video
// its event is about.
func videoOf(t *testing.T, r request, secret string) string {
	t.Helper()
	var v videohost.Video
	if err := json.Unmarshal(verify(t, r, time.Now, secret).Data, &v); err != nil {
		t.Fatalf("event data %s: %v", r.body, err)
	}
	return v.ID
}

func failing(status int, times int) func(n int, w http.ResponseWriter, r *http.Request) {
	return func(n int, w http.ResponseWriter, r *http.Request) {
		if n <= times {
			w.WriteHeader(status)
			io.WriteString(w, `{"error":"not yet"}`)
			return
		}
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, "thanks")
	}
}

// TestLifecycleEventsReachTheReceiverInOrder drives a video through every
// transition and expects the seven kinds, once each, in order, signed.
func TestLifecycleEventsReachTheReceiverInOrder(t *testing.T) {
	ctx := context.Background()
	e := newHookEnv(t, videohost.SystemClock{})
	rc := newReceiver(t, nil)
	w := e.webhook(rc.url())
	run(t, e.dispatcher(worker.DispatcherConfig{PollInterval: 20 * time.Millisecond}))

	v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "lifecycle"})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "upload.bin")
	if err := os.WriteFile(src, []byte("not really a video"), 0o644); err != nil {
		t.Fatal(err)
	}
	steps := []func() error{
		func() error { _, err := e.svc.ImportSource(ctx, v.ID, src); return err },
		func() error { _, err := e.svc.Jobs().StartProcessing(ctx, v.ID); return err },
		func() error {
			out := &videohost.ProcessOutput{Duration: 2, Width: 640, Height: 360,
				Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: 640, Height: 360}}}
			_, err := e.svc.Jobs().PublishReady(ctx, v.ID, t.TempDir(), out)
			return err
		},
		func() error { _, err := e.svc.SetArchived(ctx, e.p, v.ID, true); return err },
		func() error { _, err := e.svc.SetArchived(ctx, e.p, v.ID, false); return err },
		func() error { return e.svc.DeleteVideo(ctx, e.p, v.ID) },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
	}

	waitFor(t, 5*time.Second, "seven deliveries", func() bool { return len(rc.requests()) >= 7 })
	time.Sleep(50 * time.Millisecond) // an eighth would be a duplicate
	got := rc.requests()
	if len(got) != 7 {
		t.Fatalf("receiver got %d requests, want 7", len(got))
	}
	wantStates := []videohost.State{"created", "uploaded", "processing", "ready", "ready", "ready", "ready"}
	ids := map[string]bool{}
	for i, r := range got {
		ev := verify(t, r, time.Now, w.Secret)
		if want := string(videohost.EventTypes()[i]); ev.Type != want {
			t.Errorf("request %d is %s, want %s", i+1, ev.Type, want)
		}
		var data videohost.Video
		if err := json.Unmarshal(ev.Data, &data); err != nil {
			t.Fatalf("data of %s: %v", ev.Type, err)
		}
		if data.ID != v.ID || data.State != wantStates[i] {
			t.Errorf("%s carries video %s in state %s, want %s in %s", ev.Type, data.ID, data.State, v.ID, wantStates[i])
		}
		if got := r.header.Get("Content-Type"); got != "application/json" {
			t.Errorf("Content-Type %q", got)
		}
		if got := r.header.Get("User-Agent"); got != worker.UserAgent {
			t.Errorf("User-Agent %q", got)
		}
		ids[r.header.Get(webhooks.HeaderID)] = true
	}
	if len(ids) != 7 {
		t.Errorf("%d distinct webhook-ids over 7 events", len(ids))
	}
	for _, d := range e.deliveries(w.ID) {
		if d.State != videohost.DeliveryDelivered || len(d.Attempts) != 1 || d.Attempts[0].Status != http.StatusNoContent {
			t.Errorf("delivery %s of %s: %s with %+v", d.ID, d.Type, d.State, d.Attempts)
		}
	}
}

// TestFailsTwiceThenDelivered walks the standard schedule on a fake clock:
// two failures, each retried after the jittered wait, then success.
func TestFailsTwiceThenDelivered(t *testing.T) {
	ctx := context.Background()
	clock := newStepClock()
	e := newHookEnv(t, clock)
	rc := newReceiver(t, failing(http.StatusInternalServerError, 2))
	w := e.webhook(rc.url(), webhooks.KindVideoCreated)
	lowJitter := func() float64 { return 0 } // 10 % early: the shortest wait
	d := e.dispatcher(worker.DispatcherConfig{Rand: lowJitter})
	if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
		t.Fatal(err)
	}

	for i, wait := range []time.Duration{4500 * time.Millisecond, 270 * time.Second} {
		runOnce(t, d, 1)
		dl := e.onlyDelivery(w.ID)
		wantNext := clock.Now().Add(wait)
		if dl.State != videohost.DeliveryPending || dl.NextAttemptAt == nil || !dl.NextAttemptAt.Equal(wantNext) {
			t.Fatalf("after failure %d: %s, next attempt %v, want pending at %v", i+1, dl.State, dl.NextAttemptAt, wantNext)
		}
		clock.Advance(wait - time.Millisecond)
		runOnce(t, d, 0) // not due yet
		clock.Advance(time.Millisecond)
	}
	runOnce(t, d, 1)

	dl := e.onlyDelivery(w.ID)
	if dl.State != videohost.DeliveryDelivered || dl.NextAttemptAt != nil {
		t.Fatalf("delivery %s, next %v, want delivered", dl.State, dl.NextAttemptAt)
	}
	wantStatus := []int{500, 500, 200}
	if len(dl.Attempts) != 3 {
		t.Fatalf("%d attempts logged, want 3: %+v", len(dl.Attempts), dl.Attempts)
	}
	for i, a := range dl.Attempts {
		if a.Status != wantStatus[i] {
			t.Errorf("attempt %d status %d, want %d", i+1, a.Status, wantStatus[i])
		}
		if (a.Error == "") != (a.Status == 200) {
			t.Errorf("attempt %d error %q with status %d", i+1, a.Error, a.Status)
		}
	}
	if a := dl.Attempts[0]; a.ResponseExcerpt != `{"error":"not yet"}` {
		t.Errorf("excerpt %q", a.ResponseExcerpt)
	}
	reqs := rc.requests()
	for i, r := range reqs {
		verify(t, r, clock.Now, w.Secret)
		if r.header.Get(webhooks.HeaderID) != dl.EventID {
			t.Errorf("attempt %d webhook-id %q, want the event id %q on every attempt", i+1, r.header.Get(webhooks.HeaderID), dl.EventID)
		}
		if !bytes.Equal(r.body, reqs[0].body) {
			t.Errorf("attempt %d body differs from the first", i+1)
		}
	}
}

// TestScheduleSpentThenManualRetry fails a delivery for good, then revives
// it through the retry use case.
func TestScheduleSpentThenManualRetry(t *testing.T) {
	ctx := context.Background()
	clock := newStepClock()
	e := newHookEnv(t, clock)
	rc := newReceiver(t, failing(http.StatusBadGateway, 2))
	w := e.webhook(rc.url())
	d := e.dispatcher(worker.DispatcherConfig{Schedule: []time.Duration{time.Second}})
	if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
		t.Fatal(err)
	}
	runOnce(t, d, 1)
	clock.Advance(2 * time.Second)
	runOnce(t, d, 1)
	dl := e.onlyDelivery(w.ID)
	if dl.State != videohost.DeliveryFailed || len(dl.Attempts) != 2 || dl.NextAttemptAt != nil {
		t.Fatalf("after the schedule: %s with %d attempts, next %v; want failed after 2", dl.State, len(dl.Attempts), dl.NextAttemptAt)
	}
	clock.Advance(time.Hour)
	runOnce(t, d, 0)

	retried, err := webhookadmin.New(e.svc).RetryWebhookDelivery(ctx, e.p, w.ID, dl.ID)
	if err != nil {
		t.Fatal(err)
	}
	if retried.State != videohost.DeliveryPending {
		t.Fatalf("retried delivery is %s", retried.State)
	}
	runOnce(t, d, 1)
	if dl := e.onlyDelivery(w.ID); dl.State != videohost.DeliveryDelivered || len(dl.Attempts) != 3 {
		t.Fatalf("after the manual retry: %s with %d attempts", dl.State, len(dl.Attempts))
	}
}

func TestRedirectIsAFailedAttempt(t *testing.T) {
	ctx := context.Background()
	clock := newStepClock()
	e := newHookEnv(t, clock)
	target := newReceiver(t, nil)
	rc := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.url(), http.StatusTemporaryRedirect)
	})
	w := e.webhook(rc.url())
	d := e.dispatcher(worker.DispatcherConfig{})
	if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
		t.Fatal(err)
	}
	runOnce(t, d, 1)
	dl := e.onlyDelivery(w.ID)
	if dl.State != videohost.DeliveryPending || len(dl.Attempts) != 1 {
		t.Fatalf("delivery %s with %d attempts, want pending after one", dl.State, len(dl.Attempts))
	}
	if a := dl.Attempts[0]; a.Status != http.StatusTemporaryRedirect || !strings.Contains(a.Error, "redirect") {
		t.Fatalf("attempt %+v, want a 307 noted as a redirect", a)
	}
	if n := len(target.requests()); n != 0 {
		t.Fatalf("the redirect was followed: target got %d requests", n)
	}
}

func TestGuardRefusesPrivateTargets(t *testing.T) {
	ctx := context.Background()
	clock := newStepClock()
	e := newHookEnv(t, clock)
	rc := newReceiver(t, nil)

	guarded, err := videohost.New(videohost.Config{Store: e.db, Queue: e.db, Blobs: e.blobs, Clock: clock,
		Secret: bytes.Repeat([]byte("k"), 32), Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		url  string
	}{
		{"loopback", rc.url()},
		{"private", "http://10.1.2.3/hook"},
		{"metadata", "http://169.254.169.254/latest"},
		{"ipv6 loopback", "http://[::1]:8080/hook"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := webhookadmin.New(guarded).CreateWebhook(ctx, e.p, webhookadmin.CreateWebhookInput{URL: tt.url})
			var ve *videohost.Error
			if videohost.ErrorCode(err) != videohost.EValidation || !errors.As(err, &ve) || len(ve.Fields) != 1 || ve.Fields[0].Field != "url" {
				t.Fatalf("CreateWebhook(%s): %v, want validation_failed on url", tt.url, err)
			}
		})
	}

	// An endpoint that passed the check still meets the guard on every
	// connection: here the dispatcher's client has no allow-list.
	w := e.webhook(rc.url())
	d := e.dispatcher(worker.DispatcherConfig{Client: (&netguard.Guard{}).HTTPClient(time.Second, 0)})
	if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
		t.Fatal(err)
	}
	runOnce(t, d, 1)
	dl := e.onlyDelivery(w.ID)
	if a := dl.Attempts[0]; a.Status != 0 || !strings.Contains(a.Error, "not allowed") {
		t.Fatalf("attempt %+v, want refused by the guard", a)
	}
	if n := len(rc.requests()); n != 0 {
		t.Fatalf("the guarded receiver got %d requests", n)
	}
}

// TestReceiverDownAcrossRestart: the first process fails an attempt and
// stops; a new process over the same database delivers.
func TestReceiverDownAcrossRestart(t *testing.T) {
	ctx := context.Background()
	e := newHookEnv(t, videohost.SystemClock{})
	rc := newReceiver(t, func(int, http.ResponseWriter, *http.Request) {})
	rc.setRespond(func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) })
	w := e.webhook(rc.url())
	schedule := []time.Duration{200 * time.Millisecond, 200 * time.Millisecond}
	stop := run(t, e.dispatcher(worker.DispatcherConfig{Schedule: schedule, PollInterval: 20 * time.Millisecond}))
	if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 5*time.Second, "a failed attempt", func() bool {
		ds := e.deliveries(w.ID)
		return len(ds) == 1 && len(ds[0].Attempts) == 1
	})
	stop()

	rc.setRespond(nil) // the receiver comes back
	e.open()           // so does Reel, as a new process over the same file
	run(t, e.dispatcher(worker.DispatcherConfig{Schedule: schedule, PollInterval: 20 * time.Millisecond}))
	waitFor(t, 5*time.Second, "the delivery", func() bool {
		return e.onlyDelivery(w.ID).State == videohost.DeliveryDelivered
	})
	dl := e.onlyDelivery(w.ID)
	if len(dl.Attempts) != 2 || dl.Attempts[0].Status != 503 || dl.Attempts[1].Status != 204 {
		t.Fatalf("attempts %+v, want 503 then 204", dl.Attempts)
	}
	reqs := rc.requests()
	if len(reqs) != 2 || reqs[0].header.Get(webhooks.HeaderID) != reqs[1].header.Get(webhooks.HeaderID) {
		t.Fatalf("receiver got %d requests; the retry must carry the same webhook-id", len(reqs))
	}
}

// TestStopHandsInFlightDeliveryBack: a dispatcher stopped mid-attempt
// leaves no lease behind, so the next one sends at once.
func TestStopHandsInFlightDeliveryBack(t *testing.T) {
	ctx := context.Background()
	e := newHookEnv(t, videohost.SystemClock{})
	arrived := make(chan struct{}, 1)
	rc := newReceiver(t, func(_ int, _ http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		<-r.Context().Done()
	})
	w := e.webhook(rc.url())
	stop := run(t, e.dispatcher(worker.DispatcherConfig{PollInterval: 20 * time.Millisecond}))
	if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-time.After(5 * time.Second):
		t.Fatal("no attempt started")
	}
	stop()
	if dl := e.onlyDelivery(w.ID); dl.State != videohost.DeliveryPending || len(dl.Attempts) != 0 {
		t.Fatalf("after a stop mid-attempt: %s with %d attempts, want pending and untried", dl.State, len(dl.Attempts))
	}
	rc.setRespond(nil)
	runOnce(t, e.dispatcher(worker.DispatcherConfig{}), 1)
	if dl := e.onlyDelivery(w.ID); dl.State != videohost.DeliveryDelivered {
		t.Fatalf("after the restart: %s", dl.State)
	}
}

// TestDeadEndpointDoesNotDelayAHealthyOne: an endpoint that never answers
// holds one slot; the healthy endpoint's deliveries arrive promptly and in
// order.
func TestDeadEndpointDoesNotDelayAHealthyOne(t *testing.T) {
	ctx := context.Background()
	e := newHookEnv(t, videohost.SystemClock{})
	dead := newReceiver(t, func(_ int, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	healthy := newReceiver(t, nil)
	deadHook := e.webhook(dead.url())
	healthyHook := e.webhook(healthy.url())
	run(t, e.dispatcher(worker.DispatcherConfig{Timeout: 2 * time.Second, Concurrency: 2,
		Schedule: []time.Duration{50 * time.Millisecond}, PollInterval: 20 * time.Millisecond}))

	const events = 5
	var sent []time.Time
	var ids []string
	for i := range events {
		v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "v"})
		if err != nil {
			t.Fatal(err)
		}
		sent, ids = append(sent, time.Now()), append(ids, v.ID)
		if i < events-1 {
			time.Sleep(30 * time.Millisecond)
		}
	}
	waitFor(t, 5*time.Second, "the healthy deliveries", func() bool { return len(healthy.requests()) >= events })
	var worst time.Duration
	for i, r := range healthy.requests() {
		if got := videoOf(t, r, healthyHook.Secret); got != ids[i] {
			t.Errorf("healthy delivery %d is of video %s, want %s (transition order)", i+1, got, ids[i])
		}
		worst = max(worst, r.at.Sub(sent[i]))
	}
	// The dead endpoint's timeout is 2 s; staying well under it shows the
	// healthy endpoint never waited behind it (and leaves room for a loaded
	// machine under the race detector, where a prompt delivery took 380 ms).
	if worst > 1500*time.Millisecond {
		t.Errorf("worst healthy latency %s beside a dead endpoint", worst)
	}
	waitFor(t, 5*time.Second, "a timed-out attempt on the dead endpoint", func() bool {
		for _, d := range e.deliveries(deadHook.ID) {
			for _, a := range d.Attempts {
				if a.Status == 0 && strings.Contains(a.Error, "no answer within") {
					return true
				}
			}
		}
		return false
	})
}

// TestRotatedSecretSignsWithBoth: for a day after a rotation, either secret
// verifies a delivery.
func TestRotatedSecretSignsWithBoth(t *testing.T) {
	ctx := context.Background()
	clock := newStepClock()
	e := newHookEnv(t, clock)
	rc := newReceiver(t, nil)
	w := e.webhook(rc.url())
	rotated, err := webhookadmin.New(e.svc).RotateWebhookSecret(ctx, e.p, w.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rotated.Secret == w.Secret || !strings.HasPrefix(rotated.Secret, webhooks.SecretPrefix) {
		t.Fatalf("rotation returned secret %q", rotated.Secret)
	}
	d := e.dispatcher(worker.DispatcherConfig{})
	if _, err := webhookadmin.New(e.svc).TestWebhook(ctx, e.p, w.ID); err != nil {
		t.Fatal(err)
	}
	runOnce(t, d, 1)
	firstSent := clock.Now()
	clock.Advance(videohost.PreviousSecretGrace + time.Second)
	if _, err := webhookadmin.New(e.svc).TestWebhook(ctx, e.p, w.ID); err != nil {
		t.Fatal(err)
	}
	runOnce(t, d, 1)

	reqs := rc.requests()
	for _, secret := range []string{w.Secret, rotated.Secret} {
		if ev := verify(t, reqs[0], func() time.Time { return firstSent }, secret); ev.Type != webhooks.KindWebhookTest {
			t.Fatalf("event %s, want %s", ev.Type, webhooks.KindWebhookTest)
		}
	}
	if sigs := strings.Fields(reqs[0].header.Get(webhooks.HeaderSignature)); len(sigs) != 2 {
		t.Fatalf("%d signatures during the grace period, want 2", len(sigs))
	}
	verify(t, reqs[1], clock.Now, rotated.Secret)
	if sigs := strings.Fields(reqs[1].header.Get(webhooks.HeaderSignature)); len(sigs) != 1 {
		t.Fatalf("%d signatures after the grace period, want 1", len(sigs))
	}
}

// TestPayloadGolden pins the wire format of a video.created delivery. Ids
// are random, so they are replaced by placeholders before the comparison;
// refresh with go test ./videohost/worker -run TestPayloadGolden -update.
func TestPayloadGolden(t *testing.T) {
	ctx := context.Background()
	clock := newStepClock()
	e := newHookEnv(t, clock)
	rc := newReceiver(t, nil)
	w := e.webhook(rc.url(), webhooks.KindVideoCreated)
	title, desc := "Launch film", "The first cut"
	v, err := e.svc.CreateVideo(ctx, e.p, videohost.CreateVideoInput{InputURL: "https://203.0.113.7/source.mp4",
		Title: &title, Description: &desc, Metadata: map[string]string{"team": "growth"}})
	if err != nil {
		t.Fatal(err)
	}
	runOnce(t, e.dispatcher(worker.DispatcherConfig{}), 1)
	r := rc.requests()[0]
	verify(t, r, clock.Now, w.Secret)

	var body bytes.Buffer
	if err := json.Indent(&body, r.body, "", "  "); err != nil {
		t.Fatal(err)
	}
	wire := "POST /hook\n"
	for _, h := range []string{"Content-Type", "User-Agent", webhooks.HeaderID, webhooks.HeaderTimestamp} {
		wire += h + ": " + r.header.Get(h) + "\n"
	}
	wire += "\n" + body.String() + "\n"
	wire = strings.NewReplacer(
		e.onlyDelivery(w.ID).EventID, "{event_id}", v.Embed, "{embed}", v.ID, "{video_id}", "/"+v.Space+"/", "/{space}/",
		`"`+v.Space+`"`, `"{space}"`,
	).Replace(wire)

	golden := filepath.Join("testdata", "video_created.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(wire), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("reading golden file (run with -update to create it): %v", err)
	}
	if wire != string(want) {
		t.Fatalf("payload differs from %s (run with -update and review the diff):\n%s", golden, wire)
	}
}

// TestSlowBatchStaysWithItsSender: a batch that takes longer than one
// lease to send stays with its live sender, since each recorded attempt
// renews the rest; a second dispatcher beside it sends none of it again.
func TestSlowBatchStaysWithItsSender(t *testing.T) {
	ctx := context.Background()
	e := newHookEnv(t, videohost.SystemClock{})
	rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		time.Sleep(150 * time.Millisecond)
		w.WriteHeader(http.StatusNoContent)
	})
	w := e.webhook(rc.url())
	const events = 6
	for range events {
		if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "v"}); err != nil {
			t.Fatal(err)
		}
	}
	// The batch needs about 900 ms, a lease lasts 400 ms.
	cfg := worker.DispatcherConfig{Timeout: time.Second, Lease: 400 * time.Millisecond, PollInterval: 20 * time.Millisecond}
	run(t, e.dispatcher(cfg))
	run(t, e.dispatcher(cfg))
	waitFor(t, 10*time.Second, "every delivery", func() bool {
		ds := e.deliveries(w.ID)
		if len(ds) != events {
			return false
		}
		for _, d := range ds {
			if d.State != videohost.DeliveryDelivered {
				return false
			}
		}
		return true
	})
	time.Sleep(100 * time.Millisecond) // a duplicate would be on its way by now
	reqs := rc.requests()
	seen := map[string]bool{}
	for _, r := range reqs {
		id := r.header.Get(webhooks.HeaderID)
		if seen[id] {
			t.Errorf("webhook-id %s sent twice: the batch was taken from its live sender", id)
		}
		seen[id] = true
	}
	if len(seen) != events {
		t.Fatalf("receiver saw %d events, want %d", len(seen), events)
	}
}

// stallingTransport stands for a dispatcher process that froze in the
// middle of an attempt: its first request hangs, deaf to its context,
// until release is closed, and then fails; later ones go out normally.
type stallingTransport struct {
	started chan struct{}
	release chan struct{}
	calls   atomic.Int32
}

func (s *stallingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if s.calls.Add(1) > 1 {
		return http.DefaultTransport.RoundTrip(r)
	}
	close(s.started)
	<-s.release
	return nil, errors.New("the process was frozen")
}

// TestStalledDispatchersEndpointIsTakenOver: a dispatcher that stops
// making progress in the middle of a batch holds the endpoint for one
// lease only; another dispatcher then sends the whole batch, in order, and
// the stalled one, waking up, sends nothing more of it.
func TestStalledDispatchersEndpointIsTakenOver(t *testing.T) {
	ctx := context.Background()
	e := newHookEnv(t, videohost.SystemClock{})
	rc := newReceiver(t, nil)
	w := e.webhook(rc.url())
	var ids []string
	for range 3 {
		v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "v"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, v.ID)
	}
	const lease = 300 * time.Millisecond
	stalled := &stallingTransport{started: make(chan struct{}), release: make(chan struct{})}
	stopStalled := run(t, e.dispatcher(worker.DispatcherConfig{ID: "stalled", Timeout: time.Minute, Lease: lease,
		PollInterval: 20 * time.Millisecond, Client: &http.Client{Transport: stalled}}))
	select {
	case <-stalled.started:
	case <-time.After(5 * time.Second):
		t.Fatal("the first dispatcher never started an attempt")
	}
	began := time.Now()
	run(t, e.dispatcher(worker.DispatcherConfig{ID: "live", Lease: lease, PollInterval: 20 * time.Millisecond}))
	waitFor(t, 5*time.Second, "the live dispatcher sending the batch", func() bool { return len(rc.requests()) == 3 })
	took := time.Since(began)
	if took < lease/2 {
		t.Errorf("taken over after %s, before the %s lease ran out", took, lease)
	}
	t.Logf("the stalled dispatcher's endpoint was taken over after %s (lease %s)", took.Round(time.Millisecond), lease)
	for i, r := range rc.requests() {
		if got := videoOf(t, r, w.Secret); got != ids[i] {
			t.Errorf("delivery %d is of video %s, want %s", i+1, got, ids[i])
		}
	}

	// The stalled one wakes: its record is refused, and it leaves the rest
	// of what was its batch alone.
	close(stalled.release)
	time.Sleep(300 * time.Millisecond)
	stopStalled()
	if n := len(rc.requests()); n != 3 {
		t.Errorf("receiver got %d requests after the stalled dispatcher woke, want 3", n)
	}
	for _, d := range e.deliveries(w.ID) {
		if d.State != videohost.DeliveryDelivered || len(d.Attempts) != 1 {
			t.Errorf("delivery %s: %s after %d attempts, want delivered after 1", d.ID, d.State, len(d.Attempts))
		}
	}
}

// TestSendErrorsHideTheResolver: what a tenant reads of a failed attempt
// never names the server's DNS resolver ("lookup x on 127.0.0.53:53: no
// such host" before), however the lookup error comes wrapped.
func TestSendErrorsHideTheResolver(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"no such host", &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "hooks.example", Server: "127.0.0.53:53", IsNotFound: true}},
			"lookup hooks.example: no such host"},
		{"server misbehaving", &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "server misbehaving", Name: "hooks.example", Server: "[fd00::53]:53", IsTemporary: true}},
			"lookup hooks.example: server misbehaving"},
		{"bare", &net.DNSError{Err: "no such host", Name: "a.example", Server: "10.0.0.2:53"}, "lookup a.example: no such host"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e := newHookEnv(t, newStepClock())
			w := e.webhook("http://hooks.example/hook")
			client := &http.Client{Transport: &http.Transport{
				DialContext: func(context.Context, string, string) (net.Conn, error) { return nil, tc.err },
			}}
			d := e.dispatcher(worker.DispatcherConfig{Client: client})
			if _, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "x"}); err != nil {
				t.Fatal(err)
			}
			runOnce(t, d, 1)
			a := e.onlyDelivery(w.ID).Attempts[0]
			if a.Error != tc.want {
				t.Fatalf("attempt error %q, want %q", a.Error, tc.want)
			}
		})
	}
}
