package httpfast_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/httpfast"
)

// TestWriteIdleTimeout: a client that asks for a large file and never
// reads it loses its connection once the server's writes make no progress
// for the idle timeout (1 s here), on the lean loop, on net/http behind
// it and on net/http alone; before, the handler waited in sendfile for
// ever. A client that reads gets the whole file through the same pieces.
func TestWriteIdleTimeout(t *testing.T) {
	const size = 32 << 20
	const timeout = time.Second
	data := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	path := filepath.Join(t.TempDir(), "big.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	returned := make(chan struct{}, 8)
	file := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() { returned <- struct{}{} }()
		f, err := os.Open(path)
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		http.ServeContent(w, r, "big.bin", time.Time{}, f)
	})
	h := httpfast.WriteIdleTimeout(file, timeout)
	fast, _ := startFast(t, h, nil)
	reference := startReference(t, h)
	// The clients that read go through the same pieces with a timeout no
	// reader on a busy machine reaches (under -race beside other work, one
	// stalled over 1 s).
	patient := httpfast.WriteIdleTimeout(file, 30*time.Second)
	fastRead, _ := startFast(t, patient, nil)
	referenceRead := startReference(t, patient)

	for _, tc := range []struct {
		name, addr, path string
		read             bool
		handed           int64 // connections net/http was given, for the lean loop's server
	}{
		{"lean loop, never read", fast.addr, fastPrefix + "/big", false, 0},
		{"net/http behind the lean loop, never read", fast.addr, "/n/big", false, 1},
		{"net/http alone, never read", reference.addr, "/n/big", false, -1},
		{"lean loop, read", fastRead.addr, fastPrefix + "/big", true, -1},
		{"net/http alone, read", referenceRead.addr, "/n/big", true, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := fast.handed.Load()
			c, err := net.Dial("tcp", tc.addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := io.WriteString(c, "GET "+tc.path+" HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
				t.Fatal(err)
			}
			if tc.read {
				c.SetDeadline(time.Now().Add(20 * time.Second))
				res, err := http.ReadResponse(bufio.NewReader(c), nil)
				if err != nil {
					t.Fatal(err)
				}
				got, err := io.ReadAll(res.Body)
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("read %d of %d bytes (equal %v), %v", len(got), len(data), bytes.Equal(got, data), err)
				}
				<-returned
				return
			}
			start := time.Now()
			select {
			case <-returned:
			case <-time.After(10 * time.Second):
				t.Fatalf("the handler still writes to a client that reads nothing after 10 s (idle timeout %s)", timeout)
			}
			took := time.Since(start)
			// The connection is closed: what the client reads now ends.
			c.SetReadDeadline(time.Now().Add(10 * time.Second))
			n, err := io.Copy(io.Discard, c)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("the connection is still open after %d bytes", n)
			}
			if n >= size {
				t.Fatalf("the client received all %d bytes", n)
			}
			if tc.handed >= 0 && fast.handed.Load()-before != tc.handed {
				t.Fatalf("net/http was given %d connections, want %d", fast.handed.Load()-before, tc.handed)
			}
			t.Logf("the handler returned %v after the request, the client had %d bytes", took, n)
		})
	}
}
