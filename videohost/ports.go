package videohost

import (
	"context"
	"encoding/json"
	"io"
	"time"
)

// Clock tells the time; tests inject a fake one.
type Clock interface{ Now() time.Time }

// SystemClock is the wall clock, in UTC.
type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now().UTC() }

// Change is what a video mutation produces besides the new row: the events to
// put in the outbox and the jobs to enqueue, all in the same transaction.
type Change struct {
	Events []EventType
	Jobs   []Job
}

// VideoFilter selects videos for a list.
type VideoFilter struct {
	Space       string
	Collection  string   // "" = any
	State       State    // "" = any
	Archived    *bool    // nil = any
	Query       string   // substring of the title, case-insensitive
	Playable    *bool    // nil = any
	Fetching    bool     // only videos created by URL whose fetch has not ended (state created)
	Uploading   bool     // only videos waiting for a tus upload to end (state created, no input_url)
	Collections []string // when set, any of these collections (used for nested public lists)
	After       *Cursor  // keyset position
	Limit       int
	Ascending   bool // created_asc instead of created_desc
}

// Cursor is a keyset position in a list ordered by (created_at, id).
type Cursor struct {
	CreatedAt time.Time
	ID        string
}

// Store persists spaces, keys, videos, collections and the event outbox.
// Implementations must make UpdateVideo atomic with the events and jobs its
// function returns.
type Store interface {
	// CreateSpace inserts a space with its quotas; a taken id (even of a
	// deleted space) is EConflict.
	CreateSpace(ctx context.Context, s *Space) error
	// Space returns a space that is not deleted.
	Space(ctx context.Context, id string) (*Space, error)
	// Spaces returns every space that is not deleted, oldest first.
	Spaces(ctx context.Context) ([]*Space, error)
	// ListSpaces returns up to limit spaces that are not deleted, by id,
	// with ids after after.
	ListSpaces(ctx context.Context, after string, limit int) ([]*Space, error)
	// UpdateSpace saves the name and quotas of s.
	UpdateSpace(ctx context.Context, s *Space) error
	// DeleteSpace removes a space's keys, signing keys, webhook endpoints
	// (with their deliveries), player settings, codec policies and, with recursive, its
	// collections, and marks the space deleted (its id is never reused),
	// in one transaction. A space that still holds a video, or without
	// recursive a collection, is EConflict and nothing changes.
	DeleteSpace(ctx context.Context, id string, recursive bool) error
	// SpaceUsage counts what a space holds, as its quotas count it.
	SpaceUsage(ctx context.Context, id string) (Usage, error)

	// CreateKey inserts a key; one whose Space is "" is an admin key.
	CreateKey(ctx context.Context, k *Key, secretHash []byte, sealedSecret []byte) error
	// KeyByID returns the key (admin or of a space) with its stored secret
	// hash and sealed secret.
	KeyByID(ctx context.Context, id string) (*Key, []byte, []byte, error)
	// Keys lists the keys of space; space "" lists the admin keys.
	Keys(ctx context.Context, space string) ([]*Key, error)
	// DeleteKey removes a key of space; space "" removes an admin key.
	DeleteKey(ctx context.Context, space, id string) error
	TouchKey(ctx context.Context, id string, at time.Time) error

	// CreateVideo inserts v with the events and jobs of change. When the
	// space has quotas, they are checked in the same transaction against
	// what the space holds with v (Quotas.Check with VideoGrowth(nil, v)):
	// an excess is EQuotaExceeded and nothing is written. UpdateVideo does
	// the same with VideoGrowth(before, after).
	CreateVideo(ctx context.Context, v *Video, change Change, eventData func(*Video) ([]byte, error)) error
	// Video returns a non-deleted video; space "" matches any space.
	Video(ctx context.Context, space, id string) (*Video, error)
	VideoByEmbed(ctx context.Context, embed string) (*Video, error)
	Videos(ctx context.Context, f VideoFilter) ([]*Video, error)
	// CountVideos counts the videos Videos would list for f (f.After
	// aside), stopping at f.Limit when it is positive.
	CountVideos(ctx context.Context, f VideoFilter) (int, error)
	// UpdateVideo loads the video, applies fn and saves the result with the
	// change fn returns, in one transaction. eventData renders the event payload.
	UpdateVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error), eventData func(*Video) ([]byte, error)) (*Video, error)
	// DeleteVideo marks the video deleted (ids are never reused) with its event.
	DeleteVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error), eventData func(*Video) ([]byte, error)) (*Video, error)

	CreateCollection(ctx context.Context, c *Collection) error
	Collection(ctx context.Context, space, id string) (*Collection, error)
	Collections(ctx context.Context, space string, parent *string, after string, limit int) ([]*Collection, error)
	UpdateCollection(ctx context.Context, c *Collection) error
	// DeleteCollection removes the collection; with recursive it also removes
	// the nested collections. A collection tree that still holds videos, or
	// (without recursive) a collection with children, is EConflict.
	DeleteCollection(ctx context.Context, space, id string, recursive bool) error
	// CollectionTree returns id and every collection nested under it.
	CollectionTree(ctx context.Context, space, id string) ([]string, error)

	// Events returns outbox events with Seq > after, oldest first.
	Events(ctx context.Context, after int64, limit int) ([]*Event, error)
}

