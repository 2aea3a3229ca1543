package llhls

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Cache-Control values. A blocking playlist request (_HLS_msn) is cached
// for a second, as Apple advises: every later answer to the same URL is
// a superset of a cached one (it lists the requested part at least), so a
// CDN may collapse the identical requests of all viewers waiting for the
// same part into one held at the origin. A plain playlist request is not
// cached: it is how a player finds the live edge.
const (
	cacheNone      = "no-cache"
	cacheBlocking  = "public, max-age=1"
	cacheImmutable = "public, max-age=31536000, immutable"
)

// Handler serves the session's HLS: master.m3u8, {track}/playlist.m3u8
// (blocking reload with _HLS_msn and _HLS_part, delta updates with
// _HLS_skip), parts {track}/{msn}.{part}.m4s, segments {track}/{msn}.m4s
// and init segments {track}/init{n}.mp4. It looks only at the last two
// elements of the path, so it can be mounted under any prefix. A segment
// that has left memory is read from Storage when it is a ReadStorage,
// else answered 404.
func (m *Muxer) Handler() http.Handler {
	return http.HandlerFunc(m.serveHTTP)
}

// hold is how long a blocking request waits: three target durations, as
// RFC 8216bis has a server answer 503 after.
func (m *Muxer) hold() time.Duration {
	if m.cfg.HoldTimeout > 0 {
		return m.cfg.HoldTimeout
	}
	return 3 * m.cfg.SegmentTarget
}

func (m *Muxer) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	elems := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	file := elems[len(elems)-1]
	if file == "master.m3u8" {
		m.serveMaster(w, r)
		return
	}
	if len(elems) < 2 {
		http.NotFound(w, r)
		return
	}
	m.mu.Lock()
	var t *track
	// The Handler is mounted under any prefix, and a track's name may hold
	// a slash (audio/0): the track is the one whose name ends the path.
	folder := "/" + strings.Join(elems[:len(elems)-1], "/")
	for _, o := range m.tracks {
		if strings.HasSuffix(folder, "/"+o.name) && (t == nil || len(o.name) > len(t.name)) {
			t = o
		}
	}
	m.mu.Unlock()
	if t == nil {
		http.NotFound(w, r)
		return
	}
	switch {
	case file == "playlist.m3u8":
		m.servePlaylist(w, r, t)
	case strings.HasPrefix(file, "init") && strings.HasSuffix(file, ".mp4"):
		n, err := 0, error(nil)
		if digits := strings.TrimSuffix(strings.TrimPrefix(file, "init"), ".mp4"); digits != "" || !t.reel {
			n, err = strconv.Atoi(digits)
		}
		m.mu.Lock()
		var data []byte
		if err == nil && n >= 0 && n < len(t.inits) {
			data = t.inits[n]
		}
		m.mu.Unlock()
		serveBytes(w, r, "video/mp4", data)
	case strings.HasSuffix(file, ".m4s"):
		num := strings.Split(strings.TrimSuffix(file, ".m4s"), ".")
		msn, err := strconv.ParseUint(num[0], 10, 64)
		if err != nil || len(num) > 2 {
			http.NotFound(w, r)
			return
		}
		if len(num) == 2 {
			p, err := strconv.Atoi(num[1])
			if err != nil || p < 0 {
				http.NotFound(w, r)
				return
			}
			m.servePart(w, r, t, msn, p)
			return
		}
		m.serveSegment(w, r, t, msn)
	default:
		http.NotFound(w, r)
	}
}

func serveBytes(w http.ResponseWriter, r *http.Request, ctype string, data []byte) {
	if data == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", cacheImmutable)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

func servePlaylistBytes(w http.ResponseWriter, r *http.Request, cache string, data []byte) {
	w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
	w.Header().Set("Cache-Control", cache)
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

func unavailable(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "not available yet", http.StatusServiceUnavailable)
}

// wait holds until ready, the session is finished, ctx ends or the hold
// expires; it reports whether ready. m.mu is held on entry and on return.
func (m *Muxer) wait(ctx context.Context, ready func() bool) bool {
	var timer *time.Timer
	for !ready() {
		if m.finished {
			return false
		}
		if timer == nil {
			timer = time.NewTimer(m.hold())
			defer timer.Stop()
		}
		ch := m.changed
		m.held++
		m.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			m.mu.Lock()
			m.held--
			return false
		case <-timer.C:
			m.mu.Lock()
			m.held--
			return ready()
		}
		m.mu.Lock()
		m.held--
	}
	return true
}

func (m *Muxer) serveMaster(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	var data []byte
	// A player may ask as the stream starts: hold it until the codecs
	// are known rather than have it give up.
	m.wait(r.Context(), func() bool { data = m.masterPlaylist(); return data != nil })
	m.mu.Unlock()
	if data == nil {
		unavailable(w)
		return
	}
	servePlaylistBytes(w, r, cacheNone, data)
}

