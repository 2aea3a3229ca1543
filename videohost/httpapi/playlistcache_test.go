package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

// The rewrite cache (playlistcache.go) must not change what a playlist
// request answers: the same bytes and validator on a hit as on a miss, a
// body and an ETag per token, a new version's own bytes, authorization on
// every request, and the byte budget.

func TestPlaylistCacheHitIsTheMiss(t *testing.T) {
	for _, policy := range []videohost.PlaybackPolicy{videohost.PlaybackPublic, videohost.PlaybackSigned} {
		t.Run(string(policy), func(t *testing.T) {
			e := newEnv(t)
			cold := newEnv(t, withConfig(func(c *httpapi.Config) { c.PlaylistCacheSize = -1 }))
			v := e.publish(publishOptions{policy: policy})
			cv := cold.publish(publishOptions{policy: policy})
			token, coldToken := "", ""
			if policy == videohost.PlaybackSigned {
				token = playbackToken(t, hmacKey(t, e.rw), v.Embed)
				coldToken = playbackToken(t, hmacKey(t, cold.rw), cv.Embed)
			}
			for _, asset := range []string{"playlist.m3u8", "h264_sd/playlist.m3u8", "audio/0/playlist.m3u8", "manifest.mpd", "storyboard.vtt"} {
				u := withQuery(e.mediaURL(v, asset), "token", token)
				miss := e.req("GET", u, "", nil)
				must(t, miss, http.StatusOK, nil)
				for i := range 3 {
					hit := e.req("GET", u, "", nil)
					if hit.status != http.StatusOK || !bytes.Equal(hit.body, miss.body) {
						t.Fatalf("%s, request %d: %d, body\n%s\nwant\n%s", asset, i+2, hit.status, hit.body, miss.body)
					}
					for _, h := range []string{"ETag", "Last-Modified", "Cache-Control", "Content-Type", "Content-Length", "Access-Control-Allow-Origin", "X-Content-Type-Options"} {
						if hit.header.Get(h) != miss.header.Get(h) {
							t.Errorf("%s: %s %q on a hit, %q on the miss", asset, h, hit.header.Get(h), miss.header.Get(h))
						}
					}
				}
				// Without the cache, the same rewrite (the other env's
				// ids, version and token in their places).
				c := cold.req("GET", withQuery(cold.mediaURL(cv, asset), "token", coldToken), "", nil)
				must(t, c, http.StatusOK, nil)
				want := strings.NewReplacer(cv.AssetVersion, v.AssetVersion, url.QueryEscape(coldToken), url.QueryEscape(token), coldToken, token).Replace(string(c.body))
				if token != "" {
					want = strings.ReplaceAll(want, wantGrant(t, cold, cv, coldToken), wantGrant(t, e, v, token))
				}
				if policy == videohost.PlaybackPublic && asset == "storyboard.vtt" {
					want = string(c.body) // served as is
				}
				if string(miss.body) != want {
					t.Errorf("%s: cached handler answered\n%s\nthe uncached one\n%s", asset, miss.body, want)
				}
			}
		})
	}
}

func TestPlaylistCacheConditionalRangeHead(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	u := withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", playbackToken(t, hmacKey(t, e.rw), v.Embed))
	full := e.req("GET", u, "", nil)
	must(t, full, http.StatusOK, nil)
	for range 2 { // the miss, then a hit
		r := e.req("GET", u, "", nil, "If-None-Match", full.header.Get("ETag"))
		if r.status != http.StatusNotModified || len(r.body) != 0 {
			t.Fatalf("If-None-Match: %d %q", r.status, r.body)
		}
		r = e.req("GET", u, "", nil, "Range", "bytes=5-14")
		if r.status != http.StatusPartialContent || !bytes.Equal(r.body, full.body[5:15]) {
			t.Fatalf("range: %d %q", r.status, r.body)
		}
		if got, want := r.header.Get("Content-Range"), fmt.Sprintf("bytes 5-14/%d", len(full.body)); got != want {
			t.Fatalf("Content-Range %q, want %q", got, want)
		}
		r = e.req("GET", u, "", nil, "Range", "bytes=-7")
		if r.status != http.StatusPartialContent || !bytes.Equal(r.body, full.body[len(full.body)-7:]) {
			t.Fatalf("suffix range: %d %q", r.status, r.body)
		}
		r = e.req("GET", u, "", nil, "Range", "bytes=0-3,10-12")
		_, params, err := mime.ParseMediaType(r.header.Get("Content-Type"))
		if r.status != http.StatusPartialContent || err != nil {
			t.Fatalf("two ranges: %d %v", r.status, err)
		}
		mr := multipart.NewReader(bytes.NewReader(r.body), params["boundary"])
		var parts []string
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			var b bytes.Buffer
			b.ReadFrom(p)
			parts = append(parts, b.String())
		}
		if want := []string{string(full.body[0:4]), string(full.body[10:13])}; fmt.Sprint(parts) != fmt.Sprint(want) {
			t.Fatalf("parts %q, want %q", parts, want)
		}
		r = e.req("HEAD", u, "", nil)
		if r.status != http.StatusOK || len(r.body) != 0 || r.header.Get("Content-Length") != fmt.Sprint(len(full.body)) || r.header.Get("ETag") != full.header.Get("ETag") {
			t.Fatalf("HEAD: %d len=%d %v", r.status, len(r.body), r.header)
		}
	}
}

