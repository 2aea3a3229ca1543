package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/httpapi"
)

func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }

// eachStore runs fn on local disk and on S3, with the option that makes
// an env use the store.
func eachStore(t *testing.T, fn func(t *testing.T, store envOption)) {
	t.Run("disk", func(t *testing.T) { fn(t, func(*env) {}) })
	t.Run("s3", func(t *testing.T) { fn(t, onS3(t)) })
}

// onS3 puts the env's blobs (and uploads) on a fresh bucket of the test
// S3 server, with the rendition cache of frames in a folder of the test.
func onS3(t *testing.T) envOption {
	t.Helper()
	st := s3test.Start(t).Open(t)
	cacheDir := filepath.Join(t.TempDir(), "renditions")
	uploads, err := st.Uploads(filepath.Join(filepath.Dir(cacheDir), "parts"))
	if err != nil {
		t.Fatal(err)
	}
	return func(e *env) {
		e.blobs = st
		e.cfg.Uploads = uploads
		e.deliveryOpts = append(e.deliveryOpts, func(c *delivery.Config) { c.RenditionCacheDir = cacheDir })
	}
}

// TestS3DeliveryValidators: a playlist (rewritten in memory) and a segment
// (streamed from S3 with ranged GETs) keep Range, ETag, HEAD, 304 and CORS
// as on disk, and their ETags are the same from another process's store
// over the same bucket.
func TestS3DeliveryValidators(t *testing.T) {
	st := s3test.Start(t).Open(t)
	e := newEnv(t, func(e *env) { e.blobs = st })
	v := e.publish(publishOptions{})
	seg := fakeAssets()["h264_sd/0.m4s"]

	for _, asset := range []string{"playlist.m3u8", "h264_sd/0.m4s"} {
		t.Run(asset, func(t *testing.T) {
			u := e.mediaURL(v, asset) + "?v=" + v.AssetVersion
			full := e.req("GET", u, "", nil, "Origin", "https://page.example")
			if full.status != http.StatusOK || full.header.Get("Access-Control-Allow-Origin") != "*" {
				t.Fatalf("GET: %d %v", full.status, full.header)
			}
			etag := full.header.Get("ETag")
			if !strings.HasPrefix(etag, `"`+v.AssetVersion+"-") {
				t.Fatalf("ETag %q", etag)
			}
			r := e.req("GET", u, "", nil, "Range", "bytes=5-14")
			if r.status != http.StatusPartialContent || !bytes.Equal(r.body, full.body[5:15]) ||
				r.header.Get("Content-Range") != fmt.Sprintf("bytes 5-14/%d", len(full.body)) || r.header.Get("ETag") != etag {
				t.Fatalf("range: %d %q %v", r.status, r.body, r.header)
			}
			r = e.req("GET", u, "", nil, "If-None-Match", etag)
			if r.status != http.StatusNotModified || len(r.body) != 0 || r.header.Get("ETag") != etag {
				t.Fatalf("If-None-Match: %d", r.status)
			}
			r = e.req("GET", u, "", nil, "Range", "bytes=0-3", "If-Range", etag)
			if r.status != http.StatusPartialContent || !bytes.Equal(r.body, full.body[:4]) {
				t.Fatalf("If-Range with the current tag: %d", r.status)
			}
			r = e.req("HEAD", u, "", nil)
			if r.status != http.StatusOK || len(r.body) != 0 || r.header.Get("ETag") != etag ||
				r.header.Get("Content-Length") != fmt.Sprint(len(full.body)) {
				t.Fatalf("HEAD: %d %v", r.status, r.header)
			}
			if asset == "h264_sd/0.m4s" && !bytes.Equal(full.body, seg) {
				t.Fatal("segment body differs")
			}

			// Another api process: its own store and service over the
			// same bucket and database. The validator is the same.
			other, err := s3.Open(context.Background(), st.Config())
			if err != nil {
				t.Fatal(err)
			}
			srv2 := e.otherProcess(func(cfg *videohost.Config, _ *delivery.Config) { cfg.Blobs = other })
			req, _ := http.NewRequest("GET", srv2+"/media/"+v.Space+"/"+v.ID+"/"+asset+"?v="+v.AssetVersion, nil)
			req.Header.Set("If-None-Match", etag)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusNotModified {
				t.Fatalf("another process answers %d to the first one's ETag (%s vs %s)", res.StatusCode, res.Header.Get("ETag"), etag)
			}
		})
	}
}

