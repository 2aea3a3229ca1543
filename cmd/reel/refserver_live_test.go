package main_test

import (
	"strings"
	"testing"
)

type apiLiveStream struct {
	ID              string `json:"id"`
	Title           string `json:"title"`
	CollectionID    string `json:"collection_id"`
	LatencyMode     string `json:"latency_mode"`
	Record          bool   `json:"record"`
	ReconnectWindow int    `json:"reconnect_window"`
	DVRWindow       int    `json:"dvr_window"`
	State           string `json:"state"`
	StreamKey       string `json:"stream_key"`
	StreamKeyHint   string `json:"stream_key_hint"`
}

// TestRefserverLiveStreams drives reel live through a live stream's life
// against the real server: the key shows on create and reset-key only,
// with a warning, and never in a list or a get.
func TestRefserverLiveStreams(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)

	var col struct{ ID string }
	e.ok("collections", "create", "--name", "Broadcasts").json(t, &col)
	// --format table is ignored: the key must reach the caller whole.
	res := e.ok("live", "create", "--title", "Studio", "--collection", "Broadcasts", "--latency", "standard",
		"--record=false", "--dvr-window", "600", "--format", "table")
	var ls apiLiveStream
	res.json(t, &ls)
	if !strings.HasPrefix(ls.StreamKey, "rsk_") || ls.StreamKeyHint != "…"+ls.StreamKey[len(ls.StreamKey)-4:] ||
		ls.Title != "Studio" || ls.CollectionID != col.ID || ls.LatencyMode != "standard" || ls.Record || ls.DVRWindow != 600 ||
		ls.ReconnectWindow != 30 || ls.State != "idle" {
		t.Fatalf("live create: %+v", ls)
	}
	if !strings.Contains(res.stderr, "shown this once") {
		t.Errorf("live create warns nothing about the key: %q", res.stderr)
	}

	var got apiLiveStream
	e.ok("live", "get", ls.ID).json(t, &got)
	if got.StreamKey != "" || got.StreamKeyHint != ls.StreamKeyHint || got.ID != ls.ID {
		t.Errorf("live get: %+v", got)
	}
	var listed struct{ Data []apiLiveStream }
	list := e.ok("live", "list")
	list.json(t, &listed)
	if len(listed.Data) != 1 || listed.Data[0].ID != ls.ID || strings.Contains(list.stdout, ls.StreamKey) {
		t.Errorf("live list: %s", list.stdout)
	}
	if table := e.ok("live", "list", "--format", "table").stdout; !strings.Contains(table, ls.ID) || !strings.Contains(table, ls.StreamKeyHint) ||
		strings.Contains(table, ls.StreamKey) {
		t.Errorf("live list table:\n%s", table)
	}

	// A stream that never went live: no video, nobody watching.
	var st struct {
		VideoID     string `json:"video_id"`
		PeakViewers int64  `json:"peak_viewers"`
	}
	e.ok("live", "stats", ls.ID).json(t, &st)
	if st.VideoID != "" || st.PeakViewers != 0 {
		t.Errorf("live stats: %+v", st)
	}
	if table := e.ok("live", "stats", ls.ID, "--format", "table").stdout; !strings.Contains(table, "LATENCY P50") {
		t.Errorf("live stats table:\n%s", table)
	}

	res = e.ok("live", "reset-key", ls.ID)
	var reset apiLiveStream
	res.json(t, &reset)
	if !strings.HasPrefix(reset.StreamKey, "rsk_") || reset.StreamKey == ls.StreamKey || reset.ID != ls.ID || !strings.Contains(res.stderr, "shown this once") {
		t.Errorf("live reset-key: %+v (stderr %q)", reset, res.stderr)
	}

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"live", "create", "--dvr-window", "5"}, 1, "validation_failed"},
		{[]string{"live", "create", "--latency", "ultra"}, 1, "validation_failed"},
		{[]string{"live", "create", "--collection", "No such collection"}, 2, "collection"},
		{[]string{"live", "get", "nosuchstream"}, 1, "not_found"},
		{[]string{"live", "get"}, 2, "usage"},
	} {
		if res := e.run("", tc.args...); res.code != tc.code || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("reel %s: exit %d (%s), want %d and %q", strings.Join(tc.args, " "), res.code, res.stderr, tc.code, tc.want)
		}
	}

	var ro struct{ Key string }
	e.ok("keys", "create", "--access", "read_only").json(t, &ro)
	readOnly := e.with("REEL_API_KEY=" + ro.Key)
	readOnly.ok("live", "get", ls.ID)
	for _, args := range [][]string{{"live", "create"}, {"live", "reset-key", ls.ID}, {"live", "rm", ls.ID}} {
		if res := readOnly.run("", args...); res.code != 1 || !strings.Contains(res.stderr, "read_only_key") {
			t.Errorf("reel %s with a read-only key: exit %d (%s)", strings.Join(args, " "), res.code, res.stderr)
		}
	}

	e.ok("live", "rm", ls.ID)
	if res := e.run("", "live", "get", ls.ID); res.code != 1 || !strings.Contains(res.stderr, "not_found") {
		t.Errorf("live get after rm: exit %d (%s)", res.code, res.stderr)
	}
}
