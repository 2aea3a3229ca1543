package httpapi

import (
	"container/list"
	"strconv"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// DefaultPlaylistCacheSize is the byte budget of rewritten playlists when
// Config.PlaylistCacheSize is 0: 8 MiB.
const DefaultPlaylistCacheSize int64 = 8 << 20

// playlistEntryOverhead is what an entry costs beside its bytes (the map
// slot, the list element, the entry's fields), counted against the budget
// so that many small entries cannot outgrow it.
const playlistEntryOverhead = 160

// playlistCache holds the bodies and ETags of rewritten playlists, DASH
// manifests and signed storyboard cues, so that a playlist request does not
// rewrite every URI again. A rewrite depends only on the file's bytes, the
// asset version (the pin) and, for a signed video, the token; the file of a
// version is written once, so a key names one body. The blob's size and
// modification time are kept beside it and compared on every hit: a set
// published early by reference (LinkBlobs) may still be rewritten in place,
// and such a change misses. Authorization is not cached: every request is
// checked before the cache is read, so an expired token, an archived video
// or a new version is refused or served its own bytes as without it.
// Bytes are capped; the least recently used entry goes first.
type playlistCache struct {
	limit int64 // < 0: nothing is cached

	mu    sync.Mutex
	size  int64
	items map[playlistKey]*list.Element
	order *list.List // of *rewritten, most recently used first
}

// playlistKey names one rewrite: the file of an asset version, and the
// token every URI carries ("" for a public video).
type playlistKey struct {
	version, asset, token string
}

// rewritten is one cached rewrite.
type rewritten struct {
	key     playlistKey
	size    int64     // of the blob it was made from
	modTime time.Time // of the blob it was made from
	body    []byte
	// The ETag and Content-Length header values, built once.
	etagHeader, lengthHeader []string
}

func newRewritten(key playlistKey, info videohost.BlobInfo, body []byte, etag string) *rewritten {
	return &rewritten{key: key, size: info.Size, modTime: info.ModTime, body: body,
		etagHeader: []string{etag}, lengthHeader: []string{strconv.Itoa(len(body))}}
}

func (e *rewritten) cost() int64 {
	return int64(len(e.body)+len(e.etagHeader[0])+len(e.key.version)+len(e.key.asset)+len(e.key.token)) + playlistEntryOverhead
}

func newPlaylistCache(limit int64) *playlistCache {
	if limit == 0 {
		limit = DefaultPlaylistCacheSize
	}
	return &playlistCache{limit: limit, items: map[playlistKey]*list.Element{}, order: list.New()}
}

// get returns the rewrite of key made from a blob of info's size and
// modification time, or nil.
func (c *playlistCache) get(key playlistKey, info videohost.BlobInfo) *rewritten {
	if c.limit < 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil
	}
	e := el.Value.(*rewritten)
	if e.size != info.Size || !e.modTime.Equal(info.ModTime) {
		return nil
	}
	c.order.MoveToFront(el)
	return e
}

// put keeps e, replacing what key held, and drops the least recently used
// entries until the cache fits its budget. An entry over an eighth of the
// budget is not kept: one long signed playlist must not flush every other.
func (c *playlistCache) put(e *rewritten) {
	if c.limit < 0 || e.cost() > c.limit/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[e.key]; ok {
		c.size -= el.Value.(*rewritten).cost()
		c.order.Remove(el)
	}
	c.items[e.key] = c.order.PushFront(e)
	c.size += e.cost()
	for c.size > c.limit {
		last := c.order.Back()
		victim := last.Value.(*rewritten)
		c.order.Remove(last)
		delete(c.items, victim.key)
		c.size -= victim.cost()
	}
}

// bytes is what the cache holds, counted as its budget counts it.
func (c *playlistCache) bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}