// TestFramesOverS3: frames by URL cut from renditions in S3 are read from
// the local rendition cache; the rendition is fetched once for every
// frame of it, and the cache stays within its bound.
func TestFramesOverS3(t *testing.T) {
	st := s3test.Start(t).Open(t)
	cacheDir := filepath.Join(t.TempDir(), "renditions")
	var mu sync.Mutex
	var paths []string
	p := &countingPipeline{frame: func(_ context.Context, req videohost.FrameRequest) ([]byte, error) {
		if len(req.Sources) != 1 {
			return nil, fmt.Errorf("%d sources, want the one fetched", len(req.Sources))
		}
		b, err := os.ReadFile(req.Sources[0].Path)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		paths = append(paths, req.Sources[0].Path)
		mu.Unlock()
		return []byte(fmt.Sprintf("frame of %q at %.1f", b, req.Time)), nil
	}}
	e := newEnv(t, func(e *env) {
		e.blobs = st
		e.deliveryOpts = append(e.deliveryOpts, func(c *delivery.Config) {
			c.RenditionCacheDir = cacheDir
			c.RenditionCacheBytes = 20 // one fake rendition (15 bytes), not two
		})
	})
	e.usePipeline(p)
	v1 := e.publish(publishOptions{})
	files := fakeAssets()
	files["h264_sd.mp4"] = []byte("another mp4 ...")
	v2 := e.publish(publishOptions{files: files})

	cached := func() []string {
		t.Helper()
		entries, _ := os.ReadDir(cacheDir)
		var names []string
		for _, en := range entries {
			names = append(names, en.Name())
		}
		return names
	}
	for i, tc := range []struct {
		v    *videohost.Video
		time string
		want string
	}{
		{v1, "1", `frame of "progressive mp4" at 1.0`},
		{v1, "2", `frame of "progressive mp4" at 2.0`},
		{v2, "1", `frame of "another mp4 ..." at 1.0`},
		{v1, "0.5", `frame of "progressive mp4" at 0.5`},
	} {
		r := e.req("GET", e.frameURL(tc.v, "jpg", "time="+tc.time), "", nil)
		if r.status != http.StatusOK || string(r.body) != tc.want {
			t.Fatalf("frame %d: %d %q, want %q", i, r.status, r.body, tc.want)
		}
		if c := cached(); len(c) != 1 {
			t.Fatalf("after frame %d the cache holds %v, want one rendition (bound 20 bytes)", i, c)
		}
	}
	// The first two frames read the same local copy.
	if paths[0] != paths[1] || paths[1] == paths[2] {
		t.Errorf("frames read %v: want the first two from one copy", paths)
	}
	// The frame itself was cached in S3 and is served from there.
	r := e.req("GET", e.frameURL(v1, "jpg", "time=1"), "", nil)
	if r.status != http.StatusOK || p.calls.Load() != 4 {
		t.Fatalf("a cached frame: %d, %d extractions", r.status, p.calls.Load())
	}
}

// TestRealFrameOverS3 has ffmpeg cut a frame from an H.264 rendition that
// lies in S3.
func TestRealFrameOverS3(t *testing.T) {
	e := newEnv(t, onS3(t))
	e.usePipeline(&ffmpegFrames{})
	v := e.publish(publishOptions{files: encodeTree(t), duration: 2})
	r := e.req("GET", e.frameURL(v, "jpg", "time=1.2&width=160"), "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("frame: %d %s", r.status, r.body)
	}
	img, err := jpeg.DecodeConfig(bytes.NewReader(r.body))
	if err != nil || img.Width != 160 || img.Height != 120 {
		t.Fatalf("frame is %dx%d (%v), want 160x120", img.Width, img.Height, err)
	}
}

