package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// lowLatencySession stands in for a live session's packager (llhls.Muxer's
// Handler, which videohost/live/llhls tests on its own): it answers the
// files of one rendition with what an LL-HLS packager lists, and records
// the queries it was asked with.
type lowLatencySession struct{ queries chan string }

func (s lowLatencySession) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	select {
	case s.queries <- r.URL.Path + "?" + r.URL.RawQuery:
	default:
	}
	switch r.URL.Path {
	case "/master.m3u8":
		w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
		w.Header().Set("Cache-Control", "no-cache")
		fmt.Fprint(w, "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-INDEPENDENT-SEGMENTS\n"+
			"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\",NAME=\"Audio\",DEFAULT=YES,URI=\"audio/0/playlist.m3u8\"\n"+
			"#EXT-X-STREAM-INF:BANDWIDTH=1200000,CODECS=\"avc1.64001f,mp4a.40.2\",AUDIO=\"audio\"\nh264_sd/playlist.m3u8\n")
	case "/h264_sd/playlist.m3u8":
		w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
		w.Header().Set("Cache-Control", "public, max-age=1")
		fmt.Fprint(w, "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-VERSION:9\n"+
			"#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12,PART-HOLD-BACK=1.5\n#EXT-X-PART-INF:PART-TARGET=0.5\n"+
			"#EXT-X-MEDIA-SEQUENCE:4\n#EXT-X-MAP:URI=\"init.mp4\"\n"+
			"#EXT-X-PROGRAM-DATE-TIME:2026-11-28T12:00:00.000Z\n#EXTINF:2.000,\n4.m4s\n"+
			"#EXT-X-PART:DURATION=0.5,URI=\"5.0.m4s\",INDEPENDENT=YES\n"+
			"#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"5.1.m4s\"\n"+
			"#EXT-X-RENDITION-REPORT:URI=\"../audio/0/playlist.m3u8\",LAST-MSN=5,LAST-PART=0\n")
	case "/h264_sd/5.0.m4s":
		w.Header().Set("Content-Type", "video/mp4")
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		fmt.Fprint(w, "part bytes")
	default:
		http.NotFound(w, r)
	}
}

