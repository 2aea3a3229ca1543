package tokens_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// An integrator's server mints an upload token with its API key; the Reel
// server verifies it.
func ExampleSignUpload() {
	apiKey := tokens.HMACKey{ID: "key_7f3a", Secret: "reel_sk_live_0123456789abcdef0123456789abcdef"}
	now := func() time.Time { return time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC) }

	raw, err := tokens.SignUpload(apiKey, "spc01", 15*time.Minute, tokens.WithNow(now))
	if err != nil {
		fmt.Println(err)
		return
	}

	verifier := &tokens.Verifier{
		Now: now,
		Keys: tokens.KeyResolverFunc(func(_ context.Context, kid string) (tokens.VerificationKey, error) {
			if kid != apiKey.ID {
				return tokens.VerificationKey{}, tokens.ErrKeyNotFound
			}
			return tokens.VerificationKey{Secret: []byte(apiKey.Secret), CanSignUpload: true}, nil
		}),
	}
	claims, err := verifier.Verify(context.Background(), raw, tokens.AudienceUpload)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(claims.Audience, claims.Subject, claims.KeyID, claims.Expiry.Format(time.RFC3339))

	_, err = verifier.Verify(context.Background(), raw, tokens.AudiencePlayback)
	fmt.Println(errors.Is(err, tokens.ErrTokenInvalid))
	// Output:
	// upload spc01 key_7f3a 2026-01-01T12:15:00Z
	// true
}

// A playback token restricted to one site, checked against the request's
// Origin header.
func ExampleCheckOrigin() {
	claims := &tokens.Claims{Audience: tokens.AudiencePlayback, Subject: "spc01abcdefghij",
		Origins: []string{"https://shop.example"}}

	fmt.Println(tokens.CheckOrigin(claims, "https://shop.example", ""))
	fmt.Println(tokens.CheckOrigin(claims, "", "https://shop.example/products/42"))
	fmt.Println(tokens.CheckOrigin(claims, "https://copycat.example", ""))
	// Output:
	// <nil>
	// <nil>
	// tokens: token_invalid: origin not allowed
}

// A signing key: the private JWK is shown to the user once; the server keeps
// the public half and publishes it.
func ExampleGenerateSigningKey() {
	key, err := tokens.GenerateSigningKey("sk_01", tokens.EdDSA)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := key.PrivateJWK(); err != nil {
		fmt.Println(err)
		return
	}
	raw, err := tokens.SignPlayback(key, "spc01abcdefghij", time.Hour, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	public := key.Public()
	verifier := &tokens.Verifier{Keys: tokens.KeyResolverFunc(func(context.Context, string) (tokens.VerificationKey, error) {
		return public.VerificationKey(true), nil
	})}
	claims, err := verifier.Verify(context.Background(), raw, tokens.AudiencePlayback)
	fmt.Println(claims.Subject, public.Algorithm, err)
	// Output: spc01abcdefghij EdDSA <nil>
}

func ExampleJWKS() {
	key, _ := tokens.GenerateSigningKey("sk_01", tokens.ES256)
	jwks, err := tokens.JWKS([]tokens.PublicKey{key.Public()})
	fmt.Println(len(jwks) > 0, err)
	// Output: true <nil>
}
