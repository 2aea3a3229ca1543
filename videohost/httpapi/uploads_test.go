package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// tusClient is a minimal tus 1.0.0 client over plain net/http.
type tusClient struct {
	e   *env
	key string
}

func newTusClient(e *env, key string) *tusClient { return &tusClient{e: e, key: key} }

func tusMetadata(meta map[string]string) string {
	var pairs []string
	for k, v := range meta {
		pairs = append(pairs, k+" "+base64.StdEncoding.EncodeToString([]byte(v)))
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

// create starts an upload of length bytes, sending chunk with the creation
// request when it is not nil. It returns the upload URL and the video id.
func (c *tusClient) create(t *testing.T, length int, meta map[string]string, chunk []byte) (string, string) {
	t.Helper()
	r := c.post(t, length, meta, chunk)
	if r.status != http.StatusCreated {
		t.Fatalf("creating upload: %d %s", r.status, r.body)
	}
	loc, id := r.header.Get("Location"), r.header.Get(httpapi.HeaderVideoID)
	if loc == "" || id == "" || !strings.HasSuffix(loc, "/"+id) {
		t.Fatalf("creation answered Location %q, %s %q", loc, httpapi.HeaderVideoID, id)
	}
	if embed := r.header.Get(httpapi.HeaderVideoEmbed); len(embed) != videohost.EmbedLen {
		t.Fatalf("creation answered %s %q", httpapi.HeaderVideoEmbed, embed)
	}
	if _, err := http.ParseTime(r.header.Get("Upload-Expires")); err != nil {
		t.Fatalf("Upload-Expires %q: %v", r.header.Get("Upload-Expires"), err)
	}
	if chunk != nil && r.header.Get("Upload-Offset") != strconv.Itoa(len(chunk)) {
		t.Fatalf("creation with upload: Upload-Offset %q, want %d", r.header.Get("Upload-Offset"), len(chunk))
	}
	return loc, id
}

func (c *tusClient) post(t *testing.T, length int, meta map[string]string, chunk []byte) *response {
	t.Helper()
	hdr := []string{"Tus-Resumable", "1.0.0", "Upload-Length", strconv.Itoa(length), "Upload-Metadata", tusMetadata(meta)}
	var body any
	if chunk != nil {
		hdr = append(hdr, "Content-Type", "application/offset+octet-stream")
		body = chunk
	}
	return c.e.req("POST", "/v1/uploads", c.key, body, hdr...)
}

func (c *tusClient) head(t *testing.T, loc string) (int, *response) {
	t.Helper()
	r := c.e.req("HEAD", loc, c.key, nil, "Tus-Resumable", "1.0.0")
	if r.status != http.StatusOK {
		return -1, r
	}
	if r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("HEAD Cache-Control %q", r.header.Get("Cache-Control"))
	}
	off, err := strconv.Atoi(r.header.Get("Upload-Offset"))
	if err != nil {
		t.Fatalf("HEAD Upload-Offset %q", r.header.Get("Upload-Offset"))
	}
	return off, r
}

func (c *tusClient) patch(t *testing.T, loc string, offset int, data []byte, want int) *response {
	t.Helper()
	r := c.e.req("PATCH", loc, c.key, data, "Tus-Resumable", "1.0.0",
		"Upload-Offset", strconv.Itoa(offset), "Content-Type", "application/offset+octet-stream")
	if r.status != want {
		t.Fatalf("PATCH at %d: %d %s, want %d", offset, r.status, r.body, want)
	}
	if want == http.StatusNoContent && r.header.Get("Upload-Offset") != strconv.Itoa(offset+len(data)) {
		t.Fatalf("PATCH Upload-Offset %q, want %d", r.header.Get("Upload-Offset"), offset+len(data))
	}
	return r
}

func (e *env) video(id string) *videohost.Video {
	e.t.Helper()
	var v videohost.Video
	must(e.t, e.req("GET", "/v1/videos/"+id, e.rw, nil), http.StatusOK, &v)
	return &v
}

// sourceBytes returns the stored source blob of a video.
func (e *env) sourceBytes(id string) []byte {
	e.t.Helper()
	path, err := e.svc.Jobs().LocalSource(context.Background(), id, e.t.TempDir())
	if err != nil {
		e.t.Fatalf("finding source of %s: %v", id, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		e.t.Fatal(err)
	}
	return data
}

func TestUploadResume(t *testing.T) { eachStore(t, testUploadResume) }

func testUploadResume(t *testing.T, store envOption) {
	e := newEnv(t, store)
	coll := e.createCollection(e.rw, "uploads", "")
	c := newTusClient(e, e.rw)
	data := []byte("0123456789abcdef")
	loc, id := c.create(t, len(data), map[string]string{"title": "Holiday", "collection": coll.ID, "filename": "holiday.mov"}, nil)

	v := e.video(id)
	if v.State != videohost.StateCreated || v.Title != "Holiday" || v.Collection == nil || *v.Collection != coll.ID || v.Metadata["filename"] != "holiday.mov" {
		t.Fatalf("video of a new upload: %+v", v)
	}
	if off, r := c.head(t, loc); off != 0 || r.header.Get("Upload-Length") != strconv.Itoa(len(data)) || r.header.Get(httpapi.HeaderVideoID) != id {
		t.Fatalf("HEAD: offset %d, headers %v", off, r.header)
	}
	r := c.patch(t, loc, 0, data[:5], http.StatusNoContent)
	if _, err := http.ParseTime(r.header.Get("Upload-Expires")); err != nil {
		t.Fatalf("PATCH Upload-Expires %q", r.header.Get("Upload-Expires"))
	}
	off, _ := c.head(t, loc)
	if off != 5 {
		t.Fatalf("offset %d after 5 bytes", off)
	}
	c.patch(t, loc, 3, data[3:], http.StatusConflict) // not where the upload is
	r = c.patch(t, loc, off, data[off:], http.StatusNoContent)
	if r.header.Get(httpapi.HeaderVideoID) != id {
		t.Fatalf("final PATCH carries %s %q", httpapi.HeaderVideoID, r.header.Get(httpapi.HeaderVideoID))
	}
	// The final PATCH answers once the video is uploaded.
	v = e.video(id)
	if v.State != videohost.StateUploaded || v.Source == nil || v.Source.Size != int64(len(data)) {
		t.Fatalf("video after the upload: state %s, source %+v", v.State, v.Source)
	}
	if got := e.sourceBytes(id); !bytes.Equal(got, data) {
		t.Fatalf("source %q, want %q", got, data)
	}
	// A client that lost the last response finds the upload complete.
	if off, _ := c.head(t, loc); off != len(data) {
		t.Fatalf("HEAD after completion: offset %d", off)
	}
}

func TestUploadCreationWithUpload(t *testing.T) { eachStore(t, testUploadCreationWithUpload) }

func testUploadCreationWithUpload(t *testing.T, store envOption) {
	e := newEnv(t, store)
	c := newTusClient(e, e.rw)

	whole := []byte("a whole file in one request")
	_, id := c.create(t, len(whole), map[string]string{"filename": "clip.mp4"}, whole)
	v := e.video(id)
	if v.State != videohost.StateUploaded || v.Title != "clip" {
		t.Fatalf("video %+v", v)
	}
	if got := e.sourceBytes(id); !bytes.Equal(got, whole) {
		t.Fatalf("source %q", got)
	}

	first := []byte("half")
	loc, id := c.create(t, 8, nil, first)
	c.patch(t, loc, 4, []byte("more"), http.StatusNoContent)
	if got := e.sourceBytes(id); string(got) != "halfmore" {
		t.Fatalf("source %q", got)
	}
}

func TestUploadRefusals(t *testing.T) {
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.MaxUploadSize = 100 }))
	mine := newTusClient(e, e.rw)
	loc, _ := mine.create(t, 10, nil, nil)
	theirColl := e.createCollection(e.otherRW, "theirs", "")

	other := newTusClient(e, e.otherRW)
	if _, r := other.head(t, loc); r.status != http.StatusNotFound {
		t.Fatalf("HEAD from another space: %d", r.status)
	}
	other.patch(t, loc, 0, []byte("x"), http.StatusNotFound)
	if r := e.req("DELETE", loc, e.otherRW, nil, "Tus-Resumable", "1.0.0"); r.status != http.StatusNotFound {
		t.Fatalf("DELETE from another space: %d", r.status)
	}
	if off, _ := mine.head(t, loc); off != 0 {
		t.Fatalf("offset %d after refused writes", off)
	}

	ro := newTusClient(e, e.ro)
	problem(t, ro.post(t, 10, nil, nil), http.StatusForbidden, videohost.EReadOnlyKey)
	ro.patch(t, loc, 0, []byte("x"), http.StatusForbidden)
	problem(t, newTusClient(e, "").post(t, 10, nil, nil), http.StatusUnauthorized, videohost.EUnauthorized)
	problem(t, mine.post(t, 10, map[string]string{"collection": theirColl.ID}, nil), http.StatusBadRequest, videohost.EValidation)
	if r := mine.post(t, 101, nil, nil); r.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("upload over the limit: %d %s", r.status, r.body)
	}
	if r := e.req("POST", "/v1/uploads", e.rw, nil, "Upload-Length", "1"); r.status != http.StatusPreconditionFailed {
		t.Fatalf("upload without Tus-Resumable: %d", r.status)
	}
}

