package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
)

// Analytics ingest: POST /v1/events takes batches from @reel/metrics. It
// has no authentication and open CORS, since any page that embeds a player sends to it; what protects it is a per-address
// rate limit, a small body limit and a bounded queue.
//
// Privacy: the client address and the User-Agent are handed to the ingest in
// memory, which keeps only a daily salted hash and browser/OS/device
// families. Nothing in this file logs them, and the request log of
// handler.go records method, route, status, duration and key id only, never
// an address. The rate limiter holds addresses as map keys, in memory, for
// one minute.

// Defaults of AnalyticsConfig.
const (
	DefaultBeaconRateLimit    = 600      // batches per minute per client address
	DefaultBeaconMaxBodyBytes = 64 << 10 // 64 KiB
	// beaconRetryAfter is what a client is told to wait when the queue is
	// full: the writer drains a full batch in well under a second.
	beaconRetryAfter = 2
)

// AnalyticsConfig configures POST /v1/events and the analytics writer. Zero
// values are the defaults.
type AnalyticsConfig struct {
	// RateLimit is the number of batches one client address (an IPv6 /64)
	// may post per minute. Default 600; negative disables the limit.
	RateLimit int
	// MaxBodyBytes caps a batch; larger ones get 413. Default 64 KiB. A
	// batch also holds at most 500 events (413 past it).
	MaxBodyBytes int64
	// TrustedProxies are the addresses of reverse proxies whose
	// X-Forwarded-For is believed; the client is the right-most address that
	// is not one of them. Default none: the client is the peer address. The
	// cold-frame limit (FrameConfig) names clients the same way.
	TrustedProxies []netip.Prefix
	// Ingest tunes the batching writer and the retention of raw events.
	Ingest analytics.IngestConfig
}

func (c AnalyticsConfig) withDefaults() AnalyticsConfig {
	if c.RateLimit == 0 {
		c.RateLimit = DefaultBeaconRateLimit
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultBeaconMaxBodyBytes
	}
	return c
}

// beaconBody is the body of POST /v1/events.
type beaconBody struct {
	Signals []analytics.BeaconSignal `json:"events"`
}

// analyticsRoutes starts the analytics writer (Close stops it, flushing what
// waits) and registers ingest and the stats routes.
func (h *Handler) analyticsRoutes(r *mux.Router, api func(method, path string, fn apiFunc)) {
	cfg := h.cfg.Analytics.withDefaults()
	ingest, err := h.analytics.StartIngest(cfg.Ingest)
	if err != nil {
		h.log.Warn("analytics ingest is off", "err", err)
	} else {
		h.ingest = ingest
		// Stopped with the Handler's other background work: Close closes
		// h.stop and waits for h.wg.
		h.wg.Add(1)
		go func() {
			defer h.wg.Done()
			<-h.stop
			ingest.Close()
		}()
	}
	var limiter *rateLimiter
	if cfg.RateLimit > 0 {
		limiter = newRateLimiter(cfg.RateLimit, time.Minute, h.svc.Clock())
		h.every(time.Minute, func(context.Context) { limiter.sweep() })
	}

	post := func(w http.ResponseWriter, r *http.Request) {
		setBeaconCORS(w)
		if err := postBeacon(w, r, cfg, limiter, ingest); err != nil {
			if videohost.ErrorCode(err) == videohost.EUnavailable {
				w.Header().Set("Retry-After", strconv.Itoa(beaconRetryAfter))
				h.refuse(w, r, "analytics events", err)
				return
			}
			h.writeError(w, r, err)
		}
	}
	r.HandleFunc("/v1/events", post).Methods(http.MethodPost)
	r.HandleFunc("/v1/events", beaconPreflight).Methods(http.MethodOptions)
	api(http.MethodGet, "/v1/videos/{id}/stats", h.videoStats)
	api(http.MethodGet, "/v1/stats", h.spaceStats)
	api(http.MethodGet, "/v1/live-streams/{id}/stats", h.liveStreamStats)
}

