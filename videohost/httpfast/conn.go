package httpfast

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

// A connection's states, for Shutdown: it closes idle connections only.
const (
	stateIdle int32 = iota // waiting for the first byte of a request
	stateActive
	stateClosed
)

// conn is one connection the fast path serves.
type conn struct {
	s          *Server
	nc         net.Conn
	br         *bufio.Reader
	ctx        context.Context
	base       *http.Request // carries ctx; each request is a copy
	remoteAddr string
	state      atomic.Int32
	w          response
}

func (c *conn) serve() {
	handed := false
	c.br = c.s.reader(c.nc)
	defer func() {
		if !handed {
			c.nc.Close()
			c.s.putReader(c.br)
		}
		c.s.forget(c)
	}()
	hs := c.s.HTTP
	idle, header := hs.IdleTimeout, hs.ReadHeaderTimeout
	if idle <= 0 {
		idle = hs.ReadTimeout
	}
	if header <= 0 {
		header = hs.ReadTimeout
	}
	// As under net/http, the first request's head must come within the
	// header timeout from the connection's start; later ones may wait the
	// idle timeout for their first bytes, and the connection closes quietly
	// unless at least 4 of them come.
	wait, need := header, 1
	for {
		c.state.Store(stateIdle)
		if c.s.closing.Load() {
			return
		}
		setReadDeadline(c.nc, wait)
		if _, err := c.br.Peek(need); err != nil {
			return
		}
		if !c.state.CompareAndSwap(stateIdle, stateActive) {
			return // Shutdown or Close took it
		}
		if need == 4 {
			setReadDeadline(c.nc, header)
		}
		wait, need = idle, 4
		head, err := c.readHead()
		if errors.Is(err, io.EOF) {
			// The client sent part of a head and no more: net/http
			// answers that (a 400).
			handed = c.handOff()
			return
		}
		if err != nil {
			return // a timeout or a reset in the middle of a head
		}
		req, cancel := c.parse(head)
		if req == nil {
			handed = c.handOff()
			return
		}
		c.br.Discard(len(head)) //nolint:errcheck // head is buffered
		if !c.serveRequest(req, cancel) {
			return
		}
	}
}

func setReadDeadline(nc net.Conn, d time.Duration) {
	if d > 0 {
		nc.SetReadDeadline(time.Now().Add(d)) //nolint:errcheck // a closed connection fails the read that follows
	} else {
		nc.SetReadDeadline(time.Time{}) //nolint:errcheck // as above
	}
}

// readHead returns the next request head, through its empty line, still
// unread in c.br; nil when it is not one the fast path reads: longer than
// headLimit, or with a line ended by a bare LF.
func (c *conn) readHead() ([]byte, error) {
	scanned := 0
	for {
		buf, _ := c.br.Peek(c.br.Buffered())
		for i := scanned; i < len(buf); i++ {
			if buf[i] != '\n' {
				continue
			}
			if i == 0 || buf[i-1] != '\r' {
				return nil, nil
			}
			if i >= 3 && buf[i-2] == '\n' && buf[i-3] == '\r' {
				return buf[:i+1], nil
			}
		}
		scanned = len(buf)
		if len(buf) >= headLimit {
			return nil, nil
		}
		if _, err := c.br.Peek(len(buf) + 1); err != nil {
			return nil, err
		}
	}
}

// handOff gives the connection, with what was read of it, to HTTP. It
// reports whether HTTP took it.
func (c *conn) handOff() bool {
	c.nc.SetDeadline(time.Time{}) //nolint:errcheck // net/http sets its own
	hc := &handedConn{Conn: c.nc, s: c.s, br: c.br}
	c.s.forget(c)
	return c.s.handoff.give(hc)
}

// maxHeaders bounds the header lines the fast path reads; a request with
// more goes to net/http.
const maxHeaders = 64

