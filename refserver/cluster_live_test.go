package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestLowLatencyFromEveryAPIProcess runs two api processes on one
// PostgreSQL and one S3 server: the publisher reaches A (the ingest, with
// --advertise-url), and a viewer of B gets the session's low-latency HLS
// through B, blocking reloads and parts included, as from A; once the
// session has ended, B answers 404 rather than passing requests on.
func TestLowLatencyFromEveryAPIProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	st := newSharedStores(t, nil)
	portA := fmt.Sprint(freePort(t))
	a := st.start(t, "api", "--addr", "127.0.0.1:"+portA, "--advertise-url", "http://127.0.0.1:"+portA, "--rtmp-addr", "127.0.0.1:0")
	b := st.start(t, "api")
	key := st.key(t)
	ls := createLiveStream(t, a, key, map[string]any{"title": "Across", "reconnect_window": 0})
	// 8 s: the checks below run while it is live, on a busy machine too.
	done := publish(t, 8, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)
	get := func(p *proc, path string) *http.Response {
		t.Helper()
		r, err := http.Get(p.base + path)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	var videoID string
	within(t, 30*time.Second, "the stream active, seen from B", func() bool {
		r := b.request(t, "GET", "/v1/live-streams/"+ls.ID, key, nil)
		var now liveStream
		json.NewDecoder(r.Body).Decode(&now)
		r.Body.Close()
		videoID = now.ActiveVideoID
		return now.State == "active" && videoID != ""
	})
	base := "/live/" + ls.Space + "/" + videoID + "/"

	// The master and a media playlist through B, with one CORS header.
	var master string
	within(t, 20*time.Second, "the master through B", func() bool {
		r := get(b, base+"master.m3u8")
		raw, _ := io.ReadAll(r.Body)
		r.Body.Close()
		master = string(raw)
		if r.StatusCode == http.StatusOK && len(r.Header.Values("Access-Control-Allow-Origin")) != 1 {
			t.Fatalf("Access-Control-Allow-Origin %q", r.Header.Values("Access-Control-Allow-Origin"))
		}
		return r.StatusCode == http.StatusOK && strings.Contains(master, "#EXT-X-STREAM-INF")
	})
	var media string
	for _, l := range strings.Split(master, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			media = l
		}
	}
	r := get(b, base+media)
	raw, _ := io.ReadAll(r.Body)
	r.Body.Close()
	playlist := parseLL(string(raw))
	if r.StatusCode != http.StatusOK || playlist.preload == "" {
		t.Fatalf("media playlist through B: %d\n%s", r.StatusCode, raw)
	}

	// A blocking reload for the part after the preload hint's, and the
	// hinted part itself, through B: held at A until written.
	var msn, part int
	fmt.Sscanf(playlist.preload, "%d.%d.m4s", &msn, &part)
	start := time.Now()
	r = get(b, fmt.Sprintf("%s%s?_HLS_msn=%d&_HLS_part=%d", base, media, msn, part))
	raw, _ = io.ReadAll(r.Body)
	r.Body.Close()
	held := time.Since(start)
	if r.StatusCode != http.StatusOK || !strings.Contains(string(raw), fmt.Sprintf(`URI="%d.%d.m4s"`, msn, part)) {
		t.Fatalf("blocking reload through B for %d.%d: %d after %v\n%s", msn, part, r.StatusCode, held, raw)
	}
	t.Logf("a blocking reload through B was answered in %v", held.Round(time.Millisecond))
	dir := media[:strings.LastIndex(media, "/")+1]
	r = get(b, base+dir+playlist.preload)
	partBytes, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != http.StatusOK || len(partBytes) == 0 {
		t.Fatalf("part %s through B: %d", playlist.preload, r.StatusCode)
	}

	if err := <-done; err != nil {
		t.Fatalf("publisher: %v", err)
	}
	within(t, time.Minute, "the recording ready", func() bool { return b.videoState(t, key, videoID).State == "ready" })
	// The session's record is gone: B answers for itself (after its 2 s
	// cache of the record).
	within(t, 10*time.Second, "B's 404 after the session", func() bool {
		r := get(b, base+"master.m3u8")
		r.Body.Close()
		return r.StatusCode == http.StatusNotFound
	})
}

// llPlaylist is what the test reads of a low-latency media playlist.
type llPlaylist struct{ preload string }

func parseLL(s string) llPlaylist {
	var p llPlaylist
	for _, l := range strings.Split(s, "\n") {
		if rest, ok := strings.CutPrefix(l, "#EXT-X-PRELOAD-HINT:"); ok {
			if i := strings.Index(rest, `URI="`); i >= 0 {
				p.preload = rest[i+5 : i+5+strings.IndexByte(rest[i+5:], '"')]
			}
		}
	}
	return p
}