func postBeacon(w http.ResponseWriter, r *http.Request, cfg AnalyticsConfig, limiter *rateLimiter, ingest *analytics.Ingest) error {
	addr := clientIP(r, cfg.TrustedProxies)
	if limiter != nil && !limiter.takeBounded(w, rateKeyOf(addr)) {
		return videohost.Errorf(videohost.ERateLimited, "more than %d event batches a minute from this address", cfg.RateLimit)
	}
	if ingest == nil {
		return videohost.Errorf(videohost.EUnavailable, "analytics is not available on this server")
	}
	// text/plain is what navigator.sendBeacon sends with a string body, and
	// it spares the page a preflight; the body is JSON whatever the label.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, cfg.MaxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return videohost.Errorf(videohost.EPayloadTooLarge, "an event batch is at most %d bytes", tooLarge.Limit)
		}
		return videohost.Errorf(videohost.EValidation, "reading the request body: %v", err)
	}
	in, err := decodeBeacon(body)
	if err != nil {
		return err
	}
	origin := r.Header.Get("Origin")
	if origin == "" || origin == "null" {
		origin = r.Header.Get("Referer")
	}
	n, err := ingest.Submit(r.Context(), analytics.Beacon{
		IP: addr.String(), UserAgent: r.UserAgent(), Origin: origin, Signals: in.Signals,
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, map[string]int{"accepted": n})
	return nil
}

// AnalyticsSignals counts the beacon signals of this Handler since it
// started: "accepted" ones and those dropped, by reason
// (analytics.Drop*). It is nil when analytics is off.
func (h *Handler) AnalyticsSignals() map[string]int64 {
	if h.ingest == nil {
		return nil
	}
	out := h.ingest.Dropped()
	out["accepted"] = h.ingest.Accepted()
	return out
}

// decodeBeacon reads the JSON of a beacon batch; what the events say is
// checked by the ingest.
func decodeBeacon(body []byte) (beaconBody, error) {
	var in beaconBody
	if err := json.Unmarshal(body, &in); err != nil {
		return beaconBody{}, jsonError(err)
	}
	return in, nil
}

// setBeaconCORS lets every page post events.
func setBeaconCORS(w http.ResponseWriter) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
}

// beaconPreflight answers the preflight of a fetch() with a JSON body.
func beaconPreflight(w http.ResponseWriter, _ *http.Request) {
	setBeaconCORS(w)
	hdr := w.Header()
	hdr.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
	hdr.Set("Access-Control-Allow-Headers", "Content-Type")
	hdr.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}

// clientIP is the peer address of r, or, when the peer is a trusted proxy,
// the right-most X-Forwarded-For address that is not a trusted proxy (the
// left-most entries are whatever the client chose to send).
func clientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	peer = peer.Unmap()
	isTrusted := func(a netip.Addr) bool {
		for _, p := range trusted {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	if !isTrusted(peer) {
		return peer
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return peer
		}
		if a = a.Unmap(); !isTrusted(a) {
			return a
		}
	}
	return peer
}

// rateKeyOf is the events limiter's key of a client address.
func rateKeyOf(a netip.Addr) string { return "events:" + clientKey(a) }

// clientKey names a client for a per-address limit. It groups IPv6 clients
// by /64: one host usually holds a whole /64, so per-address counting would
// be no limit at all.
func clientKey(a netip.Addr) string {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// takeBounded is take for keys that come from the network: once the limiter
// holds maxRateWindows live windows, a new key is refused rather than letting
// a flood of addresses grow the map without bound.
func (l *rateLimiter) takeBounded(w http.ResponseWriter, key string) bool {
	l.mu.Lock()
	_, known := l.windows[key]
	if !known && len(l.windows) >= maxRateWindows {
		l.sweepLocked(l.clock.Now())
		if len(l.windows) >= maxRateWindows {
			l.mu.Unlock()
			w.Header().Set("Retry-After", strconv.Itoa(int(l.window.Seconds())))
			return false
		}
	}
	l.mu.Unlock()
	return l.take(w, key)
}
