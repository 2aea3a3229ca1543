package videohost

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/tokens"
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
	Guard *NetGuard
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
	// FrameCacheSize caps the bytes of frames cached in Blobs under cache/
	// (frames by URL, which anyone may ask for): the least recently used
	// go first. 0 is DefaultFrameCacheSize (1 GiB); negative caches none.
	FrameCacheSize int64
	// RenditionCacheDir holds local copies of the renditions frames by URL
	// are cut from, when Blobs has no local paths (S3). Default: a new
	// folder under os.TempDir(), made on the first frame.
	RenditionCacheDir string
	// RenditionCacheBytes bounds those copies; the least recently used go
	// first. Default DefaultRenditionCacheBytes (2 GiB); negative keeps a
	// copy only while a frame is being cut from it.
	RenditionCacheBytes int64
	// ManifestCacheSize caps the bytes of published playlists, manifests
	// and WebVTT files held in memory for delivery (they never change
	// under their version). 0 is DefaultManifestCacheSize (16 MiB);
	// negative caches none.
	ManifestCacheSize int64
	// MediaCacheDir is where local copies of published media files
	// (segments, init segments, pictures) are kept when Blobs are not on
	// local disk (S3), so that a repeated request is sent from local disk
	// rather than fetched through this process. Each process makes a
	// folder of its own under it and removes those of processes that are
	// gone. Default: reel-media-cache under os.TempDir().
	MediaCacheDir string
	// MediaCacheBytes bounds those copies; the least recently used go
	// first. 0 is DefaultMediaCacheBytes (1 GiB); negative keeps none.
	MediaCacheBytes int64
	// MediaRedirect, when positive and Blobs can presign (PresignBlobs),
	// makes AssetRedirect hand out presigned URLs of the store valid this
	// long: an authorized request for a media file is answered with a
	// redirect, and the bytes go from the store to the client, not
	// through this process. 0: off.
	MediaRedirect time.Duration
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
	// (Go, then TrackPipeline.ProbeImage) and an audio track probed
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
	grantKey []byte // signs the grants of signed playlists (grants.go)
	// grantHashes reuses keyed HMACs of grantKey (grantMAC).
	grantHashes sync.Pool
	cfg         Config
	guard       *NetGuard
	videos      *ttlCache[*Video]
	keys        *ttlCache[cachedKey]
	signing     *ttlCache[cachedSigningKey]
	// verified remembers checked token signatures: a player sends the same
	// token with every segment.
	verified *tokens.VerifiedCache
	touchMu  sync.Mutex
	touched  map[string]time.Time // key id → last recorded use
	frames   *frameCache
	// manifests holds published playlists in memory.
	manifests *manifestCache
	// renditions is nil when blobs are local (frames read them in place).
	renditions *renditionCache
	// media is nil when blobs are local (files are sent from where they
	// lie) or the media cache is off.
	media *mediaCache
	// redirects keeps the presigned URLs of media files for half their
	// life (MediaRedirect): signing one costs more than the rest of a
	// request.
	redirects *ttlCache[string]
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
		cfg.Guard = &NetGuard{}
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
		videos:    newTTLCache[*Video](cfg.CacheTTL, 10_000),
		keys:      newTTLCache[cachedKey](cfg.CacheTTL, 10_000),
		signing:   newTTLCache[cachedSigningKey](cfg.CacheTTL, 10_000),
		verified:  tokens.NewVerifiedCache(0, 0),
		touched:   make(map[string]time.Time),
		frames:    newFrameCache(cfg.Blobs, cfg.FrameCacheSize, cfg.Logger),
		manifests: newManifestCache(cfg.Blobs, cfg.ManifestCacheSize, caps.linkBlobs != nil),
		redirects: newTTLCache[string](cfg.MediaRedirect/2, 10_000),
		checks:    newMediaSlots(cfg.MediaChecks, cfg.MediaCheckWait),
	}
	if caps.localBlobs == nil {
		s.renditions = newRenditionCache(cfg.Blobs, cfg.RenditionCacheDir, cfg.RenditionCacheBytes)
		s.media = newMediaCache(cfg.Blobs, cfg.MediaCacheDir, cfg.MediaCacheBytes, cfg.Logger)
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

// Pipeline returns the configured pipeline (nil when none).
func (s *Service) Pipeline() Pipeline { return s.pipeline }

// Guard returns the SSRF guard.
func (s *Jobs) Guard() *NetGuard { return s.guard }

// Logger returns the service's logger.
func (s *Service) Logger() *slog.Logger { return s.log }

// URLs returns the asset URL builder of a space.
func (s *Service) URLs(spaceID string) URLs {
	return SpaceURLs(s.cfg.BaseURL, s.cfg.SpaceURL, s.cfg.ImageURL, s.cfg.CDNURL, spaceID)
}

// BaseURL is the public URL of the API.
func (s *Service) BaseURL() string { return strings.TrimRight(s.cfg.BaseURL, "/") }

// ---- principals and keys ----

// Principal is who makes a request: an API key of a space.
type Principal struct {
	Space  string
	KeyID  string
	Access Access
}

// CanWrite reports whether the principal may change things.
func (p *Principal) CanWrite() bool { return p != nil && p.Access == AccessReadWrite }

const keyPrefix = "rk_"

// Authenticate resolves an API key string to its principal. An admin key
// is EForbidden: it reaches only the /v1/spaces routes (AuthenticateAdmin).
func (s *Service) Authenticate(ctx context.Context, apiKey string) (*Principal, error) {
	k, err := s.AuthenticateKey(ctx, apiKey)
	if err != nil {
		return nil, err
	}
	return PrincipalOf(k)
}

// PrincipalOf is the principal of an authenticated key of a space; an
// admin key is EForbidden.
func PrincipalOf(k *Key) (*Principal, error) {
	if k.Space == "" {
		return nil, Errorf(EForbidden, "an admin key manages spaces (/v1/spaces) and works on no space's routes; create a key of the space with POST /v1/spaces/{id}/keys")
	}
	return &Principal{Space: k.Space, KeyID: k.ID, Access: k.Access}, nil
}

// AuthenticateKey checks an API key string and returns its key, admin or
// of a space, without its secret. Authenticate and AuthenticateAdmin are
// what routes use; this serves a caller that counts a request against
// the key (a rate limit) before deciding whether the key may make it.
func (s *Service) AuthenticateKey(ctx context.Context, apiKey string) (*Key, error) {
	id, ok := keyIDOf(apiKey)
	if !ok {
		return nil, Errorf(EUnauthorized, "invalid API key")
	}
	k, err := s.loadKey(ctx, id)
	if err != nil {
		if IsNotFound(err) {
			return nil, Errorf(EUnauthorized, "invalid API key")
		}
		return nil, err
	}
	sum := sha256.Sum256([]byte(apiKey))
	if subtle.ConstantTimeCompare(sum[:], k.hash) != 1 {
		return nil, Errorf(EUnauthorized, "invalid API key")
	}
	s.touchKey(ctx, k.key.ID)
	key := *k.key
	key.Secret = ""
	return &key, nil
}

// keyTouchInterval is how stale a key's last_used_at may get: recording
// every request would turn every read into a database write.
const keyTouchInterval = time.Minute

// touchKey records that a key was used, at most once a keyTouchInterval per
// key and process. A failure is logged, never returned: it must not refuse
// an authenticated request.
func (s *Service) touchKey(ctx context.Context, id string) {
	now := s.clock.Now()
	s.touchMu.Lock()
	last, ok := s.touched[id]
	if ok && now.Sub(last) < keyTouchInterval {
		s.touchMu.Unlock()
		return
	}
	if len(s.touched) >= 10_000 {
		clear(s.touched) // bounded: a forgotten key is touched again, no harm
	}
	s.touched[id] = now
	s.touchMu.Unlock()
	if err := s.store.TouchKey(ctx, id, now); err != nil && !IsNotFound(err) {
		s.log.WarnContext(ctx, "recording key use", "key", id, "err", err)
	}
}

func keyIDOf(apiKey string) (string, bool) {
	rest, ok := strings.CutPrefix(apiKey, keyPrefix)
	if !ok {
		return "", false
	}
	id, _, ok := strings.Cut(rest, "_")
	if !ok || !ValidID(id, KeyIDLen) {
		return "", false
	}
	return id, true
}

// loadKey returns a key with its hash and its verification key (the
// unsealed secret), from the cache when a recent copy is there: every API
// request and every signed asset request resolves a key, and a database
// read each time would dominate.
func (s *Service) loadKey(ctx context.Context, id string) (cachedKey, error) {
	if c, ok := s.keys.get(id); ok {
		return c, nil
	}
	k, hash, sealed, err := s.store.KeyByID(ctx, id)
	if err != nil {
		return cachedKey{}, err
	}
	secret, err := s.unseal(sealed)
	if err != nil {
		return cachedKey{}, fmt.Errorf("unsealing key %s: %w", id, err)
	}
	c := cachedKey{key: k, hash: hash,
		verification: tokens.VerificationKey{Secret: []byte(secret), CanSignUpload: k.Access == AccessReadWrite}}
	s.keys.put(id, c)
	return c, nil
}

func (s *Service) seal(plain string) ([]byte, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return s.aead.Seal(nonce, nonce, []byte(plain), nil), nil
}

func (s *Service) unseal(sealed []byte) (string, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return "", errors.New("sealed secret too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], nil)
	return string(plain), err
}

// CreateKey creates an API key in space ("" for an admin key); the
// returned Key carries its secret, which is never shown again.
func (s *Service) CreateKey(ctx context.Context, space string, access Access, name string) (*Key, error) {
	if access != AccessReadWrite && access != AccessReadOnly {
		return nil, Invalid("access", "must be read_write or read_only")
	}
	if len(name) > 200 {
		return nil, Invalid("name", "must be at most 200 characters")
	}
	k := &Key{ID: NewID(KeyIDLen), Space: space, Access: access, Name: name, CreatedAt: s.clock.Now()}
	k.Secret = keyPrefix + k.ID + "_" + NewID(32)
	sum := sha256.Sum256([]byte(k.Secret))
	sealed, err := s.seal(k.Secret)
	if err != nil {
		return nil, fmt.Errorf("sealing key: %w", err)
	}
	if err := s.store.CreateKey(ctx, k, sum[:], sealed); err != nil {
		return nil, fmt.Errorf("creating key: %w", err)
	}
	return k, nil
}

// Keys lists the keys of the principal's space (without secrets).
func (s *Service) Keys(ctx context.Context, p *Principal) ([]*Key, error) {
	return s.store.Keys(ctx, p.Space)
}

// DeleteKey removes a key; tokens it signed stop verifying at once.
func (s *Service) DeleteKey(ctx context.Context, p *Principal, id string) error {
	if !p.CanWrite() {
		return Errorf(EReadOnlyKey, "a read-only key cannot delete keys")
	}
	if err := s.store.DeleteKey(ctx, p.Space, id); err != nil {
		return err
	}
	s.keys.forget(id)
	return nil
}

// Bootstrap makes sure a space exists. On first start it creates one with a
// read-write and a read-only key and returns them (secrets included).
func (s *Service) Bootstrap(ctx context.Context) (*Space, []*Key, error) {
	ex := s.caps.exclusive
	if ex == nil {
		return s.bootstrap(ctx)
	}
	var (
		sp   *Space
		keys []*Key
	)
	err := ex.Exclusive(ctx, "bootstrap", func(ctx context.Context) error {
		var err error
		sp, keys, err = s.bootstrap(ctx)
		return err
	})
	return sp, keys, err
}

func (s *Service) bootstrap(ctx context.Context) (*Space, []*Key, error) {
	spaces, err := s.store.Spaces(ctx)
	if err != nil {
		return nil, nil, err
	}
	if len(spaces) > 0 {
		return s.decorateSpace(spaces[0]), nil, nil
	}
	sp := &Space{ID: NewID(SpaceIDLen), Name: "default", CreatedAt: s.clock.Now()}
	if err := s.store.CreateSpace(ctx, sp); err != nil {
		return nil, nil, fmt.Errorf("creating space: %w", err)
	}
	rw, err := s.CreateKey(ctx, sp.ID, AccessReadWrite, "default read-write")
	if err != nil {
		return nil, nil, err
	}
	ro, err := s.CreateKey(ctx, sp.ID, AccessReadOnly, "default read-only")
	if err != nil {
		return nil, nil, err
	}
	return s.decorateSpace(sp), []*Key{rw, ro}, nil
}

// Space returns the principal's space with its URL roots, its quotas and
// its usage.
func (s *Service) Space(ctx context.Context, p *Principal) (*Space, error) {
	return s.spaceWithUsage(ctx, p.Space)
}

func (s *Service) decorateSpace(sp *Space) *Space {
	u := s.URLs(sp.ID)
	sp.SpaceURL, sp.ImageURL, sp.CDNURL = u.SpaceURL, u.ImageURL, u.CDNURL
	return sp
}

// ---- videos ----

// Limits on video fields.
const (
	MaxTitleLen       = 512
	MaxDescriptionLen = 10000
	MaxMetadataKeys   = 50
	MaxMetadataKeyLen = 64
	MaxMetadataValLen = 1024
	MaxInputURLLen    = 4096
	DefaultListLimit  = 25
	MaxListLimit      = 100
)

// CreateVideoInput is the body of POST /v1/videos.
type CreateVideoInput struct {
	InputURL       string            `json:"input_url"`
	Collection     *string           `json:"collection"`
	Title          *string           `json:"title"`
	Description    *string           `json:"description"`
	Metadata       map[string]string `json:"metadata"`
	PlaybackPolicy *PlaybackPolicy   `json:"playback_policy"`
	// OriginalAccess serves the original at urls.original; off by default.
	OriginalAccess *bool `json:"original_access"`
}

// Present returns v with every URL field filled in.
func (s *Service) Present(v *Video) *Video {
	if v.Metadata == nil {
		v.Metadata = map[string]string{}
	}
	if v.Renditions == nil {
		v.Renditions = []Rendition{}
	}
	if v.AudioTracks == nil {
		v.AudioTracks = []AudioTrack{}
	}
	for i := range v.AudioTracks {
		a := &v.AudioTracks[i]
		a.Rev = ""
		if a.Kind == "" {
			a.Kind = TrackMain
		}
		if a.State == "" {
			a.State = TrackReady
		}
	}
	if v.Subtitles == nil {
		v.Subtitles = []Subtitle{}
	}
	if v.Chapters == nil {
		v.Chapters = []Chapter{}
	}
	s.URLs(v.Space).Decorate(v)
	return v
}

// eventData renders the video JSON an event carries. It leaves input_url
// out: a source URL often holds credentials (a presigned query), and webhook
// receivers are frequently third-party services; the API still shows it.
func (s *Service) eventData(v *Video) ([]byte, error) {
	cp := copyVideo(v)
	cp.InputURL = ""
	return json.Marshal(s.Present(cp))
}

func validateCommon(title, description *string, metadata map[string]string, policy *PlaybackPolicy) error {
	if title != nil && len(*title) > MaxTitleLen {
		return Invalid("title", "must be at most %d bytes", MaxTitleLen)
	}
	if description != nil && len(*description) > MaxDescriptionLen {
		return Invalid("description", "must be at most %d bytes", MaxDescriptionLen)
	}
	if len(metadata) > MaxMetadataKeys {
		return Invalid("metadata", "must have at most %d keys", MaxMetadataKeys)
	}
	for k, v := range metadata {
		if k == "" || len(k) > MaxMetadataKeyLen {
			return Invalid("metadata", "keys must be 1 to %d bytes", MaxMetadataKeyLen)
		}
		if len(v) > MaxMetadataValLen {
			return Invalid("metadata", "value of %q must be at most %d bytes", k, MaxMetadataValLen)
		}
	}
	if policy != nil && *policy != PlaybackPublic && *policy != PlaybackSigned {
		return Invalid("playback_policy", "must be public or signed")
	}
	return nil
}

func (s *Service) checkCollection(ctx context.Context, space string, id *string) error {
	if id == nil || *id == "" {
		return nil
	}
	if _, err := s.store.Collection(ctx, space, *id); err != nil {
		if IsNotFound(err) {
			return Invalid("collection", "no collection %q in this space", *id)
		}
		return err
	}
	return nil
}

func requireWrite(p *Principal) error {
	if p == nil {
		return Errorf(EUnauthorized, "authentication required")
	}
	if !p.CanWrite() {
		return Errorf(EReadOnlyKey, "a read-only key can only read")
	}
	return nil
}

// CreateVideo creates a video whose source the worker fetches from InputURL.
func (s *Service) CreateVideo(ctx context.Context, p *Principal, in CreateVideoInput) (*Video, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	if in.InputURL == "" {
		return nil, Invalid("input_url", "is required")
	}
	if len(in.InputURL) > MaxInputURLLen {
		return nil, Invalid("input_url", "must be at most %d bytes", MaxInputURLLen)
	}
	if err := RefuseNumericHost("input_url", in.InputURL); err != nil {
		return nil, err
	}
	if _, err := s.guard.CheckURL(ctx, in.InputURL); err != nil {
		if errors.Is(err, ErrAddressNotAllowed) {
			return nil, &Error{Code: EInputURLNotAllowed, Message: "input_url points at an address that is not allowed",
				Fields: []FieldError{{Field: "input_url", Message: "private, loopback, link-local and metadata addresses are refused"}}}
		}
		return nil, Invalid("input_url", "%v", err)
	}
	if err := validateCommon(in.Title, in.Description, in.Metadata, in.PlaybackPolicy); err != nil {
		return nil, err
	}
	if err := s.checkCollection(ctx, p.Space, in.Collection); err != nil {
		return nil, err
	}
	if err := s.checkWaitingFetches(ctx, p.Space); err != nil {
		return nil, err
	}
	v := s.newVideo(p.Space, in.Collection, in.Title, in.Description, in.Metadata, in.PlaybackPolicy)
	v.InputURL = in.InputURL
	v.OriginalAccess = in.OriginalAccess != nil && *in.OriginalAccess
	job := Job{Kind: JobFetch, Space: v.Space, VideoID: v.ID, MaxAttempts: 3}
	if err := s.store.CreateVideo(ctx, v, Change{Events: []EventType{EventVideoCreated}, Jobs: []Job{job}}, s.eventData); err != nil {
		return nil, fmt.Errorf("creating video: %w", err)
	}
	return s.Present(v), nil
}

// DefaultMaxWaitingFetches is Config.MaxWaitingFetches's default.
const DefaultMaxWaitingFetches = 200

// checkWaitingFetches refuses a new fetch when the space already has
// MaxWaitingFetches waiting: a burst of URLs (an import, a misbehaving
// client) then queues at most that many jobs, and the client is told to
// come back rather than filling the queue for hours.
func (s *Service) checkWaitingFetches(ctx context.Context, space string) error {
	limit := s.cfg.MaxWaitingFetches
	if limit < 0 {
		return nil
	}
	waiting, err := s.store.CountVideos(ctx, VideoFilter{Space: space, Fetching: true, Limit: limit})
	if err != nil {
		return fmt.Errorf("counting waiting fetches: %w", err)
	}
	if waiting >= limit {
		// Fetches take seconds to minutes; a minute is a fair first wait.
		return &Error{Code: ETooManyFetches, RetryAfter: time.Minute,
			Message: fmt.Sprintf("this space already has %d videos waiting for their input_url to be fetched (the limit); retry when some are done", limit)}
	}
	return nil
}

func (s *Service) newVideo(space string, collection, title, description *string, metadata map[string]string, policy *PlaybackPolicy) *Video {
	now := s.clock.Now()
	v := &Video{
		ID: NewID(VideoIDLen), Embed: NewEmbed(space), Space: space,
		State: StateCreated, PlaybackPolicy: PlaybackPublic,
		Metadata: map[string]string{}, CreatedAt: now, UpdatedAt: now,
	}
	if collection != nil && *collection != "" {
		c := *collection
		v.Collection = &c
	}
	if title != nil {
		v.Title = *title
	}
	if description != nil {
		v.Description = *description
	}
	for k, val := range metadata {
		v.Metadata[k] = val
	}
	if policy != nil {
		v.PlaybackPolicy = *policy
	}
	return v
}

// UploadInput describes a video created by a tus upload.
type UploadInput struct {
	Title      string
	Collection string
	Filename   string
	// ReplaceVideo, when set, makes the upload the new source of that video.
	ReplaceVideo string
	// Size is the length the upload declares (0 when deferred): it counts
	// against the space's max_bytes from now on.
	Size int64
}

// CreateUploadVideo creates the video a tus upload fills; its source arrives
// through UploadCompleted.
func (s *Service) CreateUploadVideo(ctx context.Context, p *Principal, in UploadInput) (*Video, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	if err := s.checkOpenUploads(ctx, p.Space); err != nil {
		return nil, err
	}
	if in.ReplaceVideo != "" {
		return s.updateVideo(ctx, p.Space, in.ReplaceVideo, func(v *Video) (Change, error) {
			if _, err := Transition(v.State, StateCreated); err != nil {
				return Change{}, Errorf(EConflict, "video %s is %s; its source can be replaced once it is ready or errored", v.ID, v.State)
			}
			v.State, v.Error = StateCreated, nil
			v.QuotaBytes = in.Size
			v.UpdatedAt = s.clock.Now()
			return Change{}, nil
		})
	}
	title := in.Title
	if title == "" {
		title = strings.TrimSuffix(in.Filename, extOf(in.Filename))
	}
	if err := validateCommon(&title, nil, nil, nil); err != nil {
		return nil, err
	}
	var coll *string
	if in.Collection != "" {
		coll = &in.Collection
		if err := s.checkCollection(ctx, p.Space, coll); err != nil {
			return nil, err
		}
	}
	v := s.newVideo(p.Space, coll, &title, nil, nil, nil)
	v.QuotaBytes = in.Size
	if in.Filename != "" {
		v.Metadata["filename"] = in.Filename
	}
	if err := s.store.CreateVideo(ctx, v, Change{Events: []EventType{EventVideoCreated}}, s.eventData); err != nil {
		return nil, fmt.Errorf("creating video: %w", err)
	}
	return s.Present(v), nil
}

// DefaultMaxOpenUploads is Config.MaxOpenUploads's default.
const DefaultMaxOpenUploads = 100

// checkOpenUploads refuses a new upload when the space already has
// MaxOpenUploads unfinished: each may hold up to MaxUploadSize on disk for
// UploadExpiry, so their number is what bounds a space's uploads in flight.
func (s *Service) checkOpenUploads(ctx context.Context, space string) error {
	limit := s.cfg.MaxOpenUploads
	if limit < 0 {
		return nil
	}
	open, err := s.store.CountVideos(ctx, VideoFilter{Space: space, Uploading: true, Limit: limit})
	if err != nil {
		return fmt.Errorf("counting unfinished uploads: %w", err)
	}
	if open >= limit {
		return &Error{Code: ETooManyUploads, RetryAfter: time.Minute,
			Message: fmt.Sprintf("this space already has %d unfinished uploads (the limit); finish or terminate some, or retry when they expire", limit)}
	}
	return nil
}

// ReserveUploadBytes counts total bytes of the unfinished upload of video
// videoID (of space) against the space's max_bytes, as an upload's declared
// length is from its creation: the one rule for every upload, whether its
// length came first or its bytes arrive without one (tus deferred length).
// The video's counted bytes only grow; past max_bytes the error is
// quota_exceeded and nothing changes. A video no longer waiting for its
// upload is left as it is.
func (s *Service) ReserveUploadBytes(ctx context.Context, space, videoID string, total int64) error {
	_, err := s.updateVideo(ctx, space, videoID, func(v *Video) (Change, error) {
		if v.State != StateCreated || total <= v.QuotaBytes {
			return Change{}, errNoChange
		}
		v.QuotaBytes = total
		return Change{}, nil
	})
	if errors.Is(err, errNoChange) {
		return nil
	}
	return err
}

var errNoChange = errors.New("videohost: nothing to change")

func extOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[i:]
	}
	return ""
}

