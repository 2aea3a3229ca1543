package httpfast

// Procs is the GOMAXPROCS a process that serves files with sendfile runs
// best with on cpus CPUs: four times as many, at most 64 (never fewer than
// cpus).
//
// Why: sending a 1 MiB segment is one sendfile of 100 to 300 µs. While a
// goroutine is in a system call its P (the right to run Go code) stays
// with it until the runtime's monitor notices, 20 µs to 10 ms later, and
// hands the P to another thread. With as many Ps as CPUs, the goroutines
// of the other connections wait for that; with more Ps than CPUs they run
// at once on a free P, and the kernel shares the CPUs among the threads.
// On 2 CPUs, with wrk loading 1 MiB segments from 64 connections, Reel went
// from 0.84–0.89× nginx's request rate with 2 Ps to 1.01–1.28× with 8,
// with no loss on playlists (BENCHMARKS.md, session 14). It was measured
// on 2 CPUs only; the cap at 64 keeps a large machine near Go's default,
// as a guess rather than a measure.
func Procs(cpus int) int {
	return max(cpus, min(4*cpus, 64))
}
