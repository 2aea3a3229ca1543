package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// countingPipeline is a Pipeline whose frames are a description of the
// request; it counts calls and can hold them until released.
type countingPipeline struct {
	calls   atomic.Int32
	started chan videohost.FrameRequest // receives each request as it starts, when set
	release chan struct{}               // when set, each call waits for it to close
	frame   func(context.Context, videohost.FrameRequest) ([]byte, error)
}

func (p *countingPipeline) Process(context.Context, videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	return nil, fmt.Errorf("not in these tests")
}

func (p *countingPipeline) Frame(ctx context.Context, req videohost.FrameRequest) ([]byte, error) {
	p.calls.Add(1)
	if p.started != nil {
		p.started <- req
	}
	if p.release != nil {
		<-p.release
	}
	if p.frame != nil {
		return p.frame(ctx, req)
	}
	return []byte(fmt.Sprintf("frame t=%.3f w=%d %s from %d sources", req.Time, req.Width, req.Format, len(req.Sources))), nil
}

// usePipeline rebuilds the service (and its delivery) with p as its
// pipeline and puts a new Handler over the same store and blobs behind the
// server; opts adjust the service's and the delivery's configuration.
func (e *env) usePipeline(p videohost.Pipeline, opts ...func(*videohost.Config, *delivery.Config)) {
	e.t.Helper()
	cfg := e.serviceConfig(p)
	var dcfg delivery.Config
	for _, fn := range e.deliveryOpts {
		fn(&dcfg)
	}
	for _, o := range opts {
		o(&cfg, &dcfg)
	}
	svc, err := videohost.New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	dl, err := delivery.New(svc, dcfg)
	if err != nil {
		e.t.Fatal(err)
	}
	e.cfg.Delivery = dl
	h, err := httpapi.New(svc, e.cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { h.Close() })
	e.svc, e.dl, e.h = svc, dl, h
	e.swap.set(h)
}

func (e *env) frameURL(v *videohost.Video, ext, query string) string {
	u := e.baseURL + "/images/" + v.Embed + "." + ext
	if query != "" {
		u += "?" + query
	}
	return u
}

func TestFrameValidation(t *testing.T) {
	e := newEnv(t)
	p := &countingPipeline{}
	e.usePipeline(p)
	v := e.publish(publishOptions{})
	tests := []struct {
		ext, query, field string
	}{
		{"jpg", "time=abc", "time"},
		{"jpg", "time=-1", "time"},
		{"jpg", "time=NaN", "time"},
		{"jpg", "time=Inf", "time"},
		{"jpg", "width=0", "width"},
		{"jpg", "width=15", "width"},
		{"jpg", "width=100000", "width"},
		{"jpg", "width=1.5", "width"},
		{"jpg", "width=abc", "width"},
		{"gif", "", "format"},
		{"jpeg", "", "format"},
		{"jpg.png", "", "format"},
	}
	for _, tt := range tests {
		r := e.req("GET", e.frameURL(v, tt.ext, tt.query), "", nil)
		pr := problem(t, r, http.StatusBadRequest, videohost.EValidation)
		if len(pr.Errors) != 1 || pr.Errors[0].Field != tt.field {
			t.Errorf("%s?%s: errors %+v, want field %s", tt.ext, tt.query, pr.Errors, tt.field)
		}
	}
	for _, u := range []string{
		e.baseURL + "/images/" + v.Embed,
		e.baseURL + "/images/short.jpg",
		e.baseURL + "/images/" + v.Space + "0000000000.jpg",
		e.baseURL + "/images/" + v.Embed + "%2F.jpg",
	} {
		if r := noRedirect(t, "GET", u); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", u, r.StatusCode)
		}
	}
	if n := p.calls.Load(); n != 0 {
		t.Fatalf("%d extractions for invalid requests", n)
	}
}