// SourceStored records that the source of a video is complete in blob
// storage: the video becomes uploaded and a prepare job is queued (which
// queues the transcode). A source that would take the space past its
// max_bytes (a fetched one, whose size nobody declared) is removed, and
// the video ends errored with quota_exceeded; the quota error is returned.
func (s *Jobs) SourceStored(ctx context.Context, videoID string, size int64) (*Video, error) {
	v, err := s.transition(ctx, "", videoID, StateUploaded, func(v *Video, ch *Change) {
		if v.Source == nil {
			v.Source = &SourceInfo{}
		}
		v.Source.Size = size
		v.QuotaBytes = size
		ch.Jobs = append(ch.Jobs, Job{Kind: JobPrepare, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts})
	})
	if ErrorCode(err) == EQuotaExceeded {
		if derr := s.DiscardSource(context.WithoutCancel(ctx), videoID); derr != nil {
			s.log.WarnContext(ctx, "removing a source over quota", "video", videoID, "err", derr)
		}
		s.failOverQuota(ctx, videoID, err)
	}
	return v, err
}

// failOverQuota ends a video errored with quota_exceeded and the quota
// error's message.
func (s *Service) failOverQuota(ctx context.Context, videoID string, quotaErr error) {
	if _, err := s.Fail(context.WithoutCancel(ctx), videoID, VideoErrQuotaExceeded, ErrorMessage(quotaErr)); err != nil && !IsNotFound(err) {
		s.log.ErrorContext(ctx, "marking a video over quota errored", "video", videoID, "err", err)
	}
}

