package httpfast

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Server serves a listener: the fast path answers the requests it takes,
// and HTTP everything else. The zero value is not usable: HTTP is
// required.
type Server struct {
	// HTTP answers every request the fast path does not take, and keeps
	// that request's connection from then on. Its Handler answers the
	// fast path's requests too, and its ReadHeaderTimeout (or
	// ReadTimeout), IdleTimeout (or ReadTimeout), WriteTimeout,
	// BaseContext, ConnContext and ErrorLog hold on both paths. Required.
	HTTP *http.Server

	// Fast reports whether a plain GET or HEAD of path takes the fast
	// path. path is the request target as sent (still escaped), up to any
	// '?'. Nil takes none: every connection goes to HTTP at its first
	// request.
	Fast func(path string) bool

	closing atomic.Bool
	mu      sync.Mutex
	ln      net.Listener
	handoff *handoffListener
	conns   map[*conn]struct{}
	date    dateCache
	readers sync.Pool // *bufio.Reader of headLimit bytes
}

// headLimit is the longest request head the fast path reads: what a
// player sends is a few hundred bytes, a browser's well under 2 KiB.
// A longer head goes to net/http, which applies MaxHeaderBytes.
const headLimit = 4096

// temporary is the old net.Error method net/http still honours on Accept.
type temporary interface{ Temporary() bool }

// Serve accepts connections on ln until Shutdown or Close, and serves
// them. It returns http.ErrServerClosed after Shutdown or Close, or the
// error that stopped Accept. A Server serves one listener, once.
func (s *Server) Serve(ln net.Listener) error {
	if s.HTTP == nil {
		return errors.New("httpfast: Server.HTTP is required")
	}
	s.mu.Lock()
	if s.closing.Load() {
		s.mu.Unlock()
		return http.ErrServerClosed
	}
	if s.ln != nil {
		s.mu.Unlock()
		return errors.New("httpfast: Serve called twice")
	}
	s.ln = ln
	s.handoff = newHandoffListener(ln.Addr())
	s.conns = map[*conn]struct{}{}
	s.mu.Unlock()
	go s.HTTP.Serve(s.handoff) //nolint:errcheck // it returns ErrServerClosed at Shutdown or Close, which report themselves

	base := context.Background()
	if s.HTTP.BaseContext != nil {
		if base = s.HTTP.BaseContext(ln); base == nil {
			panic("httpfast: BaseContext returned a nil context")
		}
	}
	base = context.WithValue(base, http.ServerContextKey, s.HTTP)
	var delay time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			if s.closing.Load() {
				return http.ErrServerClosed
			}
			if t, ok := err.(temporary); ok && t.Temporary() {
				// As net/http does: out of file descriptors, say; wait
				// and try again rather than give up serving.
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				s.logf("httpfast: Accept error: %v; retrying in %v", err, delay)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		c := s.newConn(base, nc)
		if c == nil {
			nc.Close()
			return http.ErrServerClosed
		}
		go c.serve()
	}
}

func (s *Server) newConn(base context.Context, nc net.Conn) *conn {
	ctx := context.WithValue(base, http.LocalAddrContextKey, nc.LocalAddr())
	if s.HTTP.ConnContext != nil {
		if ctx = s.HTTP.ConnContext(ctx, nc); ctx == nil {
			panic("httpfast: ConnContext returned nil")
		}
	}
	// Not cancellable itself: a request's context, cancelled when its
	// handler returns, then has no parent to register with.
	c := &conn{s: s, nc: nc, ctx: ctx, remoteAddr: nc.RemoteAddr().String()}
	c.base = (&http.Request{}).WithContext(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing.Load() {
		return nil
	}
	s.conns[c] = struct{}{}
	return c
}

func (s *Server) forget(c *conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

func (s *Server) reader(nc net.Conn) *bufio.Reader {
	if br, ok := s.readers.Get().(*bufio.Reader); ok {
		br.Reset(nc)
		return br
	}
	return bufio.NewReaderSize(nc, headLimit)
}

func (s *Server) putReader(br *bufio.Reader) {
	br.Reset(nil)
	s.readers.Put(br)
}

// Shutdown stops accepting, closes idle connections, waits for the fast
// path's requests in flight to finish and then shuts HTTP down (which
// waits for its own). It returns ctx's error if ctx ends first.
func (s *Server) Shutdown(ctx context.Context) error {
	s.closing.Store(true)
	s.mu.Lock()
	if s.ln != nil {
		s.ln.Close()
	}
	s.mu.Unlock()
	poll := time.NewTicker(5 * time.Millisecond)
	defer poll.Stop()
	for !s.closeIdle() {
		select {
		case <-ctx.Done():
			s.HTTP.Shutdown(ctx) //nolint:errcheck // ctx's error is the one to report
			return ctx.Err()
		case <-poll.C:
		}
	}
	return s.HTTP.Shutdown(ctx)
}

// closeIdle closes the connections waiting for a request and reports
// whether none is left.
func (s *Server) closeIdle() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		if c.state.CompareAndSwap(stateIdle, stateClosed) {
			c.nc.Close()
		}
	}
	return len(s.conns) == 0
}

// Close closes the listener and every connection at once, requests in
// flight included.
func (s *Server) Close() error {
	s.closing.Store(true)
	s.mu.Lock()
	if s.ln != nil {
		s.ln.Close()
	}
	for c := range s.conns {
		c.state.Store(stateClosed)
		c.nc.Close()
	}
	s.mu.Unlock()
	return s.HTTP.Close()
}

func (s *Server) logf(format string, args ...any) {
	if s.HTTP.ErrorLog != nil {
		s.HTTP.ErrorLog.Printf(format, args...)
	}
}

// dateCache is the Date header's value, formatted once a second.
type dateCache struct {
	v atomic.Pointer[dateValue]
}

type dateValue struct {
	unix int64
	text string
}

func (d *dateCache) get(now time.Time) string {
	sec := now.Unix()
	if v := d.v.Load(); v != nil && v.unix == sec {
		return v.text
	}
	v := &dateValue{unix: sec, text: now.UTC().Format(http.TimeFormat)}
	d.v.Store(v)
	return v.text
}

// handoffListener is the listener HTTP serves: it yields the connections
// the fast path hands over.
type handoffListener struct {
	addr   net.Addr
	conns  chan net.Conn
	done   chan struct{}
	closed sync.Once
}

func newHandoffListener(addr net.Addr) *handoffListener {
	return &handoffListener{addr: addr, conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *handoffListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *handoffListener) Close() error {
	l.closed.Do(func() { close(l.done) })
	return nil
}

func (l *handoffListener) Addr() net.Addr { return l.addr }

// give hands c to HTTP; it reports false when HTTP no longer accepts.
func (l *handoffListener) give(c net.Conn) bool {
	select {
	case l.conns <- c:
		return true
	case <-l.done:
		return false
	}
}

// handedConn is a connection handed to HTTP with the bytes the fast path
// had already read of it, which it reads first.
type handedConn struct {
	net.Conn
	s  *Server
	br *bufio.Reader // nil once drained
	mu sync.Mutex
}

func (c *handedConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	br := c.br
	if br != nil && br.Buffered() == 0 {
		c.s.putReader(br)
		c.br, br = nil, nil
	}
	c.mu.Unlock()
	if br != nil {
		return br.Read(p)
	}
	return c.Conn.Read(p)
}

// ReadFrom keeps sendfile for HTTP's responses: net/http uses it only when
// the connection has it.
func (c *handedConn) ReadFrom(src io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, src)
}

// CloseWrite lets net/http half-close the connection before closing it,
// as it does to make sure a client reads an error response.
func (c *handedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
