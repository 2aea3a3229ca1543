package tokens_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// FuzzVerify feeds arbitrary strings to Verify. Verify must never panic, and
// whatever it accepts must carry a signature that an independent check (the
// standard library, not go-jose) confirms was made by the key its kid names.
//
// The committed corpus under testdata/fuzz/FuzzVerify holds tokens minted at
// testNow with the fixed test keys, so mutations start from valid tokens.
func FuzzVerify(f *testing.F) {
	keys := newTestKeys(f)
	at := tokens.WithNow(fixedClock)
	for _, key := range []tokens.Key{keys.readWrite, keys.readOnly, keys.ed, keys.es} {
		if raw, err := tokens.SignUpload(key, "spc01", time.Hour, at); err == nil {
			f.Add(raw)
		}
		if raw, err := tokens.SignPlayback(key, "spc01abcdefghij", time.Hour, []string{"https://a.example"}, at); err == nil {
			f.Add(raw)
		}
	}
	f.Add(handBuilt(f, map[string]any{"alg": "none", "kid": keys.readWrite.ID},
		map[string]any{"sub": "s", "aud": "upload", "exp": testNow.Add(time.Hour).Unix()}, nil))
	f.Add(handBuilt(f, map[string]any{"alg": "HS256", "kid": keys.readWrite.ID, "crit": []string{"exp"}},
		map[string]any{"sub": "s", "aud": "upload", "exp": testNow.Add(time.Hour).Unix()}, hs256(keys.readWrite.Secret)))
	f.Add("")
	f.Add("a.b.c")

	v := keys.verifier()
	f.Fuzz(func(t *testing.T, raw string) {
		for _, aud := range []tokens.Audience{tokens.AudienceUpload, tokens.AudiencePlayback} {
			claims, err := v.Verify(context.Background(), raw, aud)
			if err != nil {
				// The test resolver never fails, so every refusal is the
				// client's: a *tokens.Error with a code and a reason.
				var te *tokens.Error
				if !errors.As(err, &te) || te.Reason == "" || (te.Code != tokens.CodeTokenInvalid && te.Code != tokens.CodeTokenExpired) {
					t.Fatalf("Verify(%q) = %v, not a *tokens.Error", raw, err)
				}
				continue
			}
			if hasCrit(raw) {
				t.Fatalf("accepted a token with a crit header: %q", raw)
			}
			if claims.Audience != aud {
				t.Fatalf("accepted a %q token as %q", claims.Audience, aud)
			}
			if !signedByKnownKey(keys, raw) {
				t.Fatalf("accepted a token not signed by a known key: %q", raw)
			}
		}
	})
}

// signedByKnownKey re-checks a compact JWS with the standard library alone.
func signedByKnownKey(keys testKeys, raw string) bool {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return false
	}
	headerJSON, err1 := base64.RawURLEncoding.DecodeString(parts[0])
	sig, err2 := base64.RawURLEncoding.DecodeString(parts[2])
	if err1 != nil || err2 != nil {
		return false
	}
	var header struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
	}
	if json.Unmarshal(headerJSON, &header) != nil {
		return false
	}
	input := []byte(parts[0] + "." + parts[1])
	switch {
	case header.Alg == "HS256" && (header.Kid == keys.readWrite.ID || header.Kid == keys.readOnly.ID):
		secret := keys.readWrite.Secret
		if header.Kid == keys.readOnly.ID {
			secret = keys.readOnly.Secret
		}
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(input)
		return hmac.Equal(mac.Sum(nil), sig)
	case header.Alg == "EdDSA" && header.Kid == keys.ed.ID:
		return ed25519.Verify(keys.ed.Public().Key.(ed25519.PublicKey), input, sig)
	case header.Alg == "ES256" && header.Kid == keys.es.ID && len(sig) == 64:
		digest := sha256.Sum256(input)
		r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
		return ecdsa.Verify(keys.es.Public().Key.(*ecdsa.PublicKey), digest[:], r, s)
	}
	return false
}

// hasCrit reports whether the header of a compact JWS has a crit member.
func hasCrit(raw string) bool {
	header, _, _ := strings.Cut(raw, ".")
	b, err := base64.RawURLEncoding.DecodeString(header)
	if err != nil {
		return false
	}
	var h map[string]json.RawMessage
	if json.Unmarshal(b, &h) != nil {
		return false
	}
	_, ok := h["crit"]
	return ok
}
