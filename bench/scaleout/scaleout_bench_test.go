//go:build bench

// Package scaleout measures Reel as several processes over one PostgreSQL
// and one S3-compatible store (issue 15), each measure beside its reference
// in the same run:
//
//   - TestAPIScaleOut: create/get/list from 32 clients against two
//     `refserver api` processes on one PostgreSQL against one, and one
//     process on SQLite against one on PostgreSQL; CPU time split between
//     the refserver processes, PostgreSQL and the load generator.
//   - TestDeliveryFromS3: 1 MiB segments of a signed video on S3 through
//     `refserver api` (without and with the media cache, and redirected
//     with --media-redirect) against GETs (presigned) straight from the S3
//     server, and its playlists against nginx serving the same bytes; CPU
//     per request of each server.
//   - TestWorkersScaleOut: 20 short uploads through two `refserver worker`
//     processes against one: time until all are ready and the idle share of
//     the workers.
//   - TestLadderS3Overhead: one 60 s 1080p upload through the whole ladder
//     with blobs on S3 against blobs on local disk (both on PostgreSQL):
//     wall and CPU time.
//   - TestChunkSourceReads: one 180 s upload encoded in chunks by two
//     `refserver worker` processes, with a counting proxy in front of the S3
//     server: the GETs of the source and the bytes read from the bucket.
//
// Each prints a markdown table for BENCHMARKS.md (section "Scale-out").
//
//	make bench BENCH=./bench/scaleout/
//	go test -tags bench -count=1 -v -timeout 90m ./bench/scaleout/
//
// PostgreSQL 15 (internal/pgtest: a throwaway cluster, or
// REEL_TEST_POSTGRES) and versitygw (internal/s3test: bin/versitygw) run as
// real processes; refserver is built once with go build and run as child
// processes. Knobs (environment): REEL_BENCH_ROUNDS (2: rounds of the API
// and delivery measures, alternating the configurations),
// REEL_BENCH_API_CLIENTS (32), REEL_BENCH_API_REQUESTS (300 per client and
// phase), REEL_BENCH_SECONDS (5: each delivery phase),
// REEL_BENCH_UPLOADS (20), REEL_BENCH_UPLOAD_SECONDS (10),
// REEL_BENCH_LADDER_SECONDS (60), REEL_BENCH_LADDER_ROUNDS (1),
// REEL_BENCH_PERF (a folder: `perf record` profiles of refserver during
// the S3 segment phases of TestDeliveryFromS3; off by default). Every loop
// is bounded by a count and a deadline. The load average is printed at the
// start and the end of every measure: on the shared 2-core machine it says
// how far wall-clock rates can be trusted, and why CPU time per request is
// printed beside them.
package scaleout

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

// refserverBin is the refserver binary built by TestMain.
var refserverBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "reel-scaleout-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	refserverBin = filepath.Join(dir, "refserver")
	build := exec.Command("go", "build", "-o", refserverBin, "github.com/reelvideo/reel/refserver")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building refserver:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := pgtest.Stop(s3test.Main(m))
	os.RemoveAll(dir)
	os.Exit(code)
}

// proc is a refserver process.
type proc struct {
	role string
	cmd  *exec.Cmd
	pid  int
	base string // http://addr of its listener

	mu       sync.Mutex
	changed  *sync.Cond
	lines    []string // every log line but request lines
	requests int      // request log lines
	keys     map[string]string
	exited   bool
}

// startRefserver runs `refserver ROLE` on data with --addr 127.0.0.1:0,
// --allow-networks 127.0.0.0/8 and args, with env added to a bare
// environment, and returns once it listens. It is stopped (SIGTERM, then
// SIGKILL after 25 s) when t ends.
func startRefserver(t testing.TB, role, data string, env []string, args ...string) *proc {
	t.Helper()
	all := append([]string{role, "--addr", "127.0.0.1:0", "--data", data, "--allow-networks", "127.0.0.0/8",
		"--log-level", "info"}, args...)
	p := &proc{role: role, keys: map[string]string{}}
	p.changed = sync.NewCond(&p.mu)
	p.cmd = exec.Command(refserverBin, all...)
	p.cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + data}, env...)
	stdout, _ := p.cmd.StdoutPipe()
	stderr, _ := p.cmd.StderrPipe()
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.pid = p.cmd.Process.Pid
	t.Cleanup(p.stop)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 2 && strings.HasPrefix(f[1], "rk_") {
				p.mu.Lock()
				p.keys[f[0]] = f[1]
				p.changed.Broadcast()
				p.mu.Unlock()
			}
		}
	}()
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			if strings.Contains(line, "msg=request ") {
				p.requests++
			} else {
				p.lines = append(p.lines, line)
				p.changed.Broadcast()
			}
			p.mu.Unlock()
		}
		p.mu.Lock()
		p.exited = true
		p.changed.Broadcast()
		p.mu.Unlock()
	}()
	want, field := "msg=serving ", "addr="
	if role == "worker" {
		want = `msg="serving health probes"`
	}
	line, ok := p.waitLog(60*time.Second, want)
	if !ok {
		t.Fatalf("refserver %s did not start; log:\n%s", role, p.log())
	}
	addr := strings.Fields(line[strings.Index(line, field):])[0][len(field):]
	p.base = "http://" + addr
	return p
}

