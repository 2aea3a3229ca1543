package httpapi

import (
	"bytes"
	"context"
	"html"
	"io"
	"net"
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

// Asset delivery: {base_url}/media/{space}/{video_id}/{asset path} serves the
// files of a video's current asset version, and {…}/original the original
// upload of a video whose original_access is on. Names are
// checked against the closed list of files a published version can hold,
// so nothing else under the blob prefix (media.json) is ever served.

// assetName matches every asset path a published version may hold.
var assetName = regexp.MustCompile(`^(?:` +
	// init1.mp4… are a live session's, after its publisher came back with
	// another encoding.
	`h264_(?:sd|hd|fhd|qhd|uhd)(?:\.mp4|/playlist\.m3u8|/init(?:[1-9][0-9]{0,2})?\.mp4|/[0-9]{1,9}\.m4s)` +
	// source/ is the remuxed source of an early playable set (a "p…"
	// version published by the prepare job before the ladder is done).
	`|source/(?:playlist\.m3u8|init\.mp4|[0-9]{1,9}\.m4s)` +
	// audio/0… are the source's tracks, audio/{language} added ones.
	`|audio/(?:[0-9]{1,3}|[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2})/(?:playlist\.m3u8|init(?:[1-9][0-9]{0,2})?\.mp4|[0-9]{1,9}\.m4s)` +
	`|subtitles/[a-z]{2,3}(?:-[A-Za-z0-9]{1,16})?\.(?:vtt|m3u8)` +
	`|playlist\.m3u8|manifest\.mpd|poster\.(?:jpg|webp)|storyboard\.(?:jpg|vtt)` +
	`|clip\.mp4|audio\.m4a|transcript\.json|chapters\.(?:vtt|json)|original` +
	`)$`)

// Cache lifetimes of delivered files.
const (
	// immutableMaxAge is for segments and MP4s requested with the version
	// they belong to (?v=, which every served playlist and the API's URLs
	// carry): such a URL names content that can never change.
	immutableMaxAge = 365 * 24 * time.Hour
	// unpinnedMaxAge is for the same files requested without their version
	// (a hand-built URL): a re-publish (a replaced source, new subtitles)
	// may change what the URL holds, so caches must ask again soon.
	unpinnedMaxAge = 5 * time.Minute
	// playlistMaxAge keeps playlists, subtitles and the transcript fresh: a
	// playable-early video grows, and subtitles change in place.
	playlistMaxAge = 10 * time.Second
	// growingMaxAge is for the playlists of a video still processing: an
	// early set or a live session, whose playlists gain a segment every
	// few seconds and which a player reloads about as often.
	growingMaxAge = time.Second
	// pictureMaxAge is for posters, storyboards and the audio file, which a
	// re-publish replaces under the same URL.
	pictureMaxAge = time.Hour
	// frameMaxAge is for frames by URL (their ETag names the asset version).
	frameMaxAge = 24 * time.Hour
)

// contentTypes maps the extensions of delivered files to their media types.
var contentTypes = map[string]string{
	".m3u8": "application/vnd.apple.mpegurl",
	".mp4":  "video/mp4",
	".m4s":  "video/iso.segment",
	".m4a":  "audio/mp4",
	".vtt":  "text/vtt; charset=utf-8",
	".mpd":  "application/dash+xml",
	".jpg":  "image/jpeg",
	".png":  "image/png",
	".webp": "image/webp",
	".json": "application/json",
}

func extension(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i:]
	}
	return ""
}

// maxAgeOf says how long a client may keep an asset without asking again.
func maxAgeOf(asset string) (time.Duration, bool) {
	switch extension(asset) {
	case ".m4s", ".mp4":
		return immutableMaxAge, true
	case ".m3u8", ".mpd", ".vtt", ".json":
		return playlistMaxAge, false
	}
	return pictureMaxAge, false
}

// cacheControl renders a Cache-Control value; signed videos stay out of
// shared caches, since a CDN would serve them without checking the token.
func cacheControl(maxAge time.Duration, immutable, signed bool) string {
	scope := "public"
	if signed {
		scope = "private"
	}
	v := scope + ", max-age=" + strconv.Itoa(int(maxAge/time.Second))
	if immutable {
		v += ", immutable"
	}
	return v
}

// exposedHeaders are the response headers a page's script may read.
const exposedHeaders = "Content-Length, Content-Range, Accept-Ranges, ETag, Content-Disposition"

