package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/reelvideo/reel/internal/testclock"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/sqlite"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// syncBuffer collects log output from concurrent handlers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// swapHandler lets a test replace the Handler behind a running server, as a
// restarted process would.
type swapHandler struct {
	mu sync.RWMutex
	h  http.Handler
}

func (s *swapHandler) set(h http.Handler) {
	s.mu.Lock()
	s.h = h
	s.mu.Unlock()
}

func (s *swapHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	h := s.h
	s.mu.RUnlock()
	h.ServeHTTP(w, r)
}

// env is a running API over a real SQLite store and a real blob store.
type env struct {
	t       *testing.T
	svc     *videohost.Service
	db      *sqlite.DB
	blobs   videohost.Blobs // local disk, unless an option put another
	svcOpts []func(*videohost.Config)
	// dl serves the files and frames of svc; deliveryOpts configure it.
	dl           *delivery.Delivery
	deliveryOpts []func(*delivery.Config)
	clock        *testclock.Offset
	h            *httpapi.Handler
	cfg          httpapi.Config
	swap         *swapHandler
	srv          *httptest.Server
	baseURL      string // where the API root is: srv.URL, or srv.URL+prefix
	logs         *syncBuffer

	space      string
	rw, ro     string // API keys of space
	otherSpace string
	otherRW    string
}

type envOption func(*env)

// withPrefix mounts the Handler under prefix with http.StripPrefix.
func withPrefix(prefix string) envOption {
	return func(e *env) { e.baseURL += prefix }
}

func withConfig(fn func(*httpapi.Config)) envOption {
	return func(e *env) { fn(&e.cfg) }
}

