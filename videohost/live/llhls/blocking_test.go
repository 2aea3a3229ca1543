package llhls_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live"
	"github.com/reelvideo/reel/videohost/live/llhls"
)

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

type response struct {
	code   int
	body   []byte
	header http.Header
	at     time.Time
	err    error
}

func getAsync(ctx context.Context, url string) <-chan response {
	ch := make(chan response, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			ch <- response{err: err, at: time.Now()}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		ch <- response{code: resp.StatusCode, body: b, header: resp.Header, at: time.Now(), err: err}
	}()
	return ch
}

// startSynth starts a synthetic publish and writes its units up to media
// time upTo; it returns the rest.
func startSynth(t *testing.T, e *muxerEnv, d, upTo time.Duration) []live.Unit {
	t.Helper()
	units := synth(0, d, 30, t0)
	if err := e.m.Start(synthTracks()); err != nil {
		t.Fatal(err)
	}
	i := 0
	for ; i < len(units) && units[i].DTS < upTo; i++ {
		if err := e.m.WriteUnit(units[i]); err != nil {
			t.Fatal(err)
		}
	}
	return units[i:]
}

func TestBlockingRequestsReturnWhenThePartIsWritten(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	rest := startSynth(t, e, 10*time.Second, 3200*time.Millisecond)
	base := e.srv.URL + "/live/video/"
	pl := parsePlaylist(t, mustGet(t, base+"playlist.m3u8"))
	var msn, part int
	if _, err := fmt.Sscanf(pl.preload, "%d.%d.m4s", &msn, &part); err != nil {
		t.Fatalf("preload hint %q: %v", pl.preload, err)
	}
	plResp := getAsync(context.Background(), fmt.Sprintf("%splaylist.m3u8?_HLS_msn=%d&_HLS_part=%d", base, msn, part))
	partResp := getAsync(context.Background(), base+pl.preload)
	waitFor(t, "both requests held", func() bool { return e.m.HeldRequests() == 2 })

	var written time.Time
	for i, u := range rest {
		select {
		case r := <-plResp:
			t.Fatalf("the blocking playlist request returned before its part was written: %d %s", r.code, r.body)
		case r := <-partResp:
			t.Fatalf("the preload hint's request returned before its part was written: %d", r.code)
		default:
		}
		start := time.Now()
		if err := e.m.WriteUnit(u); err != nil {
			t.Fatal(err)
		}
		now := parsePlaylist(t, mustGet(t, base+"playlist.m3u8"))
		if now.preload != pl.preload {
			written = start
			t.Logf("part %s written by unit %d (DTS %v)", pl.preload, i, u.DTS)
			break
		}
	}
	if written.IsZero() {
		t.Fatal("the part was never written")
	}
	r := <-plResp
	if r.err != nil || r.code != http.StatusOK {
		t.Fatalf("blocking playlist request: %v %d %s", r.err, r.code, r.body)
	}
	t.Logf("blocking playlist answered %v after the WriteUnit that completed the part began", r.at.Sub(written))
	got := parsePlaylist(t, r.body)
	found := false
	for _, p := range got.parts {
		found = found || p.uri == pl.preload
	}
	if !found {
		t.Errorf("the answer does not list %s:\n%s", pl.preload, r.body)
	}
	if cc := r.header.Get("Cache-Control"); cc != "public, max-age=1" {
		t.Errorf("blocking playlist Cache-Control %q", cc)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/vnd.apple.mpegurl" {
		t.Errorf("playlist Content-Type %q", ct)
	}
	pr := <-partResp
	if pr.err != nil || pr.code != http.StatusOK || len(pr.body) == 0 {
		t.Fatalf("preload hint request: %v %d", pr.err, pr.code)
	}
	t.Logf("preload-hinted part answered %v after the WriteUnit began", pr.at.Sub(written))
	if cc := pr.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("part Cache-Control %q", cc)
	}
	if ct := pr.header.Get("Content-Type"); ct != "video/iso.segment" {
		t.Errorf("part Content-Type %q", ct)
	}
	if pr.header.Get("Set-Cookie") != "" || r.header.Get("Set-Cookie") != "" {
		t.Error("a response sets a cookie")
	}
}

