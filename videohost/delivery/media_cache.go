package delivery

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/reelvideo/reel/internal/readfile"

	"github.com/reelvideo/reel/videohost"
)

// DefaultMediaCacheBytes bounds the local copies of delivered media when
// Config.MediaCacheBytes is 0: 1 GiB.
const DefaultMediaCacheBytes int64 = 1 << 30

// MaxCachedMediaFile is the largest file the media cache copies: a larger
// one (a long progressive MP4) would keep its first byte waiting for the
// whole download, so it is streamed from Blobs instead. Segments, init
// segments and pictures are far smaller.
const MaxCachedMediaFile = 16 << 20

// mediaCache is a read-through copy on local disk of the media files of
// published versions (segments, init segments, MP4s, pictures) when Blobs
// are not on local disk (S3). Without it every segment request is a GET
// to the store whose body passes through this process (a read and a write
// of every byte in user space); with it a repeated request is answered
// from a local file, which the connection sends with sendfile. It needs no
// invalidation: a version's folder is written whole before it is
// published and never rewritten (a revision is a new version), so a key
// names the same bytes forever.
//
// A copy is made on the first request: the whole file is fetched (one
// GET) into a hidden temporary file, given the blob's modification time
// (so that Last-Modified and the ETag, which are built from size and
// time, are the same whether a request hits or misses), renamed into
// place and served. Concurrent requests for a file being fetched wait for
// that fetch instead of starting their own. Bytes are capped; the least
// recently used copy goes first. A request that holds an evicted copy open
// goes on reading it (the name goes, the bytes stay until it is closed).
// Any failure of the local disk falls back to serving from Blobs.
//
// Each process keeps its copies in a folder of its own under the
// configured one, locked (flock) while the process lives; a process
// removes the folders of processes that are gone when it starts caching.
// A copy left by an earlier process is not reused: it was never synced to
// disk, so a crash may have cut it short.
type mediaCache struct {
	blobs videohost.Blobs
	limit int64
	root  string // where the folders of processes are; "" is {tmp}/reel-media-cache
	log   *slog.Logger

	// buffers copy bodies into files, 256 KiB at a time.
	buffers sync.Pool

	mu      sync.Mutex
	dir     string    // this process's folder; "" until first used
	lock    *os.File  // held (flock) while the process lives
	failed  time.Time // of the folder; the cache is bypassed for a minute
	warned  time.Time // the last copy failure logged: one a minute at most
	index   *byteLRU  // by blob key
	loading map[string]chan struct{}
}

func newMediaCache(blobs videohost.Blobs, root string, limit int64, log *slog.Logger) *mediaCache {
	if limit == 0 {
		limit = DefaultMediaCacheBytes
	}
	if limit < 0 {
		return nil
	}
	c := &mediaCache{blobs: blobs, limit: limit, root: root, log: log,
		index: newByteLRU(), loading: map[string]chan struct{}{}}
	c.buffers.New = func() any { b := make([]byte, 256<<10); return &b }
	return c
}

// isMediaFile reports whether the file name of a published version is
// media (segments, init segments, MP4s, pictures), not one of the text
// files that are rewritten per request or held in memory.
func isMediaFile(name string) bool {
	switch path.Ext(name) {
	case ".m3u8", ".mpd", ".vtt", ".json":
		return false
	}
	return true
}

// mediaLockName is the file a process holds its folder's lock on.
const mediaLockName = ".lock"

// initLocked makes this process's folder, after removing those of
// processes that are gone. After a failure the cache is bypassed for a
// minute, then tried again. Called with c.mu held.
func (c *mediaCache) initLocked() error {
	if c.dir != "" {
		return nil
	}
	if time.Since(c.failed) < time.Minute {
		return errors.New("media cache unavailable")
	}
	root := c.root
	if root == "" {
		root = filepath.Join(os.TempDir(), "reel-media-cache")
	}
	err := func() error {
		if err := os.MkdirAll(root, 0o755); err != nil {
			return err
		}
		c.sweep(root)
		dir, err := os.MkdirTemp(root, "media-")
		if err != nil {
			return err
		}
		lock, err := os.OpenFile(filepath.Join(dir, mediaLockName), os.O_CREATE|os.O_RDWR, 0o600)
		if err == nil {
			err = syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		}
		if err != nil {
			os.RemoveAll(dir)
			return err
		}
		c.dir, c.lock = dir, lock
		return nil
	}()
	if err != nil {
		c.failed = time.Now()
		c.log.Warn("media cache unavailable: serving from the blob store", "dir", root, "err", err)
		return err
	}
	return nil
}

// sweep removes the folders under root of processes that are gone: their
// lock is free (the kernel drops a dead process's locks), or a folder
// without a lock file is older than a minute (a process that died while
// making it).
func (c *mediaCache) sweep(root string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "media-") {
			continue
		}
		dir := filepath.Join(root, e.Name())
		f, err := os.Open(filepath.Join(dir, mediaLockName))
		if errors.Is(err, fs.ErrNotExist) {
			if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > time.Minute {
				os.RemoveAll(dir)
			}
			continue
		} else if err != nil {
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.RemoveAll(dir)
		}
		f.Close()
	}
}

// path is the local file of key in this process's folder.
func (c *mediaCache) path(dir, key string) string {
	return filepath.Join(dir, filepath.FromSlash(key))
}