func TestFrameDefaultsClampAndCache(t *testing.T) {
	e := newEnv(t)
	p := &countingPipeline{}
	e.usePipeline(p)
	v := e.publish(publishOptions{}) // 320x240, 3 s, poster at 1 s

	tests := []struct {
		ext, query, want, contentType string
	}{
		{"jpg", "", "frame t=1.000 w=320 jpg", "image/jpeg"},
		{"png", "time=2.5&width=160", "frame t=2.500 w=160 png", "image/png"},
		{"webp", "time=999&width=3840", "frame t=3.000 w=320 webp", "image/webp"},
		{"jpg", "time=0.0004", "frame t=0.000 w=320 jpg", "image/jpeg"},
	}
	for _, tt := range tests {
		r := e.req("GET", e.frameURL(v, tt.ext, tt.query), "", nil)
		if r.status != http.StatusOK || string(r.body) != tt.want+" from 1 sources" {
			t.Fatalf("%s?%s: %d %q, want %q", tt.ext, tt.query, r.status, r.body, tt.want)
		}
		for h, want := range map[string]string{
			"Content-Type":                tt.contentType,
			"Cache-Control":               "public, max-age=86400",
			"Access-Control-Allow-Origin": "*",
		} {
			if got := r.header.Get(h); got != want {
				t.Errorf("%s = %q, want %q", h, got, want)
			}
		}
	}
	calls := p.calls.Load()

	// The same frames again: from the cache, with validators.
	for _, tt := range tests {
		r := e.req("GET", e.frameURL(v, tt.ext, tt.query), "", nil)
		if r.status != http.StatusOK || string(r.body) != tt.want+" from 1 sources" {
			t.Fatalf("cached %s?%s: %d %q", tt.ext, tt.query, r.status, r.body)
		}
		etag := r.header.Get("ETag")
		if etag == "" || r.header.Get("Last-Modified") == "" {
			t.Fatalf("cached frame without validators: %v", r.header)
		}
		if again := e.req("GET", e.frameURL(v, tt.ext, tt.query), "", nil, "If-None-Match", etag); again.status != http.StatusNotModified {
			t.Fatalf("If-None-Match on a frame: %d", again.status)
		}
	}
	// 0.0004 s rounds to the same millisecond as 0.
	e.req("GET", e.frameURL(v, "jpg", "time=0"), "", nil)
	if got := p.calls.Load(); got != calls {
		t.Fatalf("%d extractions after cache hits, want %d", got, calls)
	}
	at := 2.5
	spec, err := e.dl.ResolveFrame(context.Background(), v, delivery.FrameQuery{Time: &at, Width: 160, Format: "png"})
	if err != nil {
		t.Fatal(err)
	}
	if b, _, err := e.dl.OpenCachedFrame(context.Background(), spec); err != nil {
		t.Fatalf("cache blob: %v", err)
	} else {
		b.Close()
	}
	// Deleting the video removes its cached frames with it.
	must(t, e.req("DELETE", "/v1/videos/"+v.ID, e.rw, nil), http.StatusNoContent, nil)
	if _, _, err := e.dl.OpenCachedFrame(context.Background(), spec); !videohost.IsNotFound(err) {
		t.Fatalf("cache blob after delete: %v", err)
	}
	problem(t, e.req("GET", e.frameURL(v, "jpg", ""), "", nil), http.StatusNotFound, videohost.ENotFound)
}

func TestFrameSingleFlight(t *testing.T) {
	e := newEnv(t)
	p := &countingPipeline{started: make(chan videohost.FrameRequest, 16), release: make(chan struct{})}
	e.usePipeline(p)
	v := e.publish(publishOptions{})

	const n = 8
	var wg sync.WaitGroup
	bodies := make([]string, n)
	statuses := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := http.Get(e.frameURL(v, "jpg", "time=1.5&width=100"))
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var b bytes.Buffer
			b.ReadFrom(res.Body)
			bodies[i], statuses[i] = b.String(), res.StatusCode
		}()
	}
	<-p.started
	time.Sleep(200 * time.Millisecond) // let the others join the extraction
	close(p.release)
	wg.Wait()
	for i := range n {
		if statuses[i] != http.StatusOK || bodies[i] != bodies[0] {
			t.Fatalf("request %d: %d %q", i, statuses[i], bodies[i])
		}
	}
	if got := p.calls.Load(); got != 1 {
		t.Fatalf("%d extractions for %d identical requests, want 1", got, n)
	}
}

