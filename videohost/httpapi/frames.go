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
)

// Frames by URL: {image_url}/{embed}.{jpg|png|webp}?time=&width=. A frame
// is extracted once per (video version, millisecond, width, format), cached
// in blob storage by the service, and served from there afterwards; identical requests in flight share one extraction, and the
// number of extractions at once is bounded so that a burst of distinct
// frames cannot take every core.

// Limits of frame requests.
const (
	minFrameWidth = 16
	maxFrameWidth = 3840
	// maxFrameExtractions is how many frames are extracted at once; past it a
	// request answers 503 with Retry-After rather than queueing.
	maxFrameExtractions = 2
	// frameTimeout bounds one extraction, which runs detached from the
	// request that started it (other requests may be waiting on it).
	frameTimeout = time.Minute
)

var frameFormats = map[string]bool{"jpg": true, "png": true, "webp": true}

// frameServer serves frames and holds the single-flight and bound state.
type frameServer struct {
	h     *Handler
	slots chan struct{} // a token per running extraction

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
	return &frameServer{h: h, slots: make(chan struct{}, maxFrameExtractions), inflight: map[string]*frameCall{}}
}

// frameQuery is a parsed frame request.
type frameQuery struct {
	embed  string
	format string
	time   *float64 // nil: the poster time
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
	if s := query.Get("time"); s != "" {
		t, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(t) || math.IsInf(t, 0) || t < 0 {
			return nil, videohost.Invalid("time", "must be a number of seconds, 0 or more")
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
	setCORS(w)
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
	if err := h.svc.AuthorizePlayback(ctx, v, playbackRequest(r)); err != nil {
		h.writeError(w, r, err)
		return
	}
	spec, err := h.svc.ResolveFrame(v, videohost.FrameQuery{Time: q.time, Width: q.width, Format: q.format})
	if err != nil {
		h.writeError(w, r, err)
		return
	}

	hdr := w.Header()
	hdr.Set("Content-Type", contentTypes["."+q.format])
	hdr.Set("Cache-Control", cacheControl(frameMaxAge, false, v.PlaybackPolicy == videohost.PlaybackSigned))
	hdr.Set("X-Content-Type-Options", "nosniff")
	// The key names everything the image depends on: it is the validator.
	hdr.Set("ETag", `"`+spec.Key()+`"`)

	if blob, info, err := h.svc.OpenCachedFrame(ctx, spec); err == nil {
		defer blob.Close()
		serveContent(w, r, info.ModTime, blob, info.Size)
		return
	} else if !videohost.IsNotFound(err) {
		h.writeError(w, r, err)
		return
	}
	image, err := f.extract(ctx, spec)
	if err != nil {
		if videohost.ErrorCode(err) == videohost.EUnavailable {
			hdr.Set("Retry-After", "1")
		}
		h.writeError(w, r, err)
		return
	}
	serveContent(w, r, h.svc.Clock().Now(), bytes.NewReader(image), int64(len(image)))
}

// extract makes the image of spec, once for every request that asks for it
// while it is being made.
func (f *frameServer) extract(ctx context.Context, spec videohost.FrameSpec) ([]byte, error) {
	key := spec.Key()
	f.mu.Lock()
	if call, ok := f.inflight[key]; ok {
		f.mu.Unlock()
		select {
		case <-call.done:
			return call.image, call.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	select {
	case f.slots <- struct{}{}:
	default:
		f.mu.Unlock()
		return nil, videohost.Errorf(videohost.EUnavailable, "too many frames are being extracted; retry in a second")
	}
	call := &frameCall{done: make(chan struct{})}
	f.inflight[key] = call
	f.mu.Unlock()

	go func() {
		defer func() {
			<-f.slots
			f.mu.Lock()
			delete(f.inflight, key)
			f.mu.Unlock()
			close(call.done)
		}()
		// Waiters other than the first request depend on this extraction, so
		// it outlives the request that started it.
		xctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), frameTimeout)
		defer cancel()
		call.image, call.err = f.h.svc.MakeFrame(xctx, spec)
	}()
	select {
	case <-call.done:
		return call.image, call.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
