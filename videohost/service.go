package videohost

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/internal/ttlcache"
	"github.com/reelvideo/reel/videohost/netguard"
)

// Config wires a Service. Zero values are the defaults where one is given.
type Config struct {
	Store Store // required
	Queue Queue // required
	Blobs Blobs // required
	// Pipeline extracts frames for image URLs; nil disables them.
	Pipeline Pipeline
	// Clock defaults to the system clock.
	Clock Clock
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Secret seals API key material and signs cursors; at least 32 bytes.
	Secret []byte
	// BaseURL is the public URL of the API, e.g. http://127.0.0.1:8080.
	BaseURL string
	// SpaceURL, ImageURL, CDNURL override the asset roots ({base}/media/{space}, {base}/images, {base}/cdn);
	// SpaceURL may hold "{space}". Defaults derive from BaseURL.
	SpaceURL, ImageURL, CDNURL string
	// Guard checks input_url at creation; nil refuses private addresses.
	Guard *netguard.Guard
	// MaxJobAttempts defaults to 5.
	MaxJobAttempts int
	// MaxWaitingFetches bounds the videos of one space waiting for their
	// input_url to be fetched; a create past it is refused with
	// too_many_fetches (429) until some are done. Default 200; negative
	// means no bound.
	MaxWaitingFetches int
	// MaxOpenUploads bounds the unfinished uploads of one space (videos
	// waiting for the last byte of a tus upload): a creation past it is refused with too_many_uploads
	// (429) until some finish, are terminated or expire. Default
	// DefaultMaxOpenUploads (100); negative means no bound.
	MaxOpenUploads int
	// CacheTTL bounds how long the delivery path may use a cached video or
	// key (default 1 s; negative disables). Changes made through this
	// Service are seen at once; changes by another process within CacheTTL.
	CacheTTL time.Duration
	// Webhooks stores webhook endpoints and deliveries; nil uses Store when it implements WebhookStore.
	Webhooks WebhookStore
	// ReplacedVersionGrace keeps the asset version a publish replaces for
	// this long when the new version holds the same media (the ladder
	// replacing the early playable set, a revision), so that a player
	// holding its URLs plays on; a JobRemoveVersion removes it then
	// (replaced.go). 0 removes it at once, as a new source's publish
	// always does. cmd/reel and refserver default to
	// ReplacedVersionGraceDefault.
	ReplacedVersionGrace time.Duration
	// MediaChecks bounds the checks of uploaded files that API requests
	// run before they answer, in this process: a poster image decoded
	// (TrackPipeline.ProbeImage, after its header is read) and an audio track probed
	// (TrackPipeline.ProbeAudio), each a probe child when the pipeline is
	// isolated. 0 is DefaultMediaChecks (2). Past it a request waits
	// MediaCheckWait for one, then is refused EUnavailable (503) with
	// RetryAfter MediaBusyRetryAfter (1 s) and ErrMediaBusy in its chain.
	MediaChecks int
	// MediaCheckWait is that wait; 0 is DefaultMediaCheckWait (250 ms).
	MediaCheckWait time.Duration
}

// Service holds the use cases of the domain over its ports.
type Service struct {
	jobs     *Jobs        // the worker's view (jobs.go)
	caps     capabilities // what the ports can do beyond the minimum (capabilities.go)
	store    Store
	queue    Queue
	blobs    Blobs
	pipeline Pipeline
	clock    Clock
	log      *slog.Logger
	aead     cipher.AEAD
	macKey   []byte
	grantKey []byte // signs the grants of signed playlists (videohost/access)
	cfg      Config
	guard    *netguard.Guard
	videos   *ttlcache.Cache[*Video]
	keys     *ttlcache.Cache[cachedKey]
	signing  *ttlcache.Cache[cachedSigningKey]
	touchMu  sync.Mutex
	touched  map[string]time.Time // key id → last recorded use
	// copies are told when blobs are deleted (KeepCopies).
	copiesMu sync.Mutex
	copies   []Copies
	// checks bounds the media checks of API requests (Config.MediaChecks).
	checks *mediaSlots
}

