package client

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// TusVersion is the tus protocol version the uploader speaks.
const TusVersion = "1.0.0"

// DefaultChunkSize is the size of one PATCH when UploadOptions.ChunkSize is 0.
const DefaultChunkSize = 8 << 20

// defaultUploadRetries bounds the failed attempts in a row (without the
// server's offset moving) before Upload gives up.
const defaultUploadRetries = 5

// UploadOptions configures Upload.
type UploadOptions struct {
	Title      string // sent as Upload-Metadata "title"
	Collection string // sent as Upload-Metadata "collection"
	Filename   string // sent as Upload-Metadata "filename"; UploadFile sets it
	// ChunkSize is the size of one PATCH; 0 means DefaultChunkSize.
	ChunkSize int64
	// Progress, when set, is called as bytes leave (sent may go back after a
	// failed chunk: it is what the server holds plus what is in flight).
	Progress func(sent, total int64)
	// ResumeURL continues an upload created earlier (saved from OnCreate).
	// When the server no longer knows it, a new upload is created.
	ResumeURL string
	// OnCreate is called once the upload URL and video id are known, before
	// any byte is sent, so that the caller can save them for a resume.
	OnCreate func(uploadURL, videoID string)
	// MaxRetries bounds failed attempts in a row; 0 means 5.
	MaxRetries int
}

// UploadResult describes a finished upload.
type UploadResult struct {
	URL     string // the tus upload URL
	VideoID string // from the Reel-Video-Id header ("" when the server sent none)
	Size    int64
	Resumed bool // the upload continued one created earlier
}

// UploadFile uploads the file at path. The file is read in chunks as they
// are sent, never whole.
func (c *Client) UploadFile(ctx context.Context, path string, opts UploadOptions) (*UploadResult, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening upload: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading upload: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("uploading %s: not a regular file", path)
	}
	if opts.Filename == "" {
		opts.Filename = filepath.Base(path)
	}
	return c.Upload(ctx, f, fi.Size(), opts)
}

// Upload sends size bytes of r with the tus 1.0.0 protocol: one creation
// request, then PATCH requests of ChunkSize bytes. A dropped connection or
// a 5xx answer is followed by a HEAD that reads the server's offset, and the
// upload continues from there.
func (c *Client) Upload(ctx context.Context, r io.ReaderAt, size int64, opts UploadOptions) (*UploadResult, error) {
	if size < 0 {
		return nil, errors.New("upload: negative size")
	}
	if opts.ChunkSize <= 0 {
		opts.ChunkSize = DefaultChunkSize
	}
	if opts.MaxRetries <= 0 {
		opts.MaxRetries = defaultUploadRetries
	}
	u := &tusUpload{c: c, r: r, size: size, opts: opts}
	if err := u.start(ctx); err != nil {
		return nil, err
	}
	if err := u.send(ctx); err != nil {
		return nil, err
	}
	return &UploadResult{URL: u.url, VideoID: u.videoID, Size: size, Resumed: u.resumed}, nil
}

// tusUpload is the state of one Upload call.
type tusUpload struct {
	c       *Client
	r       io.ReaderAt
	size    int64
	opts    UploadOptions
	url     string
	videoID string
	offset  int64
	resumed bool
}

func (u *tusUpload) fail(err error) error {
	return &UploadError{URL: u.url, Offset: u.offset, Err: err}
}

