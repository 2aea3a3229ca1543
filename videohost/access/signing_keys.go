package access

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
)

// NewSigningKey is a signing key as created: with its private half, shown once.
type NewSigningKey struct {
	*videohost.SigningKey
	PrivatePEM string          `json:"private_pem"`
	PrivateJWK json.RawMessage `json:"private_jwk"`
}

// CreateSigningKey creates an EdDSA (default) or ES256 key pair in the
// principal's space; only its public half is stored.
func (g *Gate) CreateSigningKey(ctx context.Context, p *videohost.Principal, algorithm string) (*NewSigningKey, error) {
	if err := videohost.RequireWrite(p); err != nil {
		return nil, err
	}
	alg := tokens.Algorithm(algorithm)
	switch alg {
	case "":
		alg = tokens.EdDSA
	case tokens.EdDSA, tokens.ES256:
	default:
		return nil, videohost.Invalid("algorithm", "must be EdDSA or ES256")
	}
	ks, err := g.d.SigningKeyStore()
	if err != nil {
		return nil, err
	}
	priv, err := tokens.GenerateSigningKey(videohost.NewID(videohost.SigningKeyIDLen), alg)
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
	k := &videohost.SigningKey{ID: priv.ID, Space: p.Space, Algorithm: string(alg), PublicPEM: string(pubPEM), PublicJWK: pubJWK, CreatedAt: g.clock.Now()}
	if err := ks.CreateSigningKey(ctx, k); err != nil {
		return nil, fmt.Errorf("creating signing key: %w", err)
	}
	return &NewSigningKey{SigningKey: k, PrivatePEM: string(privPEM), PrivateJWK: privJWK}, nil
}

// SigningKeys lists the signing keys of the principal's space.
func (g *Gate) SigningKeys(ctx context.Context, p *videohost.Principal) ([]*videohost.SigningKey, error) {
	ks, err := g.d.SigningKeyStore()
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
func (g *Gate) DeleteSigningKey(ctx context.Context, p *videohost.Principal, id string) error {
	if err := videohost.RequireWrite(p); err != nil {
		return err
	}
	ks, err := g.d.SigningKeyStore()
	if err != nil {
		return err
	}
	if err := ks.DeleteSigningKey(ctx, p.Space, id); err != nil {
		return err
	}
	g.d.ForgetSigningKey(id)
	return nil
}

// JWKS returns the JSON Web Key Set of every signing key of the server, for
// {base_url}/.well-known/jwks.json.
func (g *Gate) JWKS(ctx context.Context) ([]byte, error) {
	ks, err := g.d.SigningKeyStore()
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
			g.d.Logger().WarnContext(ctx, "skipping an unreadable signing key", "key", k.ID, "err", err)
			continue
		}
		pubs = append(pubs, pub)
	}
	return tokens.JWKS(pubs)
}

func withJWKs(keys []*videohost.SigningKey) ([]*videohost.SigningKey, error) {
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
		keys = []*videohost.SigningKey{}
	}
	return keys, nil
}