// Queue is a durable job queue. The service enqueues jobs (with Change.Jobs,
// in the transaction of the video change, or with Enqueue) and reads them
// back; workers run them through one of two capabilities: LeaseQueue (the
// SQLite store: a worker claims a job and holds a lease on it) or JobRunner
// (the PostgreSQL store: the queue runs a handler the worker gives it).
type Queue interface {
	Enqueue(ctx context.Context, j *Job) error
	Job(ctx context.Context, id int64) (*Job, error)
}

// LeaseQueue is a Queue whose jobs are claimed with leases: a worker that
// dies leaves a lease that expires, and the job runs again.
type LeaseQueue interface {
	Queue
	// Claim leases the oldest runnable job of the given kinds (any when empty),
	// whatever its lane, to worker; it returns (nil, nil) when there is none.
	Claim(ctx context.Context, worker string, kinds []JobKind, lease time.Duration) (*Job, error)
	// ClaimLane is Claim limited to the jobs of one lane.
	ClaimLane(ctx context.Context, worker string, lane JobLane, kinds []JobKind, lease time.Duration) (*Job, error)
	// Extend renews the lease of a running job; it fails when the lease was lost.
	Extend(ctx context.Context, id int64, worker string, lease time.Duration) error
	Complete(ctx context.Context, id int64, worker string) error
	// Fail records err; the job runs again after retryAfter, or goes dead when
	// its attempts are spent or retryAfter < 0.
	Fail(ctx context.Context, id int64, worker string, cause error, retryAfter time.Duration) (*Job, error)
}

// JobRunner is a Queue that runs jobs itself: the worker hands it a handler
// instead of claiming jobs. Each job runs in one process at a time, and a
// job whose process died runs again.
type JobRunner interface {
	Queue
	// RunJobs runs jobs of run.Kinds until ctx ends, then cancels the jobs
	// still running and hands them back (their attempt does not count).
	RunJobs(ctx context.Context, run JobRun) error
}

// BlobInfo describes a stored blob.
type BlobInfo struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// Blob is an open blob; local implementations return an *os.File so that
// http.ServeContent can use sendfile.
type Blob interface {
	io.ReadSeekCloser
}

// Blobs stores files by key ("videos/{id}/{version}/playlist.m3u8").
// Writes are atomic: a reader sees the whole blob or none.
type Blobs interface {
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	Open(ctx context.Context, key string) (Blob, BlobInfo, error)
	Stat(ctx context.Context, key string) (BlobInfo, error)
	// DeletePrefix removes every blob under prefix (a folder).
	DeletePrefix(ctx context.Context, prefix string) error
	// List describes every blob whose key starts with prefix, in key order.
	List(ctx context.Context, prefix string) ([]BlobInfo, error)
}

