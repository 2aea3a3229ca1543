package transcode

import (
	"fmt"
	"os"
	"syscall"
)

// reserveStdout moves the process's stdout to a new descriptor for the
// child protocol and points descriptor 1 at stderr, so a C library printing
// to stdout cannot corrupt the JSON lines the parent reads.
func reserveStdout() (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("duplicating stdout: %w", err)
	}
	syscall.CloseOnExec(fd)
	if err := syscall.Dup3(2, 1, 0); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("redirecting stdout: %w", err)
	}
	return os.NewFile(uintptr(fd), "media-protocol"), nil
}
