package delivery

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"sync"

	"github.com/reelvideo/reel/videohost"
)

// DefaultManifestCacheSize is the byte cap of the manifest cache when
// Config.ManifestCacheSize is 0: 16 MiB.
const DefaultManifestCacheSize int64 = 16 << 20

// maxCachedManifest is the largest file the manifest cache holds; a larger
// one is read from Blobs every time.
const maxCachedManifest = 1 << 20

// manifestCache holds the bytes of the small text files of published
// versions (playlists, DASH manifests, WebVTT) in memory, so that a
// playlist request does not read the blob store (one S3 GET) every time.
// It needs no invalidation: a version's folder ("videos/{id}/{version}/")
// is written once before it is published and never rewritten in place (a
// revision is a new version), so a key always names the same bytes. The
// one exception is an early playable set the pipeline still writes
// (versions "p..."), published by reference (LinkBlobs) or copied a
// segment at a time (Jobs.SyncPlayable): those are never cached. Bytes are
// capped; the least recently used file goes first.
type manifestCache struct {
	blobs videohost.Blobs
	limit int64 // < 0: nothing is cached

	mu    sync.Mutex
	index *byteLRU
	files map[string]cachedManifest
}

type cachedManifest struct {
	data []byte
	info videohost.BlobInfo
}

func newManifestCache(blobs videohost.Blobs, limit int64) *manifestCache {
	if limit == 0 {
		limit = DefaultManifestCacheSize
	}
	return &manifestCache{blobs: blobs, limit: limit, index: newByteLRU(), files: map[string]cachedManifest{}}
}

// cacheable reports whether the file name of version may be cached.
func (c *manifestCache) cacheable(version, name string) bool {
	if c.limit < 0 {
		return false
	}
	if !strings.HasPrefix(version, "v") {
		return false // possibly a set the pipeline is still writing
	}
	switch path.Ext(name) {
	case ".m3u8", ".mpd", ".vtt":
		return true
	}
	return false
}

// open opens key of version: from memory when held, else from Blobs,
// keeping a small file's bytes for the next time.
func (c *manifestCache) open(ctx context.Context, version, name, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if !c.cacheable(version, name) {
		return c.blobs.Open(ctx, key)
	}
	c.mu.Lock()
	if f, ok := c.files[key]; ok {
		c.index.touch(key)
		c.mu.Unlock()
		return bytesBlob{bytes.NewReader(f.data)}, f.info, nil
	}
	c.mu.Unlock()

	b, info, err := c.blobs.Open(ctx, key)
	if err != nil {
		return nil, videohost.BlobInfo{}, err
	}
	if info.Size > maxCachedManifest || info.Size > c.limit {
		return b, info, nil
	}
	defer b.Close()
	data, err := io.ReadAll(io.LimitReader(b, info.Size+1))
	if err != nil {
		return nil, videohost.BlobInfo{}, err
	}
	if int64(len(data)) != info.Size {
		return nil, videohost.BlobInfo{}, fmt.Errorf("reading blob %s: %d bytes, not the %d announced", key, len(data), info.Size)
	}
	c.mu.Lock()
	if _, ok := c.files[key]; !ok {
		c.files[key] = cachedManifest{data: data, info: info}
		c.index.put(key, int64(len(data)))
		for _, victim := range c.index.evict(c.limit) {
			delete(c.files, victim)
		}
	}
	c.mu.Unlock()
	return bytesBlob{bytes.NewReader(data)}, info, nil
}

// forget drops every file under the blob folder prefix (a removed version).
func (c *manifestCache) forget(prefix string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key := range c.files {
		if strings.HasPrefix(key, prefix+"/") {
			delete(c.files, key)
			c.index.remove(key)
		}
	}
}

// len is how many files the cache holds.
func (c *manifestCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.files)
}

// bytesBlob is a Blob over bytes in memory.
type bytesBlob struct{ *bytes.Reader }

func (bytesBlob) Close() error { return nil }
