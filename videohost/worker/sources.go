package worker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// sourceCache keeps one downloaded copy of a chunked video's source per
// worker, for the chunk, audio and stitch jobs of that video it runs.
// Without it, with blobs that are not on local disk (S3), every one of
// those jobs downloaded the whole source: a one-hour source in 60 chunks
// was read from the bucket some 60 times. Now a worker reads it once (or
// not at all, when the transcode job that planned the chunks ran here and
// handed over its copy). Two jobs that want a source not yet here wait for
// one download.
//
// A copy goes when the video has no chunks left (stitched, failed or
// deleted): checked after each chunk or stitch job, and every sweep
// interval while the worker runs; all copies go when Run returns. The
// files live in the worker's WorkDir, which a restarted process clears.
type sourceCache struct {
	dir     string
	mu      sync.Mutex
	entries map[string]*cachedSource
}

type cachedSource struct {
	ready   chan struct{} // closed once path or err is set
	path    string
	err     error
	owned   bool // path is the cache's own download, removed with the entry
	users   int
	dropped bool
}

func newSourceCache(dir string) *sourceCache {
	return &sourceCache{dir: dir, entries: map[string]*cachedSource{}}
}

// fillFunc puts a local copy of the video's source in dir and returns its
// path; a path outside dir is the store's own file (local disk), used as it
// is.
type fillFunc func(ctx context.Context, videoID, dir string) (string, error)

// get returns the local path of the video's source, downloading it with
// fill when no copy is here, and the func to call once the job is done
// with it.
func (c *sourceCache) get(ctx context.Context, videoID string, fill fillFunc) (string, func(), error) {
	c.mu.Lock()
	e := c.entries[videoID]
	filling := e == nil
	if filling {
		e = &cachedSource{ready: make(chan struct{})}
		c.entries[videoID] = e
	}
	e.users++
	c.mu.Unlock()
	release := func() { c.release(e) }

	if filling {
		path, owned, err := c.fill(ctx, videoID, fill)
		c.mu.Lock()
		e.path, e.owned, e.err = path, owned, err
		if err != nil && c.entries[videoID] == e {
			delete(c.entries, videoID) // the next job tries again
		}
		close(e.ready)
		c.mu.Unlock()
	}
	select {
	case <-e.ready:
	case <-ctx.Done():
		release()
		return "", nil, ctx.Err()
	}
	if e.err != nil {
		release()
		return "", nil, e.err
	}
	return e.path, release, nil
}

func (c *sourceCache) fill(ctx context.Context, videoID string, fill fillFunc) (path string, owned bool, err error) {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return "", false, fmt.Errorf("creating work folder: %w", err)
	}
	tmp, err := os.MkdirTemp(c.dir, "source-"+videoID+"-*")
	if err != nil {
		return "", false, fmt.Errorf("creating work folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	got, err := fill(ctx, videoID, tmp)
	if err != nil {
		return "", false, err
	}
	if !inside(tmp, got) {
		return got, false, nil
	}
	// Renamed whole into place: a process killed mid-download leaves a
	// temporary folder (cleared with the work folder), never a short copy.
	path = c.pathOf(videoID)
	if err := os.Rename(got, path); err != nil {
		return "", false, fmt.Errorf("keeping the source: %w", err)
	}
	return path, true, nil
}

// adopt takes over a copy of the video's source that a job downloaded to
// path (the transcode job that planned the chunks), so that the chunk jobs
// run here need not download it again. Where a copy is here already, or
// the rename fails, path stays the caller's (its job folder goes with it).
// It returns where the source is now.
func (c *sourceCache) adopt(videoID, path string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[videoID]; ok {
		return path
	}
	kept := c.pathOf(videoID)
	if err := os.Rename(path, kept); err != nil {
		return path
	}
	e := &cachedSource{ready: make(chan struct{}), path: kept, owned: true}
	close(e.ready)
	c.entries[videoID] = e
	return kept
}

// pathOf is where the cache keeps the video's source.
func (c *sourceCache) pathOf(videoID string) string {
	return filepath.Join(c.dir, "source-"+videoID)
}

// inside reports whether path lies in the folder dir.
func inside(dir, path string) bool {
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

func (c *sourceCache) release(e *cachedSource) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.users--
	if e.dropped && e.users == 0 {
		e.remove()
	}
}

// dropLocked forgets the video's copy; the file goes once no job uses it.
func (c *sourceCache) dropLocked(videoID string) {
	e, ok := c.entries[videoID]
	if !ok {
		return
	}
	delete(c.entries, videoID)
	e.dropped = true
	if e.users == 0 {
		e.remove()
	}
}

func (e *cachedSource) remove() {
	if e.owned {
		os.Remove(e.path) //nolint:errcheck // a file left goes with the work folder
	}
}

// sweep drops the copies no job is using whose video keep says is done
// with them.
func (c *sourceCache) sweep(ctx context.Context, keep func(ctx context.Context, videoID string) bool) {
	c.mu.Lock()
	var idle []string
	for id, e := range c.entries {
		if e.users == 0 {
			idle = append(idle, id)
		}
	}
	c.mu.Unlock()
	for _, id := range idle {
		if ctx.Err() != nil || keep(ctx, id) {
			continue
		}
		c.mu.Lock()
		if e, ok := c.entries[id]; ok && e.users == 0 {
			c.dropLocked(id)
		}
		c.mu.Unlock()
	}
}

// clear drops every copy (the worker stops).
func (c *sourceCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id := range c.entries {
		c.dropLocked(id)
	}
}
