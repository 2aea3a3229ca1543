package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// Distinctive client identity: neither may reach the database or the logs.
const (
	probeIP = "198.51.100.23"
	probeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 ReelPrivacyProbe/9.8.7 Chrome/120.0.0.0 Safari/537.36"
)

// withFastAnalytics makes the writer flush every few milliseconds and trusts
// the loopback proxy, so that X-Forwarded-For names the client.
func withFastAnalytics(fn func(*httpapi.AnalyticsConfig)) envOption {
	return withConfig(func(c *httpapi.Config) {
		c.Analytics.Ingest.FlushInterval = 5 * time.Millisecond
		c.Analytics.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
		if fn != nil {
			fn(&c.Analytics)
		}
	})
}

type beacon = map[string]any

func (e *env) postBeacon(events []beacon, hdr ...string) *response {
	e.t.Helper()
	hdr = append([]string{"User-Agent", probeUA, "X-Forwarded-For", probeIP}, hdr...)
	return e.req("POST", "/v1/events", "", map[string]any{"events": events}, hdr...)
}

// playableVideo publishes a video with a minute's duration: events count
// only for playable videos.
func (e *env) playableVideo() *videohost.Video {
	e.t.Helper()
	v := e.publish(publishOptions{})
	e.setDuration(v.ID, 60)
	return v
}

// setDuration gives a video a duration, as publishing would.
func (e *env) setDuration(id string, seconds float64) {
	e.t.Helper()
	_, err := e.db.UpdateVideo(context.Background(), "", id, func(v *videohost.Video) (videohost.Change, error) {
		v.Duration = seconds
		return videohost.Change{}, nil
	}, nil)
	if err != nil {
		e.t.Fatalf("setting duration: %v", err)
	}
}

