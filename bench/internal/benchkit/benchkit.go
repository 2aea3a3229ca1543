//go:build bench

// Package benchkit holds what several benchmarks under bench/ share: nginx
// as the reference static file server, the CPU time of a process tree read
// from /proc, and the machine's load, which every published number sits
// beside. It is for the benchmarks only (build tag bench).
package benchkit

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Location is one folder nginx serves: requests under Prefix (which starts
// and ends with "/") are answered from the files of Root.
type Location struct {
	Prefix string
	Root   string
}

// StartNginx runs nginx (installed with apt-get when missing; the test is
// skipped if that fails) on a free 127.0.0.1 port with sendfile on, serving
// each location, and stops it (SIGTERM to its master, which stops the
// workers) when t ends. It returns nginx's base URL and its master's pid.
// probe is a path under one location that must answer 200 before it
// returns.
func StartNginx(t testing.TB, probe string, locations ...Location) (string, int) {
	t.Helper()
	bin, err := lookOrInstall("nginx")
	if err != nil {
		if _, statErr := os.Stat("/usr/sbin/nginx"); statErr != nil {
			t.Skip(err)
		}
		bin = "/usr/sbin/nginx" // installed, outside a PATH without sbin
	}
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	// Run as root, nginx would drop its workers to "nobody", who cannot
	// read the test's private folders.
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;"
	}
	var locs strings.Builder
	for _, l := range locations {
		fmt.Fprintf(&locs, `        location %s {
            alias %s/;
            types { video/iso.segment m4s; video/mp4 mp4; application/vnd.apple.mpegurl m3u8; application/dash+xml mpd; }
            add_header Access-Control-Allow-Origin *;
            add_header Cache-Control "private, max-age=31536000, immutable";
        }
`, l.Prefix, l.Root)
	}
	conf := fmt.Sprintf(`daemon off;
%[3]s
worker_processes auto;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    server {
        listen %[2]s;
%[4]s    }
}
`, dir, addr, user, locs.String())
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-c", filepath.Join(dir, "nginx.conf"), "-p", dir)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// SIGTERM, not SIGKILL: nginx's master then stops its workers, which a
	// killed master would leave running.
	t.Cleanup(func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	base := "http://" + addr
	for range 100 {
		if res, err := http.Get(base + probe); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return base, cmd.Process.Pid
			}
			t.Fatalf("nginx answers %d for %s", res.StatusCode, probe)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("nginx did not start")
	return "", 0
}

// CPUTime is the user+system CPU time used so far by pid and every process
// under it: the live ones (nginx's workers, PostgreSQL's backends) and the
// ones it has waited for (a transcode's child process). A process that is
// gone counts as zero.
func CPUTime(pid int) time.Duration {
	f := statFields(pid)
	if f == nil {
		return 0
	}
	// Fields after the parenthesised command name: utime, stime, cutime and
	// cstime are fields 14 to 17, in clock ticks (100 per second).
	var ticks int64
	for _, i := range []int{11, 12, 13, 14} {
		n, _ := strconv.ParseInt(f[i], 10, 64)
		ticks += n
	}
	total := time.Duration(ticks) * 10 * time.Millisecond
	for _, child := range Children(pid) {
		total += CPUTime(child)
	}
	return total
}

// Children are the live processes whose parent is pid.
func Children(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, task := range tasks {
		b, _ := os.ReadFile(task)
		for _, c := range strings.Fields(string(b)) {
			if child, err := strconv.Atoi(c); err == nil {
				out = append(out, child)
			}
		}
	}
	return out
}

// ParentPID is the parent of pid (0 when pid is gone).
func ParentPID(pid int) int {
	f := statFields(pid)
	if f == nil {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1]) // field 4
	return ppid
}

// statFields are the fields of /proc/PID/stat after the command name,
// starting with the state (field 3); nil when pid is gone.
func statFields(pid int) []string {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 || i+2 > len(stat) {
		return nil
	}
	f := strings.Fields(string(stat[i+2:]))
	if len(f) < 15 {
		return nil
	}
	return f
}

// LoadAverage is the machine's 1-minute load average.
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// MachineCPU is a reading of the whole machine's CPU time (/proc/stat):
// what every process used, the benchmark's and everybody else's.
type MachineCPU struct {
	Busy, Total time.Duration // summed over the cores
}

