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

// SigningKeyIDLen is the length of a signing key id. It differs from
// KeyIDLen so that a kid tells which kind of key signed a token.
const SigningKeyIDLen = 16

// SigningKeyStore is the store's signing keys, or EUnavailable naming
// them, for videohost/access, which manages them.
func (s *Service) SigningKeyStore() (SigningKeyStore, error) {
	return need(s.caps.signingKeys, "signing keys", "store")
}

// ForgetSigningKey drops a deleted signing key from the cache token
// verification reads, so that every token it signed stops verifying at
// once.
func (s *Service) ForgetSigningKey(id string) { s.signing.Forget(id) }

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
