package client_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/client"
)

// liveStreamDoc is the server's answer to a create, key included, as
// GET /v1/openapi.json describes it.
const liveStreamDoc = `{"id":"ls0000000001","space":"sp001","title":"Studio","collection_id":"c00000000001",
 "playback_policy":"signed","latency_mode":"standard","record":false,"reconnect_window":45,"dvr_window":600,
 "state":"active","active_video_id":"v00000000001","last_video_id":"v00000000000",
 "stream_key":"rsk_abcdefghijklmnopqrstuvwxyz012345","stream_key_hint":"…2345",
 "ingest":{"rtmp_url":"rtmp://reel.example:1935/live","srt_url":"srt://reel.example:9000","srt_stream_id":"publish:rsk_abcdefghijklmnopqrstuvwxyz012345"},
 "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:01Z","state_changed_at":"2026-01-01T00:00:02Z"}`

// Each method sends its request as the API describes it and decodes the
// answer whole.
func TestLiveStreamRequests(t *testing.T) {
	at := func(s string) time.Time {
		tm, _ := time.Parse(time.RFC3339, s)
		return tm
	}
	want := &client.LiveStream{
		ID: "ls0000000001", Space: "sp001", Title: "Studio", CollectionID: "c00000000001",
		PlaybackPolicy: "signed", LatencyMode: "standard", Record: false, ReconnectWindow: 45, DVRWindow: 600,
		State: "active", ActiveVideoID: "v00000000001", LastVideoID: "v00000000000",
		StreamKey: "rsk_abcdefghijklmnopqrstuvwxyz012345", StreamKeyHint: "…2345",
		Ingest: client.LiveStreamIngest{RTMPURL: "rtmp://reel.example:1935/live", SRTURL: "srt://reel.example:9000",
			SRTStreamID: "publish:rsk_abcdefghijklmnopqrstuvwxyz012345"},
		CreatedAt: at("2026-01-01T00:00:00Z"), UpdatedAt: at("2026-01-01T00:00:01Z"), StateChangedAt: at("2026-01-01T00:00:02Z"),
	}
	tests := []struct {
		name                         string
		call                         func(ctx context.Context, c *client.Client) (any, error)
		wantMethod, wantPath, wantIn string
		status                       int
		answer                       string
		want                         any
	}{
		{
			name: "create sends only the fields given",
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return c.CreateLiveStream(ctx, client.LiveStreamInput{Title: ptr("Studio"), Record: ptr(false), DVRWindow: ptr(600)})
			},
			wantMethod: http.MethodPost, wantPath: "/v1/live-streams", wantIn: `{"title":"Studio","record":false,"dvr_window":600}`,
			status: http.StatusCreated, answer: liveStreamDoc, want: want,
		},
		{
			name:       "get",
			call:       func(ctx context.Context, c *client.Client) (any, error) { return c.LiveStream(ctx, "ls0000000001") },
			wantMethod: http.MethodGet, wantPath: "/v1/live-streams/ls0000000001", status: http.StatusOK, answer: liveStreamDoc, want: want,
		},
		{
			name: "update can clear the collection",
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return c.UpdateLiveStream(ctx, "ls0000000001", client.LiveStreamInput{CollectionID: ptr("")})
			},
			wantMethod: http.MethodPatch, wantPath: "/v1/live-streams/ls0000000001", wantIn: `{"collection_id":""}`,
			status: http.StatusOK, answer: liveStreamDoc, want: want,
		},
		{
			name: "reset key",
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return c.ResetLiveStreamKey(ctx, "ls0000000001")
			},
			wantMethod: http.MethodPost, wantPath: "/v1/live-streams/ls0000000001/reset-key", status: http.StatusOK, answer: liveStreamDoc, want: want,
		},
		{
			name: "list",
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return c.ListLiveStreams(ctx, client.ListParams{Limit: 5})
			},
			wantMethod: http.MethodGet, wantPath: "/v1/live-streams", status: http.StatusOK,
			answer: `{"data":[` + liveStreamDoc + `],"next_cursor":null}`, want: &client.Page[*client.LiveStream]{Data: []*client.LiveStream{want}},
		},
		{
			name: "stats",
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return c.LiveStreamStats(ctx, "ls0000000001")
			},
			wantMethod: http.MethodGet, wantPath: "/v1/live-streams/ls0000000001/stats", status: http.StatusOK,
			answer: `{"video_id":"v00000000001","live":true,"viewers_now":12,"peak_viewers":40,"peak_at":"2026-01-01T00:05:00Z",` +
				`"watch_time_seconds":3600.5,"latency_seconds":{"p50":1.9,"p95":3.25}}`,
			want: &client.LiveStats{VideoID: "v00000000001", Live: true, ViewersNow: 12, PeakViewers: 40, PeakAt: ptr(at("2026-01-01T00:05:00Z")),
				WatchTimeSeconds: 3600.5, LatencySeconds: client.Percentiles{P50: ptr(1.9), P95: ptr(3.25)}},
		},
		{
			name: "delete",
			call: func(ctx context.Context, c *client.Client) (any, error) {
				return nil, c.DeleteLiveStream(ctx, "ls0000000001")
			},
			wantMethod: http.MethodDelete, wantPath: "/v1/live-streams/ls0000000001", status: http.StatusNoContent,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var method, path, body string
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				method, path, body = r.Method, r.URL.Path, string(b)
				if tt.answer != "" {
					w.Header().Set("Content-Type", "application/json")
				}
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.answer)
			}))
			got, err := tt.call(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			if method != tt.wantMethod || path != tt.wantPath || strings.TrimSpace(body) != tt.wantIn {
				t.Errorf("sent %s %s %s, want %s %s %s", method, path, body, tt.wantMethod, tt.wantPath, tt.wantIn)
			}
			if tt.want != nil && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("decoded %+v, want %+v", got, tt.want)
			}
		})
	}
}

// A live stream that is live refuses deletion with the server's code.
func TestDeleteLiveStreamConflict(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusConflict)
		io.WriteString(w, `{"type":"https://reel.dev/problems/conflict","title":"Conflict","status":409,"code":"conflict","detail":"the stream is live; stop the publisher first"}`)
	}))
	err := c.DeleteLiveStream(context.Background(), "ls0000000001")
	var e *client.Error
	if !errors.As(err, &e) || e.Code != "conflict" || e.Status != http.StatusConflict {
		t.Fatalf("DeleteLiveStream = %v, want a conflict", err)
	}
}
