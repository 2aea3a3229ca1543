package storetest

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

func createWebhook(t testing.TB, db DB, space string, events ...videohost.EventType) *videohost.WebhookEndpoint {
	t.Helper()
	if len(events) == 0 {
		events = videohost.EventTypes()
	}
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	w := &videohost.WebhookEndpoint{ID: videohost.NewID(videohost.WebhookIDLen), Space: space, URL: "https://203.0.113.9/hook",
		Events: events, Enabled: true, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateWebhook(context.Background(), w, []byte("sealed-"+w.ID)); err != nil {
		t.Fatalf("CreateWebhook: %v", err)
	}
	return w
}

// emit writes one outbox event per type for a new video of space.
func emitEvents(t testing.TB, db DB, space string, types ...videohost.EventType) *videohost.Video {
	t.Helper()
	v := newVideo(space, time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	if err := db.CreateVideo(context.Background(), v, videohost.Change{Events: types}, nil); err != nil {
		t.Fatalf("CreateVideo: %v", err)
	}
	return v
}

func fanOutAll(t testing.TB, db DB, now time.Time) int {
	t.Helper()
	n, err := db.FanOutWebhookEvents(context.Background(), 2, now) // small batches exercise the cursor
	if err != nil {
		t.Fatalf("FanOutWebhookEvents: %v", err)
	}
	total := n
	for n == 2 {
		if n, err = db.FanOutWebhookEvents(context.Background(), 2, now); err != nil {
			t.Fatalf("FanOutWebhookEvents: %v", err)
		}
		total += n
	}
	return total
}

func deliveryTypes(t testing.TB, db DB, endpoint string) []string {
	t.Helper()
	ds, err := db.WebhookDeliveries(context.Background(), endpoint, 0, 0)
	if err != nil {
		t.Fatalf("WebhookDeliveries: %v", err)
	}
	var out []string
	for i := len(ds) - 1; i >= 0; i-- { // oldest first
		out = append(out, ds[i].Type)
	}
	return out
}

func testFanOutFollowsSubscriptionsAndCreation(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")

	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated) // before any endpoint: nobody gets it
	all := createWebhook(t, db, "aaaaa")
	readyOnly := createWebhook(t, db, "aaaaa", videohost.EventVideoReady)
	disabled := createWebhook(t, db, "aaaaa")
	disabled.Enabled = false
	if err := db.UpdateWebhook(ctx, disabled); err != nil {
		t.Fatal(err)
	}
	other := createWebhook(t, db, "bbbbb")

	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded, videohost.EventVideoReady)
	if n := fanOutAll(t, db, clock.Now()); n != 4 {
		t.Fatalf("fanned out %d events, want 4", n)
	}
	late := createWebhook(t, db, "aaaaa") // after the events: gets none of them
	emitEvents(t, db, "aaaaa", videohost.EventVideoArchived)
	fanOutAll(t, db, clock.Now())

	tests := []struct {
		name     string
		endpoint string
		want     []string
	}{
		{"every kind", all.ID, []string{"video.created", "video.uploaded", "video.ready", "video.archived"}},
		{"ready only", readyOnly.ID, []string{"video.ready"}},
		{"disabled", disabled.ID, nil},
		{"other space", other.ID, nil},
		{"created later", late.ID, []string{"video.archived"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deliveryTypes(t, db, tt.endpoint); !slices.Equal(got, tt.want) {
				t.Fatalf("deliveries %v, want %v", got, tt.want)
			}
		})
	}
}

func testFanOutCursorSurvivesReopen(t *testing.T, open Opener) {
	b := open(t)
	db := b.DB
	createSpace(t, db, "aaaaa")
	w := createWebhook(t, db, "aaaaa")
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated)
	fanOutAll(t, db, b.Clock.Now())
	db.Close()

	db = b.Reopen(t)
	emitEvents(t, db, "aaaaa", videohost.EventVideoDeleted)
	if n := fanOutAll(t, db, b.Clock.Now()); n != 1 {
		t.Fatalf("fanned out %d events after reopening, want only the new one", n)
	}
	if got := deliveryTypes(t, db, w.ID); !slices.Equal(got, []string{"video.created", "video.deleted"}) {
		t.Fatalf("deliveries %v", got)
	}
}

