package tokens_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// A remembered token must be refused in every case where a full
// verification would refuse it now: the cache may skip only the signature.
func TestVerifiedCacheRechecksEverythingButTheSignature(t *testing.T) {
	keys := newTestKeys(t)
	at := tokens.WithNow(fixedClock)
	playback, err := tokens.SignPlayback(keys.readWrite, "emb01", time.Hour, []string{"https://a.example"}, at)
	if err != nil {
		t.Fatal(err)
	}
	upload, err := tokens.SignUpload(keys.readWrite, "spc01", time.Hour, at)
	if err != nil {
		t.Fatal(err)
	}
	signed, err := tokens.SignPlayback(keys.ed, "emb01", time.Hour, nil, at)
	if err != nil {
		t.Fatal(err)
	}
	otherEd := newTestKeys(t).es.Public().VerificationKey(true)

	for _, tc := range []struct {
		name  string
		token string
		aud   tokens.Audience
		// after the first (cached) verification:
		now      time.Time
		resolve  func(kid string, k tokens.VerificationKey) (tokens.VerificationKey, error)
		wantCode string // "" = accepted
	}{
		{name: "hit accepted", token: playback, aud: tokens.AudiencePlayback},
		{name: "ed25519 hit accepted", token: signed, aud: tokens.AudiencePlayback},
		{name: "expired since", token: playback, aud: tokens.AudiencePlayback, now: testNow.Add(3 * time.Hour), wantCode: tokens.CodeTokenExpired},
		{name: "key deleted since", token: playback, aud: tokens.AudiencePlayback,
			resolve: func(kid string, _ tokens.VerificationKey) (tokens.VerificationKey, error) {
				return tokens.VerificationKey{}, fmt.Errorf("%s: %w", kid, tokens.ErrKeyNotFound)
			}, wantCode: tokens.CodeTokenInvalid},
		{name: "secret replaced since", token: playback, aud: tokens.AudiencePlayback,
			resolve: func(string, tokens.VerificationKey) (tokens.VerificationKey, error) {
				return tokens.VerificationKey{Secret: []byte("another-secret-of-enough-length-0000")}, nil
			}, wantCode: tokens.CodeTokenInvalid},
		{name: "public key replaced since", token: signed, aud: tokens.AudiencePlayback,
			resolve:  func(string, tokens.VerificationKey) (tokens.VerificationKey, error) { return otherEd, nil },
			wantCode: tokens.CodeTokenInvalid},
		{name: "key lost upload right since", token: upload, aud: tokens.AudienceUpload,
			resolve: func(_ string, k tokens.VerificationKey) (tokens.VerificationKey, error) {
				k.CanSignUpload = false
				return k, nil
			}, wantCode: tokens.CodeTokenInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := testNow
			var resolve func(string, tokens.VerificationKey) (tokens.VerificationKey, error)
			base := keys.resolver()
			v := &tokens.Verifier{
				Now:   func() time.Time { return now },
				Cache: tokens.NewVerifiedCache(0, 0),
				Keys: tokens.KeyResolverFunc(func(ctx context.Context, kid string) (tokens.VerificationKey, error) {
					k, err := base.ResolveKey(ctx, kid)
					if err == nil && resolve != nil {
						return resolve(kid, k)
					}
					return k, err
				}),
			}
			first, err := v.Verify(context.Background(), tc.token, tc.aud)
			if err != nil {
				t.Fatalf("first verification: %v", err)
			}
			if !tc.now.IsZero() {
				now = tc.now
			}
			resolve = tc.resolve
			second, err := v.Verify(context.Background(), tc.token, tc.aud)
			if tc.wantCode == "" {
				if err != nil {
					t.Fatalf("cached verification: %v", err)
				}
				if second.Subject != first.Subject || second.KeyID != first.KeyID || !second.Expiry.Equal(first.Expiry) {
					t.Fatalf("cached claims %+v, first %+v", second, first)
				}
				return
			}
			var te *tokens.Error
			if !errors.As(err, &te) || te.Code != tc.wantCode {
				t.Fatalf("cached verification = %v, want code %s", err, tc.wantCode)
			}
		})
	}
}

// The audience is part of what was verified: a playback token remembered
// as such is still refused as an upload token.
func TestVerifiedCacheKeepsAudiences(t *testing.T) {
	keys := newTestKeys(t)
	v := keys.verifier()
	v.Cache = tokens.NewVerifiedCache(0, 0)
	tok, err := tokens.SignPlayback(keys.readWrite, "emb01", time.Hour, nil, tokens.WithNow(fixedClock))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(context.Background(), tok, tokens.AudiencePlayback); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(context.Background(), tok, tokens.AudienceUpload); err == nil {
		t.Fatal("a remembered playback token passed as an upload token")
	}
}

// The cache is bounded, and a tampered twin of a remembered token is never
// a hit.
func TestVerifiedCacheBoundAndTampering(t *testing.T) {
	keys := newTestKeys(t)
	v := keys.verifier()
	v.Cache = tokens.NewVerifiedCache(50, 0)
	at := tokens.WithNow(fixedClock)
	var last string
	for i := range 500 {
		tok, err := tokens.SignPlayback(keys.readWrite, fmt.Sprintf("emb%03d", i), time.Hour, nil, at)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.Verify(context.Background(), tok, tokens.AudiencePlayback); err != nil {
			t.Fatal(err)
		}
		last = tok
	}
	if n := v.Cache.Len(); n > 50 {
		t.Fatalf("cache holds %d tokens, bound is 50", n)
	}
	if _, err := v.Verify(context.Background(), tamper(t, last, 2), tokens.AudiencePlayback); err == nil {
		t.Fatal("a tampered token verified")
	}
	if _, err := v.Verify(context.Background(), last+"\n", tokens.AudiencePlayback); err == nil {
		t.Fatal("a non-canonical spelling verified")
	}
}

func BenchmarkVerifyPlayback(b *testing.B) {
	keys := newTestKeys(b)
	tok, err := tokens.SignPlayback(keys.readWrite, "emb01", time.Hour, nil, tokens.WithNow(fixedClock))
	if err != nil {
		b.Fatal(err)
	}
	for _, cached := range []bool{false, true} {
		b.Run(fmt.Sprintf("cache=%v", cached), func(b *testing.B) {
			v := keys.verifier()
			if cached {
				v.Cache = tokens.NewVerifiedCache(0, 0)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := v.Verify(context.Background(), tok, tokens.AudiencePlayback); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
