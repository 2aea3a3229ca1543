package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
)

// DefaultCollectTimeout bounds the reads one scrape makes.
const DefaultCollectTimeout = 2 * time.Second

// Config configures Metrics. Zero values are the defaults.
type Config struct {
	// Logger receives collection errors. Default slog.Default().
	Logger *slog.Logger
	// CollectTimeout bounds the store reads of one scrape (default 2 s);
	// what does not answer in time is left out of that scrape.
	CollectTimeout time.Duration
}

// Metrics holds one process's metrics on a registry of its own. It is safe
// for concurrent use.
type Metrics struct {
	reg     *prometheus.Registry
	log     *slog.Logger
	timeout time.Duration

	httpDuration    *prometheus.HistogramVec
	uploadInFlight  prometheus.Gauge
	uploadReceived  prometheus.Counter
	jobDuration     *prometheus.HistogramVec
	webhookAttempts *prometheus.CounterVec
}

// New returns Metrics on a fresh registry that also holds the Go runtime
// and process collectors.
func New(cfg Config) *Metrics {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.CollectTimeout <= 0 {
		cfg.CollectTimeout = DefaultCollectTimeout
	}
	m := &Metrics{
		reg: prometheus.NewRegistry(), log: cfg.Logger, timeout: cfg.CollectTimeout,
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "reel_http_request_duration_seconds",
			Help: "Time to answer an HTTP request, by method, route template and status.",
			// Segments answer in a millisecond; an upload PATCH can take minutes.
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300},
		}, []string{"method", "route", "status"}),
		uploadInFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "reel_upload_bytes_in_flight",
			Help: "Bytes received so far by upload requests still in progress.",
		}),
		uploadReceived: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "reel_upload_bytes_received_total",
			Help: "Upload body bytes received.",
		}),
		jobDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "reel_job_duration_seconds",
			Help:    "Time a job ran, from claim to completion or failure, by kind and outcome (done, retried, dead).",
			Buckets: prometheus.ExponentialBuckets(0.05, 3, 12), // 50 ms to about 2.5 h
		}, []string{"kind", "outcome"}),
		webhookAttempts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "reel_webhook_attempts_total",
			Help: "Webhook delivery attempts by endpoint and result (delivered, retry: failed and to be retried, failed: failed for good).",
		}, []string{"endpoint", "result"}),
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpDuration, m.uploadInFlight, m.uploadReceived, m.jobDuration, m.webhookAttempts,
	)
	return m
}

// Registry is the registry the metrics live on, for an embedding program
// that adds its own.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in the Prometheus text format. Mount it where
// only operators reach it.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog:      slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
		ErrorHandling: promhttp.ContinueOnError,
	})
}

// methodLabel keeps the method label bounded: any other method is OTHER.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return method
	}
	return "OTHER"
}

// Request observes one HTTP request (httpapi.Observer). The route is a
// template, so the label set is bounded by the router.
func (m *Metrics) Request(method, route string, status int, took time.Duration) {
	method = methodLabel(method)
	if route == "" {
		route = "unmatched"
	}
	m.httpDuration.WithLabelValues(method, route, strconv.Itoa(status)).Observe(took.Seconds())
}

// UploadBytes observes upload bytes arriving (n > 0) and the end of an
// upload request (n < 0: what it received) (httpapi.Observer).
func (m *Metrics) UploadBytes(n int64) {
	m.uploadInFlight.Add(float64(n))
	if n > 0 {
		m.uploadReceived.Add(float64(n))
	}
}

// JobFinished observes one job run (worker.JobObserver).
func (m *Metrics) JobFinished(kind videohost.JobKind, outcome string, took time.Duration) {
	m.jobDuration.WithLabelValues(string(kind), outcome).Observe(took.Seconds())
}

// WebhookAttempt observes one recorded webhook attempt
// (worker.DeliveryObserver).
func (m *Metrics) WebhookAttempt(endpoint string, state videohost.DeliveryState, _ time.Duration) {
	result := "retry"
	switch state {
	case videohost.DeliveryDelivered:
		result = "delivered"
	case videohost.DeliveryFailed:
		result = "failed"
	}
	m.webhookAttempts.WithLabelValues(endpoint, result).Inc()
}

// Watch adds the metrics read at scrape time: the queue depth and the
// webhook backlog from svc, the frame cache from d, the delivery built
// over svc. Call it once per service.
func (m *Metrics) Watch(svc *videohost.Service, d *delivery.Delivery) error {
	return m.reg.Register(newServiceCollector(svc, d, m))
}

// WatchAnalytics adds reel_analytics_events_total{result}, read from
// signals at scrape time: "accepted" and the reasons beacon signals were
// dropped (httpapi.Handler.AnalyticsSignals). The metric keeps the name
// of the route, /v1/events, that dashboards already query.
func (m *Metrics) WatchAnalytics(signals func() map[string]int64) error {
	return m.reg.Register(&countersCollector{read: signals, desc: prometheus.NewDesc("reel_analytics_events_total",
		"Playback events posted to /v1/events by what became of them: accepted, or dropped (unknown_video, too_many_videos, over_cap, busy).",
		[]string{"result"}, nil)})
}

