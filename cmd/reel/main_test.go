package main_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// reelBinary is the tool, built once for every test.
var reelBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "reel-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	reelBinary = filepath.Join(dir, "reel")
	build := exec.Command("go", "build", "-o", reelBinary, ".")
	// The tool must build without cgo, like an integrator's machine.
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building reel: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// env is an isolated environment: its own config folder and home, no
// REEL_* variables from the developer's shell.
type env struct {
	t      *testing.T
	config string
	vars   []string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	home := t.TempDir()
	e := &env{t: t, config: filepath.Join(home, "config")}
	e.vars = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + e.config, "PATH=" + os.Getenv("PATH")}
	return e
}

func (e *env) with(vars ...string) *env {
	c := *e
	c.vars = append(append([]string(nil), e.vars...), vars...)
	return &c
}

// result is one finished run of the tool.
type result struct {
	code           int
	stdout, stderr string
}

func (r result) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		t.Fatalf("stdout is not one JSON document: %v\n%s", err, r.stdout)
	}
}

// run runs the tool to completion with stdin.
func (e *env) run(stdin string, args ...string) result {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, reelBinary, args...)
	cmd.Env = e.vars
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			e.t.Fatalf("running reel %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	res := result{code: code, stdout: stdout.String(), stderr: stderr.String()}
	if strings.Contains(res.stderr, "goroutine ") || strings.Contains(res.stderr, "panic:") {
		e.t.Errorf("reel %v printed a stack trace:\n%s", args, res.stderr)
	}
	return res
}

// ok runs the tool and fails the test unless it exits 0.
func (e *env) ok(args ...string) result {
	e.t.Helper()
	res := e.run("", args...)
	if res.code != 0 {
		e.t.Fatalf("reel %s: exit %d\nstderr: %s", strings.Join(args, " "), res.code, res.stderr)
	}
	return res
}

// loggedIn returns an env whose profile holds the fake server's key.
func loggedIn(t *testing.T, srv *fakeReel) *env {
	t.Helper()
	e := newEnv(t)
	e.ok("login", "--api-key", testKey, "--base-url", srv.URL())
	return e
}

func writeFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
