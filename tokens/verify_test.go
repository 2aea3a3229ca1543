package tokens_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

func hs256(secret string) func(string) []byte {
	return func(input string) []byte {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(input))
		return mac.Sum(nil)
	}
}

func TestVerifyAcceptsEachAlgorithm(t *testing.T) {
	keys := newTestKeys(t)
	v := keys.verifier()
	at := tokens.WithNow(fixedClock)
	for _, tc := range []struct {
		name string
		key  tokens.Key
		alg  tokens.Algorithm
	}{
		{"HS256 api key", keys.readWrite, tokens.HS256},
		{"EdDSA signing key", keys.ed, tokens.EdDSA},
		{"ES256 signing key", keys.es, tokens.ES256},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.key.Algorithm(); got != tc.alg {
				t.Fatalf("Algorithm() = %q, want %q", got, tc.alg)
			}
			upload, err := tokens.SignUpload(tc.key, "spc01", 15*time.Minute, at, tokens.WithIssuer("shop"))
			if err != nil {
				t.Fatalf("SignUpload: %v", err)
			}
			claims, err := v.Verify(context.Background(), upload, tokens.AudienceUpload)
			if err != nil {
				t.Fatalf("Verify upload: %v", err)
			}
			want := tokens.Claims{Issuer: "shop", Subject: "spc01", Audience: tokens.AudienceUpload,
				IssuedAt: testNow, Expiry: testNow.Add(15 * time.Minute), KeyID: tc.key.KeyID()}
			assertClaims(t, claims, want)

			origins := []string{"https://shop.example", "http://localhost:3000"}
			playback, err := tokens.SignPlayback(tc.key, "spc01abcdefghij", 7*24*time.Hour, origins, at)
			if err != nil {
				t.Fatalf("SignPlayback: %v", err)
			}
			claims, err = v.Verify(context.Background(), playback, tokens.AudiencePlayback)
			if err != nil {
				t.Fatalf("Verify playback: %v", err)
			}
			want = tokens.Claims{Subject: "spc01abcdefghij", Audience: tokens.AudiencePlayback,
				IssuedAt: testNow, Expiry: testNow.Add(7 * 24 * time.Hour), Origins: origins, KeyID: tc.key.KeyID()}
			assertClaims(t, claims, want)
		})
	}
}

func assertClaims(t *testing.T, got *tokens.Claims, want tokens.Claims) {
	t.Helper()
	if got.Issuer != want.Issuer || got.Subject != want.Subject || got.Audience != want.Audience ||
		!got.IssuedAt.Equal(want.IssuedAt) || !got.Expiry.Equal(want.Expiry) ||
		!got.NotBefore.Equal(want.NotBefore) || got.KeyID != want.KeyID ||
		strings.Join(got.Origins, " ") != strings.Join(want.Origins, " ") {
		t.Errorf("claims = %+v, want %+v", *got, want)
	}
}

