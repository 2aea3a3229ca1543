package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/pgtest"
)

// TestPostgresVideoBecomesReady runs the whole server on PostgreSQL: a
// fetched video goes through its jobs to ready, its webhooks arrive in
// order, and keys create works against the same database.
func TestPostgresVideoBecomesReady(t *testing.T) {
	dsn := pgtest.New(t)
	src := makeSource(t, t.TempDir(), 2, "320x240")
	origin := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(src))))
	defer origin.Close()
	data := t.TempDir()
	s := startServer(t, data, "--database", dsn)
	if s.key == "" {
		t.Fatalf("first start printed no keys:\n%s", s.stdout)
	}
	hooks := newReceiver(t)
	resp, b := s.do(t, "POST", "/v1/webhooks", s.key, map[string]any{"url": hooks.URL})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", resp.StatusCode, b)
	}
	var endpoint struct{ Secret string }
	json.Unmarshal(b, &endpoint)
	hooks.verifier.Secrets = []string{endpoint.Secret}
	resp, b = s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/source.mp4", "title": "on postgres"})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	var v video
	json.Unmarshal(b, &v)
	v = s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" || v.State == "errored" })
	if v.State != "ready" || !v.Playable {
		t.Fatalf("video ended %s (error %+v)", v.State, v.Error)
	}
	hooks.waitFor(t, []string{"video.created", "video.uploaded", "video.processing", "video.ready"})

	out := &bytes.Buffer{}
	m := NewMain()
	m.Stdout, m.Stderr = out, io.Discard
	m.Getenv = func(string) string { return "" }
	if err := m.Execute(context.Background(), []string{"keys", "create", "--access", "read_only", "--data", data, "--database", dsn}); err != nil {
		t.Fatal(err)
	}
	var k map[string]string
	if err := json.Unmarshal(out.Bytes(), &k); err != nil || k["access"] != "read_only" {
		t.Fatalf("keys create printed %q (%v)", out, err)
	}
	if resp, _ := s.do(t, "GET", "/v1/videos/"+v.ID, k["key"], nil); resp.StatusCode != http.StatusOK {
		t.Errorf("the new key, stored in PostgreSQL, is refused: %d", resp.StatusCode)
	}
}

// TestUnreachableDatabaseExits1 starts refserver as a process on a
// PostgreSQL that is not there: it prints one line naming the database
// (without its password) and why, and exits 1.
func TestUnreachableDatabaseExits1(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "REEL_REFSERVER_CHILD=1",
		"REEL_REFSERVER_ARGS=--addr 127.0.0.1:0 --data "+t.TempDir()+" --database postgres://reel:hunter2@"+addr+"/reel")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("refserver ended with %v, want exit status 1; stderr:\n%s", err, &stderr)
	}
	msg := strings.TrimSpace(stderr.String())
	want := "refserver: opening database postgres://reel@" + addr + "/reel: database unreachable: "
	if strings.Count(msg, "\n") != 0 || !strings.HasPrefix(msg, want) || strings.Contains(msg, "hunter2") {
		t.Fatalf("stderr %q, want one line starting %q, without the password", msg, want)
	}
}
