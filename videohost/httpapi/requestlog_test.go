package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Delivery requests that succeed are logged at debug (they are counted in
// the metrics); refusals stay at info and the API's requests too.
func TestRequestLogLevels(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{})
	other := e.publish(publishOptions{})
	root := "/media/" + v.Space + "/" + v.ID + "/"
	tests := []struct {
		method, path string
		status       int
		route        string
		level        string
	}{
		{"GET", root + "h264_sd/0.m4s", http.StatusOK, "/media/", "DEBUG"},
		{"GET", root + "playlist.m3u8", http.StatusOK, "/media/", "DEBUG"},
		{"HEAD", root + "poster.jpg", http.StatusOK, "/media/", "DEBUG"},
		{"GET", root + "secret.txt", http.StatusNotFound, "/media/", "INFO"},
		{"GET", "/media/" + v.Space + "/" + other.ID + "x/playlist.m3u8", http.StatusNotFound, "/media/", "INFO"},
		{"GET", "/images/nothing.jpg", http.StatusNotFound, "/images/", "INFO"},
		{"GET", "/v1/videos/" + v.ID, http.StatusOK, "/v1/videos/{id}", "INFO"},
		{"GET", "/nowhere", http.StatusNotFound, "/nowhere", "INFO"},
	}
	for _, tt := range tests {
		key := ""
		if strings.HasPrefix(tt.path, "/v1/") {
			key = e.rw
		}
		before := len(e.logs.String())
		r := e.req(tt.method, tt.path, key, nil)
		if r.status != tt.status {
			t.Fatalf("%s %s: %d, want %d", tt.method, tt.path, r.status, tt.status)
		}
		// The line is written when the handler returns, which may be
		// after the client has read the whole body.
		deadline := time.Now().Add(2 * time.Second)
		for !strings.Contains(e.logs.String()[before:], `"msg":"request"`) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		var found bool
		for _, line := range strings.Split(e.logs.String()[before:], "\n") {
			var rec struct {
				Level, Msg, Route, Method string
				Status                    int
			}
			if json.Unmarshal([]byte(line), &rec) != nil || rec.Msg != "request" {
				continue
			}
			found = true
			if rec.Level != tt.level || rec.Route != tt.route || rec.Status != tt.status || rec.Method != tt.method {
				t.Errorf("%s %s logged %+v, want level %s route %s status %d", tt.method, tt.path, rec, tt.level, tt.route, tt.status)
			}
		}
		if !found {
			t.Errorf("%s %s: no request line", tt.method, tt.path)
		}
	}
}
