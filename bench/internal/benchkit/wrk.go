//go:build bench

package benchkit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// WrkResult is what one wrk run counted.
type WrkResult struct {
	Requests int64         // complete responses
	Bytes    int64         // bytes read, heads included
	Elapsed  time.Duration // as wrk timed it
	Failed   int64         // non-2xx/3xx answers, and connect, read, write and timeout errors
}

// RequestsPerSecond is the rate wrk reports.
func (r WrkResult) RequestsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// WrkPath is wrk's binary, installed with apt-get when missing; "" (and a
// logged reason) when it cannot be had.
func WrkPath(t testing.TB) string {
	t.Helper()
	bin, err := lookOrInstall("wrk")
	if err != nil {
		t.Logf("%v; the wrk rows are left out", err)
		return ""
	}
	return bin
}

// Wrk loads base with wrk (its C load generator: epoll, no allocation per
// request, so that far less of the machine goes to the client than with a
// Go client) from connections keep-alive connections on threads threads for
// d, asking for paths round robin. It fails t when wrk fails or its summary
// cannot be read.
func Wrk(ctx context.Context, t testing.TB, bin, base string, paths []string, connections, threads int, d time.Duration) WrkResult {
	t.Helper()
	var quoted []string
	for _, p := range paths {
		quoted = append(quoted, strconv.Quote(p))
	}
	// Each thread has a Lua state of its own, so each walks the list from
	// its own start. done prints the summary in a form read below.
	script := fmt.Sprintf(`local paths = {%s}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i %% #paths) + 1])
end
done = function(s, latency, requests)
  local e = s.errors
  io.write(string.format("REEL %%d %%d %%d %%d\n", s.requests, s.bytes, s.duration,
    e.status + e.connect + e.read + e.write + e.timeout))
end
`, strings.Join(quoted, ", "))
	file := filepath.Join(t.TempDir(), "paths.lua")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	secs := max(1, int(d/time.Second))
	cmd := exec.CommandContext(ctx, bin, "-t", strconv.Itoa(threads), "-c", strconv.Itoa(connections),
		"-d", strconv.Itoa(secs)+"s", "--timeout", "10s", "-s", file, base)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("wrk against %s: %v\n%s", base, err, out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		rest, ok := strings.CutPrefix(line, "REEL ")
		if !ok {
			continue
		}
		var r WrkResult
		var micros int64
		if _, err := fmt.Sscan(rest, &r.Requests, &r.Bytes, &micros, &r.Failed); err != nil {
			break
		}
		r.Elapsed = time.Duration(micros) * time.Microsecond
		return r
	}
	t.Fatalf("wrk against %s: no summary in\n%s", base, out.String())
	return WrkResult{}
}
