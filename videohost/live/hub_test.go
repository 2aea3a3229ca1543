package live_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
)

// keys is a Directory over a map.
type keys map[string]live.Stream

func (k keys) Authorize(_ context.Context, key string) (live.Stream, error) {
	s, ok := k[key]
	if !ok {
		return live.Stream{}, live.ErrUnknownKey
	}
	return s, nil
}

// recorder is a Lifecycle whose sessions record what they were told.
type recorder struct {
	mu       sync.Mutex
	opened   int
	states   []live.State
	sessions []*recordedSession
	finished chan *recordedSession
}

func newRecorder() *recorder { return &recorder{finished: make(chan *recordedSession, 8)} }

func (r *recorder) Open(_ context.Context, s live.Stream) (live.Session, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.opened++
	rs := &recordedSession{r: r}
	r.sessions = append(r.sessions, rs)
	return rs, nil
}

func (r *recorder) StateChanged(_ context.Context, _ live.Stream, st live.State) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.states = append(r.states, st)
}

func (r *recorder) snapshot() (opened int, states []live.State) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.opened, slices.Clone(r.states)
}

type recordedSession struct {
	r       *recorder
	mu      sync.Mutex
	starts  int
	units   int
	ends    []error
	finishs int
}

func (s *recordedSession) Start([]live.Track) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.starts++
	return nil
}

func (s *recordedSession) WriteUnit(live.Unit) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.units++
	return nil
}

func (s *recordedSession) End(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ends = append(s.ends, err)
}

func (s *recordedSession) Finish(context.Context) error {
	s.mu.Lock()
	s.finishs++
	s.mu.Unlock()
	s.r.finished <- s
	return nil
}

// timers is an AfterFunc the test fires by hand.
type timers struct {
	mu      sync.Mutex
	pending []*timer
}

type timer struct {
	d       time.Duration
	f       func()
	stopped bool
}

func (ts *timers) AfterFunc(d time.Duration, f func()) func() bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := &timer{d: d, f: f}
	ts.pending = append(ts.pending, t)
	return func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// fire runs every timer scheduled so far, stopped or not, as a timer whose
// Stop came too late would.
func (ts *timers) fire(includeStopped bool) int {
	ts.mu.Lock()
	due := ts.pending
	ts.pending = nil
	ts.mu.Unlock()
	n := 0
	for _, t := range due {
		if t.stopped && !includeStopped {
			continue
		}
		t.f()
		n++
	}
	return n
}

