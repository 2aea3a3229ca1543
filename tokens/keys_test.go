package tokens_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

func TestJWKSShape(t *testing.T) {
	keys := newTestKeys(t)
	raw, err := tokens.JWKS([]tokens.PublicKey{keys.ed.Public(), keys.es.Public()})
	if err != nil {
		t.Fatalf("JWKS: %v", err)
	}
	var set struct {
		Keys []map[string]any `json:"keys"`
	}
	if err := json.Unmarshal(raw, &set); err != nil {
		t.Fatalf("JWKS is not JSON: %v\n%s", err, raw)
	}
	want := []map[string]any{
		{"kid": "sk_eddsa", "alg": "EdDSA", "use": "sig", "kty": "OKP", "crv": "Ed25519"},
		{"kid": "sk_es256", "alg": "ES256", "use": "sig", "kty": "EC", "crv": "P-256"},
	}
	if len(set.Keys) != len(want) {
		t.Fatalf("got %d keys, want %d: %s", len(set.Keys), len(want), raw)
	}
	for i, w := range want {
		for field, value := range w {
			if set.Keys[i][field] != value {
				t.Errorf("keys[%d].%s = %v, want %v", i, field, set.Keys[i][field], value)
			}
		}
		if _, private := set.Keys[i]["d"]; private {
			t.Errorf("keys[%d] leaks the private part", i)
		}
	}

	empty, err := tokens.JWKS(nil)
	if err != nil || string(empty) != `{"keys":[]}` {
		t.Errorf("JWKS(nil) = %s, %v; want {\"keys\":[]}", empty, err)
	}
}

func TestKeyEncodingsRoundTrip(t *testing.T) {
	keys := newTestKeys(t)
	generatedEd, err := tokens.GenerateSigningKey("sk_new_ed", tokens.EdDSA)
	if err != nil {
		t.Fatal(err)
	}
	generatedES, err := tokens.GenerateSigningKey("sk_new_es", tokens.ES256)
	if err != nil {
		t.Fatal(err)
	}
	for _, original := range []tokens.SigningKey{keys.ed, keys.es, generatedEd, generatedES} {
		t.Run(original.ID, func(t *testing.T) {
			privatePEM, err := original.PrivatePEM()
			if err != nil {
				t.Fatalf("PrivatePEM: %v", err)
			}
			fromPEM, err := tokens.ParseSigningKeyPEM(original.ID, privatePEM)
			if err != nil {
				t.Fatalf("ParseSigningKeyPEM: %v", err)
			}
			privateJWK, err := original.PrivateJWK()
			if err != nil {
				t.Fatalf("PrivateJWK: %v", err)
			}
			fromJWK, err := tokens.ParseSigningKeyJWK(privateJWK)
			if err != nil {
				t.Fatalf("ParseSigningKeyJWK: %v", err)
			}
			publicPEM, err := original.Public().PEM()
			if err != nil {
				t.Fatalf("PEM: %v", err)
			}
			pubFromPEM, err := tokens.ParsePublicKeyPEM(original.ID, publicPEM)
			if err != nil {
				t.Fatalf("ParsePublicKeyPEM: %v", err)
			}
			publicJWK, err := original.Public().JWK()
			if err != nil {
				t.Fatalf("JWK: %v", err)
			}
			pubFromJWK, err := tokens.ParsePublicKeyJWK(publicJWK)
			if err != nil {
				t.Fatalf("ParsePublicKeyJWK: %v", err)
			}
			if _, err := tokens.ParsePublicKeyJWK(privateJWK); err == nil {
				t.Error("ParsePublicKeyJWK accepted a private JWK")
			}
			if _, err := tokens.ParseSigningKeyJWK(publicJWK); err == nil {
				t.Error("ParseSigningKeyJWK accepted a public JWK")
			}

			// Every decoded private half signs what every decoded public half verifies.
			for _, signer := range []tokens.SigningKey{fromPEM, fromJWK} {
				raw, err := tokens.SignPlayback(signer, "emb", time.Hour, nil, tokens.WithNow(fixedClock))
				if err != nil {
					t.Fatalf("SignPlayback: %v", err)
				}
				for _, pub := range []tokens.PublicKey{pubFromPEM, pubFromJWK} {
					if pub.ID != original.ID || pub.Algorithm != original.Algorithm() {
						t.Errorf("public key = %s/%s, want %s/%s", pub.ID, pub.Algorithm, original.ID, original.Algorithm())
					}
					v := tokens.Verifier{Now: fixedClock, Keys: tokens.KeyResolverFunc(func(context.Context, string) (tokens.VerificationKey, error) {
						return pub.VerificationKey(false), nil
					})}
					if _, err := v.Verify(context.Background(), raw, tokens.AudiencePlayback); err != nil {
						t.Errorf("Verify: %v", err)
					}
				}
			}
		})
	}
}

func TestSignRefuses(t *testing.T) {
	keys := newTestKeys(t)
	valid := tokens.Claims{Subject: "s", Audience: tokens.AudiencePlayback, Expiry: testNow.Add(time.Hour)}
	for _, tc := range []struct {
		name   string
		key    tokens.Key
		mutate func(*tokens.Claims)
	}{
		{"API key shorter than 32 bytes", tokens.HMACKey{ID: "k", Secret: "short"}, nil},
		{"key without id", tokens.HMACKey{Secret: keys.readWrite.Secret}, nil},
		{"signing key without private half", tokens.SigningKey{ID: "sk"}, nil},
		{"unknown audience", keys.readWrite, func(c *tokens.Claims) { c.Audience = "admin" }},
		{"empty subject", keys.readWrite, func(c *tokens.Claims) { c.Subject = "" }},
		{"no expiry", keys.readWrite, func(c *tokens.Claims) { c.Expiry = time.Time{} }},
		{"origins on upload", keys.readWrite, func(c *tokens.Claims) {
			c.Audience, c.Origins = tokens.AudienceUpload, []string{"https://a.example"}
		}},
		{"origin with a path", keys.readWrite, func(c *tokens.Claims) { c.Origins = []string{"https://a.example/page"} }},
		{"origin without scheme", keys.readWrite, func(c *tokens.Claims) { c.Origins = []string{"a.example"} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := valid
			if tc.mutate != nil {
				tc.mutate(&c)
			}
			if raw, err := tokens.Sign(tc.key, c); err == nil {
				t.Fatalf("Sign accepted: %s", raw)
			}
		})
	}
	if _, err := tokens.SignUpload(keys.readWrite, "s", 0); err == nil {
		t.Error("SignUpload accepted a zero ttl")
	}
	if _, err := tokens.GenerateSigningKey("k", tokens.HS256); err == nil {
		t.Error("GenerateSigningKey accepted HS256")
	}
	if _, err := tokens.ParseSigningKeyPEM("k", []byte("not pem")); err == nil || !strings.Contains(err.Error(), "pem") {
		t.Errorf("ParseSigningKeyPEM(garbage) = %v", err)
	}
}