// countersCollector reports a map of counters under one label.
type countersCollector struct {
	read func() map[string]int64
	desc *prometheus.Desc
}

func (c *countersCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *countersCollector) Collect(ch chan<- prometheus.Metric) {
	for k, v := range c.read() {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.CounterValue, float64(v), k)
	}
}

// serviceCollector reads the service on each scrape.
type serviceCollector struct {
	svc      *videohost.Service
	delivery *delivery.Delivery
	m        *Metrics

	queueJobs, webhookDeliveries                                      *prometheus.Desc
	frameBytes, frameFrames, frameLimit, frameLookups, frameEvictions *prometheus.Desc
}

func newServiceCollector(svc *videohost.Service, d *delivery.Delivery, m *Metrics) *serviceCollector {
	return &serviceCollector{
		svc: svc, delivery: d, m: m,
		queueJobs: prometheus.NewDesc("reel_queue_jobs",
			"Unfinished jobs by kind and state (queued: runnable now; delayed: waiting for a retry; running).", []string{"kind", "state"}, nil),
		webhookDeliveries: prometheus.NewDesc("reel_webhook_deliveries",
			"Undelivered webhook deliveries by endpoint and state (pending: waiting for an attempt; failed: retries spent).", []string{"endpoint", "state"}, nil),
		frameBytes:  prometheus.NewDesc("reel_frame_cache_bytes", "Bytes of frames in the frame cache.", nil, nil),
		frameFrames: prometheus.NewDesc("reel_frame_cache_frames", "Frames in the frame cache.", nil, nil),
		frameLimit:  prometheus.NewDesc("reel_frame_cache_limit_bytes", "The frame cache's byte cap (negative: frames are not cached).", nil, nil),
		frameLookups: prometheus.NewDesc("reel_frame_cache_lookups_total",
			"Frame requests by whether the cache had the frame (hit) or it had to be made (miss).", []string{"result"}, nil),
		frameEvictions: prometheus.NewDesc("reel_frame_cache_evictions_total", "Frames evicted to keep the cache within its cap.", nil, nil),
	}
}

// standardKinds always have a queue series, zero when idle, so that a
// dashboard does not see them vanish.
var standardKinds = [...]videohost.JobKind{videohost.JobFetch, videohost.JobPrepare, videohost.JobTranscode, videohost.JobSubtitles,
	videohost.JobAudioTracks, videohost.JobPoster, videohost.JobChunk, videohost.JobStitch, videohost.JobRemoveVersion, videohost.JobCodecs}

func (c *serviceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.queueJobs, c.webhookDeliveries, c.frameBytes, c.frameFrames, c.frameLimit, c.frameLookups, c.frameEvictions} {
		ch <- d
	}
}

func (c *serviceCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.m.timeout)
	defer cancel()

	fc := c.delivery.FrameCacheStats(ctx)
	ch <- prometheus.MustNewConstMetric(c.frameBytes, prometheus.GaugeValue, float64(fc.Bytes))
	ch <- prometheus.MustNewConstMetric(c.frameFrames, prometheus.GaugeValue, float64(fc.Frames))
	ch <- prometheus.MustNewConstMetric(c.frameLimit, prometheus.GaugeValue, float64(fc.Limit))
	ch <- prometheus.MustNewConstMetric(c.frameLookups, prometheus.CounterValue, float64(fc.Hits), "hit")
	ch <- prometheus.MustNewConstMetric(c.frameLookups, prometheus.CounterValue, float64(fc.Misses), "miss")
	ch <- prometheus.MustNewConstMetric(c.frameEvictions, prometheus.CounterValue, float64(fc.Evictions))

	if depth, err := c.svc.QueueDepth(ctx); err == nil {
		byKind := map[videohost.JobKind]videohost.QueueDepth{}
		for _, k := range standardKinds {
			byKind[k] = videohost.QueueDepth{Kind: k}
		}
		for _, d := range depth {
			byKind[d.Kind] = d
		}
		for _, d := range byKind {
			kind := string(d.Kind)
			ch <- prometheus.MustNewConstMetric(c.queueJobs, prometheus.GaugeValue, float64(d.Queued), kind, "queued")
			ch <- prometheus.MustNewConstMetric(c.queueJobs, prometheus.GaugeValue, float64(d.Delayed), kind, "delayed")
			ch <- prometheus.MustNewConstMetric(c.queueJobs, prometheus.GaugeValue, float64(d.Running), kind, "running")
		}
	} else if videohost.ErrorCode(err) != videohost.EUnavailable {
		c.m.log.WarnContext(ctx, "collecting queue depth", "err", err)
	}

	if backlog, err := c.svc.WebhookBacklog(ctx); err == nil {
		for _, b := range backlog {
			ch <- prometheus.MustNewConstMetric(c.webhookDeliveries, prometheus.GaugeValue, float64(b.Pending), b.Endpoint, "pending")
			ch <- prometheus.MustNewConstMetric(c.webhookDeliveries, prometheus.GaugeValue, float64(b.Failed), b.Endpoint, "failed")
		}
	} else if videohost.ErrorCode(err) != videohost.EUnavailable {
		c.m.log.WarnContext(ctx, "collecting webhook backlog", "err", err)
	}
}
