package videohost

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// Principal is who makes a request: an API key of a space.
type Principal struct {
	Space  string
	KeyID  string
	Access Access
}

// CanWrite reports whether the principal may change things.
func (p *Principal) CanWrite() bool { return p != nil && p.Access == AccessReadWrite }

const keyPrefix = "rk_"

// Authenticate resolves an API key string to its principal. An admin key
// is EForbidden: it reaches only the /v1/spaces routes (videohost/spaceadmin).
func (s *Service) Authenticate(ctx context.Context, apiKey string) (*Principal, error) {
	k, err := s.AuthenticateKey(ctx, apiKey)
	if err != nil {
		return nil, err
	}
	return PrincipalOf(k)
}

// PrincipalOf is the principal of an authenticated key of a space; an
// admin key is EForbidden.
func PrincipalOf(k *Key) (*Principal, error) {
	if k.Space == "" {
		return nil, Errorf(EForbidden, "an admin key manages spaces (/v1/spaces) and works on no space's routes; create a key of the space with POST /v1/spaces/{id}/keys")
	}
	return &Principal{Space: k.Space, KeyID: k.ID, Access: k.Access}, nil
}

// AuthenticateKey checks an API key string and returns its key, admin or
// of a space, without its secret. Authenticate and spaceadmin's
// AuthenticateAdmin are what routes use; this serves a caller that counts
// a request against the key (a rate limit) before deciding whether the
// key may make it, and the rooms beside the domain (spaceadmin).
func (s *Service) AuthenticateKey(ctx context.Context, apiKey string) (*Key, error) {
	id, ok := keyIDOf(apiKey)
	if !ok {
		return nil, Errorf(EUnauthorized, "invalid API key")
	}
	k, err := s.loadKey(ctx, id)
	if err != nil {
		if IsNotFound(err) {
			return nil, Errorf(EUnauthorized, "invalid API key")
		}
		return nil, err
	}
	sum := sha256.Sum256([]byte(apiKey))
	if subtle.ConstantTimeCompare(sum[:], k.hash) != 1 {
		return nil, Errorf(EUnauthorized, "invalid API key")
	}
	s.touchKey(ctx, k.key.ID)
	key := *k.key
	key.Secret = ""
	return &key, nil
}

// keyTouchInterval is how stale a key's last_used_at may get: recording
// every request would turn every read into a database write.
const keyTouchInterval = time.Minute

// touchKey records that a key was used, at most once a keyTouchInterval per
// key and process. A failure is logged, never returned: it must not refuse
// an authenticated request.
func (s *Service) touchKey(ctx context.Context, id string) {
	now := s.clock.Now()
	s.touchMu.Lock()
	last, ok := s.touched[id]
	if ok && now.Sub(last) < keyTouchInterval {
		s.touchMu.Unlock()
		return
	}
	if len(s.touched) >= 10_000 {
		clear(s.touched) // bounded: a forgotten key is touched again, no harm
	}
	s.touched[id] = now
	s.touchMu.Unlock()
	if err := s.store.TouchKey(ctx, id, now); err != nil && !IsNotFound(err) {
		s.log.WarnContext(ctx, "recording key use", "key", id, "err", err)
	}
}

func keyIDOf(apiKey string) (string, bool) {
	rest, ok := strings.CutPrefix(apiKey, keyPrefix)
	if !ok {
		return "", false
	}
	id, _, ok := strings.Cut(rest, "_")
	if !ok || !ValidID(id, KeyIDLen) {
		return "", false
	}
	return id, true
}

// loadKey returns a key with its hash and its verification key (the
// unsealed secret), from the cache when a recent copy is there: every API
// request and every signed asset request resolves a key, and a database
// read each time would dominate.
func (s *Service) loadKey(ctx context.Context, id string) (cachedKey, error) {
	if c, ok := s.keys.Get(id); ok {
		return c, nil
	}
	k, hash, sealed, err := s.store.KeyByID(ctx, id)
	if err != nil {
		return cachedKey{}, err
	}
	secret, err := s.unseal(sealed)
	if err != nil {
		return cachedKey{}, fmt.Errorf("unsealing key %s: %w", id, err)
	}
	c := cachedKey{key: k, hash: hash,
		verification: tokens.VerificationKey{Secret: []byte(secret), CanSignUpload: k.Access == AccessReadWrite}}
	s.keys.Put(id, c)
	return c, nil
}

func (s *Service) seal(plain string) ([]byte, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return s.aead.Seal(nonce, nonce, []byte(plain), nil), nil
}

func (s *Service) unseal(sealed []byte) (string, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return "", errors.New("sealed secret too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], nil)
	return string(plain), err
}

// CreateKey creates an API key in space ("" for an admin key); the
// returned Key carries its secret, which is never shown again.
func (s *Service) CreateKey(ctx context.Context, space string, access Access, name string) (*Key, error) {
	if access != AccessReadWrite && access != AccessReadOnly {
		return nil, Invalid("access", "must be read_write or read_only")
	}
	if len(name) > 200 {
		return nil, Invalid("name", "must be at most 200 characters")
	}
	k := &Key{ID: NewID(KeyIDLen), Space: space, Access: access, Name: name, CreatedAt: s.clock.Now()}
	k.Secret = keyPrefix + k.ID + "_" + NewID(32)
	sum := sha256.Sum256([]byte(k.Secret))
	sealed, err := s.seal(k.Secret)
	if err != nil {
		return nil, fmt.Errorf("sealing key: %w", err)
	}
	if err := s.store.CreateKey(ctx, k, sum[:], sealed); err != nil {
		return nil, fmt.Errorf("creating key: %w", err)
	}
	return k, nil
}

// Keys lists the keys of the principal's space (without secrets).
func (s *Service) Keys(ctx context.Context, p *Principal) ([]*Key, error) {
	return s.store.Keys(ctx, p.Space)
}

// DeleteKey removes a key; tokens it signed stop verifying at once.
func (s *Service) DeleteKey(ctx context.Context, p *Principal, id string) error {
	if !p.CanWrite() {
		return Errorf(EReadOnlyKey, "a read-only key cannot delete keys")
	}
	if err := s.store.DeleteKey(ctx, p.Space, id); err != nil {
		return err
	}
	s.keys.Forget(id)
	return nil
}
