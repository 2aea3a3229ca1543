package tokens

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// SignOption adjusts how SignUpload and SignPlayback mint a token.
type SignOption func(*signSettings)

type signSettings struct {
	issuer string
	now    func() time.Time
}

// WithIssuer sets the optional "iss" claim (for the integrator's own logs;
// Reel does not check it).
func WithIssuer(iss string) SignOption {
	return func(s *signSettings) { s.issuer = iss }
}

// WithNow replaces the clock used for "iat" and "exp" (tests, replays).
func WithNow(now func() time.Time) SignOption {
	return func(s *signSettings) { s.now = now }
}

// SignUpload mints an upload token for sub (a space, collection or video id)
// valid for ttl from now. The default Verifier refuses lifetimes over 24 h,
// and refuses upload tokens signed by read-only API keys.
func SignUpload(key Key, sub string, ttl time.Duration, opts ...SignOption) (string, error) {
	return signFor(key, AudienceUpload, sub, ttl, nil, opts)
}

// SignPlayback mints a playback token for sub (an embed, collection or space
// id) valid for ttl from now. origins, when not empty, restricts the pages
// that may use it (see CheckOrigin). The default Verifier refuses lifetimes
// over 7 days.
func SignPlayback(key Key, sub string, ttl time.Duration, origins []string, opts ...SignOption) (string, error) {
	return signFor(key, AudiencePlayback, sub, ttl, origins, opts)
}

func signFor(key Key, aud Audience, sub string, ttl time.Duration, origins []string, opts []SignOption) (string, error) {
	settings := signSettings{now: time.Now}
	for _, opt := range opts {
		opt(&settings)
	}
	if settings.now == nil {
		settings.now = time.Now
	}
	if ttl <= 0 {
		return "", fmt.Errorf("sign %s token: ttl must be positive, got %s", aud, ttl)
	}
	now := settings.now().Truncate(time.Second)
	return Sign(key, Claims{
		Issuer:   settings.issuer,
		Subject:  sub,
		Audience: aud,
		IssuedAt: now,
		Expiry:   now.Add(ttl),
		Origins:  origins,
	})
}

// Sign mints a token from explicit claims, for callers that need control over
// every claim. Subject, Audience and Expiry are required; Origins only fit
// playback tokens. Claims.KeyID is ignored: the kid is always key.KeyID().
func Sign(key Key, claims Claims) (string, error) {
	if err := checkClaimsForSigning(claims); err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	if key == nil || key.KeyID() == "" {
		return "", errors.New("sign token: key has no id")
	}
	signingKey, err := key.joseSigningKey()
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	opts := (&jose.SignerOptions{}).WithType("JWT").WithHeader(jose.HeaderKey("kid"), key.KeyID())
	signer, err := jose.NewSigner(signingKey, opts)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	payload, err := claims.marshal()
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return jws.CompactSerialize()
}

func checkClaimsForSigning(c Claims) error {
	switch {
	case !c.Audience.valid():
		return fmt.Errorf("audience %q is neither upload nor playback", c.Audience)
	case c.Subject == "":
		return errors.New("subject is empty")
	case c.Expiry.IsZero():
		return errors.New("expiry is required")
	case len(c.Origins) > 0 && c.Audience != AudiencePlayback:
		return errors.New("origins only apply to playback tokens")
	}
	for _, o := range c.Origins {
		if err := checkOriginEntry(o); err != nil {
			return fmt.Errorf("origin %q: %w", o, err)
		}
	}
	return nil
}

// checkOriginEntry refuses entries that are URLs rather than origins: a path
// in the list would suggest a restriction that CheckOrigin does not make.
func checkOriginEntry(o string) error {
	if _, err := normalizeOrigin(o); err != nil {
		return err
	}
	u, _ := url.Parse(o)
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return errors.New("an origin is scheme://host[:port], without path or query")
	}
	return nil
}
