package httpapi_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// Signed playlists list their URIs with a compact grant (?v=…&g=…) in place
// of the viewer's token (videohost/access/grants.go).

// wantGrant is the grant that the playlists served to token list for v: it
// carries the token's exp and kid.
func wantGrant(t *testing.T, e *env, v *videohost.Video, token string) string {
	t.Helper()
	parts := strings.Split(token, ".")
	var hdr struct {
		Kid string `json:"kid"`
	}
	var claims struct {
		Exp int64 `json:"exp"`
	}
	for i, dst := range []any{&hdr, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			t.Fatal(err)
		}
	}
	return access.New(e.svc).MintGrant(v.Space, v.ID, v.AssetVersion, time.Unix(claims.Exp, 0), hdr.Kid)
}

var grantParam = regexp.MustCompile(`[?&](?:amp;)?g=([^&"#\s<]+)`)

// grantsIn returns the distinct grants a body lists.
func grantsIn(body string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range grantParam.FindAllStringSubmatch(body, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	return out
}

// grantURL is the URL of an asset of v opened by grant at version.
func grantURL(e *env, v *videohost.Video, asset, version, grant string) string {
	u := e.mediaURL(v, asset)
	if version != "" {
		u = withQuery(u, "v", version)
	}
	return withQuery(u, "g", grant)
}

func TestSignedPlaylistsListGrants(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	token := playbackToken(t, hmacKey(t, e.rw), v.Embed)
	grant := wantGrant(t, e, v, token)
	master := e.mediaURL(v, "playlist.m3u8")

	// Walk everything the master lists, fetching each URI as a player
	// would (resolved against the playlist, its query as listed, no token).
	fetched := map[string]bool{}
	var walk func(base, uri string)
	walk = func(base, uri string) {
		t.Helper()
		u := resolveURI(t, base, uri)
		if fetched[u] {
			return
		}
		fetched[u] = true
		r := e.req("GET", u, "", nil)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d %s", u, r.status, r.body)
		}
		if cc := r.header.Get("Cache-Control"); !strings.HasPrefix(cc, "private,") {
			t.Errorf("%s: Cache-Control %q, want private", u, cc)
		}
		if strings.HasSuffix(strings.SplitN(u, "?", 2)[0], ".m3u8") {
			checkGrants(t, u, string(r.body), grant)
			for _, child := range listedURIs(string(r.body)) {
				walk(u, child)
			}
		}
	}
	r := e.req("GET", withQuery(master, "token", token), "", nil)
	must(t, r, http.StatusOK, nil)
	checkGrants(t, master, string(r.body), grant)
	for _, uri := range listedURIs(string(r.body)) {
		walk(master, uri)
	}
	// init, two segments, audio init and segment, subtitles, and the
	// media, audio and subtitle playlists.
	if len(fetched) < 9 {
		t.Fatalf("only %d URIs reached from the master playlist: %v", len(fetched), fetched)
	}

	// The DASH manifest and the storyboard cues list grants too.
	for _, asset := range []string{"manifest.mpd", "storyboard.vtt"} {
		r := e.req("GET", withQuery(e.mediaURL(v, asset), "token", token), "", nil)
		must(t, r, http.StatusOK, nil)
		checkGrants(t, asset, string(r.body), grant)
	}
	sprite := resolveURI(t, e.mediaURL(v, "storyboard.vtt"), "storyboard.jpg?v="+v.AssetVersion+"&g="+grant)
	must(t, e.req("GET", sprite, "", nil), http.StatusOK, nil)
	// A grant in the manifest's templates opens the segments they name.
	must(t, e.req("GET", grantURL(e, v, "h264_sd/1.m4s", v.AssetVersion, grant), "", nil), http.StatusOK, nil)
	// And the playlists answered by grant keep the ETag per credential:
	// revalidating with the grant's own ETag is a 304.
	g := e.req("GET", grantURL(e, v, "h264_sd/playlist.m3u8", v.AssetVersion, grant), "", nil)
	must(t, g, http.StatusOK, nil)
	if again := e.req("GET", grantURL(e, v, "h264_sd/playlist.m3u8", v.AssetVersion, grant), "", nil, "If-None-Match", g.header.Get("ETag")); again.status != http.StatusNotModified {
		t.Fatalf("revalidation by grant: %d", again.status)
	}
}

// checkGrants fails unless every URI of body carries grant and none the token.
func checkGrants(t *testing.T, name, body, grant string) {
	t.Helper()
	if strings.Contains(body, "token=") {
		t.Fatalf("%s lists the token:\n%s", name, body)
	}
	if got := grantsIn(body); len(got) != 1 || got[0] != grant {
		t.Fatalf("%s lists grants %q, want only %q:\n%s", name, got, grant, body)
	}
}