// parse reads head as a request for the fast path, or returns nil for
// net/http to read: anything not plainly a bodiless GET or HEAD of a fast
// path. Nothing it accepts does net/http refuse or read otherwise
// (FuzzHead holds it to that).
func (c *conn) parse(head []byte) (*http.Request, context.CancelFunc) {
	// One string for the whole head: the target, names and values are
	// its substrings, one allocation in all.
	hs := string(head)
	line, rest, _ := strings.Cut(hs, "\r\n")
	var method string
	switch {
	case strings.HasPrefix(line, "GET "):
		method, line = http.MethodGet, line[4:]
	case strings.HasPrefix(line, "HEAD "):
		method, line = http.MethodHead, line[5:]
	default:
		return nil, nil
	}
	uri, proto, ok := strings.Cut(line, " ")
	if !ok || proto != "HTTP/1.1" || uri == "" || uri[0] != '/' {
		return nil, nil
	}
	for i := 0; i < len(uri); i++ {
		if b := uri[i]; b <= ' ' || b >= 0x7f {
			return nil, nil
		}
	}
	path := uri
	if i := strings.IndexByte(uri, '?'); i >= 0 {
		path = uri[:i]
	}
	if c.s.Fast == nil || !c.s.Fast(path) {
		return nil, nil
	}

	var lines [maxHeaders]string
	n := 0
	for rest != "" {
		var l string
		l, rest, _ = strings.Cut(rest, "\r\n")
		if l == "" {
			break
		}
		if n == maxHeaders {
			return nil, nil
		}
		lines[n] = l
		n++
	}
	header := make(http.Header, n)
	values := make([]string, n)
	var host string
	hosts, close := 0, false
	for i, l := range lines[:n] {
		colon := strings.IndexByte(l, ':')
		if colon <= 0 {
			return nil, nil
		}
		name, value := l[:colon], strings.Trim(l[colon+1:], " \t")
		for j := 0; j < len(name); j++ {
			if !isTokenByte(name[j]) {
				return nil, nil
			}
		}
		for j := 0; j < len(value); j++ {
			if b := value[j]; b < ' ' && b != '\t' || b == 0x7f {
				return nil, nil
			}
		}
		key := canonicalKey(name)
		switch key {
		case "Host":
			hosts++
			for j := 0; j < len(value); j++ {
				if !isHostByte(value[j]) {
					return nil, nil
				}
			}
			host = value
			continue
		case "Content-Length":
			if value != "0" || len(header[key]) > 0 {
				return nil, nil
			}
		case "Transfer-Encoding", "Expect", "Upgrade", "Trailer", "Pragma":
			// A body, an interim response, a protocol switch, or a
			// header net/http rewrites: net/http's business.
			return nil, nil
		case "Connection":
			close = close || listHasToken(value, "close")
		}
		values[i] = value
		if prev, ok := header[key]; ok {
			header[key] = append(prev, value) // a repeated name: a copy, not values' own array
		} else {
			header[key] = values[i : i+1 : i+1]
		}
	}
	if hosts != 1 {
		return nil, nil
	}
	u, ok := plainURL(uri, len(path))
	if !ok {
		var err error
		if u, err = url.ParseRequestURI(uri); err != nil {
			return nil, nil
		}
	}
	ctx, cancel := context.WithCancel(c.ctx)
	r := c.base.WithContext(ctx)
	r.Method = method
	r.URL = u
	r.Proto, r.ProtoMajor, r.ProtoMinor = "HTTP/1.1", 1, 1
	r.Header = header
	r.Body = http.NoBody
	r.Host = host
	r.Close = close
	r.RemoteAddr = c.remoteAddr
	r.RequestURI = uri
	return r, cancel
}

// plainURL is url.ParseRequestURI(uri) for the targets players send: a
// path of characters that URL escaping leaves alone (so no RawPath) and a
// query taken as is. It reports false for anything else.
func plainURL(uri string, pathLen int) (*url.URL, bool) {
	for i := 0; i < pathLen; i++ {
		if !isPlainPathByte(uri[i]) {
			return nil, false
		}
	}
	u := &url.URL{Path: uri[:pathLen]}
	if pathLen < len(uri) {
		u.RawQuery = uri[pathLen+1:]
		if u.RawQuery == "" || strings.IndexByte(u.RawQuery, '?') >= 0 {
			return nil, false // a bare "?" or a second one: ParseRequestURI's cases
		}
	}
	return u, true
}