// A signed live video's low-latency HLS lets in what its /media/ files let
// in (a token, then the grants its playlists list), lists every URI of a
// playlist with a grant (and the version, once the session published one),
// and is private to caches; a
// public one's is served as the packager answers it.
func TestLowLatencyHLSOfASignedVideo(t *testing.T) {
	session := lowLatencySession{queries: make(chan string, 64)}
	e := newEnv(t, withConfig(func(c *httpapi.Config) {
		c.LiveIngest = liveIngest
		c.LowLatency = func(string) (http.Handler, bool) { return session, true }
	}))
	ctx := context.Background()
	start := func(policy videohost.PlaybackPolicy) *videohost.Video {
		t.Helper()
		ls := e.createLiveStream(e.rw, nil)
		v, err := e.svc.Jobs().StartLiveVideo(ctx, videohost.LiveVideoInput{Space: e.space, StreamID: ls.ID, Title: "Live", Policy: policy})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	signed := start(videohost.PlaybackSigned)
	public := start(videohost.PlaybackPublic)

	// Both lookups list the low-latency HLS; the signed one's with the token.
	token := playbackToken(t, hmacKey(t, e.rw), signed.Embed)
	var view struct {
		URLs videohost.VideoURLs `json:"urls"`
	}
	must(t, e.req("GET", "/v1/embeds/"+signed.Embed+"?token="+token, "", nil), http.StatusOK, &view)
	master := view.URLs.LowLatencyHLS
	base := e.baseURL + "/live/" + e.space + "/" + signed.ID + "/"
	if !strings.HasPrefix(master, base+"master.m3u8?") || !strings.Contains(master, "token="+token) {
		t.Fatalf("the signed video's lookup lists low_latency_hls %q", master)
	}

	// Without a credential, or with a bad one: refused, as /media/ is.
	for _, u := range []string{base + "master.m3u8", base + "h264_sd/playlist.m3u8", base + "h264_sd/5.0.m4s", base + "h264_sd/5.0.m4s?g=forged"} {
		if r := e.req("GET", u, "", nil); r.status != http.StatusForbidden && r.status != http.StatusUnauthorized {
			t.Fatalf("GET %s without a credential: %d %s", u, r.status, r)
		}
	}

	r := e.req("GET", master, "", nil)
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Cache-Control"), "private") {
		t.Fatalf("master with the token: %d %q\n%s", r.status, r.header.Get("Cache-Control"), r)
	}
	uris := listedURIs(r.String())
	if len(uris) != 2 {
		t.Fatalf("master lists %q", uris)
	}
	for _, u := range uris {
		if !strings.Contains(u, "g=") {
			t.Fatalf("master lists %q without its grant", u)
		}
	}
	// The media playlist by its listed URI, as a blocking reload: hls.js
	// adds _HLS_msn and _HLS_part to it; the packager sees them.
	media := base + uris[1] + "&_HLS_msn=5&_HLS_part=0"
	r = e.req("GET", media, "", nil)
	if r.status != http.StatusOK || r.header.Get("Cache-Control") != "private, max-age=1" {
		t.Fatalf("media playlist: %d %q\n%s", r.status, r.header.Get("Cache-Control"), r)
	}
	if got := <-lastQuery(session.queries); !strings.Contains(got, "_HLS_msn=5") || !strings.Contains(got, "_HLS_part=0") {
		t.Fatalf("the packager was asked %q", got)
	}
	listed := listedURIs(r.String())
	want := []string{"init.mp4", "4.m4s", "5.0.m4s", "5.1.m4s", "../audio/0/playlist.m3u8"}
	if len(listed) != len(want) {
		t.Fatalf("media playlist lists %q, want the URIs of %q", listed, want)
	}
	for i, u := range listed {
		if !strings.HasPrefix(u, want[i]+"?") || !strings.Contains(u, "g=") {
			t.Fatalf("URI %d is %q, want %s with a grant", i, u, want[i])
		}
	}
	// The session's set is published as the video's first version after
	// those playlists were served: their grants open its parts all the same.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "playlist.m3u8"), []byte(master), 0o644); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.svc.Jobs().PublishPlayableCopy(ctx, signed.ID, dir, &videohost.ProcessOutput{Live: true}); err != nil || !ok {
		t.Fatalf("publishing the session's set: %v %v", ok, err)
	}
	// A part by the URI listed: let in by its grant alone, private.
	r = e.req("GET", base+"h264_sd/"+listed[2], "", nil)
	if r.status != http.StatusOK || r.String() != "part bytes" || r.header.Get("Cache-Control") != "private, max-age=31536000, immutable" {
		t.Fatalf("part by its grant: %d %q %q", r.status, r.header.Get("Cache-Control"), r)
	}
	// Nor does a tampered grant (after the public video's part, passed as the packager answered it).
	must(t, e.req("GET", "/v1/embeds/"+public.Embed, "", nil), http.StatusOK, &view)
	if r := e.req("GET", e.baseURL+"/live/"+e.space+"/"+public.ID+"/h264_sd/5.0.m4s", "", nil); r.status != http.StatusOK || r.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("a public video's part: %d %q", r.status, r.header.Get("Cache-Control"))
	}
	grant := listed[2][strings.Index(listed[2], "?"):]
	if r := e.req("GET", e.baseURL+"/live/"+e.space+"/"+signed.ID+"/h264_sd/5.0.m4s"+strings.Replace(grant, "g=", "g=x", 1), "", nil); r.status == http.StatusOK {
		t.Fatalf("a tampered grant was let in")
	}

	// The public video's playlists pass as the packager wrote them.
	r = e.req("GET", view.URLs.LowLatencyHLS, "", nil)
	if r.status != http.StatusOK || strings.Contains(r.String(), "g=") || r.header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("public master: %d %q\n%s", r.status, r.header.Get("Cache-Control"), r)
	}
}

// lastQuery drains queries and answers the last one.
func lastQuery(queries chan string) <-chan string {
	out := make(chan string, 1)
	last := ""
	for {
		select {
		case q := <-queries:
			last = q
		default:
			out <- last
			return out
		}
	}
}
