package media

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asticode/go-astiav"
)

// testClock is a clock the test moves by hand, read from any goroutine.
type testClock struct{ t atomic.Int64 }

func (c *testClock) now() time.Time          { return time.Unix(0, c.t.Load()) }
func (c *testClock) advance(d time.Duration) { c.t.Add(int64(d)) }

// smallPicture is a black 64x64 yuv420p picture: 6144 bytes.
func smallPicture(t *testing.T) *astiav.Frame {
	t.Helper()
	f := astiav.AllocFrame()
	f.SetWidth(64)
	f.SetHeight(64)
	f.SetPixelFormat(astiav.PixelFormatYuv420P)
	if err := f.AllocBuffer(0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Free)
	return f
}

const smallPictureBytes = 64 * 64 * 3 / 2

// newTestShare holds two small pictures; its first segment is one picture.
func newTestShare(t *testing.T) (*frameShare, *testClock) {
	t.Helper()
	clock := &testClock{}
	clock.t.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	s := newFrameShare(2*smallPictureBytes, 0.5, 0, slog.New(slog.DiscardHandler))
	s.now = clock.now
	t.Cleanup(s.close)
	return s, clock
}

// waitForWait returns once the early pass has started waiting for room.
func (s *frameShare) waitForWait(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		waits := s.waits
		s.mu.Unlock()
		if waits > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the early pass never waited")
		}
		runtime.Gosched()
	}
}

func (s *frameShare) state() (queued int, handed int64, detached bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue), s.handed, s.detached
}

// put3 puts two pictures, which fit, and starts a third in a goroutine:
// what it returns comes on the channel.
func put3(t *testing.T, s *frameShare, ctx context.Context, f *astiav.Frame, pos time.Duration) <-chan error {
	t.Helper()
	for range 2 {
		if err := s.put(ctx, f, pos); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() { done <- s.put(ctx, f, pos) }()
	return done
}

// TestFrameShareDetachesBeforeTheLadderStarts: a full queue before the
// first segment never holds the early pass back; the ladder pass gets
// what was queued, then is told to decode the rest itself.
func TestFrameShareDetachesBeforeTheLadderStarts(t *testing.T) {
	s, _ := newTestShare(t)
	f := smallPicture(t)
	if err := <-put3(t, s, t.Context(), f, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if queued, handed, detached := s.state(); queued != 2 || handed != 2 || !detached {
		t.Fatalf("queued %d, handed %d, detached %v; want 2, 2, true", queued, handed, detached)
	}
	for range 2 {
		g, err := s.next(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		g.Free()
	}
	if _, err := s.next(t.Context()); !errors.Is(err, errShareDetached) {
		t.Fatalf("after the queue: %v, want errShareDetached", err)
	}
	if s.received() != 2 {
		t.Fatalf("received %d, want 2", s.received())
	}
}

// TestFrameShareWaitsWithALead: with the early pass a segment ahead of its
// first viewer, a full queue makes it wait for the ladder pass to take a
// picture, and it goes on sharing.
func TestFrameShareWaitsWithALead(t *testing.T) {
	s, _ := newTestShare(t)
	s.start()
	f := smallPicture(t)
	done := put3(t, s, t.Context(), f, earlyLead+time.Second)
	s.waitForWait(t)
	g, err := s.next(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	g.Free()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if queued, handed, detached := s.state(); queued != 2 || handed != 3 || detached {
		t.Fatalf("queued %d, handed %d, detached %v; want 2, 3, false", queued, handed, detached)
	}
}

// TestFrameShareDetachesWithoutALead: less than a segment ahead of its
// first viewer, the early pass never waits.
func TestFrameShareDetachesWithoutALead(t *testing.T) {
	s, clock := newTestShare(t)
	s.start()
	clock.advance(2 * time.Second) // the viewer is at 2 s
	if err := <-put3(t, s, t.Context(), smallPicture(t), 2*time.Second+earlyLead-time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if _, handed, detached := s.state(); handed != 2 || !detached {
		t.Fatalf("handed %d, detached %v; want 2, true", handed, detached)
	}
}

// TestFrameShareStopsWaitingAsTheViewerGains: waiting, the early pass
// detaches once the viewer's clock has brought its lead under earlyLead.
func TestFrameShareStopsWaitingAsTheViewerGains(t *testing.T) {
	s, clock := newTestShare(t)
	s.start()
	done := put3(t, s, t.Context(), smallPicture(t), earlyLead+20*time.Millisecond)
	s.waitForWait(t)
	clock.advance(time.Second)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, handed, detached := s.state(); handed != 2 || !detached {
		t.Fatalf("handed %d, detached %v; want 2, true", handed, detached)
	}
}

// TestFrameShareWakesOnCancel: an early pass waiting for room returns
// when the job is cancelled, with the cause.
func TestFrameShareWakesOnCancel(t *testing.T) {
	s, _ := newTestShare(t)
	s.start()
	ctx, cancel := context.WithCancelCause(t.Context())
	cause := errors.New("ladder pass failed")
	done := put3(t, s, ctx, smallPicture(t), time.Hour)
	s.waitForWait(t)
	cancel(cause)
	if err := <-done; !errors.Is(err, cause) {
		t.Fatalf("put returned %v, want %v", err, cause)
	}
	// A ladder pass waiting for a picture wakes up alike.
	s2, _ := newTestShare(t)
	got := make(chan error, 1)
	go func() {
		_, err := s2.next(ctx)
		got <- err
	}()
	if err := <-got; !errors.Is(err, cause) {
		t.Fatalf("next returned %v, want %v", err, cause)
	}
}

// TestFrameShareEndsAndCloses: the end comes after the last picture; close
// frees what is queued, and what is put afterwards is not kept.
func TestFrameShareEndsAndCloses(t *testing.T) {
	s, _ := newTestShare(t)
	f := smallPicture(t)
	if err := s.put(t.Context(), f, 0); err != nil {
		t.Fatal(err)
	}
	s.end()
	g, err := s.next(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	g.Free()
	if _, err := s.next(t.Context()); !errors.Is(err, errShareEnded) {
		t.Fatalf("after the last picture: %v, want errShareEnded", err)
	}

	s2, _ := newTestShare(t)
	for range 2 {
		if err := s2.put(t.Context(), f, 0); err != nil {
			t.Fatal(err)
		}
	}
	s2.close()
	if err := s2.put(t.Context(), f, 0); err != nil {
		t.Fatal(err)
	}
	s2.mu.Lock()
	queued, bytes := len(s2.queue), s2.bytes
	s2.mu.Unlock()
	if queued != 0 || bytes != 0 {
		t.Fatalf("after close: %d pictures, %d bytes queued", queued, bytes)
	}
}

// TestFrameShareFirstSegmentMustFit: a source whose first segment's
// pictures exceed the bound is not shared at all, rather than filling
// memory and then decoding again.
func TestFrameShareFirstSegmentMustFit(t *testing.T) {
	s := newFrameShare(10*smallPictureBytes, 30, 0, slog.New(slog.DiscardHandler))
	defer s.close()
	if err := s.put(t.Context(), smallPicture(t), 0); err != nil {
		t.Fatal(err)
	}
	if queued, handed, detached := s.state(); queued != 0 || handed != 0 || !detached {
		t.Fatalf("queued %d, handed %d, detached %v; want 0, 0, true", queued, handed, detached)
	}
}
