package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/codecadmin"
	"github.com/reelvideo/reel/videohost/collectionadmin"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/liveadmin"
	"github.com/reelvideo/reel/videohost/playeradmin"
	"github.com/reelvideo/reel/videohost/spaceadmin"
	"github.com/reelvideo/reel/videohost/trackadmin"
	"github.com/reelvideo/reel/videohost/webhookadmin"
)

// Handler serves /v1 and tus uploads. It is safe for concurrent use; Close
// stops its background work.
type Handler struct {
	svc     *videohost.Service
	cfg     Config
	log     *slog.Logger
	router  *mux.Router
	limiter *rateLimiter
	uploads *uploads
	// refusals logs load refusals once per interval (refusals.go).
	refusals *refusals
	// analytics answers stats and starts the ingest (beacon.go).
	analytics *analytics.Analytics
	ingest    *analytics.Ingest // nil when analytics is off
	// playlists caches rewritten playlists (playlistcache.go).
	playlists *playlistCache
	// headers are delivery's header values, built once (deliveryfast.go).
	headers *deliveryHeaders
	// access verifies tokens and grants and answers the public lookups
	// (access.go, assets.go).
	access *access.Gate
	// collections manages the space's collections (collections.go).
	collections *collectionadmin.Collections
	// players manages the space's player settings (player_settings.go).
	players *playeradmin.Settings
	codecs  *codecadmin.Policies
	// live manages the space's live streams (live_streams.go).
	live *liveadmin.Streams
	// spaces administers the installation's spaces (spaces.go).
	spaces *spaceadmin.Spaces
	// tracks manages the added audio tracks and posters of the space's
	// videos (tracks.go).
	tracks *trackadmin.Tracks
	// hooks manages the space's webhook endpoints (webhooks.go).
	hooks *webhookadmin.Endpoints
	// delivery opens published files and frames (Config.Delivery).
	delivery *delivery.Delivery
	// serveFrame serves /images/ (frames.go); set with the routes.
	serveFrame http.HandlerFunc
	// liveProxy passes low-latency HLS requests on to the process a live
	// session runs on (live.go).
	liveProxy *liveProxy

	stop     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup
}

// New returns a Handler over svc. It fails when cfg.UploadDir is missing or
// cannot be created.
func New(svc *videohost.Service, cfg Config) (*Handler, error) {
	if svc == nil {
		return nil, errors.New("httpapi: a service is required")
	}
	if cfg.UploadDir == "" {
		return nil, errors.New("httpapi: Config.UploadDir is required")
	}
	if err := os.MkdirAll(cfg.UploadDir, 0o750); err != nil {
		return nil, fmt.Errorf("creating upload dir: %w", err)
	}
	cfg = cfg.withDefaults(svc)
	h := &Handler{
		svc:         svc,
		cfg:         cfg,
		log:         cfg.Logger,
		stop:        make(chan struct{}),
		refusals:    newRefusals(svc.Clock(), cfg.Logger),
		playlists:   newPlaylistCache(cfg.PlaylistCacheSize),
		headers:     newDeliveryHeaders(),
		access:      access.New(svc),
		hooks:       webhookadmin.New(svc),
		collections: collectionadmin.New(svc),
		players:     playeradmin.New(svc),
		codecs:      codecadmin.New(svc),
		live:        liveadmin.New(svc, liveadmin.Config{Ingest: cfg.LiveIngest}),
		spaces:      spaceadmin.New(svc),
		tracks:      trackadmin.New(svc),
	}
	h.delivery = cfg.Delivery
	if h.delivery == nil {
		d, err := delivery.New(svc, delivery.Config{Logger: cfg.Logger})
		if err != nil {
			return nil, err
		}
		h.delivery = d
	}
	a, err := analytics.New(analytics.Config{Videos: svc, Store: svc.Store(), Clock: svc.Clock(), Logger: cfg.Logger})
	if err != nil {
		return nil, err
	}
	h.analytics = a
	if cfg.RateLimit > 0 {
		h.limiter = newRateLimiter(cfg.RateLimit, time.Minute, svc.Clock())
		h.every(time.Minute, func(context.Context) { h.limiter.sweep() })
	}
	up, err := newUploads(h)
	if err != nil {
		return nil, err
	}
	h.uploads = up
	h.every(cfg.UploadSweepInterval, func(ctx context.Context) {
		if _, err := h.ExpireUploads(ctx); err != nil {
			h.log.WarnContext(ctx, "sweeping expired uploads", "err", err)
		}
	})
	h.liveProxy = newLiveProxy(svc)
	h.router = h.routes()
	return h, nil
}

// Delivery returns what serves the Handler's published files and frames
// (Config.Delivery), for the frame cache's statistics.
func (h *Handler) Delivery() *delivery.Delivery { return h.delivery }

// every runs fn every interval until Close.
func (h *Handler) every(interval time.Duration, fn func(context.Context)) {
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-h.stop:
				return
			case <-t.C:
				ctx, cancel := context.WithTimeout(context.Background(), interval)
				fn(ctx)
				cancel()
			}
		}
	}()
}