// TestUploadOverS3 sends an upload larger than S3's least part size in two
// PATCHes with a HEAD between them (a resume), through a proxy in front of
// S3 that records every request: the parts go to an S3 multipart upload,
// and the finished upload becomes the source by a copy inside the bucket,
// never read back through this process.
func TestUploadOverS3(t *testing.T) {
	srv := s3test.Start(t)
	target, _ := url.Parse(srv.Endpoint)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var mu sync.Mutex
	var seen []string
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	cfg := srv.Config(t)
	cfg.Endpoint = front.URL
	st, err := s3.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	uploads, err := st.Uploads(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(e *env) {
		e.blobs = st
		e.cfg.Uploads = uploads
	})
	c := newTusClient(e, e.rw)
	data := make([]byte, 7<<20+321)
	for i := range data {
		data[i] = byte(i * 7 / 5)
	}
	loc, id := c.create(t, len(data), map[string]string{"filename": "talk.mp4"}, nil)
	first := 5<<20 + 1000 // one full part, and 1000 bytes kept aside as an incomplete part
	c.patch(t, loc, 0, data[:first], http.StatusNoContent)

	e.restart() // another Handler (another api process) resumes it
	off, r := c.head(t, loc)
	if off != first {
		t.Fatalf("HEAD: offset %d, want %d", off, first)
	}
	if _, err := http.ParseTime(r.header.Get("Upload-Expires")); err != nil {
		t.Errorf("HEAD Upload-Expires %q", r.header.Get("Upload-Expires"))
	}
	c.patch(t, loc, off, data[off:], http.StatusNoContent)

	v := e.video(id)
	if v.State != videohost.StateUploaded || v.Source == nil || v.Source.Size != int64(len(data)) {
		t.Fatalf("video after the upload: %s %+v", v.State, v.Source)
	}
	mu.Lock()
	requests := append([]string(nil), seen...)
	mu.Unlock()
	var copies, parts int
	for _, req := range requests {
		switch {
		case strings.HasPrefix(req, "GET ") && strings.Contains(req, "/uploads/"+id+"?") && !strings.Contains(req, "uploadId="):
			t.Errorf("the upload's data was read back through this process: %s", req)
		case strings.HasPrefix(req, "PUT ") && strings.Contains(req, "partNumber="):
			parts++
		case strings.HasPrefix(req, "PUT ") && strings.Contains(req, "/sources/"):
			copies++
		}
	}
	if parts < 2 || copies != 1 {
		t.Errorf("%d part uploads and %d copies, want 2 or more and 1:\n%s", parts, copies, strings.Join(requests, "\n"))
	}
	if got := e.sourceBytes(id); !bytes.Equal(got, data) {
		t.Fatalf("source differs: %d bytes, want %d", len(got), len(data))
	}
	// The upload's data went once imported; a client that lost the final
	// response still finds the upload complete.
	if off, _ := c.head(t, loc); off != len(data) {
		t.Fatalf("HEAD after completion: offset %d", off)
	}
	left, err := st.List(context.Background(), "uploads/")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range left {
		if b.Key == "uploads/"+id {
			t.Errorf("the upload's data is kept after the import (%d bytes)", b.Size)
		}
	}
	// The janitor removes the rest once the upload is old.
	e.clock.Advance(httpapi.DefaultUploadExpiry + time.Hour)
	if _, err := e.h.ExpireUploads(context.Background()); err != nil {
		t.Fatal(err)
	}
	if left, _ := st.List(context.Background(), "uploads/"); len(left) != 0 {
		t.Errorf("left after expiry: %v", left)
	}
}

// TestUploadDuringS3Outage: with the bucket's server down, tus requests are
// answered 503 unavailable with Retry-After (as every other route), not a
// 500; once it is back, the same upload resumes where it stopped.
func TestUploadDuringS3Outage(t *testing.T) {
	srv := s3test.StartOwn(t)
	st := srv.Open(t)
	uploads, err := st.Uploads(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(e *env) {
		e.blobs = st
		e.cfg.Uploads = uploads
	})
	c := newTusClient(e, e.rw)
	data := bytes.Repeat([]byte("reel"), 3000)
	loc, id := c.create(t, len(data), map[string]string{"filename": "talk.mp4"}, nil)
	c.patch(t, loc, 0, data[:5000], http.StatusNoContent)

	srv.Stop(t)
	for _, tt := range []struct {
		name string
		do   func() *response
	}{
		{"HEAD", func() *response { _, r := c.head(t, loc); return r }},
		{"PATCH", func() *response {
			return e.req("PATCH", loc, c.key, data[5000:], "Tus-Resumable", "1.0.0",
				"Upload-Offset", "5000", "Content-Type", "application/offset+octet-stream")
		}},
		{"POST", func() *response { return c.post(t, len(data), map[string]string{"filename": "b.mp4"}, nil) }},
	} {
		r := tt.do()
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
			t.Errorf("%s with S3 down: %d, Retry-After %q, %s; want 503 with Retry-After", tt.name, r.status, r.header.Get("Retry-After"), r.body)
			continue
		}
		if tt.name != "HEAD" && !strings.Contains(string(r.body), `"code":"unavailable"`) {
			t.Errorf("%s with S3 down: body %s, want code unavailable", tt.name, r.body)
		}
	}

	// The creation that failed left no video behind: its client got no id.
	var list struct {
		Data []videohost.Video `json:"data"`
	}
	must(t, e.req("GET", "/v1/videos", e.rw, nil), http.StatusOK, &list)
	if len(list.Data) != 1 || list.Data[0].ID != id {
		t.Errorf("videos after a failed creation: %d, want only %s", len(list.Data), id)
	}

	srv.Restart(t)
	off, r := c.head(t, loc)
	if off != 5000 {
		t.Fatalf("HEAD after S3 is back: offset %d (%d %s), want 5000", off, r.status, r.body)
	}
	c.patch(t, loc, off, data[off:], http.StatusNoContent)
	if v := e.video(id); v.State != videohost.StateUploaded || v.Source == nil || v.Source.Size != int64(len(data)) {
		t.Fatalf("video after the resumed upload: %s %+v", v.State, v.Source)

	}
}
