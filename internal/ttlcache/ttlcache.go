// Package ttlcache keeps hot lookups for a short time: a video by id or an
// API key's secret on the domain's delivery path, the presigned URLs of
// videohost/delivery. Whoever changes the row forgets the entry, so within
// one process a change is seen at once; another process sees it within the
// TTL. Expiry runs on the monotonic wall clock, not an injectable clock: it
// is an implementation detail, not behaviour a test should steer.
package ttlcache

import (
	"sync"
	"time"
)

// Cache maps keys to values for ttl, holding at most max entries.
type Cache[V any] struct {
	mu  sync.Mutex
	ttl time.Duration
	max int
	m   map[string]entry[V]
}

type entry[V any] struct {
	v       V
	expires time.Time
}

// New returns a cache; a ttl ≤ 0 keeps nothing.
func New[V any](ttl time.Duration, max int) *Cache[V] {
	return &Cache[V]{ttl: ttl, max: max, m: make(map[string]entry[V])}
}

// Get returns the value of key when it is held and not expired.
func (c *Cache[V]) Get(key string) (V, bool) {
	var zero V
	if c.ttl <= 0 {
		return zero, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[key]
	if !ok || time.Now().After(e.expires) {
		return zero, false
	}
	return e.v, true
}

// Put holds v under key for the TTL.
func (c *Cache[V]) Put(key string, v V) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		// Dropping everything is crude but bounded and rare: the cache
		// refills from its source within one TTL.
		clear(c.m)
	}
	c.m[key] = entry[V]{v: v, expires: time.Now().Add(c.ttl)}
}

// Forget drops key.
func (c *Cache[V]) Forget(key string) {
	c.mu.Lock()
	delete(c.m, key)
	c.mu.Unlock()
}