// open opens key: from its local copy when there is one, else from Blobs,
// copying it first when it is small enough.
func (c *mediaCache) open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if !filepath.IsLocal(filepath.FromSlash(key)) {
		return c.blobs.Open(ctx, key)
	}
	for {
		c.mu.Lock()
		if err := c.initLocked(); err != nil {
			c.mu.Unlock()
			return c.blobs.Open(ctx, key)
		}
		dir := c.dir
		if c.index.touch(key) {
			c.mu.Unlock()
			if b, info, ok := c.openCopy(dir, key); ok {
				return b, info, nil
			}
			// Evicted meanwhile (or removed behind the index's back):
			// fetch it again. A copy that is there but cannot be opened
			// is served from Blobs.
			c.mu.Lock()
			_, err := os.Stat(c.path(dir, key))
			gone := errors.Is(err, fs.ErrNotExist)
			if gone {
				c.index.remove(key)
			}
			c.mu.Unlock()
			if !gone {
				return c.blobs.Open(ctx, key)
			}
			continue
		}
		if done, ok := c.loading[key]; ok {
			c.mu.Unlock()
			select {
			case <-done:
				continue // a copy now, or the fetch failed: try ourselves
			case <-ctx.Done():
				return nil, videohost.BlobInfo{}, ctx.Err()
			}
		}
		done := make(chan struct{})
		c.loading[key] = done
		c.mu.Unlock()
		b, info, err := c.fill(ctx, dir, key)
		c.mu.Lock()
		delete(c.loading, key)
		c.mu.Unlock()
		close(done)
		return b, info, err
	}
}

// openCopy opens the local copy of key; its size and modification time
// are the blob's.
func (c *mediaCache) openCopy(dir, key string) (videohost.Blob, videohost.BlobInfo, bool) {
	f, err := readfile.Open(c.path(dir, key))
	if err != nil {
		return nil, videohost.BlobInfo{}, false
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, videohost.BlobInfo{}, false
	}
	return f, videohost.BlobInfo{Key: key, Size: fi.Size(), ModTime: fi.ModTime().UTC()}, true
}

// fill opens key from Blobs and, when it is small enough, copies it into
// dir and returns the copy. A failure of the local disk returns the blob
// from Blobs, rewound.
func (c *mediaCache) fill(ctx context.Context, dir, key string) (videohost.Blob, videohost.BlobInfo, error) {
	b, info, err := c.blobs.Open(ctx, key)
	if err != nil {
		return nil, videohost.BlobInfo{}, err
	}
	if info.Size > MaxCachedMediaFile || info.Size > c.limit {
		return b, info, nil
	}
	f, err := c.copy(dir, key, b, info)
	if err != nil {
		if ctx.Err() != nil {
			b.Close()
			return nil, videohost.BlobInfo{}, ctx.Err()
		}
		c.mu.Lock()
		warn := time.Since(c.warned) >= time.Minute
		if warn {
			c.warned = time.Now()
		}
		c.mu.Unlock()
		if warn {
			c.log.Warn("media cache: cannot copy, serving from the blob store (logged once a minute)", "key", key, "err", err)
		}
		if _, serr := b.Seek(0, io.SeekStart); serr != nil {
			b.Close()
			return nil, videohost.BlobInfo{}, err
		}
		return b, info, nil
	}
	b.Close()
	c.mu.Lock()
	c.index.put(key, info.Size)
	c.evictLocked(dir)
	c.mu.Unlock()
	return f, info, nil
}

// copy writes b into a temporary file of dir, dates it info.ModTime and
// renames it to key's path; it returns the file, rewound.
func (c *mediaCache) copy(dir, key string, b videohost.Blob, info videohost.BlobInfo) (*os.File, error) {
	tmp, err := os.CreateTemp(dir, ".fill-*")
	if err != nil {
		return nil, err
	}
	buf := c.buffers.Get().(*[]byte)
	n, err := io.CopyBuffer(writerOnly{tmp}, b, *buf)
	c.buffers.Put(buf)
	if err == nil && n != info.Size {
		err = fmt.Errorf("read %d bytes of %d", n, info.Size)
	}
	if err == nil {
		err = os.Chtimes(tmp.Name(), info.ModTime, info.ModTime)
	}
	target := c.path(dir, key)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(target), 0o755)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err == nil {
		_, err = tmp.Seek(0, io.SeekStart)
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("copying %s: %w", key, err)
	}
	return tmp, nil
}

// writerOnly hides the ReadFrom of a file from io.CopyBuffer, which would
// otherwise copy with a buffer of its own.
type writerOnly struct{ io.Writer }

// evictLocked removes the least recently used copies until the cache
// fits its bound, and the folders they leave empty. Called with c.mu held.
func (c *mediaCache) evictLocked(dir string) {
	for _, key := range c.index.evict(c.limit) {
		p := c.path(dir, key)
		os.Remove(p)
		for d := filepath.Dir(p); d != dir && strings.HasPrefix(d, dir); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break // not empty
			}
		}
	}
}

// forget removes the copies under the blob folder prefix (a removed
// version or video). Other processes' copies age out: they are never
// served, since the video is looked up before its files are opened.
func (c *mediaCache) forget(prefix string) {
	if c == nil || !filepath.IsLocal(filepath.FromSlash(prefix)) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dir == "" {
		return
	}
	c.index.removePrefix(prefix + "/")
	os.RemoveAll(c.path(c.dir, prefix))
}
