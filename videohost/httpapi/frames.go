package httpapi

import (
	"bytes"
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
)

// Frames by URL: {image_url}/{embed}.{jpg|png|webp}?time=&width=; time=live
// is a live video's latest keyframe (the first picture of the newest
// segment its growing set lists, cached 2 s). A frame
// is extracted once per (video version, millisecond, width, format), cached
// in blob storage by the service within a byte cap (least recently used
// first out), and served from there afterwards. Anyone may ask for a frame,
// so what a frame not yet cached costs is bounded three ways: identical
// requests in flight share one extraction; one client address (an IPv6
// /64) may start FrameConfig.ColdRateLimit extractions a minute (429
// rate_limited past it, with Retry-After; cached frames are never counted
// and stay free); and at most FrameConfig.Extractions run at once, a
// request waiting FrameConfig.ExtractionWait for one before 503
// unavailable with Retry-After.
//
// Times and widths are not snapped to a grid: a URL asks for a width in
// pixels and gets exactly that, as documented. The byte cap bounds the
// disk whatever the spread of URLs, and the cold limit bounds the work.

// Limits of frame requests.
const (
	minFrameWidth = 16
	maxFrameWidth = 3840
	// liveFrameMaxAge is how long a live video's latest keyframe may be
	// kept: a segment's time, after which the next one has a newer picture.
	liveFrameMaxAge = 2 * time.Second
	// frameTimeout bounds one extraction, which runs detached from the
	// request that started it (other requests may be waiting on it).
	frameTimeout = time.Minute
)

// Defaults of FrameConfig.
const (
	DefaultFrameColdRateLimit = 120 // frames not yet cached, per minute per client address
	DefaultFrameExtractions   = 2
	DefaultFrameWait          = 250 * time.Millisecond
)

// FrameConfig bounds the work anonymous frame requests can cause. Zero
// values are the defaults; the byte cap of the cache is the service's
// (delivery.Config.FrameCacheSize).
type FrameConfig struct {
	// ColdRateLimit is how many frames that are not cached yet one client
	// address (an IPv6 /64; behind AnalyticsConfig.TrustedProxies, the
	// forwarded address) may have made per minute; past it 429
	// rate_limited with Retry-After. Cached frames are not counted.
	// Default 120; negative disables the limit.
	ColdRateLimit int
	// Extractions is how many frames are extracted at once (default 2).
	Extractions int
	// ExtractionWait is how long a request waits for a free extraction
	// before 503 unavailable with Retry-After (default 250 ms).
	ExtractionWait time.Duration
}

func (c FrameConfig) withDefaults() FrameConfig {
	if c.ColdRateLimit == 0 {
		c.ColdRateLimit = DefaultFrameColdRateLimit
	}
	if c.Extractions <= 0 {
		c.Extractions = DefaultFrameExtractions
	}
	if c.ExtractionWait <= 0 {
		c.ExtractionWait = DefaultFrameWait
	}
	return c
}

var frameFormats = map[string]bool{"jpg": true, "png": true, "webp": true}

// frameServer serves frames and holds the single-flight and bound state.
type frameServer struct {
	h       *Handler
	cfg     FrameConfig
	slots   chan struct{} // a token per running extraction
	limiter *rateLimiter  // cold frames per client address; nil: none

	mu       sync.Mutex
	inflight map[string]*frameCall
}

// frameCall is one extraction that concurrent identical requests wait on.
type frameCall struct {
	done  chan struct{}
	image []byte
	err   error
}

func newFrameServer(h *Handler) *frameServer {
	cfg := h.cfg.Frames.withDefaults()
	f := &frameServer{h: h, cfg: cfg, slots: make(chan struct{}, cfg.Extractions), inflight: map[string]*frameCall{}}
	if cfg.ColdRateLimit > 0 {
		f.limiter = newRateLimiter(cfg.ColdRateLimit, time.Minute, h.svc.Clock())
		h.every(time.Minute, func(context.Context) { f.limiter.sweep() })
	}
	return f
}

// frameQuery is a parsed frame request.
type frameQuery struct {
	embed  string
	format string
	time   *float64 // nil: the poster time
	live   bool     // time=live: a live video's latest keyframe
	width  int      // 0: the source width
}

