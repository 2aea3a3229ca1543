package httpapi

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// Pages for people, next to the API: a shareable watch page
// ({base_url}/watch/{embed}), a bare player for CMSs that only take iframes
// ({base_url}/embed/{embed}) and oEmbed 1.0 discovery ({base_url}/oembed).
// They are HTML around the web components (the page loads {cdn_url}/reel.js
// and nothing else from anywhere); what a video may show is decided by the
// same embed lookup and playback-token check as /v1/embeds/{embed}.
//
// Signed videos: a page or an oEmbed answer for a signed video needs a
// valid playback token in its URL (?token=), which the page hands to the
// player. Without one the page says the video is private (401, no title,
// no poster) and oEmbed answers 401, as oEmbed 1.0 prescribes for a private
// resource; an unknown, deleted or archived embed is 404 on every route.
//
// The routes carry no method matcher: they answer 405 themselves and stay
// out of Routes and the OpenAPI document, which describe the REST API.

// pagesHTML holds the templates "watch", "embed" and "message".
//
//go:embed pages.html
var pagesHTML string

// pageTemplates is parsed once; html/template escapes every value by its
// context (text, attribute, URL), titles and descriptions included.
var pageTemplates = template.Must(template.New("pages").Parse(pagesHTML))

// pageRoutes registers the watch page, the iframe embed and oEmbed.
func (h *Handler) pageRoutes(r *mux.Router) {
	var limiter *rateLimiter
	if h.cfg.RateLimit > 0 {
		limiter = newRateLimiter(h.cfg.RateLimit*publicLimitFactor, time.Minute, h.svc.Clock())
		h.every(time.Minute, func(context.Context) { limiter.sweep() })
	}
	// Each page costs store lookups: pages share the per-address limit of
	// the public JSON routes.
	limited := func(fn http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if limiter != nil && r.Method != http.MethodOptions && !limiter.take(w, "addr:"+clientAddress(r)) {
				h.writeError(w, r, videohost.Errorf(videohost.ERateLimited, "too many requests from this address"))
				return
			}
			fn(w, r)
		}
	}
	r.HandleFunc("/watch/{embed}", limited(h.page(false)))
	r.HandleFunc("/embed/{embed}", limited(h.page(true)))
	r.HandleFunc("/oembed", limited(h.oembed))
}

// Default oEmbed size, for a video whose dimensions are not known yet.
const (
	oembedDefaultWidth  = 640
	oembedDefaultHeight = 360
	// posterMaxWidth is the widest poster the pipeline writes (media/poster.go).
	posterMaxWidth = 1920
)

// pageVideo is what a page needs to know about a video.
type pageVideo struct {
	view  *access.EmbedView
	video *videohost.Video
	urls  videohost.URLs
	token string // the playback token, only for a signed video
}

// lookupPage resolves embed with token the way /v1/embeds/{embed} does
// (access.Gate.Embed: existence, archive, playback token) and adds what the
// public view leaves out (the description, the space's URL roots). The
// request's origin is the pages' own: the player on the page fetches from
// there, so a token bound to other origins fails here as it would there.
func (h *Handler) lookupPage(ctx context.Context, embed, token string) (*pageVideo, error) {
	pr := access.PlaybackRequest{Token: token, Origin: h.pageOrigin()}
	view, err := h.access.Embed(ctx, embed, pr)
	if err != nil {
		return nil, err
	}
	v, err := h.svc.VideoByEmbed(ctx, embed)
	if err != nil {
		return nil, err
	}
	p := &pageVideo{view: view, video: v, urls: h.svc.URLs(v.Space)}
	if view.PlaybackPolicy == videohost.PlaybackSigned {
		p.token = token
	}
	return p, nil
}

