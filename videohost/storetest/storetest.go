package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/installcopy"
)

// DB is everything a complete Reel store implements.
type DB interface {
	videohost.Store
	videohost.Queue
	videohost.WebhookStore
	analytics.Store
	videohost.SigningKeyStore
	installcopy.Copier
	videohost.SecretFingerprinter
	Close() error
}

// Backend is one store under test, open on a new, empty database.
type Backend struct {
	// DB reads Clock for the times it decides (events, jobs, leases).
	DB DB
	// Clock is the fake clock DB was opened with.
	Clock *Clock
	// Reopen opens another store on the same database with the same clock,
	// as a restarted or second process would; it is closed when t ends.
	Reopen func(t *testing.T) DB
	// DefaultMaxAttempts is how often a job runs when it does not say.
	DefaultMaxAttempts int
}

// Opener opens a store on a new, empty database, with a new Clock, and
// closes it when t ends.
type Opener func(t *testing.T) Backend

// Run runs the whole contract against the stores open makes: each test
// opens its own, and the tests run in parallel.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open Opener)
	}{
		{"OpenTwiceKeepsData", testOpenTwiceKeepsData},
		{"Spaces", testSpaces},
		{"Keys", testKeys},
		{"SpaceLifecycle", testSpaceLifecycle},
		{"DeleteSpace", testDeleteSpace},
		{"AdminKeys", testAdminKeys},
		{"Quotas", testQuotas},
		{"QuotaRaceAtLimit", testQuotaRaceAtLimit},
		{"VideoRoundTrip", testVideoRoundTrip},
		{"CreateVideoWritesEventsAndJobs", testCreateVideoWritesEventsAndJobs},
		{"UpdateVideo", testUpdateVideo},
		{"AddedTracksAndPosterImage", testAddedTracksAndPosterImage},
		{"MutationRollsBackWhenFnFails", testMutationRollsBackWhenFnFails},
		{"DeleteVideo", testDeleteVideo},
		{"EventsOrderAndPaging", testEventsOrderAndPaging},
		{"VideosPaginationIsStable", testVideosPaginationIsStable},
		{"VideosFilters", testVideosFilters},
		{"Collections", testCollections},
		{"DeleteCollection", testDeleteCollection},
		{"EnqueueAndJob", testEnqueueAndJob},
		{"ClaimOrderAndKinds", testClaimOrderAndKinds},
		{"ClaimConcurrentlyClaimsEachJobOnce", testClaimConcurrentlyClaimsEachJobOnce},
		{"ExpiredLeaseIsReclaimed", testExpiredLeaseIsReclaimed},
		{"FailRetriesThenDies", testFailRetriesThenDies},
		{"LeaseOperations", testLeaseOperations},
		{"FanOutFollowsSubscriptionsAndCreation", testFanOutFollowsSubscriptionsAndCreation},
		{"FanOutCursorSurvivesReopen", testFanOutCursorSurvivesReopen},
		{"ClaimKeepsOneInFlightPerEndpointInEventOrder", testClaimKeepsOneInFlightPerEndpointInEventOrder},
		{"LostLeaseRefusesTheRecord", testLostLeaseRefusesTheRecord},
		{"ClaimSkipsDisabledEndpoints", testClaimSkipsDisabledEndpoints},
		{"DeliveryLogAndRetry", testDeliveryLogAndRetry},
		{"WebhookEndpointsCRUD", testWebhookEndpointsCRUD},
		{"WebhookCapRaceAtLimit", testWebhookCapRaceAtLimit},
		{"ClaimBatchTakesDueDeliveriesInOrder", testClaimBatchTakesDueDeliveriesInOrder},
		{"RecordRenewsTheRestOfTheBatch", testRecordRenewsTheRestOfTheBatch},
		{"RecordPlaybackIncremental", testRecordPlaybackIncremental},
		{"SpaceRollupsAndSweep", testSpaceRollupsAndSweep},
		{"LiveMinutesAndViewers", testLiveMinutesAndViewers},
		{"SigningKeys", testSigningKeys},
		{"UpdateVideoIsAtomic", testUpdateVideoIsAtomic},
		{"FanOutMissesNoEventOfConcurrentWriters", testFanOutMissesNoEventOfConcurrentWriters},
		{"DispatchersShareDeliveries", testDispatchersShareDeliveries},
		{"Reclaim", testReclaim},
		{"ClaimIsFairAcrossSpaces", testClaimIsFairAcrossSpaces},
		{"ClaimLane", testClaimLane},
		{"VideosFetchingFilter", testVideosFetchingFilter},
		{"SecretFingerprint", testSecretFingerprint},
		{"PlayerSettings", testPlayerSettings},
		{"CodecPolicies", testCodecPolicies},
		{"LiveStreams", testLiveStreams},
		{"LiveStreamKeyAndState", testLiveStreamKeyAndState},
		{"LiveStreamStateEvents", testLiveStreamStateEvents},
		{"QueueDepth", testQueueDepth},
		{"VideoProgress", testVideoProgress},
		{"VideoEvents", testVideoEvents},
		{"CopyBetweenStores", testCopyBetweenStores},
		{"Chunks", testChunks},
		{"FinishChunkQueuesOneStitch", testFinishChunkQueuesOneStitch},
		{"DeleteChunks", testDeleteChunks},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.fn(t, open)
		})
	}
}

// Clock is a videohost.Clock that moves only when told to. It starts at
// 2025-03-01 12:00 UTC.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a Clock at its start time.
func NewClock() *Clock {
	return &Clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func createSpace(t testing.TB, db DB, id string) *videohost.Space {
	t.Helper()
	s := &videohost.Space{ID: id, Name: "space " + id, CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := db.CreateSpace(context.Background(), s); err != nil {
		t.Fatalf("CreateSpace(%s): %v", id, err)
	}
	return s
}

func newVideo(space string, createdAt time.Time) *videohost.Video {
	return &videohost.Video{
		ID: videohost.NewID(videohost.VideoIDLen), Embed: videohost.NewEmbed(space), Space: space,
		State: videohost.StateCreated, PlaybackPolicy: videohost.PlaybackPublic,
		Metadata: map[string]string{}, CreatedAt: createdAt, UpdatedAt: createdAt,
	}
}

func createVideo(t testing.TB, db DB, v *videohost.Video) *videohost.Video {
	t.Helper()
	if err := db.CreateVideo(context.Background(), v, videohost.Change{}, nil); err != nil {
		t.Fatalf("CreateVideo: %v", err)
	}
	return v
}

func createCollection(t testing.TB, db DB, space, id string, parent *string) *videohost.Collection {
	t.Helper()
	now := time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)
	c := &videohost.Collection{ID: id, Space: space, Name: "collection " + id, Parent: parent, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateCollection(context.Background(), c); err != nil {
		t.Fatalf("CreateCollection(%s): %v", id, err)
	}
	return c
}

func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if got := videohost.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

func ptr[T any](v T) *T { return &v }

func allEvents(t testing.TB, db DB) []*videohost.Event {
	t.Helper()
	evs, err := db.Events(context.Background(), 0, 0)
	if err != nil {
		t.Fatalf("Events: %v", err)
	}
	return evs
}
