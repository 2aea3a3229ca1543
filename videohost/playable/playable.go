package playable

import (
	"context"
	"log/slog"
	"sync"

	"github.com/reelvideo/reel/videohost"
)

// Domain is what a growing playable set needs of the domain;
// *videohost.Jobs is one.
type Domain interface {
	// PublishPlayable publishes dir as the video's early version, by
	// reference where the blob store can serve a folder in place.
	PublishPlayable(ctx context.Context, videoID, dir string, out *videohost.ProcessOutput) (bool, error)
	// PublishPlayableCopy publishes it as a copy on every blob store.
	PublishPlayableCopy(ctx context.Context, videoID, dir string, out *videohost.ProcessOutput) (bool, error)
	// SyncPlayable copies what the set in dir gained since it was published
	// (memo remembers what it stored, across calls).
	SyncPlayable(ctx context.Context, videoID, dir string, memo *videohost.PlayableCopy) error
}

// Options configures a Set. The zero value links where it can.
type Options struct {
	// Copy copies the set on every blob store, also where the folder could
	// be linked: for a folder that will not outlive its writer's job.
	Copy bool
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

// Set is one video's growing playable set. Its methods are safe for
// concurrent use; Grew and Stop may be called before Publish, or on a set
// that was never published, and do nothing then.
type Set struct {
	d       Domain
	videoID string
	opts    Options
	// ctx is the writer's job's: syncs run in it, not in the context of
	// the callback that published the set, which may end with the call.
	ctx context.Context

	mu      sync.Mutex
	dir     string // the published live folder; "" until then
	syncing *syncer
	// memo is what the copies stored: used by one syncer goroutine at a
	// time, then by Finish after it stopped.
	memo videohost.PlayableCopy
}

// New returns the playable set of a video; ctx bounds its copies.
func New(ctx context.Context, d Domain, videoID string, opts Options) *Set {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Set{d: d, videoID: videoID, opts: opts, ctx: ctx}
}

// Publish publishes the set in dir as the video's early version, with what
// the writer's pipeline says of it (out.Live: it still grows, and is then
// copied as it grows, after each Grew). It has the shape of
// videohost.ProcessInput.OnPlayable.
func (s *Set) Publish(ctx context.Context, dir string, out *videohost.ProcessOutput) error {
	publish := s.d.PublishPlayable
	if s.opts.Copy {
		publish = s.d.PublishPlayableCopy
	}
	published, err := publish(ctx, s.videoID, dir, out)
	if !published {
		return err
	}
	s.opts.Logger.InfoContext(ctx, "video playable", "video", s.videoID, "live", out.Live)
	if out.Live {
		// A set published again replaces the one before: its copies stop
		// first, as the memo is one set's.
		s.mu.Lock()
		old := s.syncing
		s.syncing = nil
		s.mu.Unlock()
		old.stop()
		sy := s.startSync(dir)
		s.mu.Lock()
		s.dir, s.syncing = dir, sy
		s.mu.Unlock()
	}
	return err
}

// Adopt takes over a live set another writer published and can no longer
// grow (the process of a live session that died; the session goes on
// here, in dir, which holds what that process had copied): from now on
// each Grew copies what dir gained to the video's early version, without
// publishing it again.
func (s *Set) Adopt(dir string) {
	sy := s.startSync(dir)
	s.mu.Lock()
	old := s.syncing
	s.dir, s.syncing = dir, sy
	s.mu.Unlock()
	old.stop()
}

// Grew says the set gained a segment: what it gained is copied, off the
// caller's goroutine, coalesced with other calls that come while a copy
// runs.
func (s *Set) Grew() {
	s.mu.Lock()
	sy := s.syncing
	s.mu.Unlock()
	sy.nudge()
}

// Stop stops copying, waiting for a copy in flight: before the set is
// replaced (the ladder published) or its folder removed.
func (s *Set) Stop() {
	s.mu.Lock()
	sy := s.syncing
	s.syncing = nil
	s.mu.Unlock()
	sy.stop()
}

// Finish stops copying and copies the set once more, in full: its writer
// is done, and the finished playlists (VOD) and last segments are in its
// folder. A copy that fails is logged, not returned: the set is behind,
// not broken. Finish reports whether the set had been published live.
func (s *Set) Finish(ctx context.Context) bool {
	s.mu.Lock()
	sy, dir := s.syncing, s.dir
	s.syncing = nil
	s.mu.Unlock()
	if sy == nil {
		return false
	}
	sy.stop()
	if err := s.d.SyncPlayable(ctx, s.videoID, dir, &s.memo); err != nil {
		s.opts.Logger.WarnContext(ctx, "copying the playable set", "video", s.videoID, "err", err)
	}
	return true
}

// syncer runs SyncPlayable once after each nudge.
type syncer struct {
	nudges chan struct{}
	done   chan struct{}
	once   sync.Once
	wg     sync.WaitGroup
}

func (s *Set) startSync(dir string) *syncer {
	sy := &syncer{nudges: make(chan struct{}, 1), done: make(chan struct{})}
	sy.wg.Add(1)
	go func() {
		defer sy.wg.Done()
		for {
			select {
			case <-sy.nudges:
			case <-sy.done:
				return
			case <-s.ctx.Done():
				return
			}
			if err := s.d.SyncPlayable(s.ctx, s.videoID, dir, &s.memo); err != nil && s.ctx.Err() == nil {
				s.opts.Logger.WarnContext(s.ctx, "copying the playable set", "video", s.videoID, "err", err)
			}
		}
	}()
	return sy
}

func (sy *syncer) nudge() {
	if sy == nil {
		return
	}
	select {
	case sy.nudges <- struct{}{}:
	default:
	}
}

func (sy *syncer) stop() {
	if sy == nil {
		return
	}
	sy.once.Do(func() { close(sy.done) })
	sy.wg.Wait()
}
