package tokens_test

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// Fixed keys and a fixed clock keep the tests deterministic and let the fuzz
// corpus hold tokens that stay valid forever.
var testNow = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func fixedClock() time.Time { return testNow }

const esPrivatePEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg82eYuXqmGGGds2TF
7Ve/iMJRVehIbEjyU9uG2eZCJSOhRANCAARjlm1FCAcUcIOKNnQXYUoEXo+5HH86
+/YYE3wLnY3Hc7LUX0DFdkWwaQv9880s+o5h5qhOHkezxSTm5TQMmZzQ
-----END PRIVATE KEY-----
`

type testKeys struct {
	readWrite tokens.HMACKey
	readOnly  tokens.HMACKey
	ed        tokens.SigningKey
	es        tokens.SigningKey
}

func newTestKeys(t testing.TB) testKeys {
	t.Helper()
	es, err := tokens.ParseSigningKeyPEM("sk_es256", []byte(esPrivatePEM))
	if err != nil {
		t.Fatalf("parse es key: %v", err)
	}
	seed := []byte("reel-test-ed25519-seed-32-bytes!")
	return testKeys{
		readWrite: tokens.HMACKey{ID: "key_rw", Secret: "reel_rw_4f1c2a9e0b7d6c5a4f3e2d1c0b9a8f7e"},
		readOnly:  tokens.HMACKey{ID: "key_ro", Secret: "reel_ro_0a1b2c3d4e5f60718293a4b5c6d7e8f9"},
		ed:        tokens.SigningKey{ID: "sk_eddsa", Private: ed25519.NewKeyFromSeed(seed)},
		es:        es,
	}
}

// resolver knows the four test keys; the read-only API key may not sign
// upload tokens.
func (k testKeys) resolver() tokens.KeyResolver {
	known := map[string]tokens.VerificationKey{
		k.readWrite.ID: {Secret: []byte(k.readWrite.Secret), CanSignUpload: true},
		k.readOnly.ID:  {Secret: []byte(k.readOnly.Secret)},
		k.ed.ID:        k.ed.Public().VerificationKey(true),
		k.es.ID:        k.es.Public().VerificationKey(true),
	}
	return tokens.KeyResolverFunc(func(_ context.Context, kid string) (tokens.VerificationKey, error) {
		key, ok := known[kid]
		if !ok {
			return tokens.VerificationKey{}, fmt.Errorf("kid %q: %w", kid, tokens.ErrKeyNotFound)
		}
		return key, nil
	})
}

func (k testKeys) verifier() *tokens.Verifier {
	return &tokens.Verifier{Keys: k.resolver(), Now: fixedClock}
}

// handBuilt assembles a compact JWS from raw header and claims so that tests
// can produce tokens no well-behaved signer would (alg none, missing claims).
// sign receives the signing input and returns the raw signature.
func handBuilt(t testing.TB, header, claims map[string]any, sign func(signingInput string) []byte) string {
	t.Helper()
	h, err := json.Marshal(header)
	if err != nil {
		t.Fatal(err)
	}
	c, err := json.Marshal(claims)
	if err != nil {
		t.Fatal(err)
	}
	input := b64(h) + "." + b64(c)
	var sig []byte
	if sign != nil {
		sig = sign(input)
	}
	return input + "." + b64(sig)
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// tamper flips one character of the given part (0 header, 1 claims,
// 2 signature) while keeping it valid base64url.
func tamper(t testing.TB, token string, part int) string {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 || len(parts[part]) < 2 {
		t.Fatalf("cannot tamper with %q", token)
	}
	p := []byte(parts[part])
	i := len(p) / 2
	if p[i] == 'A' {
		p[i] = 'B'
	} else {
		p[i] = 'A'
	}
	parts[part] = string(p)
	return strings.Join(parts, ".")
}
