package media

import (
	"cmp"
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"
)

// transcodeEarlyFirst encodes the ladder of a source that cannot be remuxed
// for early playback (another codec, HDR, rotated, over 1080p, ...) in two
// passes that run at once:
//
//   - the early pass decodes the source and encodes the smallest rendition
//     and the audio tracks, scaling before anything else (tone-mapping and
//     turning a 360p picture cost 1/36 of a 4K one): its first segment is
//     on disk seconds after the start, whatever the source;
//   - the ladder pass decodes the source again and encodes every other
//     rendition, on threads with a nice value 10 higher, so that the early
//     pass takes the processor whenever it has work and keeps ahead of a
//     viewer who started playing it. It starts once the early pass has its
//     first segment on disk.
//
// With job.sharedDecodeBytes (ProcessOptions.SharedDecodeBytes), the
// ladder pass encodes the pictures the early pass decoded instead
// (frameShare: references, no copy), bounded in bytes. When the bound is
// reached the early pass waits for the ladder pass only while it is a
// segment ahead of its first viewer; otherwise, and always before the
// ladder pass starts, it stops sharing, and the ladder pass decodes the
// source itself from the start, dropping the pictures it already had. It
// is off by default: the early pass runs seconds ahead of the ladder pass
// by design, so sharing holds seconds of decoded pictures, and on the
// benchmark machine the first touch of that memory costs more than the
// decode it saves, on the early pass's way to its first segment
// (BENCHMARKS.md, "Session 20"). So by default the split costs a second
// decode of the source.
//
// Every track's first segment is one GOP (2 s) long, the rest the segment
// time, in both passes alike.
//
// The early pass's rendition is the ladder's own smallest rung (the same
// settings, GOP and segment boundaries), not a throwaway: nothing is
// encoded twice. job.onStart is called once per pass.
func transcodeEarlyFirst(ctx context.Context, job ladderJob) (*ladderOutput, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	// Both passes end their first segments after one GOP: the early one
	// is then playable after 2 s of the source are encoded, not 4.
	job.shortFirstSegment = true
	early := job
	early.renditions = job.renditions[:1]
	early.scaleFirst = true
	ladder := job
	ladder.renditions = job.renditions[1:]
	ladder.videoOnly = true
	ladder.live = nil
	var share *frameShare
	if job.sharedDecodeBytes > 0 && job.info.Video != nil {
		share = newFrameShare(job.sharedDecodeBytes, job.info.Video.FrameRate, job.opts.SegmentTime, job.logger)
		early.shareOut, ladder.shareIn = share, share
	}

	// The ladder pass starts once the early pass has its first segment
	// (or has ended): until then the early pass's decoder keeps both cores
	// busy, and the ladder's start (opening a decoder and four 4K x264
	// encoders) would only delay the first segment.
	firstSegment := make(chan struct{})
	var once sync.Once
	started := func() {
		once.Do(func() {
			if share != nil {
				share.start()
			}
			close(firstSegment)
		})
	}
	early.onSegment = func() {
		started()
		if job.onSegment != nil {
			job.onSegment()
		}
	}

	var wg sync.WaitGroup
	var earlyOut, ladderOut *ladderOutput
	var earlyErr, ladderErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		defer started()
		if share != nil {
			defer share.producerDone()
		}
		if earlyOut, earlyErr = transcodeLadder(ctx, early); earlyErr != nil {
			cancel(earlyErr)
			return
		}
		if job.onEarlyDone != nil {
			job.onEarlyDone()
		}
	}()
	go func() {
		defer wg.Done()
		if share != nil {
			// However the ladder pass ends, the early pass hands it
			// nothing more and no picture stays referenced.
			defer share.close()
		}
		select {
		case <-firstSegment:
		case <-ctx.Done():
			ladderErr = context.Cause(ctx)
			return
		}
		// The thread is left locked, so Go ends it with the goroutine
		// rather than handing its nice value to other goroutines.
		runtime.LockOSThread()
		if err := lowerThreadPriority(); err != nil {
			job.logger.WarnContext(ctx, "media: lowering the ladder pass's priority", "err", err)
		}
		if ladderOut, ladderErr = transcodeLadder(ctx, ladder); ladderErr != nil {
			cancel(ladderErr)
		}
	}()
	wg.Wait()
	for _, err := range []error{earlyErr, ladderErr} {
		// The pass that failed first names the cause; the other one only
		// saw its context cancelled.
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err
		}
	}
	if err := errors.Join(earlyErr, ladderErr); err != nil {
		if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
			return nil, cause
		}
		return nil, err
	}
	return &ladderOutput{
		videos: append(earlyOut.videos, ladderOut.videos...),
		audios: earlyOut.audios,
	}, nil
}

// add merges the tracks of one pass into o, the videos kept smallest first.
func (o *ladderOutput) add(pass *ladderOutput) {
	o.audios = append(o.audios, pass.audios...)
	o.videos = append(o.videos, pass.videos...)
	slices.SortStableFunc(o.videos, func(a, b *videoTrackOutput) int {
		return cmp.Compare(max(a.rendition.Width, a.rendition.Height), max(b.rendition.Width, b.rendition.Height))
	})
}

// transcodeLowered is transcodeLadder on a thread 10 nice levels lower, with
// every thread it starts (ProcessOptions.Background).
func transcodeLowered(ctx context.Context, job ladderJob) (*ladderOutput, error) {
	var out *ladderOutput
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Left locked, as the ladder pass's in transcodeEarlyFirst: Go ends
		// the thread with the goroutine.
		runtime.LockOSThread()
		if err := lowerThreadPriority(); err != nil {
			job.logger.WarnContext(ctx, "media: lowering the ladder's priority", "err", err)
		}
		out, err = transcodeLadder(ctx, job)
	}()
	<-done
	return out, err
}
