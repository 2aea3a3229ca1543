package main

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

// TestMain lets a test run this package's main in a child process, so that
// signals reach a real refserver, and serves "media-process": the test
// binary is os.Executable() for servers started in tests, so it is also
// what their media children run.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "media-process" {
		os.Args = []string{"refserver", "media-process"}
		main()
		os.Exit(0)
	}
	if os.Getenv("REEL_REFSERVER_CHILD") == "1" {
		os.Args = append([]string{"refserver"}, strings.Fields(os.Getenv("REEL_REFSERVER_ARGS"))...)
		main()
		os.Exit(0)
	}
	os.Exit(pgtest.Stop(s3test.Main(m)))
}

// slowReader sends its bytes in small pieces over about a second.
type slowReader struct{ left int }

func (r *slowReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	time.Sleep(100 * time.Millisecond)
	n := min(len(p), r.left, 100)
	for i := range n {
		p[i] = 'x'
	}
	r.left -= n
	return n, nil
}

// TestSIGTERMDrainsInFlightRequests starts refserver as a process, begins a
// slow upload, sends SIGTERM mid-request: the request completes, and the
// process exits 0 once it has.
func TestSIGTERMDrainsInFlightRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	data := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "REEL_REFSERVER_CHILD=1",
		"REEL_REFSERVER_ARGS=--addr 127.0.0.1:0 --data "+data+" --log-level info")
	stdout, _ := cmd.StdoutPipe()
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var key string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && key == "" {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "read_write" {
			key = f[1]
		}
	}
	base := ""
	errs := bufio.NewScanner(stderr)
	for errs.Scan() {
		line := errs.Text()
		if i := strings.Index(line, "base_url="); i >= 0 {
			base = strings.Fields(line[i+len("base_url="):])[0]
			break
		}
	}
	go io.Copy(io.Discard, stderr)
	if key == "" || base == "" {
		t.Fatalf("server did not start (key %q, base %q)", key, base)
	}

	const size = 1000
	req, _ := http.NewRequest("POST", base+"/v1/uploads", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Length", fmt.Sprint(size))
	req.Header.Set("Upload-Metadata", "title "+base64.StdEncoding.EncodeToString([]byte("drain")))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	patch, _ := http.NewRequest("PATCH", resp.Header.Get("Location"), &slowReader{left: size})
	patch.ContentLength = size
	patch.Header.Set("Authorization", "Bearer "+key)
	patch.Header.Set("Tus-Resumable", "1.0.0")
	patch.Header.Set("Upload-Offset", "0")
	patch.Header.Set("Content-Type", "application/offset+octet-stream")
	done := make(chan int, 1)
	go func() {
		r, err := http.DefaultClient.Do(patch)
		if err != nil {
			done <- -1
			return
		}
		r.Body.Close()
		done <- r.StatusCode
	}()
	time.Sleep(300 * time.Millisecond) // the upload is under way
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case status := <-done:
		if status != http.StatusNoContent {
			t.Fatalf("the in-flight upload ended with %d, want 204", status)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the in-flight upload never finished")
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("refserver exited with %v, want 0", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("refserver did not exit after SIGTERM")
	}
}