// pageOrigin is the origin the pages are served from.
func (h *Handler) pageOrigin() string {
	u, err := url.Parse(h.svc.BaseURL())
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

func (h *Handler) watchURL(embed, token string) string {
	return videohost.WithToken(h.svc.BaseURL()+"/watch/"+url.PathEscape(embed), token)
}

func (h *Handler) embedURL(embed, token string) string {
	return videohost.WithToken(h.svc.BaseURL()+"/embed/"+url.PathEscape(embed), token)
}

// pageData fills the page templates.
type pageData struct {
	Title       string
	Description string
	Embed       string
	Token       string
	API         string // the player's api attribute: reel.js may be on another host
	Script      string // {cdn_url}/reel.js
	Poster      string
	WatchURL    string
	EmbedURL    string
	OEmbedURL   string
	Width       int
	Height      int
	AspectRatio string // CSS aspect-ratio of the player before it knows the video
	Transcript  bool
	Player      playerAttrs

	Status  int
	Heading string // of a message page
	Message string
}

// playerAttrs are the <reel-player> attributes the iframe embed takes from
// its query: only these, each checked, so a URL cannot smuggle markup or
// CSS into the page.
type playerAttrs struct {
	Autoplay, Muted, Loop bool
	Color                 string
	Start                 string
	Controls              string
	ActiveSubtitle        string
	Quality               string
}

var (
	// cssColor is a hex colour (the # optional, as URLs rarely carry it)
	// or a colour name: nothing that could end the declaration.
	cssColor     = regexp.MustCompile(`^(?:#?[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30})$`)
	seconds      = regexp.MustCompile(`^[0-9]{1,6}(?:\.[0-9]{1,3})?$`)
	controlsList = regexp.MustCompile(`^[a-z ,]{0,100}$`)
	languageTag  = regexp.MustCompile(`^(?:[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*|off|original)$`)
	qualityName  = regexp.MustCompile(`^(?:h264_)?(?:sd|hd|fhd|qhd|uhd)$|^[0-9]{2,4}$`)
)

// flag reads a boolean query parameter: present and not 0/false/no/off.
func flag(q url.Values, name string) bool {
	if !q.Has(name) {
		return false
	}
	switch strings.ToLower(q.Get(name)) {
	case "0", "false", "no", "off":
		return false
	}
	return true
}

func playerAttrsOf(q url.Values) playerAttrs {
	a := playerAttrs{Autoplay: flag(q, "autoplay"), Muted: flag(q, "muted"), Loop: flag(q, "loop")}
	if c := q.Get("color"); cssColor.MatchString(c) {
		if _, err := strconv.ParseUint(c, 16, 32); err == nil && len(c) != 0 && c[0] != '#' {
			c = "#" + c // "ff5a36", as color=ff5a36 comes
		}
		a.Color = c
	}
	if s := q.Get("start"); seconds.MatchString(s) {
		a.Start = s
	}
	if c := q.Get("controls"); q.Has("controls") && controlsList.MatchString(c) {
		a.Controls = c
		if c == "" {
			a.Controls = " " // present but empty: no controls (see the template)
		}
	}
	if s := q.Get("active-subtitle"); languageTag.MatchString(s) {
		a.ActiveSubtitle = s
	}
	if s := q.Get("quality"); qualityName.MatchString(s) {
		a.Quality = s
	}
	return a
}

// page serves the watch page, or with bare the iframe embed.
func (h *Handler) page(bare bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !pageMethod(w, r) {
			return
		}
		q := r.URL.Query()
		embed := mux.Vars(r)["embed"]
		token := q.Get("token")
		p, err := h.lookupPage(r.Context(), embed, token)
		if err != nil {
			h.pageError(w, r, err)
			return
		}
		v, view := p.video, p.view
		width, height := view.Width, view.Height
		d := pageData{
			Title:       view.Title,
			Description: v.Description,
			Embed:       view.Embed,
			Token:       p.token,
			API:         h.svc.BaseURL(),
			Script:      p.urls.Components(),
			Poster:      view.URLs.Poster,
			WatchURL:    h.watchURL(view.Embed, p.token),
			EmbedURL:    h.embedURL(view.Embed, p.token),
			Width:       width,
			Height:      height,
			AspectRatio: "16 / 9",
			Transcript:  view.Transcript != nil,
		}
		if width > 0 && height > 0 {
			d.AspectRatio = strconv.Itoa(width) + " / " + strconv.Itoa(height)
		}
		d.OEmbedURL = h.svc.BaseURL() + "/oembed?format=json&url=" + url.QueryEscape(d.WatchURL)
		name := "watch"
		if bare {
			name = "embed"
			d.Player = playerAttrsOf(q)
		}
		h.writePage(w, r, name, http.StatusOK, d, p.urls, p.token != "")
	}
}

