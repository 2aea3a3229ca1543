package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	tus "github.com/tus/tusd/v2/pkg/handler"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/liveadmin"
)

// Defaults of Config; a zero field takes the default next to it.
const (
	DefaultMaxBodyBytes  = 1 << 20  // 1 MiB of JSON
	DefaultMaxUploadSize = 20 << 30 // 20 GiB per upload
	DefaultRateLimit     = 600      // requests per minute per key
	DefaultUploadExpiry  = 24 * time.Hour
)

// Config configures a Handler. Zero values are the defaults. Times (rate
// limit windows, upload expiry) come from the service's clock.
type Config struct {
	// UploadDir holds the tus upload store (data and .info files) and its
	// locks. Required. Uploads in it survive a restart: a new Handler over the
	// same folder resumes them. With another Uploads store it is the
	// scratch folder of that store (S3 buffers parts there).
	UploadDir string

	// Uploads keeps tus uploads while they arrive. Default: tusd's file
	// store in UploadDir. videohost/blob/s3's Store.Uploads keeps them in
	// the bucket, where every api process sharing it can resume them.
	Uploads UploadStore

	// UploadLocker serializes the requests on one upload (tus needs one
	// writer per upload at a time). Default: lock files in UploadDir for
	// the default store, which every process sharing the folder sees; an
	// in-memory locker (tusd's memorylocker) for any other store, which is
	// right for one api process only. Several api processes over a shared
	// Uploads store need a shared locker: plug one in here (a PostgreSQL
	// advisory-lock locker next to the postgres store is the intended one).
	UploadLocker tus.Locker

	// MaxBodyBytes caps JSON request bodies; larger bodies get 413
	// payload_too_large. Default 1 MiB.
	MaxBodyBytes int64

	// MaxUploadSize caps the Upload-Length of a tus upload. Default 20 GiB.
	MaxUploadSize int64

	// RateLimit is the number of requests one API key may make per minute.
	// Default 600; a negative value disables rate limiting.
	RateLimit int

	// UploadExpiry is how long an upload may sit without progress before it
	// is removed and its video errored with upload_expired. Default 24 h.
	UploadExpiry time.Duration

	// UploadSweepInterval is how often abandoned uploads are looked for.
	// Default UploadExpiry/4, at least 1 s and at most 15 min.
	UploadSweepInterval time.Duration

	// UploadAuth authenticates tus requests. Default: KeyOrUploadTokenAuth,
	// a read-write API key or an upload token as the Bearer.
	UploadAuth UploadAuthenticator

	// Logger receives request logs and errors. Default: the service's logger.
	Logger *slog.Logger

	// Analytics configures POST /v1/events and its writer (beacon.go).
	Analytics AnalyticsConfig

	// Frames bounds the work of frames by URL (frames.go).
	Frames FrameConfig

	// Delivery serves published files and frames through its caches
	// (videohost/delivery). Default: one over svc with delivery's
	// defaults. A composer that sets cache sizes or redirects builds it,
	// once per Service, so that the Handlers it builds over one Service
	// share the caches.
	Delivery *delivery.Delivery

	// PlaylistCacheSize is the byte budget of the rewritten playlists,
	// DASH manifests and signed storyboard cues kept in memory, so that a
	// playlist is not rewritten (version pin, token) on every request.
	// Entries are keyed by asset version, file and token (every viewer of
	// a signed video has entries of their own); authorization still runs
	// on every request. Default 8 MiB (DefaultPlaylistCacheSize); an entry
	// over an eighth of it is not kept; a negative value caches nothing.
	PlaylistCacheSize int64

	// Observer receives the Handler's measurements (metrics); nil: none.
	Observer Observer

	// LiveIngest is where publishers of live streams connect, shown with
	// each stream (its ingest object): an RTMP URL such as
	// rtmp://reel.example:1935/live and an SRT URL such as
	// srt://reel.example:9000; an empty one is an ingest that is off.
	LiveIngest liveadmin.Ingest
	// LowLatency, when set, gives the low-latency HLS of a live video
	// whose session runs on this process (the ingest's,
	// livesession.Sessions.Handler), served at
	// {base_url}/live/{space}/{id}/master.m3u8; nil (the default), or a
	// video whose session is elsewhere, answers 404 there.
	LowLatency func(videoID string) (http.Handler, bool)
}

// Observer is told what the Handler does, for metrics. Its methods are
// called on the request path and must not block.
type Observer interface {
	// Request reports one finished request: its method, its route
	// template ("/v1/videos/{id}"; "" when no route matched, never the raw
	// path), its status and how long it took.
	Request(method, route string, status int, took time.Duration)
	// UploadBytes reports upload body bytes as they arrive (n > 0), and
	// takes back what a request received when it ends (n < 0): the running
	// sum is the bytes received by upload requests still in progress.
	UploadBytes(n int64)
}

// UploadAuthenticator resolves the credentials of a tus request into a grant.
// It returns a *videohost.Error (EUnauthorized, EReadOnlyKey, ETokenInvalid,
// ETokenExpired...) to refuse the request.
type UploadAuthenticator func(ctx context.Context, r *http.Request) (*UploadGrant, error)

// UploadGrant is what an authenticated uploader may do.
type UploadGrant struct {
	// Principal owns the uploaded video; it must be able to write.
	Principal *videohost.Principal
	// Collection, when set, is the collection new videos go to, whatever the
	// Upload-Metadata says (an upload token scoped to a collection). Such a
	// grant reaches (HEAD, PATCH, DELETE) only the new-video uploads of that
	// collection and the collections nested in it.
	Collection string
	// ReplaceVideo, when set, makes the upload the new source of that video
	// (an upload token scoped to one video). Such a grant reaches only the
	// uploads that replace that video's source.
	ReplaceVideo string
}

func (c Config) withDefaults(svc *videohost.Service) Config {
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.MaxUploadSize <= 0 {
		c.MaxUploadSize = DefaultMaxUploadSize
	}
	if c.RateLimit == 0 {
		c.RateLimit = DefaultRateLimit
	}
	if c.UploadExpiry <= 0 {
		c.UploadExpiry = DefaultUploadExpiry
	}
	if c.UploadSweepInterval <= 0 {
		c.UploadSweepInterval = min(max(c.UploadExpiry/4, time.Second), 15*time.Minute)
	}
	if c.Logger == nil {
		c.Logger = svc.Logger()
	}
	if c.UploadAuth == nil {
		c.UploadAuth = KeyOrUploadTokenAuth(svc)
	}
	return c
}