// setCORS opens delivery and public lookups to every page: what protects a
// signed video is its token, not the page's origin.
func (h *Handler) setCORS(w http.ResponseWriter) {
	hdr := w.Header()
	hdr["Access-Control-Allow-Origin"] = h.headers.allowOrigin
	hdr["Access-Control-Expose-Headers"] = h.headers.exposeHeaders
}

// preflight answers a CORS preflight for a read-only resource.
func (h *Handler) preflight(w http.ResponseWriter) {
	h.setCORS(w)
	hdr := w.Header()
	hdr.Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
	hdr.Set("Access-Control-Allow-Headers", "Range, If-None-Match, If-Modified-Since, If-Range, Authorization")
	hdr.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}

// readOnlyMethod handles the methods a public resource does not serve; it
// reports whether the request is a GET or HEAD to go on with.
func (h *Handler) readOnlyMethod(w http.ResponseWriter, r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return true
	case http.MethodOptions:
		h.preflight(w)
		return false
	}
	h.setCORS(w)
	w.Header().Set("Allow", "GET, HEAD, OPTIONS")
	h.writeError(w, r, videohost.Errorf(codeMethodNotAllowed, "%s is not served on %s", videohost.Excerpt(r.Method), videohost.Excerpt(r.URL.Path)))
	return false
}

// hasEncodedSlash reports whether the request path hid a slash or backslash
// in an escape, which no asset URL ever does.
func hasEncodedSlash(r *http.Request) bool {
	raw := strings.ToLower(r.URL.RawPath)
	return strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c")
}

func playbackRequest(r *http.Request) access.PlaybackRequest {
	return access.PlaybackRequest{
		Token:   r.URL.Query().Get("token"),
		Origin:  r.Header.Get("Origin"),
		Referer: r.Header.Get("Referer"),
	}
}

