package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Stream is what the hub needs of a live stream: who it is, and how long
// its session waits for a publisher that dropped.
type Stream struct {
	ID    string
	Space string
	// ReconnectWindow is how long after a publisher drops a new publisher
	// with the same key continues the same session; 0 ends the session at
	// once.
	ReconnectWindow time.Duration
}

// State is a live stream's connection state, as its webhooks report it.
type State string

const (
	// StateIdle: no session (none yet, or the last one is over).
	StateIdle State = "idle"
	// StateConnected: a publisher's key was accepted; no media yet.
	StateConnected State = "connected"
	// StateActive: media flows.
	StateActive State = "active"
	// StateDisconnected: the publisher dropped; the session waits for it
	// for the reconnect window.
	StateDisconnected State = "disconnected"
)

// Directory resolves stream keys.
type Directory interface {
	// Authorize returns the live stream a stream key belongs to, or
	// ErrUnknownKey.
	Authorize(ctx context.Context, key string) (Stream, error)
}

// Lifecycle is the domain's side of live sessions: it makes the session a
// stream's publishes are written to (the video of the session and its
// packager), and hears of every change of state.
type Lifecycle interface {
	// Open starts a session for s: its first publisher's key was accepted.
	Open(ctx context.Context, s Stream) (Session, error)
	// StateChanged reports a change of s's state, in order per stream.
	StateChanged(ctx context.Context, s Stream, state State)
}

// Session receives every publish of one live session: Start, WriteUnit…,
// End for the first publisher, then again for each publisher that came
// back within the reconnect window, and Finish once the session is over.
type Session interface {
	Publish
	// Finish ends the session: no publisher came back within the reconnect
	// window, or the hub is closing.
	Finish(ctx context.Context) error
}

// HubConfig configures a Hub. The zero values of the optional fields are
// the defaults.
type HubConfig struct {
	Directory Directory // required
	Lifecycle Lifecycle // required
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// AfterFunc schedules the end of a session after its reconnect window;
	// it defaults to time.AfterFunc (tests pass a clock they drive).
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// FinishTimeout bounds a session's Finish (the recording made into a
	// video); default 5 minutes.
	FinishTimeout time.Duration
}

// Hub is the live sessions of one ingest process: it implements Publishers
// for the ingests, lets one publisher at a time publish with a key, and
// keeps a session open for its reconnect window after its publisher drops,
// so that a publisher that comes back continues the same session (the
// same video, the same playlists, after a discontinuity).
type Hub struct {
	cfg HubConfig
	// base is the context sessions are finished in: Begin's context is the
	// connection's, which ends before the reconnect window does.
	base context.Context

	mu       sync.Mutex
	sessions map[string]*hubSession // by stream id
	closed   bool
	finishes sync.WaitGroup
}

type hubSession struct {
	stream    Stream
	session   Session
	publisher *hubPublish // nil while waiting for a reconnect
	stopTimer func() bool
	// generation counts the publishers, so that a reconnect-window timer
	// that fires after a new publisher came does nothing.
	generation int
}

