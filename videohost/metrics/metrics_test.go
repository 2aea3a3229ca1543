package metrics_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/metrics"
	"github.com/reelvideo/reel/videohost/netguard"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/webhookadmin"
	"github.com/reelvideo/reel/videohost/worker"
)

// framePipeline makes 100-byte frames; it transcodes nothing.
type framePipeline struct{}

func (framePipeline) Process(context.Context, videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	return nil, io.EOF
}

func (framePipeline) Frame(context.Context, videohost.FrameRequest) ([]byte, error) {
	return bytes.Repeat([]byte{'f'}, 100), nil
}

type stack struct {
	m      *metrics.Metrics
	svc    *videohost.Service
	dl     *delivery.Delivery
	db     *sqlite.DB
	api    *httptest.Server
	rw     string
	p      *videohost.Principal
	scrape func(t *testing.T) map[string]float64
}

// newStack is the API over SQLite and disk, measured as refserver wires it.
func newStack(t *testing.T) *stack {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	log := slog.New(slog.DiscardHandler)
	m := metrics.New(metrics.Config{Logger: log})
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	loopback, err := netguard.ParseNetworks([]string{"127.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := videohost.New(videohost.Config{
		Store: db, Queue: db, Blobs: blobs, Pipeline: framePipeline{}, Logger: log,
		Secret: bytes.Repeat([]byte("s"), 32), BaseURL: "http://127.0.0.1", Guard: &netguard.Guard{Allow: loopback},
	})
	if err != nil {
		t.Fatal(err)
	}
	dl, err := delivery.New(svc, delivery.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Watch(svc, dl); err != nil {
		t.Fatal(err)
	}
	h, err := httpapi.New(svc, httpapi.Config{UploadDir: filepath.Join(dir, "uploads"), Logger: log, Observer: m, Delivery: dl})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	if err := m.WatchAnalytics(h.AnalyticsSignals); err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(h)
	t.Cleanup(api.Close)
	admin := httptest.NewServer(m.Handler())
	t.Cleanup(admin.Close)
	sp, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{m: m, svc: svc, dl: dl, db: db, api: api}
	for _, k := range keys {
		if k.Access == videohost.AccessReadWrite {
			s.rw = k.Secret
			s.p = &videohost.Principal{Space: sp.ID, KeyID: k.ID, Access: k.Access}
		}
	}
	s.scrape = func(t *testing.T) map[string]float64 {
		t.Helper()
		res, err := http.Get(admin.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("scrape: %d", res.StatusCode)
		}
		return parseExposition(t, res.Body)
	}
	return s
}

// parseExposition reads the text format into series → value; a series is
// written as Prometheus prints it: name{label="value",...}, labels sorted.
func parseExposition(t *testing.T, r io.Reader) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("bad sample %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

func (s *stack) do(t *testing.T, method, path, key string, body io.Reader, hdr ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, s.api.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// publish makes a ready video with one rendition, as a worker would.
func (s *stack) publish(t *testing.T) *videohost.Video {
	t.Helper()
	ctx := context.Background()
	v, err := s.svc.CreateUploadVideo(ctx, s.p, videohost.UploadInput{Title: "v"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "h264_sd.mp4"), []byte("mp4"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.Jobs().SourceStored(ctx, v.ID, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	v, err = s.svc.Jobs().PublishReady(ctx, v.ID, dir, &videohost.ProcessOutput{
		Duration: 3, Width: 320, Height: 240,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Width: 320, Height: 240}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestScrape makes requests, an upload, a job, a webhook attempt and frame
// lookups, then scrapes /metrics and checks each series and value.
func TestScrape(t *testing.T) {
	ctx := context.Background()
	s := newStack(t)

	// HTTP, by route template: never the raw path.
	for range 2 {
		if r := s.do(t, "GET", "/v1/videos", s.rw, nil); r.StatusCode != http.StatusOK {
			t.Fatalf("list: %d", r.StatusCode)
		}
	}
	s.do(t, "GET", "/v1/videos/aaaaaaaaaaaa", s.rw, nil)
	s.do(t, "GET", "/no/such/path/at/all", "", nil)
	s.do(t, "BREW", "/v1/videos", s.rw, nil)

	// An upload: 40 of its 100 bytes, sent with the creation request.
	s.do(t, "POST", "/v1/uploads", s.rw, bytes.NewReader(bytes.Repeat([]byte{'u'}, 40)),
		"Tus-Resumable", "1.0.0", "Upload-Length", "100", "Content-Type", "application/offset+octet-stream")

	// Frames: a miss, then a hit.
	v := s.publish(t)
	for range 2 {
		if r := s.do(t, "GET", "/images/"+v.Embed+".jpg?time=1&width=100", "", nil); r.StatusCode != http.StatusOK {
			t.Fatalf("frame: %d", r.StatusCode)
		}
	}

	// Analytics: one event kept, one for no video dropped.
	beacon := `{"events": [{"type": "play", "embed": "` + v.Embed + `", "session": "s", "t": 1},
		{"type": "play", "embed": "` + v.Space + `zzzzzzzzzz", "session": "s", "t": 1}]}`
	if r := s.do(t, "POST", "/v1/events", "", strings.NewReader(beacon)); r.StatusCode != http.StatusAccepted {
		t.Fatalf("events: %d", r.StatusCode)
	}

	// A job run, as the worker reports it.
	s.m.JobFinished(videohost.JobPrepare, "done", 1500*time.Millisecond)

	// A webhook endpoint that answers 500: one failed attempt, retried later.
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(500) }))
	t.Cleanup(hook.Close)
	wh, err := webhookadmin.New(s.svc).CreateWebhook(ctx, s.p, webhookadmin.CreateWebhookInput{URL: hook.URL + "/hook", Events: []string{"video.created"}})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.do(t, "POST", "/v1/videos", s.rw, strings.NewReader(`{"input_url": "https://203.0.113.7/a.mp4"}`), "Content-Type", "application/json"); r.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d", r.StatusCode)
	}
	d, err := worker.NewDispatcher(worker.DispatcherConfig{Jobs: s.svc.Jobs(), Observer: s.m, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := d.RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("dispatch: %d attempts, %v", n, err)
	}

	got := s.scrape(t)
	want := map[string]float64{
		`reel_http_request_duration_seconds_count{method="GET",route="/v1/videos",status="200"}`:      2,
		`reel_http_request_duration_seconds_count{method="GET",route="/v1/videos/{id}",status="404"}`: 1,
		`reel_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}`:       1,
		`reel_http_request_duration_seconds_count{method="OTHER",route="unmatched",status="405"}`:     1,
		`reel_http_request_duration_seconds_count{method="POST",route="/v1/uploads",status="201"}`:    1,
		`reel_http_request_duration_seconds_count{method="GET",route="/images/",status="200"}`:        2,
		`reel_upload_bytes_received_total`:                                     40,
		`reel_upload_bytes_in_flight`:                                          0,
		`reel_frame_cache_lookups_total{result="hit"}`:                         1,
		`reel_frame_cache_lookups_total{result="miss"}`:                        1,
		`reel_frame_cache_bytes`:                                               100,
		`reel_frame_cache_frames`:                                              1,
		`reel_frame_cache_limit_bytes`:                                         1 << 30,
		`reel_frame_cache_evictions_total`:                                     0,
		`reel_job_duration_seconds_count{kind="prepare",outcome="done"}`:       1,
		`reel_queue_jobs{kind="prepare",state="queued"}`:                       1, // the published video's, never run here
		`reel_queue_jobs{kind="fetch",state="queued"}`:                         1,
		`reel_queue_jobs{kind="fetch",state="running"}`:                        0,
		`reel_queue_jobs{kind="transcode",state="delayed"}`:                    0,
		`reel_webhook_deliveries{endpoint="` + wh.ID + `",state="pending"}`:    1,
		`reel_webhook_deliveries{endpoint="` + wh.ID + `",state="failed"}`:     0,
		`reel_webhook_attempts_total{endpoint="` + wh.ID + `",result="retry"}`: 1,
	}
	for series, w := range want {
		v, ok := got[series]
		if !ok {
			t.Errorf("no series %s", series)
			continue
		}
		if v != w {
			t.Errorf("%s = %v, want %v", series, v, w)
		}
	}
	for series := range got {
		if strings.Contains(series, "aaaaaaaaaaaa") || strings.Contains(series, "/no/such") || strings.Contains(series, v.Embed) {
			t.Errorf("a raw path became a label: %s", series)
		}
	}
	if _, ok := got[`go_goroutines`]; !ok {
		t.Error("no Go runtime metrics")
	}
}

// TestRegistriesAreSeparate: two Metrics in one process (two servers in
// one test binary) do not share series.
func TestRegistriesAreSeparate(t *testing.T) {
	a, b := metrics.New(metrics.Config{}), metrics.New(metrics.Config{})
	a.Request("GET", "/v1/videos", 200, time.Millisecond)
	st := newStack(t)
	if err := a.Watch(st.svc, st.dl); err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*metrics.Metrics{"a": a, "b": b} {
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		got := parseExposition(t, rec.Body)
		_, hasHTTP := got[`reel_http_request_duration_seconds_count{method="GET",route="/v1/videos",status="200"}`]
		_, hasFrames := got[`reel_frame_cache_bytes`]
		if want := name == "a"; hasHTTP != want || hasFrames != want {
			t.Errorf("registry %s: request series %v, frame series %v", name, hasHTTP, hasFrames)
		}
	}
}