// ReadMachineCPU reads /proc/stat.
func ReadMachineCPU() MachineCPU {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return MachineCPU{}
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line) // cpu user nice system idle iowait irq softirq steal ...
	var m MachineCPU
	for i, s := range f[1:] {
		if i >= 8 { // guest time is already in user
			break
		}
		n, _ := strconv.ParseInt(s, 10, 64)
		d := time.Duration(n) * 10 * time.Millisecond
		m.Total += d
		if i != 3 && i != 4 { // idle, iowait
			m.Busy += d
		}
	}
	return m
}

// Sub is the CPU time between an earlier reading and m.
func (m MachineCPU) Sub(earlier MachineCPU) MachineCPU {
	return MachineCPU{Busy: m.Busy - earlier.Busy, Total: m.Total - earlier.Total}
}

// BusyShare is the share of the machine's cores that were busy.
func (m MachineCPU) BusyShare() float64 {
	if m.Total <= 0 {
		return 0
	}
	return float64(m.Busy) / float64(m.Total)
}

// Median is the middle of xs (the mean of the two middle values when
// there are evenly many), 0 for none; xs is left as it is.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// MedianOf is the median of value over runs.
func MedianOf[T any](runs []T, value func(T) float64) float64 {
	vs := make([]float64, len(runs))
	for i, r := range runs {
		vs[i] = value(r)
	}
	return Median(vs)
}

// MedianRatio is the median over rounds of value(a[round]) /
// value(b[round]): each ratio compares runs taken minutes apart, so a slow
// spell of a shared machine weighs on both sides of it.
func MedianRatio[T any](a, b []T, value func(T) float64) float64 {
	vs := make([]float64, len(a))
	for i := range a {
		vs[i] = value(a[i]) / value(b[i])
	}
	return Median(vs)
}

// Ratios lists xs with two decimals, comma-separated: "0.95, 1.02".
func Ratios(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("%.2f", x)
	}
	return strings.Join(s, ", ")
}

// lookOrInstall is the path of the command name, installed with apt-get
// from the package of the same name when it is missing.
func lookOrInstall(name string) (string, error) {
	if bin, err := exec.LookPath(name); err == nil {
		return bin, nil
	}
	if out, err := exec.Command("apt-get", "install", "-y", name).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s missing and not installable: %w\n%s", name, err, out)
	}
	return exec.LookPath(name)
}

// FetchFirstSegment gets what a player needs to start: the HLS master at
// hlsURL, the first media playlist it lists, and that playlist's init and
// first media segment. It returns the first error, naming the URL: a
// master that answers is not yet a video that plays.
func FetchFirstSegment(hlsURL string) error {
	get := func(u string) ([]byte, error) {
		resp, err := http.Get(u)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("GET %s: %s", u, resp.Status)
		}
		return b, err
	}
	resolve := func(base, ref string) string {
		return base[:strings.LastIndex(base, "/")+1] + ref
	}
	master, err := get(hlsURL)
	if err != nil {
		return err
	}
	media := firstURI(string(master), false)
	if media == "" {
		return fmt.Errorf("the master at %s lists no media playlist", hlsURL)
	}
	mediaURL := resolve(hlsURL, media)
	playlist, err := get(mediaURL)
	if err != nil {
		return err
	}
	for _, ref := range []string{firstURI(string(playlist), true), firstURI(string(playlist), false)} {
		if ref == "" {
			return fmt.Errorf("the playlist at %s lists no init and segment", mediaURL)
		}
		if _, err := get(resolve(mediaURL, ref)); err != nil {
			return err
		}
	}
	return nil
}

// firstURI returns the first URI line of an HLS playlist, or with attr the
// first URI="…" attribute (the init segment of a media playlist).
func firstURI(playlist string, attr bool) string {
	for _, line := range strings.Split(playlist, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case !attr && !strings.HasPrefix(line, "#"):
			return line
		case attr:
			if _, rest, ok := strings.Cut(line, `URI="`); ok {
				uri, _, _ := strings.Cut(rest, `"`)
				return uri
			}
		}
	}
	return ""
}