func claimTypes(t testing.TB, db DB, owner string, now time.Time) []string {
	t.Helper()
	cs, err := db.ClaimWebhookDeliveries(context.Background(), owner, 10, 1, time.Minute, now)
	if err != nil {
		t.Fatalf("ClaimWebhookDeliveries: %v", err)
	}
	var out []string
	for _, c := range cs {
		out = append(out, c.Delivery.Type)
	}
	return out
}

func claimDelivery(t testing.TB, db DB, owner string, now time.Time) *videohost.ClaimedDelivery {
	t.Helper()
	cs, err := db.ClaimWebhookDeliveries(context.Background(), owner, 1, 1, time.Minute, now)
	if err != nil {
		t.Fatalf("ClaimWebhookDeliveries: %v", err)
	}
	if len(cs) != 1 {
		t.Fatalf("claimed %d deliveries, want 1", len(cs))
	}
	return cs[0]
}

func testClaimKeepsOneInFlightPerEndpointInEventOrder(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	a := createWebhook(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa", videohost.EventVideoUploaded) // b
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded, videohost.EventVideoProcessing)
	fanOutAll(t, db, clock.Now())
	now := clock.Now()

	// One per endpoint, each endpoint's oldest: a's created and b's uploaded.
	first, err := db.ClaimWebhookDeliveries(ctx, "d1", 10, 1, time.Minute, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 2 || first[0].Delivery.Type != "video.created" || first[1].Delivery.Type != "video.uploaded" ||
		first[0].URL != "https://203.0.113.9/hook" || string(first[0].SealedSecret) != "sealed-"+a.ID {
		t.Fatalf("first claim %+v", first)
	}
	if got := claimTypes(t, db, "d2", now); got != nil {
		t.Fatalf("claimed %v while every endpoint has one in flight", got)
	}

	// a's head fails and waits a minute: a's later events go meanwhile.
	if err := db.RecordWebhookAttempt(ctx, first[0].Delivery.Seq, "d1",
		videohost.DeliveryAttempt{At: now, Status: 500, Error: "answered 500"}, videohost.DeliveryPending, now.Add(time.Minute), time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordWebhookAttempt(ctx, first[1].Delivery.Seq, "d1",
		videohost.DeliveryAttempt{At: now, Status: 204}, videohost.DeliveryDelivered, time.Time{}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	next := claimDelivery(t, db, "d2", now)
	if next.Delivery.Type != "video.uploaded" || next.Delivery.Endpoint != a.ID {
		t.Fatalf("after a failed head, claimed %s of %s, want a's video.uploaded", next.Delivery.Type, next.Delivery.Endpoint)
	}
	if got := claimTypes(t, db, "d2", now); got != nil {
		t.Fatalf("claimed %v beside a's delivery in flight", got)
	}

	// The lease of a dead dispatcher runs out; another takes over.
	if got := claimTypes(t, db, "d3", now.Add(2*time.Minute)); !slices.Equal(got, []string{"video.created"}) {
		t.Fatalf("after the lease ran out and the retry came due, claimed %v, want the retry of video.created", got)
	}
}

func testLostLeaseRefusesTheRecord(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa")
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated)
	fanOutAll(t, db, clock.Now())
	now := clock.Now()

	slow := claimDelivery(t, db, "d1", now)
	taken := claimDelivery(t, db, "d2", now.Add(2*time.Minute)) // d1's lease ran out
	if taken.Delivery.Seq != slow.Delivery.Seq {
		t.Fatalf("d2 claimed %d, want the expired %d", taken.Delivery.Seq, slow.Delivery.Seq)
	}
	err := db.RecordWebhookAttempt(ctx, slow.Delivery.Seq, "d1", videohost.DeliveryAttempt{At: now, Status: 200}, videohost.DeliveryDelivered, time.Time{}, time.Time{})
	if videohost.ErrorCode(err) != videohost.EConflict {
		t.Fatalf("recording with a lost lease: %v, want conflict", err)
	}
	if err := db.ReleaseWebhookDelivery(ctx, slow.Delivery.Seq, "d1"); videohost.ErrorCode(err) != videohost.EConflict {
		t.Fatalf("releasing with a lost lease: %v, want conflict", err)
	}
	if err := db.ReleaseWebhookDelivery(ctx, taken.Delivery.Seq, "d2"); err != nil {
		t.Fatal(err)
	}
	if got := claimTypes(t, db, "d3", now.Add(2*time.Minute)); !slices.Equal(got, []string{"video.created"}) {
		t.Fatalf("after a release, claimed %v", got)
	}
}

func testClaimSkipsDisabledEndpoints(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	w := createWebhook(t, db, "aaaaa")
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated)
	fanOutAll(t, db, clock.Now())
	w.Enabled = false
	if err := db.UpdateWebhook(ctx, w); err != nil {
		t.Fatal(err)
	}
	if got := claimTypes(t, db, "d1", clock.Now()); got != nil {
		t.Fatalf("claimed %v of a disabled endpoint", got)
	}
	w.Enabled = true
	if err := db.UpdateWebhook(ctx, w); err != nil {
		t.Fatal(err)
	}
	if got := claimTypes(t, db, "d1", clock.Now()); !slices.Equal(got, []string{"video.created"}) {
		t.Fatalf("after enabling, claimed %v", got)
	}
}

func testDeliveryLogAndRetry(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	w := createWebhook(t, db, "aaaaa")
	v := emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded, videohost.EventVideoProcessing)
	fanOutAll(t, db, clock.Now())
	now := clock.Now()

	c := claimDelivery(t, db, "d1", now)
	var data videohost.Video
	if err := json.Unmarshal(c.Delivery.Data, &data); err != nil || data.ID != v.ID {
		t.Fatalf("delivery data %s (%v), want video %s", c.Delivery.Data, err, v.ID)
	}
	attempt := videohost.DeliveryAttempt{At: now, Status: 410, DurationMS: 12, Error: "answered 410", ResponseExcerpt: "gone"}
	if err := db.RecordWebhookAttempt(ctx, c.Delivery.Seq, "d1", attempt, videohost.DeliveryFailed, time.Time{}, time.Time{}); err != nil {
		t.Fatal(err)
	}

	page, err := db.WebhookDeliveries(ctx, w.ID, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(page) != 2 || page[0].Type != "video.processing" || page[1].Type != "video.uploaded" {
		t.Fatalf("first page %+v, want the two newest", page)
	}
	rest, err := db.WebhookDeliveries(ctx, w.ID, page[1].Seq, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) != 1 || rest[0].ID != c.Delivery.ID {
		t.Fatalf("second page %+v", rest)
	}
	failed := rest[0]
	if failed.State != videohost.DeliveryFailed || failed.NextAttemptAt != nil || len(failed.Attempts) != 1 ||
		failed.Attempts[0] != attempt {
		t.Fatalf("failed delivery %+v, attempts %+v", failed, failed.Attempts)
	}

	later := now.Add(time.Hour)
	retried, err := db.RetryWebhookDelivery(ctx, w.ID, failed.ID, later)
	if err != nil {
		t.Fatal(err)
	}
	if retried.State != videohost.DeliveryPending || retried.NextAttemptAt == nil || !retried.NextAttemptAt.Equal(later) {
		t.Fatalf("retried delivery %+v", retried)
	}
	if _, err := db.RetryWebhookDelivery(ctx, w.ID, "nosuchdelivery", later); !videohost.IsNotFound(err) {
		t.Fatalf("retrying an unknown delivery: %v", err)
	}

	if err := db.DeleteWebhook(ctx, "aaaaa", w.ID); err != nil {
		t.Fatal(err)
	}
	if ds, err := db.WebhookDeliveries(ctx, w.ID, 0, 0); err != nil || len(ds) != 0 {
		t.Fatalf("deliveries of a deleted endpoint: %d, %v", len(ds), err)
	}
}

func testWebhookEndpointsCRUD(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	createSpace(t, db, "bbbbb")
	w := createWebhook(t, db, "aaaaa", videohost.EventVideoReady)
	second := createWebhook(t, db, "aaaaa")

	got, err := db.Webhook(ctx, "aaaaa", w.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.URL != w.URL || len(got.Events) != 1 || got.Events[0] != videohost.EventVideoReady || !got.Enabled ||
		got.Secret != "" || got.PreviousSecretExpiresAt != nil {
		t.Fatalf("read back %+v", got)
	}
	if _, err := db.Webhook(ctx, "bbbbb", w.ID); !videohost.IsNotFound(err) {
		t.Fatalf("endpoint seen from another space: %v", err)
	}

	list, err := db.Webhooks(ctx, "aaaaa", nil, 1)
	if err != nil || len(list) != 1 {
		t.Fatalf("first page %v, %v", list, err)
	}
	rest, err := db.Webhooks(ctx, "aaaaa", &videohost.Cursor{CreatedAt: list[0].CreatedAt, ID: list[0].ID}, 10)
	if err != nil || len(rest) != 1 || rest[0].ID == list[0].ID {
		t.Fatalf("second page %v, %v", rest, err)
	}
	_ = second

	until := clock.Now().Add(24 * time.Hour)
	rotated, err := db.RotateWebhookSecret(ctx, "aaaaa", w.ID, []byte("sealed-new"), until, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if rotated.PreviousSecretExpiresAt == nil || !rotated.PreviousSecretExpiresAt.Equal(until) {
		t.Fatalf("rotated %+v", rotated)
	}
	emitEvents(t, db, "aaaaa", videohost.EventVideoReady)
	fanOutAll(t, db, clock.Now())
	cs, err := db.ClaimWebhookDeliveries(ctx, "d1", 10, 1, time.Minute, clock.Now())
	if err != nil || len(cs) != 2 {
		t.Fatalf("claimed %d deliveries (%v), want one per endpoint", len(cs), err)
	}
	c := cs[0]
	if c.Delivery.Endpoint != w.ID {
		c = cs[1]
	}
	if string(c.SealedSecret) != "sealed-new" || string(c.SealedPreviousSecret) != "sealed-"+w.ID || !c.PreviousSecretUntil.Equal(until) {
		t.Fatalf("claimed secrets %q, %q until %v", c.SealedSecret, c.SealedPreviousSecret, c.PreviousSecretUntil)
	}
	clock.Advance(25 * time.Hour)
	if got, _ := db.Webhook(ctx, "aaaaa", w.ID); got.PreviousSecretExpiresAt != nil {
		t.Fatalf("expired previous secret still shown: %v", got.PreviousSecretExpiresAt)
	}

	if err := db.DeleteWebhook(ctx, "bbbbb", w.ID); !videohost.IsNotFound(err) {
		t.Fatalf("deleting from another space: %v", err)
	}
	if err := db.DeleteWebhook(ctx, "aaaaa", w.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Webhook(ctx, "aaaaa", w.ID); !videohost.IsNotFound(err) {
		t.Fatalf("deleted endpoint still there: %v", err)
	}
}

func testClaimBatchTakesDueDeliveriesInOrder(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa")
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded,
		videohost.EventVideoProcessing, videohost.EventVideoReady)
	fanOutAll(t, db, clock.Now())
	now := clock.Now()

	// The head waits for a retry; the batch takes the three after it.
	head := claimDelivery(t, db, "d1", now)
	if err := db.RecordWebhookAttempt(ctx, head.Delivery.Seq, "d1", videohost.DeliveryAttempt{At: now, Status: 500},
		videohost.DeliveryPending, now.Add(time.Minute), time.Time{}); err != nil {
		t.Fatal(err)
	}
	batch, err := db.ClaimWebhookDeliveries(ctx, "d1", 10, 2, time.Minute, now)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range batch {
		got = append(got, c.Delivery.Type)
	}
	if !slices.Equal(got, []string{"video.uploaded", "video.processing"}) {
		t.Fatalf("batch %v, want the two oldest due after the waiting head", got)
	}
	if got := claimTypes(t, db, "d2", now); got != nil {
		t.Fatalf("claimed %v while a batch of the endpoint is leased", got)
	}
}

// A batch is leased for one Lease; each recorded attempt holds the rest of
// it for another, so a live sender keeps its batch however long it takes,
// while a dead one's endpoint is free one Lease after its last record.
// The owner's leases on other endpoints are left as they were.
func testRecordRenewsTheRestOfTheBatch(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	db, clock := b.DB, b.Clock
	createSpace(t, db, "aaaaa")
	createWebhook(t, db, "aaaaa")
	other := createWebhook(t, db, "aaaaa", videohost.EventVideoUploaded)
	emitEvents(t, db, "aaaaa", videohost.EventVideoCreated, videohost.EventVideoUploaded,
		videohost.EventVideoProcessing)
	fanOutAll(t, db, clock.Now())
	now := clock.Now()

	batch, err := db.ClaimWebhookDeliveries(ctx, "d1", 10, 3, time.Minute, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(batch) != 4 {
		t.Fatalf("claimed %d deliveries, want 3 of the first endpoint and 1 of the other", len(batch))
	}
	var mine []*videohost.ClaimedDelivery
	for _, c := range batch {
		if c.Delivery.Endpoint != other.ID {
			mine = append(mine, c)
		}
	}

	// The first attempt is recorded 50 s in, holding the rest until 1m50s.
	at := now.Add(50 * time.Second)
	if err := db.RecordWebhookAttempt(ctx, mine[0].Delivery.Seq, "d1", videohost.DeliveryAttempt{At: at, Status: 204},
		videohost.DeliveryDelivered, time.Time{}, at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	// At 1m30s the claim's own lease is over: the other endpoint is free,
	// this one is still held.
	late := now.Add(90 * time.Second)
	taken := claimDelivery(t, db, "d2", late)
	if taken.Delivery.Endpoint != other.ID {
		t.Fatalf("after the first lease ran out, d2 claimed %s of %s, want the other endpoint's", taken.Delivery.Type, taken.Delivery.Endpoint)
	}
	if got := claimTypes(t, db, "d2", late); got != nil {
		t.Fatalf("claimed %v of an endpoint whose batch was renewed", got)
	}
	if err := db.RecordWebhookAttempt(ctx, taken.Delivery.Seq, "d2", videohost.DeliveryAttempt{At: late, Status: 204},
		videohost.DeliveryDelivered, time.Time{}, late.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordWebhookAttempt(ctx, mine[1].Delivery.Seq, "d1", videohost.DeliveryAttempt{At: late, Status: 204},
		videohost.DeliveryDelivered, time.Time{}, late.Add(time.Minute)); err != nil {
		t.Fatalf("recording the second of a renewed batch: %v", err)
	}
	// d1 dies here: its last delivery is taken over one Lease later.
	if got := claimTypes(t, db, "d3", late.Add(59*time.Second)); got != nil {
		t.Fatalf("claimed %v while the renewed lease holds", got)
	}
	if got := claimTypes(t, db, "d3", late.Add(61*time.Second)); !slices.Equal(got, []string{"video.processing"}) {
		t.Fatalf("after the renewed lease ran out, claimed %v, want video.processing", got)
	}
}

// testWebhookCapRaceAtLimit: concurrent creates of endpoints in one space,
// through two handles, stop at MaxWebhooksPerSpace (the rest are
// TooManyWebhooks, EConflict); another space is not counted, and deleting
// one makes room for one.
func testWebhookCapRaceAtLimit(t *testing.T, open Opener) {
	ctx := context.Background()
	b := open(t)
	dbs := []DB{b.DB, b.Reopen(t)}
	createSpace(t, b.DB, "aaaaa")
	createSpace(t, b.DB, "bbbbb")
	const writers = videohost.MaxWebhooksPerSpace + 12
	var created, refused atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, writers)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range writers {
		wg.Go(func() {
			<-start
			w := &videohost.WebhookEndpoint{ID: videohost.NewID(videohost.WebhookIDLen), Space: "aaaaa", URL: "https://203.0.113.9/hook",
				Events: videohost.EventTypes(), Enabled: true, CreatedAt: now, UpdatedAt: now}
			err := dbs[i%2].CreateWebhook(ctx, w, []byte("sealed"))
			switch videohost.ErrorCode(err) {
			case "":
				created.Add(1)
			case videohost.EConflict:
				refused.Add(1)
			default:
				errs <- err
			}
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if created.Load() != videohost.MaxWebhooksPerSpace || refused.Load() != writers-videohost.MaxWebhooksPerSpace {
		t.Fatalf("%d created, %d refused; want %d and %d", created.Load(), refused.Load(), videohost.MaxWebhooksPerSpace, writers-videohost.MaxWebhooksPerSpace)
	}
	createWebhook(t, b.DB, "bbbbb") // another space's count is its own
	list, err := b.DB.Webhooks(ctx, "aaaaa", nil, 100)
	if err != nil || len(list) != videohost.MaxWebhooksPerSpace {
		t.Fatalf("Webhooks = %d, %v", len(list), err)
	}
	if err := b.DB.DeleteWebhook(ctx, "aaaaa", list[0].ID); err != nil {
		t.Fatal(err)
	}
	createWebhook(t, b.DB, "aaaaa")
}