// Copies keeps copies of published blobs outside Blobs: the caches of
// videohost/delivery (frames, playlists in memory, media on local disk).
// The Service calls Forget on each one registered (Service.KeepCopies)
// once it has deleted the blobs under prefix, so that no copy outlives the
// video or version it was made of.
type Copies interface {
	Forget(prefix string)
}

// LocalBlobs is an optional capability of Blobs stored on local disk: the
// pipeline reads sources by path and publishing moves whole folders. The
// service uses it to save copies; nothing depends on it.
type LocalBlobs interface {
	Blobs
	// Path returns the file path of key (it may not exist).
	Path(key string) string
	// Import moves a local file or folder into the store at key, atomically.
	Import(ctx context.Context, key, localPath string) error
}

// CopyBlobs is an optional capability of Blobs that copy inside the store
// (S3's server-side copy): a finished upload that already lies in the store
// becomes a video's source without passing through this process.
type CopyBlobs interface {
	Blobs
	// Copy makes dst a copy of src, atomically for readers of dst. A
	// missing src is ENotFound.
	Copy(ctx context.Context, dst, src string) (BlobInfo, error)
}

// PresignBlobs is an optional capability of Blobs that hand out URLs of
// their own (S3's presigned GET): a client fetches a file straight from
// the store instead of through this process
// (videohost/delivery's Config.MediaRedirect).
type PresignBlobs interface {
	Blobs
	// PresignGet returns a URL that reads key without credentials until
	// ttl has passed, answered with contentType when it is not "".
	PresignGet(ctx context.Context, key string, ttl time.Duration, contentType string) (string, error)
}

// LinkBlobs is an optional capability of LocalBlobs: publishing a folder by
// reference (a symbolic link), so that a folder still being written can be
// served as it grows.
type LinkBlobs interface {
	LocalBlobs
	// Link makes key refer to localPath, replacing what key was.
	Link(ctx context.Context, key, localPath string) error
}

// Pipeline is the media work the service needs: process a source into a full
// set of assets, and extract a frame. The worker adapts the media package to it.
type Pipeline interface {
	Process(ctx context.Context, in ProcessInput) (*ProcessOutput, error)
	Frame(ctx context.Context, req FrameRequest) ([]byte, error)
}

// PreparePipeline is an optional capability of a Pipeline: a quick look at
// a source as soon as it is stored (JobPrepare).
type PreparePipeline interface {
	// Prepare probes the source, failing with a video error code (not_media,
	// unsupported_codec, duration_too_long) when it cannot be processed,
	// and writes a playable set into in.PlayableDir when the source plays
	// as it is (a remux); out is then non-nil and describes it. The folder
	// is the caller's afterwards.
	Prepare(ctx context.Context, in PrepareInput) (out *ProcessOutput, err error)
}

// Pinger is an optional capability of a Store, Queue or Blobs: Ping
// reports whether what backs it (a database, a bucket, a disk) can be
// reached now. Service.Ready asks every port that has it (readiness).
type Pinger interface {
	Ping(ctx context.Context) error
}

// QueueDepth counts the unfinished jobs of one kind.
type QueueDepth struct {
	Kind    JobKind
	Queued  int64 // runnable now
	Delayed int64 // queued to run later (a retry's backoff)
	Running int64 // leased to a worker
}

// QueueStats is an optional capability of a Queue (or of the Store beside
// it): how many jobs wait and run, by kind, for metrics. It reads; it never
// changes the queue.
type QueueStats interface {
	QueueDepth(ctx context.Context, now time.Time) ([]QueueDepth, error)
}

// Exclusive is an optional capability of a Store shared by several
// processes: Exclusive runs fn while no other process runs a function
// under the same name on the same store. Service.Bootstrap uses it, so
// that processes starting together on an empty database create one
// space, not one each. A store used by one process needs none.
type Exclusive interface {
	Exclusive(ctx context.Context, name string, fn func(context.Context) error) error
}

