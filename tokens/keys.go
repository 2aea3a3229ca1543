package tokens

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/cryptosigner"
)

// Algorithm is a JWS "alg" value. Only the three constants below are ever
// produced or accepted.
type Algorithm string

const (
	// HS256 is HMAC-SHA256 keyed by an API key string, so that an
	// integrator can mint tokens with any JWT library.
	HS256 Algorithm = "HS256"
	// EdDSA is Ed25519, for signing keys created through the API.
	EdDSA Algorithm = "EdDSA"
	// ES256 is ECDSA P-256 with SHA-256, for signing keys created through
	// the API where Ed25519 is not available to the integrator.
	ES256 Algorithm = "ES256"
)

// MinHMACSecretLength is the shortest HMAC secret HS256 accepts (RFC 7518
// section 3.2: the key must be at least as long as the hash output). API key
// strings must therefore be at least 32 bytes long.
const MinHMACSecretLength = 32

// Key signs tokens: an HMACKey (an API key) or a SigningKey.
type Key interface {
	// KeyID is written into the token's "kid" header.
	KeyID() string
	// Algorithm is the "alg" the key signs with.
	Algorithm() Algorithm
	joseSigningKey() (jose.SigningKey, error)
}

// HMACKey is an API key used as an HS256 secret: ID is the key's id (the
// "kid"), Secret the API key string itself (its bytes are the HMAC secret).
type HMACKey struct {
	ID     string
	Secret string
}

// KeyID returns the API key's id.
func (k HMACKey) KeyID() string { return k.ID }

// Algorithm is always HS256.
func (k HMACKey) Algorithm() Algorithm { return HS256 }

func (k HMACKey) joseSigningKey() (jose.SigningKey, error) {
	if len(k.Secret) < MinHMACSecretLength {
		return jose.SigningKey{}, fmt.Errorf("hmac secret is %d bytes, need at least %d", len(k.Secret), MinHMACSecretLength)
	}
	return jose.SigningKey{Algorithm: jose.HS256, Key: []byte(k.Secret)}, nil
}

// SigningKey is the private half of an asymmetric signing key. Private is an
// ed25519.PrivateKey (EdDSA), an *ecdsa.PrivateKey on P-256 (ES256), or any
// other crypto.Signer (a KMS or HSM handle) whose public key is one of those.
type SigningKey struct {
	ID      string
	Private crypto.Signer
}

// KeyID returns the signing key's id.
func (k SigningKey) KeyID() string { return k.ID }

// Algorithm derives the algorithm from the key type; it is empty for an
// unsupported key.
func (k SigningKey) Algorithm() Algorithm {
	if k.Private == nil {
		return ""
	}
	alg, _ := algorithmFor(k.Private.Public())
	return alg
}

// Public returns the public half, ready for JWKS or a VerificationKey.
func (k SigningKey) Public() PublicKey {
	if k.Private == nil {
		return PublicKey{ID: k.ID}
	}
	pub := k.Private.Public()
	alg, _ := algorithmFor(pub)
	return PublicKey{ID: k.ID, Algorithm: alg, Key: pub}
}

func (k SigningKey) joseSigningKey() (jose.SigningKey, error) {
	if k.Private == nil {
		return jose.SigningKey{}, errors.New("signing key has no private key")
	}
	alg, err := algorithmFor(k.Private.Public())
	if err != nil {
		return jose.SigningKey{}, err
	}
	switch priv := k.Private.(type) {
	case ed25519.PrivateKey, *ecdsa.PrivateKey:
		return jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: priv}, nil
	default:
		// Opaque signers (KMS, HSM) hand back ASN.1 signatures; cryptosigner
		// converts them to the JWS encoding.
		return jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: cryptosigner.Opaque(priv)}, nil
	}
}

// PublicKey is the public half of a signing key: what the server stores to
// verify tokens and publishes in its JWKS.
type PublicKey struct {
	ID        string
	Algorithm Algorithm
	Key       crypto.PublicKey // ed25519.PublicKey or *ecdsa.PublicKey (P-256)
}