// Close stops the rate limiter sweeper and the upload janitor. Requests in
// flight are not interrupted; uploads stay on disk for the next Handler.
func (h *Handler) Close() error {
	h.stopOnce.Do(func() { close(h.stop) })
	h.wg.Wait()
	return nil
}

// ServeHTTP serves one request: logged, guarded against panics, never
// setting a cookie.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	st := &requestState{rw: responseWriter{ResponseWriter: w}}
	info, rw := &st.info, &st.rw
	// Delivery reads nothing of requestInfo below ServeHTTP (its route is
	// set here, and it has no key to log), so its requests skip the copy
	// of the Request that carrying info in the context costs.
	delivery := IsDeliveryPath(r.URL.Path)
	if !delivery {
		r = r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, info))
	}
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			h.log.ErrorContext(r.Context(), "panic serving request", "method", r.Method, "route", info.route, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if !rw.wroteHeader {
				writeProblem(rw, problemOf(errors.New("panic")))
			}
		}
		h.logRequest(r, rw.status, time.Since(start), info)
	}()
	// Delivery, most of the requests a server answers, skips the router:
	// gorilla/mux would try every route registered before these prefixes
	// (a regular expression each) and copy the request twice to carry its
	// match. No other route starts with them, so the outcome is the same.
	switch {
	case delivery:
		info.route = mediaPrefix
		h.serveAsset(rw, r)
	case strings.HasPrefix(r.URL.Path, imagesPrefix) && h.serveFrame != nil:
		info.route = imagesPrefix
		h.serveFrame(rw, r)
	default:
		h.router.ServeHTTP(rw, r)
	}
}

// The path prefixes of delivery (assets.go) and frames by URL (frames.go),
// which are also their route templates.
const (
	mediaPrefix  = "/media/"
	imagesPrefix = "/images/"
)

// IsDeliveryPath reports whether path (as sent, before any '?') is asset
// delivery's: the playlists and segments a player asks for every few
// seconds, which a server may answer on a leaner loop than net/http's
// (refserver serves them with videohost/httpfast).
func IsDeliveryPath(path string) bool { return strings.HasPrefix(path, mediaPrefix) }

// requestState is what ServeHTTP keeps of a request, in one allocation.
type requestState struct {
	rw   responseWriter
	info requestInfo
}

func (h *Handler) logRequest(r *http.Request, status int, took time.Duration, info *requestInfo) {
	if status == 0 {
		status = http.StatusOK
	}
	if h.cfg.Observer != nil {
		h.cfg.Observer.Request(r.Method, info.route, status, took)
	}
	route := info.route
	if route == "" {
		// An unmatched request: its path tells what was asked. The query
		// string stays out, since it may carry a token.
		route = r.URL.Path
	}
	level := slog.LevelInfo
	switch {
	case info.quiet:
		level = slog.LevelDebug // a refusal under load: refusals.go logs those
	case route == healthzPath || route == readyzPath:
		// Probes come every few seconds; Service.Ready warns when a port
		// is down.
		level = slog.LevelDebug
	case status >= 500:
		level = slog.LevelError
	case status < 400 && (route == mediaPrefix || route == imagesPrefix):
		// Segments, playlists and frames are most of the requests, a
		// player makes one every few seconds, and nginx or a CDN would
		// keep their access log apart: they are counted in the metrics
		// (reel_http_request_duration_seconds) and logged at debug. A line
		// each at info cost a write to stderr per segment. Refusals (4xx)
		// stay at info and failures at error.
		level = slog.LevelDebug
	}
	ctx := r.Context()
	if !h.log.Enabled(ctx, level) {
		return
	}
	h.log.LogAttrs(ctx, level, "request",
		slog.String("method", r.Method),
		slog.String("route", route),
		slog.Int("status", status),
		slog.Duration("duration", took),
		slog.String("key", info.keyID),
	)
}

// requestInfo carries what inner layers learn about a request (its route
// template, its key) out to the request log.
type requestInfo struct {
	route string
	keyID string
	quiet bool // a refusal under load, logged in aggregate (refusals.go)
}

type requestInfoKey struct{}

func infoOf(r *http.Request) *requestInfo {
	if i, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		return i
	}
	return &requestInfo{}
}

// routeOf is the route template of r for a log line; a delivery request,
// which carries no requestInfo, is named by its prefix.
func routeOf(r *http.Request) string {
	if route := infoOf(r).route; route != "" {
		return route
	}
	if IsDeliveryPath(r.URL.Path) {
		return mediaPrefix
	}
	return ""
}

// responseWriter records the status for the log and drops Set-Cookie: the
// server never sets cookies, whatever a wrapped handler tries.
type responseWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (w *responseWriter) WriteHeader(status int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	w.status = status
	delete(w.Header(), "Set-Cookie") // the canonical key: Del would canonicalize it each time
	w.ResponseWriter.WriteHeader(status)
}

func (w *responseWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// ReadFrom keeps sendfile: http.ServeContent copies a file into the writer,
// and only the server's own writer turns that copy into sendfile.
func (w *responseWriter) ReadFrom(src io.Reader) (int64, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if rf, ok := w.ResponseWriter.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(w.ResponseWriter, src)
}

// Unwrap lets http.ResponseController (used by tusd for read deadlines)
// reach the connection.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *responseWriter) Flush() {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