// pageMethod answers what is not a GET or HEAD; it reports whether to go on.
func pageMethod(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	writeProblem(w, problemOf(videohost.Errorf(codeMethodNotAllowed, "%s is not served on %s", r.Method, r.URL.Path)))
	return false
}

// pageError renders a lookup failure as a page a person can read: the
// status is the API's for the same error, the words are for a viewer.
func (h *Handler) pageError(w http.ResponseWriter, r *http.Request, err error) {
	p := problemOf(err)
	if p.Status >= 500 {
		h.log.ErrorContext(r.Context(), "page failed", "route", routeOf(r), "err", err)
	}
	d := pageData{Status: p.Status, Heading: "Something went wrong", Message: "This video cannot be shown right now. Please try again later."}
	switch p.Code {
	case videohost.ENotFound:
		d.Heading, d.Message = "Video not found", "This video does not exist, or it was removed or archived."
	case videohost.ETokenExpired:
		d.Heading, d.Message = "This link has expired", "Ask whoever shared it for a new link."
	case videohost.ETokenInvalid, videohost.EUnauthorized:
		d.Heading, d.Message = "This video is private", "It can only be watched with a valid link. Ask whoever shared it for one that includes its access token."
	case videohost.ERateLimited:
		d.Heading, d.Message = "Too many requests", "Please wait a minute and try again."
	}
	h.writePage(w, r, "message", p.Status, d, h.svc.URLs(""), true)
}

