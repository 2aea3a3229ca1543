package httpapi_test

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

// An upload of deferred length (no Upload-Length) counts its bytes against
// the space's max_bytes as they arrive: with 4 MB left, a 3 MB PATCH is
// stored and the 3 MB PATCH after it, which would make 6 MB, is 413
// quota_exceeded, whether it says its length (Content-Length) or not
// (chunked); the space never holds more than max_bytes, and another upload
// meets the same bound.
func TestDeferredUploadCountsAgainstMaxBytes(t *testing.T) {
	const mb = 1_000_000
	for _, tc := range []struct {
		name    string
		chunked bool
	}{
		{"content-length", false},
		{"chunked", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			admin := e.adminKey(videohost.AccessReadWrite)
			must(t, e.req("PATCH", "/v1/spaces/"+e.space, admin, map[string]any{"quotas": map[string]any{"max_bytes": 4 * mb}}), http.StatusOK, nil)
			usage := func() int64 {
				t.Helper()
				var sp spaceJSON
				must(t, e.req("GET", "/v1/space", e.ro, nil), http.StatusOK, &sp)
				return sp.Usage.Bytes
			}
			create := func() string {
				t.Helper()
				r := e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Defer-Length", "1")
				if r.status != http.StatusCreated {
					t.Fatalf("creating a deferred upload: %d %s", r.status, r.body)
				}
				return r.header.Get("Location")
			}
			patch := func(loc string, offset int, data []byte) *response {
				t.Helper()
				var body io.Reader = bytes.NewReader(data)
				if tc.chunked {
					body = io.MultiReader(body) // no length: sent chunked
				}
				req, err := http.NewRequest("PATCH", loc, body)
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Authorization", "Bearer "+e.rw)
				req.Header.Set("Tus-Resumable", "1.0.0")
				req.Header.Set("Upload-Offset", strconv.Itoa(offset))
				req.Header.Set("Content-Type", "application/offset+octet-stream")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				b, _ := io.ReadAll(res.Body)
				return &response{status: res.StatusCode, header: res.Header, body: b}
			}
			c := newTusClient(e, e.rw)

			loc := create()
			if r := patch(loc, 0, make([]byte, 3*mb)); r.status != http.StatusNoContent {
				t.Fatalf("PATCH of 3 MB within max_bytes: %d %s", r.status, r.body)
			}
			problem(t, patch(loc, 3*mb, make([]byte, 3*mb)), http.StatusRequestEntityTooLarge, videohost.EQuotaExceeded)
			off, r := c.head(t, loc)
			if off < 3*mb || off > 4*mb {
				t.Fatalf("after the refused PATCH the upload holds %d bytes (%d %s), want 3 MB to 4 MB", off, r.status, r.body)
			}
			if u := usage(); u > 4*mb || u < int64(off) {
				t.Fatalf("the space counts %d bytes with %d stored, max_bytes %d", u, off, 4*mb)
			}
			// Another upload of deferred length meets the same bound.
			other := create()
			problem(t, patch(other, 0, make([]byte, 2*mb)), http.StatusRequestEntityTooLarge, videohost.EQuotaExceeded)
			if u := usage(); u > 4*mb {
				t.Fatalf("the space counts %d bytes, max_bytes %d", u, 4*mb)
			}
		})
	}
}

// A space holds at most MaxOpenUploads unfinished uploads: the creation
// past it is 429 too_many_uploads with a Retry-After, until one ends
// (terminated here); videos fetched by URL do not count.
func TestOpenUploadsCap(t *testing.T) {
	e := newEnv(t, func(e *env) {
		e.svcOpts = append(e.svcOpts, func(c *videohost.Config) { c.MaxOpenUploads = 2 })
	})
	c := newTusClient(e, e.rw)
	e.createVideo(e.rw, nil) // a fetch, not an upload
	var locs []string
	for _, tc := range []struct {
		name   string
		length int
		want   int
	}{
		{"first", 10, http.StatusCreated},
		{"second, deferred", -1, http.StatusCreated},
		{"third", 10, http.StatusTooManyRequests},
		{"fourth, deferred", -1, http.StatusTooManyRequests},
	} {
		hdr := []string{"Tus-Resumable", "1.0.0", "Upload-Length", strconv.Itoa(tc.length)}
		if tc.length < 0 {
			hdr = []string{"Tus-Resumable", "1.0.0", "Upload-Defer-Length", "1"}
		}
		r := e.req("POST", "/v1/uploads", e.rw, nil, hdr...)
		if tc.want == http.StatusCreated {
			must(t, r, http.StatusCreated, nil)
			locs = append(locs, r.header.Get("Location"))
			continue
		}
		problem(t, r, tc.want, videohost.ETooManyUploads)
		if got := r.header.Get("Retry-After"); got != "60" {
			t.Fatalf("%s: Retry-After %q, want 60", tc.name, got)
		}
	}
	must(t, e.req("DELETE", locs[0], e.rw, nil, "Tus-Resumable", "1.0.0"), http.StatusNoContent, nil)
	c.create(t, 10, nil, nil)
	// Another space is not held back.
	newTusClient(e, e.otherRW).create(t, 10, nil, nil)
}
