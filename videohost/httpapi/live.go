package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/internal/ttlcache"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// lowLatencyPrefix is where a live video's low-latency HLS is served, by
// the process its session runs on.
const lowLatencyPrefix = "/live/"

// serveLowLatency serves GET {base_url}/live/{space}/{id}/… from the
// video's live session (Config.LowLatency): the packager's multivariant
// playlist (master.m3u8), its media playlists with blocking reloads and
// delta updates, parts and segments. A session that runs on another
// process (its video's record, videohost.Service.LiveSessionOwner) is
// reached through this one: the request is passed on to it as it came.
//
// A signed video's requests are let in as its /media/ files are (a token,
// or a grant with the version it names), and its playlists are rewritten
// as they leave: every URI they list (variants, segments, parts, preload
// hints, rendition reports, the init segment) carries the version and a
// grant (or the token), so hls.js's blocking reloads, which add their
// _HLS_ parameters to the URI it was given, keep it. The packager's own
// answers are never cached here: a live playlist changes every part.
func (h *Handler) serveLowLatency(w http.ResponseWriter, r *http.Request) {
	if !h.readOnlyMethod(w, r) {
		return
	}
	h.setCORS(w)
	notFound := func(msg string) { h.writeError(w, r, videohost.Errorf(videohost.ENotFound, "%s", msg)) }
	if hasEncodedSlash(r) {
		notFound("no such live file")
		return
	}
	space, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, lowLatencyPrefix), "/")
	videoID, file, _ := strings.Cut(rest, "/")
	if !videohost.ValidID(space, videohost.SpaceIDLen) || !videohost.ValidID(videoID, videohost.VideoIDLen) || file == "" {
		notFound("no such live file")
		return
	}
	ctx := r.Context()
	v, err := h.svc.VideoByID(ctx, videoID)
	if err == nil && v.Space != space {
		err = videohost.Errorf(videohost.ENotFound, "no such video")
	}
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	// The grants of a live session's playlists name the session, not an
	// asset version: the video's first version is published after its
	// first playlists were served, and a grant for the version it had then
	// (none) would stop opening its parts. A grant for liveGrantVersion
	// opens /live/ files alone: no published version has that name.
	lv := *v
	lv.AssetVersion = liveGrantVersion
	query := parseAssetQuery(r.URL.RawQuery)
	pass, err := h.access.AuthorizeAsset(ctx, &lv, access.PlaybackRequest{
		Token: query.token, Grant: query.grant, Version: query.version,
		Origin: r.Header.Get("Origin"), Referer: r.Header.Get("Referer"),
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	var session http.Handler
	ok := false
	if h.cfg.LowLatency != nil {
		session, ok = h.cfg.LowLatency(videoID)
	}
	if !ok {
		if h.liveProxy.pass(w, r, videoID) {
			return
		}
		notFound("this video has no live session")
		return
	}
	handler := http.StripPrefix(lowLatencyPrefix+space+"/"+videoID, session)
	if v.PlaybackPolicy != videohost.PlaybackSigned {
		handler.ServeHTTP(w, r)
		return
	}
	sw := &signedLiveWriter{ResponseWriter: w, playlist: strings.HasSuffix(file, ".m3u8") && r.Method == http.MethodGet}
	handler.ServeHTTP(sw, r)
	if sw.playlist {
		param, value := pass.Listed()
		sw.flushPlaylist(newPinner(pass.Version, param, value).pin)
	}
}

// signedLiveWriter is the packager's answer to a signed video's request:
// its caching made private (an answer let in by one viewer's credential is
// not for a shared cache), and a playlist held back to be rewritten.
type signedLiveWriter struct {
	http.ResponseWriter
	playlist    bool
	status      int
	body        bytes.Buffer
	wroteHeader bool
}

func (w *signedLiveWriter) WriteHeader(status int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	hdr := w.Header()
	switch cc := hdr.Get("Cache-Control"); {
	case strings.HasPrefix(cc, "public"):
		hdr.Set("Cache-Control", "private"+strings.TrimPrefix(cc, "public"))
	case cc == "":
		hdr.Set("Cache-Control", "private, no-cache")
	case !strings.HasPrefix(cc, "private"):
		hdr.Set("Cache-Control", "private, "+cc)
	}
	if w.playlist {
		w.status = status
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *signedLiveWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if w.playlist {
		return w.body.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// flushPlaylist writes the held playlist with pin applied to its URIs (an
// error answer as it was).
func (w *signedLiveWriter) flushPlaylist(pin func(string) string) {
	if !w.wroteHeader {
		return // nothing was answered (a HEAD the packager left empty)
	}
	body := w.body.Bytes()
	if w.status == http.StatusOK && len(body) > 0 {
		body = rewritePlaylist(body, pin)
	}
	hdr := w.Header()
	hdr.Del("Etag") // the packager's, of the bytes before the rewrite
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.ResponseWriter.WriteHeader(w.status)
	w.ResponseWriter.Write(body)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *signedLiveWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// liveGrantVersion is the version the grants of low-latency playlists are
// minted for (serveLowLatency).
const liveGrantVersion = "live"

// liveProxiedHeader marks a request one api process passed on to another:
// the other answers from its own sessions only, never passing it on again.
const liveProxiedHeader = "Reel-Live-Proxied"

// liveOwnerTTL is how long an api process keeps what it read of a live
// session's process: the record is read from blob storage, and a viewer
// asks for a playlist or a part every half second.
const liveOwnerTTL = 2 * time.Second

// liveProxy passes a live video's low-latency HLS requests on to the
// process its session runs on.
type liveProxy struct {
	svc    *videohost.Service
	owners *ttlcache.Cache[string] // by video id; "" for no session
	proxy  *httputil.ReverseProxy
}

func newLiveProxy(svc *videohost.Service) *liveProxy {
	p := &liveProxy{svc: svc, owners: ttlcache.New[string](liveOwnerTTL, 10_000)}
	p.proxy = &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(pr.In.Context().Value(liveTargetKey{}).(*url.URL))
			pr.Out.Header.Set(liveProxiedHeader, "1")
		},
		// This process set the CORS headers already; a second copy of
		// Access-Control-Allow-Origin makes browsers refuse the answer.
		ModifyResponse: func(res *http.Response) error {
			for k := range res.Header {
				if strings.HasPrefix(k, "Access-Control-") {
					res.Header.Del(k)
				}
			}
			return nil
		},
		// Parts leave as they come: a blocked request's answer is the
		// part the viewer waits for.
		FlushInterval: -1,
		Transport: &http.Transport{
			Proxy:                 nil,
			MaxIdleConnsPerHost:   64,
			IdleConnTimeout:       90 * time.Second,
			ResponseHeaderTimeout: 30 * time.Second, // a blocking reload is held 3 target durations
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			// The session's process went away (a crash): the viewer's
			// player falls back on the standard HLS of any api process.
			w.Header().Set("Content-Type", "application/problem+json")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusBadGateway)
			w.Write([]byte(`{"type":"https://reel.dev/problems/unavailable","title":"Bad Gateway","status":502,"detail":"the process of the live session did not answer","code":"unavailable"}`))
		},
	}
	return p
}

type liveTargetKey struct{}

// pass passes r on to the process that claims the video's session, and
// reports whether it did: not for a request already passed on, nor when
// no process claims the session.
func (p *liveProxy) pass(w http.ResponseWriter, r *http.Request, videoID string) bool {
	if r.Header.Get(liveProxiedHeader) != "" {
		return false
	}
	owner, ok := p.owners.Get(videoID)
	if !ok {
		var err error
		if owner, err = p.svc.LiveSessionOwner(r.Context(), videoID); err != nil {
			return false
		}
		p.owners.Put(videoID, owner)
	}
	target, err := url.Parse(owner)
	if owner == "" || err != nil || (target.Scheme != "http" && target.Scheme != "https") || target.Host == "" {
		return false
	}
	p.proxy.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), liveTargetKey{}, target)))
	return true
}
