package delivery

import (
	"bytes"
	"context"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/reelvideo/reel/videohost"
)

// DefaultFrameCacheSize is the byte cap of the frame cache when
// Config.FrameCacheSize is 0: 1 GiB.
const DefaultFrameCacheSize int64 = 1 << 30

// frameCache bounds the frames made on demand, which anyone can ask for by
// URL: their bytes are capped, and the least recently used frame goes first
// when a new one would pass the cap. The index (key, size, recency) lives
// in memory and is rebuilt from a listing of the blob store the first time
// it is needed, oldest file first, so the size a previous run left is
// counted after a restart and its frames are evicted before newer ones.
//
// The cap holds per process: processes sharing one blob store each count
// what they wrote and what they found at start. An entry whose blob went
// away (another process evicted it, the video was deleted) is dropped when
// it is next opened.
type frameCache struct {
	blobs videohost.Blobs
	limit int64 // < 0: frames are not cached
	log   *slog.Logger

	mu     sync.Mutex
	loaded bool
	index  *byteLRU

	hits, misses, evictions atomic.Int64
}

func newFrameCache(blobs videohost.Blobs, limit int64, log *slog.Logger) *frameCache {
	if limit == 0 {
		limit = DefaultFrameCacheSize
	}
	return &frameCache{blobs: blobs, limit: limit, log: log, index: newByteLRU()}
}

// loadLocked builds the index from the blob store once. A failed listing is
// retried by the next call; meanwhile the cache works on what it knows.
func (c *frameCache) loadLocked(ctx context.Context) {
	if c.loaded {
		return
	}
	blobs, err := c.blobs.List(ctx, videohost.FrameCachePrefix)
	if err != nil {
		c.log.WarnContext(ctx, "listing the frame cache", "err", err)
		return
	}
	c.loaded = true
	sort.SliceStable(blobs, func(i, j int) bool { return blobs[i].ModTime.Before(blobs[j].ModTime) })
	for _, b := range blobs {
		c.index.put(b.Key, b.Size)
	}
	// The cap may have been lowered since the last run.
	c.delete(ctx, c.evictLocked())
}

// evictLocked drops least recently used entries until the cache is within
// its cap, and returns their keys for deletion.
func (c *frameCache) evictLocked() []string {
	victims := c.index.evict(c.limit)
	c.evictions.Add(int64(len(victims)))
	return victims
}

// delete removes evicted frames from the blob store. It runs after the
// index has let them go, outside the lock: an open that races with it
// finds nothing and makes the frame again.
func (c *frameCache) delete(ctx context.Context, keys []string) {
	for _, k := range keys {
		if err := c.blobs.DeletePrefix(ctx, k); err != nil {
			c.log.WarnContext(ctx, "evicting a cached frame", "key", k, "err", err)
		}
	}
}

// open returns the cached frame at key and marks it used; ENotFound when
// there is none.
func (c *frameCache) open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if c.limit < 0 {
		c.misses.Add(1)
		return nil, videohost.BlobInfo{}, videohost.Errorf(videohost.ENotFound, "no such frame")
	}
	c.mu.Lock()
	c.loadLocked(ctx)
	c.mu.Unlock()
	b, info, err := c.blobs.Open(ctx, key)
	var victims []string
	c.mu.Lock()
	switch {
	case err == nil:
		c.hits.Add(1)
		// A frame another process wrote is counted from now on.
		c.index.put(key, info.Size)
		victims = c.evictLocked()
	case videohost.IsNotFound(err):
		c.misses.Add(1)
		c.index.remove(key)
	}
	c.mu.Unlock()
	c.delete(context.WithoutCancel(ctx), victims)
	return b, info, err
}

// put stores a new frame and evicts what no longer fits. A frame larger
// than the whole cap is not stored.
func (c *frameCache) put(ctx context.Context, key string, image []byte) error {
	size := int64(len(image))
	if c.limit < 0 || size > c.limit {
		return nil
	}
	if _, err := c.blobs.Put(ctx, key, bytes.NewReader(image)); err != nil {
		return err
	}
	c.mu.Lock()
	c.loadLocked(ctx)
	c.index.put(key, size)
	victims := c.evictLocked()
	c.mu.Unlock()
	c.delete(context.WithoutCancel(ctx), victims)
	return nil
}

// forget drops the entries under prefix, whose blobs were deleted with a
// video or a replaced version.
func (c *frameCache) forget(prefix string) {
	if !strings.HasPrefix(prefix, videohost.FrameCachePrefix) {
		return
	}
	prefix = strings.TrimSuffix(prefix, "/") + "/"
	c.mu.Lock()
	defer c.mu.Unlock()
	c.index.removePrefix(prefix)
}

// FrameCacheStats describes the frame cache of this process.
type FrameCacheStats struct {
	Bytes     int64 // cached now
	Frames    int64 // cached now
	Limit     int64 // the byte cap; negative when frames are not cached
	Hits      int64 // frame requests answered from the cache since start
	Misses    int64 // frame requests that had to make the frame
	Evictions int64 // frames evicted to stay within the cap
}

// stats reports the cache, reading the blob store the first time (so that
// it counts what an earlier run left).
func (c *frameCache) stats(ctx context.Context) FrameCacheStats {
	c.mu.Lock()
	if c.limit >= 0 {
		c.loadLocked(ctx)
	}
	st := FrameCacheStats{Bytes: c.index.used, Frames: int64(c.index.len()), Limit: c.limit}
	c.mu.Unlock()
	st.Hits, st.Misses, st.Evictions = c.hits.Load(), c.misses.Load(), c.evictions.Load()
	return st
}
