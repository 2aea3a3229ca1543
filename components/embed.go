// Package components serves the built Reel web components (dist/reel.js and
// its lazily loaded chunks dist/menus.js, dist/hls.js, dist/tus.js) and the
// dashboard (dist/dashboard.js, which loads reel.js next to it) from the Go
// binary, so `go build` alone ships `{cdn_url}/reel.js`. The bundles are
// built by `npm run build` in this directory and committed; `npm test` (and
// TestBundleFresh here, when node_modules is present) fails when they are
// stale.
package components

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed dist/*.js
var dist embed.FS

// FS returns the built files (reel.js, menus.js, hls.js, tus.js, dashboard.js) at its root.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	return sub
}

type file struct {
	body []byte
	etag string
}

// Handler serves the bundles by base name ("/reel.js", "/hls.js"; mount it
// with http.StripPrefix under the CDN path). It answers GET and HEAD with
// Content-Type text/javascript, a strong ETag (a hash of the content),
// If-None-Match → 304, Range, open CORS (module scripts loaded from another
// origin need it) and Cache-Control: a short max-age with
// stale-while-revalidate, since the URL of reel.js is not versioned.
func Handler() http.Handler {
	files := map[string]*file{}
	_ = fs.WalkDir(FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		files[p] = &file{body: b, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
		return nil
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD, OPTIONS")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		f, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		h.Set("ETag", f.etag)
		h.Set("Cache-Control", "public, max-age=300, stale-while-revalidate=86400")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cross-Origin-Resource-Policy", "cross-origin")
		// ServeContent handles If-None-Match (against the ETag above),
		// Range and HEAD; the zero modTime keeps Last-Modified out.
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.body))
	})
}
