package client_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/reelvideo/reel/client"
)

// tusServer is a small tus 1.0.0 server holding one upload in memory. It
// can drop the connection in the middle of chosen PATCH requests, keeping
// the bytes it read before the drop, as a real server does.
type tusServer struct {
	t        *testing.T
	mu       sync.Mutex
	length   int64
	data     []byte
	metadata map[string]string
	patches  int
	heads    int
	// dropPatch lists the PATCH numbers (1-based) that lose their
	// connection after half of their body.
	dropPatch map[int]bool
	// failPatch lists PATCH numbers answered 503 without reading anything.
	failPatch map[int]bool
}

func (s *tusServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Header.Get("Tus-Resumable") != "1.0.0" {
		s.t.Errorf("%s without Tus-Resumable: 1.0.0", r.Method)
	}
	if r.Header.Get("Authorization") != "Bearer rk_testkey00001_secret" {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	w.Header().Set("Tus-Resumable", "1.0.0")
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/uploads":
		n, err := strconv.ParseInt(r.Header.Get("Upload-Length"), 10, 64)
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		s.length = n
		s.metadata = map[string]string{}
		for _, pair := range strings.Split(r.Header.Get("Upload-Metadata"), ",") {
			k, v, _ := strings.Cut(pair, " ")
			dec, _ := base64.StdEncoding.DecodeString(v)
			s.metadata[k] = string(dec)
		}
		w.Header().Set("Location", "/v1/uploads/up1")
		w.Header().Set("Reel-Video-Id", "vid000000001")
		w.WriteHeader(http.StatusCreated)
	case r.Method == http.MethodHead && r.URL.Path == "/v1/uploads/up1":
		s.heads++
		w.Header().Set("Upload-Offset", strconv.Itoa(len(s.data)))
		w.Header().Set("Upload-Length", strconv.FormatInt(s.length, 10))
		w.WriteHeader(http.StatusOK)
	case r.Method == http.MethodPatch && r.URL.Path == "/v1/uploads/up1":
		s.patches++
		if r.Header.Get("Content-Type") != "application/offset+octet-stream" {
			w.WriteHeader(http.StatusUnsupportedMediaType)
			return
		}
		if r.Header.Get("Upload-Offset") != strconv.Itoa(len(s.data)) {
			w.WriteHeader(http.StatusConflict)
			return
		}
		if s.failPatch[s.patches] {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if s.dropPatch[s.patches] {
			half := make([]byte, r.ContentLength/2)
			n, _ := io.ReadFull(r.Body, half)
			s.data = append(s.data, half[:n]...)
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		body, err := io.ReadAll(r.Body)
		s.data = append(s.data, body...)
		if err != nil {
			return
		}
		w.Header().Set("Upload-Offset", strconv.Itoa(len(s.data)))
		if int64(len(s.data)) == s.length {
			w.Header().Set("Reel-Video-Id", "vid000000001")
		}
		w.WriteHeader(http.StatusNoContent)
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	return b
}

func TestUpload(t *testing.T) {
	tests := []struct {
		name       string
		size       int
		chunk      int64
		drop, fail map[int]bool
		wantHeads  int
	}{
		{name: "one chunk", size: 1000, chunk: 4096},
		{name: "several chunks", size: 10_000, chunk: 4096},
		{name: "dropped connection resumes from HEAD offset", size: 10_000, chunk: 4096, drop: map[int]bool{2: true}, wantHeads: 1},
		{name: "two drops and a 503", size: 20_000, chunk: 4096, drop: map[int]bool{1: true, 3: true}, fail: map[int]bool{5: true}, wantHeads: 3},
		{name: "empty file", size: 0, chunk: 4096},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := &tusServer{t: t, dropPatch: tt.drop, failPatch: tt.fail}
			c, _ := newTestClient(t, srv)
			src := randomBytes(tt.size)
			var created string
			var lastSent, lastTotal int64
			res, err := c.Upload(context.Background(), bytes.NewReader(src), int64(len(src)), client.UploadOptions{
				Title: "Über title", Collection: "col123456789", Filename: "a.mp4", ChunkSize: tt.chunk,
				OnCreate: func(url, videoID string) { created = url + " " + videoID },
				Progress: func(sent, total int64) { lastSent, lastTotal = sent, total },
			})
			if err != nil {
				t.Fatalf("Upload: %v", err)
			}
			if !bytes.Equal(srv.data, src) {
				t.Errorf("server holds %d bytes that differ from the %d sent", len(srv.data), len(src))
			}
			if res.VideoID != "vid000000001" || !strings.HasSuffix(res.URL, "/v1/uploads/up1") || !strings.HasPrefix(res.URL, "http://") {
				t.Errorf("result %+v", res)
			}
			if created != res.URL+" vid000000001" {
				t.Errorf("OnCreate got %q", created)
			}
			if lastSent != int64(tt.size) || lastTotal != int64(tt.size) {
				t.Errorf("last progress %d/%d, want %d/%d", lastSent, lastTotal, tt.size, tt.size)
			}
			want := map[string]string{"title": "Über title", "collection": "col123456789", "filename": "a.mp4"}
			for k, v := range want {
				if srv.metadata[k] != v {
					t.Errorf("metadata %s = %q, want %q", k, srv.metadata[k], v)
				}
			}
			if srv.heads != tt.wantHeads {
				t.Errorf("server saw %d HEADs, want %d", srv.heads, tt.wantHeads)
			}
		})
	}
}

func TestUploadResumeURL(t *testing.T) {
	src := randomBytes(9000)
	srv := &tusServer{t: t, length: int64(len(src)), data: append([]byte(nil), src[:5000]...)}
	c, _ := newTestClient(t, srv)
	res, err := c.Upload(context.Background(), bytes.NewReader(src), int64(len(src)), client.UploadOptions{
		ResumeURL: c.BaseURL() + "/v1/uploads/up1", ChunkSize: 1 << 20,
		OnCreate: func(string, string) { t.Error("OnCreate called on a resume") },
	})
	if err != nil {
		t.Fatalf("Upload: %v", err)
	}
	if !res.Resumed || !bytes.Equal(srv.data, src) || srv.patches != 1 {
		t.Errorf("resumed=%v, %d patches, data equal=%v", res.Resumed, srv.patches, bytes.Equal(srv.data, src))
	}
}

func TestUploadResumeURLGoneStartsOver(t *testing.T) {
	src := randomBytes(3000)
	srv := &tusServer{t: t}
	c, _ := newTestClient(t, srv)
	res, err := c.Upload(context.Background(), bytes.NewReader(src), int64(len(src)), client.UploadOptions{
		ResumeURL: c.BaseURL() + "/v1/uploads/expired",
	})
	if err != nil {
		t.Fatalf("Upload: %v", err)
	}
	if res.Resumed || !bytes.Equal(srv.data, src) {
		t.Errorf("resumed=%v, data equal=%v; want a fresh complete upload", res.Resumed, bytes.Equal(srv.data, src))
	}
}

func TestUploadGivesUp(t *testing.T) {
	srv := &tusServer{t: t, failPatch: map[int]bool{1: true, 2: true, 3: true, 4: true}}
	c, _ := newTestClient(t, srv)
	_, err := c.Upload(context.Background(), bytes.NewReader(make([]byte, 100)), 100, client.UploadOptions{MaxRetries: 3})
	var upErr *client.UploadError
	if !errors.As(err, &upErr) || upErr.URL == "" {
		t.Fatalf("error %v, want an *UploadError with the upload URL", err)
	}
	if srv.patches != 4 {
		t.Errorf("server saw %d PATCHes, want 4 (1 + 3 retries)", srv.patches)
	}
}

func TestUploadMaxSize(t *testing.T) {
	tests := []struct {
		name    string
		header  string
		status  int
		want    int64
		wantErr bool
	}{
		{name: "limit named", header: "21474836480", status: 200, want: 20 << 30},
		{name: "no limit", status: 200, want: 0},
		{name: "garbage", header: "lots", status: 200, wantErr: true},
		{name: "server error", status: 404, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodOptions || r.URL.Path != "/v1/uploads" {
					t.Errorf("got %s %s, want OPTIONS /v1/uploads", r.Method, r.URL.Path)
				}
				if tt.header != "" {
					w.Header().Set("Tus-Max-Size", tt.header)
				}
				w.WriteHeader(tt.status)
			}))
			defer srv.Close()
			c := client.New(srv.URL, "", client.WithRetryPolicy(client.RetryPolicy{MaxAttempts: 1}))
			got, err := c.UploadMaxSize(context.Background())
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("UploadMaxSize = %d, %v; want %d, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
