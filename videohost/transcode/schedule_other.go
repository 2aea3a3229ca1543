//go:build !linux

package transcode

// BatchScheduling does nothing outside Linux, which has no SCHED_BATCH.
func BatchScheduling() error { return nil }