// QueueTranscode queues the transcode of a video whose source was prepared.
func (s *Jobs) QueueTranscode(ctx context.Context, videoID string) error {
	_, err := s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
		if v.State != StateUploaded && v.State != StateProcessing {
			return Change{}, Errorf(EInvalidTransition, "video %s is %s", v.ID, v.State)
		}
		return Change{Jobs: []Job{{Kind: JobTranscode, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts}}}, nil
	})
	return err
}

// StartProcessing moves a video to processing (idempotent for retries).
func (s *Jobs) StartProcessing(ctx context.Context, videoID string) (*Video, error) {
	return s.transition(ctx, "", videoID, StateProcessing, nil)
}

// publish points the video at a new asset version described by out and
// removes the version it replaces, at once or after the grace when the
// ladder replaces an early playable set (keepReplaced). With final it
// becomes ready; otherwise it only turns playable.
func (s *Service) publish(ctx context.Context, videoID, version string, out *ProcessOutput, final bool) (*Video, error) {
	var old string
	var kept bool
	apply := func(v *Video, ch *Change) {
		old = v.AssetVersion
		// An early set ("p…") holds the media the ladder ("v…") is made
		// from; a version replaced by an early set is a replaced source's.
		kept = s.keepReplaced(v, old, final && isEarlyVersion(old), ch)
		v.AssetVersion = version
		v.Playable = true
		v.Duration, v.Width, v.Height = out.Duration, out.Width, out.Height
		v.AspectRatio = AspectRatio(out.Width, out.Height)
		src := out.Source
		if v.Source != nil && src.Size == 0 {
			src.Size = v.Source.Size
		}
		v.Source = &src
		v.Renditions = out.Renditions
		// Added tracks outlive a new source: each is encoded again, against
		// the new video, once it is ready.
		var added []AudioTrack
		for _, a := range v.AudioTracks {
			if a.Added {
				a.State, a.Error, a.Rev = TrackProcessing, nil, NewID(8)
				added = append(added, a)
			}
		}
		v.AudioTracks = append(slices.Clone(out.AudioTracks), added...)
		if final && len(added) > 0 && ch != nil {
			ch.Jobs = append(ch.Jobs, Job{Kind: JobAudioTracks, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts})
		}
		v.Assets = out.Assets
		if v.PosterTime == nil && final {
			pt := out.PosterTime
			v.PosterTime = &pt
		}
		if final {
			now := s.clock.Now()
			v.ReadyAt = &now
		}
	}
	var v *Video
	var err error
	if final {
		v, err = s.transition(ctx, "", videoID, StateReady, apply)
	} else {
		v, err = s.updateVideo(ctx, "", videoID, func(v *Video) (Change, error) {
			if v.State != StateProcessing {
				return Change{}, Errorf(EInvalidTransition, "video %s is %s, not processing", v.ID, v.State)
			}
			var ch Change
			apply(v, &ch)
			v.UpdatedAt = s.clock.Now()
			return ch, nil
		})
	}
	if ErrorCode(err) == EQuotaExceeded {
		// The duration is known once the video is first published: past
		// the space's max_minutes, the video ends errored.
		s.failOverQuota(ctx, videoID, err)
	}
	if err != nil {
		return nil, err
	}
	if old != "" && old != version && !kept {
		s.removeVersion(ctx, videoID, old)
	}
	return v, nil
}

