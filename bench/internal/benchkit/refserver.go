//go:build bench

package benchkit

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Build builds the command pkg (a path relative to the benchmark's
// package) into dir/name, with or without cgo.
func Build(b testing.TB, dir, name, pkg string, cgo bool) string {
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

// FreeAddr is a loopback address no one listens on now.
func FreeAddr(b testing.TB) string {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// Refserver is a real refserver process started for a benchmark.
type Refserver struct {
	Base, Key string
	Env       []string // the server's environment, for other commands
	Logs      *bytes.Buffer
	PID       int
}

// StartRefserver builds refserver, creates a read-write key, starts the
// server on a free port with extra flags, waits until it answers and stops
// it (SIGTERM) when the benchmark ends.
func StartRefserver(b testing.TB, dir string, flags ...string) *Refserver {
	b.Helper()
	bin := Build(b, dir, "refserver", "../../refserver", true)
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
	addr := FreeAddr(b)
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
	return &Refserver{Base: base, Key: key.Key, Env: env, Logs: logs, PID: srv.Process.Pid}
}