// waitStats polls the stats of path until done accepts them: the writer
// batches off the request path.
func (e *env) waitStats(path string, done func(*analytics.Stats) bool) *analytics.Stats {
	e.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var st analytics.Stats
		must(e.t, e.req("GET", path, e.ro, nil), http.StatusOK, &st)
		if done(&st) {
			return &st
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("stats never settled: %+v", st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func ev(kind, embed, session string, at time.Time, fields ...any) beacon {
	b := beacon{"type": kind, "embed": embed, "session": session, "t": at.UnixMilli(), "position": 0}
	for i := 0; i+1 < len(fields); i += 2 {
		b[fields[i].(string)] = fields[i+1]
	}
	return b
}

func TestEventsToStats(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	v := e.publish(publishOptions{})
	e.setDuration(v.ID, 20)
	now := e.clock.Now()
	ref := "https://news.example/article?id=1"
	a := []beacon{
		ev("view", v.Embed, "sess-a", now, "referrer", ref),
		ev("startup", v.Embed, "sess-a", now, "ms", 300, "referrer", ref),
		ev("play", v.Embed, "sess-a", now, "referrer", ref),
		ev("heartbeat", v.Embed, "sess-a", now.Add(10*time.Second), "from", 0, "to", 10, "position", 10, "referrer", ref),
		// Rewinding and watching 2-10 again adds nothing: per-session de-duplication.
		ev("seeked", v.Embed, "sess-a", now.Add(11*time.Second), "from", 10, "to", 2, "position", 2, "referrer", ref),
		ev("heartbeat", v.Embed, "sess-a", now.Add(19*time.Second), "from", 2, "to", 10, "position", 10, "referrer", ref),
		ev("bogus_future_type", v.Embed, "sess-a", now),
	}
	r := e.postBeacon(a, "Origin", "https://blog.example")
	var acc struct{ Accepted int }
	must(t, r, http.StatusAccepted, &acc)
	if acc.Accepted != 6 {
		t.Fatalf("accepted %d, want 6 (the unknown type dropped)", acc.Accepted)
	}
	if r.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatal("no CORS header on POST /v1/events")
	}
	// A second batch of the same session continues it: 10-15, then a pause.
	must(t, e.postBeacon([]beacon{
		ev("heartbeat", v.Embed, "sess-a", now.Add(24*time.Second), "from", 10, "to", 14, "position", 14),
		ev("pause", v.Embed, "sess-a", now.Add(25*time.Second), "position", 15),
	}, "Origin", "https://blog.example"), http.StatusAccepted, nil)
	// Session b watches to the end, as text/plain (what sendBeacon sends).
	b := []beacon{
		ev("startup", v.Embed, "sess-b", now, "ms", 900),
		ev("play", v.Embed, "sess-b", now),
		ev("heartbeat", v.Embed, "sess-b", now.Add(10*time.Second), "from", 0, "to", 10),
		ev("rebuffer_start", v.Embed, "sess-b", now.Add(11*time.Second), "position", 10),
		ev("rebuffer_end", v.Embed, "sess-b", now.Add(14*time.Second), "position", 10, "duration_ms", 3500),
		ev("heartbeat", v.Embed, "sess-b", now.Add(24*time.Second), "from", 10, "to", 19.5),
		ev("ended", v.Embed, "sess-b", now.Add(25*time.Second), "position", 20),
		// An unknown embed is dropped silently.
		ev("play", v.Space+"zzzzzzzzzz", "sess-x", now),
	}
	body := fmt.Sprintf(`{"events": %s}`, mustJSON(t, b))
	must(t, e.req("POST", "/v1/events", "", body, "Content-Type", "text/plain;charset=UTF-8", "User-Agent", probeUA,
		"X-Forwarded-For", probeIP, "Origin", "https://blog.example"), http.StatusAccepted, nil)
	// Session c fails before playing.
	must(t, e.postBeacon([]beacon{ev("view", v.Embed, "sess-c", now), ev("error", v.Embed, "sess-c", now, "code", "MEDIA_ERR_DECODE", "message", "boom")}),
		http.StatusAccepted, nil)

	st := e.waitStats("/v1/videos/"+v.ID+"/stats", func(s *analytics.Stats) bool { return s.Views == 2 && s.FailureRate > 0 && s.WatchTimeSeconds >= 35 })
	if st.WatchTimeSeconds != 35 || st.AverageViewSeconds != 17.5 {
		t.Errorf("watch time %v s, average %v s; want 35 (15 + 20) and 17.5", st.WatchTimeSeconds, st.AverageViewSeconds)
	}
	if st.UniqueViewers != 1 {
		t.Errorf("unique viewers %d, want 1 (same address, agent and embed)", st.UniqueViewers)
	}
	if st.CompletionRate != 0.5 {
		t.Errorf("completion rate %v, want 0.5", st.CompletionRate)
	}
	if st.FailureRate != 0.333333 {
		t.Errorf("failure rate %v, want 1/3", st.FailureRate)
	}
	if st.RebufferRatio != 0.1 {
		t.Errorf("rebuffer ratio %v, want 0.1 (3.5 s over 35 s)", st.RebufferRatio)
	}
	if len(st.Retention) != 100 || st.Retention[0] != 1 || st.Retention[74] != 1 || st.Retention[75] != 0.5 || st.Retention[99] != 0.5 {
		t.Errorf("retention %v", st.Retention)
	}
	if p := st.StartupTimeMS; p.P50 == nil || *p.P50 != 300 || p.P95 == nil || *p.P95 != 975 {
		t.Errorf("startup p50/p95 %v/%v, want 300/975", deref(p.P50), deref(p.P95))
	}
	wantNamed := func(what string, got []analytics.NamedViews, name string) {
		t.Helper()
		if len(got) != 1 || got[0].Name != name || got[0].Views != 2 {
			t.Errorf("%s %+v, want %s with 2 views", what, got, name)
		}
	}
	wantNamed("browsers", st.Browsers, "Chrome")
	wantNamed("os", st.OS, "Linux")
	wantNamed("devices", st.Devices, "desktop")
	refs := map[string]int64{}
	for _, r := range st.Referrers {
		refs[r.Origin] = r.Views
	}
	if len(refs) != 2 || refs["https://news.example"] != 1 || refs["https://blog.example"] != 1 {
		t.Errorf("referrers %+v: want the event's origin for a, the Origin header for b", st.Referrers)
	}
	var sum int64
	for _, p := range st.Series {
		sum += p.Views
	}
	if sum != 2 || st.Interval != "day" || len(st.Series) < 7 {
		t.Errorf("series %+v (interval %s)", st.Series, st.Interval)
	}

	// An hourly window around now, and the space totals.
	q := url.Values{"from": {now.Add(-time.Hour).Format(time.RFC3339)}, "to": {now.Add(time.Hour).Format(time.RFC3339)}, "interval": {"hour"}}
	var hourly analytics.Stats
	must(t, e.req("GET", "/v1/videos/"+v.ID+"/stats?"+q.Encode(), e.rw, nil), http.StatusOK, &hourly)
	if hourly.Views != 2 || hourly.Interval != "hour" || len(hourly.Series) < 2 || len(hourly.Series) > 3 {
		t.Errorf("hourly stats: views %d, %d points", hourly.Views, len(hourly.Series))
	}
	var space analytics.SpaceStats
	must(t, e.req("GET", "/v1/stats", e.ro, nil), http.StatusOK, &space)
	if space.Views != 2 || len(space.TopVideos) != 1 || space.TopVideos[0].ID != v.ID || space.TopVideos[0].WatchTimeSeconds != 35 {
		t.Errorf("space stats: %d views, top %+v", space.Views, space.TopVideos)
	}
}

func TestStatsAccess(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	v := e.createVideo(e.rw, nil)
	for _, tc := range []struct {
		name, path, key string
		status          int
		code            string
	}{
		{"read-only key", "/v1/videos/" + v.ID + "/stats", e.ro, http.StatusOK, ""},
		{"other space", "/v1/videos/" + v.ID + "/stats", e.otherRW, http.StatusNotFound, videohost.ENotFound},
		{"no key", "/v1/stats", "", http.StatusUnauthorized, videohost.EUnauthorized},
		{"bad from", "/v1/stats?from=yesterday", e.ro, http.StatusBadRequest, videohost.EValidation},
		{"from after to", "/v1/stats?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z", e.ro, http.StatusBadRequest, videohost.EValidation},
		{"bad interval", "/v1/stats?interval=week", e.ro, http.StatusBadRequest, videohost.EValidation},
		{"hourly for a year", "/v1/stats?interval=hour&from=2024-01-01T00:00:00Z&to=2024-12-01T00:00:00Z", e.ro, http.StatusBadRequest, videohost.EValidation},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.req("GET", tc.path, tc.key, nil)
			if tc.code == "" {
				var st analytics.Stats
				must(t, r, tc.status, &st)
				if len(st.Retention) != 100 || st.Views != 0 || st.StartupTimeMS.P50 != nil {
					t.Fatalf("empty stats %s", r.body)
				}
				return
			}
			problem(t, r, tc.status, tc.code)
		})
	}
}

