package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// maxInstances bounds the slots tried in one data folder.
const maxInstances = 64

// instance is this process's stable name among the processes sharing a data
// folder: the first free slot {data}/instances/{n}.lock, held under an
// exclusive file lock for the life of the process. The kernel drops the lock
// when the process dies, however it dies, so a process that gets slot n knows
// that no live process holds what slot n's leases name, and may take those
// jobs and webhook deliveries back at once (a restart after kill -9 resumes
// within a poll instead of after a lease).
type instance struct {
	ID   string
	Slot string // "slot{n}": names what the slot owns in the data folder
	file *os.File
}

func claimInstance(data string) (*instance, error) {
	dir := filepath.Join(data, "instances")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating instance folder: %w", err)
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	for n := range maxInstances {
		f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("%d.lock", n)), os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, fmt.Errorf("opening instance lock: %w", err)
		}
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return &instance{ID: fmt.Sprintf("%s-slot%d", host, n), Slot: fmt.Sprintf("slot%d", n), file: f}, nil
		}
		f.Close()
		if !errors.Is(err, unix.EWOULDBLOCK) {
			return nil, fmt.Errorf("locking instance slot %d: %w", n, err)
		}
	}
	return nil, fmt.Errorf("all %d instance slots in %s are held by running processes", maxInstances, dir)
}

// release gives the slot up (closing the file drops the lock).
func (i *instance) release() {
	if i != nil && i.file != nil {
		i.file.Close()
		i.file = nil
	}
}
