package videohost

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// ErrSecretMismatch: the secret differs from the one the installation's
// database was first used with; every key and webhook secret it sealed
// would fail to unseal.
var ErrSecretMismatch = errors.New("the server secret differs from the installation's")

// SecretFingerprint is what the database keeps of a secret: an HMAC-SHA256
// of a fixed string under it, of which nothing of the secret can be
// learned, in hex.
func SecretFingerprint(secret []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("reel secret fingerprint v1"))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// CheckSecret compares the service's secret with the installation's: the
// first process to start on a database records the fingerprint of its
// secret, and a later one started with another secret (another secret.key)
// gets ErrSecretMismatch instead of answering 500 to every key it cannot
// unseal. A store that keeps no fingerprint passes.
func (s *Service) CheckSecret(ctx context.Context) error {
	fs := s.caps.fingerprints
	if fs == nil {
		return nil
	}
	fp := SecretFingerprint(s.cfg.Secret)
	stored, err := fs.SecretFingerprint(ctx, fp)
	if err != nil {
		return err
	}
	if stored != fp {
		return fmt.Errorf("%w: its fingerprint begins %s, the database's %s", ErrSecretMismatch, fp[:8], stored[:min(8, len(stored))])
	}
	return nil
}