func TestBlockingRequestLimits(t *testing.T) {
	e := newMuxer(t, llhls.Config{HoldTimeout: 50 * time.Millisecond})
	startSynth(t, e, 10*time.Second, 3200*time.Millisecond)
	base := e.srv.URL + "/live/video/playlist.m3u8"
	// The growing segment is 1: 4 is more than two past it.
	if code, b, _ := get(t, base+"?_HLS_msn=4"); code != http.StatusBadRequest {
		t.Errorf("_HLS_msn=4: %d %s", code, b)
	}
	if code, _, _ := get(t, base+"?_HLS_part=1"); code != http.StatusBadRequest {
		t.Errorf("_HLS_part without _HLS_msn: %d", code)
	}
	if code, _, _ := get(t, base+"?_HLS_msn=x"); code != http.StatusBadRequest {
		t.Errorf("_HLS_msn=x: %d", code)
	}
	// Nothing more is written: the hold ends in 503.
	code, _, h := get(t, base+"?_HLS_msn=3")
	if code != http.StatusServiceUnavailable || h.Get("Cache-Control") != "no-store" {
		t.Errorf("_HLS_msn=3 with nothing written: %d %q", code, h.Get("Cache-Control"))
	}
	// An existing part answers at once.
	if code, _, _ := get(t, base+"?_HLS_msn=1&_HLS_part=0"); code != http.StatusOK {
		t.Errorf("_HLS_msn=1&_HLS_part=0: %d", code)
	}

	// The request's context ends the hold.
	e2 := newMuxer(t, llhls.Config{})
	startSynth(t, e2, 10*time.Second, 3200*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	r := getAsync(ctx, e2.srv.URL+"/live/video/playlist.m3u8?_HLS_msn=3")
	waitFor(t, "the request held", func() bool { return e2.m.HeldRequests() == 1 })
	cancel()
	<-r
	waitFor(t, "the hold released", func() bool { return e2.m.HeldRequests() == 0 })
}

func TestDeltaUpdateSkipsOldSegments(t *testing.T) {
	e := newMuxer(t, llhls.Config{})
	rest := startSynth(t, e, 30*time.Second, 25*time.Second)
	_ = rest
	base := e.srv.URL + "/live/video/playlist.m3u8"
	full := parsePlaylist(t, mustGet(t, base))
	delta := parsePlaylist(t, mustGet(t, base+"?_HLS_skip=YES"))
	// The edge is at 25 s and CAN-SKIP-UNTIL 12 s: segments ending by
	// 13 s, 0 to 5, are skipped.
	if got := delta.value("#EXT-X-SKIP:SKIPPED-SEGMENTS="); got != "6" {
		t.Errorf("SKIPPED-SEGMENTS=%q, want 6", got)
	}
	if len(delta.segments) != len(full.segments)-6 || delta.segments[0].uri != "6.m4s" {
		t.Errorf("delta lists %d segments from %s, full %d", len(delta.segments), delta.segments[0].uri, len(full.segments))
	}
	if delta.value("#EXT-X-MEDIA-SEQUENCE:") != full.value("#EXT-X-MEDIA-SEQUENCE:") || delta.value("#EXT-X-VERSION:") != "9" {
		t.Error("delta update header differs")
	}
	// A blocking request may ask for a delta too.
	blocking := parsePlaylist(t, mustGet(t, base+"?_HLS_msn=11&_HLS_part=0&_HLS_skip=YES"))
	if !blocking.has("#EXT-X-SKIP:") {
		t.Error("blocking delta update has no EXT-X-SKIP")
	}
	if !delta.has("#EXT-X-MAP:") {
		t.Error("delta update lost EXT-X-MAP")
	}
}
