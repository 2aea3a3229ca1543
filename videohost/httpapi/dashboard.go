package httpapi

import (
	"bytes"
	_ "embed"
	"html/template"
	"net/http"
	"net/url"

	"github.com/gorilla/mux"
)

// The dashboard: a web app over the public /v1 API, served at {base_url}/
// and at the client-side routes below. The server sends only an HTML shell
// that loads {base_url}/cdn/dashboard.js (components/dist, embedded in the
// binary); the app asks for an API key and keeps it in the browser (memory
// and sessionStorage, localStorage only when the user asks), so the server
// still sets no cookie. Everything the app does goes through /v1, so a
// script can do it too.
//
// Like the watch pages, the routes carry no method matcher: they answer 405
// themselves and stay out of Routes and the OpenAPI document.

//go:embed dashboard.html
var dashboardHTML string

var dashboardTemplate = template.Must(template.New("dashboard").Parse(dashboardHTML))

// DashboardPaths are the paths the dashboard's shell answers, relative to
// the base URL: the app routes on the client. None starts with a path the
// API, the media or the pages use (/v1, /media, /images, /cdn, /watch,
// /embed, /oembed, /.well-known).
var DashboardPaths = []string{
	"/", "/sign-in", "/videos", "/videos/{id}", "/upload", "/collections",
	"/analytics", "/webhooks", "/webhooks/{id}", "/keys", "/player",
	"/live-streams", "/live-streams/{id}",
}

func (h *Handler) dashboardRoutes(r *mux.Router) {
	for _, p := range DashboardPaths {
		r.HandleFunc(p, h.dashboard)
	}
}

type dashboardData struct {
	API    string // {base_url}
	Base   string // the path of {base_url}, "" at the root
	Script string // {base_url}/cdn/dashboard.js
}

func (h *Handler) dashboard(w http.ResponseWriter, r *http.Request) {
	if !pageMethod(w, r) {
		return
	}
	base := h.svc.BaseURL()
	d := dashboardData{API: base, Script: base + "/cdn/dashboard.js"}
	if u, err := url.Parse(base); err == nil {
		d.Base = u.EscapedPath()
	}
	var buf bytes.Buffer
	if err := dashboardTemplate.ExecuteTemplate(&buf, "dashboard", d); err != nil {
		h.writeError(w, r, err)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("Content-Security-Policy", h.dashboardPolicy())
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// dashboardPolicy allows scripts only from the server itself (no inline
// script, no eval), requests to the API and the media origins, and no
// framing of the dashboard. Styles may be inline: Lit and media-chrome
// write style elements and attributes in their shadow roots.
func (h *Handler) dashboardPolicy() string {
	self := h.pageOrigin()
	urls := h.svc.URLs("")
	seen := map[string]bool{}
	src := ""
	for _, raw := range []string{h.svc.BaseURL(), urls.SpaceURL, urls.ImageURL, urls.CDNURL} {
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			continue
		}
		o := u.Scheme + "://" + u.Host
		if !seen[o] {
			seen[o] = true
			if src != "" {
				src += " "
			}
			src += o
		}
	}
	return "default-src 'none'; script-src " + self + "; connect-src " + src + "; img-src " + src + " data: blob:; media-src " + src +
		" blob:; worker-src blob:; style-src 'unsafe-inline'; font-src 'none'; frame-src " + self + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
