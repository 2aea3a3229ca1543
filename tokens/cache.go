package tokens

import (
	"bytes"
	"crypto"
	"crypto/subtle"
	"sync"
	"time"
)

// Defaults applied where a VerifiedCache parameter is left zero.
const (
	DefaultVerifiedCacheSize = 10_000
	DefaultVerifiedCacheTTL  = 5 * time.Minute
)

// VerifiedCache remembers tokens whose signature has been checked, so that a
// player fetching segment after segment with the same token does not pay
// for parsing and verifying the JWS on every request (about a fifth of the
// CPU of serving a signed segment).
//
// Only the signature check and the claims parsing are remembered. A hit
// still resolves the kid (a deleted key stops its tokens at once) and must
// find the same key material as when the token was verified, and the
// claims are checked again against the clock (exp, nbf, lifetimes,
// whether the key may sign uploads). Keys are the token strings
// themselves, which Verify accepts only in canonical form, so one token
// has one entry.
//
// A VerifiedCache is safe for concurrent use; share one between the
// Verifiers of a server.
type VerifiedCache struct {
	size int
	ttl  time.Duration

	mu      sync.Mutex
	entries map[cacheKey]verifiedEntry
}

type cacheKey struct {
	raw string
	aud Audience
}

type verifiedEntry struct {
	claims Claims
	// secret is the HMAC secret, or public the public key, that the
	// signature was checked against. The secret is kept as it is, not
	// hashed: comparing it costs a tenth of hashing it again on every hit,
	// and the key resolver holds the same secret in memory anyway.
	secret  []byte
	public  crypto.PublicKey
	expires time.Time
}

// NewVerifiedCache returns a cache of at most size tokens, each remembered
// for at most ttl. Zero values mean DefaultVerifiedCacheSize and
// DefaultVerifiedCacheTTL.
func NewVerifiedCache(size int, ttl time.Duration) *VerifiedCache {
	if size <= 0 {
		size = DefaultVerifiedCacheSize
	}
	if ttl <= 0 {
		ttl = DefaultVerifiedCacheTTL
	}
	return &VerifiedCache{size: size, ttl: ttl, entries: make(map[cacheKey]verifiedEntry)}
}

// lookup returns the remembered claims of raw for aud, if any and fresh.
func (c *VerifiedCache) lookup(raw string, aud Audience, now time.Time) (verifiedEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[cacheKey{raw, aud}]
	if !ok {
		return verifiedEntry{}, false
	}
	if now.After(e.expires) {
		delete(c.entries, cacheKey{raw, aud})
		return verifiedEntry{}, false
	}
	return e, true
}

func (c *VerifiedCache) store(raw string, aud Audience, claims Claims, key VerificationKey, now time.Time) {
	e := verifiedEntry{claims: claims, public: key.Public, expires: now.Add(c.ttl)}
	if len(key.Secret) > 0 {
		e.secret = bytes.Clone(key.Secret)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.size {
		// Evict an arbitrary tenth: map order is random, and a bound is what
		// matters here, not which tokens are forgotten (a miss only costs
		// one full verification).
		n := c.size / 10
		for k := range c.entries {
			if n <= 0 {
				break
			}
			delete(c.entries, k)
			n--
		}
	}
	c.entries[cacheKey{raw, aud}] = e
}

// sameKey reports whether key is the key material the entry was verified
// with.
func (e verifiedEntry) sameKey(key VerificationKey) bool {
	if len(key.Secret) > 0 {
		return e.public == nil && subtle.ConstantTimeCompare(key.Secret, e.secret) == 1
	}
	pub, ok := key.Public.(interface{ Equal(crypto.PublicKey) bool })
	return ok && e.public != nil && pub.Equal(e.public)
}

// Len reports how many tokens the cache remembers.
func (c *VerifiedCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