func newEnv(t *testing.T, opts ...envOption) *env {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	e := &env{t: t, clock: &testclock.Offset{}, logs: &syncBuffer{}, swap: &swapHandler{}}
	e.srv = httptest.NewUnstartedServer(e.swap)
	e.baseURL = "http://" + e.srv.Listener.Addr().String()
	e.cfg = httpapi.Config{UploadDir: filepath.Join(dir, "uploads")}
	for _, o := range opts {
		o(e)
	}
	logger := slog.New(slog.NewJSONHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e.cfg.Logger = logger

	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"), sqlite.WithClock(e.clock))
	if err != nil {
		t.Fatalf("opening sqlite: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	e.db = db
	if e.blobs == nil {
		if e.blobs, err = blob.Open(filepath.Join(dir, "blobs")); err != nil {
			t.Fatalf("opening blobs: %v", err)
		}
	}
	e.svc, err = videohost.New(e.serviceConfig(nil))
	if err != nil {
		t.Fatalf("creating service: %v", err)
	}
	e.dl = e.delivery(e.svc, nil)
	e.cfg.Delivery = e.dl
	sp, keys, err := e.svc.Bootstrap(ctx)
	if err != nil {
		t.Fatalf("bootstrap: %v", err)
	}
	e.space = sp.ID
	for _, k := range keys {
		if k.Access == videohost.AccessReadWrite {
			e.rw = k.Secret
		} else {
			e.ro = k.Secret
		}
	}
	other := &videohost.Space{ID: videohost.NewID(videohost.SpaceIDLen), Name: "other", CreatedAt: e.clock.Now()}
	if err := db.CreateSpace(ctx, other); err != nil {
		t.Fatalf("creating second space: %v", err)
	}
	e.otherSpace = other.ID
	ok, err := e.svc.CreateKey(ctx, other.ID, videohost.AccessReadWrite, "other")
	if err != nil {
		t.Fatalf("creating key: %v", err)
	}
	e.otherRW = ok.Secret

	e.start()
	mount := strings.TrimPrefix(e.baseURL, "http://"+e.srv.Listener.Addr().String())
	if mount != "" {
		mux := http.NewServeMux()
		mux.Handle(mount+"/", http.StripPrefix(mount, e.swap))
		e.srv.Config.Handler = mux
	}
	e.srv.Start()
	t.Cleanup(e.srv.Close)
	return e
}

// serviceConfig is the configuration of the env's service, with p as its
// pipeline.
func (e *env) serviceConfig(p videohost.Pipeline) videohost.Config {
	cfg := videohost.Config{
		Store: e.db, Queue: e.db, Blobs: e.blobs, Pipeline: p, Clock: e.clock, Logger: e.cfg.Logger,
		Secret:  bytes.Repeat([]byte("s"), 32),
		BaseURL: e.baseURL,
	}
	for _, fn := range e.svcOpts {
		fn(&cfg)
	}
	return cfg
}

// delivery is the env's Delivery over svc, its configuration adjusted by
// e.deliveryOpts, then by configure when it is not nil.
func (e *env) delivery(svc *videohost.Service, configure func(*delivery.Config)) *delivery.Delivery {
	e.t.Helper()
	var cfg delivery.Config
	for _, fn := range e.deliveryOpts {
		fn(&cfg)
	}
	if configure != nil {
		configure(&cfg)
	}
	d, err := delivery.New(svc, cfg)
	if err != nil {
		e.t.Fatalf("creating delivery: %v", err)
	}
	return d
}

// otherProcess serves e's database and blobs from a second service and
// Handler (another api process), configured by configure, and returns its
// URL.
func (e *env) otherProcess(configure func(*videohost.Config, *delivery.Config)) string {
	e.t.Helper()
	cfg := e.serviceConfig(nil)
	var dcfg delivery.Config
	for _, fn := range e.deliveryOpts {
		fn(&dcfg)
	}
	configure(&cfg, &dcfg)
	svc, err := videohost.New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	dl, err := delivery.New(svc, dcfg)
	if err != nil {
		e.t.Fatal(err)
	}
	h, err := httpapi.New(svc, httpapi.Config{UploadDir: e.t.TempDir(), Delivery: dl})
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { h.Close() })
	s := httptest.NewServer(h)
	e.t.Cleanup(s.Close)
	return s.URL
}

// start creates a Handler and puts it behind the server (again, on restart).
func (e *env) start() {
	e.t.Helper()
	h, err := httpapi.New(e.svc, e.cfg)
	if err != nil {
		e.t.Fatalf("httpapi.New: %v", err)
	}
	e.t.Cleanup(func() { h.Close() })
	e.h = h
	e.swap.set(h)
}

// restart closes the Handler and starts a new one over the same store and
// upload folder.
func (e *env) restart() {
	e.t.Helper()
	if err := e.h.Close(); err != nil {
		e.t.Fatalf("closing handler: %v", err)
	}
	e.start()
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r *response) String() string { return string(r.body) }

// req sends a request with key as Bearer ("" for none). body is sent raw
// when it is a string or []byte and as JSON otherwise. Every response is
// checked for the rules that hold on every route.
func (e *env) req(method, path, key string, body any, hdr ...string) *response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	url := path
	if !strings.HasPrefix(path, "http") {
		url = e.baseURL + path
	}
	r, err := http.NewRequest(method, url, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if key != "" {
		r.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil && r.Header.Get("Content-Type") == "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	out := &response{status: res.StatusCode, header: res.Header, body: b}
	e.checkCommon(method, path, out)
	return out
}

func (e *env) checkCommon(method, path string, r *response) {
	e.t.Helper()
	if c := r.header.Values("Set-Cookie"); len(c) > 0 {
		e.t.Errorf("%s %s set a cookie: %v", method, path, c)
	}
	// Every error of every route, uploads and files included, is a
	// problem document; pages for people (watch, embed) answer a page.
	ct := r.header.Get("Content-Type")
	page := (method == http.MethodGet || method == http.MethodHead) && (strings.Contains(path, "/watch/") || strings.Contains(path, "/embed/"))
	if page && r.status >= 400 && !strings.HasPrefix(ct, "text/html") {
		e.t.Errorf("%s %.100s: page error %d with Content-Type %q, want HTML", method, path, r.status, ct)
	}
	if !page && r.status >= 400 && (len(r.body) > 0 || method == http.MethodHead) && ct != "application/problem+json" {
		e.t.Errorf("%s %.100s: error %d with Content-Type %q, want application/problem+json", method, path, r.status, ct)
	}
}

// must checks the status of r and decodes its JSON body into v (if not nil).
func must(t *testing.T, r *response, status int, v any) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body: %s", r.status, status, r.body)
	}
	if v != nil {
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("Content-Type %q, want application/json", ct)
		}
		if err := json.Unmarshal(r.body, v); err != nil {
			t.Fatalf("decoding %s: %v", r.body, err)
		}
	}
}

// problem checks that r is a problem document with status and code and
// returns it.
func problem(t *testing.T, r *response, status int, code string) httpapi.Problem {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body: %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("Content-Type %q, want application/problem+json", ct)
	}
	var p httpapi.Problem
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Fatalf("decoding problem %s: %v", r.body, err)
	}
	if p.Code != code || p.Status != status || p.Type != httpapi.ProblemTypeBase+code || p.Title == "" {
		t.Fatalf("problem %+v, want code %q status %d", p, code, status)
	}
	return p
}

// publicURL is an input_url that passes the SSRF guard without DNS
// (TEST-NET-3, never fetched: no worker runs in these tests).
const publicURL = "https://203.0.113.7/source.mp4"

func (e *env) createVideo(key string, body map[string]any) *videohost.Video {
	e.t.Helper()
	if body == nil {
		body = map[string]any{}
	}
	if _, ok := body["input_url"]; !ok {
		body["input_url"] = publicURL
	}
	var v videohost.Video
	must(e.t, e.req("POST", "/v1/videos", key, body), http.StatusCreated, &v)
	return &v
}

func (e *env) createCollection(key, name, parent string) *videohost.Collection {
	e.t.Helper()
	body := map[string]any{"name": name}
	if parent != "" {
		body["parent"] = parent
	}
	var c videohost.Collection
	must(e.t, e.req("POST", "/v1/collections", key, body), http.StatusCreated, &c)
	return &c
}
