package transcode_test

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/reelvideo/reel/videohost/transcode"
)

// batchChild calls BatchScheduling, starts more threads (goroutines blocked
// in system calls make the runtime start them), then prints one line per
// thread, its id and policy, and exits.
func batchChild() {
	if err := transcode.BatchScheduling(); err != nil {
		os.Stderr.WriteString(err.Error())
		os.Exit(1)
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ts := syscall.NsecToTimespec(int64(50 * time.Millisecond))
			_ = syscall.Nanosleep(&ts, nil)
		}()
	}
	wg.Wait()
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		attr, err := unix.SchedGetAttr(tid, 0)
		if err != nil {
			continue
		}
		fmt.Printf("%d %d\n", tid, attr.Policy)
	}
	os.Exit(0)
}

func TestBatchSchedulingCoversEveryThread(t *testing.T) {
	out, err := exec.Command(os.Args[0], "batch-child").CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	lines := strings.Fields(strings.TrimSpace(string(out)))
	if len(lines) < 2*6 {
		t.Fatalf("want the policies of at least 6 threads, got:\n%s", out)
	}
	for i := 0; i+1 < len(lines); i += 2 {
		if lines[i+1] != strconv.Itoa(unix.SCHED_BATCH) {
			t.Errorf("thread %s has policy %s, want SCHED_BATCH (%d)", lines[i], lines[i+1], unix.SCHED_BATCH)
		}
	}
	// The test process itself is left alone.
	if attr, err := unix.SchedGetAttr(0, 0); err != nil || attr.Policy != unix.SCHED_NORMAL {
		t.Errorf("test process policy %v (%v)", attr, err)
	}
}
