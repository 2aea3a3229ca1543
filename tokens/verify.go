package tokens

import (
	"context"
	"crypto"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// Defaults applied where a Verifier field is left zero.
const (
	DefaultLeeway              = 60 * time.Second
	DefaultMaxUploadLifetime   = 24 * time.Hour
	DefaultMaxPlaybackLifetime = 7 * 24 * time.Hour
)

// MaxTokenLength bounds the input Verify is willing to parse, so that a
// hostile query string cannot make the server decode megabytes of base64.
const MaxTokenLength = 8 << 10

// acceptedAlgorithms is the allow-list handed to go-jose: anything else,
// "none" included, fails at parse time before any key is looked up.
func acceptedAlgorithms() []jose.SignatureAlgorithm {
	return []jose.SignatureAlgorithm{jose.HS256, jose.EdDSA, jose.ES256}
}

// VerificationKey is what a KeyResolver knows about a kid. Exactly one of
// Secret and Public is set; which one decides the single algorithm the key
// accepts (Secret: HS256; an ed25519 Public: EdDSA; a P-256 Public: ES256),
// so a token can never pick its own algorithm.
type VerificationKey struct {
	// Secret is an API key string, used as the HS256 secret.
	Secret []byte
	// Public is the public half of a signing key: ed25519.PublicKey or
	// *ecdsa.PublicKey on P-256.
	Public crypto.PublicKey
	// CanSignUpload says whether tokens from this key may carry
	// aud "upload". Read-only API keys leave it false: they may only sign
	// playback tokens.
	CanSignUpload bool
}

// Algorithm reports the one algorithm the key accepts, or an error when the
// key is malformed.
func (k VerificationKey) Algorithm() (Algorithm, error) {
	switch {
	case len(k.Secret) > 0 && k.Public != nil:
		return "", errors.New("verification key has both a secret and a public key")
	case len(k.Secret) > 0:
		return HS256, nil
	case k.Public != nil:
		return algorithmFor(k.Public)
	default:
		return "", errors.New("verification key is empty")
	}
}

// VerificationKey turns a stored public key into the resolver's answer.
func (k PublicKey) VerificationKey(canSignUpload bool) VerificationKey {
	return VerificationKey{Public: k.Key, CanSignUpload: canSignUpload}
}

// KeyResolver finds the key for a token's kid. It returns an error wrapping
// ErrKeyNotFound for unknown, revoked or deleted keys; any other error is
// treated as a server fault and passed through by Verify.
type KeyResolver interface {
	ResolveKey(ctx context.Context, kid string) (VerificationKey, error)
}

// KeyResolverFunc adapts a function to KeyResolver.
type KeyResolverFunc func(ctx context.Context, kid string) (VerificationKey, error)

// ResolveKey calls f.
func (f KeyResolverFunc) ResolveKey(ctx context.Context, kid string) (VerificationKey, error) {
	return f(ctx, kid)
}

// Verifier checks tokens. Its zero values are the defaults, so a Verifier
// needs only Keys.
type Verifier struct {
	// Keys resolves a token's kid to the key that must have signed it.
	// Required.
	Keys KeyResolver
	// Leeway absorbs clock skew between the signer and this server on exp,
	// nbf and iat. Zero means DefaultLeeway (60 s); negative means none.
	Leeway time.Duration
	// MaxUploadLifetime caps exp - iat for upload tokens (exp - now when
	// there is no iat). Zero means DefaultMaxUploadLifetime (24 h).
	MaxUploadLifetime time.Duration
	// MaxPlaybackLifetime caps exp - iat for playback tokens. Zero means
	// DefaultMaxPlaybackLifetime (7 days).
	MaxPlaybackLifetime time.Duration
	// Now is the clock. Nil means time.Now.
	Now func() time.Time
	// Cache, when set, remembers verified signatures (see VerifiedCache).
	// Nil means every token is parsed and verified in full.
	Cache *VerifiedCache
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

func (v *Verifier) leeway() time.Duration {
	switch {
	case v.Leeway < 0:
		return 0
	case v.Leeway == 0:
		return DefaultLeeway
	}
	return v.Leeway
}

func (v *Verifier) maxLifetime(aud Audience) time.Duration {
	if aud == AudienceUpload {
		if v.MaxUploadLifetime > 0 {
			return v.MaxUploadLifetime
		}
		return DefaultMaxUploadLifetime
	}
	if v.MaxPlaybackLifetime > 0 {
		return v.MaxPlaybackLifetime
	}
	return DefaultMaxPlaybackLifetime
}

// Verify checks raw for the audience aud and returns its claims.
//
// A refused token yields an *Error (token_invalid or token_expired). An error
// of any other type comes from the KeyResolver and means the check could not
// be made (a server fault, not the client's).
func (v *Verifier) Verify(ctx context.Context, raw string, aud Audience) (*Claims, error) {
	if !aud.valid() {
		return nil, invalid(fmt.Sprintf("verifier asked for unknown audience %q", aud), nil)
	}
	if v.Keys == nil {
		return nil, invalid("verifier has no key resolver", nil)
	}
	if raw == "" {
		return nil, invalid("empty token", nil)
	}
	if len(raw) > MaxTokenLength {
		return nil, invalid("token too long", nil)
	}
	if v.Cache != nil {
		if e, ok := v.Cache.lookup(raw, aud, v.now()); ok {
			return v.verifyRemembered(ctx, e, aud)
		}
	}
	if err := checkCanonicalCompact(raw); err != nil {
		return nil, invalid("malformed token", err)
	}
	jws, err := jose.ParseSignedCompact(raw, acceptedAlgorithms())
	if err != nil {
		return nil, invalid("malformed token or algorithm not allowed", err)
	}
	if len(jws.Signatures) != 1 {
		return nil, invalid("token must carry exactly one signature", nil)
	}
	header := jws.Signatures[0].Protected
	if hasCrit(raw) {
		// Reel's tokens never need an extension, and go-jose would refuse
		// one later with an error that reads like a bad signature.
		return nil, invalid("token header has unsupported crit parameters", nil)
	}
	if header.KeyID == "" {
		return nil, invalid("missing kid", nil)
	}

	key, err := v.Keys.ResolveKey(ctx, header.KeyID)
	if errors.Is(err, ErrKeyNotFound) {
		return nil, invalid("unknown key", err)
	}
	if err != nil {
		return nil, fmt.Errorf("resolve key %q: %w", header.KeyID, err)
	}
	keyAlg, err := key.Algorithm()
	if err != nil {
		return nil, invalid("unusable key", err)
	}
	// The key, not the token, decides the algorithm: an HS256 token under a
	// signing key's kid (the classic public-key-as-HMAC-secret confusion) or
	// an EdDSA token under an API key's kid is refused here.
	if Algorithm(header.Algorithm) != keyAlg {
		return nil, invalid(fmt.Sprintf("algorithm %s not allowed for this key", header.Algorithm), nil)
	}
	payload, err := jws.Verify(joseVerificationKey(key))
	if err != nil {
		return nil, invalid("bad signature", err)
	}

	claims, err := parseClaims(payload)
	if err != nil {
		return nil, err
	}
	claims.KeyID = header.KeyID
	if err := v.checkClaims(claims, aud, key); err != nil {
		return nil, err
	}
	if v.Cache != nil {
		v.Cache.store(raw, aud, claims, key, v.now())
	}
	return &claims, nil
}

// verifyRemembered finishes Verify for a token whose signature was checked
// before: the key must still resolve to the same material, and the claims
// must still hold now.
func (v *Verifier) verifyRemembered(ctx context.Context, e verifiedEntry, aud Audience) (*Claims, error) {
	key, err := v.Keys.ResolveKey(ctx, e.claims.KeyID)
	if errors.Is(err, ErrKeyNotFound) {
		return nil, invalid("unknown key", err)
	}
	if err != nil {
		return nil, fmt.Errorf("resolve key %q: %w", e.claims.KeyID, err)
	}
	if !e.sameKey(key) {
		return nil, invalid("bad signature", nil)
	}
	claims := e.claims
	claims.Origins = slices.Clone(claims.Origins)
	if err := v.checkClaims(claims, aud, key); err != nil {
		return nil, err
	}
	return &claims, nil
}

// checkCanonicalCompact insists on exactly three parts of canonical
// base64url. The decoder underneath go-jose skips CR and LF and ignores
// non-zero trailing bits, so without this check one signed token has many
// spellings that all verify: harmless for the signature, but a trap for
// anything keyed by the token string (deny lists, caches, logs).
func checkCanonicalCompact(raw string) error {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return errors.New("compact JWS must have three parts")
	}
	for _, part := range parts {
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return errors.New("not base64url")
			}
		}
		if _, err := base64.RawURLEncoding.Strict().DecodeString(part); err != nil {
			return errors.New("not canonical base64url")
		}
	}
	return nil
}