func TestVerifyRefuses(t *testing.T) {
	keys := newTestKeys(t)
	at := tokens.WithNow(fixedClock)
	sign := func(key tokens.Key, c tokens.Claims) string {
		t.Helper()
		raw, err := tokens.Sign(key, c)
		if err != nil {
			t.Fatalf("Sign: %v", err)
		}
		return raw
	}
	upload := func(key tokens.Key, ttl time.Duration) string {
		t.Helper()
		raw, err := tokens.SignUpload(key, "spc01", ttl, at)
		if err != nil {
			t.Fatalf("SignUpload: %v", err)
		}
		return raw
	}
	valid := upload(keys.readWrite, time.Hour)
	exp := testNow.Add(time.Hour).Unix()
	hsHeader := func(kid string) map[string]any { return map[string]any{"alg": "HS256", "kid": kid, "typ": "JWT"} }
	uploadClaims := map[string]any{"sub": "spc01", "aud": "upload", "iat": testNow.Unix(), "exp": exp}
	spoofedSigningKey, err := keys.ed.Public().PEM()
	if err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name     string
		raw      string
		aud      tokens.Audience
		wantCode string
	}{
		{"tampered signature", tamper(t, valid, 2), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"tampered claims", tamper(t, valid, 1), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"tampered header", tamper(t, valid, 0), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"wrong kid: read-only kid, read-write secret",
			upload(tokens.HMACKey{ID: keys.readOnly.ID, Secret: keys.readWrite.Secret}, time.Hour),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"wrong kid: ed25519 kid, es256 key",
			upload(tokens.SigningKey{ID: keys.ed.ID, Private: keys.es.Private}, time.Hour),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"unknown key", upload(tokens.HMACKey{ID: "key_gone", Secret: keys.readWrite.Secret}, time.Hour),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"missing kid", handBuilt(t, map[string]any{"alg": "HS256"}, uploadClaims, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"alg none", handBuilt(t, map[string]any{"alg": "none", "kid": keys.readWrite.ID}, uploadClaims, nil),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"alg none with a signature", handBuilt(t, map[string]any{"alg": "none", "kid": keys.readWrite.ID}, uploadClaims, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"HS384 not allowed", handBuilt(t, map[string]any{"alg": "HS384", "kid": keys.readWrite.ID}, uploadClaims, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"HS256 under a signing key's kid (public key as HMAC secret)",
			handBuilt(t, hsHeader(keys.ed.ID), uploadClaims, hs256(string(spoofedSigningKey))),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"EdDSA under an API key's kid",
			upload(tokens.SigningKey{ID: keys.readWrite.ID, Private: keys.ed.Private}, time.Hour),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"playback token used for upload", sign(keys.readWrite, tokens.Claims{Subject: "spc01", Audience: tokens.AudiencePlayback, IssuedAt: testNow, Expiry: testNow.Add(time.Hour)}),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"upload token used for playback", valid, tokens.AudiencePlayback, tokens.CodeTokenInvalid},
		{"aud names two audiences", handBuilt(t, hsHeader(keys.readWrite.ID),
			map[string]any{"sub": "spc01", "aud": []string{"upload", "playback"}, "exp": exp}, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"missing aud", handBuilt(t, hsHeader(keys.readWrite.ID), map[string]any{"sub": "spc01", "exp": exp}, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"missing sub", handBuilt(t, hsHeader(keys.readWrite.ID), map[string]any{"aud": "upload", "exp": exp}, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"missing exp", handBuilt(t, hsHeader(keys.readWrite.ID), map[string]any{"sub": "spc01", "aud": "upload", "iat": testNow.Unix()}, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"exp is a string", handBuilt(t, hsHeader(keys.readWrite.ID), map[string]any{"sub": "spc01", "aud": "upload", "exp": "tomorrow"}, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"exp past", sign(keys.readWrite, tokens.Claims{Subject: "spc01", Audience: tokens.AudienceUpload, IssuedAt: testNow.Add(-2 * time.Hour), Expiry: testNow.Add(-time.Hour)}),
			tokens.AudienceUpload, tokens.CodeTokenExpired},
		{"leeway boundary: one second past exp+60s", sign(keys.readWrite, tokens.Claims{Subject: "spc01", Audience: tokens.AudienceUpload, Expiry: testNow.Add(-61 * time.Second)}),
			tokens.AudienceUpload, tokens.CodeTokenExpired},
		{"upload lifetime over 24h", upload(keys.readWrite, 24*time.Hour+time.Second), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"upload lifetime over 24h without iat", sign(keys.readWrite, tokens.Claims{Subject: "spc01", Audience: tokens.AudienceUpload, Expiry: testNow.Add(25 * time.Hour)}),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"playback lifetime over 7 days", sign(keys.ed, tokens.Claims{Subject: "e", Audience: tokens.AudiencePlayback, IssuedAt: testNow, Expiry: testNow.Add(7*24*time.Hour + time.Second)}),
			tokens.AudiencePlayback, tokens.CodeTokenInvalid},
		{"nbf in the future", sign(keys.readWrite, tokens.Claims{Subject: "spc01", Audience: tokens.AudienceUpload, NotBefore: testNow.Add(2 * time.Minute), Expiry: testNow.Add(time.Hour)}),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"iat in the future", sign(keys.readWrite, tokens.Claims{Subject: "spc01", Audience: tokens.AudienceUpload, IssuedAt: testNow.Add(2 * time.Minute), Expiry: testNow.Add(time.Hour)}),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"upload token signed by a read-only key", upload(keys.readOnly, time.Hour), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"origins on an upload token", handBuilt(t, hsHeader(keys.readWrite.ID),
			map[string]any{"sub": "spc01", "aud": "upload", "exp": exp, "origins": []string{"https://a.example"}}, hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"valid token re-spelled with CR LF", strings.Replace(valid, ".", ".\r\n", 1), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"valid token re-spelled with non-zero trailing bits", respellTail(t, valid), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"garbage: empty", "", tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"garbage: one word", "hello", tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"garbage: three dots", "a.b.c", tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"garbage: JSON serialization", `{"payload":"e30","signatures":[]}`, tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"garbage: claims not JSON", handBuiltRawClaims(t, hsHeader(keys.readWrite.ID), "not json", hs256(keys.readWrite.Secret)),
			tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"garbage: huge", strings.Repeat("a", tokens.MaxTokenLength+1), tokens.AudienceUpload, tokens.CodeTokenInvalid},
		{"verifier asked for an unknown audience", valid, tokens.Audience("admin"), tokens.CodeTokenInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			claims, err := keys.verifier().Verify(context.Background(), tc.raw, tc.aud)
			if err == nil {
				t.Fatalf("Verify accepted the token: %+v", claims)
			}
			t.Log(err)
			var tokErr *tokens.Error
			if !errors.As(err, &tokErr) {
				t.Fatalf("error %v (%T) is not a *tokens.Error", err, err)
			}
			if tokErr.Code != tc.wantCode {
				t.Fatalf("code = %q (%v), want %q", tokErr.Code, err, tc.wantCode)
			}
			sentinel := tokens.ErrTokenInvalid
			if tc.wantCode == tokens.CodeTokenExpired {
				sentinel = tokens.ErrTokenExpired
			}
			if !errors.Is(err, sentinel) {
				t.Errorf("errors.Is(%v, %v) = false", err, sentinel)
			}
		})
	}
}

// respellTail changes the unused low bits of the last character of the first
// part whose length leaves some: the part still decodes to the same bytes.
func respellTail(t *testing.T, token string) string {
	t.Helper()
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	parts := strings.Split(token, ".")
	for i, p := range parts {
		if len(p)%4 == 0 {
			continue
		}
		last := strings.IndexByte(alphabet, p[len(p)-1])
		parts[i] = p[:len(p)-1] + string(alphabet[last|1])
		return strings.Join(parts, ".")
	}
	t.Fatalf("no part of %q has unused bits", token)
	return ""
}

func handBuiltRawClaims(t *testing.T, header map[string]any, claims string, sign func(string) []byte) string {
	t.Helper()
	withObject := handBuilt(t, header, map[string]any{}, nil)
	input := strings.Split(withObject, ".")[0] + "." + b64([]byte(claims))
	return input + "." + b64(sign(input))
}

func TestVerifyBoundaries(t *testing.T) {
	keys := newTestKeys(t)
	for _, tc := range []struct {
		name     string
		verifier tokens.Verifier
		claims   tokens.Claims
	}{
		{"expired exactly leeway ago", tokens.Verifier{},
			tokens.Claims{Expiry: testNow.Add(-60 * time.Second)}},
		{"custom leeway", tokens.Verifier{Leeway: 5 * time.Minute},
			tokens.Claims{Expiry: testNow.Add(-5 * time.Minute)}},
		{"nbf within leeway", tokens.Verifier{},
			tokens.Claims{NotBefore: testNow.Add(60 * time.Second), Expiry: testNow.Add(time.Hour)}},
		{"lifetime exactly 24h", tokens.Verifier{},
			tokens.Claims{IssuedAt: testNow, Expiry: testNow.Add(24 * time.Hour)}},
		{"custom max lifetime", tokens.Verifier{MaxUploadLifetime: 48 * time.Hour},
			tokens.Claims{IssuedAt: testNow, Expiry: testNow.Add(48 * time.Hour)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.claims
			c.Subject, c.Audience = "spc01", tokens.AudienceUpload
			raw, err := tokens.Sign(keys.readWrite, c)
			if err != nil {
				t.Fatalf("Sign: %v", err)
			}
			v := tc.verifier
			v.Keys, v.Now = keys.resolver(), fixedClock
			if _, err := v.Verify(context.Background(), raw, tokens.AudienceUpload); err != nil {
				t.Fatalf("Verify: %v", err)
			}
		})
	}

	t.Run("negative leeway means none", func(t *testing.T) {
		raw, err := tokens.Sign(keys.readWrite, tokens.Claims{Subject: "s", Audience: tokens.AudienceUpload, Expiry: testNow.Add(-time.Second)})
		if err != nil {
			t.Fatal(err)
		}
		v := tokens.Verifier{Keys: keys.resolver(), Now: fixedClock, Leeway: -1}
		if _, err := v.Verify(context.Background(), raw, tokens.AudienceUpload); !errors.Is(err, tokens.ErrTokenExpired) {
			t.Fatalf("Verify = %v, want token_expired", err)
		}
	})
}

func TestVerifyPassesResolverFaultsThrough(t *testing.T) {
	keys := newTestKeys(t)
	raw, err := tokens.SignUpload(keys.readWrite, "spc01", time.Hour, tokens.WithNow(fixedClock))
	if err != nil {
		t.Fatal(err)
	}
	dbDown := errors.New("database is down")
	v := tokens.Verifier{Now: fixedClock, Keys: tokens.KeyResolverFunc(func(context.Context, string) (tokens.VerificationKey, error) {
		return tokens.VerificationKey{}, dbDown
	})}
	_, err = v.Verify(context.Background(), raw, tokens.AudienceUpload)
	if !errors.Is(err, dbDown) || errors.Is(err, tokens.ErrTokenInvalid) {
		t.Fatalf("Verify = %v, want the resolver's own error, not token_invalid", err)
	}
}

func TestCheckOrigin(t *testing.T) {
	restricted := &tokens.Claims{Origins: []string{"https://shop.example", "http://localhost:3000"}}
	for _, tc := range []struct {
		name            string
		claims          *tokens.Claims
		origin, referer string
		wantOK          bool
	}{
		{"no origins: any page", &tokens.Claims{}, "https://evil.example", "", true},
		{"no origins: no headers", &tokens.Claims{}, "", "", true},
		{"origin matches", restricted, "https://shop.example", "", true},
		{"origin matches with default port", restricted, "https://shop.example:443", "", true},
		{"origin matches case-insensitively", restricted, "HTTPS://Shop.Example", "", true},
		{"referer matches", restricted, "", "https://shop.example/products/42?x=1", true},
		{"null origin falls back to referer", restricted, "null", "http://localhost:3000/", true},
		{"origin wins over referer", restricted, "https://evil.example", "https://shop.example/", false},
		{"other scheme", restricted, "http://shop.example", "", false},
		{"other port", restricted, "http://localhost:3001", "", false},
		{"subdomain", restricted, "https://www.shop.example", "", false},
		{"suffix trick", restricted, "https://shop.example.evil.example", "", false},
		{"no headers", restricted, "", "", false},
		{"garbage referer", restricted, "", "::not a url", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tokens.CheckOrigin(tc.claims, tc.origin, tc.referer)
			if tc.wantOK && err != nil {
				t.Fatalf("CheckOrigin = %v, want nil", err)
			}
			if !tc.wantOK && !errors.Is(err, tokens.ErrTokenInvalid) {
				t.Fatalf("CheckOrigin = %v, want token_invalid", err)
			}
		})
	}
}

// TestVerifyRefusesCrit: a token whose header marks extensions critical is
// refused, and the reason says so (not "bad signature"), whatever the
// extension and however well signed.
func TestVerifyRefusesCrit(t *testing.T) {
	keys := newTestKeys(t)
	claims := map[string]any{"sub": "spc01", "aud": "upload", "iat": testNow.Unix(), "exp": testNow.Add(time.Hour).Unix()}
	for _, tc := range []struct {
		name   string
		header map[string]any
	}{
		{"unknown extension", map[string]any{"alg": "HS256", "kid": keys.readWrite.ID, "crit": []string{"exp"}, "exp": 1}},
		{"b64, which go-jose knows", map[string]any{"alg": "HS256", "kid": keys.readWrite.ID, "crit": []string{"b64"}, "b64": true}},
		{"empty list", map[string]any{"alg": "HS256", "kid": keys.readWrite.ID, "crit": []string{}}},
		{"not a list", map[string]any{"alg": "HS256", "kid": keys.readWrite.ID, "crit": "exp"}},
		{"null", map[string]any{"alg": "HS256", "kid": keys.readWrite.ID, "crit": nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := handBuilt(t, tc.header, claims, hs256(keys.readWrite.Secret))
			_, err := keys.verifier().Verify(context.Background(), raw, tokens.AudienceUpload)
			var te *tokens.Error
			if !errors.As(err, &te) || te.Code != tokens.CodeTokenInvalid {
				t.Fatalf("Verify = %v, want token_invalid", err)
			}
			if te.Reason != "token header has unsupported crit parameters" {
				t.Fatalf("reason %q", te.Reason)
			}
		})
	}
}
