package httpapi_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/httpapi"
)

type signingKeyJSON struct {
	ID         string          `json:"id"`
	Space      string          `json:"space"`
	Algorithm  string          `json:"algorithm"`
	PublicJWK  json.RawMessage `json:"public_jwk"`
	PrivatePEM string          `json:"private_pem"`
	PrivateJWK json.RawMessage `json:"private_jwk"`
	CreatedAt  time.Time       `json:"created_at"`
}

func (e *env) createSigningKey(alg string) (signingKeyJSON, tokens.SigningKey) {
	e.t.Helper()
	var k signingKeyJSON
	body := map[string]any{}
	if alg != "" {
		body["algorithm"] = alg
	}
	must(e.t, e.req("POST", "/v1/signing-keys", e.rw, body), http.StatusCreated, &k)
	priv, err := tokens.ParseSigningKeyJWK(k.PrivateJWK)
	if err != nil {
		e.t.Fatalf("private_jwk: %v", err)
	}
	fromPEM, err := tokens.ParseSigningKeyPEM(k.ID, []byte(k.PrivatePEM))
	if err != nil || fromPEM.Algorithm() != priv.Algorithm() {
		e.t.Fatalf("private_pem: %v", err)
	}
	return k, priv
}

func TestSigningKeys(t *testing.T) {
	e := newEnv(t)
	v := e.publish(publishOptions{policy: videohost.PlaybackSigned})

	ed, edPriv := e.createSigningKey("")
	es, esPriv := e.createSigningKey("ES256")
	if ed.Algorithm != "EdDSA" || es.Algorithm != "ES256" || ed.Space != e.space || len(ed.ID) != videohost.SigningKeyIDLen || ed.PrivatePEM == "" {
		t.Fatalf("created %+v / %+v", ed, es)
	}
	problem(t, e.req("POST", "/v1/signing-keys", e.rw, map[string]any{"algorithm": "HS256"}), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("POST", "/v1/signing-keys", e.ro, nil), http.StatusForbidden, videohost.EReadOnlyKey)
	problem(t, e.req("POST", "/v1/signing-keys", "", nil), http.StatusUnauthorized, videohost.EUnauthorized)

	// Listed without the private half, only in the key's space.
	r := e.req("GET", "/v1/signing-keys", e.ro, nil)
	must(t, r, http.StatusOK, nil)
	if strings.Contains(string(r.body), "private") || !strings.Contains(string(r.body), ed.ID) || !strings.Contains(string(r.body), es.ID) {
		t.Fatalf("list: %s", r.body)
	}
	var other struct{ Data []signingKeyJSON }
	must(t, e.req("GET", "/v1/signing-keys", e.otherRW, nil), http.StatusOK, &other)
	if len(other.Data) != 0 {
		t.Fatalf("another space sees %d keys", len(other.Data))
	}

	// The JWKS publishes both public halves, with no auth and open CORS.
	r = e.req("GET", "/.well-known/jwks.json", "", nil)
	must(t, r, http.StatusOK, nil)
	var set struct {
		Keys []map[string]any `json:"keys"`
	}
	json.Unmarshal(r.body, &set)
	kids := map[string]bool{}
	for _, k := range set.Keys {
		kids[k["kid"].(string)] = true
		if k["d"] != nil {
			t.Fatal("the JWKS leaks a private key")
		}
	}
	if !kids[ed.ID] || !kids[es.ID] || r.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("jwks %s", r.body)
	}

	// Tokens from both keys unlock the video.
	for _, key := range []tokens.SigningKey{edPriv, esPriv} {
		tok := playbackToken(t, key, v.Embed)
		must(t, e.req("GET", withQuery(e.mediaURL(v, "poster.jpg"), "token", tok), "", nil), http.StatusOK, nil)
	}
	edToken := playbackToken(t, edPriv, v.Embed)

	// Deleting a key revokes its tokens and drops it from the JWKS.
	problem(t, e.req("DELETE", "/v1/signing-keys/"+ed.ID, e.otherRW, nil), http.StatusNotFound, videohost.ENotFound)
	must(t, e.req("DELETE", "/v1/signing-keys/"+ed.ID, e.rw, nil), http.StatusNoContent, nil)
	problem(t, e.req("DELETE", "/v1/signing-keys/"+ed.ID, e.rw, nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", withQuery(e.mediaURL(v, "poster.jpg"), "token", edToken), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	r = e.req("GET", "/.well-known/jwks.json", "", nil)
	if strings.Contains(string(r.body), ed.ID) || !strings.Contains(string(r.body), es.ID) {
		t.Fatalf("jwks after delete: %s", r.body)
	}
}

type embedJSON struct {
	ID             string              `json:"id"`
	Embed          string              `json:"embed"`
	Title          string              `json:"title"`
	Duration       float64             `json:"duration"`
	Width          int                 `json:"width"`
	AspectRatio    string              `json:"aspect_ratio"`
	Playable       bool                `json:"playable"`
	PlaybackPolicy string              `json:"playback_policy"`
	URLs           videohost.VideoURLs `json:"urls"`
	Renditions     []struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"renditions"`
	AudioTracks []videohost.AudioTrack `json:"audio_tracks"`
	Transcript  *string                `json:"transcript"`
}

func TestEmbeds(t *testing.T) {
	e := newEnv(t)
	pub := e.publish(publishOptions{})
	signed := e.publish(publishOptions{policy: videohost.PlaybackSigned})
	pending := e.createVideo(e.rw, map[string]any{"title": "soon"})

	var got embedJSON
	r := e.req("GET", "/v1/embeds/"+pub.Embed, "", nil, "Origin", "https://page.example")
	must(t, r, http.StatusOK, &got)
	if got.ID != pub.ID || got.Width != 320 || got.AspectRatio != "4:3" || !got.Playable || got.URLs.HLS != e.mediaURL(pub, "playlist.m3u8")+"?v="+pub.AssetVersion ||
		got.URLs.DASH != e.mediaURL(pub, "manifest.mpd")+"?v="+pub.AssetVersion ||
		len(got.Renditions) != 1 || got.Renditions[0].URL != e.mediaURL(pub, "h264_sd.mp4")+"?v="+pub.AssetVersion || len(got.AudioTracks) != 1 ||
		r.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("public embed %+v", got)
	}
	// Every URL of the public view answers.
	for _, u := range []string{got.URLs.HLS, got.URLs.DASH, got.URLs.Poster, got.URLs.Clip, got.URLs.Audio, got.URLs.Storyboard, got.AudioTracks[0].URL} {
		must(t, e.req("GET", u, "", nil), http.StatusOK, nil)
	}

	problem(t, e.req("GET", "/v1/embeds/"+signed.Embed, "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	tok := playbackToken(t, hmacKey(t, e.ro), signed.Embed)
	for _, how := range []struct{ path, bearer string }{
		{"/v1/embeds/" + signed.Embed + "?token=" + url.QueryEscape(tok), ""},
		{"/v1/embeds/" + signed.Embed, tok},
	} {
		var sv embedJSON
		must(t, e.req("GET", how.path, how.bearer, nil), http.StatusOK, &sv)
		for _, u := range []string{sv.URLs.HLS, sv.URLs.Poster, sv.URLs.Frame, sv.Renditions[0].URL, sv.AudioTracks[0].URL} {
			if !strings.Contains(u, "token="+tok) {
				t.Fatalf("signed URL without the token: %s", u)
			}
		}
		must(t, e.req("GET", sv.URLs.HLS, "", nil), http.StatusOK, nil)
	}

	var pv embedJSON
	must(t, e.req("GET", "/v1/embeds/"+pending.Embed, "", nil), http.StatusOK, &pv)
	if pv.Playable || pv.URLs.HLS != "" || len(pv.Renditions) != 0 {
		t.Fatalf("pending embed %+v", pv)
	}

	must(t, e.req("POST", "/v1/videos/"+pub.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	problem(t, e.req("GET", "/v1/embeds/"+pub.Embed, "", nil), http.StatusNotFound, videohost.ENotFound)
	must(t, e.req("DELETE", "/v1/videos/"+pending.ID, e.rw, nil), http.StatusNoContent, nil)
	problem(t, e.req("GET", "/v1/embeds/"+pending.Embed, "", nil), http.StatusNotFound, videohost.ENotFound)
	problem(t, e.req("GET", "/v1/embeds/nothing", "", nil), http.StatusNotFound, videohost.ENotFound)

	r = e.req("OPTIONS", "/v1/embeds/"+signed.Embed, "", nil, "Origin", "https://page.example", "Access-Control-Request-Headers", "authorization")
	if r.status != http.StatusNoContent || r.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("preflight %d %v", r.status, r.header)
	}
}

type listJSON struct {
	Data []struct {
		ID        string    `json:"id"`
		Embed     string    `json:"embed"`
		Title     string    `json:"title"`
		Duration  float64   `json:"duration"`
		Poster    string    `json:"poster"`
		State     string    `json:"state"`
		CreatedAt time.Time `json:"created_at"`
	} `json:"data"`
	NextCursor *string `json:"next_cursor"`
}

func TestPublicList(t *testing.T) {
	e := newEnv(t)
	parent := e.createCollection(e.rw, "parent", "")
	child := e.createCollection(e.rw, "child", parent.ID)
	a := e.publish(publishOptions{})
	e.clock.Advance(time.Second)
	b := e.publish(publishOptions{collection: parent.ID, policy: videohost.PlaybackSigned})
	e.clock.Advance(time.Second)
	c := e.publish(publishOptions{collection: child.ID})
	e.clock.Advance(time.Second)
	archived := e.publish(publishOptions{})
	must(t, e.req("POST", "/v1/videos/"+archived.ID+"/archive", e.rw, nil), http.StatusOK, nil)
	e.createVideo(e.rw, nil) // not playable
	rw := hmacKey(t, e.rw)

	ids := func(l listJSON) string {
		var out []string
		for _, d := range l.Data {
			out = append(out, d.ID)
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		name, sub, query, want string
	}{
		{"space", e.space, "", strings.Join([]string{c.ID, b.ID, a.ID}, ",")},
		{"space oldest first", e.space, "order=created_asc", strings.Join([]string{a.ID, b.ID, c.ID}, ",")},
		{"collection with nested", parent.ID, "", strings.Join([]string{c.ID, b.ID}, ",")},
		{"nested collection", child.ID, "", c.ID},
		{"narrowed by collection", e.space, "collection=" + child.ID, c.ID},
		{"narrowed within a collection", parent.ID, "collection=" + child.ID, c.ID},
	}
	for _, tt := range tests {
		var l listJSON
		tok := playbackToken(t, rw, tt.sub)
		must(t, e.req("GET", "/v1/list?"+tt.query+"&token="+url.QueryEscape(tok), "", nil), http.StatusOK, &l)
		if got := ids(l); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}

	// Paging with a Bearer token; the signed video's poster carries the token.
	tok := playbackToken(t, rw, e.space)
	var seen []string
	cursor := ""
	for range 5 {
		var l listJSON
		r := e.req("GET", "/v1/list?limit=1&cursor="+url.QueryEscape(cursor), tok, nil)
		must(t, r, http.StatusOK, &l)
		if r.header.Get("Access-Control-Allow-Origin") != "*" {
			t.Fatal("list without CORS")
		}
		for _, d := range l.Data {
			seen = append(seen, d.ID)
			if d.State != string(videohost.StateReady) {
				t.Fatalf("state %q of %s", d.State, d.ID)
			}
			if d.ID == b.ID && !strings.Contains(d.Poster, "token=") || d.ID == a.ID && strings.Contains(d.Poster, "token=") {
				t.Fatalf("poster %s of %s", d.Poster, d.ID)
			}
			must(t, e.req("GET", d.Poster, "", nil), http.StatusOK, nil)
		}
		if l.NextCursor == nil {
			break
		}
		cursor = *l.NextCursor
	}
	if strings.Join(seen, ",") != strings.Join([]string{c.ID, b.ID, a.ID}, ",") {
		t.Fatalf("paged %v", seen)
	}

	problem(t, e.req("GET", "/v1/list", "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	problem(t, e.req("GET", "/v1/list?token="+playbackToken(t, rw, a.Embed), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	problem(t, e.req("GET", "/v1/list?token="+playbackToken(t, rw, e.otherSpace), "", nil), http.StatusUnauthorized, videohost.ETokenInvalid)
	problem(t, e.req("GET", "/v1/list?collection="+parent.ID+"&token="+playbackToken(t, rw, child.ID), "", nil), http.StatusBadRequest, videohost.EValidation)
	problem(t, e.req("GET", "/v1/list?limit=500&token="+tok, "", nil), http.StatusBadRequest, videohost.EValidation)
	// An API key is not a playback token.
	problem(t, e.req("GET", "/v1/list", e.rw, nil), http.StatusUnauthorized, videohost.ETokenInvalid)
}

func TestUploadTokens(t *testing.T) {
	e := newEnv(t)
	coll := e.createCollection(e.rw, "uploads", "")
	ready := e.publish(publishOptions{})
	rw := hmacKey(t, e.rw)
	_, signing := e.createSigningKey("")
	upload := func(key tokens.Key, sub string, ttl time.Duration) string {
		tok, err := tokens.SignUpload(key, sub, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	videoOf := func(id string) *videohost.Video {
		var v videohost.Video
		must(t, e.req("GET", "/v1/videos/"+id, e.rw, nil), http.StatusOK, &v)
		return &v
	}

	// sub = space: a new video in the space.
	c := newTusClient(e, upload(rw, e.space, time.Hour))
	_, id := c.create(t, 4, map[string]string{"title": "by token"}, nil)
	if v := videoOf(id); v.Title != "by token" || v.Collection != nil {
		t.Fatalf("space upload %+v", v)
	}
	// sub = collection (signed with a signing key): the video goes there,
	// whatever the metadata says.
	c = newTusClient(e, upload(signing, coll.ID, time.Hour))
	loc, id := c.create(t, 4, map[string]string{"collection": ""}, nil)
	if v := videoOf(id); v.Collection == nil || *v.Collection != coll.ID {
		t.Fatalf("collection upload %+v", v)
	}
	c.patch(t, loc, 0, []byte("abcd"), http.StatusNoContent)
	// sub = video: replaces its source.
	r := newTusClient(e, upload(rw, ready.ID, time.Hour)).post(t, 4, nil, nil)
	if id := r.header.Get(httpapi.HeaderVideoID); r.status != http.StatusCreated || id != ready.ID || videoOf(id).State != videohost.StateCreated {
		t.Fatalf("replacing upload: %d names %s (want %s)", r.status, id, ready.ID)
	}

	now := time.Now()
	sign := func(key tokens.Key, cl tokens.Claims) string {
		tok, err := tokens.Sign(key, cl)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	refused := map[string]struct {
		token, code string
	}{
		"expired":          {sign(rw, tokens.Claims{Subject: e.space, Audience: tokens.AudienceUpload, IssuedAt: now.Add(-2 * time.Hour), Expiry: now.Add(-time.Hour)}), videohost.ETokenExpired},
		"playback token":   {playbackToken(t, rw, e.space), videohost.ETokenInvalid},
		"read-only key":    {upload(hmacKey(t, e.ro), e.space, time.Hour), videohost.ETokenInvalid},
		"over 24 h":        {upload(rw, e.space, 25*time.Hour), videohost.ETokenInvalid},
		"another space":    {upload(rw, e.otherSpace, time.Hour), videohost.ETokenInvalid},
		"unknown subject":  {upload(rw, "nothing", time.Hour), videohost.ETokenInvalid},
		"unknown key":      {upload(tokens.HMACKey{ID: "zzzzzzzzzzzz", Secret: e.rw}, e.space, time.Hour), videohost.ETokenInvalid},
		"tampered":         {upload(rw, e.space, time.Hour) + "x", videohost.ETokenInvalid},
		"alg none":         {noneToken(t, rw.ID, e.space), videohost.ETokenInvalid},
		"not a credential": {"garbage", videohost.ETokenInvalid},
	}
	for name, tc := range refused {
		r := newTusClient(e, tc.token).post(t, 4, nil, nil)
		if r.status != http.StatusUnauthorized || !strings.Contains(string(r.body), `"code":"`+tc.code+`"`) {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	// API keys still work, and the read-only rule holds.
	newTusClient(e, e.rw).create(t, 4, nil, nil)
	if r := newTusClient(e, e.ro).post(t, 4, nil, nil); r.status != http.StatusForbidden {
		t.Fatalf("read-only key: %d", r.status)
	}
}

func noneToken(t *testing.T, kid, sub string) string {
	t.Helper()
	enc := func(v any) string {
		b, _ := json.Marshal(v)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	return enc(map[string]string{"alg": "none", "kid": kid}) + "." +
		enc(map[string]any{"sub": sub, "aud": "upload", "exp": time.Now().Add(time.Hour).Unix()}) + "."
}
