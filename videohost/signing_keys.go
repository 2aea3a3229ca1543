package videohost

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// SigningKey is the public half of an asymmetric token-signing key. The
// private half exists only in the response that creates the key.
type SigningKey struct {
	ID        string `json:"id"`
	Space     string `json:"space"`
	Algorithm string `json:"algorithm"` // EdDSA or ES256
	// PublicPEM is the stored form of the public key (SPKI PEM).
	PublicPEM string          `json:"-"`
	PublicJWK json.RawMessage `json:"public_jwk"`
	CreatedAt time.Time       `json:"created_at"`
}

// NewSigningKey is a signing key as created: with its private half, shown once.
type NewSigningKey struct {
	*SigningKey
	PrivatePEM string          `json:"private_pem"`
	PrivateJWK json.RawMessage `json:"private_jwk"`
}

// SigningKeyIDLen is the length of a signing key id. It differs from
// KeyIDLen so that a kid tells which kind of key signed a token.
const SigningKeyIDLen = 16

func (s *Service) signingKeys() (SigningKeyStore, error) {
	return need(s.caps.signingKeys, "signing keys", "store")
}

// CreateSigningKey creates an EdDSA (default) or ES256 key pair in the
// principal's space; only its public half is stored.
func (s *Service) CreateSigningKey(ctx context.Context, p *Principal, algorithm string) (*NewSigningKey, error) {
	if err := RequireWrite(p); err != nil {
		return nil, err
	}
	alg := tokens.Algorithm(algorithm)
	switch alg {
	case "":
		alg = tokens.EdDSA
	case tokens.EdDSA, tokens.ES256:
	default:
		return nil, Invalid("algorithm", "must be EdDSA or ES256")
	}
	ks, err := s.signingKeys()
	if err != nil {
		return nil, err
	}
	priv, err := tokens.GenerateSigningKey(NewID(SigningKeyIDLen), alg)
	if err != nil {
		return nil, fmt.Errorf("generating signing key: %w", err)
	}
	pub := priv.Public()
	pubPEM, err := pub.PEM()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	pubJWK, err := pub.JWK()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	privPEM, err := priv.PrivatePEM()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	privJWK, err := priv.PrivateJWK()
	if err != nil {
		return nil, fmt.Errorf("encoding signing key: %w", err)
	}
	k := &SigningKey{ID: priv.ID, Space: p.Space, Algorithm: string(alg), PublicPEM: string(pubPEM), PublicJWK: pubJWK, CreatedAt: s.clock.Now()}
	if err := ks.CreateSigningKey(ctx, k); err != nil {
		return nil, fmt.Errorf("creating signing key: %w", err)
	}
	return &NewSigningKey{SigningKey: k, PrivatePEM: string(privPEM), PrivateJWK: privJWK}, nil
}

// SigningKeys lists the signing keys of the principal's space.
func (s *Service) SigningKeys(ctx context.Context, p *Principal) ([]*SigningKey, error) {
	ks, err := s.signingKeys()
	if err != nil {
		return nil, err
	}
	keys, err := ks.SigningKeys(ctx, p.Space)
	if err != nil {
		return nil, err
	}
	return withJWKs(keys)
}

// DeleteSigningKey removes a signing key; every token it signed stops
// verifying at once.
func (s *Service) DeleteSigningKey(ctx context.Context, p *Principal, id string) error {
	if err := RequireWrite(p); err != nil {
		return err
	}
	ks, err := s.signingKeys()
	if err != nil {
		return err
	}
	if err := ks.DeleteSigningKey(ctx, p.Space, id); err != nil {
		return err
	}
	s.signing.Forget(id)
	return nil
}

// loadSigningKey returns signing key id as token verification needs it,
// from the cache when a recent copy is there: a player sends a token or a
// grant with every segment, and a database read and a PEM parse on each
// would cost more than the segment. A store without signing keys answers
// ENotFound.
func (s *Service) loadSigningKey(ctx context.Context, id string) (cachedSigningKey, error) {
	if c, ok := s.signing.Get(id); ok {
		return c, nil
	}
	ks := s.caps.signingKeys
	if ks == nil { // no key was ever made: a token naming one names nothing
		return cachedSigningKey{}, Errorf(ENotFound, "signing key %s not found", id)
	}
	k, err := ks.SigningKey(ctx, id)
	if err != nil {
		return cachedSigningKey{}, err
	}
	pub, err := tokens.ParsePublicKeyPEM(k.ID, []byte(k.PublicPEM))
	if err != nil {
		return cachedSigningKey{}, fmt.Errorf("reading signing key %s: %w", id, err)
	}
	c := cachedSigningKey{space: k.Space, verification: pub.VerificationKey(true)}
	s.signing.Put(id, c)
	return c, nil
}

// JWKS returns the JSON Web Key Set of every signing key of the server, for
// {base_url}/.well-known/jwks.json.
func (s *Service) JWKS(ctx context.Context) ([]byte, error) {
	ks, err := s.signingKeys()
	if err != nil {
		return tokens.JWKS(nil)
	}
	keys, err := ks.SigningKeys(ctx, "")
	if err != nil {
		return nil, err
	}
	pubs := make([]tokens.PublicKey, 0, len(keys))
	for _, k := range keys {
		pub, err := tokens.ParsePublicKeyPEM(k.ID, []byte(k.PublicPEM))
		if err != nil {
			s.log.WarnContext(ctx, "skipping an unreadable signing key", "key", k.ID, "err", err)
			continue
		}
		pubs = append(pubs, pub)
	}
	return tokens.JWKS(pubs)
}

func withJWKs(keys []*SigningKey) ([]*SigningKey, error) {
	for _, k := range keys {
		if len(k.PublicJWK) > 0 {
			continue
		}
		pub, err := tokens.ParsePublicKeyPEM(k.ID, []byte(k.PublicPEM))
		if err != nil {
			return nil, fmt.Errorf("reading signing key %s: %w", k.ID, err)
		}
		if k.PublicJWK, err = pub.JWK(); err != nil {
			return nil, fmt.Errorf("encoding signing key %s: %w", k.ID, err)
		}
	}
	if keys == nil {
		keys = []*SigningKey{}
	}
	return keys, nil
}

// ---- token verification ----