func TestFrameExtractionBound(t *testing.T) {
	e := newEnv(t)
	p := &countingPipeline{started: make(chan videohost.FrameRequest, 16), release: make(chan struct{})}
	e.usePipeline(p)
	v := e.publish(publishOptions{})

	var wg sync.WaitGroup
	for _, w := range []int{100, 200} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.req("GET", e.frameURL(v, "jpg", "width="+strconv.Itoa(w)), "", nil)
			if r.status != http.StatusOK {
				t.Errorf("width %d: %d", w, r.status)
			}
		}()
	}
	<-p.started
	<-p.started
	r := e.req("GET", e.frameURL(v, "jpg", "width=300"), "", nil)
	problem(t, r, http.StatusServiceUnavailable, videohost.EUnavailable)
	if r.header.Get("Retry-After") != "1" {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	close(p.release)
	wg.Wait()
	must(t, e.req("GET", e.frameURL(v, "jpg", "width=300"), "", nil), http.StatusOK, nil)
}

func TestFrameSigned(t *testing.T) {
	e := newEnv(t)
	e.usePipeline(&countingPipeline{})
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	problem(t, e.req("GET", e.frameURL(v, "jpg", "time=1"), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	tok := playbackToken(t, hmacKey(t, e.rw), v.Embed)
	r := e.req("GET", e.frameURL(v, "jpg", "time=1&token="+tok), "", nil)
	if r.status != http.StatusOK || r.header.Get("Cache-Control") != "private, max-age=86400" {
		t.Fatalf("%d %v", r.status, r.header)
	}
	// The cached copy is no less protected.
	problem(t, e.req("GET", e.frameURL(v, "jpg", "time=1"), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
}

func TestFramesWithoutPipeline(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{})
	problem(t, e.req("GET", e.frameURL(v, "jpg", ""), "", nil), http.StatusServiceUnavailable, videohost.EUnavailable)
}

// sizedFrames is a pipeline whose every frame is size bytes.
func sizedFrames(size int) *countingPipeline {
	return &countingPipeline{frame: func(_ context.Context, req videohost.FrameRequest) ([]byte, error) {
		b := bytes.Repeat([]byte{'x'}, size)
		copy(b, fmt.Sprintf("t=%.3f w=%d", req.Time, req.Width))
		return b, nil
	}}
}

// frameCacheBytes counts the bytes of cached frames in the blob store.
func frameCacheBytes(t *testing.T, e *env) (total int64, files int) {
	t.Helper()
	infos, err := e.blobs.List(context.Background(), videohost.FrameCachePrefix)
	if err != nil {
		t.Fatal(err)
	}
	for _, fi := range infos {
		total += fi.Size
		files++
	}
	return total, files
}

func frameCacheSize(n int64) func(*videohost.Config, *delivery.Config) {
	return func(_ *videohost.Config, c *delivery.Config) { c.FrameCacheSize = n }
}

// TestFrameCacheCap: many distinct anonymous frame URLs keep the cache
// under its byte cap, counted on disk; the least recently used frame goes
// first, so one asked for again and again stays; and a restarted server
// counts what the last one left (and trims it to a lowered cap).
func TestFrameCacheCap(t *testing.T) {
	const frameSize, limit = 1000, 10_000 // room for ten frames
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.Frames.ColdRateLimit = -1 }))
	p := sizedFrames(frameSize)
	e.usePipeline(p, frameCacheSize(limit))
	v := e.publish(publishOptions{})

	get := func(query string) {
		t.Helper()
		if r := e.req("GET", e.frameURL(v, "png", query), "", nil); r.status != http.StatusOK || len(r.body) != frameSize {
			t.Fatalf("%s: %d, %d bytes", query, r.status, len(r.body))
		}
	}
	const favourite = "time=0.5&width=100"
	get(favourite)
	for i := range 60 {
		get(fmt.Sprintf("time=%d.%03d&width=%d", i%3, i, 16+i))
		if i%5 == 0 {
			get(favourite) // used again: stays at the front
		}
		if n, _ := frameCacheBytes(t, e); n > limit {
			t.Fatalf("after %d distinct frames the cache holds %d bytes, over its cap of %d", i+1, n, limit)
		}
	}
	n, files := frameCacheBytes(t, e)
	if n < limit-frameSize || files != limit/frameSize {
		t.Fatalf("cache holds %d bytes in %d files; want it full (%d)", n, files, limit)
	}
	calls := p.calls.Load()
	get(favourite)
	if p.calls.Load() != calls {
		t.Fatal("the most recently used frame was evicted")
	}
	st := e.dl.FrameCacheStats(context.Background())
	if st.Bytes != n || st.Frames != int64(files) || st.Evictions == 0 || st.Hits < 12 || st.Misses < 61 {
		t.Fatalf("stats %+v; on disk %d bytes in %d files", st, n, files)
	}

	// A restarted server counts what is on disk before making anything...
	e.usePipeline(p, frameCacheSize(limit))
	if st := e.dl.FrameCacheStats(context.Background()); st.Bytes != n || st.Frames != int64(files) {
		t.Fatalf("after a restart: %+v, want %d bytes in %d frames", st, n, files)
	}
	get("time=2.999&width=300")
	if got, _ := frameCacheBytes(t, e); got > limit {
		t.Fatalf("after a restart the cache grew to %d bytes, over its cap", got)
	}
	// ...and trims to a lowered cap at once.
	e.usePipeline(p, frameCacheSize(3*frameSize))
	if st := e.dl.FrameCacheStats(context.Background()); st.Bytes > 3*frameSize {
		t.Fatalf("after lowering the cap: %+v", st)
	}
	if got, files := frameCacheBytes(t, e); got > 3*frameSize || files != 3 {
		t.Fatalf("after lowering the cap: %d bytes in %d files on disk", got, files)
	}
}

