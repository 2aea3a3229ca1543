package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultUserAgent is sent when no WithUserAgent option is given.
const DefaultUserAgent = "reel-go-client/1"

// Client calls one Reel server with one API key (or upload token). It is safe
// for concurrent use.
type Client struct {
	baseURL      string
	apiKey       string
	httpClient   *http.Client
	userAgent    string
	retry        RetryPolicy
	sleep        func(ctx context.Context, d time.Duration) error
	pollInterval time.Duration
	pollMax      time.Duration
}

// RetryPolicy bounds the retries of one request. Delays double from
// InitialDelay up to MaxDelay, with jitter; a 429's Retry-After wins over
// the computed delay.
type RetryPolicy struct {
	// MaxAttempts counts the first try; 1 disables retries.
	MaxAttempts  int
	InitialDelay time.Duration
	MaxDelay     time.Duration
}

// DefaultRetryPolicy is used when no WithRetryPolicy option is given.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxAttempts: 5, InitialDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second}
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces http.DefaultClient.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.httpClient = hc } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithRetryPolicy replaces DefaultRetryPolicy.
func WithRetryPolicy(p RetryPolicy) Option { return func(c *Client) { c.retry = p } }

// WithSleep replaces the function that waits between retries and polls, so
// that tests run without waiting. It must return ctx.Err() when ctx ends.
func WithSleep(sleep func(ctx context.Context, d time.Duration) error) Option {
	return func(c *Client) { c.sleep = sleep }
}

// WithPollInterval sets the first and the longest delay between two polls
// of WaitFor (default 500 ms growing to 5 s).
func WithPollInterval(first, max time.Duration) Option {
	return func(c *Client) { c.pollInterval, c.pollMax = first, max }
}

// New returns a client for the server at baseURL (e.g. http://127.0.0.1:8080,
// without /v1) authenticating with apiKey.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:      strings.TrimRight(baseURL, "/"),
		apiKey:       apiKey,
		httpClient:   http.DefaultClient,
		userAgent:    DefaultUserAgent,
		retry:        DefaultRetryPolicy(),
		sleep:        sleepContext,
		pollInterval: 500 * time.Millisecond,
		pollMax:      5 * time.Second,
	}
	for _, opt := range opts {
		opt(c)
	}
	if c.retry.MaxAttempts < 1 {
		c.retry.MaxAttempts = 1
	}
	return c
}

// BaseURL returns the server URL the client was made with.
func (c *Client) BaseURL() string { return c.baseURL }

func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// backoff is the delay before retry number attempt (1-based), with up to
// 25% jitter so that many clients do not retry in step.
func (p RetryPolicy) backoff(attempt int) time.Duration {
	d := p.InitialDelay
	for i := 1; i < attempt && d < p.MaxDelay; i++ {
		d *= 2
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	if d > 0 {
		d += time.Duration(rand.Int64N(int64(d)/4 + 1))
	}
	return d
}

// retryAfter reads a Retry-After header in seconds or as an HTTP date.
func retryAfter(h http.Header) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// request describes one API call.
type request struct {
	method      string
	path        string // under the base URL, starting with /v1
	query       url.Values
	body        []byte // resent as is on retries
	contentType string
	header      http.Header
	// file, when set, is streamed as the body (size bytes) instead of
	// body: a large file is never held in memory, and a retry reads it
	// again from the start.
	file io.ReaderAt
	size int64
}

// doJSON sends a JSON body (when in is not nil) and decodes the answer into
// out (when out is not nil).
func (c *Client) doJSON(ctx context.Context, method, path string, query url.Values, in, out any) error {
	req := request{method: method, path: path, query: query}
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encoding request: %w", err)
		}
		req.body, req.contentType = b, "application/json"
	}
	resp, err := c.do(ctx, req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("%s %s: decoding answer: %w", strings.ToLower(method), path, err)
	}
	return nil
}

// do sends req with retries and returns the answer when its status is below
// 400; otherwise it returns an *Error. The caller closes the body.
func (c *Client) do(ctx context.Context, req request) (*http.Response, error) {
	target := c.baseURL + req.path
	if len(req.query) > 0 {
		target += "?" + req.query.Encode()
	}
	for attempt := 1; ; attempt++ {
		resp, err := c.send(ctx, req.method, target, req, req.header)
		last := attempt >= c.retry.MaxAttempts
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if last || !idempotent(req.method) {
				return nil, fmt.Errorf("%s %s: %w", strings.ToLower(req.method), req.path, err)
			}
			if err := c.sleep(ctx, c.retry.backoff(attempt)); err != nil {
				return nil, err
			}
			continue
		}
		if resp.StatusCode < 400 {
			return resp, nil
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		resp.Body.Close()
		apiErr := parseError(resp.StatusCode, resp.Header, body)
		// A 429 was refused before any work, so even a POST may be sent again;
		// a 5xx may have done the work, so only idempotent methods are.
		retryable := resp.StatusCode == http.StatusTooManyRequests ||
			(resp.StatusCode >= 500 && idempotent(req.method))
		if !retryable || last {
			return nil, apiErr
		}
		delay := c.retry.backoff(attempt)
		if d, ok := retryAfter(resp.Header); ok {
			delay = d
		}
		if err := c.sleep(ctx, delay); err != nil {
			return nil, err
		}
	}
}

// send makes one HTTP exchange.
func (c *Client) send(ctx context.Context, method, target string, req request, header http.Header) (*http.Response, error) {
	var rd io.Reader
	contentType := req.contentType
	if req.body != nil {
		rd = bytes.NewReader(req.body)
	}
	if req.file != nil {
		rd = io.NewSectionReader(req.file, 0, req.size)
	}
	r, err := http.NewRequestWithContext(ctx, method, target, rd)
	if err != nil {
		return nil, err
	}
	if req.file != nil {
		r.ContentLength = req.size
	}
	for k, vs := range header {
		r.Header[k] = vs
	}
	c.authorize(r)
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	r.Header.Set("Accept", "application/json, application/problem+json")
	return c.httpClient.Do(r)
}

func (c *Client) authorize(r *http.Request) {
	if c.apiKey != "" {
		r.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	r.Header.Set("User-Agent", c.userAgent)
}

func pathEscape(s string) string { return url.PathEscape(s) }
