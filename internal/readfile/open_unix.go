//go:build unix

package readfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// Open opens name for reading, as os.Open does, without registering the
// descriptor with the network poller. The file's Read, ReadAt, Stat, Close
// and its use by sendfile (io.Copy to a TCP connection) behave as with
// os.Open; deadlines are not supported (regular files never had them).
func Open(name string) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == nil {
			return os.NewFile(uintptr(fd), name), nil
		}
		if !errors.Is(err, syscall.EINTR) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
}
