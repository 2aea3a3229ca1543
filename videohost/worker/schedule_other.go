//go:build !linux

package worker

// BatchScheduling does nothing outside Linux, which has no SCHED_BATCH.
func BatchScheduling() error { return nil }
