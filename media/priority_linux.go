package media

import "golang.org/x/sys/unix"

// lowerThreadPriority raises the calling thread's nice value by 10 (at most
// 19). Threads it starts afterwards inherit it: the decoder's frame threads,
// x264's threads and the encoder threads of encode_thread.c.
func lowerThreadPriority() error {
	tid := unix.Gettid()
	raw, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
	if err != nil {
		return err
	}
	nice := 20 - raw // the raw system call answers 20 - nice
	return unix.Setpriority(unix.PRIO_PROCESS, tid, min(nice+10, 19))
}
