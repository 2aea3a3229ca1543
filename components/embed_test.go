package components

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestHandlerServesBundles(t *testing.T) {
	srv := httptest.NewServer(http.StripPrefix("/cdn", Handler()))
	defer srv.Close()
	for _, name := range []string{"reel.js", "menus.js", "hls.js", "tus.js", "dashboard.js"} {
		res, err := http.Get(srv.URL + "/cdn/" + name)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d", name, res.StatusCode)
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", name, ct)
		}
		if res.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: no CORS", name)
		}
		if !strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
			t.Errorf("%s: Cache-Control %q", name, res.Header.Get("Cache-Control"))
		}
		if len(body) < 1000 {
			t.Fatalf("%s: %d bytes", name, len(body))
		}
		if len(body) > 1<<20 {
			t.Errorf("%s: %d bytes, over 1 MiB", name, len(body))
		}
		etag := res.Header.Get("ETag")
		if !strings.HasPrefix(etag, `"`) {
			t.Fatalf("%s: ETag %q", name, etag)
		}
		req, _ := http.NewRequest("GET", srv.URL+"/cdn/"+name, nil)
		req.Header.Set("If-None-Match", etag)
		res2, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res2.Body.Close()
		if res2.StatusCode != http.StatusNotModified {
			t.Errorf("%s: If-None-Match answered %d", name, res2.StatusCode)
		}
	}
	if !strings.Contains(mustGet(t, srv.URL+"/cdn/reel.js"), `customElements`) {
		t.Error("reel.js does not define elements")
	}
	for _, p := range []string{"/cdn/nope.js", "/cdn/../embed.go", "/cdn/"} {
		res, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s: status %d, want 404", p, res.StatusCode)
		}
	}
	res, err := http.Post(srv.URL+"/cdn/reel.js", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", res.StatusCode)
	}
}

func mustGet(t *testing.T, url string) string {
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// TestBundleFresh rebuilds the bundles in memory and compares them with the
// committed ones. It needs node and components/node_modules (`npm ci`), and
// skips without them; `npm test` runs the same check unconditionally.
func TestBundleFresh(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	if _, err := os.Stat(filepath.Join("node_modules", "esbuild")); err != nil {
		t.Skip("components/node_modules missing: run npm ci in components/")
	}
	out, err := exec.Command(node, "build.mjs", "--check").CombinedOutput()
	if err != nil {
		t.Fatalf("committed bundle is stale: %v\n%s", err, out)
	}
}
