//go:build !linux

package transcode

import (
	"os"
)

// reserveStdout answers stdout itself where descriptors cannot be moved.
func reserveStdout() (*os.File, error) { return os.Stdout, nil }
