//go:build !linux

package media

// lowerThreadPriority does nothing where threads have no nice value of
// their own; the passes then share the processor evenly.
func lowerThreadPriority() error { return nil }
