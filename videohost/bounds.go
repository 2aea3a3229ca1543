package videohost

import (
	"context"
	"errors"
	"time"
)

// Work an API request does before it answers: a poster image decoded to
// check it, an audio track or a poster probed by the pipeline (a child
// process when it is isolated). Each costs memory in proportion to the
// picture, not to the bytes sent (a 108 kB PNG of 4096×4096 16-bit pixels
// decodes to 128 MiB), so it is bounded twice: an image whose header
// promises more than trackadmin.MaxImageDecodeBytes is refused before
// anything is decoded, and at most Config.MediaChecks such checks run at
// once in the process (past it, a request waits Config.MediaCheckWait for
// one and is then answered EUnavailable with RetryAfter).

// Defaults of Config.MediaChecks and Config.MediaCheckWait.
const (
	// DefaultMediaChecks is as many as the frame extractions of
	// httpapi.FrameConfig: each check can hold a poster's decode budget
	// (trackadmin.MaxImageDecodeBytes) in this process and start a probe
	// child of a couple of hundred MiB.
	DefaultMediaChecks = 2
	// DefaultMediaCheckWait is how long a request waits for a free check
	// before it is refused, as a frame request waits for an extraction.
	DefaultMediaCheckWait = 250 * time.Millisecond
	// MediaBusyRetryAfter is the Retry-After of that refusal.
	MediaBusyRetryAfter = time.Second
)

// ErrMediaBusy is in the chain of the EUnavailable error of a request
// refused because every media check slot stayed taken for
// Config.MediaCheckWait.
var ErrMediaBusy = errors.New("every media check is taken")

// mediaSlots is the process-wide bound of Config.MediaChecks.
type mediaSlots struct {
	slots chan struct{}
	wait  time.Duration
}

func newMediaSlots(n int, wait time.Duration) *mediaSlots {
	if n <= 0 {
		n = DefaultMediaChecks
	}
	if wait <= 0 {
		wait = DefaultMediaCheckWait
	}
	return &mediaSlots{slots: make(chan struct{}, n), wait: wait}
}

// AcquireMediaCheck takes one of the process's media check slots
// (Config.MediaChecks), for a room that checks an uploaded file before it
// answers (videohost/trackadmin); it fails as acquire says.
func (s *Service) AcquireMediaCheck(ctx context.Context) (release func(), err error) {
	return s.checks.acquire(ctx)
}

// acquire takes a slot within the wait, or fails with EUnavailable
// (ErrMediaBusy, RetryAfter) or the context's error; release gives it back.
func (m *mediaSlots) acquire(ctx context.Context) (release func(), err error) {
	select {
	case m.slots <- struct{}{}:
		return func() { <-m.slots }, nil
	default:
	}
	wait := time.NewTimer(m.wait)
	defer wait.Stop()
	select {
	case m.slots <- struct{}{}:
		return func() { <-m.slots }, nil
	case <-wait.C:
		return nil, &Error{Code: EUnavailable, Err: ErrMediaBusy, RetryAfter: MediaBusyRetryAfter,
			Message: "too many uploaded files are being checked at once; retry in a second"}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
