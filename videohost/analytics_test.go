package videohost_test

import (
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

func TestParseUserAgent(t *testing.T) {
	for _, tc := range []struct {
		ua   string
		want videohost.ClientInfo
	}{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
			videohost.ClientInfo{Browser: "Chrome", OS: "Windows", Device: "desktop"}},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
			videohost.ClientInfo{Browser: "Edge", OS: "Windows", Device: "desktop"}},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
			videohost.ClientInfo{Browser: "Safari", OS: "macOS", Device: "desktop"}},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
			videohost.ClientInfo{Browser: "Safari", OS: "iOS", Device: "mobile"}},
		{"Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1",
			videohost.ClientInfo{Browser: "Chrome", OS: "iOS", Device: "tablet"}},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
			videohost.ClientInfo{Browser: "Chrome", OS: "Android", Device: "mobile"}},
		{"Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36",
			videohost.ClientInfo{Browser: "Samsung Internet", OS: "Android", Device: "tablet"}},
		{"Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
			videohost.ClientInfo{Browser: "Firefox", OS: "Linux", Device: "desktop"}},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
			videohost.ClientInfo{Browser: "bot", OS: "other", Device: "bot"}},
		{"curl/8.5.0", videohost.ClientInfo{Browser: "bot", OS: "other", Device: "bot"}},
		{"", videohost.ClientInfo{Browser: "other", OS: "other", Device: "desktop"}},
	} {
		if got := videohost.ParseUserAgent(tc.ua); got != tc.want {
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
		if got := videohost.OriginOf(in); got != want {
			t.Errorf("OriginOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSessionContribution folds event sequences into a session and checks
// what the session adds to its hour.
func TestSessionContribution(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 30, 0, 0, time.UTC)
	type e = videohost.PlayerEvent
	hb := func(from, to float64) e { return e{Kind: videohost.PlayerHeartbeat, From: from, To: to} }
	seek := func(from, to float64) e { return e{Kind: videohost.PlayerSeeked, From: from, To: to} }
	at0 := func(k videohost.PlayerEventKind, pos float64) e { return e{Kind: k, Position: pos} }
	for _, tc := range []struct {
		name      string
		duration  float64
		events    []e
		views     int64
		watchMS   int64
		completed int64
		failed    int64
		retention int // retention points set
	}{
		{"heartbeats, seek, heartbeat", 100, []e{at0(videohost.PlayerPlay, 0), hb(0, 10), seek(10, 50), hb(50, 55)}, 1, 15000, 0, 0, 15},
		{"seek closes the interval since the last heartbeat", 100, []e{at0(videohost.PlayerPlay, 0), hb(0, 10), seek(14, 50)}, 1, 14000, 0, 0, 14},
		{"rewatching counts once", 100, []e{hb(0, 10), seek(10, 0), hb(0, 10), hb(5, 12)}, 1, 12000, 0, 0, 12},
		{"pause closes the interval since play", 0, []e{at0(videohost.PlayerPlay, 3), at0(videohost.PlayerPause, 7)}, 1, 4000, 0, 0, 0},
		{"under a second is no view", 100, []e{at0(videohost.PlayerPlay, 0), at0(videohost.PlayerPause, 0.5)}, 0, 0, 0, 0, 0},
		{"ended completes", 0, []e{hb(0, 3), at0(videohost.PlayerEnded, 4)}, 1, 4000, 1, 0, 0},
		{"95 percent completes", 20, []e{hb(0, 10), hb(10, 19)}, 1, 19000, 1, 0, 95},
		{"intervals past the duration are clipped", 20, []e{hb(0, 10), hb(10, 30)}, 1, 20000, 1, 0, 100},
		{"error before play fails", 20, []e{at0(videohost.PlayerView, 0), at0(videohost.PlayerError, 0)}, 0, 0, 0, 1, 0},
		{"error after playing is no failure", 20, []e{hb(0, 5), at0(videohost.PlayerError, 5)}, 1, 5000, 0, 0, 25},
		{"a pause far from the last report adds nothing", 100, []e{hb(0, 10), at0(videohost.PlayerPause, 90)}, 1, 10000, 0, 0, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := tc.events[0]
			first.At = at
			s := videohost.NewPlaybackSession(&first)
			for i := range tc.events {
				s.Apply(&tc.events[i])
			}
			c := s.Contribution(tc.duration)
			points := 0
			for i := range 100 {
				if c.Retention[i/64]&(1<<(i%64)) != 0 {
					points++
				}
			}
			if c.Sessions != 1 || c.Views != tc.views || c.WatchMS != tc.watchMS || c.Completed != tc.completed || c.Failed != tc.failed || points != tc.retention {
				t.Errorf("contribution %+v (%d retention points), want views %d watch %d ms completed %d failed %d retention %d",
					c, points, tc.views, tc.watchMS, tc.completed, tc.failed, tc.retention)
			}
			if !s.Hour.Equal(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)) {
				t.Errorf("hour %v", s.Hour)
			}
		})
	}
}

// TestRollupAddIsExact: applying a session's contributions step by step gives
// the rollup of its final contribution.
func TestRollupAddIsExact(t *testing.T) {
	first := videohost.PlayerEvent{Kind: videohost.PlayerStartup, Value: 350}
	s := videohost.NewPlaybackSession(&first)
	var r videohost.HourRollup
	steps := []videohost.PlayerEvent{first, {Kind: videohost.PlayerHeartbeat, From: 0, To: 0.5}, {Kind: videohost.PlayerHeartbeat, From: 0.5, To: 10},
		{Kind: videohost.PlayerRebufferEnd, Value: 1200}, {Kind: videohost.PlayerEnded, Position: 10}}
	for i := range steps {
		old := s.Contributed
		s.Apply(&steps[i])
		s.Contributed = s.Contribution(10)
		r.Add(s.Contributed, old)
	}
	var want videohost.HourRollup
	want.Add(s.Contributed, videohost.SessionContribution{StartupBucket: -1})
	if r != want {
		t.Fatalf("incremental %+v\nwant %+v", r, want)
	}
	if r.Views != 1 || r.WatchMS != 10000 || r.Completed != 1 || r.RebufferMS != 1200 || r.Startup[videohost.StartupBucket(350)] != 1 || r.Retention[99] != 1 {
		t.Fatalf("rollup %+v", r)
	}
	for i, n := range r.Startup {
		if n < 0 {
			t.Fatalf("startup bucket %d is %d", i, n)
		}
	}
}
