package analytics_test

import (
	"testing"

	"github.com/reelvideo/reel/videohost/analytics"
)

func TestParseUserAgent(t *testing.T) {
	for _, tc := range []struct {
		ua   string
		want analytics.ClientInfo
	}{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
			analytics.ClientInfo{Browser: "Chrome", OS: "Windows", Device: "desktop"}},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
			analytics.ClientInfo{Browser: "Edge", OS: "Windows", Device: "desktop"}},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
			analytics.ClientInfo{Browser: "Safari", OS: "macOS", Device: "desktop"}},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
			analytics.ClientInfo{Browser: "Safari", OS: "iOS", Device: "mobile"}},
		{"Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1",
			analytics.ClientInfo{Browser: "Chrome", OS: "iOS", Device: "tablet"}},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
			analytics.ClientInfo{Browser: "Chrome", OS: "Android", Device: "mobile"}},
		{"Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36",
			analytics.ClientInfo{Browser: "Samsung Internet", OS: "Android", Device: "tablet"}},
		{"Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
			analytics.ClientInfo{Browser: "Firefox", OS: "Linux", Device: "desktop"}},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
			analytics.ClientInfo{Browser: "bot", OS: "other", Device: "bot"}},
		{"curl/8.5.0", analytics.ClientInfo{Browser: "bot", OS: "other", Device: "bot"}},
		{"", analytics.ClientInfo{Browser: "other", OS: "other", Device: "desktop"}},
	} {
		if got := analytics.ParseUserAgent(tc.ua); got != tc.want {
			t.Errorf("ParseUserAgent(%q) = %+v, want %+v", tc.ua, got, tc.want)
		}
	}
}

func TestOriginOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://Blog.Example/post?id=1#x": "https://blog.example",
		"http://localhost:8080/":           "http://localhost:8080",
		"https://page.example":             "https://page.example",
		"null":                             "",
		"javascript:alert(1)":              "",
		"not a url":                        "",
		"":                                 "",
	} {
		if got := analytics.OriginOf(in); got != want {
			t.Errorf("OriginOf(%q) = %q, want %q", in, got, want)
		}
	}
}
