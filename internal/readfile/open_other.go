//go:build !unix

package readfile

import "os"

// Open is os.Open where the poller's handling of regular files is not the
// Linux one.
func Open(name string) (*os.File, error) { return os.Open(name) }
