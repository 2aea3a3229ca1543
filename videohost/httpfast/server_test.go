package httpfast_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/httpfast"
)

// fastPrefix is the path prefix the tests' servers serve on the fast path.
const fastPrefix = "/f"

func isFast(path string) bool { return strings.HasPrefix(path, fastPrefix) }

// served is a running server and what it saw.
type served struct {
	addr string
	// handed counts the connections net/http was given (by the fast path,
	// or all of them for the reference server).
	handed atomic.Int64
}

// listen opens a loopback listener and a net/http Server of h that counts
// the connections it is given.
func listen(t testing.TB, h http.Handler) (net.Listener, *served, *http.Server) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &served{addr: ln.Addr().String()}
	hs := &http.Server{Handler: h, ConnState: func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.handed.Add(1)
		}
	}}
	return ln, s, hs
}

// startFast serves h with httpfast (HTTP configured by tune, if given)
// until the test ends.
func startFast(t testing.TB, h http.Handler, tune func(*http.Server)) (*served, *httpfast.Server) {
	t.Helper()
	ln, s, hs := listen(t, h)
	if tune != nil {
		tune(hs)
	}
	srv := &httpfast.Server{HTTP: hs, Fast: isFast}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("Serve returned %v, want ErrServerClosed", err)
		}
	})
	return s, srv
}

// startReference serves h with net/http alone.
func startReference(t testing.TB, h http.Handler) *served {
	t.Helper()
	ln, s, hs := listen(t, h)
	go hs.Serve(ln) //nolint:errcheck // ErrServerClosed at Close
	t.Cleanup(func() { hs.Close() })
	return s
}

// exchange writes raw on a new connection, half-closes it and returns
// everything the server sends until it closes.
func exchange(t *testing.T, addr string, raw []byte) []byte {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Write(raw); err != nil {
		t.Fatal(err)
	}
	c.(*net.TCPConn).CloseWrite()
	got, err := io.ReadAll(c)
	if err != nil && !isReset(err) {
		t.Fatalf("reading the answer to %q: %v", raw, err)
	}
	return got
}

func isReset(err error) bool {
	return err != nil && strings.Contains(err.Error(), "connection reset")
}

// echo answers with what it read of the request, on one line: a
// differential test compares net/http's reading of a request with the
// fast path's.
func echo(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range r.Header {
			if !yield(k) {
				return
			}
		}
	})
	var hdr strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&hdr, "%s=%q;", k, r.Header[k])
	}
	line := fmt.Sprintf("%q %q %q %q %q %q %q %s len=%d te=%q close=%v body=%q err=%v remote=%v ctx=%v\r\n",
		r.Method, r.URL.Path, r.URL.RawPath, r.URL.RawQuery, r.RequestURI, r.Proto, r.Host, hdr.String(),
		r.ContentLength, r.TransferEncoding, r.Close, body, err, r.RemoteAddr != "", r.Context().Value(http.ServerContextKey) != nil)
	w.Header().Set("Content-Length", fmt.Sprint(len(line)))
	w.Header().Set("Content-Type", "text/plain")
	io.WriteString(w, line)
}

// normalize sorts each response head's header lines and drops Date, so
// that two servers' streams compare byte for byte.
func normalize(stream []byte) string {
	var out []string
	lines := strings.Split(string(stream), "\r\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "HTTP/1.") {
			out = append(out, lines[i])
			continue
		}
		out = append(out, lines[i])
		var head []string
		for i++; i < len(lines) && lines[i] != ""; i++ {
			if !strings.HasPrefix(lines[i], "Date: ") {
				head = append(head, lines[i])
			}
		}
		slices.Sort(head)
		out = append(out, head...)
		out = append(out, "")
	}
	return strings.Join(out, "\r\n")
}