// TestFrameColdLimit: past the per-address limit on frames that are not
// cached, a new frame answers 429 with Retry-After while cached frames
// keep answering 200; the next window admits new frames again.
func TestFrameColdLimit(t *testing.T) {
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.Frames.ColdRateLimit = 3 }))
	p := &countingPipeline{}
	e.usePipeline(p)
	v := e.publish(publishOptions{})

	for i := range 3 {
		must(t, e.req("GET", e.frameURL(v, "jpg", fmt.Sprintf("time=%d", i)), "", nil), http.StatusOK, nil)
	}
	r := e.req("GET", e.frameURL(v, "jpg", "time=2.5"), "", nil)
	problem(t, r, http.StatusTooManyRequests, videohost.ERateLimited)
	if ra, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	if r.header.Get("ETag") != "" {
		t.Fatalf("a refusal carries the frame's ETag %q", r.header.Get("ETag"))
	}
	for i := range 3 { // cached: free, however many
		for range 5 {
			must(t, e.req("GET", e.frameURL(v, "jpg", fmt.Sprintf("time=%d", i)), "", nil), http.StatusOK, nil)
		}
	}
	if got := p.calls.Load(); got != 3 {
		t.Fatalf("%d extractions, want 3", got)
	}
	e.clock.Advance(time.Minute)
	must(t, e.req("GET", e.frameURL(v, "jpg", "time=2.5"), "", nil), http.StatusOK, nil)
}
