package media

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/asticode/go-astiav"
)

// RecommendedSharedDecodeBytes is a bound for ProcessOptions.
// SharedDecodeBytes where sharing pays. Until the early pass is earlyLead
// ahead of its first viewer it may not wait for the ladder pass, so the
// queue must hold what it decodes before then: the 2 s of the first
// segment and the pictures in its encoder's pipeline when that segment is
// written. A 1080p 10-bit 4:2:2 picture (ProRes) is 8.3 MB: 2 s are 415
// MB at 25 fps, 498 MB at 30; this bound holds 64 of them (2.6 s at 25
// fps), and 5.7 s of 8-bit 4:2:0 1080p30. A 4K source's first segment
// does not fit: it decodes twice from the start, as without sharing.
const RecommendedSharedDecodeBytes int64 = 512 << 20

// earlyLead is how far ahead of a viewer who started playing at the first
// segment the early pass must be for it to wait for the ladder pass when
// the queue between them is full. It is the segment time (a longer
// LadderOptions.SegmentTime raises it): a segment is published only once
// the early pass has decoded past its end, so a decoder a whole segment
// ahead of the viewer has the segment being played on disk; any closer
// and waiting could stall the viewer, so the early pass stops sharing
// instead.
const earlyLead = DefaultSegmentTime

// errShareEnded and errShareDetached are what frameShare.next returns once
// the queue is empty: the early pass decoded the whole source, or it
// stopped handing over frames and the ladder pass must decode the rest.
var (
	errShareEnded    = errors.New("shared decode ended")
	errShareDetached = errors.New("shared decode detached")
)

// sharedFrame is a reference to one decoded picture and what it counts
// against the bound.
type sharedFrame struct {
	frame *astiav.Frame
	bytes int64
}

// frameShare carries the pictures the early pass of transcodeEarlyFirst
// decodes to the ladder pass, so that the source is decoded once for both.
// The early pass puts every picture it decodes (a new reference, no copy);
// the ladder pass takes them in order. When the queue is full and the
// early pass may not wait, it detaches: it puts nothing more, and the
// ladder pass, once it has taken what was queued, decodes the source
// itself, dropping the pictures it received.
type frameShare struct {
	limit int64
	// firstFrames is how many pictures the early pass decodes for its
	// first segment, before the ladder pass starts and may take any.
	firstFrames int64
	lead        time.Duration // earlyLead, or the job's longer segment time
	now         func() time.Time
	logger      *slog.Logger

	mu    sync.Mutex
	queue []sharedFrame
	bytes int64
	// changed is closed, and replaced, whenever the queue or the state
	// changes, waking whoever waits for room or for a picture.
	changed  chan struct{}
	started  bool      // the ladder pass is starting (the first segment is out)
	firstSeg time.Time // when the first segment was out
	ended    bool      // the early pass handed over its last picture
	detached bool      // no more pictures will come: the ladder decodes
	closed   bool      // the ladder pass is gone: nothing is queued anymore
	handed   int64     // pictures put
	taken    int64     // pictures the ladder pass took
	waits    int64     // times the early pass waited for room
	peak     int64     // the most bytes queued at once
}

func newFrameShare(limit int64, frameRate float64, segmentTime time.Duration, logger *slog.Logger) *frameShare {
	first := int64(math.Ceil(frameRate * DefaultGOPTime.Seconds()))
	return &frameShare{limit: limit, firstFrames: first, lead: max(earlyLead, segmentTime), now: time.Now, logger: logger, changed: make(chan struct{})}
}

// broadcast wakes every waiter; s.mu is held.
func (s *frameShare) broadcast() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// start records that the early pass has its first segment out: the ladder
// pass is starting, and a viewer may be playing from now on.
func (s *frameShare) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.started {
		s.started, s.firstSeg = true, s.now()
		s.broadcast()
	}
}

