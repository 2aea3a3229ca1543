package videohost

import (
	"context"
	"encoding/json"
	"errors"
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
	// (with their deliveries), player settings and, with recursive, its
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

// JobKind names what a job does.
type JobKind string

const (
	JobFetch JobKind = "fetch"
	// JobPrepare looks at a stored source at once (probe; a playable remux
	// of a standard source): workers run it in a lane of its own, so that
	// neither a refusal nor early playback waits behind another transcode.
	// It queues the JobTranscode.
	JobPrepare   JobKind = "prepare"
	JobTranscode JobKind = "transcode"
)

// JobState is where a job is.
type JobState string

const (
	JobQueued  JobState = "queued"
	JobRunning JobState = "running"
	JobDone    JobState = "done"
	JobDead    JobState = "dead"
)

// Job is a unit of durable background work.
type Job struct {
	ID          int64           `json:"id"`
	Kind        JobKind         `json:"kind"`
	Space       string          `json:"space"`
	VideoID     string          `json:"video_id"`
	Payload     json.RawMessage `json:"payload,omitempty"`
	State       JobState        `json:"state"`
	Attempts    int             `json:"attempts"`
	MaxAttempts int             `json:"max_attempts"`
	RunAt       time.Time       `json:"run_at"`
	LeaseOwner  string          `json:"lease_owner,omitempty"`
	LeaseUntil  time.Time       `json:"lease_until"`
	LastError   string          `json:"last_error,omitempty"`
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
	// Claim leases the oldest runnable job of the given kinds (any when empty)
	// to worker; it returns (nil, nil) when there is none.
	Claim(ctx context.Context, worker string, kinds []JobKind, lease time.Duration) (*Job, error)
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

// JobRun is what a JobRunner needs to run a worker's jobs.
type JobRun struct {
	// Kinds are the kinds to run; jobs of other kinds wait for another
	// worker.
	Kinds []JobKind
	// Concurrency is how many jobs run at once in the main lane (at least 1).
	Concurrency int
	// PrepareConcurrency is how many JobPrepare jobs run at once in their
	// lane of their own, besides Concurrency (at least 1 when Kinds holds
	// JobPrepare).
	PrepareConcurrency int
	// FetchConcurrency is how many JobFetch jobs run at once in their lane
	// of their own, besides Concurrency (at least 1 when Kinds holds
	// JobFetch): fetches wait on the network, and must neither hold back
	// transcodes nor wait behind them.
	FetchConcurrency int
	// Handle runs one job. nil completes it; an error fails the attempt, and
	// the job runs again after Backoff(attempt) until its attempts are
	// spent; an error wrapped by NoRetry ends the job at once.
	Handle func(ctx context.Context, job *Job) error
	// Backoff is the wait after failed attempt n (from 1) before the next.
	Backoff func(attempt int) time.Duration
}

// NoRetry marks a job failure that running the job again cannot fix (a
// source that is not media): a JobRunner gives the job up at once. It
// returns nil for a nil err.
func NoRetry(err error) error {
	if err == nil {
		return nil
	}
	return &noRetryError{err}
}

// IsNoRetry reports whether err was marked by NoRetry.
func IsNoRetry(err error) bool {
	var nr *noRetryError
	return errors.As(err, &nr)
}

type noRetryError struct{ err error }

func (e *noRetryError) Error() string { return e.err.Error() }
func (e *noRetryError) Unwrap() error { return e.err }

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
// the store instead of through this process (Config.MediaRedirect).
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

// PrepareInput is one Prepare request.
type PrepareInput struct {
	Source      string // local path of the source file
	PlayableDir string // an empty folder for the playable set
	WorkDir     string // scratch space
}

// ProcessInput is one transcode request.
type ProcessInput struct {
	Source     string   // local path of the source file
	OutDir     string   // an empty folder that receives every asset
	WorkDir    string   // scratch space
	PosterTime *float64 // seconds; nil = choose a representative frame
	// OnPlayable is called with a folder holding a playable subset (a master
	// playlist and at least one rendition) before the full ladder is done.
	// Unless out.Live, the folder lies outside OutDir and the callee takes
	// it over (it may move it): the pipeline never touches it again.
	OnPlayable func(ctx context.Context, dir string, out *ProcessOutput) error
	// OnProgress, when set, hears how much of the ladder is encoded (0 to
	// 1, increasing), as often as after every segment: a callee that
	// stores it throttles. It must not block for long.
	OnProgress func(done float64)
}

// ProcessOutput describes what Process wrote.
type ProcessOutput struct {
	// Live, on the output handed to OnPlayable, marks a folder the pipeline
	// is still writing (EVENT playlists that grow until Process returns): it
	// must be published by reference, never moved or copied.
	Live        bool
	Duration    float64
	Width       int
	Height      int
	Source      SourceInfo
	Renditions  []Rendition
	AudioTracks []AudioTrack
	PosterTime  float64
	Assets      AssetFlags
}

// FrameRequest asks for one still image of a video.
type FrameRequest struct {
	Sources []FrameSource // the video's renditions on local disk
	Time    float64       // seconds
	Width   int           // 0 = source width
	Format  string        // jpg, png or webp
}

// FrameSource is one decodable file of a video and its picture size.
type FrameSource struct {
	Path   string
	Width  int
	Height int
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