func (m *Muxer) servePlaylist(w http.ResponseWriter, r *http.Request, t *track) {
	q := r.URL.Query()
	skip := q.Get("_HLS_skip") == "YES" || q.Get("_HLS_skip") == "v2"
	qmsn, qpart := q.Get("_HLS_msn"), q.Get("_HLS_part")
	if qmsn == "" {
		if qpart != "" {
			http.Error(w, "_HLS_part without _HLS_msn", http.StatusBadRequest)
			return
		}
		m.mu.Lock()
		// A playlist without a complete segment is legal but makes
		// players (hls.js, FFmpeg) give up or retry: at the start of a
		// session, hold the request until the first segment is complete.
		listed := func() bool { return len(t.segs) > 0 }
		m.wait(r.Context(), listed)
		var data []byte
		if listed() {
			data = m.playlist(t, skip)
		}
		m.mu.Unlock()
		if data == nil {
			unavailable(w)
			return
		}
		servePlaylistBytes(w, r, cacheNone, data)
		return
	}
	msn, err := strconv.ParseUint(qmsn, 10, 64)
	if err != nil {
		http.Error(w, "bad _HLS_msn", http.StatusBadRequest)
		return
	}
	part := -1
	if qpart != "" {
		part, err = strconv.Atoi(qpart)
		if err != nil || part < 0 {
			http.Error(w, "bad _HLS_part", http.StatusBadRequest)
			return
		}
	}
	m.mu.Lock()
	last := uint64(0)
	if t.cur != nil {
		last = t.cur.msn
	} else if n := len(t.segs); n > 0 {
		last = t.segs[n-1].msn
	}
	if msn > last+2 && !m.finished {
		m.mu.Unlock()
		http.Error(w, "_HLS_msn is more than two past the last segment", http.StatusBadRequest)
		return
	}
	ready := func() bool {
		if n := len(t.segs); n > 0 && t.segs[n-1].msn >= msn {
			return true
		}
		if t.cur == nil {
			return false
		}
		if t.cur.msn > msn {
			return true
		}
		return part >= 0 && t.cur.msn == msn && len(t.cur.parts) > part
	}
	ok := m.wait(r.Context(), ready) || m.finished
	var data []byte
	if ok {
		data = m.playlist(t, skip)
	}
	m.mu.Unlock()
	if !ok {
		unavailable(w)
		return
	}
	servePlaylistBytes(w, r, cacheBlocking, data)
}

// segmentAt finds the complete segment msn of t. m.mu is held.
func (t *track) segmentAt(msn uint64) *segment {
	i := sort.Search(len(t.segs), func(i int) bool { return t.segs[i].msn >= msn })
	if i < len(t.segs) && t.segs[i].msn == msn {
		return t.segs[i]
	}
	return nil
}

// servePart serves a part, holding the request for the part a preload
// hint names (or any later one of the growing segment) until it is
// written.
func (m *Muxer) servePart(w http.ResponseWriter, r *http.Request, t *track, msn uint64, p int) {
	m.mu.Lock()
	var data []byte
	find := func() bool {
		if s := t.segmentAt(msn); s != nil {
			if p < len(s.parts) {
				data = s.parts[p].data
			}
			return true // found, or never will be
		}
		if t.cur != nil && t.cur.msn == msn && p < len(t.cur.parts) {
			data = t.cur.parts[p].data
			return true
		}
		return false
	}
	next := m.nextMSN
	if t.cur != nil {
		next = t.cur.msn
	}
	if !find() && msn >= next && msn <= next+1 {
		m.wait(r.Context(), find)
	}
	m.mu.Unlock()
	serveBytes(w, r, "video/iso.segment", data)
}

func (m *Muxer) serveSegment(w http.ResponseWriter, r *http.Request, t *track, msn uint64) {
	m.mu.Lock()
	s := t.segmentAt(msn)
	var data []byte
	if s != nil {
		data = s.data
	}
	m.mu.Unlock()
	if s == nil {
		http.NotFound(w, r)
		return
	}
	if data != nil {
		serveBytes(w, r, "video/iso.segment", data)
		return
	}
	rs, ok := m.cfg.Storage.(ReadStorage)
	if !ok {
		http.NotFound(w, r)
		return
	}
	f, err := rs.Open(r.Context(), t.name+"/"+strconv.FormatUint(msn, 10)+".m4s")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			http.NotFound(w, r)
			return
		}
		m.cfg.Logger.Error("llhls: reading a segment", "track", t.name, "msn", msn, "err", err)
		http.Error(w, "storage error", http.StatusBadGateway)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "video/iso.segment")
	w.Header().Set("Cache-Control", cacheImmutable)
	if s.size > 0 {
		w.Header().Set("Content-Length", strconv.Itoa(s.size))
	}
	if r.Method != http.MethodHead {
		io.Copy(w, f)
	}
}
