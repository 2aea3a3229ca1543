package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost/access"
)

// What a delivery request costs beside net/http's own work is mostly
// bookkeeping: a profile of a playlist served from the cache showed
// Header.Set (canonicalizing each key, a []string per value) at a fifth of
// the handler, ServeContent's checks another fifth, url.ParseQuery a tenth,
// and a header map of nine entries growing past Go's eight-slot small map
// (then cloned by net/http at WriteHeader). This file holds the pieces that
// keep that cost out of the common case: header values built once per
// Handler, a query scan without a map, and the test for a request that
// needs none of ServeContent's conditionals or ranges.

// deliveryHeaders are the header values delivery sets on nearly every
// response, each built once. Header maps share them: net/http clones the
// handler's map (keys and values) when the status is written, and nothing
// appends to a value in place, so a shared slice is never written through.
type deliveryHeaders struct {
	allowOrigin   []string
	exposeHeaders []string
	nosniff       []string
	acceptRanges  []string
	contentTypes  map[string][]string // by extension
	cacheControls map[cacheControlKey][]string
}

type cacheControlKey struct {
	maxAge            time.Duration
	immutable, signed bool
}

func newDeliveryHeaders() *deliveryHeaders {
	d := &deliveryHeaders{
		allowOrigin:   []string{"*"},
		exposeHeaders: []string{exposedHeaders},
		nosniff:       []string{"nosniff"},
		acceptRanges:  []string{"bytes"},
		contentTypes:  map[string][]string{},
		cacheControls: map[cacheControlKey][]string{},
	}
	for ext, ct := range contentTypes {
		d.contentTypes[ext] = []string{ct}
	}
	for _, k := range []cacheControlKey{
		{immutableMaxAge, true, false}, {immutableMaxAge, true, true},
		{unpinnedMaxAge, false, false}, {unpinnedMaxAge, false, true},
		{playlistMaxAge, false, false}, {playlistMaxAge, false, true},
		{growingMaxAge, false, false}, {growingMaxAge, false, true},
		{pictureMaxAge, false, false}, {pictureMaxAge, false, true},
	} {
		d.cacheControls[k] = []string{cacheControl(k.maxAge, k.immutable, k.signed)}
	}
	return d
}

func (d *deliveryHeaders) contentType(ext string) []string {
	if v, ok := d.contentTypes[ext]; ok {
		return v
	}
	return []string{contentTypes[ext]}
}

func (d *deliveryHeaders) cacheControl(maxAge time.Duration, immutable, signed bool) []string {
	if v, ok := d.cacheControls[cacheControlKey{maxAge, immutable, signed}]; ok {
		return v
	}
	return []string{cacheControl(maxAge, immutable, signed)}
}

// plainGET reports whether r is a GET that asks for the whole body
// unconditionally: no Range and no precondition, so that the answer is a
// 200 with the whole body whatever ServeContent would check.
func plainGET(r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	h := r.Header
	for _, name := range [...]string{"Range", "If-Match", "If-None-Match", "If-Modified-Since", "If-Unmodified-Since", "If-Range"} {
		if _, ok := h[name]; ok {
			return false
		}
	}
	return true
}

// assetQuery is what delivery reads of a query string.
type assetQuery struct {
	version, grant, token string
	// all is the whole query, parsed by url.ParseQuery; nil unless the
	// query asks for a download (the one use of the rest) or is not
	// simple enough for parseAssetQuery to read alone.
	all url.Values
}

// grantParam names a grant in a query string.
const grantParam = access.GrantParam

// maxSimpleQueryParams bounds the pairs parseAssetQuery scans itself.
const maxSimpleQueryParams = 16

// parseAssetQuery reads the version, grant and token of a query string as
// url.ParseQuery followed by Get would (the first value of each name),
// without building the map when nothing in the query is escaped: the URIs
// a playlist lists carry v, g and token in plain characters. Anything
// escaped, a semicolon (which ParseQuery refuses), many pairs or a download
// request goes through url.ParseQuery.
func parseAssetQuery(raw string) assetQuery {
	if raw == "" {
		return assetQuery{}
	}
	if strings.ContainsAny(raw, "%+;") || strings.Count(raw, "&") >= maxSimpleQueryParams {
		return assetQueryOf(raw)
	}
	var q assetQuery
	var seenV, seenG, seenT bool
	for rest := raw; rest != ""; {
		var pair string
		pair, rest, _ = strings.Cut(rest, "&")
		if pair == "" {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		switch key {
		case versionParam:
			if !seenV {
				q.version, seenV = value, true
			}
		case grantParam:
			if !seenG {
				q.grant, seenG = value, true
			}
		case "token":
			if !seenT {
				q.token, seenT = value, true
			}
		case downloadParam:
			return assetQueryOf(raw)
		}
	}
	return q
}

func assetQueryOf(raw string) assetQuery {
	all, _ := url.ParseQuery(raw)
	return assetQuery{version: all.Get(versionParam), grant: all.Get(grantParam), token: all.Get("token"), all: all}
}

// validAssetName is assetName.MatchString, with the names players ask for
// most (a rendition's segments, init segment and playlist, the master
// playlist) recognized without running the regular expression. Everything
// it accepts the expression accepts (TestValidAssetName checks both agree).
func validAssetName(name string) bool {
	if name == "playlist.m3u8" {
		return true
	}
	if rest, ok := strings.CutPrefix(name, "h264_"); ok {
		quality, file, _ := strings.Cut(rest, "/")
		switch quality {
		case "sd", "hd", "fhd", "qhd", "uhd":
			if file == "playlist.m3u8" || file == "init.mp4" {
				return true
			}
			if n, ok := strings.CutSuffix(file, ".m4s"); ok && len(n) >= 1 && len(n) <= 9 && strings.Trim(n, "0123456789") == "" {
				return true
			}
		}
	}
	return assetName.MatchString(name)
}