// serveAsset serves GET/HEAD/OPTIONS /media/{space}/{video_id}/{asset}.
func (h *Handler) serveAsset(w http.ResponseWriter, r *http.Request) {
	if !h.readOnlyMethod(w, r) {
		return
	}
	h.setCORS(w)
	hdr := w.Header()
	notFound := func() {
		h.writeError(w, r, videohost.Errorf(videohost.ENotFound, "no such asset"))
	}
	if hasEncodedSlash(r) {
		notFound()
		return
	}
	space, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/media/"), "/")
	videoID, asset, _ := strings.Cut(rest, "/")
	if !videohost.ValidID(space, videohost.SpaceIDLen) || !videohost.ValidID(videoID, videohost.VideoIDLen) || !validAssetName(asset) {
		notFound()
		return
	}
	ctx := r.Context()
	v, err := h.svc.PlayableVideo(ctx, videoID)
	if err == nil && v.Space != space {
		err = videohost.Errorf(videohost.ENotFound, "no such asset")
	}
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	query := parseAssetQuery(r.URL.RawQuery)
	pass, err := h.access.AuthorizeAsset(ctx, v, access.PlaybackRequest{
		Token: query.token, Grant: query.grant, Version: query.version,
		Origin: r.Header.Get("Origin"), Referer: r.Header.Get("Referer"),
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	download := ""
	if query.all != nil {
		download = downloadName(query.all, v, asset)
	}
	if asset != videohost.OriginalAsset && download == "" && !pass.NamesReplaced() {
		// --media-redirect: the store sends the bytes (and answers Range
		// and conditionals itself). Not kept by caches: the URL expires.
		// A URL of a replaced version is answered here: it may be kept.
		u, err := h.delivery.AssetRedirect(ctx, v, asset, contentTypes[extension(asset)])
		if err != nil {
			h.writeError(w, r, err)
			return
		}
		if u != "" {
			hdr.Set("Cache-Control", "no-store")
			http.Redirect(w, r, u, http.StatusFound)
			return
		}
	}
	var blob videohost.Blob
	var info videohost.BlobInfo
	if asset == videohost.OriginalAsset {
		blob, info, err = h.svc.OpenOriginal(ctx, v)
	} else {
		blob, info, err = h.delivery.OpenPassedAsset(ctx, v, &pass, asset)
	}
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	defer blob.Close()

	signed := v.PlaybackPolicy == videohost.PlaybackSigned
	ext := extension(asset)
	hdr["Content-Type"] = h.headers.contentType(ext)
	maxAge, immutable := maxAgeOf(asset)
	if ext == ".m3u8" && v.State == videohost.StateProcessing {
		maxAge = growingMaxAge
	}
	if immutable && query.version != pass.Version {
		maxAge, immutable = unpinnedMaxAge, false
	}
	if asset == videohost.OriginalAsset {
		// A replaced source changes what the URL holds.
		def, _ := defaultDownloadName(v, asset)
		hdr.Set("Content-Type", originalContentType(def))
		maxAge, immutable = unpinnedMaxAge, false
	}
	hdr["Cache-Control"] = h.headers.cacheControl(maxAge, immutable, signed)
	hdr["X-Content-Type-Options"] = h.headers.nosniff
	if download != "" {
		hdr.Set("Content-Disposition", contentDisposition(download))
	}

	if ext == ".m3u8" || ext == ".mpd" || (signed && asset == "storyboard.vtt") {
		// Every URI a playlist lists is pinned to the version (so segments
		// can be immutable) and, for a signed video, carries a grant of
		// this video and version (videohost/access, grants.go), or the token when
		// it names origins. The body depends on the request's credential,
		// and so does the ETag (an ETag shared across tokens would let a
		// cache answer 304 to an old token); for the same reason it has no
		// Last-Modified, which would validate any token's copy. Rewrites
		// are cached (playlistcache.go); the request was authorized above
		// all the same.
		e, err := h.rewrite(blob, info, pass.Version, asset, pass)
		if err != nil {
			h.writeError(w, r, err)
			return
		}
		hdr["Etag"] = e.etagHeader
		if plainGET(r) {
			// What ServeContent would answer, without its checks: the
			// whole body, in one write with the headers.
			hdr["Accept-Ranges"] = h.headers.acceptRanges
			hdr["Content-Length"] = e.lengthHeader
			w.Write(e.body)
			return
		}
		serveBytes(w, r, e.body)
		return
	}
	hdr["Etag"] = []string{assetETag(pass.Version, asset, info, "")}
	// On local disk the blob is an *os.File: ServeContent hands it to the
	// connection's ReadFrom, which uses sendfile.
	serveContent(w, r, info.ModTime, blob, info.Size)
}

// rewrite returns the playlist, DASH manifest or storyboard cues of blob as
// served to a request let in by pass: from the cache, or read, rewritten
// and cached.
func (h *Handler) rewrite(blob io.Reader, info videohost.BlobInfo, version, asset string, pass access.AssetPass) (*rewritten, error) {
	token := pass.Credential
	key := playlistKey{version: version, asset: asset, token: token}
	if e := h.playlists.get(key, info); e != nil {
		return e, nil
	}
	body, err := io.ReadAll(io.LimitReader(blob, maxPlaylistBytes))
	if err != nil {
		return nil, err
	}
	param, value := pass.Listed()
	pin := newPinner(version, param, value).pin
	switch extension(asset) {
	case ".m3u8":
		body = rewritePlaylist(body, pin)
	case ".mpd":
		body = rewriteManifest(body, pin)
	case ".vtt":
		if param != access.GrantParam {
			// A token opens any version: the cues carry it alone.
			pin = newPinner("", param, value).pin
		}
		body = signStoryboard(body, pin)
	}
	e := newRewritten(key, info, body, assetETag(version, asset, info, token))
	h.playlists.put(e)
	return e, nil
}

// serveBytes is serveContent for a rewritten body held in memory, without
// a modification time (a rewritten body's validator is its ETag alone).
// ServeContent copies its body with ReadFrom, which the server answers by
// writing the headers in a write of their own and then the body in
// another; bytesWriter hands the body to Write instead, so a small playlist
// leaves in one write with its headers.
func serveBytes(w http.ResponseWriter, r *http.Request, body []byte) {
	rd := bytes.NewReader(body)
	serveContent(&bytesWriter{ResponseWriter: w, src: rd, body: body}, r, time.Time{}, rd, int64(len(body)))
}

// bytesWriter is the writer of serveBytes.
type bytesWriter struct {
	http.ResponseWriter
	src  *bytes.Reader // the reader ServeContent was given, over body
	body []byte
}

// ReadFrom writes what src has left of body with Write when src is
// ServeContent's copy of it (its reader under the length it sends);
// anything else (a multipart range's pipe) is copied.
func (w *bytesWriter) ReadFrom(src io.Reader) (int64, error) {
	lr, ok := src.(*io.LimitedReader)
	if !ok || lr.R != w.src {
		return io.Copy(writerOnly{w.ResponseWriter}, src)
	}
	off := w.src.Size() - int64(w.src.Len())
	n := min(lr.N, int64(w.src.Len()))
	m, err := w.ResponseWriter.Write(w.body[off : off+n])
	w.src.Seek(int64(m), io.SeekCurrent)
	lr.N -= int64(m)
	return int64(m), err
}

// Unwrap lets http.ResponseController reach the connection.
func (w *bytesWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// maxPlaylistBytes bounds what is read into memory to rewrite a playlist.
const maxPlaylistBytes = 16 << 20

// FNV-1a, 64 bits (hash/fnv), computed in place: an ETag costs no
// allocation but its own string.
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime64
	}
	return h
}

func fnvBytes(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime64
	}
	return h
}

