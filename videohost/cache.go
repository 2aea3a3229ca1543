package videohost

import (
	"sync"
	"time"

	"github.com/reelvideo/reel/tokens"
)

// ttlCache keeps hot lookups of the delivery path (a video by id, an API key's
// secret) for a short time, so that serving a segment does not cost two
// database reads. The service forgets an entry whenever it changes the row,
// so within one process a change is seen at once; another process (an api
// role beside a worker role) sees it within the TTL. Expiry runs on the
// monotonic wall clock, not the injectable Clock: it is an implementation
// detail, not behaviour a test should steer.
type ttlCache[V any] struct {
	mu  sync.Mutex
	ttl time.Duration
	max int
	m   map[string]ttlEntry[V]
}

type ttlEntry[V any] struct {
	v       V
	expires time.Time
}

func newTTLCache[V any](ttl time.Duration, max int) *ttlCache[V] {
	return &ttlCache[V]{ttl: ttl, max: max, m: make(map[string]ttlEntry[V])}
}

func (c *ttlCache[V]) get(key string) (V, bool) {
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

func (c *ttlCache[V]) put(key string, v V) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		// Dropping everything is crude but bounded and rare: the cache
		// refills from the database within one TTL.
		clear(c.m)
	}
	c.m[key] = ttlEntry[V]{v: v, expires: time.Now().Add(c.ttl)}
}

func (c *ttlCache[V]) forget(key string) {
	c.mu.Lock()
	delete(c.m, key)
	c.mu.Unlock()
}

// copyVideo returns a copy of v that shares no slice or map with it, so a
// cached video can be handed out and decorated by concurrent requests.
func copyVideo(v *Video) *Video {
	cp := *v
	cp.Renditions = append([]Rendition(nil), v.Renditions...)
	cp.AudioTracks = append([]AudioTrack(nil), v.AudioTracks...)
	cp.Subtitles = append([]Subtitle(nil), v.Subtitles...)
	cp.Chapters = append([]Chapter(nil), v.Chapters...)
	if v.Metadata != nil {
		cp.Metadata = make(map[string]string, len(v.Metadata))
		for k, val := range v.Metadata {
			cp.Metadata[k] = val
		}
	}
	if v.Source != nil {
		src := *v.Source
		cp.Source = &src
	}
	if v.URLs != nil {
		u := *v.URLs
		cp.URLs = &u
	}
	return &cp
}

// cachedKey is a key as stored: the record, the SHA-256 of the key string
// (for authentication), and the unsealed key string as the token verifier
// takes it for HS256 tokens (built once: every signed segment resolves a
// key). Callers copy key before handing it out.
type cachedKey struct {
	key          *Key
	hash         []byte
	verification tokens.VerificationKey
}

// cachedSigningKey is a signing key as token verification needs it: its
// space and its parsed public half.
type cachedSigningKey struct {
	space        string
	verification tokens.VerificationKey
}
