//go:build bench

// Package upload measures "reel videos upload" end to end over loopback:
// the throughput of the tus client against a real refserver, and the peak
// resident memory of the reel process, which must stay flat whatever the
// file size (chunks are streamed from disk, never held whole).
//
//	go test -tags bench -bench . -benchtime 1x ./bench/upload
//	REEL_BENCH_UPLOAD_MIB=4096 go test -tags bench -bench . -benchtime 1x ./bench/upload
package upload

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// maxRSS is the target for the client's peak resident memory.
const maxRSS = 64 << 20

func build(b testing.TB, dir, name, pkg string, cgo bool) string {
	b.Helper()
	out := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Env = os.Environ()
	if !cgo {
		cmd.Env = append(cmd.Env, "CGO_ENABLED=0")
	}
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building %s: %v\n%s", pkg, err, msg)
	}
	return out
}

func freeAddr(b testing.TB) string {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// refserver is a real refserver process started for a benchmark.
type refserver struct {
	base, key string
	env       []string // the server's environment, for other commands
	logs      *bytes.Buffer
	pid       int
}

// startRefserver builds refserver, creates a read-write key, starts the
// server on a free port with extra flags, waits until it answers and stops
// it (SIGTERM) when the benchmark ends.
func startRefserver(b testing.TB, dir string, flags ...string) *refserver {
	b.Helper()
	bin := build(b, dir, "refserver", "../../refserver", true)
	data := filepath.Join(dir, "data")
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}

	keys := exec.Command(bin, "keys", "create", "--access", "read_write", "--data", data)
	keys.Env = env
	out, err := keys.Output()
	if err != nil {
		b.Fatalf("refserver keys create: %v", err)
	}
	var key struct{ Key string }
	if err := json.Unmarshal(out, &key); err != nil {
		b.Fatalf("keys create printed %q", out)
	}
	addr := freeAddr(b)
	ctx, cancel := context.WithCancel(context.Background())
	srv := exec.CommandContext(ctx, bin, append([]string{"--addr", addr, "--data", data, "--log-level", "warn"}, flags...)...)
	srv.Env = env
	srv.Cancel = func() error { return srv.Process.Signal(syscall.SIGTERM) }
	srv.WaitDelay = 10 * time.Second
	logs := &bytes.Buffer{}
	srv.Stdout, srv.Stderr = logs, logs
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	// Stop the server (SIGTERM through Cancel) before waiting for it.
	b.Cleanup(func() {
		cancel()
		srv.Wait()
	})
	base := "http://" + addr
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(base + "/v1/space"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("refserver did not start:\n%s", logs.String())
		}
	}
	return &refserver{base: base, key: key.Key, env: env, logs: logs, pid: srv.Process.Pid}
}

func BenchmarkUpload(b *testing.B) {
	size := int64(1 << 30)
	if s := os.Getenv("REEL_BENCH_UPLOAD_MIB"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			b.Fatalf("REEL_BENCH_UPLOAD_MIB: %v", err)
		}
		size = n << 20
	}
	dir := b.TempDir()
	reel := build(b, dir, "reel", "../../cmd/reel", false)
	srv := startRefserver(b, dir)
	env, base, key, logs := srv.env, srv.base, srv.key, srv.logs

	// A sparse file: the bytes are zeros read from the page cache, so the
	// measure is the client and the server, not the disk.
	src := filepath.Join(dir, "big.bin")
	f, err := os.Create(src)
	if err != nil {
		b.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		b.Fatal(err)
	}
	f.Close()

	var peak int64
	b.SetBytes(size)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Each run uploads anew: a fresh config folder has no saved upload.
		cfg := filepath.Join(dir, "config"+strconv.Itoa(i))
		cmd := exec.Command(reel, "videos", "upload", src, "--quiet", "--base-url", base, "--api-key", key)
		cmd.Env = append(env, "XDG_CONFIG_HOME="+cfg)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("reel videos upload: %v\n%s\nserver:\n%s", err, stderr.String(), logs.String())
		}
		elapsed := time.Since(start)
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		rss := ru.Maxrss * 1024 // kilobytes on Linux
		peak = max(peak, rss)
		b.Logf("%d MiB in %v: %.0f MB/s, reel peak RSS %.1f MiB", size>>20, elapsed.Round(time.Millisecond),
			float64(size)/elapsed.Seconds()/1e6, float64(rss)/(1<<20))
	}
	b.StopTimer()
	b.ReportMetric(float64(peak)/(1<<20), "peak-rss-MiB")
	if peak > maxRSS {
		b.Errorf("reel peak RSS %.1f MiB, want under %d MiB", float64(peak)/(1<<20), maxRSS>>20)
	}
}