// start resumes opts.ResumeURL when the server still knows it, or creates
// a new upload.
func (u *tusUpload) start(ctx context.Context) error {
	if u.opts.ResumeURL != "" {
		u.url = u.opts.ResumeURL
		err := u.head(ctx)
		switch {
		case err == nil:
			u.resumed = true
			u.progress(u.offset)
			return nil
		case isGone(err):
			u.url, u.offset = "", 0
		default:
			return u.fail(err)
		}
	}
	h := tusHeader()
	h.Set("Upload-Length", strconv.FormatInt(u.size, 10))
	if md := uploadMetadata(u.opts); md != "" {
		h.Set("Upload-Metadata", md)
	}
	resp, err := u.c.do(ctx, request{method: http.MethodPost, path: "/v1/uploads", header: h})
	if err != nil {
		return u.fail(fmt.Errorf("creating upload: %w", err))
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if loc == "" {
		return u.fail(errors.New("creating upload: answer has no Location"))
	}
	abs, err := u.c.resolve(loc)
	if err != nil {
		return u.fail(fmt.Errorf("creating upload: %w", err))
	}
	u.url, u.videoID = abs, resp.Header.Get("Reel-Video-Id")
	if u.opts.OnCreate != nil {
		u.opts.OnCreate(u.url, u.videoID)
	}
	u.progress(0)
	return nil
}

// isGone reports whether err says the server no longer has the upload.
func isGone(err error) bool {
	var e *Error
	return errors.As(err, &e) && (e.Status == http.StatusNotFound || e.Status == http.StatusGone || e.Status == http.StatusForbidden)
}

// send PATCHes chunks until the server holds every byte.
func (u *tusUpload) send(ctx context.Context) error {
	failures := 0
	if u.size == 0 && !u.resumed {
		// A zero-length upload is complete at creation; a PATCH of nothing
		// still tells servers that wait for one that it is done.
		if err := u.patch(ctx, 0); err != nil && !isConflict(err) {
			return u.fail(err)
		}
		return nil
	}
	for u.offset < u.size {
		before := u.offset
		err := u.patch(ctx, min(u.opts.ChunkSize, u.size-u.offset))
		if err == nil {
			failures = 0
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !retryableUpload(err) {
			return u.fail(err)
		}
		failures++
		if failures > u.opts.MaxRetries {
			return u.fail(fmt.Errorf("giving up after %d failed attempts: %w", failures, err))
		}
		delay := u.c.retry.backoff(failures)
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.Status == http.StatusTooManyRequests {
			if d, ok := u.c.retryAfterOf(err); ok {
				delay = d
			}
		}
		if err := u.c.sleep(ctx, delay); err != nil {
			return err
		}
		// The server may hold part of the failed chunk: ask where to go on.
		if err := u.head(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if !retryableUpload(err) {
				return u.fail(err)
			}
			continue
		}
		if u.offset > before {
			failures = 0
		}
		u.progress(u.offset)
	}
	return nil
}

// mismatchError is a server's upload that cannot be the file being sent:
// retrying cannot help.
type mismatchError struct{ msg string }

func (e *mismatchError) Error() string { return e.msg }

func isConflict(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == http.StatusConflict
}

// retryableUpload reports whether a failed PATCH or HEAD is worth another
// try after reading the offset: connection failures, 5xx, 429, a 409 offset
// mismatch and a 423 lock held by the previous (dropped) request.
func retryableUpload(err error) bool {
	var mismatch *mismatchError
	if errors.As(err, &mismatch) {
		return false
	}
	var e *Error
	if !errors.As(err, &e) {
		return true // transport failure
	}
	return e.Status >= 500 || e.Status == http.StatusTooManyRequests ||
		e.Status == http.StatusConflict || e.Status == http.StatusLocked
}

// head reads the server's offset of the upload.
func (u *tusUpload) head(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u.url, nil)
	if err != nil {
		return err
	}
	u.c.authorize(req)
	req.Header.Set("Tus-Resumable", TusVersion)
	// tus servers must not let caches answer HEAD.
	req.Header.Set("Cache-Control", "no-store")
	resp, err := u.c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("reading upload offset: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 400 {
		return parseError(resp.StatusCode, resp.Header, nil)
	}
	off, err := strconv.ParseInt(resp.Header.Get("Upload-Offset"), 10, 64)
	if err != nil || off < 0 {
		return fmt.Errorf("reading upload offset: bad Upload-Offset %q", resp.Header.Get("Upload-Offset"))
	}
	if l := resp.Header.Get("Upload-Length"); l != "" {
		if n, err := strconv.ParseInt(l, 10, 64); err == nil && n != u.size {
			return &mismatchError{fmt.Sprintf("the upload at %s is %d bytes long, the file %d", u.url, n, u.size)}
		}
	}
	if off > u.size {
		return &mismatchError{fmt.Sprintf("the server holds %d bytes of a %d-byte upload", off, u.size)}
	}
	u.offset = off
	if id := resp.Header.Get("Reel-Video-Id"); id != "" {
		u.videoID = id
	}
	return nil
}

// patch sends n bytes from the current offset, streamed from the ReaderAt.
func (u *tusUpload) patch(ctx context.Context, n int64) error {
	body := &countingReader{r: io.NewSectionReader(u.r, u.offset, n)}
	if u.opts.Progress != nil {
		base := u.offset
		body.onRead = func(read int64) { u.opts.Progress(base+read, u.size) }
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, u.url, body)
	if err != nil {
		return err
	}
	req.ContentLength = n
	if n == 0 {
		req.Body = http.NoBody
	}
	u.c.authorize(req)
	req.Header.Set("Tus-Resumable", TusVersion)
	req.Header.Set("Upload-Offset", strconv.FormatInt(u.offset, 10))
	req.Header.Set("Content-Type", "application/offset+octet-stream")
	resp, err := u.c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("sending chunk at %d: %w", u.offset, err)
	}
	respBody, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	resp.Body.Close()
	if resp.StatusCode >= 400 {
		e := parseError(resp.StatusCode, resp.Header, respBody)
		return &retryAfterError{err: e, header: resp.Header}
	}
	off, err := strconv.ParseInt(resp.Header.Get("Upload-Offset"), 10, 64)
	if err != nil || off < u.offset || off > u.size {
		return fmt.Errorf("sending chunk at %d: bad Upload-Offset %q in answer", u.offset, resp.Header.Get("Upload-Offset"))
	}
	u.offset = off
	if id := resp.Header.Get("Reel-Video-Id"); id != "" {
		u.videoID = id
	}
	u.progress(off)
	return nil
}

