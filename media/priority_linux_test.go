package media_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestBackgroundLowersTheLadder: a Background encode runs its threads (the
// decoder's, x264's) 10 nice levels lower, a foreground one at the
// process's own. Not parallel: no other test's encode runs meanwhile.
func TestBackgroundLowersTheLadder(t *testing.T) {
	src := avSource(t, "320x180", "25", "5")
	for _, background := range []bool{false, true} {
		t.Run("background="+strconv.FormatBool(background), func(t *testing.T) {
			var mu sync.Mutex
			highest := -1
			// Threads from before the call are not this encode's: a niced
			// thread of an earlier encode (the Go thread its ladder locked)
			// ends after that encode returns, at nice +10, which under load
			// takes a while.
			before := threadIDs(t)
			_, err := media.Process(ladderTestContext(t), media.ProcessOptions{
				Source: src, OutDir: t.TempDir(), LadderOnly: true, Background: background,
				OnProgress: func(float64) {
					n := highestNice(t, before)
					mu.Lock()
					highest = max(highest, n)
					mu.Unlock()
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if background {
				want = 10
			}
			mu.Lock()
			defer mu.Unlock()
			if highest != want {
				t.Errorf("highest nice value among the threads while encoding: %d, want %d", highest, want)
			}
		})
	}
}

// threadIDs lists the ids of this process's threads.
func threadIDs(t *testing.T) map[string]bool {
	t.Helper()
	tasks, err := filepath.Glob("/proc/self/task/*")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, p := range tasks {
		ids[filepath.Base(p)] = true
	}
	return ids
}

// highestNice is the highest nice value of this process's threads but
// those in skip.
func highestNice(t *testing.T, skip map[string]bool) int {
	t.Helper()
	tasks, err := filepath.Glob("/proc/self/task/*/stat")
	if err != nil {
		t.Fatal(err)
	}
	highest := -20
	for _, p := range tasks {
		if skip[filepath.Base(filepath.Dir(p))] {
			continue
		}
		stat, err := os.ReadFile(p)
		if err != nil {
			continue // the thread has ended since the listing
		}
		// Field 19 of stat(5), the 17th after the command name's ")".
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if n, err := strconv.Atoi(f[16]); err == nil {
			highest = max(highest, n)
		}
	}
	return highest
}
