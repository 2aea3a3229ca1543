package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// TestHealth: /healthz answers while the process serves; /readyz answers
// 503 unavailable with Retry-After once the database or the blob folder
// is gone, naming which, and 200 again when it is back.
func TestHealth(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/healthz", "/readyz"} {
		var body map[string]string
		must(t, e.req("GET", path, "", nil), http.StatusOK, &body)
		if body["status"] == "" {
			t.Fatalf("%s: %v", path, body)
		}
		must(t, e.req("HEAD", path, "", nil), http.StatusOK, nil)
	}

	disk, ok := e.blobs.(interface{ Root() string })
	if !ok {
		t.Fatal("the default test env has no blob folder")
	}
	root := disk.Root()
	if err := os.Rename(root, root+".away"); err != nil {
		t.Fatal(err)
	}
	r := e.req("GET", "/readyz", "", nil)
	p := problem(t, r, http.StatusServiceUnavailable, videohost.EUnavailable)
	if !strings.Contains(p.Detail, "blob storage") || r.header.Get("Retry-After") == "" {
		t.Fatalf("blobs away: %+v, Retry-After %q", p, r.header.Get("Retry-After"))
	}
	if err := os.Rename(root+".away", root); err != nil {
		t.Fatal(err)
	}
	must(t, e.req("GET", "/readyz", "", nil), http.StatusOK, nil)

	e.db.Close()
	p = problem(t, e.req("GET", "/readyz", "", nil), http.StatusServiceUnavailable, videohost.EUnavailable)
	if !strings.Contains(p.Detail, "database") {
		t.Fatalf("database closed: %+v", p)
	}
	must(t, e.req("GET", "/healthz", "", nil), http.StatusOK, nil)
	if strings.Contains(e.logs.String(), `"msg":"request failed"`) {
		t.Errorf("an unready probe was logged as a failed request:\n%s", e.logs)
	}
}

// TestHealthHandler is what the worker role serves: the probes and nothing
// else.
func TestHealthHandler(t *testing.T) {
	e := newEnv(t)
	srv := httptest.NewServer(httpapi.HealthHandler(e.svc))
	t.Cleanup(srv.Close)
	for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/v1/videos": 404} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, res.StatusCode, want)
		}
	}
}
