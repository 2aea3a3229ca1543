//go:build !linux

package transcode

import (
	"os"
	"os/exec"
)

// dieWithParent has no portable equivalent outside Linux: an orphaned child
// finishes its job into a staging folder nobody publishes.
func dieWithParent(*exec.Cmd) {}

// reserveStdout answers stdout itself where descriptors cannot be moved.
func reserveStdout() (*os.File, error) { return os.Stdout, nil }