func TestUploadTermination(t *testing.T) { eachStore(t, testUploadTermination) }

func testUploadTermination(t *testing.T, store envOption) {
	e := newEnv(t, store)
	c := newTusClient(e, e.rw)
	loc, id := c.create(t, 10, nil, nil)
	c.patch(t, loc, 0, []byte("abc"), http.StatusNoContent)
	if r := e.req("DELETE", loc, e.rw, nil, "Tus-Resumable", "1.0.0"); r.status != http.StatusNoContent {
		t.Fatalf("DELETE: %d %s", r.status, r.body)
	}
	if _, r := c.head(t, loc); r.status != http.StatusNotFound {
		t.Fatalf("HEAD after termination: %d", r.status)
	}
	// The video of an abandoned upload goes with it.
	problem(t, e.req("GET", "/v1/videos/"+id, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
}

// TestUploadSurvivesRestart stops the Handler in the middle of an upload
// and finishes the upload with a new Handler over the same folder and store.
func TestUploadSurvivesRestart(t *testing.T) { eachStore(t, testUploadSurvivesRestart) }

func testUploadSurvivesRestart(t *testing.T, store envOption) {
	e := newEnv(t, store)
	c := newTusClient(e, e.rw)
	data := bytes.Repeat([]byte("reel"), 64<<10) // 256 KiB
	loc, id := c.create(t, len(data), map[string]string{"filename": "big.mp4"}, nil)
	c.patch(t, loc, 0, data[:100_000], http.StatusNoContent)

	e.restart()

	off, _ := c.head(t, loc)
	if off != 100_000 {
		t.Fatalf("offset %d after restart, want 100000", off)
	}
	c.patch(t, loc, off, data[off:], http.StatusNoContent)
	if v := e.video(id); v.State != videohost.StateUploaded || v.Source.Size != int64(len(data)) {
		t.Fatalf("video after resumed upload: %s %+v", v.State, v.Source)
	}
	if got := e.sourceBytes(id); !bytes.Equal(got, data) {
		t.Fatalf("source differs: %d bytes, want %d", len(got), len(data))
	}
}

func TestUploadExpiry(t *testing.T) { eachStore(t, testUploadExpiry) }

func testUploadExpiry(t *testing.T, store envOption) {
	e := newEnv(t, store, withConfig(func(c *httpapi.Config) { c.UploadExpiry = time.Hour }))
	c := newTusClient(e, e.rw)
	staleLoc, stale := c.create(t, 10, nil, nil)
	c.patch(t, staleLoc, 0, []byte("ab"), http.StatusNoContent)
	_, done := c.create(t, 3, nil, []byte("abc"))

	ctx := context.Background()
	if n, err := e.h.ExpireUploads(ctx); n != 0 || err != nil {
		t.Fatalf("fresh uploads expired: %d, %v", n, err)
	}
	e.clock.Advance(2 * time.Hour)
	freshLoc, fresh := c.create(t, 10, nil, nil)

	n, err := e.h.ExpireUploads(ctx)
	if n != 1 || err != nil {
		t.Fatalf("ExpireUploads = %d, %v; want 1", n, err)
	}
	v := e.video(stale)
	if v.State != videohost.StateErrored || v.Error == nil || v.Error.Code != videohost.VideoErrUploadExpired {
		t.Fatalf("expired upload's video: %s %+v", v.State, v.Error)
	}
	if _, r := c.head(t, staleLoc); r.status != http.StatusNotFound {
		t.Fatalf("HEAD of an expired upload: %d", r.status)
	}
	if v := e.video(done); v.State != videohost.StateUploaded {
		t.Fatalf("completed upload's video: %s", v.State)
	}
	if v := e.video(fresh); v.State != videohost.StateCreated {
		t.Fatalf("fresh upload's video: %s", v.State)
	}
	c.patch(t, freshLoc, 0, []byte("0123456789"), http.StatusNoContent)
}

func TestUploadOptionsAndCORS(t *testing.T) {
	e := newEnv(t)
	r := e.req("OPTIONS", "/v1/uploads", "", nil)
	if r.status != http.StatusOK && r.status != http.StatusNoContent {
		t.Fatalf("OPTIONS: %d", r.status)
	}
	ext := r.header.Get("Tus-Extension")
	for _, want := range []string{"creation", "creation-with-upload", "termination", "expiration"} {
		if !strings.Contains(","+ext+",", ","+want+",") {
			t.Errorf("Tus-Extension %q lacks %s", ext, want)
		}
	}
	if strings.Contains(ext, "concatenation") {
		t.Errorf("Tus-Extension %q offers concatenation", ext)
	}
	if r.header.Get("Tus-Version") != "1.0.0" {
		t.Errorf("Tus-Version %q", r.header.Get("Tus-Version"))
	}

	pre := e.req("OPTIONS", "/v1/uploads", "", nil, "Origin", "https://app.example", "Access-Control-Request-Method", "POST")
	if pre.header.Get("Access-Control-Allow-Origin") != "https://app.example" || !strings.Contains(pre.header.Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Fatalf("preflight headers %v", pre.header)
	}
	c := newTusClient(e, e.rw)
	post := c.e.req("POST", "/v1/uploads", e.rw, nil, "Tus-Resumable", "1.0.0", "Upload-Length", "1", "Origin", "https://app.example")
	expose := post.header.Get("Access-Control-Expose-Headers")
	for _, h := range []string{"Location", "Upload-Offset", "Upload-Length", httpapi.HeaderVideoID, httpapi.HeaderVideoEmbed, "Tus-Resumable", "Upload-Expires"} {
		if !strings.Contains(expose, h) {
			t.Errorf("Access-Control-Expose-Headers %q lacks %s", expose, h)
		}
	}
	// A refused request still carries CORS headers, so a page can read why.
	denied := e.req("POST", "/v1/uploads", "", nil, "Tus-Resumable", "1.0.0", "Upload-Length", "1", "Origin", "https://app.example")
	if denied.status != http.StatusUnauthorized || denied.header.Get("Access-Control-Allow-Origin") == "" {
		t.Fatalf("refused upload: %d, headers %v", denied.status, denied.header)
	}
}
