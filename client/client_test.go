package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/client"
)

// recordedSleep replaces the client's sleep: it records the delays and
// returns at once, so retry tests take no time.
type recordedSleep struct {
	mu     sync.Mutex
	delays []time.Duration
}

func (s *recordedSleep) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delays = append(s.delays, d)
	return ctx.Err()
}

func (s *recordedSleep) recorded() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.delays...)
}

func newTestClient(t *testing.T, h http.Handler) (*client.Client, *recordedSleep) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	rs := &recordedSleep{}
	c := client.New(srv.URL, "rk_testkey00001_secret", client.WithSleep(rs.sleep),
		client.WithRetryPolicy(client.RetryPolicy{MaxAttempts: 4, InitialDelay: 10 * time.Millisecond, MaxDelay: time.Second}))
	return c, rs
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name        string
		status      int
		contentType string
		body        string
		want        client.Error
	}{
		{
			name: "problem document", status: 400, contentType: "application/problem+json",
			body: `{"type":"https://reel.dev/problems/validation_failed","title":"Bad Request","status":400,"detail":"title: too long","code":"validation_failed","errors":[{"field":"title","message":"too long"}]}`,
			want: client.Error{Status: 400, Type: "https://reel.dev/problems/validation_failed", Code: "validation_failed", Title: "Bad Request",
				Detail: "title: too long", Fields: []client.FieldError{{Field: "title", Message: "too long"}}},
		},
		{
			name: "html from a proxy", status: 502, contentType: "text/html",
			body: "<html>Bad gateway</html>\n<body>...</body>",
			want: client.Error{Status: 502, Code: "internal", Title: "Bad Gateway", Detail: "<html>Bad gateway</html>"},
		},
		{
			name: "empty body", status: 401, contentType: "",
			want: client.Error{Status: 401, Code: "unauthorized", Title: "Unauthorized", Detail: "unauthorized"},
		},
		{
			name: "json without problem members", status: 404, contentType: "application/json", body: `{"message":"nope"}`,
			want: client.Error{Status: 404, Code: "not_found", Title: "Not Found", Detail: `{"message":"nope"}`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.contentType != "" {
					w.Header().Set("Content-Type", tt.contentType)
				}
				w.WriteHeader(tt.status)
				fmt.Fprint(w, tt.body)
			}))
			_, err := c.CreateVideo(context.Background(), client.CreateVideoInput{InputURL: "https://example.com/a.mp4"})
			var got *client.Error
			if !errors.As(err, &got) {
				t.Fatalf("error %v (%T) is not a *client.Error", err, err)
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("error\n got %+v\nwant %+v", *got, tt.want)
			}
			if client.ErrorCode(err) != tt.want.Code {
				t.Errorf("ErrorCode = %q, want %q", client.ErrorCode(err), tt.want.Code)
			}
		})
	}
}

func TestRetries(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		failures   []int // statuses answered before a success
		retryAfter string
		wantCalls  int
		wantErr    string // code of the error, "" for success
		wantDelays []time.Duration
	}{
		{name: "GET 429 honours Retry-After", method: "GET", failures: []int{429, 429}, retryAfter: "7",
			wantCalls: 3, wantDelays: []time.Duration{7 * time.Second, 7 * time.Second}},
		{name: "POST 429 is retried", method: "POST", failures: []int{429}, retryAfter: "2",
			wantCalls: 2, wantDelays: []time.Duration{2 * time.Second}},
		{name: "GET 503 is retried", method: "GET", failures: []int{503, 500}, wantCalls: 3},
		{name: "POST 503 is not retried", method: "POST", failures: []int{503}, wantCalls: 1, wantErr: "internal"},
		{name: "PATCH 500 is not retried", method: "PATCH", failures: []int{500}, wantCalls: 1, wantErr: "internal"},
		{name: "DELETE 502 is retried", method: "DELETE", failures: []int{502}, wantCalls: 2},
		{name: "GET gives up after MaxAttempts", method: "GET", failures: []int{503, 503, 503, 503, 503}, wantCalls: 4, wantErr: "internal"},
		{name: "GET 404 is not retried", method: "GET", failures: []int{404}, wantCalls: 1, wantErr: "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			calls := 0
			c, rs := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				n := calls
				calls++
				mu.Unlock()
				if n < len(tt.failures) {
					if tt.retryAfter != "" {
						w.Header().Set("Retry-After", tt.retryAfter)
					}
					w.Header().Set("Content-Type", "application/problem+json")
					w.WriteHeader(tt.failures[n])
					fmt.Fprintf(w, `{"status":%d,"title":"x","detail":"failure %d"}`, tt.failures[n], n)
					return
				}
				switch r.Method {
				case "DELETE":
					w.WriteHeader(http.StatusNoContent)
				default:
					writeJSON(w, 200, client.Video{ID: "v1"})
				}
			}))
			ctx := context.Background()
			var err error
			switch tt.method {
			case "GET":
				_, err = c.Video(ctx, "v1")
			case "POST":
				_, err = c.CreateVideo(ctx, client.CreateVideoInput{InputURL: "https://example.com/a.mp4"})
			case "PATCH":
				title := "t"
				_, err = c.UpdateVideo(ctx, "v1", client.UpdateVideoInput{Title: &title})
			case "DELETE":
				err = c.DeleteVideo(ctx, "v1")
			}
			if got := client.ErrorCode(err); got != tt.wantErr || (tt.wantErr == "" && err != nil) {
				t.Fatalf("error = %v (code %q), want code %q", err, got, tt.wantErr)
			}
			if calls != tt.wantCalls {
				t.Errorf("server saw %d calls, want %d", calls, tt.wantCalls)
			}
			if tt.wantDelays != nil && !reflect.DeepEqual(rs.recorded(), tt.wantDelays) {
				t.Errorf("delays %v, want %v", rs.recorded(), tt.wantDelays)
			}
		})
	}
}