func (u *tusUpload) progress(sent int64) {
	if u.opts.Progress != nil {
		u.opts.Progress(sent, u.size)
	}
}

// retryAfterError keeps the headers of a refused PATCH so that a 429's
// Retry-After is honoured.
type retryAfterError struct {
	err    *Error
	header http.Header
}

func (e *retryAfterError) Error() string { return e.err.Error() }
func (e *retryAfterError) Unwrap() error { return e.err }

func (c *Client) retryAfterOf(err error) (time.Duration, bool) {
	var ra *retryAfterError
	if errors.As(err, &ra) {
		return retryAfter(ra.header)
	}
	return 0, false
}

// UploadMaxSize asks the server for the largest upload it accepts (tus
// Tus-Max-Size, from an OPTIONS request that needs no credentials); 0 means
// the server names no limit.
func (c *Client) UploadMaxSize(ctx context.Context) (int64, error) {
	resp, err := c.do(ctx, request{method: http.MethodOptions, path: "/v1/uploads", header: tusHeader()})
	if err != nil {
		return 0, fmt.Errorf("asking for the upload limit: %w", err)
	}
	resp.Body.Close()
	raw := resp.Header.Get("Tus-Max-Size")
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("asking for the upload limit: bad Tus-Max-Size %q", raw)
	}
	return n, nil
}

func tusHeader() http.Header {
	h := http.Header{}
	h.Set("Tus-Resumable", TusVersion)
	return h
}

// uploadMetadata encodes the tus Upload-Metadata header: comma-separated
// "key base64(value)" pairs; empty values are left out.
func uploadMetadata(o UploadOptions) string {
	var parts []string
	for _, kv := range [][2]string{{"title", o.Title}, {"collection", o.Collection}, {"filename", o.Filename}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+" "+base64.StdEncoding.EncodeToString([]byte(kv[1])))
		}
	}
	return strings.Join(parts, ",")
}

// resolve makes a Location header absolute against the base URL.
func (c *Client) resolve(loc string) (string, error) {
	base, err := url.Parse(c.baseURL + "/")
	if err != nil {
		return "", fmt.Errorf("parsing base URL: %w", err)
	}
	ref, err := url.Parse(loc)
	if err != nil {
		return "", fmt.Errorf("parsing Location %q: %w", loc, err)
	}
	return base.ResolveReference(ref).String(), nil
}

// countingReader reports how many bytes have been read through it.
type countingReader struct {
	r      io.Reader
	n      atomic.Int64
	onRead func(int64)
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		total := c.n.Add(int64(n))
		if c.onRead != nil {
			c.onRead(total)
		}
	}
	return n, err
}