// SigningKeyStore persists the public halves of signing keys. The Store of a
// Service that manages signing keys implements it too (the SQLite store does).
type SigningKeyStore interface {
	CreateSigningKey(ctx context.Context, k *SigningKey) error
	// SigningKey returns a key of any space (tokens name it by id alone).
	SigningKey(ctx context.Context, id string) (*SigningKey, error)
	// SigningKeys lists the keys of space, oldest first; space "" lists all.
	SigningKeys(ctx context.Context, space string) ([]*SigningKey, error)
	// DeleteSigningKey removes a key of space; another space's is ENotFound.
	DeleteSigningKey(ctx context.Context, space, id string) error
}

// ChapterPipeline is an optional capability of a Pipeline: it puts chapter
// files into an asset folder. Without it chapters are kept and shown by the
// API but not published as files.
type ChapterPipeline interface {
	// ApplyChapters writes files.VTT as chapters.vtt and files.JSON as
	// chapters.json into dir, a complete asset folder, and regenerates its
	// master playlist with an EXT-X-SESSION-DATA tag (DATA-ID
	// com.apple.hls.chapters) naming chapters.json. A nil files removes
	// both and the tag.
	ApplyChapters(ctx context.Context, dir string, files *ChapterFiles) error
}

// ChunkStore is an optional capability of a Store: the state of chunked
// encodes. Both stores implement it.
type ChunkStore interface {
	// CreateChunks records the chunks of one video and enqueues jobs, in
	// one transaction; it answers false (and changes nothing) when the
	// video has chunks already.
	CreateChunks(ctx context.Context, space, videoID string, chunks []Chunk, jobs []Job) (bool, error)
	// Chunks lists a video's chunks by index; none when it has none.
	Chunks(ctx context.Context, videoID string) ([]Chunk, error)
	// StartChunk counts a run of a chunk and returns it; ENotFound when the
	// video has no such chunk (the encode was given up).
	StartChunk(ctx context.Context, videoID string, index int) (*Chunk, error)
	// FinishChunk marks a chunk done. When that makes every chunk of the
	// video done and no stitch job was queued yet, it enqueues stitch in
	// the same transaction and answers true: of two chunks finishing at
	// once, exactly one queues it. ENotFound when there is no such chunk.
	FinishChunk(ctx context.Context, videoID string, index int, stitch *Job) (bool, error)
	// DeleteChunks forgets a video's chunks and gives up its chunk and
	// stitch jobs that have not started; it answers how many it gave up.
	DeleteChunks(ctx context.Context, videoID string) (int, error)
}

// ChunkPipeline is an optional capability of a Pipeline: encoding a long
// source in chunks that any worker may encode, and stitching them.
type ChunkPipeline interface {
	// PlanChunks says how to cut the source into chunks of about
	// in.Length; nil when it is better encoded in one piece (no video, or
	// not longer than one chunk and a half).
	PlanChunks(ctx context.Context, in ChunkPlanInput) ([]json.RawMessage, error)
	// EncodeChunk encodes every video rendition of one span into in.OutDir.
	EncodeChunk(ctx context.Context, in ChunkInput) error
	// EncodeAudio encodes the whole source's audio into in.OutDir.
	EncodeAudio(ctx context.Context, in ChunkInput) error
	// Stitch joins what EncodeChunk and EncodeAudio wrote into a full set
	// of assets in in.OutDir, as Process would have written it.
	Stitch(ctx context.Context, in StitchInput) (*ProcessOutput, error)
}

// PlayerSettingsStore keeps the player settings of each scope. *sqlite.DB
// implements it; a store without it has no settings (the lookup carries an
// empty player object and the settings routes answer unavailable).
type PlayerSettingsStore interface {
	// PlayerSettings returns the settings of those scopes of space that
	// have any.
	PlayerSettings(ctx context.Context, space string, scopes []PlayerScope) (map[PlayerScope]PlayerSettings, error)
	// PutPlayerSettings replaces the settings of a scope; zero settings
	// remove its row.
	PutPlayerSettings(ctx context.Context, space string, scope PlayerScope, s PlayerSettings, now time.Time) error
}

