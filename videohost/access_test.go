package videohost_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/collectionadmin"
	"github.com/reelvideo/reel/videohost/spaceadmin"
	"github.com/reelvideo/reel/videohost/sqlite"
)

type accessEnv struct {
	svc   *videohost.Service
	space string
	rw    *videohost.Key
	ro    *videohost.Key
	p     *videohost.Principal
}

// newAccessEnv is a service over SQLite; hide wraps the store so that it
// offers only videohost.Store (no signing keys).
func newAccessEnv(t testing.TB, hide bool) *accessEnv {
	t.Helper()
	wrap := func(db *sqlite.DB) videohost.Store { return db }
	if hide {
		wrap = func(db *sqlite.DB) videohost.Store { return struct{ videohost.Store }{db} }
	}
	return newAccessEnvOn(t, wrap, 0)
}

// newAccessEnvOn is newAccessEnv with the store wrap makes of the database
// and the given Config.CacheTTL (0: the default).
func newAccessEnvOn(t testing.TB, wrap func(*sqlite.DB) videohost.Store, cacheTTL time.Duration) *accessEnv {
	t.Helper()
	ctx := context.Background()
	db, blobs := openLocal(t)
	svc, err := videohost.New(videohost.Config{Store: wrap(db), Queue: db, Blobs: blobs, Secret: bytes.Repeat([]byte("k"), 32),
		BaseURL: "https://reel.example", CacheTTL: cacheTTL})
	if err != nil {
		t.Fatal(err)
	}
	sp, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	e := &accessEnv{svc: svc, space: sp.ID}
	for _, k := range keys {
		if k.Access == videohost.AccessReadWrite {
			e.rw = k
		} else {
			e.ro = k
		}
	}
	e.p = &videohost.Principal{Space: sp.ID, KeyID: e.rw.ID, Access: videohost.AccessReadWrite}
	return e
}