// assetETag is a strong validator of one file of one asset version; the
// version is part of it, so a re-publish never matches an old copy. The
// hash covers the asset name, the size, the modification time and, for a
// rewritten body, the token.
func assetETag(version, asset string, info videohost.BlobInfo, token string) string {
	var num [24]byte
	h := fnvString(fnvOffset64, asset)
	h = fnvString(h, "\x00")
	h = fnvBytes(h, strconv.AppendInt(num[:0], info.Size, 10))
	h = fnvString(h, "\x00")
	h = fnvBytes(h, strconv.AppendInt(num[:0], info.ModTime.UnixNano(), 10))
	if token != "" {
		h = fnvString(h, "\x00")
		h = fnvString(h, token)
	}
	out := make([]byte, 0, 64)
	out = append(out, '"')
	out = append(out, version...)
	out = append(out, '-')
	out = strconv.AppendUint(out, h, 36)
	out = append(out, '"')
	return string(out)
}

// pinner appends the version and the credential (param=value: a grant or
// a token) to the URIs a playlist lists, as
// videohost.WithToken(videohost.Pinned(uri, version), token) does, with
// both escaped once per rewrite rather than once per URI.
type pinner struct {
	query string // "v=…&g=…", either part absent when empty
}

func newPinner(version, param, value string) pinner {
	var q []string
	if version != "" {
		q = append(q, versionParam+"="+url.QueryEscape(version))
	}
	if param != "" && value != "" {
		q = append(q, param+"="+url.QueryEscape(value))
	}
	return pinner{query: strings.Join(q, "&")}
}

func (p pinner) pin(uri string) string {
	if uri == "" || p.query == "" {
		return uri
	}
	if strings.Contains(uri, "?") {
		return uri + "&" + p.query
	}
	return uri + "?" + p.query
}

// versionParam pins an asset URL to the version it was listed in.
const versionParam = "v"

// rewritePlaylist applies rewrite to every URI an HLS playlist lists: the
// lines that are URIs (variants, segments) and the URI attributes of tags
// (EXT-X-MEDIA, EXT-X-MAP, EXT-X-I-FRAME-STREAM-INF...).
func rewritePlaylist(body []byte, rewrite func(string) string) []byte {
	lines := strings.SplitAfter(string(body), "\n")
	var out strings.Builder
	out.Grow(len(body) + len(lines)*64)
	for _, line := range lines {
		content := strings.TrimRight(line, "\r\n")
		eol := line[len(content):]
		switch {
		case strings.TrimSpace(content) == "":
			out.WriteString(line)
		case strings.HasPrefix(content, "#") && !strings.Contains(content, `URI="`):
			out.WriteString(line) // most tags (#EXTINF) name no URI
		case strings.HasPrefix(content, "#"):
			writeURIAttributes(&out, content, rewrite)
			out.WriteString(eol)
		default:
			out.WriteString(rewrite(strings.TrimSpace(content)))
			out.WriteString(eol)
		}
	}
	return []byte(out.String())
}

// writeURIAttributes writes a tag line (#TAG:NAME=VALUE,…) with rewrite
// applied to the value of each quoted URI attribute. The attribute list is
// read as RFC 8216 §4.2 has it: a quoted-string runs to the next double
// quote, so URI=" inside another attribute's value (a label such as
// "a,URI=") is that value's text, not an attribute. What does not read as
// an attribute list is written as it is.
func writeURIAttributes(out *strings.Builder, line string, rewrite func(string) string) {
	colon := strings.IndexByte(line, ':')
	if colon < 0 {
		out.WriteString(line)
		return
	}
	out.WriteString(line[:colon+1])
	rest := line[colon+1:]
	for rest != "" {
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			break
		}
		name := rest[:eq]
		out.WriteString(rest[:eq+1])
		rest = rest[eq+1:]
		if !strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest, ',')
			if end < 0 {
				end = len(rest)
			}
			out.WriteString(rest[:end])
			rest = rest[end:]
		} else {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				break // an unterminated quoted-string: left as it is
			}
			value := rest[1 : end+1]
			if strings.TrimSpace(name) == "URI" {
				value = rewrite(value)
			}
			out.WriteByte('"')
			out.WriteString(value)
			out.WriteByte('"')
			rest = rest[end+2:]
		}
		if !strings.HasPrefix(rest, ",") {
			break
		}
		out.WriteByte(',')
		rest = rest[1:]
	}
	out.WriteString(rest)
}