// waitLog waits up to limit for a log line holding every part; it returns
// false when the process exits or the time is up.
func (p *proc) waitLog(limit time.Duration, parts ...string) (string, bool) {
	deadline := time.Now().Add(limit)
	timer := time.AfterFunc(limit, func() {
		p.mu.Lock()
		p.changed.Broadcast()
		p.mu.Unlock()
	})
	defer timer.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		for _, l := range p.lines {
			if containsAll(l, parts) {
				return l, true
			}
		}
		if p.exited || time.Now().After(deadline) {
			return "", false
		}
		p.changed.Wait()
	}
}

func containsAll(s string, parts []string) bool {
	for _, part := range parts {
		if !strings.Contains(s, part) {
			return false
		}
	}
	return true
}

// key waits (up to 10 s) for a key the first start of a database printed.
func (p *proc) key(t testing.TB, access string) string {
	t.Helper()
	for range 1000 {
		p.mu.Lock()
		k := p.keys[access]
		p.mu.Unlock()
		if k != "" {
			return k
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("refserver printed no %s key; log:\n%s", access, p.log())
	return ""
}

// logLines is a copy of the log lines so far (request lines left out).
func (p *proc) logLines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.lines)
}

func (p *proc) log() string { return strings.Join(p.logLines(), "\n") }

func (p *proc) cpu() time.Duration { return benchkit.CPUTime(p.pid) }

// stop sends SIGTERM and waits (25 s at most, then SIGKILL) until the
// process has exited and its log has been read to the end.
func (p *proc) stop() {
	if p.cmd.Process == nil || p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	if !p.waitExit(25 * time.Second) {
		p.cmd.Process.Kill()
		p.waitExit(5 * time.Second)
	}
	p.cmd.Wait()
}

// waitExit waits up to limit for the end of the process's log.
func (p *proc) waitExit(limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	timer := time.AfterFunc(limit, func() {
		p.mu.Lock()
		p.changed.Broadcast()
		p.mu.Unlock()
	})
	defer timer.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.exited && time.Now().Before(deadline) {
		p.changed.Wait()
	}
	return p.exited
}

// postgresPID is the postmaster of the server dsn names: the parent of a
// backend. Its process tree is PostgreSQL's whole CPU time.
func postgresPID(t testing.TB, dsn string) int {
	t.Helper()
	conn := pgtest.Conn(t, dsn)
	var backend int
	if err := conn.QueryRow(context.Background(), "SELECT pg_backend_pid()").Scan(&backend); err != nil {
		t.Fatal(err)
	}
	pid := benchkit.ParentPID(backend)
	if pid <= 1 {
		t.Skip("PostgreSQL runs elsewhere (REEL_TEST_POSTGRES): its CPU time cannot be read")
	}
	return pid
}

// versitygwPID is the test binary's S3 server: the child of this process
// whose command is versitygw.
func versitygwPID(t testing.TB) int {
	t.Helper()
	for _, c := range benchkit.Children(os.Getpid()) {
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", c))
		if argv0, _, _ := bytes.Cut(cmdline, []byte{0}); filepath.Base(string(argv0)) == "versitygw" {
			return c
		}
	}
	t.Fatal("no versitygw child process found")
	return 0
}

// selfCPU is this process's CPU time: the load generator's.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// do sends one request with the API key and decodes a JSON answer into out
// (when not nil); it returns the response with its body read.
func do(client *http.Client, method, url, key string, body any, out any) (*http.Response, []byte, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		return nil, nil, err
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return resp, nil, err
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			return resp, b, fmt.Errorf("%s %s: decoding %q: %w", method, url, b, err)
		}
	}
	return resp, b, nil
}

// createKeys makes n read-write keys through base with the key admin.
func createKeys(t testing.TB, base, admin string, n int) []string {
	t.Helper()
	keys := make([]string, n)
	for i := range keys {
		var k struct{ Key string }
		resp, b, err := do(http.DefaultClient, "POST", base+"/v1/keys", admin, map[string]string{"access": "read_write", "name": fmt.Sprintf("bench %d", i)}, &k)
		if err != nil || resp.StatusCode != http.StatusCreated || k.Key == "" {
			t.Fatalf("creating key %d: %v %s", i, err, b)
		}
		keys[i] = k.Key
	}
	return keys
}

// measureStart is the load average and machine CPU at the start of a
// measure; its end prints them beside the end's.
type measureStart struct {
	load string
	cpu  benchkit.MachineCPU
	at   time.Time
}

func startMeasure() measureStart {
	return measureStart{load: benchkit.LoadAverage(), cpu: benchkit.ReadMachineCPU(), at: time.Now()}
}

// String says the load average at the start and now, how busy the
// machine's cores were meanwhile (everybody's work) and how long it took.
func (m measureStart) String() string {
	return fmt.Sprintf("load average %s at the start, %s at the end; the machine's cores %.0f%% busy; %s",
		m.load, benchkit.LoadAverage(), 100*benchkit.ReadMachineCPU().Sub(m.cpu).BusyShare(), time.Since(m.at).Round(time.Second))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