// parseFrameRequest reads /images/{embed}.{ext}?time=&width=. A name that is
// not embed.ext is ENotFound; a bad extension or parameter is a validation
// error naming it.
func parseFrameRequest(r *http.Request) (*frameQuery, error) {
	name := strings.TrimPrefix(r.URL.Path, "/images/")
	embed, ext, ok := strings.Cut(name, ".")
	if !ok || hasEncodedSlash(r) || !videohost.ValidID(embed, videohost.EmbedLen) {
		return nil, videohost.Errorf(videohost.ENotFound, "no such image")
	}
	if !frameFormats[ext] {
		return nil, videohost.Invalid("format", "the extension must be jpg, png or webp")
	}
	q := &frameQuery{embed: embed, format: ext}
	query := r.URL.Query()
	if s := query.Get("time"); s == "live" {
		q.live = true
	} else if s != "" {
		t, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(t) || math.IsInf(t, 0) || t < 0 {
			return nil, videohost.Invalid("time", "must be a number of seconds, 0 or more, or live")
		}
		q.time = &t
	}
	if s := query.Get("width"); s != "" {
		w, err := strconv.Atoi(s)
		if err != nil || w < minFrameWidth || w > maxFrameWidth {
			return nil, videohost.Invalid("width", "must be a whole number of pixels from %d to %d", minFrameWidth, maxFrameWidth)
		}
		q.width = w
	}
	return q, nil
}

func (f *frameServer) serve(w http.ResponseWriter, r *http.Request) {
	h := f.h
	if !h.readOnlyMethod(w, r) {
		return
	}
	h.setCORS(w)
	q, err := parseFrameRequest(r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	v, err := h.svc.PlayableVideoByEmbed(ctx, q.embed)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	if err := h.access.AuthorizePlayback(ctx, v, playbackRequest(r)); err != nil {
		h.writeError(w, r, err)
		return
	}
	spec, err := h.delivery.ResolveFrame(ctx, v, delivery.FrameQuery{Time: q.time, Live: q.live, Width: q.width, Format: q.format})
	if err != nil {
		h.writeError(w, r, err)
		return
	}

	hdr := w.Header()
	hdr.Set("Content-Type", contentTypes["."+q.format])
	maxAge := frameMaxAge
	if spec.Live() {
		maxAge = liveFrameMaxAge // the next segment has a newer one
	}
	hdr.Set("Cache-Control", cacheControl(maxAge, false, v.PlaybackPolicy == videohost.PlaybackSigned))
	hdr.Set("X-Content-Type-Options", "nosniff")
	// The key names everything the image depends on: it is the validator.
	hdr.Set("ETag", `"`+spec.Key()+`"`)

	if blob, info, err := h.delivery.OpenCachedFrame(ctx, spec); err == nil {
		defer blob.Close()
		serveContent(w, r, info.ModTime, blob, info.Size)
		return
	} else if !videohost.IsNotFound(err) {
		h.writeError(w, r, err)
		return
	}
	admit := func() error {
		if f.limiter != nil && !f.limiter.takeBounded(w, "frames:"+clientKey(clientIP(r, h.cfg.Analytics.TrustedProxies))) {
			return videohost.Errorf(videohost.ERateLimited, "more than %d new frames a minute from this address; frames already made stay available", f.cfg.ColdRateLimit)
		}
		return nil
	}
	image, err := f.extract(ctx, spec, admit)
	if err != nil {
		// A problem is never cached as the image, nor validated by its ETag.
		hdr.Del("ETag")
		hdr.Del("Cache-Control")
		if videohost.ErrorCode(err) == videohost.EUnavailable {
			hdr.Set("Retry-After", "1")
			h.refuse(w, r, "frame extraction", err)
			return
		}
		h.writeError(w, r, err)
		return
	}
	serveContent(w, r, h.svc.Clock().Now(), bytes.NewReader(image), int64(len(image)))
}

// extract makes the image of spec, once for every request that asks for it
// while it is being made. A request that would start an extraction must
// pass admit (the cold-frame limit) and get one of the extraction slots
// within the configured wait; requests that join it pay neither.
func (f *frameServer) extract(ctx context.Context, spec delivery.FrameSpec, admit func() error) ([]byte, error) {
	key := spec.Key()
	f.mu.Lock()
	call, joined := f.inflight[key]
	f.mu.Unlock()
	if !joined {
		if err := admit(); err != nil {
			return nil, err
		}
		f.mu.Lock()
		if call, joined = f.inflight[key]; !joined {
			call = &frameCall{done: make(chan struct{})}
			f.inflight[key] = call
		}
		f.mu.Unlock()
		if !joined {
			go f.run(ctx, key, spec, call)
		}
	}
	select {
	case <-call.done:
		return call.image, call.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// run waits briefly for an extraction slot and makes the image of call.
// It outlives the request that started it: other requests may be waiting
// on it.
func (f *frameServer) run(ctx context.Context, key string, spec delivery.FrameSpec, call *frameCall) {
	defer func() {
		f.mu.Lock()
		delete(f.inflight, key)
		f.mu.Unlock()
		close(call.done)
	}()
	wait := time.NewTimer(f.cfg.ExtractionWait)
	defer wait.Stop()
	select {
	case f.slots <- struct{}{}:
	case <-wait.C:
		call.err = videohost.Errorf(videohost.EUnavailable, "too many frames are being extracted; retry in a second")
		return
	}
	defer func() { <-f.slots }()
	xctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), frameTimeout)
	defer cancel()
	call.image, call.err = f.h.delivery.MakeFrame(xctx, spec)
}