// NewHub returns a hub. base is the context sessions' Finish runs in (the
// process's): it outlives the connections.
func NewHub(base context.Context, cfg HubConfig) (*Hub, error) {
	if cfg.Directory == nil || cfg.Lifecycle == nil {
		return nil, errors.New("live: a hub needs a Directory and a Lifecycle")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.AfterFunc == nil {
		cfg.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if cfg.FinishTimeout <= 0 {
		cfg.FinishTimeout = 5 * time.Minute
	}
	return &Hub{cfg: cfg, base: context.WithoutCancel(base), sessions: make(map[string]*hubSession)}, nil
}

// ErrClosed: the hub is closing and takes no publisher.
var ErrClosed = errors.New("live: the ingest is shutting down")

// Begin implements Publishers.
func (h *Hub) Begin(ctx context.Context, req Request) (Publish, error) {
	stream, err := h.cfg.Directory.Authorize(ctx, req.Key)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, ErrClosed
	}
	hs := h.sessions[stream.ID]
	if hs != nil && hs.publisher != nil {
		h.mu.Unlock()
		return nil, ErrBusy
	}
	if hs == nil {
		// Opening holds the lock: a second publisher racing this one must
		// see the session, not open another.
		session, err := h.cfg.Lifecycle.Open(ctx, stream)
		if err != nil {
			h.mu.Unlock()
			return nil, fmt.Errorf("opening a live session: %w", err)
		}
		hs = &hubSession{stream: stream, session: session}
		h.sessions[stream.ID] = hs
	} else if hs.stopTimer != nil {
		hs.stopTimer()
		hs.stopTimer = nil
	}
	hs.generation++
	p := &hubPublish{hub: h, hs: hs, generation: hs.generation}
	hs.publisher = p
	h.mu.Unlock()
	h.cfg.Logger.InfoContext(ctx, "live: publisher accepted", "stream", stream.ID, "protocol", req.Protocol,
		"remote", addrString(req), "key", KeyHint(req.Key))
	h.cfg.Lifecycle.StateChanged(ctx, stream, StateConnected)
	return p, nil
}

// Close ends every session, as if each reconnect window had passed, and
// waits for their Finish. Publishers still connected are cut off by their
// ingests (which the caller closes first); Begin refuses new ones.
func (h *Hub) Close(ctx context.Context) error {
	h.mu.Lock()
	h.closed = true
	var ending []*hubSession
	for id, hs := range h.sessions {
		if hs.stopTimer != nil {
			hs.stopTimer()
		}
		delete(h.sessions, id)
		ending = append(ending, hs)
	}
	h.mu.Unlock()
	for _, hs := range ending {
		h.finish(hs)
	}
	done := make(chan struct{})
	go func() { h.finishes.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for live sessions to finish: %w", context.Cause(ctx))
	}
}

// ended is a publisher's End: the session waits for the reconnect window.
func (h *Hub) ended(p *hubPublish, err error) {
	h.mu.Lock()
	hs := p.hs
	if hs.publisher != p {
		h.mu.Unlock()
		return
	}
	hs.publisher = nil
	window := hs.stream.ReconnectWindow
	generation := hs.generation
	if h.closed || window <= 0 {
		if h.sessions[hs.stream.ID] == hs {
			delete(h.sessions, hs.stream.ID)
		}
		h.mu.Unlock()
		h.cfg.Lifecycle.StateChanged(h.base, hs.stream, StateDisconnected)
		h.finish(hs)
		return
	}
	hs.stopTimer = h.cfg.AfterFunc(window, func() { h.windowPassed(hs, generation) })
	h.mu.Unlock()
	h.cfg.Lifecycle.StateChanged(h.base, hs.stream, StateDisconnected)
	if err != nil {
		h.cfg.Logger.InfoContext(h.base, "live: publisher dropped; waiting for it", "stream", hs.stream.ID, "window", window, "err", err)
	}
}

func (h *Hub) windowPassed(hs *hubSession, generation int) {
	h.mu.Lock()
	if hs.generation != generation || hs.publisher != nil || h.sessions[hs.stream.ID] != hs {
		h.mu.Unlock()
		return
	}
	delete(h.sessions, hs.stream.ID)
	hs.stopTimer = nil
	h.mu.Unlock()
	h.finish(hs)
}

// finish runs the session's Finish in the background, bounded by
// FinishTimeout, and reports the stream idle after it.
func (h *Hub) finish(hs *hubSession) {
	h.finishes.Add(1)
	go func() {
		defer h.finishes.Done()
		ctx, cancel := context.WithTimeout(h.base, h.cfg.FinishTimeout)
		defer cancel()
		if err := hs.session.Finish(ctx); err != nil {
			h.cfg.Logger.ErrorContext(ctx, "live: finishing a session", "stream", hs.stream.ID, "err", err)
		}
		h.cfg.Lifecycle.StateChanged(h.base, hs.stream, StateIdle)
	}()
}

// Streaming reports whether a publisher is publishing to the stream now.
func (h *Hub) Streaming(streamID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	hs := h.sessions[streamID]
	return hs != nil && hs.publisher != nil
}

// hubPublish is one publisher's connection, passed on to its session.
type hubPublish struct {
	hub        *Hub
	hs         *hubSession
	generation int
	endOnce    sync.Once
}

func (p *hubPublish) Start(tracks []Track) error {
	if err := p.hs.session.Start(tracks); err != nil {
		return err
	}
	p.hub.cfg.Lifecycle.StateChanged(p.hub.base, p.hs.stream, StateActive)
	return nil
}

func (p *hubPublish) WriteUnit(u Unit) error { return p.hs.session.WriteUnit(u) }

func (p *hubPublish) End(err error) {
	p.endOnce.Do(func() {
		p.hs.session.End(err)
		p.hub.ended(p, err)
	})
}

// KeyHint is what logs show of a stream key: its last four characters.
func KeyHint(key string) string {
	if len(key) <= 8 {
		return "…"
	}
	return "…" + key[len(key)-4:]
}

func addrString(req Request) string {
	if req.Remote == nil {
		return ""
	}
	return req.Remote.String()
}