func TestRetryAfterConnectionDrop(t *testing.T) {
	calls := 0
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 1 {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		writeJSON(w, 200, client.Space{ID: "abcde"})
	}))
	sp, err := c.Space(context.Background())
	if err != nil {
		t.Fatalf("Space: %v", err)
	}
	if sp.ID != "abcde" || calls != 2 {
		t.Errorf("space %q after %d calls, want abcde after 2", sp.ID, calls)
	}
}

func TestVideosIter(t *testing.T) {
	pages := map[string]client.Page[*client.Video]{
		"":   {Data: []*client.Video{{ID: "a"}, {ID: "b"}}, NextCursor: ptr("c1")},
		"c1": {Data: []*client.Video{{ID: "c"}, {ID: "d"}}, NextCursor: ptr("c2")},
		"c2": {Data: []*client.Video{{ID: "e"}}},
	}
	var seen []string
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		seen = append(seen, q.Get("cursor"))
		if q.Get("state") != "ready" || q.Get("limit") != "2" {
			t.Errorf("query %v lacks state=ready&limit=2", q)
		}
		writeJSON(w, 200, pages[q.Get("cursor")])
	}))
	tests := []struct {
		name      string
		stopAfter int
		wantIDs   []string
		wantPages []string
	}{
		{name: "all pages", stopAfter: -1, wantIDs: []string{"a", "b", "c", "d", "e"}, wantPages: []string{"", "c1", "c2"}},
		{name: "early break fetches no more", stopAfter: 3, wantIDs: []string{"a", "b", "c"}, wantPages: []string{"", "c1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen = nil
			var ids []string
			for v, err := range c.VideosIter(context.Background(), client.ListVideosParams{State: "ready", Limit: 2}) {
				if err != nil {
					t.Fatalf("iterating: %v", err)
				}
				ids = append(ids, v.ID)
				if len(ids) == tt.stopAfter {
					break
				}
			}
			if !reflect.DeepEqual(ids, tt.wantIDs) || !reflect.DeepEqual(seen, tt.wantPages) {
				t.Errorf("ids %v pages %q, want %v %q", ids, seen, tt.wantIDs, tt.wantPages)
			}
		})
	}
}

func TestVideosIterError(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(400)
		fmt.Fprint(w, `{"code":"validation_failed","detail":"state: unknown state"}`)
	}))
	n := 0
	for v, err := range c.VideosIter(context.Background(), client.ListVideosParams{State: "bogus"}) {
		n++
		if v != nil || client.ErrorCode(err) != "validation_failed" {
			t.Errorf("got %v, %v; want nil, validation_failed", v, err)
		}
	}
	if n != 1 {
		t.Errorf("iterator yielded %d times, want 1", n)
	}
}

func TestWaitFor(t *testing.T) {
	tests := []struct {
		name     string
		sequence []client.Video
		target   client.State
		wantPoll int
		wantErr  string // error code of a VideoFailedError
	}{
		{name: "playable during processing", target: client.WaitPlayable, wantPoll: 3, sequence: []client.Video{
			{State: "created"}, {State: "processing"}, {State: "processing", Playable: true}, {State: "ready", Playable: true}}},
		{name: "ready", target: client.StateReady, wantPoll: 4, sequence: []client.Video{
			{State: "uploaded"}, {State: "processing"}, {State: "processing", Playable: true}, {State: "ready", Playable: true}}},
		{name: "uploaded is passed by processing", target: client.StateUploaded, wantPoll: 2, sequence: []client.Video{
			{State: "created"}, {State: "processing"}}},
		{name: "errored stops at once", target: client.StateReady, wantPoll: 2, wantErr: "not_media", sequence: []client.Video{
			{State: "uploaded"}, {State: "errored", Error: &client.VideoError{Code: "not_media", Message: "no streams"}}, {State: "ready"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			polls := 0
			c, rs := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				v := tt.sequence[min(polls, len(tt.sequence)-1)]
				v.ID = "vid"
				polls++
				writeJSON(w, 200, v)
			}))
			v, err := c.WaitFor(context.Background(), "vid", tt.target)
			if tt.wantErr != "" {
				var failed *client.VideoFailedError
				if !errors.As(err, &failed) || failed.Code != tt.wantErr {
					t.Fatalf("error %v, want a VideoFailedError with code %s", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatalf("WaitFor: %v", err)
			}
			if v == nil || polls != tt.wantPoll {
				t.Errorf("video %v after %d polls, want %d polls", v, polls, tt.wantPoll)
			}
			if d := rs.recorded(); len(d) != tt.wantPoll-1 {
				t.Errorf("slept %d times, want %d", len(d), tt.wantPoll-1)
			}
		})
	}
}

func TestWaitForContextEnds(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, client.Video{ID: "vid", State: "processing"})
	}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.WaitFor(ctx, "vid", client.StateReady); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

func ptr[T any](v T) *T { return &v }
