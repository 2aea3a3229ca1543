package httpapi_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/delivery"
)

// randomAssets are fakeAssets with n random segments of size bytes
// (h264_sd/{i}.m4s).
func randomAssets(n, size int) map[string][]byte {
	files := fakeAssets()
	for i := range n {
		b := make([]byte, size)
		rand.Read(b)
		files[fmt.Sprintf("h264_sd/%d.m4s", i)] = b
	}
	return files
}

// cachedFiles are the regular files under dir (the media cache's copies,
// not its lock files) by path, with their sizes.
func cachedFiles(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	files := map[string]int64{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".lock" {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.Mode().IsRegular() {
			files[p] = fi.Size()
		}
		return nil
	})
	return files
}

func sum(m map[string]int64) (n int64) {
	for _, v := range m {
		n += v
	}
	return n
}

// withMediaCache puts the service's media cache in dir, bounded to limit.
func withMediaCache(dir string, limit int64) envOption {
	return func(e *env) {
		e.deliveryOpts = append(e.deliveryOpts, func(c *delivery.Config) { c.MediaCacheDir, c.MediaCacheBytes = dir, limit })
	}
}

// TestS3MediaCache: a segment on S3 is copied to local disk by its first
// request and served from there by the next ones, byte for byte the same,
// with the same validators (ETag, Last-Modified) as without a cache, and
// Range, If-Range, 304, HEAD and CORS as on disk. Served while S3 is down
// proves the hits come from the copy.
func TestS3MediaCache(t *testing.T) {
	srv := s3test.StartOwn(t)
	cfg := srv.Config(t)
	st, err := s3.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// A folder of a process that is gone: its lock is free.
	stale := filepath.Join(dir, "media-gone")
	os.MkdirAll(filepath.Join(stale, "videos", "x"), 0o755)
	os.WriteFile(filepath.Join(stale, ".lock"), nil, 0o600)
	os.WriteFile(filepath.Join(stale, "videos", "x", "0.m4s"), []byte("stale"), 0o644)

	e := newEnv(t, func(e *env) { e.blobs = st }, withMediaCache(dir, 64<<20))
	files := randomAssets(2, 300_000)
	v := e.publish(publishOptions{files: files})
	seg := "h264_sd/0.m4s"
	u := e.mediaURL(v, seg) + "?v=" + v.AssetVersion

	miss := e.req("GET", u, "", nil, "Origin", "https://page.example")
	if miss.status != http.StatusOK || !bytes.Equal(miss.body, files[seg]) || miss.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("first GET: %d, %d bytes, %v", miss.status, len(miss.body), miss.header)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the folder of a process that is gone is still there: %v", err)
	}
	copies := cachedFiles(t, dir)
	if len(copies) != 1 || sum(copies) != int64(len(files[seg])) {
		t.Fatalf("after one segment the cache holds %v", copies)
	}
	for p := range copies {
		if b, _ := os.ReadFile(p); !bytes.Equal(b, files[seg]) {
			t.Fatal("the copy differs from the segment")
		}
	}

	hit := e.req("GET", u, "", nil, "Origin", "https://page.example")
	if hit.status != http.StatusOK || !bytes.Equal(hit.body, miss.body) {
		t.Fatalf("second GET: %d, %d bytes", hit.status, len(hit.body))
	}
	for _, h := range []string{"ETag", "Last-Modified", "Content-Length", "Content-Type", "Cache-Control", "Access-Control-Allow-Origin", "Access-Control-Expose-Headers", "Accept-Ranges"} {
		if hit.header.Get(h) != miss.header.Get(h) {
			t.Errorf("%s: %q from the copy, %q from S3", h, hit.header.Get(h), miss.header.Get(h))
		}
	}

	// Another process on the same bucket without a cache answers the same
	// validators: a client may move between processes.
	other := e.otherProcess(func(_ *videohost.Config, cfg *delivery.Config) { cfg.MediaCacheBytes = -1 })
	req, _ := http.NewRequest("GET", other+"/media/"+v.Space+"/"+v.ID+"/"+seg+"?v="+v.AssetVersion, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, h := range []string{"ETag", "Last-Modified", "Content-Length"} {
		if res.Header.Get(h) != miss.header.Get(h) {
			t.Errorf("%s: %q without a cache, %q with one", h, res.Header.Get(h), miss.header.Get(h))
		}
	}

	srv.Stop(t)
	etag := miss.header.Get("ETag")
	r := e.req("GET", u, "", nil)
	if r.status != http.StatusOK || !bytes.Equal(r.body, files[seg]) {
		t.Fatalf("GET with S3 down: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "Range", "bytes=100-199")
	if r.status != http.StatusPartialContent || !bytes.Equal(r.body, files[seg][100:200]) ||
		r.header.Get("Content-Range") != fmt.Sprintf("bytes 100-199/%d", len(files[seg])) || r.header.Get("ETag") != etag {
		t.Fatalf("Range: %d %v", r.status, r.header)
	}
	r = e.req("GET", u, "", nil, "Range", "bytes=-10")
	if r.status != http.StatusPartialContent || !bytes.Equal(r.body, files[seg][len(files[seg])-10:]) {
		t.Fatalf("suffix Range: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "Range", "bytes=0-3", "If-Range", etag)
	if r.status != http.StatusPartialContent || !bytes.Equal(r.body, files[seg][:4]) {
		t.Fatalf("If-Range with the current tag: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "Range", "bytes=0-3", "If-Range", `"other"`)
	if r.status != http.StatusOK || len(r.body) != len(files[seg]) {
		t.Fatalf("If-Range with another tag: %d", r.status)
	}
	r = e.req("GET", u, "", nil, "If-None-Match", etag)
	if r.status != http.StatusNotModified || len(r.body) != 0 {
		t.Fatalf("If-None-Match: %d", r.status)
	}
	r = e.req("HEAD", u, "", nil)
	if r.status != http.StatusOK || r.header.Get("Content-Length") != fmt.Sprint(len(files[seg])) || r.header.Get("ETag") != etag {
		t.Fatalf("HEAD: %d %v", r.status, r.header)
	}
	r = e.req("GET", u, "", nil, "Range", fmt.Sprintf("bytes=%d-", len(files[seg])))
	if r.status != http.StatusRequestedRangeNotSatisfiable {
		t.Fatalf("Range past the end: %d", r.status)
	}
	// A segment never asked for is not there: S3 is really down.
	if r := e.req("GET", e.mediaURL(v, "h264_sd/1.m4s"), "", nil); r.status < 500 {
		t.Fatalf("an uncached segment with S3 down: %d", r.status)
	}
	srv.Restart(t)

	// Deleting the video removes its copies.
	if r := e.req("DELETE", "/v1/videos/"+v.ID, e.rw, nil); r.status >= 300 {
		t.Fatalf("DELETE: %d %s", r.status, r.body)
	}
	if c := cachedFiles(t, dir); len(c) != 0 {
		t.Errorf("after the video was deleted the cache holds %v", c)
	}
}

// TestS3MediaCacheBound: the copies never take more than the bound (the
// least recently used go first), a file larger than the bound is served
// without a copy, and concurrent first requests share one GET.
func TestS3MediaCacheBound(t *testing.T) {
	srv := s3test.Start(t)
	cfg := srv.Config(t)
	var gets atomic.Int64
	target, _ := url.Parse(cfg.Endpoint)
	proxy := httputil.NewSingleHostReverseProxy(target)
	counting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/h264_sd/") {
			gets.Add(1)
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(counting.Close)
	cfg.Endpoint = counting.URL
	st, err := s3.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	const size = 100_000
	dir := t.TempDir()
	limit := int64(2.5 * size)
	e := newEnv(t, func(e *env) { e.blobs = st }, withMediaCache(dir, limit))
	files := randomAssets(6, size)
	files["h264_sd/99.m4s"] = bytes.Repeat([]byte("b"), int(limit)+1)
	v := e.publish(publishOptions{files: files})

	for round := range 2 {
		for i := range 6 {
			name := fmt.Sprintf("h264_sd/%d.m4s", i)
			r := e.req("GET", e.mediaURL(v, name), "", nil)
			if r.status != http.StatusOK || !bytes.Equal(r.body, files[name]) {
				t.Fatalf("round %d, %s: %d", round, name, r.status)
			}
			c := cachedFiles(t, dir)
			if sum(c) > limit {
				t.Fatalf("round %d, after %s the cache holds %d bytes, over its bound %d: %v", round, name, sum(c), limit, c)
			}
			if len(c) != min(i+1+round*6, 2) {
				t.Fatalf("round %d, after %s the cache holds %d files, want the 2 most recent", round, name, len(c))
			}
		}
	}

	// Larger than the bound: served, not copied.
	r := e.req("GET", e.mediaURL(v, "h264_sd/99.m4s"), "", nil)
	if r.status != http.StatusOK || len(r.body) != int(limit)+1 {
		t.Fatalf("big segment: %d, %d bytes", r.status, len(r.body))
	}
	for p := range cachedFiles(t, dir) {
		if strings.HasSuffix(p, "/99.m4s") {
			t.Fatal("a file larger than the bound was copied")
		}
	}

	// Concurrent first requests of one segment: one GET to S3.
	gets.Store(0)
	name := "h264_sd/0.m4s" // evicted by the rounds above
	var wg sync.WaitGroup
	bodies := make([][]byte, 8)
	for i := range bodies {
		wg.Go(func() {
			res, err := http.Get(e.mediaURL(v, name))
			if err != nil {
				return
			}
			defer res.Body.Close()
			var b bytes.Buffer
			b.ReadFrom(res.Body)
			bodies[i] = b.Bytes()
		})
	}
	wg.Wait()
	for i, b := range bodies {
		if !bytes.Equal(b, files[name]) {
			t.Fatalf("concurrent request %d: %d bytes", i, len(b))
		}
	}
	if n := gets.Load(); n != 1 {
		t.Errorf("8 concurrent first requests made %d GETs to S3, want 1", n)
	}
}

// TestS3MediaCacheUnusable: a cache folder that cannot be made leaves
// delivery to S3, with no error.
func TestS3MediaCacheUnusable(t *testing.T) {
	st := s3test.Start(t).Open(t)
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, nil, 0o644)
	e := newEnv(t, func(e *env) { e.blobs = st }, withMediaCache(filepath.Join(file, "cache"), 1<<20))
	files := randomAssets(1, 1000)
	v := e.publish(publishOptions{files: files})
	for range 2 {
		r := e.req("GET", e.mediaURL(v, "h264_sd/0.m4s"), "", nil)
		if r.status != http.StatusOK || !bytes.Equal(r.body, files["h264_sd/0.m4s"]) {
			t.Fatalf("GET: %d", r.status)
		}
	}
	if !strings.Contains(e.logs.String(), "media cache unavailable") {
		t.Error("the unusable cache was not logged")
	}

	// A copy that cannot be made (here its folder's name is taken by a
	// file) is served from S3 instead, from its first byte again.
	dir := t.TempDir()
	e = newEnv(t, func(e *env) { e.blobs = st }, withMediaCache(dir, 1<<20))
	v = e.publish(publishOptions{files: files})
	if r := e.req("GET", e.mediaURL(v, "h264_sd/0.m4s"), "", nil); r.status != http.StatusOK {
		t.Fatalf("GET: %d", r.status)
	}
	var versionDir string
	for p := range cachedFiles(t, dir) {
		versionDir = filepath.Dir(filepath.Dir(p)) // .../videos/{id}/{version}
	}
	if err := os.WriteFile(filepath.Join(versionDir, "audio"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		r := e.req("GET", e.mediaURL(v, "audio/0/0.m4s"), "", nil)
		if r.status != http.StatusOK || !bytes.Equal(r.body, files["audio/0/0.m4s"]) {
			t.Fatalf("GET of a file that cannot be copied: %d %q", r.status, r.body)
		}
	}
	if n := strings.Count(e.logs.String(), "media cache: cannot copy"); n != 1 {
		t.Errorf("%d warnings for two failed copies, want 1", n)
	}
}

// TestS3MediaRedirect: with MediaRedirect on, an authorized request for a
// segment or picture is answered with a 302 (CORS kept, never stored) to
// a presigned URL of the bucket, which serves the same bytes, Range
// included, with the asset's Content-Type. Playlists, downloads and the
// original are still served by Reel; a missing or expired token is refused
// before any redirect; the URL appears in no log line.
func TestS3MediaRedirect(t *testing.T) {
	srv := s3test.Start(t)
	st, err := s3.Open(context.Background(), srv.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(e *env) {
		e.blobs = st
		e.deliveryOpts = append(e.deliveryOpts, func(c *delivery.Config) { c.MediaRedirect = time.Minute })
	})
	files := randomAssets(1, 50_000)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned, files: files})
	token := playbackToken(t, hmacKey(t, e.rw), v.Embed)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(method, u string, hdr ...string) *response {
		t.Helper()
		req, _ := http.NewRequest(method, u, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(res.Body)
		return &response{status: res.StatusCode, header: res.Header, body: b.Bytes()}
	}

	for _, tc := range []struct{ asset, contentType string }{
		{"h264_sd/0.m4s", "video/iso.segment"},
		{"h264_sd/init.mp4", "video/mp4"},
		{"poster.jpg", "image/jpeg"},
	} {
		u := withQuery(e.mediaURL(v, tc.asset), "token", token)
		r := get("GET", u, "Origin", "https://page.example")
		loc := r.header.Get("Location")
		if r.status != http.StatusFound || !strings.HasPrefix(loc, srv.Endpoint+"/") ||
			r.header.Get("Access-Control-Allow-Origin") != "*" || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s: %d, Location %q, %v", tc.asset, r.status, loc, r.header)
		}
		if !strings.Contains(loc, "X-Amz-Expires=60") {
			t.Errorf("%s: the presigned URL does not expire in a minute: %s", tc.asset, loc)
		}
		if h := get("HEAD", u); h.status != http.StatusFound || h.header.Get("Location") != loc {
			t.Errorf("HEAD %s: %d, Location %q (signing again within half the URL's life)", tc.asset, h.status, h.header.Get("Location"))
		}
		s := get("GET", loc)
		if s.status != http.StatusOK || !bytes.Equal(s.body, files[tc.asset]) || s.header.Get("Content-Type") != tc.contentType {
			t.Fatalf("%s from the bucket: %d, %d bytes, Content-Type %q", tc.asset, s.status, len(s.body), s.header.Get("Content-Type"))
		}
		s = get("GET", loc, "Range", "bytes=2-5")
		if s.status != http.StatusPartialContent || !bytes.Equal(s.body, files[tc.asset][2:6]) {
			t.Fatalf("%s Range from the bucket: %d %q", tc.asset, s.status, s.body)
		}
	}

	// A file the version does not hold is Reel's problem+json 404, not the
	// bucket's XML one behind a redirect.
	for _, asset := range []string{"h264_uhd/0.m4s", "h264_sd/999.m4s", "h264_fhd.mp4"} {
		r := get("GET", withQuery(e.mediaURL(v, asset), "token", token))
		if r.status != http.StatusNotFound || r.header.Get("Location") != "" || !strings.Contains(r.header.Get("Content-Type"), "problem+json") ||
			!bytes.Contains(r.body, []byte(`"code":"not_found"`)) {
			t.Errorf("GET missing %s: %d, Location %q, %s %s", asset, r.status, r.header.Get("Location"), r.header.Get("Content-Type"), r.body)
		}
	}

	// Served by Reel: playlists (rewritten per request) and downloads
	// (named by Reel).
	for _, u := range []string{
		withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", token),
		withQuery(e.mediaURL(v, "playlist.m3u8"), "token", token),
		withQuery(withQuery(e.mediaURL(v, "h264_sd.mp4"), "token", token), "download", ""),
	} {
		if r := get("GET", u); r.status != http.StatusOK || r.header.Get("Location") != "" {
			t.Errorf("GET %s: %d, Location %q", u, r.status, r.header.Get("Location"))
		}
	}

	// Refused before any redirect: no token, a token of another video, an
	// expired token.
	seg := e.mediaURL(v, "h264_sd/0.m4s")
	other := e.publish(publishOptions{policy: videohost.PlaybackSigned, files: files})
	expired := playbackToken(t, hmacKey(t, e.rw), v.Embed) // for an hour
	others, err := tokens.SignPlayback(hmacKey(t, e.rw), other.Embed, 3*time.Hour, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(2 * time.Hour)
	for _, tc := range []struct {
		name, url, code string
	}{
		{"no token", seg, videohost.ETokenInvalid},
		{"another video's token", withQuery(seg, "token", others), videohost.ETokenInvalid},
		{"an expired token", withQuery(seg, "token", expired), videohost.ETokenExpired},
	} {
		r := get("GET", tc.url)
		if r.header.Get("Location") != "" || bytes.Contains(r.body, []byte("X-Amz")) {
			t.Errorf("%s: %d, Location %q", tc.name, r.status, r.header.Get("Location"))
		}
		problem(t, r, r.status, tc.code)
		if r.status < 400 {
			t.Errorf("%s: %d", tc.name, r.status)
		}
	}
	if logs := e.logs.String(); strings.Contains(logs, "X-Amz-Signature") || strings.Contains(logs, "X-Amz-Credential") {
		t.Errorf("a presigned URL was logged:\n%s", logs)
	}
}
