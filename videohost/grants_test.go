package videohost_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

func TestAuthorizeAssetGrants(t *testing.T) {
	ctx := context.Background()
	e := newAccessEnv(t, false)
	signed := videohost.PlaybackSigned
	v, err := e.svc.CreateVideo(ctx, e.p, videohost.CreateVideoInput{InputURL: "https://203.0.113.7/a.mp4", PlaybackPolicy: &signed})
	if err != nil {
		t.Fatal(err)
	}
	v.AssetVersion = "ver1"
	rw := tokens.HMACKey{ID: e.rw.ID, Secret: e.rw.Secret}
	exp := time.Now().Add(time.Hour).Truncate(time.Second)
	tok, err := tokens.Sign(rw, tokens.Claims{Subject: v.Embed, Audience: tokens.AudiencePlayback, IssuedAt: time.Now(), Expiry: exp})
	if err != nil {
		t.Fatal(err)
	}
	want := access.New(e.svc).MintGrant(v.Space, v.ID, "ver1", exp, e.rw.ID)
	if len(want) > 64 {
		t.Fatalf("grant %q is %d bytes, want a compact one", want, len(want))
	}

	t.Run("a token mints the grant", func(t *testing.T) {
		pass, err := access.New(e.svc).AuthorizeAsset(ctx, v, access.PlaybackRequest{Token: tok})
		if err != nil {
			t.Fatal(err)
		}
		if p, g := pass.Listed(); p != access.GrantParam || g != want || pass.Credential != tok {
			t.Fatalf("listed %s=%s (credential %q), want g=%s", p, g, pass.Credential, want)
		}
	})

	t.Run("a token with origins is listed itself", func(t *testing.T) {
		o := e.sign(t, rw, tokens.AudiencePlayback, v.Embed, time.Hour, "https://a.example")
		pass, err := access.New(e.svc).AuthorizeAsset(ctx, v, access.PlaybackRequest{Token: o, Origin: "https://a.example"})
		if err != nil {
			t.Fatal(err)
		}
		if p, g := pass.Listed(); p != "token" || g != o {
			t.Fatalf("listed %s=%s, want the token", p, g)
		}
	})

	t.Run("a public video needs nothing", func(t *testing.T) {
		pub := *v
		pub.PlaybackPolicy = videohost.PlaybackPublic
		pass, err := access.New(e.svc).AuthorizeAsset(ctx, &pub, access.PlaybackRequest{Grant: "garbage"})
		if err != nil {
			t.Fatal(err)
		}
		if p, g := pass.Listed(); p != "" || g != "" || pass.Credential != "" {
			t.Fatalf("listed %s=%s for a public video", p, g)
		}
	})

	other := *v
	other.ID = "zzzzzzzzzzzz"
	tests := []struct {
		name    string
		v       *videohost.Video
		version string
		grant   string
		code    string
	}{
		{"valid", v, "ver1", want, ""},
		{"another video", &other, "ver1", want, videohost.ETokenInvalid},
		{"another version named", v, "ver2", want, videohost.ETokenInvalid},
		{"no version", v, "", want, videohost.ETokenInvalid},
		{"minted for another version", v, "ver1", access.New(e.svc).MintGrant(v.Space, v.ID, "ver0", exp, e.rw.ID), videohost.ETokenInvalid},
		{"minted for another space", v, "ver1", access.New(e.svc).MintGrant("otherspace", v.ID, "ver1", exp, e.rw.ID), videohost.ETokenInvalid},
		{"later exp", v, "ver1", "9" + want, videohost.ETokenInvalid},
		{"expired", v, "ver1", access.New(e.svc).MintGrant(v.Space, v.ID, "ver1", time.Now().Add(-time.Minute), e.rw.ID), videohost.ETokenExpired},
		{"unknown key", v, "ver1", access.New(e.svc).MintGrant(v.Space, v.ID, "ver1", exp, "aaaaaaaaaaaa"), videohost.ETokenInvalid},
		{"unknown signing key", v, "ver1", access.New(e.svc).MintGrant(v.Space, v.ID, "ver1", exp, "aaaaaaaaaaaaaaaa"), videohost.ETokenInvalid},
		{"truncated", v, "ver1", want[:len(want)-1], videohost.ETokenInvalid},
		{"padded mac", v, "ver1", want + "=", videohost.ETokenInvalid},
		{"leading zero exp", v, "ver1", "0" + want, videohost.ETokenInvalid},
		{"empty parts", v, "ver1", "..", videohost.ETokenInvalid},
		{"no dots", v, "ver1", "x", videohost.ETokenInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pass, err := access.New(e.svc).AuthorizeAsset(ctx, tt.v, access.PlaybackRequest{Grant: tt.grant, Version: tt.version})
			if videohost.ErrorCode(err) != tt.code {
				t.Fatalf("err %v, want code %q", err, tt.code)
			}
			if err != nil {
				var ge *access.GrantError
				if !errors.As(err, &ge) || ge.Reason == "" {
					t.Fatalf("err %v is not a *GrantError", err)
				}
				return
			}
			if p, g := pass.Listed(); p != access.GrantParam || g != tt.grant || pass.Credential != tt.grant {
				t.Fatalf("by grant, listed %s=%s (credential %q)", p, g, pass.Credential)
			}
		})
	}
}

// FuzzAuthorizeAssetGrant: whatever a URL carries as a grant and a version,
// the check answers without panicking, refuses with a token code, and
// accepts only the grant minted for the video at its version.
func FuzzAuthorizeAssetGrant(f *testing.F) {
	ctx := context.Background()
	e := newAccessEnv(f, false)
	signed := videohost.PlaybackSigned
	v, err := e.svc.CreateVideo(ctx, e.p, videohost.CreateVideoInput{InputURL: "https://203.0.113.7/a.mp4", PlaybackPolicy: &signed})
	if err != nil {
		f.Fatal(err)
	}
	v.AssetVersion = "ver1"
	good := access.New(e.svc).MintGrant(v.Space, v.ID, "ver1", time.Now().Add(time.Hour), e.rw.ID)
	for _, seed := range []string{good, good[:len(good)-1], "..", "1.x.y", "99999999999999999999.aaaaaaaaaaaa.AAAAAAAAAAAAAAAAAAAAAA"} {
		f.Add(seed, "ver1")
	}
	f.Fuzz(func(t *testing.T, grant, version string) {
		_, err := access.New(e.svc).AuthorizeAsset(ctx, v, access.PlaybackRequest{Grant: grant, Version: version})
		switch code := videohost.ErrorCode(err); {
		case err == nil:
			if grant != good || version != "ver1" {
				t.Fatalf("accepted %q at %q", grant, version)
			}
		case code != videohost.ETokenInvalid && code != videohost.ETokenExpired:
			t.Fatalf("%q: %v", grant, err)
		}
	})
}