// hasCrit reports whether the protected header of a compact JWS has a crit
// member, whatever its value: go-jose drops a null one from its view.
func hasCrit(raw string) bool {
	header, _, _ := strings.Cut(raw, ".")
	b, err := base64.RawURLEncoding.DecodeString(header)
	if err != nil {
		return false
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(b, &members) != nil {
		return false
	}
	_, ok := members["crit"]
	return ok
}

func joseVerificationKey(k VerificationKey) any {
	if len(k.Secret) > 0 {
		return k.Secret
	}
	return k.Public
}

func (v *Verifier) checkClaims(c Claims, aud Audience, key VerificationKey) error {
	now := v.now()
	leeway := v.leeway()
	switch {
	case c.Audience != aud:
		return invalid(fmt.Sprintf("token is for %q, not %q", c.Audience, aud), nil)
	case c.Subject == "":
		return invalid("missing sub", nil)
	case c.Expiry.IsZero():
		return invalid("missing exp", nil)
	case now.After(c.Expiry.Add(leeway)):
		return &Error{Code: CodeTokenExpired, Reason: "token expired"}
	case !c.NotBefore.IsZero() && c.NotBefore.After(now.Add(leeway)):
		return invalid("token not valid yet", nil)
	case !c.IssuedAt.IsZero() && c.IssuedAt.After(now.Add(leeway)):
		return invalid("token issued in the future", nil)
	case !c.IssuedAt.IsZero() && c.Expiry.Before(c.IssuedAt):
		return invalid("exp before iat", nil)
	}
	start := c.IssuedAt
	if start.IsZero() {
		start = now
	}
	if c.Expiry.Sub(start) > v.maxLifetime(aud) {
		return invalid(fmt.Sprintf("lifetime exceeds %s", v.maxLifetime(aud)), nil)
	}
	if aud == AudienceUpload {
		if !key.CanSignUpload {
			return invalid("key may not sign upload tokens", nil)
		}
		if len(c.Origins) > 0 {
			return invalid("origins only apply to playback tokens", nil)
		}
	}
	return nil
}

// CheckOrigin enforces a playback token's origins list (hotlink protection)
// against a request's Origin and Referer headers.
//
// An empty list allows any page. Otherwise the page's origin is taken from
// Origin when present (and not "null"), else from Referer, and must equal one
// of the listed origins in scheme, host and port (default ports are implied:
// https://a.example equals https://a.example:443). When the list is set but
// neither header says where the request comes from, the request is refused:
// a player on an allowed page always sends one of them.
func CheckOrigin(claims *Claims, origin, referer string) error {
	if claims == nil || len(claims.Origins) == 0 {
		return nil
	}
	page := origin
	if page == "" || page == "null" {
		page = referer
	}
	if page == "" {
		return invalid("origin required by token", nil)
	}
	pageOrigin, err := normalizeOrigin(page)
	if err != nil {
		return invalid("origin not allowed", err)
	}
	for _, allowed := range claims.Origins {
		if want, err := normalizeOrigin(allowed); err == nil && want == pageOrigin {
			return nil
		}
	}
	return invalid("origin not allowed", nil)
}

// normalizeOrigin reduces a URL or origin to scheme://host:port in lower case
// with the default port made explicit, so that comparisons are exact.
func normalizeOrigin(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	scheme := strings.ToLower(u.Scheme)
	host := strings.ToLower(u.Hostname())
	if scheme == "" || host == "" {
		return "", errors.New("not an absolute origin")
	}
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		default:
			return "", fmt.Errorf("scheme %q needs an explicit port", scheme)
		}
	}
	if u.User != nil {
		return "", errors.New("origin carries credentials")
	}
	return scheme + "://" + net.JoinHostPort(host, port), nil
}