// requestHeads are requests both well and badly formed, fast or not: the
// seeds of FuzzHead, and the cases of TestSameAsNetHTTP.
var requestHeads = []string{
	"GET /f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"HEAD /f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a?v=1&g=abc HTTP/1.1\r\nHost: example.com:8080\r\nUser-Agent: t\r\nAccept: */*\r\n\r\n",
	"GET /f/a%2Fb?x=%20 HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nhost: x\r\nx-lower: 1\r\nX-DUP: a\r\nx-dup: b\r\nACCEPT-encoding: gzip\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Close\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nX-Empty:\r\nX-Pad: \t padded \t\r\n\r\n",
	"GET /f/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /f/2 HTTP/1.1\r\nHost: x\r\n\r\nHEAD /f/3 HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /f/2 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /f/3 HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nPragma: no-cache\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n",
	"GET /f/a HTTP/1.1\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: a b\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nX-Ctl: a\x01b\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nX-Fold: a\r\n b\r\n\r\n",
	"GET /f/a HTTP/1.1\r\n Host: x\r\n\r\n",
	"GET /f/a HTTP/1.1\nHost: x\n\n",
	"GET /f/a HTTP/1.0\r\nHost: x\r\n\r\n",
	"GET /f/a HTTP/1.1 \r\nHost: x\r\n\r\n",
	"GET  /f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"get /f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET http://x/f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /other HTTP/1.1\r\nHost: x\r\n\r\n",
	"OPTIONS /f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"\r\nGET /f/a HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nX-Long: " + strings.Repeat("y", 5000) + "\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\nX-8bit: caf\xc3\xa9\r\n\r\n",
	"GET /f/\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a#frag HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a HTTP/1.1\r\nHost: x\r\n",
	"GET /f/a HTT",
	"GET /f/a;b,c=d@e:f$g&h+i~j_k-l.m?q=1;2&r=%41+b HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a? HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a?b?c HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f/a!b'c(d)*e HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET /f//a/../b/./c HTTP/1.1\r\nHost: x\r\n\r\n",
}

// TestSameAsNetHTTP sends each request head, byte for byte, to a fast
// server and to net/http alone: the answers must be the same, whether the
// fast path took the request or handed it over.
func TestSameAsNetHTTP(t *testing.T) {
	fast, _ := startFast(t, http.HandlerFunc(echo), nil)
	ref := startReference(t, http.HandlerFunc(echo))
	for _, raw := range requestHeads {
		t.Run(fmt.Sprintf("%.40q", raw), func(t *testing.T) {
			got, want := normalize(exchange(t, fast.addr, []byte(raw))), normalize(exchange(t, ref.addr, []byte(raw)))
			if got != want {
				t.Errorf("fast path answered\n%s\nnet/http answered\n%s", got, want)
			}
		})
	}
}

// FuzzHead holds the fast path to net/http's reading of any bytes.
func FuzzHead(f *testing.F) {
	for _, raw := range requestHeads {
		f.Add([]byte(raw))
	}
	// One pair of servers for every input: a pair each would run out
	// of ports.
	fast, _ := startFast(f, http.HandlerFunc(echo), nil)
	ref := startReference(f, http.HandlerFunc(echo))
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, want := normalize(exchange(t, fast.addr, raw)), normalize(exchange(t, ref.addr, raw))
		if got != want {
			t.Errorf("for %q the fast path answered\n%s\nnet/http answered\n%s", raw, got, want)
		}
	})
}

// TestFastPathTakesPlayerRequests checks that a player's plain GETs and
// HEADs never reach net/http, and that anything else does, with its
// connection.
func TestFastPathTakesPlayerRequests(t *testing.T) {
	fast, _ := startFast(t, http.HandlerFunc(echo), nil)
	raw := "GET /f/1 HTTP/1.1\r\nHost: x\r\nRange: bytes=0-\r\n\r\nHEAD /f/2?token=a HTTP/1.1\r\nHost: x\r\n\r\n"
	exchange(t, fast.addr, []byte(raw))
	if n := fast.handed.Load(); n != 0 {
		t.Fatalf("net/http was handed %d connections for plain GETs, want 0", n)
	}
	for _, raw := range []string{
		"GET /other HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /f/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\na",
		"GET /f/1 HTTP/1.0\r\n\r\n",
		"GET /f/a HTTP/1.1\r\nHost: x\r\nX-Long: " + strings.Repeat("y", 5000) + "\r\n\r\n",
	} {
		before := fast.handed.Load()
		if got := exchange(t, fast.addr, []byte(raw)); !bytes.Contains(got, []byte(" 200 OK\r\n")) {
			t.Errorf("%.30q: got %q", raw, got)
		}
		if fast.handed.Load() != before+1 {
			t.Errorf("%.30q: not handed to net/http", raw)
		}
	}
}

// TestResponsesAsNetHTTP runs handlers of every shape behind both
// servers and compares what a client reads: status, headers and body.
func TestResponsesAsNetHTTP(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "segment.m4s")
	content := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	if err := os.WriteFile(file, content, 0o644); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("z"), 200<<10)
	handlers := map[string]http.HandlerFunc{
		"/f/small": func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<html>hello</html>") },
		"/f/empty": func(w http.ResponseWriter, r *http.Request) {},
		"/f/big":   func(w http.ResponseWriter, r *http.Request) { w.Write(big) },
		"/f/bigcl": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", fmt.Sprint(len(big)))
			w.Write(big[:1000])
			w.Write(big[1000:])
		},
		"/f/file": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "video/iso.segment")
			http.ServeFile(w, r, file)
		},
		"/f/notmodified": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Etag", `"x"`)
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusNotModified)
		},
		"/f/nocontent": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) },
		"/f/error": func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "no such asset", http.StatusNotFound)
		},
		"/f/inject": func(w http.ResponseWriter, r *http.Request) {
			w.Header()["X-Bad"] = []string{"a\r\nSet-Cookie: evil=1"}
			w.Header()["Bad Name"] = []string{"x"}
			io.WriteString(w, "ok")
		},
		"/f/flush": func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "first ")
			w.(http.Flusher).Flush()
			io.WriteString(w, "second")
		},
		"/f/toolong": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "3")
			if _, err := io.WriteString(w, "four"); !errors.Is(err, http.ErrContentLength) {
				panic(fmt.Sprintf("writing past Content-Length: %v", err))
			}
			io.WriteString(w, "abc")
		},
	}
	mux := http.NewServeMux()
	for p, h := range handlers {
		mux.Handle(p, h)
	}
	fast, _ := startFast(t, mux, nil)
	ref := startReference(t, mux)
	type answer struct {
		status int
		header http.Header
		body   []byte
		err    error
	}
	get := func(method, addr, path string, header http.Header) answer {
		req, _ := http.NewRequest(method, "http://"+addr+path, nil)
		maps := req.Header
		for k, v := range header {
			maps[k] = v
		}
		tr := &http.Transport{DisableCompression: true}
		defer tr.CloseIdleConnections()
		res, err := (&http.Client{Transport: tr, Timeout: 5 * time.Second}).Do(req)
		if err != nil {
			return answer{err: err}
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		res.Header.Del("Date")
		// Framing is each server's choice: chunked or not, and so a
		// Content-Length or not for a body of unknown length.
		if res.ContentLength < 0 || len(res.TransferEncoding) > 0 {
			res.Header.Del("Content-Length")
		}
		res.Header.Del("Connection")
		// A multipart body's boundary is random.
		if _, params, err := mime.ParseMediaType(res.Header.Get("Content-Type")); err == nil && params["boundary"] != "" {
			body = bytes.ReplaceAll(body, []byte(params["boundary"]), []byte("BOUNDARY"))
			res.Header.Set("Content-Type", strings.ReplaceAll(res.Header.Get("Content-Type"), params["boundary"], "BOUNDARY"))
		}
		return answer{status: res.StatusCode, header: res.Header, body: body, err: err}
	}
	for _, tc := range []struct {
		method, path string
		header       http.Header
	}{
		{"GET", "/f/small", nil},
		{"HEAD", "/f/small", nil},
		{"GET", "/f/empty", nil},
		{"HEAD", "/f/empty", nil},
		{"GET", "/f/big", nil},
		{"GET", "/f/bigcl", nil},
		{"GET", "/f/file", nil},
		{"HEAD", "/f/file", nil},
		{"GET", "/f/file", http.Header{"Range": {"bytes=100-199"}}},
		{"GET", "/f/file", http.Header{"Range": {"bytes=0-9,20-29"}}},
		{"GET", "/f/file", http.Header{"If-Modified-Since": {time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}}},
		{"GET", "/f/notmodified", nil},
		{"GET", "/f/nocontent", nil},
		{"GET", "/f/error", nil},
		{"GET", "/f/inject", nil},
		{"GET", "/f/flush", nil},
		{"GET", "/f/toolong", nil},
		{"GET", "/f/missing", nil},
	} {
		t.Run(tc.method+tc.path, func(t *testing.T) {
			got, want := get(tc.method, fast.addr, tc.path, tc.header), get(tc.method, ref.addr, tc.path, tc.header)
			if got.err != nil || want.err != nil {
				// A handler that broke its own Content-Length: both
				// must cut the body short.
				if !errors.Is(got.err, io.ErrUnexpectedEOF) || !errors.Is(want.err, io.ErrUnexpectedEOF) {
					t.Fatalf("fast: %v, net/http: %v", got.err, want.err)
				}
			}
			if got.status != want.status || !bytes.Equal(got.body, want.body) {
				t.Errorf("fast: %d, %d bytes; net/http: %d, %d bytes", got.status, len(got.body), want.status, len(want.body))
			}
			if fmt.Sprint(got.header) != fmt.Sprint(want.header) {
				t.Errorf("headers differ:\nfast     %v\nnet/http %v", got.header, want.header)
			}
		})
	}
	if n := fast.handed.Load(); n != 0 {
		t.Errorf("net/http was handed %d connections, want 0", n)
	}
}

// TestShortBodyClosesConnection: a handler that declares more than it
// writes leaves the client waiting; the connection must close so that the
// client sees the short body rather than hang.
func TestShortBodyClosesConnection(t *testing.T) {
	fast, _ := startFast(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "10")
		io.WriteString(w, "short")
	}), nil)
	res, err := http.Get("http://" + fast.addr + "/f/x")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if !errors.Is(err, io.ErrUnexpectedEOF) || string(body) != "short" {
		t.Fatalf("read %q, %v; want the short body and an unexpected EOF", body, err)
	}
}

// TestOneConnectionBothPaths: a connection starts on the fast path and
// carries on under net/http after a request the fast path does not take.
func TestOneConnectionBothPaths(t *testing.T) {
	fast, _ := startFast(t, http.HandlerFunc(echo), nil)
	c, err := net.Dial("tcp", fast.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(c)
	for i, raw := range []string{
		"GET /f/1 HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /f/2 HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /f/3 HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nbody",
		"GET /f/4 HTTP/1.1\r\nHost: x\r\n\r\n",
	} {
		if _, err := io.WriteString(c, raw); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if want := fmt.Sprintf(`"/f/%d"`, i+1); res.StatusCode != 200 || !bytes.Contains(body, []byte(want)) {
			t.Fatalf("request %d: %d %s", i+1, res.StatusCode, body)
		}
		if i == 2 && !bytes.Contains(body, []byte(`body="body"`)) {
			t.Fatalf("the handed-over POST lost its body: %s", body)
		}
	}
	if n := fast.handed.Load(); n != 1 {
		t.Fatalf("net/http was handed %d connections, want 1", n)
	}
}

// TestTimeouts: as under net/http, a new connection must send its head
// within ReadHeaderTimeout, and one that served a request is closed after
// IdleTimeout without another.
func TestTimeouts(t *testing.T) {
	fast, _ := startFast(t, http.HandlerFunc(echo), func(hs *http.Server) {
		hs.ReadHeaderTimeout = 200 * time.Millisecond
		hs.IdleTimeout = 1500 * time.Millisecond
	})
	for _, tc := range []struct {
		name, raw       string
		atLeast, atMost time.Duration
	}{
		{"silent", "", 0, time.Second},
		{"slow head", "GET /f/1 HTTP/1.1\r\nHost: x\r\n", 0, time.Second},
		{"idle", "GET /f/1 HTTP/1.1\r\nHost: x\r\n\r\n", time.Second, 4 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := net.Dial("tcp", fast.addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			start := time.Now()
			c.SetDeadline(start.Add(5 * time.Second))
			io.WriteString(c, tc.raw)
			io.ReadAll(c) //nolint:errcheck // until the server closes
			if took := time.Since(start); took < tc.atLeast || took > tc.atMost {
				t.Fatalf("closed after %v, want between %v and %v", took, tc.atLeast, tc.atMost)
			}
		})
	}
}

// TestPanics: a panicking handler costs its connection only.
func TestPanics(t *testing.T) {
	fast, _ := startFast(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/f/panic":
			panic("boom")
		case "/f/abort":
			panic(http.ErrAbortHandler)
		}
		io.WriteString(w, "fine")
	}), func(hs *http.Server) { hs.ErrorLog = testLog(t) })
	for _, p := range []string{"/f/panic", "/f/abort"} {
		if _, err := http.Get("http://" + fast.addr + p); err == nil {
			t.Errorf("%s: got an answer", p)
		}
	}
	res, err := http.Get("http://" + fast.addr + "/f/ok")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
}

// TestShutdown: idle connections close at once, a request in flight
// finishes, and then Serve and Shutdown return and no goroutine is left.
func TestShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	release := make(chan struct{})
	entered := make(chan struct{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &httpfast.Server{Fast: isFast, HTTP: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/f/slow" {
			close(entered)
			<-release
		}
		io.WriteString(w, "done")
	})}}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	addr := ln.Addr().String()

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	idle.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(idle, "GET /f/quick HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(idle)
	if res, err := http.ReadResponse(br, nil); err != nil {
		t.Fatal(err)
	} else {
		io.ReadAll(res.Body)
	}
	slow := make(chan string, 1)
	go func() {
		res, err := http.Get("http://" + addr + "/f/slow")
		if err != nil {
			slow <- err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		slow <- string(b)
	}()
	<-entered
	shut := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		shut <- srv.Shutdown(ctx)
	}()
	if _, err := br.ReadByte(); err == nil {
		t.Fatal("the idle connection got data, want it closed")
	}
	select {
	case err := <-shut:
		t.Fatalf("Shutdown returned %v with a request in flight", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if got := <-slow; got != "done" {
		t.Fatalf("the request in flight got %q", got)
	}
	if err := <-shut; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		t.Fatalf("Serve returned %v", err)
	}
	http.DefaultClient.CloseIdleConnections()
	deadline := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines left, %d before", n, before)
	}
}

// TestShutdownTimesOut: Shutdown gives up when its context ends first.
func TestShutdownTimesOut(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{})
	fast, srv := startFast(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
	}), nil)
	go http.Get("http://" + fast.addr + "/f/slow") //nolint:errcheck // the answer does not matter
	<-entered
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := srv.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Shutdown returned %v, want the deadline", err)
	}
	close(release)
}

// testLog is a *log.Logger that writes to the test's log.
func testLog(t *testing.T) *log.Logger { return log.New(testWriter{t}, "", 0) }

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// TestRequestContext: a request's context carries net/http's values and
// ends when its handler returns.
func TestRequestContext(t *testing.T) {
	ctxs := make(chan context.Context, 1)
	fast, _ := startFast(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctxs <- r.Context()
	}), nil)
	res, err := http.Get("http://" + fast.addr + "/f/ctx")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	ctx := <-ctxs
	if _, ok := ctx.Value(http.ServerContextKey).(*http.Server); !ok {
		t.Error("no ServerContextKey")
	}
	if addr, ok := ctx.Value(http.LocalAddrContextKey).(net.Addr); !ok || addr.String() != fast.addr {
		t.Errorf("LocalAddrContextKey %v", ctx.Value(http.LocalAddrContextKey))
	}
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
		t.Fatal("the context outlived its handler")
	}
	if fast.handed.Load() != 0 {
		t.Fatal("not served on the fast path")
	}
}

// TestFileBodiesAreNotHeldBack: a file sent with sendfile goes out in full
// frames (TCP_CORK), and its last, partial frame leaves as soon as the
// handler is done, not after the kernel's 200 ms ceiling on a cork.
func TestFileBodiesAreNotHeldBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "segment")
	body := bytes.Repeat([]byte("0123456789abcdef"), (1<<20+100)/16)
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	fast, _ := startFast(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := os.Open(path)
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		fi, _ := f.Stat()
		http.ServeContent(w, r, "segment.m4s", fi.ModTime(), f)
	}), nil)
	client := &http.Client{Transport: &http.Transport{}, Timeout: 5 * time.Second}
	defer client.CloseIdleConnections()
	var took []time.Duration
	for i := range 7 {
		start := time.Now()
		res, err := client.Get("http://" + fast.addr + "/f/" + strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		took = append(took, time.Since(start))
		if err != nil || res.StatusCode != http.StatusOK || !bytes.Equal(got, body) {
			t.Fatalf("request %d: %d, %d bytes of %d, %v", i, res.StatusCode, len(got), len(body), err)
		}
	}
	if n := fast.handed.Load(); n != 0 {
		t.Fatalf("net/http was handed %d connections, want the fast path's", n)
	}
	// A held-back end costs every request the cork's 200 ms, so even the
	// fastest of them takes that long; a busy machine (the race pass beside
	// other work) slows some requests, not all.
	slices.Sort(took)
	if fastest := took[0]; fastest > 150*time.Millisecond {
		t.Errorf("a 1 MiB file took at least %v (of %v): its end was held back", fastest, took)
	}
}

func TestProcs(t *testing.T) {
	for _, tt := range []struct{ cpus, want int }{
		{1, 4}, {2, 8}, {8, 32}, {16, 64}, {32, 64}, {64, 64}, {96, 96},
	} {
		if got := httpfast.Procs(tt.cpus); got != tt.want {
			t.Errorf("Procs(%d) = %d, want %d", tt.cpus, got, tt.want)
		}
	}
}