func (e *accessEnv) sign(t *testing.T, key tokens.Key, aud tokens.Audience, sub string, ttl time.Duration, origins ...string) string {
	t.Helper()
	now := time.Now()
	tok, err := tokens.Sign(key, tokens.Claims{Subject: sub, Audience: aud, IssuedAt: now, Expiry: now.Add(ttl), Origins: origins})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestAuthorizeUpload(t *testing.T) {
	ctx := context.Background()
	e := newAccessEnv(t, false)
	coll, err := collectionadmin.New(e.svc).CreateCollection(ctx, e.p, collectionadmin.CollectionInput{Name: ptr("c")})
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.svc.CreateUploadVideo(ctx, e.p, videohost.UploadInput{Title: "v"})
	if err != nil {
		t.Fatal(err)
	}
	sk, err := access.New(e.svc).CreateSigningKey(ctx, e.p, "ES256")
	if err != nil {
		t.Fatal(err)
	}
	priv, err := tokens.ParseSigningKeyJWK(sk.PrivateJWK)
	if err != nil {
		t.Fatal(err)
	}
	rw := tokens.HMACKey{ID: e.rw.ID, Secret: e.rw.Secret}
	ro := tokens.HMACKey{ID: e.ro.ID, Secret: e.ro.Secret}
	tests := []struct {
		name             string
		token            string
		code             string
		collection, repl string
	}{
		{"space", e.sign(t, rw, tokens.AudienceUpload, e.space, time.Hour), "", "", ""},
		{"collection", e.sign(t, rw, tokens.AudienceUpload, coll.ID, time.Hour), "", coll.ID, ""},
		{"video", e.sign(t, priv, tokens.AudienceUpload, v.ID, time.Hour), "", "", v.ID},
		{"embed is not an upload subject", e.sign(t, rw, tokens.AudienceUpload, v.Embed, time.Hour), videohost.ETokenInvalid, "", ""},
		{"read-only key", e.sign(t, ro, tokens.AudienceUpload, e.space, time.Hour), videohost.ETokenInvalid, "", ""},
		{"playback audience", e.sign(t, rw, tokens.AudiencePlayback, e.space, time.Hour), videohost.ETokenInvalid, "", ""},
		{"expired", e.sign(t, rw, tokens.AudienceUpload, e.space, -time.Hour), videohost.ETokenExpired, "", ""},
		{"unknown collection", e.sign(t, rw, tokens.AudienceUpload, "aaaaaaaaaaaa", time.Hour), videohost.ETokenInvalid, "", ""},
	}
	for _, tt := range tests {
		got, err := access.New(e.svc).AuthorizeUpload(ctx, tt.token)
		if videohost.ErrorCode(err) != tt.code {
			t.Errorf("%s: err %v, want code %q", tt.name, err, tt.code)
			continue
		}
		if err != nil {
			continue
		}
		if got.Principal.Space != e.space || !got.Principal.CanWrite() || got.Collection != tt.collection || got.ReplaceVideo != tt.repl {
			t.Errorf("%s: %+v %+v", tt.name, got, got.Principal)
		}
	}
}

func TestAuthorizePlayback(t *testing.T) {
	ctx := context.Background()
	e := newAccessEnv(t, false)
	top, _ := collectionadmin.New(e.svc).CreateCollection(ctx, e.p, collectionadmin.CollectionInput{Name: ptr("top")})
	mid, _ := collectionadmin.New(e.svc).CreateCollection(ctx, e.p, collectionadmin.CollectionInput{Name: ptr("mid"), Parent: &top.ID})
	leaf, _ := collectionadmin.New(e.svc).CreateCollection(ctx, e.p, collectionadmin.CollectionInput{Name: ptr("leaf"), Parent: &mid.ID})
	signed := videohost.PlaybackSigned
	v, err := e.svc.CreateVideo(ctx, e.p, videohost.CreateVideoInput{InputURL: "https://203.0.113.7/a.mp4", Collection: &leaf.ID, PlaybackPolicy: &signed})
	if err != nil {
		t.Fatal(err)
	}
	rw := tokens.HMACKey{ID: e.rw.ID, Secret: e.rw.Secret}
	ro := tokens.HMACKey{ID: e.ro.ID, Secret: e.ro.Secret}
	tests := []struct {
		name    string
		token   string
		origin  string
		code    string
		publicV bool
	}{
		{"embed", e.sign(t, rw, tokens.AudiencePlayback, v.Embed, time.Hour), "", "", false},
		{"leaf", e.sign(t, rw, tokens.AudiencePlayback, leaf.ID, time.Hour), "", "", false},
		{"grandparent", e.sign(t, rw, tokens.AudiencePlayback, top.ID, time.Hour), "", "", false},
		{"space", e.sign(t, rw, tokens.AudiencePlayback, e.space, time.Hour), "", "", false},
		// A playback token grants viewing only, which a read-only key may
		// do itself: read-only keys sign them (never upload tokens).
		{"read-only key", e.sign(t, ro, tokens.AudiencePlayback, v.Embed, time.Hour), "", "", false},
		{"no token", "", "", videohost.ETokenInvalid, false},
		{"video id", e.sign(t, rw, tokens.AudiencePlayback, v.ID, time.Hour), "", videohost.ETokenInvalid, false},
		{"expired", e.sign(t, rw, tokens.AudiencePlayback, v.Embed, -time.Hour), "", videohost.ETokenExpired, false},
		{"origin allowed", e.sign(t, rw, tokens.AudiencePlayback, v.Embed, time.Hour, "https://a.example"), "https://a.example", "", false},
		{"origin refused", e.sign(t, rw, tokens.AudiencePlayback, v.Embed, time.Hour, "https://a.example"), "https://b.example", videohost.ETokenInvalid, false},
		{"public ignores garbage", "garbage", "", "", true},
	}
	for _, tt := range tests {
		target := *v
		if tt.publicV {
			target.PlaybackPolicy = videohost.PlaybackPublic
		}
		err := access.New(e.svc).AuthorizePlayback(ctx, &target, access.PlaybackRequest{Token: tt.token, Origin: tt.origin})
		if videohost.ErrorCode(err) != tt.code {
			t.Errorf("%s: %v, want code %q", tt.name, err, tt.code)
		}
	}
}

func TestSigningKeysNeedAStoreThatKeepsThem(t *testing.T) {
	ctx := context.Background()
	e := newAccessEnv(t, true)
	if _, err := access.New(e.svc).CreateSigningKey(ctx, e.p, ""); videohost.ErrorCode(err) != videohost.EUnavailable {
		t.Fatalf("CreateSigningKey: %v", err)
	}
	jwks, err := access.New(e.svc).JWKS(ctx)
	if err != nil || !strings.Contains(string(jwks), `"keys":[]`) {
		t.Fatalf("JWKS: %s %v", jwks, err)
	}
	// API-key tokens still verify.
	tok := e.sign(t, tokens.HMACKey{ID: e.rw.ID, Secret: e.rw.Secret}, tokens.AudiencePlayback, e.space, time.Hour)
	if g, err := access.New(e.svc).VerifyToken(ctx, tok, tokens.AudiencePlayback); err != nil || g.Space != e.space {
		t.Fatalf("VerifyToken: %+v %v", g, err)
	}
}

func TestWithToken(t *testing.T) {
	tests := []struct{ in, token, want string }{
		{"https://h/a.m3u8", "t.k.n", "https://h/a.m3u8?token=t.k.n"},
		{"https://h/a.m4s?part=1", "t", "https://h/a.m4s?part=1&token=t"},
		{"https://h/i/e.jpg?time={time}&width={width}", "t", "https://h/i/e.jpg?time={time}&width={width}&token=t"},
		{"", "t", ""},
		{"https://h/a", "", "https://h/a"},
	}
	for _, tt := range tests {
		if got := videohost.WithToken(tt.in, tt.token); got != tt.want {
			t.Errorf("WithToken(%q, %q) = %q, want %q", tt.in, tt.token, got, tt.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// countingSigningKeys counts the store reads of signing keys.
type countingSigningKeys struct {
	*sqlite.DB
	reads atomic.Int64
}

func (c *countingSigningKeys) SigningKey(ctx context.Context, id string) (*videohost.SigningKey, error) {
	c.reads.Add(1)
	return c.DB.SigningKey(ctx, id)
}

// A player sends its token (or the grant a signed playlist lists) with
// every segment: resolving the signing key must not read the store and
// parse the PEM each time, and deleting the key, or its space, must still
// refuse its tokens at once.
func TestSigningKeyResolutionIsCached(t *testing.T) {
	ctx := context.Background()
	var store *countingSigningKeys
	e := newAccessEnvOn(t, func(db *sqlite.DB) videohost.Store {
		store = &countingSigningKeys{DB: db}
		return store
	}, time.Hour)
	svc := e.svc
	admin := &spaceadmin.Admin{KeyID: e.rw.ID, Access: videohost.AccessReadWrite}

	for _, deleteSpace := range []bool{false, true} {
		name := fmt.Sprintf("space %v", deleteSpace)
		sp, err := spaceadmin.New(svc).CreateSpace(ctx, admin, spaceadmin.SpaceInput{Name: &name})
		if err != nil {
			t.Fatal(err)
		}
		rw, err := spaceadmin.New(svc).CreateSpaceKey(ctx, admin, sp.ID, videohost.AccessReadWrite, "rw")
		if err != nil {
			t.Fatal(err)
		}
		p := &videohost.Principal{Space: sp.ID, KeyID: rw.ID, Access: videohost.AccessReadWrite}
		nk, err := access.New(svc).CreateSigningKey(ctx, p, "")
		if err != nil {
			t.Fatal(err)
		}
		priv, err := tokens.ParseSigningKeyPEM(nk.ID, []byte(nk.PrivatePEM))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := tokens.SignPlayback(priv, sp.ID, time.Hour, nil)
		if err != nil {
			t.Fatal(err)
		}
		before := store.reads.Load()
		for range 5 {
			g, err := access.New(svc).VerifyToken(ctx, tok, tokens.AudiencePlayback)
			if err != nil || g.Space != sp.ID {
				t.Fatalf("VerifyToken: %+v, %v", g, err)
			}
		}
		if n := store.reads.Load() - before; n != 1 {
			t.Fatalf("5 verifications read the signing key %d times, want 1", n)
		}
		if deleteSpace {
			err = spaceadmin.New(svc).DeleteSpace(ctx, admin, sp.ID, true)
		} else {
			err = access.New(svc).DeleteSigningKey(ctx, p, nk.ID)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := access.New(svc).VerifyToken(ctx, tok, tokens.AudiencePlayback); videohost.ErrorCode(err) != videohost.ETokenInvalid {
			t.Fatalf("delete space %v: a token of the deleted key: %v, want %s", deleteSpace, err, videohost.ETokenInvalid)
		}
	}
}