// ProgressStore keeps how far the encode of a processing video has come.
// It is an optional capability of a Store: without it a processing video
// shows no progress. Progress is not part of the video record: it changes
// every second or two, emits no event and is written by workers without
// the video's transaction.
type ProgressStore interface {
	// SetVideoProgress records done (0 to 1) for videoID at at.
	SetVideoProgress(ctx context.Context, videoID string, done float64, at time.Time) error
	// VideoProgress returns the recorded progress of those of ids that have one.
	VideoProgress(ctx context.Context, ids []string) (map[string]float64, error)
}

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

// SecretFingerprinter is a store that keeps the fingerprint of its
// installation's secret (both of Reel's stores do).
type SecretFingerprinter interface {
	// SecretFingerprint stores fp when no fingerprint is stored yet and
	// returns the one stored.
	SecretFingerprint(ctx context.Context, fp string) (string, error)
}

// SubtitlePipeline is an optional capability of a Pipeline: it converts
// subtitle files and writes them into an asset folder. Without it the
// subtitle routes answer EUnavailable.
type SubtitlePipeline interface {
	// ConvertSubtitles parses SRT or WebVTT (BOM, CRLF and sloppy timestamps
	// tolerated) and returns normalised WebVTT; bad input is EValidation.
	ConvertSubtitles(ctx context.Context, body []byte) ([]byte, error)
	// ApplySubtitles writes subtitles/{language}.vtt and .m3u8 for every
	// track and transcript.json for the default one into dir, a complete
	// asset folder, and regenerates its master playlist and DASH manifest.
	// The tracks replace whatever subtitles dir had.
	ApplySubtitles(ctx context.Context, dir string, tracks []SubtitleFile) error
}

// CodecPipeline is an optional capability of a Pipeline: it adds the
// renditions of more codecs to a complete asset folder without touching
// those it has (their segments stay byte-identical). Without it a codec
// policy applies to new uploads only.
type CodecPipeline interface {
	// AddCodecs encodes source into dir, a complete asset folder, as the
	// renditions that policy (codecpolicy.Parse form, triggers resolved by
	// the caller) names for the rungs dir has and dir lacks, and rewrites
	// its master playlist, DASH manifest and media.json. It returns the
	// codecs it added renditions of (none when dir already had them all).
	AddCodecs(ctx context.Context, dir, source string, policy map[string]string) (added []string, err error)
}

// TrackPipeline is an optional capability of a Pipeline: it adds audio
// tracks to and remakes the poster of a complete asset folder without
// touching its video. Without it the routes answer EUnavailable.
type TrackPipeline interface {
	// ProbeAudio checks that path is media with an audio stream: a video
	// error code not_media (or unsupported_codec) or ENoAudio otherwise.
	ProbeAudio(ctx context.Context, path string) error
	// AddAudioTrack encodes t.Source into dir (a complete asset folder)
	// as the audio track t.ID, replacing one of that id, and rewrites the
	// master playlist and the DASH manifest.
	AddAudioTrack(ctx context.Context, dir string, t AddedAudio) error
	// KeepAudioTracks removes from dir every added audio track whose id is
	// not in ids; the source's own tracks always stay.
	KeepAudioTracks(ctx context.Context, dir string, ids []string) error
	// ProbeImage checks that path is an image the pipeline decodes in
	// full, as PosterFromImage will: a video error code not_media (or
	// unsupported_codec) otherwise.
	ProbeImage(ctx context.Context, path string) error
	// PosterFromImage remakes dir's poster files from an image file.
	PosterFromImage(ctx context.Context, dir, image string) error
	// PosterAt remakes dir's poster files from the frame at seconds and
	// returns the time of the frame taken.
	PosterAt(ctx context.Context, dir string, seconds float64) (float64, error)
}

// VideoEventStore lists a video's events with their deliveries. It is an
// optional capability of a Store.
type VideoEventStore interface {
	// VideoEvents returns up to limit events of the video with Seq < before
	// (before ≤ 0: from the newest), newest first, each with its deliveries
	// and their attempts.
	VideoEvents(ctx context.Context, space, videoID string, before int64, limit int) ([]*VideoEvent, error)
}