// New returns a Service. It fails when a required port or the secret is missing.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Queue == nil || cfg.Blobs == nil {
		return nil, errors.New("videohost: Store, Queue and Blobs are required")
	}
	if len(cfg.Secret) < 32 {
		return nil, errors.New("videohost: Secret must be at least 32 bytes")
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxWaitingFetches == 0 {
		cfg.MaxWaitingFetches = DefaultMaxWaitingFetches
	}
	if cfg.MaxOpenUploads == 0 {
		cfg.MaxOpenUploads = DefaultMaxOpenUploads
	}
	if cfg.MaxJobAttempts == 0 {
		cfg.MaxJobAttempts = 5
	}
	if cfg.Guard == nil {
		cfg.Guard = &netguard.Guard{}
	}
	if cfg.CacheTTL == 0 {
		cfg.CacheTTL = time.Second
	}
	sealKey := derive(cfg.Secret, "reel key sealing")
	block, err := aes.NewCipher(sealKey)
	if err != nil {
		return nil, fmt.Errorf("creating cipher: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("creating gcm: %w", err)
	}
	caps := resolveCapabilities(cfg)
	present := caps.present()
	cfg.Logger.Info("capabilities", "store", present["store"], "queue", present["queue"], "blobs", present["blobs"], "pipeline", present["pipeline"])
	s := &Service{
		caps:  caps,
		store: cfg.Store, queue: cfg.Queue, blobs: cfg.Blobs, pipeline: cfg.Pipeline,
		clock: cfg.Clock, log: cfg.Logger, aead: aead,
		macKey: derive(cfg.Secret, "reel cursor"), grantKey: derive(cfg.Secret, "reel playback grant"), cfg: cfg, guard: cfg.Guard,
		videos:  ttlcache.New[*Video](cfg.CacheTTL, 10_000),
		keys:    ttlcache.New[cachedKey](cfg.CacheTTL, 10_000),
		signing: ttlcache.New[cachedSigningKey](cfg.CacheTTL, 10_000),
		touched: make(map[string]time.Time),
		checks:  newMediaSlots(cfg.MediaChecks, cfg.MediaCheckWait),
	}
	s.jobs = &Jobs{Service: s}
	return s, nil
}

func derive(secret []byte, label string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(label))
	return m.Sum(nil)
}

// Queue returns the service's queue.
func (s *Jobs) Queue() Queue { return s.queue }

// Clock returns the service's clock.
func (s *Service) Clock() Clock { return s.clock }

// MaxJobAttempts is how many times a queued job runs before it fails for
// good (Config.MaxJobAttempts), for the jobs the rooms queue.
func (s *Service) MaxJobAttempts() int { return s.cfg.MaxJobAttempts }

// Pipeline returns the configured pipeline (nil when none).
func (s *Service) Pipeline() Pipeline { return s.pipeline }

// Guard returns the SSRF guard: the worker's fetches and the webhook
// endpoints' URLs (videohost/webhookadmin) are checked alike.
func (s *Service) Guard() *netguard.Guard { return s.guard }

// Store returns the service's store, for the packages beside the domain
// that keep tables of their own in it and resolve them as a capability
// (videohost/analytics).
func (s *Service) Store() Store { return s.store }

// Blobs returns the service's blob store, for videohost/delivery, which
// serves published files from it.
func (s *Service) Blobs() Blobs { return s.blobs }

// BlobCapabilities are the optional capabilities of the blob store that
// delivery reads through; nil when the store lacks one.
type BlobCapabilities struct {
	Local   LocalBlobs   // files have local paths: served and cut in place
	Link    LinkBlobs    // early sets are published by reference while written
	Presign PresignBlobs // media may be answered with a redirect to the store
}

// BlobCapabilities reports what the blob store can do, as New resolved it.
func (s *Service) BlobCapabilities() BlobCapabilities {
	return BlobCapabilities{Local: s.caps.localBlobs, Link: s.caps.linkBlobs, Presign: s.caps.presign}
}

// KeepCopies registers c to be told of every blob prefix the service
// deletes (a video, a replaced version). The composer registers the
// delivery layer it builds over this Service (delivery.New does), before
// serving.
func (s *Service) KeepCopies(c Copies) {
	s.copiesMu.Lock()
	s.copies = append(s.copies, c)
	s.copiesMu.Unlock()
}

// forgetCopies tells every registered Copies that prefix is deleted.
func (s *Service) forgetCopies(prefix string) {
	s.copiesMu.Lock()
	copies := s.copies
	s.copiesMu.Unlock()
	for _, c := range copies {
		c.Forget(prefix)
	}
}

// Logger returns the service's logger.
func (s *Service) Logger() *slog.Logger { return s.log }

// URLs returns the asset URL builder of a space.
func (s *Service) URLs(spaceID string) URLs {
	return SpaceURLs(s.cfg.BaseURL, s.cfg.SpaceURL, s.cfg.ImageURL, s.cfg.CDNURL, spaceID)
}

// BaseURL is the public URL of the API.
func (s *Service) BaseURL() string { return strings.TrimRight(s.cfg.BaseURL, "/") }

// ---- principals and keys ----