// TestEventsPrivacy dumps every table of the database and the whole log after
// an ingest: neither the client address nor the User-Agent may be anywhere.
func TestEventsPrivacy(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	v := e.playableVideo()
	now := e.clock.Now()
	must(t, e.postBeacon([]beacon{
		ev("play", v.Embed, "private", now),
		ev("heartbeat", v.Embed, "private", now, "from", 0, "to", 5),
		ev("error", v.Embed, "private", now, "code", "x", "message", "y"),
	}, "Referer", "https://page.example/watch?user=42"), http.StatusAccepted, nil)
	// Bad batches are logged too, if at all: they must not leak either.
	e.postBeacon([]beacon{{"type": "play"}})
	e.waitStats("/v1/videos/"+v.ID+"/stats", func(s *analytics.Stats) bool { return s.Views == 1 })
	e.h.Close() // flushes the writer

	// newEnv keeps the database next to the upload folder.
	dbPath := filepath.Join(filepath.Dir(e.cfg.UploadDir), "reel.db")
	raw, err := sql.Open("sqlite", dbPath+"?_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	dump := dumpTables(t, raw)
	if !strings.Contains(dump, "playback_sessions") || !strings.Contains(dump, "Chrome") || !strings.Contains(dump, "https://page.example") {
		t.Fatalf("the dump misses the analytics rows:\n%s", dump)
	}
	logs := e.logs.String()
	for _, secret := range []string{probeIP, probeUA, "ReelPrivacyProbe", "user=42"} {
		if strings.Contains(dump, secret) {
			t.Errorf("the database holds %q", secret)
		}
		if strings.Contains(logs, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, "/v1/events") && strings.Contains(line, "127.0.0.1") {
			t.Errorf("the request log holds the peer address: %s", line)
		}
	}
}

func dumpTables(t *testing.T, db *sql.DB) string {
	t.Helper()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var out strings.Builder
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM "` + table + `"`)
		if err != nil {
			t.Fatalf("dumping %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "%s:", table)
			for _, v := range vals {
				fmt.Fprintf(&out, " %s", v)
			}
			out.WriteByte('\n')
		}
		rows.Close()
	}
	return out.String()
}

// TestViewerHashRotatesDaily: the same client on the next UTC day gets a
// new hash (the salt is replaced), on the same day the same one.
func TestViewerHashRotatesDaily(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	v := e.playableVideo()
	watch := func(session string) {
		now := e.clock.Now()
		must(t, e.postBeacon([]beacon{ev("heartbeat", v.Embed, session, now, "from", 0, "to", 5)}), http.StatusAccepted, nil)
	}
	watch("day1")
	e.clock.Advance(24 * time.Hour)
	watch("day2-a")
	watch("day2-b")
	st := e.waitStats("/v1/videos/"+v.ID+"/stats", func(s *analytics.Stats) bool { return s.Views == 3 })
	if st.UniqueViewers != 2 {
		t.Errorf("unique viewers %d, want 2: one per day (daily uniques are summed)", st.UniqueViewers)
	}
	e.h.Close()
	raw, err := sql.Open("sqlite", filepath.Join(filepath.Dir(e.cfg.UploadDir), "reel.db")+"?_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	viewer := map[string]string{}
	rows, err := raw.Query(`SELECT session, viewer FROM playback_sessions`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s, h string
		rows.Scan(&s, &h)
		viewer[s] = h
	}
	if len(viewer["day1"]) != 32 || viewer["day1"] == viewer["day2-a"] {
		t.Errorf("day 1 hash %q, day 2 hash %q: want two different 128-bit hashes", viewer["day1"], viewer["day2-a"])
	}
	if viewer["day2-a"] != viewer["day2-b"] {
		t.Errorf("same day, same client: hashes %q and %q differ", viewer["day2-a"], viewer["day2-b"])
	}
}

// TestEventsRejectsBadBatches sends bad and oversized batches alongside good
// ones: each bad one fails alone and every good one is counted.
func TestEventsRejectsBadBatches(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	v := e.playableVideo()
	now := e.clock.Now()
	many := make([]beacon, 501)
	for i := range many {
		many[i] = ev("play", v.Embed, "many", now)
	}
	bad := []struct {
		name   string
		body   string
		status int
		code   string
	}{
		{"not JSON", `{"events": [`, http.StatusBadRequest, videohost.EValidation},
		{"wrong type", `{"events": [{"type": "play", "embed": "` + v.Embed + `", "session": "s", "t": 1, "position": "ten"}]}`, http.StatusBadRequest, videohost.EValidation},
		{"events not a list", `{"events": {}}`, http.StatusBadRequest, videohost.EValidation},
		{"no session", `{"events": [{"type": "play", "embed": "` + v.Embed + `", "t": 1}]}`, http.StatusBadRequest, videohost.EValidation},
		{"negative position", `{"events": [{"type": "play", "embed": "` + v.Embed + `", "session": "s", "t": 1, "position": -1}]}`, http.StatusBadRequest, videohost.EValidation},
		{"heartbeat without interval", `{"events": [{"type": "heartbeat", "embed": "` + v.Embed + `", "session": "s", "t": 1}]}`, http.StatusBadRequest, videohost.EValidation},
		{"over 64 KiB", `{"events": [], "pad": "` + strings.Repeat("x", 70<<10) + `"}`, http.StatusRequestEntityTooLarge, videohost.EPayloadTooLarge},
		{"over 500 events", `{"events": ` + mustJSON(t, many) + `}`, http.StatusRequestEntityTooLarge, videohost.EPayloadTooLarge},
	}
	const good = 12
	var wg sync.WaitGroup
	for i := range good {
		wg.Go(func() {
			r := e.postBeacon([]beacon{ev("heartbeat", v.Embed, "good-"+strconv.Itoa(i), now, "from", 0, "to", 4)})
			if r.status != http.StatusAccepted {
				t.Errorf("good batch %d: %d %s", i, r.status, r.body)
			}
		})
	}
	for _, tc := range bad {
		wg.Go(func() {
			r := e.req("POST", "/v1/events", "", tc.body)
			if r.status != tc.status || !strings.Contains(string(r.body), `"code":"`+tc.code+`"`) {
				t.Errorf("%s: %d %s, want %d %s", tc.name, r.status, r.body, tc.status, tc.code)
			}
		})
	}
	wg.Wait()
	st := e.waitStats("/v1/videos/"+v.ID+"/stats", func(s *analytics.Stats) bool { return s.Views >= good })
	if st.Views != good || st.WatchTimeSeconds != 4*good {
		t.Errorf("views %d, watch %v s; want %d and %d", st.Views, st.WatchTimeSeconds, good, 4*good)
	}
}

func TestEventsRateLimitAndQueue(t *testing.T) {
	t.Run("rate limit per address", func(t *testing.T) {
		e := newEnv(t, withFastAnalytics(func(c *httpapi.AnalyticsConfig) { c.RateLimit = 3 }))
		v := e.playableVideo()
		batch := []beacon{ev("view", v.Embed, "s", e.clock.Now())}
		for range 3 {
			must(t, e.postBeacon(batch), http.StatusAccepted, nil)
		}
		r := e.postBeacon(batch)
		problem(t, r, http.StatusTooManyRequests, videohost.ERateLimited)
		if r.header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		// Another client behind the same proxy has its own budget.
		must(t, e.postBeacon(batch, "X-Forwarded-For", "198.51.100.99"), http.StatusAccepted, nil)
		e.clock.Advance(61 * time.Second)
		must(t, e.postBeacon(batch), http.StatusAccepted, nil)
	})
	t.Run("full queue answers 503", func(t *testing.T) {
		e := newEnv(t, withFastAnalytics(func(c *httpapi.AnalyticsConfig) {
			c.Ingest = analytics.IngestConfig{QueueSignals: 2, FlushInterval: time.Hour}
		}))
		v := e.playableVideo()
		now := e.clock.Now()
		must(t, e.postBeacon([]beacon{ev("view", v.Embed, "s", now), ev("play", v.Embed, "s", now)}), http.StatusAccepted, nil)
		// Refused again and again: one WARN line per minute says how many,
		// and no request is logged as an error.
		for range 21 {
			r := e.postBeacon([]beacon{ev("pause", v.Embed, "s", now)})
			problem(t, r, http.StatusServiceUnavailable, videohost.EUnavailable)
			if r.header.Get("Retry-After") == "" {
				t.Fatal("503 without Retry-After")
			}
		}
		e.clock.Advance(time.Minute)
		problem(t, e.postBeacon([]beacon{ev("pause", v.Embed, "s", now)}), http.StatusServiceUnavailable, videohost.EUnavailable)
		var warned []string
		for _, line := range strings.Split(e.logs.String(), "\n") {
			if strings.Contains(line, `"level":"ERROR"`) {
				t.Errorf("a refusal logged as an error: %s", line)
			}
			if strings.Contains(line, "refusing requests under load") {
				warned = append(warned, line)
			}
		}
		if len(warned) != 2 || !strings.Contains(warned[0], `"refused":1,`) || !strings.Contains(warned[1], `"refused":21,`) ||
			!strings.Contains(warned[0], `"level":"WARN"`) {
			t.Fatalf("refusal log lines:\n%s", strings.Join(warned, "\n"))
		}
	})
}

func TestEventsCORSPreflight(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	r := e.req("OPTIONS", "/v1/events", "", nil, "Origin", "https://page.example",
		"Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type")
	if r.status != http.StatusNoContent {
		t.Fatalf("preflight status %d", r.status)
	}
	for h, want := range map[string]string{
		"Access-Control-Allow-Origin":  "*",
		"Access-Control-Allow-Methods": "POST, OPTIONS",
		"Access-Control-Allow-Headers": "Content-Type",
	} {
		if got := r.header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestEventsOnlyForPlayableVideos: events for an embed that is no video,
// a video not playable yet or an archived one are dropped on the request
// path; accepted counts what is kept.
func TestEventsOnlyForPlayableVideos(t *testing.T) {
	e := newEnv(t, withFastAnalytics(nil))
	playable := e.playableVideo()
	created := e.createVideo(e.rw, nil)
	archived := e.playableVideo()
	must(t, e.req("POST", "/v1/videos/"+archived.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	now := e.clock.Now()
	for _, tc := range []struct {
		name, embed string
		want        int
	}{
		{"playable", playable.Embed, 2},
		{"not playable yet", created.Embed, 0},
		{"archived", archived.Embed, 0},
		{"no such video", e.space + "zzzzzzzzzz", 0},
	} {
		var acc struct{ Accepted int }
		must(t, e.postBeacon([]beacon{ev("view", tc.embed, "s", now), ev("play", tc.embed, "s", now)}), http.StatusAccepted, &acc)
		if acc.Accepted != tc.want {
			t.Errorf("%s: accepted %d, want %d", tc.name, acc.Accepted, tc.want)
		}
	}
}