// WebhookStore persists webhook endpoints and their deliveries. *sqlite.DB
// implements it. Dispatcher-side methods take now explicitly, so that one
// clock decides leases and schedules.
type WebhookStore interface {
	// CreateWebhook inserts w with its sealed secret. Only events written to
	// the outbox after this call are delivered to it. A space that has
	// MaxWebhooksPerSpace endpoints already, counted in the same
	// transaction (concurrent creates included), gets TooManyWebhooks.
	CreateWebhook(ctx context.Context, w *WebhookEndpoint, sealedSecret []byte) error
	Webhook(ctx context.Context, space, id string) (*WebhookEndpoint, error)
	// Webhooks lists a space's endpoints in creation order after the cursor.
	Webhooks(ctx context.Context, space string, after *Cursor, limit int) ([]*WebhookEndpoint, error)
	// UpdateWebhook saves url, description, events, enabled and updated_at.
	UpdateWebhook(ctx context.Context, w *WebhookEndpoint) error
	// RotateWebhookSecret makes sealed the current secret; the old one keeps
	// signing until previousUntil.
	RotateWebhookSecret(ctx context.Context, space, id string, sealed []byte, previousUntil, now time.Time) (*WebhookEndpoint, error)
	// DeleteWebhook removes the endpoint with its deliveries.
	DeleteWebhook(ctx context.Context, space, id string) error

	// FanOutWebhookEvents turns up to limit outbox events after the stored
	// cursor into pending deliveries, one per subscribed enabled endpoint,
	// and moves the cursor, in one transaction. It returns the number of
	// events consumed.
	FanOutWebhookEvents(ctx context.Context, limit int, now time.Time) (int, error)
	// CreateWebhookDelivery inserts a pending delivery due now (test events).
	CreateWebhookDelivery(ctx context.Context, d *WebhookDelivery) error
	// ClaimWebhookDeliveries leases to owner the oldest due deliveries (up
	// to perEndpoint each, in event order) of up to endpoints endpoints that
	// have none leased already. The caller sends each endpoint's deliveries
	// one after the other, so one is in flight per endpoint.
	ClaimWebhookDeliveries(ctx context.Context, owner string, endpoints, perEndpoint int, lease time.Duration, now time.Time) ([]*ClaimedDelivery, error)
	// RecordWebhookAttempt logs attempt on the delivery owner holds and moves
	// it to state; next is its next attempt when state is pending. The lease
	// is released, and the leases owner holds on the same endpoint's other
	// deliveries (the rest of its batch) are renewed to holdRestUntil, so a
	// batch is held only as long as its sender is alive (zero: unchanged).
	// EConflict when owner no longer holds the lease.
	RecordWebhookAttempt(ctx context.Context, deliverySeq int64, owner string, attempt DeliveryAttempt, state DeliveryState, next, holdRestUntil time.Time) error
	// ReleaseWebhookDelivery hands a leased delivery back untried.
	ReleaseWebhookDelivery(ctx context.Context, deliverySeq int64, owner string) error

	// WebhookDeliveries lists an endpoint's deliveries, newest first, with
	// Seq below before (0: from the newest), attempts included.
	WebhookDeliveries(ctx context.Context, endpoint string, before int64, limit int) ([]*WebhookDelivery, error)
	WebhookDelivery(ctx context.Context, endpoint, id string) (*WebhookDelivery, error)
	// RetryWebhookDelivery makes a delivery pending and due at now, whatever
	// its state; a delivery being sent right now is left alone.
	RetryWebhookDelivery(ctx context.Context, endpoint, id string, now time.Time) (*WebhookDelivery, error)
}

// WebhookStats is an optional capability of a WebhookStore: the backlog of
// every endpoint that has one, for metrics.
type WebhookStats interface {
	WebhookBacklog(ctx context.Context) ([]WebhookBacklog, error)
}
