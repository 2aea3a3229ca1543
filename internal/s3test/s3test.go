// Package s3test runs a real S3 server for tests: versitygw with its posix
// backend on a temporary folder, listening on 127.0.0.1. One server runs per
// test binary, started by the first test that asks for it and stopped (by
// its process id) when the binary's tests end; each test gets a bucket of
// its own.
//
// A package whose tests use it wires it in TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }
//
// and a test asks for a bucket:
//
//	srv := s3test.Start(t)
//	cfg := srv.Config(t) // an s3.Config on a fresh bucket, with credentials
//
// The versitygw binary is $REEL_VERSITYGW, else bin/versitygw at the module
// root, which `make bin/versitygw` (and `make test`) builds at the pinned
// version.
package s3test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"

	blobs3 "github.com/reelvideo/reel/videohost/blob/s3"
)

// Test credentials of the server's root user. They open nothing but the
// throwaway server on loopback.
const (
	AccessKey = "reel-test-access"
	SecretKey = "reel-test-secret-0123456789"
	Region    = "us-east-1"
)

// Server is a running versitygw.
type Server struct {
	// Endpoint is its base URL, http://127.0.0.1:PORT.
	Endpoint string

	cmd    *exec.Cmd
	bin    string
	addr   string
	dir    string
	log    string
	client *awss3.Client
	exited chan struct{}
}

// binary is the per-test-binary state: the server, once started. It is
// package state on purpose, the one place a test binary shares a process.
var binary struct {
	mu     sync.Mutex
	inMain bool
	srv    *Server
	err    error
}

// Main runs the tests of m and then stops the server, if a test started
// one. Call it from TestMain: os.Exit(s3test.Main(m)).
func Main(m *testing.M) int {
	binary.mu.Lock()
	binary.inMain = true
	binary.mu.Unlock()
	code := m.Run()
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if binary.srv != nil {
		binary.srv.stop()
		binary.srv = nil
	}
	return code
}

// Start returns the test binary's server, starting it on first use. It
// fails t when the binary is missing or the server does not come up.
func Start(t testing.TB) *Server {
	t.Helper()
	binary.mu.Lock()
	defer binary.mu.Unlock()
	if !binary.inMain {
		t.Fatal("s3test: call s3test.Main from this package's TestMain, so that the server is stopped when the tests end")
	}
	if binary.srv == nil && binary.err == nil {
		binary.srv, binary.err = start()
	}
	if binary.err != nil {
		t.Fatalf("s3test: %v", binary.err)
	}
	return binary.srv
}

// Binary is the path of the versitygw binary tests run.
func Binary() (string, error) {
	if p := os.Getenv("REEL_VERSITYGW"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("REEL_VERSITYGW=%s: %w", p, err)
		}
		return p, nil
	}
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, "bin", "versitygw")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%s is missing: run `make bin/versitygw` (or `make test`) at the module root to build it, or set REEL_VERSITYGW to a versitygw binary", p)
	}
	return p, nil
}

// moduleRoot is the folder of the go.mod above the working directory (a
// test runs in its package's folder).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory; set REEL_VERSITYGW")
		}
		dir = parent
	}
}

