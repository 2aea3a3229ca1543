package analytics

import (
	"net/url"
	"strings"
)

// ClientInfo is what is kept of a User-Agent.
type ClientInfo struct {
	Browser string
	OS      string
	Device  string // desktop, mobile, tablet or bot
}

// ParseUserAgent reduces a User-Agent to families. It recognises the
// browsers and systems that make up nearly all traffic; the rest is "other".
func ParseUserAgent(ua string) ClientInfo {
	l := strings.ToLower(ua)
	has := func(s ...string) bool {
		for _, x := range s {
			if strings.Contains(l, x) {
				return true
			}
		}
		return false
	}
	var c ClientInfo
	switch {
	case ua == "":
		c.Browser = "other"
	case has("bot", "crawler", "spider", "headlesschrome", "curl/", "wget/", "python-", "go-http-client", "okhttp", "slurp", "facebookexternalhit"):
		c.Browser = "bot"
	case has("edg/", "edge/", "edga/", "edgios/"):
		c.Browser = "Edge"
	case has("opr/", "opera"):
		c.Browser = "Opera"
	case has("samsungbrowser/"):
		c.Browser = "Samsung Internet"
	case has("firefox/", "fxios/"):
		c.Browser = "Firefox"
	case has("chrome/", "crios/", "chromium/"):
		c.Browser = "Chrome"
	case has("safari/") && has("version/", "mobile/"):
		c.Browser = "Safari"
	default:
		c.Browser = "other"
	}
	switch {
	case has("windows"):
		c.OS = "Windows"
	case has("iphone", "ipad", "ipod"):
		c.OS = "iOS"
	case has("android"):
		c.OS = "Android"
	case has("cros"):
		c.OS = "ChromeOS"
	case has("mac os x", "macintosh"):
		c.OS = "macOS"
	case has("linux"):
		c.OS = "Linux"
	default:
		c.OS = "other"
	}
	switch {
	case c.Browser == "bot":
		c.Device = "bot"
	case has("ipad", "tablet") || (has("android") && !has("mobile")):
		c.Device = "tablet"
	case has("mobi", "iphone", "ipod", "android"):
		c.Device = "mobile"
	default:
		c.Device = "desktop"
	}
	return c
}

// OriginOf returns scheme://host[:port] of an http(s) URL or origin, or "".
func OriginOf(raw string) string {
	if raw == "" || raw == "null" || len(raw) > 4096 {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}