// signStoryboard applies pin to the sprite URL of every storyboard cue
// ("storyboard.jpg#xywh=0,0,160,90"), before the fragment: players resolve
// cue URLs against the VTT's URL and drop its query, so the grant or token
// must be in the cue itself.
func signStoryboard(body []byte, pin func(string) string) []byte {
	lines := strings.SplitAfter(string(body), "\n")
	var out strings.Builder
	for _, line := range lines {
		content := strings.TrimRight(line, "\r\n")
		uri, frag, ok := strings.Cut(content, "#xywh=")
		if !ok || strings.Contains(content, "-->") {
			out.WriteString(line)
			continue
		}
		out.WriteString(pin(uri) + "#xywh=" + frag + line[len(content):])
	}
	return []byte(out.String())
}

// manifestURI finds the URL templates and base URLs of a DASH manifest.
var manifestURI = regexp.MustCompile(`(media|initialization)="([^"]*)"|<BaseURL>([^<]*)</BaseURL>`)

// rewriteManifest applies rewrite to the segment templates and base URLs of
// a DASH manifest, escaping the result for XML.
func rewriteManifest(body []byte, rewrite func(string) string) []byte {
	xmlURI := func(uri string) string {
		if uri == "" {
			return uri
		}
		return strings.ReplaceAll(rewrite(uri), "&", "&amp;")
	}
	return manifestURI.ReplaceAllFunc(body, func(m []byte) []byte {
		sub := manifestURI.FindSubmatch(m)
		if len(sub[1]) > 0 {
			return []byte(string(sub[1]) + `="` + xmlURI(html.UnescapeString(string(sub[2]))) + `"`)
		}
		return []byte("<BaseURL>" + xmlURI(html.UnescapeString(string(sub[3]))) + "</BaseURL>")
	})
}

// clientAddress is the key of the per-address rate limit of public routes:
// the peer address, without its port. Proxies are not trusted (an operator
// behind one raises the limit instead).
func clientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// publicLimitFactor scales the per-key rate limit into the per-address one
// of the public JSON routes, which a page full of players calls many times.
const publicLimitFactor = 10

// deliveryRoutes registers asset delivery, frames and the public and
// signing-key routes of this file's siblings.
func (h *Handler) deliveryRoutes(r *mux.Router, api func(method, path string, fn apiFunc)) {
	var public *rateLimiter
	if h.cfg.RateLimit > 0 {
		public = newRateLimiter(h.cfg.RateLimit*publicLimitFactor, time.Minute, h.svc.Clock())
		h.every(time.Minute, func(context.Context) { public.sweep() })
	}
	limited := func(fn http.HandlerFunc) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h.setCORS(w)
			if public != nil && r.Method != http.MethodOptions && !public.take(w, "addr:"+clientAddress(r)) {
				h.writeError(w, r, videohost.Errorf(videohost.ERateLimited, "too many requests from this address"))
				return
			}
			fn(w, r)
		})
	}

	// Delivery routes carry no method matcher: they answer OPTIONS and 405
	// themselves, with CORS headers, and stay out of Routes (they are not
	// part of the REST contract).
	// ServeHTTP sends them here without the router; they are registered
	// all the same, for Routes and for a Handler reached another way.
	r.PathPrefix(mediaPrefix).HandlerFunc(h.serveAsset)
	r.PathPrefix(lowLatencyPrefix).HandlerFunc(h.serveLowLatency)
	frames := newFrameServer(h)
	h.serveFrame = frames.serve
	r.PathPrefix(imagesPrefix).HandlerFunc(frames.serve)

	api(http.MethodPost, "/v1/signing-keys", h.createSigningKey)
	api(http.MethodGet, "/v1/signing-keys", h.listSigningKeys)
	api(http.MethodDelete, "/v1/signing-keys/{id}", h.deleteSigningKey)
	r.Handle("/.well-known/jwks.json", limited(h.jwks)).Methods(http.MethodGet)
	r.Handle("/v1/embeds/{embed}", limited(h.embed)).Methods(http.MethodGet)
	r.Handle("/v1/list", limited(h.publicList)).Methods(http.MethodGet)
	r.Handle("/v1/embeds/{embed}", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { h.preflight(w) })).Methods(http.MethodOptions)
	r.Handle("/v1/list", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { h.preflight(w) })).Methods(http.MethodOptions)
}
