package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

// TestCreateRefusesGuardedURLForms: numeric shorthand hosts and IPv6 forms
// that carry a guarded IPv4 address are refused when a video or a webhook
// endpoint is created, not accepted and failed later.
func TestCreateRefusesGuardedURLForms(t *testing.T) {
	e := newEnv(t)
	hook := e.createWebhook(e.rw, map[string]any{})
	tests := []struct {
		url     string
		numeric bool
	}{
		{"http://2130706433/x.mp4", true},
		{"http://0x7f000001/x.mp4", true},
		{"http://0177.0.0.1/x.mp4", true},
		{"http://127.1/x.mp4", true},
		{"http://134744072/x.mp4", true},
		{"http://[::127.0.0.1]/x.mp4", false},
		{"http://[2002:7f00:1::]/x.mp4", false},
		{"http://[64:ff9b::a9fe:a9fe]/x.mp4", false},
		{"http://[2001:0:808:808::80ff:fffe]/x.mp4", false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			p := problem(t, e.req("POST", "/v1/videos", e.rw, map[string]any{"input_url": tt.url}), http.StatusBadRequest, videohost.EInputURLNotAllowed)
			if tt.numeric && !strings.Contains(p.Detail, "numeric shorthand") {
				t.Errorf("video: detail %q does not say why", p.Detail)
			}
			if len(p.Errors) != 1 || p.Errors[0].Field != "input_url" {
				t.Errorf("video: errors %+v", p.Errors)
			}
			for _, req := range []struct{ method, path string }{{"POST", "/v1/webhooks"}, {"PATCH", "/v1/webhooks/" + hook.ID}} {
				r := e.req(req.method, req.path, e.rw, map[string]any{"url": tt.url})
				if tt.numeric {
					p = problem(t, r, http.StatusBadRequest, videohost.EInputURLNotAllowed)
					if !strings.Contains(p.Detail, "numeric shorthand") {
						t.Errorf("%s %s: detail %q does not say why", req.method, req.path, p.Detail)
					}
				} else {
					p = problem(t, r, http.StatusBadRequest, videohost.EValidation)
				}
				if len(p.Errors) != 1 || p.Errors[0].Field != "url" {
					t.Errorf("%s %s: errors %+v", req.method, req.path, p.Errors)
				}
			}
		})
	}
}