func TestGrantRefusals(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	other := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	public := e.publish(publishOptions{})
	rw := hmacKey(t, e.rw)
	token := playbackToken(t, rw, v.Space)
	grant := wantGrant(t, e, v, token)
	otherGrant := wantGrant(t, e, other, token)
	kid := apiKeyID(t, e.rw)
	now := time.Now()
	segment := "h264_sd/0.m4s"
	flip := func(s string) string {
		last := s[len(s)-1]
		if last == 'A' {
			return s[:len(s)-1] + "B"
		}
		return s[:len(s)-1] + "A"
	}
	must(t, e.req("GET", grantURL(e, v, segment, v.AssetVersion, grant), "", nil), http.StatusOK, nil)

	tests := []struct {
		name   string
		url    string
		status int
		code   string
	}{
		{"another video's grant", grantURL(e, v, segment, v.AssetVersion, otherGrant), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"this grant on another video", grantURL(e, other, segment, other.AssetVersion, grant), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"another version's grant", grantURL(e, v, segment, v.AssetVersion, access.New(e.svc).MintGrant(v.Space, v.ID, "oldversion", now.Add(time.Hour), kid)), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"named with another version", grantURL(e, v, segment, "oldversion", grant), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"without its version", grantURL(e, v, segment, "", grant), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"tampered mac", grantURL(e, v, segment, v.AssetVersion, flip(grant)), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"truncated", grantURL(e, v, segment, v.AssetVersion, grant[:len(grant)-3]), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"longer exp", grantURL(e, v, segment, v.AssetVersion, "9"+grant), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"garbage", grantURL(e, v, segment, v.AssetVersion, "x"), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"dots only", grantURL(e, v, segment, v.AssetVersion, ".."), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"huge", grantURL(e, v, segment, v.AssetVersion, strings.Repeat("9", 4096)), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"unknown key", grantURL(e, v, segment, v.AssetVersion, access.New(e.svc).MintGrant(v.Space, v.ID, v.AssetVersion, now.Add(time.Hour), "zzzzzzzzzzzz")), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"another space's key", grantURL(e, v, segment, v.AssetVersion, access.New(e.svc).MintGrant(v.Space, v.ID, v.AssetVersion, now.Add(time.Hour), apiKeyID(t, e.otherRW))), http.StatusUnauthorized, videohost.ETokenInvalid},
		{"expired", grantURL(e, v, segment, v.AssetVersion, access.New(e.svc).MintGrant(v.Space, v.ID, v.AssetVersion, now.Add(-time.Second), kid)), http.StatusUnauthorized, videohost.ETokenExpired},
		{"a bad token beside it wins", withQuery(grantURL(e, v, segment, v.AssetVersion, grant), "token", "not-a-token"), http.StatusUnauthorized, videohost.ETokenInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.req("GET", tt.url, "", nil)
			p := problem(t, r, tt.status, tt.code)
			if strings.Contains(string(r.body), "segment-bytes") || p.Detail == "" {
				t.Fatalf("served or undetailed: %s", r.body)
			}
		})
	}

	t.Run("public videos ignore grants", func(t *testing.T) {
		must(t, e.req("GET", grantURL(e, public, segment, public.AssetVersion, "x"), "", nil), http.StatusOK, nil)
	})

	t.Run("deleted signing key", func(t *testing.T) {
		k, priv := e.createSigningKey("")
		tok, err := tokens.SignPlayback(priv, v.Embed, time.Hour, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := wantGrant(t, e, v, tok)
		pl := e.req("GET", withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", tok), "", nil)
		must(t, pl, http.StatusOK, nil)
		checkGrants(t, "media playlist", string(pl.body), g)
		u := grantURL(e, v, segment, v.AssetVersion, g)
		must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
		must(t, e.req("DELETE", "/v1/signing-keys/"+k.ID, e.rw, nil), http.StatusNoContent, nil)
		problem(t, e.req("GET", u, "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	})

	t.Run("deleted API key", func(t *testing.T) {
		var k videohost.Key
		must(t, e.req("POST", "/v1/keys", e.rw, map[string]any{"access": "read_only"}), http.StatusCreated, &k)
		tok := playbackToken(t, hmacKey(t, k.Secret), v.Embed)
		u := grantURL(e, v, segment, v.AssetVersion, wantGrant(t, e, v, tok))
		must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
		must(t, e.req("DELETE", "/v1/keys/"+k.ID, e.rw, nil), http.StatusNoContent, nil)
		problem(t, e.req("GET", u, "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	})

	t.Run("origins keep the token", func(t *testing.T) {
		tok := playbackToken(t, rw, v.Embed, "https://shop.example")
		r := e.req("GET", withQuery(e.mediaURL(v, "h264_sd/playlist.m3u8"), "token", tok), "", nil, "Origin", "https://shop.example")
		must(t, r, http.StatusOK, nil)
		if !strings.Contains(string(r.body), "0.m4s?v="+v.AssetVersion+"&token="+url.QueryEscape(tok)) || len(grantsIn(string(r.body))) != 0 {
			t.Fatalf("a token with origins must be listed itself:\n%s", r.body)
		}
	})

	t.Run("archived video", func(t *testing.T) {
		a := e.publish(publishOptions{policy: videohost.PlaybackSigned})
		u := grantURL(e, a, segment, a.AssetVersion, wantGrant(t, e, a, token))
		must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
		must(t, e.req("POST", "/v1/videos/"+a.ID+"/archive", e.rw, nil), http.StatusOK, nil)
		problem(t, e.req("GET", u, "", nil), http.StatusNotFound, videohost.ENotFound)
	})

	t.Run("expiry follows the service clock", func(t *testing.T) {
		u := grantURL(e, v, segment, v.AssetVersion, grant)
		must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
		e.clock.Advance(2 * time.Hour) // past the token's exp
		problem(t, e.req("GET", u, "", nil), http.StatusUnauthorized, videohost.ETokenExpired)
	})
}