// put hands the ladder pass a reference to f, shown at pos from the start
// of the source: how far into the source the early pass is. It waits for room only while the early pass is earlyLead ahead
// of its first viewer; otherwise it detaches. The error is ctx's cause,
// when it ends while waiting.
func (s *frameShare) put(ctx context.Context, f *astiav.Frame, pos time.Duration) error {
	size, err := f.ImageBufferSize(1)
	if err != nil {
		size = 0
	}
	bytes := int64(size)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handed == 0 && !s.started && bytes*s.firstFrames > s.limit {
		// The queue would fill before the ladder pass starts: better to
		// detach before its pictures have taken memory that a new
		// process pays for page by page (BENCHMARKS.md, "Session 20").
		s.detach("the first segment's pictures would not fit", pos, 0)
	}
	for !s.detached && s.bytes+bytes > s.limit {
		if !s.started {
			s.detach("the queue filled before the ladder pass started", pos, 0)
			return nil
		}
		if len(s.queue) == 0 {
			// Nothing the ladder pass takes would make room.
			s.detach("a picture is larger than the bound", pos, 0)
			return nil
		}
		lead := pos - s.now().Sub(s.firstSeg)
		if lead < s.lead {
			s.detach("the queue is full and the early pass is less than a segment ahead of its viewers", pos, lead)
			return nil
		}
		changed := s.changed
		s.waits++
		s.mu.Unlock()
		// Waiting, the early pass loses lead as the viewer plays on: it
		// stops waiting when the lead is down to s.lead.
		timer := time.NewTimer(lead - s.lead)
		select {
		case <-changed:
		case <-timer.C:
		case <-ctx.Done():
		}
		timer.Stop()
		s.mu.Lock()
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
	}
	if s.detached {
		return nil
	}
	ref := astiav.AllocFrame()
	if err := ref.Ref(f); err != nil {
		ref.Free()
		s.detach("referencing a picture failed: "+err.Error(), pos, 0)
		return nil
	}
	s.queue = append(s.queue, sharedFrame{frame: ref, bytes: bytes})
	s.bytes += bytes
	s.peak = max(s.peak, s.bytes)
	s.handed++
	s.broadcast()
	return nil
}

// detach stops the sharing; s.mu is held.
func (s *frameShare) detach(why string, pos, lead time.Duration) {
	if s.detached {
		return
	}
	s.detached = true
	s.broadcast()
	if !s.closed {
		s.logger.Info("media: the early pass stops sharing its decode; the ladder pass decodes the source itself",
			"why", why, "frames_handed", s.handed, "queued_bytes", s.bytes, "position", pos, "lead", lead)
	}
}

// end says the early pass has handed over every picture of the source.
func (s *frameShare) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.detached {
		s.ended = true
		s.broadcast()
	}
}

// producerDone is called when the early pass is over, however it ended: a
// pass that failed before the end of the source hands over nothing more.
func (s *frameShare) producerDone() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.ended {
		s.detach("the early pass ended before the end of the source", 0, 0)
	}
}

// next takes the next picture, which the caller frees. Once the queue is
// empty it returns errShareEnded or errShareDetached, or ctx's cause if
// ctx ends first.
func (s *frameShare) next(ctx context.Context) (*astiav.Frame, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if ctx.Err() != nil {
			// A cancelled pass stops at once, not after what is queued.
			return nil, context.Cause(ctx)
		}
		if len(s.queue) > 0 {
			f := s.queue[0]
			s.queue[0] = sharedFrame{}
			s.queue = s.queue[1:]
			s.bytes -= f.bytes
			s.taken++
			s.broadcast()
			return f.frame, nil
		}
		switch {
		case s.ended:
			return nil, errShareEnded
		case s.detached:
			return nil, errShareDetached
		}
		changed := s.changed
		s.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
		}
		s.mu.Lock()
	}
}

// received is how many pictures the ladder pass took.
func (s *frameShare) received() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.taken
}

// close is called when the ladder pass is over, however it ended: it
// frees whatever is still queued, and the early pass hands nothing more.
func (s *frameShare) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.logger.Info("media: shared decode over", "frames_handed", s.handed, "frames_taken", s.taken,
		"peak_bytes", s.peak, "early_pass_waits", s.waits, "detached", s.detached)
	s.closed = true
	s.detached = true
	for _, f := range s.queue {
		f.frame.Free()
	}
	s.queue, s.bytes = nil, 0
	s.broadcast()
}

// decodeShared runs the ladder pass's video pipeline on the pictures the
// early pass decoded, and flushes it as decode(nil) does at the end of the
// source. If the early pass detaches, it decodes the source from fc
// itself, dropping the pictures it already received: their number, not a
// seek, says where to resume, which holds for timestamps that are missing
// or go backwards too.
func decodeShared(ctx context.Context, fc *astiav.FormatContext, vp *videoPipeline, share *frameShare) error {
	for {
		f, err := share.next(ctx)
		switch {
		case errors.Is(err, errShareEnded):
			return vp.decode(ctx, nil)
		case errors.Is(err, errShareDetached):
			// The own decode numbers its pictures from the start again,
			// as the early pass did, and the drop keeps none twice.
			vp.lastPts, vp.lastStep = astiav.NoPtsValue, 0
			vp.skip = share.received()
			share.logger.Info("media: the ladder pass decodes the source itself", "skipping_frames", vp.skip)
			return demuxAndDecode(ctx, fc, vp, nil)
		case err != nil:
			return err
		}
		err = vp.takeShared(ctx, f)
		f.Free()
		if err != nil {
			return err
		}
	}
}