func newHub(t *testing.T, window time.Duration) (*live.Hub, *recorder, *timers) {
	t.Helper()
	rec := newRecorder()
	ts := &timers{}
	h, err := live.NewHub(context.Background(), live.HubConfig{
		Directory: keys{"rsk_good_key_1234": {ID: "s1", Space: "sp", ReconnectWindow: window}},
		Lifecycle: rec,
		AfterFunc: ts.AfterFunc,
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, rec, ts
}

func begin(t *testing.T, h *live.Hub, key string) live.Publish {
	t.Helper()
	p, err := h.Begin(context.Background(), live.Request{Protocol: "rtmp", Key: key})
	if err != nil {
		t.Fatalf("Begin(%q): %v", key, err)
	}
	if err := p.Start([]live.Track{{ID: 0, Codec: live.CodecH264}}); err != nil {
		t.Fatal(err)
	}
	return p
}

func waitFinished(t *testing.T, rec *recorder) *recordedSession {
	t.Helper()
	select {
	case s := <-rec.finished:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("the session was not finished")
		return nil
	}
}

func TestHubRefusesUnknownKeysAndASecondPublisher(t *testing.T) {
	h, rec, _ := newHub(t, 30*time.Second)
	if _, err := h.Begin(context.Background(), live.Request{Protocol: "srt", Key: "rsk_wrong"}); !errors.Is(err, live.ErrUnknownKey) {
		t.Fatalf("unknown key: %v, want ErrUnknownKey", err)
	}
	begin(t, h, "rsk_good_key_1234")
	if _, err := h.Begin(context.Background(), live.Request{Protocol: "rtmp", Key: "rsk_good_key_1234"}); !errors.Is(err, live.ErrBusy) {
		t.Fatalf("second publisher: %v, want ErrBusy", err)
	}
	if !h.Streaming("s1") {
		t.Fatal("Streaming(s1) = false while the first publisher publishes")
	}
	opened, states := rec.snapshot()
	if opened != 1 || !slices.Equal(states, []live.State{live.StateConnected, live.StateActive}) {
		t.Fatalf("opened %d, states %v", opened, states)
	}
}

func TestHubContinuesTheSessionOfAPublisherThatCameBack(t *testing.T) {
	h, rec, ts := newHub(t, 30*time.Second)
	p := begin(t, h, "rsk_good_key_1234")
	p.WriteUnit(live.Unit{})
	p.End(errors.New("connection reset"))
	p.End(nil) // a second End is ignored
	if h.Streaming("s1") {
		t.Fatal("Streaming after End")
	}
	p2 := begin(t, h, "rsk_good_key_1234")
	// The first window's timer fires late, after its Stop: it must not end
	// the session the new publisher continues.
	ts.fire(true)
	p2.WriteUnit(live.Unit{})
	opened, states := rec.snapshot()
	if opened != 1 {
		t.Fatalf("a publisher back within the window opened session %d", opened)
	}
	want := []live.State{live.StateConnected, live.StateActive, live.StateDisconnected, live.StateConnected, live.StateActive}
	if !slices.Equal(states, want) {
		t.Fatalf("states %v, want %v", states, want)
	}
	s := rec.sessions[0]
	s.mu.Lock()
	starts, units, ends, finishes := s.starts, s.units, len(s.ends), s.finishs
	s.mu.Unlock()
	if starts != 2 || units != 2 || ends != 1 || finishes != 0 {
		t.Fatalf("session saw %d starts, %d units, %d ends, %d finishes; want 2, 2, 1, 0", starts, units, ends, finishes)
	}

	// Dropped again, and the window passes: the session is finished, the
	// stream idle, and the next publisher opens a new session.
	p2.End(nil)
	if n := ts.fire(false); n != 1 {
		t.Fatalf("%d timers fired, want 1", n)
	}
	if got := waitFinished(t, rec); got != s {
		t.Fatal("another session was finished")
	}
	begin(t, h, "rsk_good_key_1234")
	if opened, _ := rec.snapshot(); opened != 2 {
		t.Fatalf("after the window, a publisher opened session %d, want a second", opened)
	}
}

func TestHubWithoutAWindowFinishesAtOnce(t *testing.T) {
	h, rec, ts := newHub(t, 0)
	p := begin(t, h, "rsk_good_key_1234")
	p.End(nil)
	waitFinished(t, rec)
	if n := ts.fire(true); n != 0 {
		t.Fatalf("%d timers scheduled for a stream without a reconnect window", n)
	}
}

func TestHubCloseFinishesSessionsAndRefusesPublishers(t *testing.T) {
	h, rec, _ := newHub(t, time.Hour)
	p := begin(t, h, "rsk_good_key_1234")
	p.End(nil) // waiting for the hour-long window
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.Close(ctx); err != nil {
		t.Fatal(err)
	}
	waitFinished(t, rec)
	if _, err := h.Begin(context.Background(), live.Request{Key: "rsk_good_key_1234"}); !errors.Is(err, live.ErrClosed) {
		t.Fatalf("Begin after Close: %v, want ErrClosed", err)
	}
	if _, states := rec.snapshot(); states[len(states)-1] != live.StateIdle {
		t.Fatalf("states %v end without idle", states)
	}
}

func TestKeyHintShowsNoSecret(t *testing.T) {
	for key, want := range map[string]string{"rsk_abcdefghijklmnop": "…mnop", "short": "…", "": "…"} {
		if got := live.KeyHint(key); got != want {
			t.Errorf("KeyHint(%q) = %q, want %q", key, got, want)
		}
	}
}
