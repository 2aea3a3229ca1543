package webhooks

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
)

// SecretPrefix starts every signing secret, so that a leaked secret is
// recognisable (and so that secret scanners can find it).
const SecretPrefix = "whsec_"

// Secret sizes: new secrets carry 32 random bytes; parsed secrets may carry
// 24 to 64, the range the Standard Webhooks specification recommends (its
// published test vector uses 24).
const (
	secretBytes    = 32
	minSecretBytes = 24
	maxSecretBytes = 64
)

// NewSecret returns a fresh signing secret: "whsec_" + base64 of 32 random
// bytes.
func NewSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("new secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// ParseSecret returns the HMAC key inside a secret. The whsec_ prefix is
// optional, as in the reference libraries.
func ParseSecret(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil {
		return nil, &Error{Code: CodeInvalidSecret, Reason: "not base64", Err: err}
	}
	if len(key) < minSecretBytes || len(key) > maxSecretBytes {
		return nil, &Error{Code: CodeInvalidSecret, Reason: fmt.Sprintf("key is %d bytes, want %d to %d", len(key), minSecretBytes, maxSecretBytes)}
	}
	return key, nil
}

// NewMessageID returns a fresh webhook-id: "msg_" + 24 random URL-safe
// characters. A delivery keeps its id across retries so that receivers can
// deduplicate.
func NewMessageID() (string, error) {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("new message id: %w", err)
	}
	return "msg_" + base64.RawURLEncoding.EncodeToString(b), nil
}