// isPlainPathByte reports whether url.URL's path escaping leaves b as it
// is: unreserved characters and the delimiters a path may hold.
func isPlainPathByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	switch b {
	case '-', '_', '.', '~', '/', '$', '&', '+', ',', ':', ';', '=', '@':
		return true
	}
	return false
}

// serveRequest answers r and reports whether the connection serves on.
func (c *conn) serveRequest(r *http.Request, cancel context.CancelFunc) (keep bool) {
	w := &c.w
	w.reset(c, r)
	if d := c.s.HTTP.WriteTimeout; d > 0 {
		c.nc.SetWriteDeadline(time.Now().Add(d)) //nolint:errcheck // a failed write says so
	}
	defer func() {
		cancel()
		if v := recover(); v != nil {
			keep = false
			if v == http.ErrAbortHandler {
				return
			}
			buf := make([]byte, 64<<10)
			buf = buf[:runtime.Stack(buf, false)]
			c.s.logf("http: panic serving %v: %v\n%s", c.remoteAddr, v, buf)
		}
	}()
	c.s.HTTP.Handler.ServeHTTP(w, r)
	return w.finish() && !r.Close && !c.s.closing.Load()
}

// canonicalKey is textproto.CanonicalMIMEHeaderKey of name, without an
// allocation for the names clients send most.
func canonicalKey(name string) string {
	switch name {
	case "Host":
		return "Host"
	case "User-Agent":
		return "User-Agent"
	case "Accept":
		return "Accept"
	case "Accept-Encoding":
		return "Accept-Encoding"
	case "Accept-Language":
		return "Accept-Language"
	case "Connection":
		return "Connection"
	case "Origin":
		return "Origin"
	case "Referer":
		return "Referer"
	case "Range":
		return "Range"
	case "If-None-Match":
		return "If-None-Match"
	case "If-Modified-Since":
		return "If-Modified-Since"
	case "Cache-Control":
		return "Cache-Control"
	case "Sec-Fetch-Mode":
		return "Sec-Fetch-Mode"
	case "Sec-Fetch-Site":
		return "Sec-Fetch-Site"
	case "Sec-Fetch-Dest":
		return "Sec-Fetch-Dest"
	}
	return textproto.CanonicalMIMEHeaderKey(name)
}

// isTokenByte reports whether b may appear in a header name (RFC 9110's
// tchar).
func isTokenByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	switch b {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// isHostByte is the part of net/http's Host check the fast path keeps:
// anything else in a Host goes to net/http to judge.
func isHostByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	switch b {
	case '.', '-', ':', '[', ']', '_':
		return true
	}
	return false
}

// listHasToken reports whether the comma-separated list v holds token,
// compared without case: how net/http sets Request.Close.
func listHasToken(v, token string) bool {
	for el := range strings.SplitSeq(v, ",") {
		if strings.EqualFold(strings.Trim(el, " \t"), token) {
			return true
		}
	}
	return false
}

// hasToken reports whether token appears in v between boundaries (start,
// end, space, comma or tab), compared without case: how net/http decides
// from a Connection header to close after the response, a looser reading
// than listHasToken's ("0 close" counts).
func hasToken(v, token string) bool {
	for sp := 0; sp+len(token) <= len(v); sp++ {
		if sp > 0 && !isTokenBoundary(v[sp-1]) {
			continue
		}
		if end := sp + len(token); end != len(v) && !isTokenBoundary(v[end]) {
			continue
		}
		if strings.EqualFold(v[sp:sp+len(token)], token) {
			return true
		}
	}
	return false
}

func isTokenBoundary(b byte) bool { return b == ' ' || b == ',' || b == '\t' }