func TestPlaylistCachePerToken(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	rw := hmacKey(t, e.rw)
	a, b := playbackToken(t, rw, v.Embed), playbackToken(t, rw, v.Space)
	get := func(tok string, hdr ...string) *response {
		t.Helper()
		return e.req("GET", withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", tok), "", nil, hdr...)
	}
	ra := get(a)
	rb := get(b)
	must(t, ra, http.StatusOK, nil)
	must(t, rb, http.StatusOK, nil)
	if ra.header.Get("ETag") == rb.header.Get("ETag") {
		t.Fatalf("two tokens share the ETag %s", ra.header.Get("ETag"))
	}
	for _, c := range []struct {
		r        *response
		own, not string
	}{{ra, a, b}, {rb, b, a}} {
		// Both tokens were signed with one key in one second: their grants
		// are one, and neither token is listed.
		if !strings.Contains(string(c.r.body), "g="+wantGrant(t, e, v, c.own)) || strings.Contains(string(c.r.body), url.QueryEscape(c.not)) || strings.Contains(string(c.r.body), url.QueryEscape(c.own)) {
			t.Fatalf("a body lists a token or lacks its grant:\n%s", c.r.body)
		}
	}
	// Both cached now: each token still gets its own, and the other's
	// validator does not match.
	if again := get(a); !bytes.Equal(again.body, ra.body) || again.header.Get("ETag") != ra.header.Get("ETag") {
		t.Fatalf("token a after b: %s", again.body)
	}
	if r := get(b, "If-None-Match", ra.header.Get("ETag")); r.status != http.StatusOK || !bytes.Equal(r.body, rb.body) {
		t.Fatalf("token b with a's ETag: %d", r.status)
	}
}

func TestPlaylistCacheStillAuthorizes(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	tok := playbackToken(t, hmacKey(t, e.rw), v.Embed) // valid for an hour
	u := withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", tok)
	must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
	must(t, e.req("GET", u, "", nil), http.StatusOK, nil) // cached
	problem(t, e.req("GET", e.mediaURL(v, "h264_sd/playlist.m3u8"), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	problem(t, e.req("GET", withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", flipLast(tok)), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)

	// Archived: gone within the video lookup cache's second, cached
	// playlist or not.
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	deadline := time.Now().Add(2 * time.Second)
	for e.req("GET", u, "", nil).status != http.StatusNotFound {
		if time.Now().After(deadline) {
			t.Fatal("an archived video's playlist still served after 2 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	must(t, e.req("POST", "/v1/videos/"+v.ID+"/unarchive", e.rw, nil), http.StatusOK, nil)
	must(t, e.req("GET", u, "", nil), http.StatusOK, nil)

	// Expired: refused although its playlist is cached.
	e.clock.Advance(2 * time.Hour)
	problem(t, e.req("GET", u, "", nil), http.StatusUnauthorized, videohost.ETokenExpired)
}

// TestPlaylistCacheNewVersion: a re-publish changes what the playlists
// hold and their ETags, and the embed lookup's master URL names the new
// version, so that a player looking the video up again after the old
// version's files went (the ladder replacing the early remux) fetches a URL
// that no cache holds.
func TestPlaylistCacheNewVersion(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{})
	masterOf := func() string {
		t.Helper()
		var got embedJSON
		must(t, e.req("GET", "/v1/embeds/"+v.Embed, "", nil), http.StatusOK, &got)
		return got.URLs.HLS
	}
	oldMaster := masterOf()
	u := e.mediaURL(v, "h264_sd/playlist.m3u8")
	first := e.req("GET", u, "", nil)
	must(t, first, http.StatusOK, nil)
	must(t, e.req("GET", u, "", nil), http.StatusOK, nil) // cached

	ctx := context.Background()
	files := fakeAssets()
	files["h264_sd/playlist.m3u8"] = []byte("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000,\nnew.m4s\n#EXT-X-ENDLIST\n")
	if _, err := e.svc.CreateUploadVideo(ctx, &videohost.Principal{Space: v.Space, Access: videohost.AccessReadWrite}, videohost.UploadInput{ReplaceVideo: v.ID}); err != nil {
		t.Fatal(err)
	}
	e.svc.Jobs().SourceStored(ctx, v.ID, 1)
	e.svc.Jobs().StartProcessing(ctx, v.ID)
	nv, err := e.svc.Jobs().PublishReady(ctx, v.ID, writeFiles(t, files), &videohost.ProcessOutput{Duration: 3, Width: 320, Height: 240,
		Renditions: v.Renditions})
	if err != nil {
		t.Fatal(err)
	}
	if nv.AssetVersion == v.AssetVersion {
		t.Fatal("the re-publish kept the version")
	}
	second := e.req("GET", u, "", nil, "If-None-Match", first.header.Get("ETag"))
	must(t, second, http.StatusOK, nil)
	if want := "new.m4s?v=" + nv.AssetVersion + "\n"; !strings.Contains(string(second.body), want) || strings.Contains(string(second.body), v.AssetVersion) {
		t.Fatalf("after re-publish, want %q:\n%s", want, second.body)
	}
	if second.header.Get("ETag") == first.header.Get("ETag") {
		t.Fatalf("the new version kept the ETag %s", first.header.Get("ETag"))
	}
	if m := masterOf(); m == oldMaster || m != e.mediaURL(v, "playlist.m3u8")+"?v="+nv.AssetVersion {
		t.Fatalf("after re-publish the lookup lists the master %s (before: %s)", m, oldMaster)
	}
}

func TestPlaylistCacheBudget(t *testing.T) {
	const budget = 32 << 10
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.PlaylistCacheSize = budget }))
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	rw := hmacKey(t, e.rw)
	// Tokens signed in the same second are the same string unless
	// something differs: each names an origin of its own.
	tokens := make([]string, 40)
	origin := func(i int) string { return fmt.Sprintf("https://site%d.example", i) }
	bodies := map[string]string{}
	for i := range tokens {
		tokens[i] = playbackToken(t, rw, v.Embed, origin(i))
		for _, asset := range []string{"playlist.m3u8", "h264_sd/playlist.m3u8"} {
			r := e.req("GET", withQuery(e.mediaURL(v, asset), "token", tokens[i]), "", nil, "Origin", origin(i))
			must(t, r, http.StatusOK, nil)
			bodies[tokens[i]+asset] = string(r.body)
			if n := e.h.PlaylistCacheBytes(); n > budget {
				t.Fatalf("the cache holds %d bytes, over its %d", n, budget)
			}
		}
	}
	if n := e.h.PlaylistCacheBytes(); n < budget/2 {
		t.Fatalf("the cache holds %d bytes after 80 playlists, want near %d", n, budget)
	}
	// Evicted or not, every token still gets its own bytes.
	for _, i := range []int{0, len(tokens) - 1} {
		tok := tokens[i]
		for _, asset := range []string{"playlist.m3u8", "h264_sd/playlist.m3u8"} {
			r := e.req("GET", withQuery(e.mediaURL(v, asset), "token", tok), "", nil, "Origin", origin(i))
			if string(r.body) != bodies[tok+asset] {
				t.Fatalf("%s: %s", asset, r.body)
			}
		}
	}

	off := newEnv(t, withConfig(func(c *httpapi.Config) { c.PlaylistCacheSize = -1 }))
	ov := off.publish(publishOptions{})
	must(t, off.req("GET", off.mediaURL(ov, "playlist.m3u8"), "", nil), http.StatusOK, nil)
	if n := off.h.PlaylistCacheBytes(); n != 0 {
		t.Fatalf("a disabled cache holds %d bytes", n)
	}
}

func TestPlaylistCacheConcurrent(t *testing.T) {
	// A budget of a few entries, so that hits, misses and evictions race.
	e := newEnv(t, withConfig(func(c *httpapi.Config) { c.PlaylistCacheSize = 8 << 10 }))
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	rw := hmacKey(t, e.rw)
	origin := func(i int) string { return fmt.Sprintf("https://site%d.example", i) }
	toks := make([]string, 6)
	for i := range toks {
		toks[i] = playbackToken(t, rw, v.Embed, origin(i))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*30)
	for g := range 8 {
		wg.Go(func() {
			for n := range 30 {
				i := (g + n) % len(toks)
				req, _ := http.NewRequest("GET", withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", toks[i]), nil)
				req.Header.Set("Origin", origin(i))
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					errs <- err
					return
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "token="+url.QueryEscape(toks[i])) {
					errs <- fmt.Errorf("token %d: %d\n%s", i, res.StatusCode, body)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := e.h.PlaylistCacheBytes(); n > 8<<10 {
		t.Fatalf("the cache holds %d bytes, over its budget", n)
	}
}
