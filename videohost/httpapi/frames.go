package httpapi

import (
	"bytes"
	"context"
	"errors"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Frames by URL: {image_url}/{embed}.{jpg|png|webp}?time=&width= (DESIGN.md
// section 5). A frame is extracted once per (video version, millisecond,
// width, format), stored in blob storage under cache/, and served from there
// afterwards; identical requests in flight share one extraction, and the
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
	req, err := f.frameRequest(v, q)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	ms := int64(math.Round(req.Time * 1000))
	key := "cache/" + v.ID + "/frames/" + v.AssetVersion + "/" + strconv.FormatInt(ms, 10) + "_" + strconv.Itoa(req.Width) + "." + q.format

	hdr := w.Header()
	hdr.Set("Content-Type", contentTypes["."+q.format])
	hdr.Set("Cache-Control", cacheControl(frameMaxAge, false, v.PlaybackPolicy == videohost.PlaybackSigned))
	hdr.Set("X-Content-Type-Options", "nosniff")
	// The key names everything the image depends on: it is the validator.
	hdr.Set("ETag", `"`+v.AssetVersion+"-"+strconv.FormatInt(ms, 10)+"-"+strconv.Itoa(req.Width)+"-"+q.format+`"`)

	blobs := h.svc.Blobs()
	if blob, info, err := blobs.Open(ctx, key); err == nil {
		defer blob.Close()
		serveContent(w, r, info.ModTime, blob, info.Size)
		return
	} else if !videohost.IsNotFound(err) {
		h.writeError(w, r, err)
		return
	}
	image, err := f.extract(ctx, key, req)
	if err != nil {
		if videohost.ErrorCode(err) == videohost.EUnavailable {
			hdr.Set("Retry-After", "1")
		}
		h.writeError(w, r, err)
		return
	}
	serveContent(w, r, h.svc.Clock().Now(), bytes.NewReader(image), int64(len(image)))
}

// frameRequest resolves defaults and clamps: the time to the duration, the
// width to the widest rendition (a frame is never upscaled).
func (f *frameServer) frameRequest(v *videohost.Video, q *frameQuery) (videohost.FrameRequest, error) {
	if f.h.svc.Pipeline() == nil {
		return videohost.FrameRequest{}, videohost.Errorf(videohost.EUnavailable, "frame extraction is not configured on this server")
	}
	local, ok := f.h.svc.Blobs().(videohost.LocalBlobs)
	if !ok {
		return videohost.FrameRequest{}, videohost.Errorf(videohost.EUnavailable, "frame extraction needs blob storage on local disk")
	}
	prefix := videohost.AssetPrefix(v.ID, v.AssetVersion)
	req := videohost.FrameRequest{Format: q.format}
	widest := 0
	for _, r := range v.Renditions {
		req.Sources = append(req.Sources, videohost.FrameSource{Path: local.Path(prefix + "/" + r.Name + ".mp4"), Width: r.Width, Height: r.Height})
		widest = max(widest, r.Width)
	}
	if len(req.Sources) == 0 {
		return videohost.FrameRequest{}, videohost.Errorf(videohost.ENotFound, "video %s has no pictures", v.Embed)
	}
	sort.Slice(req.Sources, func(i, j int) bool { return req.Sources[i].Width < req.Sources[j].Width })
	switch {
	case q.time != nil:
		req.Time = *q.time
	case v.PosterTime != nil:
		req.Time = *v.PosterTime
	}
	if v.Duration > 0 {
		req.Time = min(req.Time, v.Duration)
	}
	req.Width = widest
	if q.width > 0 {
		req.Width = min(q.width, widest)
	}
	return req, nil
}

// extract returns the image of key, running the pipeline once for every
// request that asks for it while it runs, and storing the result.
func (f *frameServer) extract(ctx context.Context, key string, req videohost.FrameRequest) ([]byte, error) {
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
		call.image, call.err = f.h.svc.Pipeline().Frame(xctx, req)
		if call.err == nil && len(call.image) == 0 {
			call.err = errors.New("the pipeline returned an empty image")
		}
		if call.err != nil {
			return
		}
		if _, err := f.h.svc.Blobs().Put(xctx, key, bytes.NewReader(call.image)); err != nil {
			// The image is still good for the requests waiting on it.
			f.h.log.WarnContext(xctx, "caching a frame", "key", key, "err", err)
		}
	}()
	select {
	case <-call.done:
		return call.image, call.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