func start() (*Server, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	var lastErr error
	for range 3 { // a free port may be taken before versitygw binds it
		srv, err := launch(bin)
		if err == nil {
			return srv, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

func launch(bin string) (*Server, error) {
	dir, err := os.MkdirTemp("", "reel-s3test-")
	if err != nil {
		return nil, err
	}
	root := filepath.Join(dir, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &Server{Endpoint: "http://" + addr, dir: dir, log: filepath.Join(dir, "versitygw.log"), bin: bin, addr: addr}
	if err := s.run(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// run starts versitygw on the server's folder and address and waits until
// it answers.
func (s *Server) run() error {
	bin, addr, root := s.bin, s.addr, filepath.Join(s.dir, "root")
	s.exited = make(chan struct{})
	logf, err := os.OpenFile(s.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	s.cmd = exec.Command(bin,
		"--port", addr, "--access", AccessKey, "--secret", SecretKey, "--region", Region, "--quiet",
		"posix", root)
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	// Its environment names no credentials of the machine's.
	s.cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + s.dir}
	// Should this binary die without stopping it (a test timeout's panic),
	// the kernel kills it: the parent-death signal fires when the thread
	// that started it ends, so it starts on a thread that never ends.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread lives as long as the process
		if err := s.cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		s.cmd.Wait()
		close(s.exited)
		select {} // keep the locked thread
	}()
	if err := <-started; err != nil {
		return fmt.Errorf("starting %s: %w", bin, err)
	}
	s.client = awss3.New(awss3.Options{
		BaseEndpoint:               aws.String(s.Endpoint),
		Region:                     Region,
		UsePathStyle:               true,
		Credentials:                s.Credentials(),
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
	})
	if err := s.wait(20 * time.Second); err != nil {
		s.halt()
		return err
	}
	return nil
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// wait polls until the server lists buckets, or fails with its log.
func (s *Server) wait(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err := s.client.ListBuckets(ctx, &awss3.ListBucketsInput{}, func(o *awss3.Options) { o.RetryMaxAttempts = 1 })
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("versitygw exited at start: %s", s.logTail())
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("versitygw did not answer on %s within %s: %v; log: %s", s.Endpoint, limit, err, s.logTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *Server) logTail() string {
	b, _ := os.ReadFile(s.log)
	out := strings.TrimSpace(string(b))
	if len(out) > 2000 {
		out = out[len(out)-2000:]
	}
	return out
}

// stop ends the server and removes its folder.
func (s *Server) stop() {
	s.halt()
	os.RemoveAll(s.dir)
}

// halt ends the server by its process id: SIGTERM, then SIGKILL after 5 s.
func (s *Server) halt() {
	if s.cmd == nil {
		return
	}
	if p := s.cmd.Process; p != nil {
		p.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(5 * time.Second):
			p.Kill()
			<-s.exited
		}
	}
	s.cmd = nil
}

// StartOwn starts a server for t alone, which t may stop and restart (an
// outage) without disturbing the other tests; it is stopped when t ends.
func StartOwn(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatalf("s3test: %v", err)
	}
	var s *Server
	for range 3 { // a free port may be taken before versitygw binds it
		if s, err = launch(bin); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("s3test: %v", err)
	}
	t.Cleanup(s.stop)
	return s
}

// Stop ends the server; its buckets stay on disk for Restart.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	s.halt()
}

// Restart starts a stopped server again on the same address and buckets.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	if err := s.run(); err != nil {
		t.Fatalf("s3test: restarting: %v", err)
	}
}

// Credentials are the server's test credentials.
func (s *Server) Credentials() aws.CredentialsProvider {
	return credentials.NewStaticCredentialsProvider(AccessKey, SecretKey, "")
}

// Client is an SDK client of the server.
func (s *Server) Client() *awss3.Client { return s.client }

// Bucket creates a new, empty bucket for t and returns its name.
func (s *Server) Bucket(t testing.TB) string {
	t.Helper()
	b := make([]byte, 6)
	rand.Read(b)
	name := "reel-" + hex.EncodeToString(b)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.client.CreateBucket(ctx, &awss3.CreateBucketInput{Bucket: aws.String(name)}); err != nil {
		t.Fatalf("s3test: creating bucket %s: %v", name, err)
	}
	return name
}

// Config is an s3.Config on a fresh bucket of t, with the test credentials.
func (s *Server) Config(t testing.TB) blobs3.Config {
	t.Helper()
	return blobs3.Config{
		Bucket: s.Bucket(t), Endpoint: s.Endpoint, Region: Region, PathStyle: true,
		Credentials: s.Credentials(),
	}
}

// URL is the s3:// URL of bucket on the server (credentials come from the
// environment: see Env).
func (s *Server) URL(bucket string) string {
	return "s3://" + bucket + "?endpoint=" + s.Endpoint + "&region=" + Region + "&path_style=true"
}

// Env is the AWS environment that carries the test credentials, for code
// that reads the standard chain (refserver).
func (s *Server) Env() map[string]string {
	return map[string]string{
		"AWS_ACCESS_KEY_ID":     AccessKey,
		"AWS_SECRET_ACCESS_KEY": SecretKey,
		"AWS_REGION":            Region,
	}
}

// Open opens the store of s.Config(t).
func (s *Server) Open(t testing.TB) *blobs3.Store {
	t.Helper()
	st, err := blobs3.Open(context.Background(), s.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	return st
}