// Fail moves a video to errored with a code from the VideoErr* constants.
func (s *Service) Fail(ctx context.Context, videoID, code, message string) (*Video, error) {
	return s.transition(ctx, "", videoID, StateErrored, func(v *Video, _ *Change) {
		v.Error = &VideoError{Code: code, Message: message}
	})
}

// transition is the one place where video states change: it checks the move
// against the transition table and writes the event in the same transaction.
func (s *Service) transition(ctx context.Context, space, id string, to State, apply func(*Video, *Change)) (*Video, error) {
	v, err := s.updateVideo(ctx, space, id, func(v *Video) (Change, error) {
		ev, err := Transition(v.State, to)
		if err != nil {
			return Change{}, err
		}
		var ch Change
		if ev != "" {
			ch.Events = append(ch.Events, ev)
		}
		v.State = to
		v.UpdatedAt = s.clock.Now()
		if apply != nil {
			apply(v, &ch)
		}
		return ch, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// AspectRatio reduces width:height, e.g. 1920x1080 → "16:9".
func AspectRatio(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	a, b := w, h
	for b != 0 {
		a, b = b, a%b
	}
	return strconv.Itoa(w/a) + ":" + strconv.Itoa(h/a)
}

// Video returns one video of the principal's space.
func (s *Service) Video(ctx context.Context, p *Principal, id string) (*Video, error) {
	v, err := s.store.Video(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if err := s.withProgress(ctx, v); err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// VideoByID returns any video (for the worker and delivery layers).
func (s *Service) VideoByID(ctx context.Context, id string) (*Video, error) {
	v, err := s.store.Video(ctx, "", id)
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// VideoByEmbed returns the video of an embed id.
func (s *Service) VideoByEmbed(ctx context.Context, embed string) (*Video, error) {
	v, err := s.store.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// ListVideosInput holds the query of GET /v1/videos.
type ListVideosInput struct {
	Limit      int
	Cursor     string
	Collection string
	State      string
	Archived   *bool
	Query      string
	Order      string
}

// Page is one page of a list.
type Page[T any] struct {
	Data       []T     `json:"data"`
	NextCursor *string `json:"next_cursor"`
}

// Videos lists the videos of the principal's space, newest first by default.
func (s *Service) Videos(ctx context.Context, p *Principal, in ListVideosInput) (*Page[*Video], error) {
	f := VideoFilter{Space: p.Space, Collection: in.Collection, Archived: in.Archived, Query: in.Query}
	if err := s.listParams(in.Limit, in.Cursor, in.Order, &f); err != nil {
		return nil, err
	}
	if in.State != "" {
		if !State(in.State).Valid() {
			return nil, Invalid("state", "unknown state %q", in.State)
		}
		f.State = State(in.State)
	}
	if len(in.Query) > 200 {
		return nil, Invalid("q", "must be at most 200 bytes")
	}
	return s.videoPage(ctx, f)
}

func (s *Service) listParams(limit int, cursor, order string, f *VideoFilter) error {
	switch {
	case limit == 0:
		limit = DefaultListLimit
	case limit < 0 || limit > MaxListLimit:
		return Invalid("limit", "must be between 1 and %d", MaxListLimit)
	}
	f.Limit = limit
	switch order {
	case "", "created_desc":
	case "created_asc":
		f.Ascending = true
	default:
		return Invalid("order", "must be created_desc or created_asc")
	}
	if cursor != "" {
		c, err := s.decodeCursor(cursor)
		if err != nil {
			return Invalid("cursor", "is not a cursor this server issued")
		}
		f.After = c
	}
	return nil
}

func (s *Service) videoPage(ctx context.Context, f VideoFilter) (*Page[*Video], error) {
	want := f.Limit
	f.Limit = want + 1
	vs, err := s.store.Videos(ctx, f)
	if err != nil {
		return nil, err
	}
	page := &Page[*Video]{Data: make([]*Video, 0, len(vs))}
	if len(vs) > want {
		vs = vs[:want]
		last := vs[len(vs)-1]
		c := s.encodeCursor(Cursor{CreatedAt: last.CreatedAt, ID: last.ID})
		page.NextCursor = &c
	}
	if err := s.withProgress(ctx, vs...); err != nil {
		return nil, err
	}
	for _, v := range vs {
		page.Data = append(page.Data, s.Present(v))
	}
	return page, nil
}

func (s *Service) encodeCursor(c Cursor) string {
	body := strconv.FormatInt(c.CreatedAt.UnixNano(), 36) + "." + c.ID
	m := hmac.New(sha256.New, s.macKey)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString([]byte(body)) + "." +
		base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:12])
}

func (s *Service) decodeCursor(raw string) (*Cursor, error) {
	b64, mac64, ok := strings.Cut(raw, ".")
	if !ok {
		return nil, errors.New("malformed cursor")
	}
	body, err1 := base64.RawURLEncoding.DecodeString(b64)
	mac, err2 := base64.RawURLEncoding.DecodeString(mac64)
	if err1 != nil || err2 != nil {
		return nil, errors.New("malformed cursor")
	}
	m := hmac.New(sha256.New, s.macKey)
	m.Write(body)
	if !hmac.Equal(m.Sum(nil)[:12], mac) {
		return nil, errors.New("cursor signature mismatch")
	}
	ts, id, ok := strings.Cut(string(body), ".")
	if !ok {
		return nil, errors.New("malformed cursor")
	}
	n, err := strconv.ParseInt(ts, 36, 64)
	if err != nil {
		return nil, errors.New("malformed cursor")
	}
	return &Cursor{CreatedAt: time.Unix(0, n).UTC(), ID: id}, nil
}

// UpdateVideoInput is the body of PATCH /v1/videos/{id}; nil fields are kept.
type UpdateVideoInput struct {
	Title          *string           `json:"title"`
	Description    *string           `json:"description"`
	Collection     *string           `json:"collection"` // "" moves out of any collection
	Metadata       map[string]string `json:"metadata"`
	PlaybackPolicy *PlaybackPolicy   `json:"playback_policy"`
	PosterTime     *float64          `json:"poster_time"`
	OriginalAccess *bool             `json:"original_access"`
}

// UpdateVideo changes the editable fields of a video.
func (s *Service) UpdateVideo(ctx context.Context, p *Principal, id string, in UpdateVideoInput) (*Video, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	if err := validateCommon(in.Title, in.Description, in.Metadata, in.PlaybackPolicy); err != nil {
		return nil, err
	}
	if in.PosterTime != nil && (*in.PosterTime < 0 || *in.PosterTime > 12*3600) {
		return nil, Invalid("poster_time", "must be a number of seconds within the video")
	}
	if err := s.checkCollection(ctx, p.Space, in.Collection); err != nil {
		return nil, err
	}
	v, err := s.updateVideo(ctx, p.Space, id, func(v *Video) (Change, error) {
		if in.Title != nil {
			v.Title = *in.Title
		}
		if in.Description != nil {
			v.Description = *in.Description
		}
		if in.Collection != nil {
			if *in.Collection == "" {
				v.Collection = nil
			} else {
				c := *in.Collection
				v.Collection = &c
			}
		}
		if in.Metadata != nil {
			v.Metadata = in.Metadata
		}
		if in.PlaybackPolicy != nil {
			v.PlaybackPolicy = *in.PlaybackPolicy
		}
		if in.OriginalAccess != nil {
			v.OriginalAccess = *in.OriginalAccess
		}
		var ch Change
		if in.PosterTime != nil {
			if v.Duration > 0 && *in.PosterTime > v.Duration {
				return Change{}, Invalid("poster_time", "must be within the duration (%.3f s)", v.Duration)
			}
			pt := *in.PosterTime
			v.PosterTime = &pt
			v.PosterImage = false
			v.PosterError = nil
			// A ready video's poster is remade from that frame at once, as
			// PUT /poster with a time does; otherwise the transcode uses it.
			if v.State == StateReady && v.AssetVersion != "" && v.Assets.Poster {
				ch.Jobs = append(ch.Jobs, Job{Kind: JobPoster, Space: v.Space, VideoID: v.ID, MaxAttempts: s.cfg.MaxJobAttempts})
			}
		}
		v.UpdatedAt = s.clock.Now()
		return ch, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// SetArchived archives or unarchives a video; a call that changes nothing
// emits no event.
func (s *Service) SetArchived(ctx context.Context, p *Principal, id string, archived bool) (*Video, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	v, err := s.updateVideo(ctx, p.Space, id, func(v *Video) (Change, error) {
		if v.Archived == archived {
			return Change{}, nil
		}
		v.Archived = archived
		v.UpdatedAt = s.clock.Now()
		ev := EventVideoUnarchived
		if archived {
			ev = EventVideoArchived
		}
		return Change{Events: []EventType{ev}}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Present(v), nil
}

// DeleteVideo deletes a video and its assets; the id is never reused.
func (s *Service) DeleteVideo(ctx context.Context, p *Principal, id string) error {
	if err := requireWrite(p); err != nil {
		return err
	}
	return s.deleteVideo(ctx, p.Space, id)
}

func (s *Service) deleteVideo(ctx context.Context, space, id string) error {
	_, err := s.removeVideo(ctx, space, id, func(v *Video) (Change, error) {
		v.UpdatedAt = s.clock.Now()
		return Change{Events: []EventType{EventVideoDeleted}}, nil
	})
	if err != nil {
		return err
	}
	// A chunked encode's jobs not yet started are given up; those running
	// find their chunk gone and remove what they stored.
	if cs := s.caps.chunks; cs != nil {
		if n, err := cs.DeleteChunks(context.WithoutCancel(ctx), id); err != nil {
			s.log.WarnContext(ctx, "giving up the chunks of a deleted video", "video", id, "err", err)
		} else if n > 0 {
			s.log.InfoContext(ctx, "chunk jobs of a deleted video given up", "video", id, "jobs", n)
		}
	}
	for _, prefix := range videoPrefixes(id) {
		if err := s.blobs.DeletePrefix(ctx, prefix); err != nil {
			s.log.WarnContext(ctx, "removing assets of a deleted video", "video", id, "prefix", prefix, "err", err)
		}
		s.forgetCopies(prefix)
	}
	return nil
}

// ---- collections ----

// CollectionInput is the body of collection create and update.
type CollectionInput struct {
	Name   *string `json:"name"`
	Parent *string `json:"parent"`
}

// CreateCollection creates a (possibly nested) collection.
func (s *Service) CreateCollection(ctx context.Context, p *Principal, in CollectionInput) (*Collection, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	if in.Name == nil || strings.TrimSpace(*in.Name) == "" {
		return nil, Invalid("name", "is required")
	}
	if len(*in.Name) > 200 {
		return nil, Invalid("name", "must be at most 200 bytes")
	}
	now := s.clock.Now()
	c := &Collection{ID: NewID(CollectionIDLen), Space: p.Space, Name: *in.Name, CreatedAt: now, UpdatedAt: now}
	if in.Parent != nil && *in.Parent != "" {
		if _, err := s.store.Collection(ctx, p.Space, *in.Parent); err != nil {
			if IsNotFound(err) {
				return nil, Invalid("parent", "no collection %q in this space", *in.Parent)
			}
			return nil, err
		}
		parent := *in.Parent
		c.Parent = &parent
	}
	if err := s.store.CreateCollection(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Collection returns one collection.
func (s *Service) Collection(ctx context.Context, p *Principal, id string) (*Collection, error) {
	return s.store.Collection(ctx, p.Space, id)
}

// Collections lists collections, optionally the children of parent.
func (s *Service) Collections(ctx context.Context, p *Principal, parent *string, limit int, cursor string) (*Page[*Collection], error) {
	switch {
	case limit == 0:
		limit = MaxListLimit
	case limit < 0 || limit > MaxListLimit:
		return nil, Invalid("limit", "must be between 1 and %d", MaxListLimit)
	}
	after := ""
	if cursor != "" {
		c, err := s.decodeCursor(cursor)
		if err != nil {
			return nil, Invalid("cursor", "is not a cursor this server issued")
		}
		after = c.ID
	}
	cs, err := s.store.Collections(ctx, p.Space, parent, after, limit+1)
	if err != nil {
		return nil, err
	}
	page := &Page[*Collection]{Data: cs}
	if len(cs) > limit {
		page.Data = cs[:limit]
		c := s.encodeCursor(Cursor{ID: cs[limit-1].ID})
		page.NextCursor = &c
	}
	if page.Data == nil {
		page.Data = []*Collection{}
	}
	return page, nil
}

// UpdateCollection renames or moves a collection; a move under itself or one
// of its descendants is refused.
func (s *Service) UpdateCollection(ctx context.Context, p *Principal, id string, in CollectionInput) (*Collection, error) {
	if err := requireWrite(p); err != nil {
		return nil, err
	}
	c, err := s.store.Collection(ctx, p.Space, id)
	if err != nil {
		return nil, err
	}
	if in.Name != nil {
		if strings.TrimSpace(*in.Name) == "" || len(*in.Name) > 200 {
			return nil, Invalid("name", "must be 1 to 200 bytes")
		}
		c.Name = *in.Name
	}
	if in.Parent != nil {
		if *in.Parent == "" {
			c.Parent = nil
		} else {
			tree, err := s.store.CollectionTree(ctx, p.Space, id)
			if err != nil {
				return nil, err
			}
			for _, t := range tree {
				if t == *in.Parent {
					return nil, Invalid("parent", "a collection cannot move under itself or its descendants")
				}
			}
			if _, err := s.store.Collection(ctx, p.Space, *in.Parent); err != nil {
				if IsNotFound(err) {
					return nil, Invalid("parent", "no collection %q in this space", *in.Parent)
				}
				return nil, err
			}
			parent := *in.Parent
			c.Parent = &parent
		}
	}
	c.UpdatedAt = s.clock.Now()
	if err := s.store.UpdateCollection(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCollection deletes an empty collection, or with recursive the whole
// tree and every video in it.
func (s *Service) DeleteCollection(ctx context.Context, p *Principal, id string, recursive bool) error {
	if err := requireWrite(p); err != nil {
		return err
	}
	if _, err := s.store.Collection(ctx, p.Space, id); err != nil {
		return err
	}
	if recursive {
		// Videos go first, so a crash half-way leaves collections that can be
		// deleted again, never videos pointing at a deleted collection.
		tree, err := s.store.CollectionTree(ctx, p.Space, id)
		if err != nil {
			return err
		}
		for {
			vs, err := s.store.Videos(ctx, VideoFilter{Space: p.Space, Collections: tree, Limit: MaxListLimit})
			if err != nil {
				return err
			}
			if len(vs) == 0 {
				break
			}
			for _, v := range vs {
				if err := s.deleteVideo(ctx, p.Space, v.ID); err != nil && !IsNotFound(err) {
					return fmt.Errorf("deleting video %s: %w", v.ID, err)
				}
			}
		}
	}
	return s.store.DeleteCollection(ctx, p.Space, id, recursive)
}

// updateVideo is the one way the service changes a video row: the store's
// transaction, then the cache entry dropped so delivery sees the change.
func (s *Service) updateVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error)) (*Video, error) {
	v, err := s.store.UpdateVideo(ctx, space, id, fn, s.eventData)
	s.videos.forget(id)
	return v, err
}

// removeVideo marks a video deleted and drops it from the cache.
func (s *Service) removeVideo(ctx context.Context, space, id string, fn func(v *Video) (Change, error)) (*Video, error) {
	v, err := s.store.DeleteVideo(ctx, space, id, fn, s.eventData)
	s.videos.forget(id)
	return v, err
}

// cachedVideo returns a video by id for the delivery path, from the cache
// when a recent copy is there. The video is the one the cache holds,
// shared: the caller must not modify it.
func (s *Service) cachedVideo(ctx context.Context, id string) (*Video, error) {
	if v, ok := s.videos.get(id); ok {
		return v, nil
	}
	v, err := s.store.Video(ctx, "", id)
	if err != nil {
		return nil, err
	}
	s.videos.put(id, v)
	return v, nil
}