// writePage renders a template with the headers every page gets.
func (h *Handler) writePage(w http.ResponseWriter, r *http.Request, name string, status int, d pageData, urls videohost.URLs, private bool) {
	var buf bytes.Buffer
	if err := pageTemplates.ExecuteTemplate(&buf, name, d); err != nil {
		h.writeError(w, r, err)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("X-Content-Type-Options", "nosniff")
	// The page URL may carry a token: send only the origin along (which
	// is what an origin-bound token is checked against).
	hdr.Set("Referrer-Policy", "strict-origin")
	hdr.Set("Content-Security-Policy", h.pagePolicy(urls))
	if status == http.StatusUnauthorized {
		hdr.Set("WWW-Authenticate", `Bearer realm="reel"`)
	}
	if private || status != http.StatusOK {
		hdr.Set("Cache-Control", "private, no-store")
	} else {
		hdr.Set("Cache-Control", "public, max-age=60")
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// pagePolicy allows the page the script of the components and the requests
// of the player (API, media, images), and nothing else.
func (h *Handler) pagePolicy(urls videohost.URLs) string {
	seen := map[string]bool{}
	var origins []string
	for _, raw := range []string{h.svc.BaseURL(), urls.SpaceURL, urls.ImageURL, urls.CDNURL} {
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			continue
		}
		o := u.Scheme + "://" + u.Host
		if !seen[o] {
			seen[o] = true
			origins = append(origins, o)
		}
	}
	src := strings.Join(origins, " ")
	return "default-src 'none'; script-src " + src + "; connect-src " + src + "; img-src " + src + " data: blob:; media-src " + src +
		" blob:; worker-src blob:; style-src 'unsafe-inline'; font-src 'none'; base-uri 'none'; form-action 'none'"
}

// oembedResponse is an oEmbed 1.0 answer of type "video" (section 2.3.4).
type oembedResponse struct {
	Version         string `json:"version"`
	Type            string `json:"type"`
	HTML            string `json:"html"`
	Width           int    `json:"width"`
	Height          int    `json:"height"`
	Title           string `json:"title,omitempty"`
	ProviderName    string `json:"provider_name"`
	ProviderURL     string `json:"provider_url"`
	ThumbnailURL    string `json:"thumbnail_url,omitempty"`
	ThumbnailWidth  int    `json:"thumbnail_width,omitempty"`
	ThumbnailHeight int    `json:"thumbnail_height,omitempty"`
	CacheAge        int    `json:"cache_age,omitempty"`
}

// oembedCacheAge is how long a consumer may keep a public video's answer.
const oembedCacheAge = 3600

// oembed serves GET /oembed?url={watch URL}&maxwidth=&maxheight=&format=json.
func (h *Handler) oembed(w http.ResponseWriter, r *http.Request) {
	if !h.readOnlyMethod(w, r) {
		return
	}
	h.setCORS(w)
	q := r.URL.Query()
	if f := q.Get("format"); f != "" && f != "json" {
		writeProblem(w, Problem{
			Type: ProblemTypeBase + "not_implemented", Title: http.StatusText(http.StatusNotImplemented),
			Status: http.StatusNotImplemented, Code: "not_implemented", Detail: "only format=json is served",
		})
		return
	}
	embed, token, ok := h.parseWatchURL(q.Get("url"))
	if !ok {
		h.writeError(w, r, videohost.Errorf(videohost.ENotFound, "url is not a watch page of this server (%s/watch/{embed})", h.svc.BaseURL()))
		return
	}
	p, err := h.lookupPage(r.Context(), embed, token)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	maxW, maxH := positiveInt(q.Get("maxwidth")), positiveInt(q.Get("maxheight"))
	vw, vh := p.view.Width, p.view.Height
	if vw <= 0 || vh <= 0 {
		vw, vh = oembedDefaultWidth, oembedDefaultHeight
	}
	width, height := fitBox(vw, vh, oembedDefaultWidth, maxW, maxH)
	res := oembedResponse{
		Version:      "1.0",
		Type:         "video",
		Width:        width,
		Height:       height,
		Title:        p.view.Title,
		ProviderName: "Reel",
		ProviderURL:  h.svc.BaseURL() + "/",
		HTML: `<iframe src="` + html.EscapeString(h.embedURL(p.view.Embed, p.token)) + `" width="` + strconv.Itoa(width) +
			`" height="` + strconv.Itoa(height) + `" title="` + html.EscapeString(p.view.Title) +
			`" frameborder="0" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`,
	}
	if poster := p.view.URLs.Poster; poster != "" {
		// The poster is the video's size, at most posterMaxWidth wide. The
		// spec wants the three thumbnail fields together or not at all.
		if p.view.Width > 0 && p.view.Height > 0 {
			res.ThumbnailURL = poster
			res.ThumbnailWidth, res.ThumbnailHeight = fitBox(vw, vh, min(vw, posterMaxWidth), 0, 0)
		}
	}
	cache := "public, max-age=" + strconv.Itoa(oembedCacheAge)
	if p.token != "" {
		cache = "private, no-store"
	} else {
		res.CacheAge = oembedCacheAge
	}
	body, err := json.Marshal(res)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", cache)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(append(body, '\n'))
	}
}

// parseWatchURL reads the embed and token of a watch page URL of this
// server. The scheme may differ (a consumer may have the http:// form of
// an https:// link); the host and path must match.
func (h *Handler) parseWatchURL(raw string) (embed, token string, ok bool) {
	base, err := url.Parse(h.svc.BaseURL())
	if err != nil || raw == "" {
		return "", "", false
	}
	u, err := url.Parse(raw)
	if err != nil || !strings.EqualFold(u.Host, base.Host) || (u.Scheme != "http" && u.Scheme != "https") {
		return "", "", false
	}
	rest, found := strings.CutPrefix(u.Path, strings.TrimRight(base.Path, "/")+"/watch/")
	rest = strings.TrimSuffix(rest, "/")
	if !found || rest == "" || strings.Contains(rest, "/") {
		return "", "", false
	}
	return rest, u.Query().Get("token"), true
}

// positiveInt parses a size parameter; anything else is "no limit".
func positiveInt(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// fitBox scales a w×h video to width wide, then into maxW×maxH (0: no
// limit), keeping the aspect ratio; never below 1×1.
func fitBox(w, h, width0, maxW, maxH int) (int, int) {
	ratio := float64(h) / float64(w)
	width := float64(width0)
	if maxW > 0 && width > float64(maxW) {
		width = float64(maxW)
	}
	height := width * ratio
	if maxH > 0 && height > float64(maxH) {
		height = float64(maxH)
		width = height / ratio
	}
	return max(1, int(width)), max(1, int(height+0.5))
}
