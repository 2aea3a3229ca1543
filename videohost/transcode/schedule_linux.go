package transcode

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// BatchScheduling moves every thread of the calling process to the
// SCHED_BATCH policy (its nice value kept); threads started later inherit
// it. It is meant for a process that does nothing but transcode, like the
// media child (refserver media-process): a batch thread that wakes does
// not preempt the one running. A transcode runs a dozen threads (x264's
// frame threads per rendition, the decoder's, Go's) on a few cores, and
// without it every wake-up — Go's sysmon alone wakes about 2,000 times a
// second while the encoders are busy — evicts an x264 thread from its core
// and its cache: on 2 cores this took the involuntary context switches of
// a 60 s ladder from 62,000 to 12,000 (BENCHMARKS.md). Interactive threads
// of other processes (the server's) still preempt batch ones at once.
func BatchScheduling() error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return fmt.Errorf("listing threads: %w", err)
	}
	for _, task := range tasks {
		tid, err := strconv.Atoi(task.Name())
		if err != nil {
			continue
		}
		attr, err := unix.SchedGetAttr(tid, 0)
		if errors.Is(err, unix.ESRCH) {
			continue // the thread has ended since the listing
		}
		if err != nil {
			return fmt.Errorf("reading thread %d scheduling: %w", tid, err)
		}
		if attr.Policy != unix.SCHED_NORMAL {
			continue // batch already, or a real-time or idle policy chosen on purpose
		}
		attr.Policy = unix.SCHED_BATCH
		if err := unix.SchedSetAttr(tid, attr, 0); err != nil && !errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("setting thread %d scheduling: %w", tid, err)
		}
	}
	return nil
}
