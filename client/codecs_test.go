package client_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/reelvideo/reel/client"
)

const codecViewDoc = `{"scope":"video","id":"v1","rules":{"av1":"all"},"inherited":{"hevc":"all after 500 views"},
 "resolved":{"h264":"all","hevc":"all after 500 views","av1":"all"},
 "video":{"rules":{"h264":"all","hevc":"all after 500 views","av1":"all"},"encoded":["h264"],"waiting":["hevc"],"missing":["av1"],"views":12,"next_threshold":500},
 "queued":1}`

func TestCodecPolicyRequests(t *testing.T) {
	av1 := ">=720p after 100 views"
	for _, tt := range []struct {
		name         string
		call         func(ctx context.Context, c *client.Client) (*client.CodecPolicyView, error)
		method, path string
		body         string
	}{
		{"get the space", func(ctx context.Context, c *client.Client) (*client.CodecPolicyView, error) {
			return c.CodecPolicy(ctx, client.PlayerScopeSpace, "ignored")
		}, http.MethodGet, "/v1/space/codecs", ""},
		{"set on a collection, null unsets", func(ctx context.Context, c *client.Client) (*client.CodecPolicyView, error) {
			return c.UpdateCodecPolicy(ctx, client.PlayerScopeCollection, "c1", client.CodecRules{"av1": &av1, "hevc": nil})
		}, http.MethodPatch, "/v1/collections/c1/codecs", `{"av1":"\u003e=720p after 100 views","hevc":null}`},
		{"get a video", func(ctx context.Context, c *client.Client) (*client.CodecPolicyView, error) {
			return c.CodecPolicy(ctx, client.PlayerScopeVideo, "v1")
		}, http.MethodGet, "/v1/videos/v1/codecs", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var method, path, body string
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				method, path, body = r.Method, r.URL.Path, string(b)
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, codecViewDoc)
			}))
			v, err := tt.call(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			if method != tt.method || path != tt.path || strings.TrimSpace(body) != tt.body {
				t.Errorf("sent %s %s %s, want %s %s %s", method, path, body, tt.method, tt.path, tt.body)
			}
			if v.Resolved["hevc"] != "all after 500 views" || v.Video == nil || v.Video.NextThreshold != 500 || v.Video.Missing[0] != "av1" || v.Queued == nil || *v.Queued != 1 {
				t.Errorf("decoded %+v (video %+v)", v, v.Video)
			}
		})
	}
}

func TestCodecPolicyRefused(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"type":"https://reel.dev/problems/invalid_codec_policy","title":"Bad Request","status":400,
			"detail":"codec policy: av1 \"most\": want \"all\", \"none\", \">=720p\" or \"<=1080p\"","code":"invalid_codec_policy",
			"errors":[{"field":"av1","message":"..."}]}`)
	}))
	most := "most"
	_, err := c.UpdateCodecPolicy(context.Background(), client.PlayerScopeSpace, "", client.CodecRules{"av1": &most})
	var e *client.Error
	if !errors.As(err, &e) || e.Code != "invalid_codec_policy" || e.Status != http.StatusBadRequest || len(e.Fields) != 1 || e.Fields[0].Field != "av1" {
		t.Fatalf("error %#v", err)
	}
}
