package livesession_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/liveadmin"
	"github.com/reelvideo/reel/videohost/livesession"
)

// TestTakeoverAndRecover: a stream whose session process A runs (its
// video records A): a publisher reaching process B is refused while A is
// up, and takes the session over (the same video, claimed by B) once A
// is down; A, started again, leaves the session to B rather than finish
// it from its folder.
func TestTakeoverAndRecover(t *testing.T) {
	s := newStack(t)
	ctx := context.Background()
	window := 30
	ls, err := s.streams.Create(ctx, s.p, liveadmin.LiveStreamInput{ReconnectWindow: &window})
	if err != nil {
		t.Fatal(err)
	}
	jobs := s.svc.Jobs()
	// A's session: its video, processing, recorded as A's, the stream
	// active with it.
	v, err := jobs.StartLiveVideo(ctx, videohost.LiveVideoInput{Space: s.p.Space, StreamID: ls.ID, Title: "A's"})
	if err != nil {
		t.Fatal(err)
	}
	const ownerA, ownerB = "http://a.example:8080", "http://b.example:8080"
	if err := jobs.ClaimLiveSession(ctx, v.ID, ownerA); err != nil {
		t.Fatal(err)
	}
	noEvent := func(*videohost.LiveStream) ([]byte, error) { return []byte(`{}`), nil }
	if err := s.db.SetLiveStreamState(ctx, ls.ID, videohost.LiveActive, v.ID, v.ID, time.Now().UTC(), noEvent); err != nil {
		t.Fatal(err)
	}
	// A's folder, as A left it when it was killed.
	workA := t.TempDir()
	folder := filepath.Join(workA, ls.ID+"-killed")
	os.MkdirAll(filepath.Join(folder, "live"), 0o755)
	note, _ := json.Marshal(map[string]any{"stream": ls.ID, "video": v.ID, "record": true})
	if err := os.WriteFile(filepath.Join(folder, "session.json"), note, 0o644); err != nil {
		t.Fatal(err)
	}

	log := slog.New(slog.DiscardHandler)
	aUp := true
	workB := t.TempDir()
	b, err := livesession.New(ctx, livesession.Config{Domain: jobs, Streams: s.streams, States: s.db, Recorder: noRecorder{},
		WorkDir: workB, Logger: log, Owner: ownerB,
		OwnerAlive: func(_ context.Context, url string) bool { return url == ownerA && aUp }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Authorize(ctx, ls.StreamKey); !errors.Is(err, live.ErrBusy) {
		t.Fatalf("a publisher on B while A runs the session: %v, want live.ErrBusy", err)
	}

	aUp = false
	st, err := b.Authorize(ctx, ls.StreamKey)
	if err != nil {
		t.Fatalf("a publisher on B once A is down: %v", err)
	}
	// The publisher's handshake timed out during the takeover, and it
	// came back: the session taken over is the same.
	if st, err = b.Authorize(ctx, ls.StreamKey); err != nil {
		t.Fatalf("the publisher back on B: %v", err)
	}
	if entries, _ := os.ReadDir(workB); len(entries) != 1 {
		t.Fatalf("%d session folders on B, want the one taken over", len(entries))
	}
	sess, err := b.Open(ctx, st)
	if err != nil {
		t.Fatalf("taking the session over: %v", err)
	}
	if owner, _ := s.svc.LiveSessionOwner(ctx, v.ID); owner != ownerB {
		t.Fatalf("the session's owner after the takeover: %q, want B", owner)
	}
	if _, ok := b.Handler(v.ID); !ok {
		t.Fatal("B does not serve the video it took over")
	}

	// A starts again: its folder's session is B's now.
	a, err := livesession.New(ctx, livesession.Config{Domain: jobs, Streams: s.streams, States: s.db, Recorder: noRecorder{},
		WorkDir: workA, Logger: log, Owner: ownerA})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Recover(ctx); err != nil {
		t.Fatalf("Recover: %v", err)
	}
	if _, err := os.Stat(folder); !os.IsNotExist(err) {
		t.Fatalf("A's folder after Recover: %v, want it gone", err)
	}
	got, err := s.svc.Video(ctx, s.p, v.ID)
	if err != nil || got.State != videohost.StateProcessing {
		t.Fatalf("the video after A's Recover: %+v %v, want it processing (B's session)", got, err)
	}
	if owner, _ := s.svc.LiveSessionOwner(ctx, v.ID); owner != ownerB {
		t.Fatalf("the session's owner after A's Recover: %q, want B", owner)
	}
	cur, err := s.streams.Get(ctx, s.p, ls.ID)
	if err != nil || cur.ActiveVideoID != v.ID || cur.State == videohost.LiveIdle {
		t.Fatalf("the stream after A's Recover: %+v %v", cur, err)
	}
	sess.End(nil)
}
