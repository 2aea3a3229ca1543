package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

func TestRunMintsTokensReelAccepts(t *testing.T) {
	env := map[string]string{
		"REEL_KEY_ID":  "key_7f3a",
		"REEL_API_KEY": "reel_sk_test_0123456789abcdef0123456789abcdef",
		"REEL_SPACE":   "spc01",
		"REEL_EMBED":   "spc01abcdefghij",
		"REEL_ORIGINS": "https://shop.example, http://localhost:3000",
	}
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var out bytes.Buffer
	if err := run(func(k string) string { return env[k] }, func() time.Time { return now }, &out); err != nil {
		t.Fatalf("run: %v", err)
	}
	var minted mintedTokens
	if err := json.Unmarshal(out.Bytes(), &minted); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}

	verifier := &tokens.Verifier{
		Now: func() time.Time { return now.Add(time.Minute) },
		Keys: tokens.KeyResolverFunc(func(_ context.Context, kid string) (tokens.VerificationKey, error) {
			if kid != env["REEL_KEY_ID"] {
				return tokens.VerificationKey{}, tokens.ErrKeyNotFound
			}
			return tokens.VerificationKey{Secret: []byte(env["REEL_API_KEY"]), CanSignUpload: true}, nil
		}),
	}
	for _, tc := range []struct {
		raw      string
		aud      tokens.Audience
		sub      string
		expires  time.Time
		nOrigins int
	}{
		{minted.UploadToken, tokens.AudienceUpload, "spc01", minted.UploadExpiresAt, 0},
		{minted.PlaybackToken, tokens.AudiencePlayback, "spc01abcdefghij", minted.PlaybackExpiresAt, 2},
	} {
		claims, err := verifier.Verify(context.Background(), tc.raw, tc.aud)
		if err != nil {
			t.Fatalf("Verify %s token: %v", tc.aud, err)
		}
		if claims.Subject != tc.sub || !claims.Expiry.Equal(tc.expires) || len(claims.Origins) != tc.nOrigins {
			t.Errorf("%s claims = %+v, want sub %s, exp %s, %d origins", tc.aud, claims, tc.sub, tc.expires, tc.nOrigins)
		}
	}
}

func TestRunNeedsCredentials(t *testing.T) {
	for _, env := range []map[string]string{
		{},
		{"REEL_KEY_ID": "key_7f3a", "REEL_SPACE": "spc01"},
		{"REEL_KEY_ID": "key_7f3a", "REEL_API_KEY": "too-short", "REEL_SPACE": "spc01"},
	} {
		var out bytes.Buffer
		if err := run(func(k string) string { return env[k] }, time.Now, &out); err == nil {
			t.Errorf("run(%v) succeeded: %s", env, out.String())
		}
	}
}