func algorithmFor(pub crypto.PublicKey) (Algorithm, error) {
	switch p := pub.(type) {
	case ed25519.PublicKey:
		if len(p) != ed25519.PublicKeySize {
			return "", errors.New("malformed ed25519 public key")
		}
		return EdDSA, nil
	case *ecdsa.PublicKey:
		if p.Curve != elliptic.P256() {
			return "", errors.New("ecdsa key is not on P-256")
		}
		return ES256, nil
	default:
		return "", fmt.Errorf("unsupported key type %T (want ed25519 or ecdsa P-256)", pub)
	}
}

// GenerateSigningKey creates a fresh signing key with the given id for EdDSA
// or ES256.
func GenerateSigningKey(id string, alg Algorithm) (SigningKey, error) {
	switch alg {
	case EdDSA:
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return SigningKey{}, fmt.Errorf("generate ed25519 key: %w", err)
		}
		return SigningKey{ID: id, Private: priv}, nil
	case ES256:
		priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return SigningKey{}, fmt.Errorf("generate p-256 key: %w", err)
		}
		return SigningKey{ID: id, Private: priv}, nil
	default:
		return SigningKey{}, fmt.Errorf("generate signing key: unsupported algorithm %q (want EdDSA or ES256)", alg)
	}
}

// PrivatePEM encodes the private key as a PKCS #8 "PRIVATE KEY" PEM block.
// PEM carries no key id: keep the id alongside.
func (k SigningKey) PrivatePEM() ([]byte, error) {
	if k.Algorithm() == "" {
		return nil, errors.New("encode private pem: unsupported or missing private key")
	}
	der, err := x509.MarshalPKCS8PrivateKey(k.Private)
	if err != nil {
		return nil, fmt.Errorf("encode private pem: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// ParseSigningKeyPEM decodes a PKCS #8 "PRIVATE KEY" PEM block (as written by
// PrivatePEM or `openssl genpkey`) into a signing key with the given id.
func ParseSigningKeyPEM(id string, data []byte) (SigningKey, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return SigningKey{}, errors.New("parse private pem: no PRIVATE KEY block")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return SigningKey{}, fmt.Errorf("parse private pem: %w", err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return SigningKey{}, fmt.Errorf("parse private pem: unsupported key type %T", key)
	}
	if _, err := algorithmFor(signer.Public()); err != nil {
		return SigningKey{}, fmt.Errorf("parse private pem: %w", err)
	}
	return SigningKey{ID: id, Private: signer}, nil
}

// PEM encodes the public key as a PKIX "PUBLIC KEY" PEM block.
func (k PublicKey) PEM() ([]byte, error) {
	if _, err := algorithmFor(k.Key); err != nil {
		return nil, fmt.Errorf("encode public pem: %w", err)
	}
	der, err := x509.MarshalPKIXPublicKey(k.Key)
	if err != nil {
		return nil, fmt.Errorf("encode public pem: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

// ParsePublicKeyPEM decodes a PKIX "PUBLIC KEY" PEM block into a public key
// with the given id.
func ParsePublicKeyPEM(id string, data []byte) (PublicKey, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PUBLIC KEY" {
		return PublicKey{}, errors.New("parse public pem: no PUBLIC KEY block")
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return PublicKey{}, fmt.Errorf("parse public pem: %w", err)
	}
	alg, err := algorithmFor(key)
	if err != nil {
		return PublicKey{}, fmt.Errorf("parse public pem: %w", err)
	}
	return PublicKey{ID: id, Algorithm: alg, Key: key}, nil
}

// PrivateJWK encodes the private key as a JWK with kid, alg and use=sig.
// This is the form shown once when a signing key is created, so that it can be
// pasted into any JOSE library.
func (k SigningKey) PrivateJWK() ([]byte, error) {
	alg := k.Algorithm()
	if alg == "" {
		return nil, errors.New("encode private jwk: unsupported or missing private key")
	}
	switch k.Private.(type) {
	case ed25519.PrivateKey, *ecdsa.PrivateKey:
	default:
		return nil, fmt.Errorf("encode private jwk: %T cannot be exported", k.Private)
	}
	return json.Marshal(jose.JSONWebKey{Key: k.Private, KeyID: k.ID, Algorithm: string(alg), Use: "sig"})
}

// ParseSigningKeyJWK decodes a private JWK; its "kid" becomes the key id.
func ParseSigningKeyJWK(data []byte) (SigningKey, error) {
	var jwk jose.JSONWebKey
	if err := jwk.UnmarshalJSON(data); err != nil {
		return SigningKey{}, fmt.Errorf("parse private jwk: %w", err)
	}
	signer, ok := jwk.Key.(crypto.Signer)
	if !ok || jwk.IsPublic() {
		return SigningKey{}, errors.New("parse private jwk: not a private signing key")
	}
	if err := checkJWKAlgorithm(jwk, signer.Public()); err != nil {
		return SigningKey{}, fmt.Errorf("parse private jwk: %w", err)
	}
	return SigningKey{ID: jwk.KeyID, Private: signer}, nil
}

// JWK encodes the public key as a JWK with kid, alg and use=sig.
func (k PublicKey) JWK() ([]byte, error) {
	jwk, err := k.jsonWebKey()
	if err != nil {
		return nil, fmt.Errorf("encode public jwk: %w", err)
	}
	return json.Marshal(jwk)
}

func (k PublicKey) jsonWebKey() (jose.JSONWebKey, error) {
	alg, err := algorithmFor(k.Key)
	if err != nil {
		return jose.JSONWebKey{}, err
	}
	if k.Algorithm != "" && k.Algorithm != alg {
		return jose.JSONWebKey{}, fmt.Errorf("key %q: algorithm %s does not fit a %s key", k.ID, k.Algorithm, alg)
	}
	return jose.JSONWebKey{Key: k.Key, KeyID: k.ID, Algorithm: string(alg), Use: "sig"}, nil
}

// ParsePublicKeyJWK decodes a public JWK; a private JWK is refused so that
// private material is never mistaken for a public key.
func ParsePublicKeyJWK(data []byte) (PublicKey, error) {
	var jwk jose.JSONWebKey
	if err := jwk.UnmarshalJSON(data); err != nil {
		return PublicKey{}, fmt.Errorf("parse public jwk: %w", err)
	}
	if !jwk.IsPublic() {
		return PublicKey{}, errors.New("parse public jwk: not a public key")
	}
	if err := checkJWKAlgorithm(jwk, jwk.Key); err != nil {
		return PublicKey{}, fmt.Errorf("parse public jwk: %w", err)
	}
	alg, _ := algorithmFor(jwk.Key)
	return PublicKey{ID: jwk.KeyID, Algorithm: alg, Key: jwk.Key}, nil
}

func checkJWKAlgorithm(jwk jose.JSONWebKey, pub crypto.PublicKey) error {
	alg, err := algorithmFor(pub)
	if err != nil {
		return err
	}
	if jwk.Algorithm != "" && Algorithm(jwk.Algorithm) != alg {
		return fmt.Errorf("alg %q does not fit a %s key", jwk.Algorithm, alg)
	}
	return nil
}

// JWKS renders public keys as a JSON Web Key Set, {"keys":[...]}, each key
// with kid, alg and use=sig: the body of /.well-known/jwks.json.
func JWKS(keys []PublicKey) ([]byte, error) {
	set := jose.JSONWebKeySet{Keys: make([]jose.JSONWebKey, 0, len(keys))}
	for _, k := range keys {
		jwk, err := k.jsonWebKey()
		if err != nil {
			return nil, fmt.Errorf("jwks: %w", err)
		}
		set.Keys = append(set.Keys, jwk)
	}
	return json.Marshal(set)
}
