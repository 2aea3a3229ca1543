package analytics

import (
	"context"
	"errors"
	"log/slog"

	"github.com/reelvideo/reel/videohost"
)

// Videos is what analytics needs of the video domain; *videohost.Service
// implements it. Analytics reads no video table itself, so what makes a
// video playable or visible to a key stays the domain's decision.
type Videos interface {
	// PlayableVideoByEmbed returns the playable video of an embed;
	// ENotFound when the embed names none.
	PlayableVideoByEmbed(ctx context.Context, embed string) (*videohost.Video, error)
	// Video returns a video of the principal's space; ENotFound when the
	// space has no such video.
	Video(ctx context.Context, p *videohost.Principal, id string) (*videohost.Video, error)
}

// Config wires an Analytics. Zero values are the defaults where one is
// given.
type Config struct {
	// Videos resolves embeds and checks a principal's videos (required).
	Videos Videos
	// Store is the service's store. Its analytics tables are a capability:
	// New asserts it to Store, and when it lacks them every operation
	// answers EUnavailable naming analytics.
	Store videohost.Store
	// Clock defaults to the system clock; it should be the service's.
	Clock videohost.Clock
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

// Analytics answers playback stats and starts the beacon ingest. It is
// safe for concurrent use.
type Analytics struct {
	videos Videos
	store  Store // nil when the store has no analytics tables
	clock  videohost.Clock
	log    *slog.Logger
}

// New returns an Analytics. It fails only when Videos is missing: a store
// without analytics tables is a feature that is off, answered per
// operation.
func New(cfg Config) (*Analytics, error) {
	if cfg.Videos == nil {
		return nil, errors.New("analytics: Videos is required")
	}
	if cfg.Clock == nil {
		cfg.Clock = videohost.SystemClock{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	// Resolved once, here, like the service's own capabilities
	// (videohost/capabilities.go): nothing else asserts the store.
	store, _ := cfg.Store.(Store)
	return &Analytics{videos: cfg.Videos, store: store, clock: cfg.Clock, log: cfg.Logger}, nil
}

// analytics returns the store, or the error of a missing feature.
func (a *Analytics) analytics() (Store, error) {
	if a.store == nil {
		return nil, videohost.Unavailable("analytics", "store")
	}
	return a.store, nil
}
