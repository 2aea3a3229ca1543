package delivery

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/reelvideo/reel/videohost"
)

// DefaultRenditionCacheBytes bounds the local copies of renditions that
// frames are cut from when blobs are not on local disk.
const DefaultRenditionCacheBytes = 2 << 30

// renditionCache keeps local copies of published renditions for frame
// extraction when Blobs has no local paths (S3): the pipeline decodes files,
// and a frame needs a handful of pictures from one rendition, so the
// rendition is fetched once and kept for the frames that follow. Published
// versions are immutable, so a copy never goes stale: a key names the same
// bytes forever. The cache is bounded in bytes; the least recently used
// copies that no extraction is reading are removed first. Identical
// fetches in flight are shared.
type renditionCache struct {
	blobs videohost.Blobs
	max   int64

	mu      sync.Mutex
	dir     string   // "" until the first use
	index   *byteLRU // by file name; an extraction reading a copy pins it
	loading map[string]*renditionLoad
	cfgDir  string
}

type renditionLoad struct {
	done chan struct{}
	err  error
}

func newRenditionCache(blobs videohost.Blobs, dir string, maxBytes int64) *renditionCache {
	if maxBytes == 0 {
		maxBytes = DefaultRenditionCacheBytes
	}
	return &renditionCache{blobs: blobs, cfgDir: dir, max: maxBytes,
		index: newByteLRU(), loading: map[string]*renditionLoad{}}
}

// fileName is the local name of a blob key: a digest (keys nest folders)
// with the key's extension, which tells the decoder the container.
func fileName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16]) + path.Ext(key)
}

// init makes the folder and adopts the copies a previous process left
// there (they are still good: keys are immutable).
func (c *renditionCache) init() error {
	if c.dir != "" {
		return nil
	}
	dir := c.cfgDir
	if dir == "" {
		d, err := os.MkdirTemp("", "reel-renditions-")
		if err != nil {
			return fmt.Errorf("creating rendition cache: %w", err)
		}
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating rendition cache: %w", err)
	}
	c.dir = dir
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading rendition cache: %w", err)
	}
	var found []fs.FileInfo
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			os.Remove(filepath.Join(dir, e.Name())) // a fetch cut short
			continue
		}
		if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
			found = append(found, fi)
		}
	}
	// The keys are unknown until asked for again: copies are adopted under
	// their file names, which is what lookups use, the oldest as the least
	// recently used.
	sort.Slice(found, func(i, j int) bool { return found[i].ModTime().Before(found[j].ModTime()) })
	for _, fi := range found {
		c.index.put(fi.Name(), fi.Size())
	}
	c.evict()
	return nil
}

// get returns a local path of the blob at key, fetching it when needed.
// release must be called once the path is no longer read.
func (c *renditionCache) get(ctx context.Context, key string) (string, func(), error) {
	name := fileName(key)
	for {
		c.mu.Lock()
		if err := c.init(); err != nil {
			c.mu.Unlock()
			return "", nil, err
		}
		if c.index.touch(name) {
			c.index.pin(name)
			c.mu.Unlock()
			return filepath.Join(c.dir, name), c.releaser(name), nil
		}
		if l, ok := c.loading[name]; ok {
			c.mu.Unlock()
			select {
			case <-l.done:
				if l.err != nil {
					return "", nil, l.err
				}
				continue // now an entry (unless evicted already: fetch again)
			case <-ctx.Done():
				return "", nil, ctx.Err()
			}
		}
		l := &renditionLoad{done: make(chan struct{})}
		c.loading[name] = l
		dir := c.dir
		c.mu.Unlock()

		size, err := c.fetch(ctx, key, dir, name)
		c.mu.Lock()
		delete(c.loading, name)
		l.err = err
		if err == nil {
			c.index.put(name, size)
			c.index.pin(name)
			c.evict()
		}
		c.mu.Unlock()
		close(l.done)
		if err != nil {
			return "", nil, err
		}
		return filepath.Join(dir, name), c.releaser(name), nil
	}
}

// fetch downloads key into dir/name through a hidden temporary file.
func (c *renditionCache) fetch(ctx context.Context, key, dir, name string) (int64, error) {
	b, info, err := c.blobs.Open(ctx, key)
	if err != nil {
		return 0, err
	}
	defer b.Close()
	tmp, err := os.CreateTemp(dir, ".fetch-*")
	if err != nil {
		return 0, fmt.Errorf("caching rendition: %w", err)
	}
	n, err := tmp.ReadFrom(b)
	if err == nil && n != info.Size {
		err = fmt.Errorf("read %d bytes of %d", n, info.Size)
	}
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return 0, fmt.Errorf("caching rendition %s: %w", key, err)
	}
	return n, nil
}

func (c *renditionCache) releaser(name string) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.index.unpin(name)
			c.evict()
		})
	}
}

// evict removes the least recently used copies nobody reads until the
// cache fits its bound. Called with c.mu held.
func (c *renditionCache) evict() {
	for _, name := range c.index.evict(c.max) {
		if err := os.Remove(filepath.Join(c.dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			// Still there: still counted, and tried again next time.
			if fi, err := os.Stat(filepath.Join(c.dir, name)); err == nil {
				c.index.put(name, fi.Size())
			}
		}
	}
}
