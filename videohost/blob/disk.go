package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/reelvideo/reel/internal/readfile"
	"github.com/reelvideo/reel/videohost"
)

// Disk is a videohost.Blobs on a local folder.
type Disk struct {
	root string
}

var (
	_ videohost.Blobs      = (*Disk)(nil)
	_ videohost.LocalBlobs = (*Disk)(nil)
	_ videohost.LinkBlobs  = (*Disk)(nil)
)

// Open returns a Disk rooted at dir, creating it when needed.
func Open(dir string) (*Disk, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolving blob folder: %w", err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("creating blob folder: %w", err)
	}
	return &Disk{root: abs}, nil
}

var _ videohost.Pinger = (*Disk)(nil)

// Ping reports whether the root folder is there and is a folder (a
// volume that went away, or was never mounted, fails).
func (d *Disk) Ping(ctx context.Context) error {
	fi, err := os.Stat(d.root)
	if err != nil {
		return fmt.Errorf("blob folder: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("blob folder %s is not a folder", d.root)
	}
	return nil
}

// Root is the folder blobs live in.
func (d *Disk) Root() string { return d.root }

// ValidKey refuses keys that could escape the root or are not canonical
// ("", "/abs", "a/../b", "a//b", "a/"): every Blobs implementation
// checks keys with it, so that a key valid on one store is valid on all.
func ValidKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") ||
		strings.ContainsRune(key, 0) || filepath.ToSlash(filepath.Clean(key)) != key {
		return videohost.Errorf(videohost.EValidation, "invalid blob key %q", key)
	}
	for _, part := range strings.Split(key, "/") {
		if part == ".." || part == "." || part == "" {
			return videohost.Errorf(videohost.EValidation, "invalid blob key %q", key)
		}
	}
	return nil
}

// Path returns the file path of key; it does not check that it exists.
func (d *Disk) Path(key string) string {
	return filepath.Join(d.root, filepath.FromSlash(key))
}

// Put writes r to key atomically and returns the number of bytes written.
func (d *Disk) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if err := ValidKey(key); err != nil {
		return 0, err
	}
	dst := d.Path(key)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return 0, fmt.Errorf("creating blob folder: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".put-*")
	if err != nil {
		return 0, fmt.Errorf("creating temporary blob: %w", err)
	}
	n, err := io.Copy(tmp, ctxReader{ctx, r})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return 0, fmt.Errorf("writing blob %s: %w", key, err)
	}
	return n, nil
}

// ctxReader stops a long copy when its context ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// Open opens key for reading; the blob is an *os.File.
func (d *Disk) Open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if err := ValidKey(key); err != nil {
		return nil, videohost.BlobInfo{}, err
	}
	// Delivery opens one blob per segment request; readfile.Open spares
	// the system calls os.Open spends on the network poller.
	f, err := readfile.Open(d.Path(key))
	if err != nil {
		return nil, videohost.BlobInfo{}, notFound(key, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, videohost.BlobInfo{}, fmt.Errorf("reading blob %s: %w", key, err)
	}
	if fi.IsDir() {
		f.Close()
		return nil, videohost.BlobInfo{}, videohost.Errorf(videohost.ENotFound, "blob %s not found", key)
	}
	return f, videohost.BlobInfo{Key: key, Size: fi.Size(), ModTime: fi.ModTime()}, nil
}

// Stat describes key.
func (d *Disk) Stat(ctx context.Context, key string) (videohost.BlobInfo, error) {
	if err := ValidKey(key); err != nil {
		return videohost.BlobInfo{}, err
	}
	fi, err := os.Stat(d.Path(key))
	if err != nil {
		return videohost.BlobInfo{}, notFound(key, err)
	}
	if fi.IsDir() {
		return videohost.BlobInfo{}, videohost.Errorf(videohost.ENotFound, "blob %s not found", key)
	}
	return videohost.BlobInfo{Key: key, Size: fi.Size(), ModTime: fi.ModTime()}, nil
}

// List describes every blob whose key starts with prefix, in key order.
// Files still being written (Put's temporary files) are not listed.
func (d *Disk) List(ctx context.Context, prefix string) ([]videohost.BlobInfo, error) {
	dir := prefix
	if !strings.HasSuffix(dir, "/") {
		dir = path.Dir(dir)
	}
	dir = strings.TrimSuffix(dir, "/")
	root := d.root
	if dir != "" && dir != "." {
		if err := ValidKey(dir); err != nil {
			return nil, err
		}
		root = d.Path(dir)
	}
	var out []videohost.BlobInfo
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		hidden := strings.HasPrefix(e.Name(), ".") && p != root
		switch {
		case e.IsDir() && hidden:
			return filepath.SkipDir // an import being copied in
		case e.IsDir() || hidden:
			return nil
		}
		rel, err := filepath.Rel(d.root, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		fi, err := e.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		out = append(out, videohost.BlobInfo{Key: key, Size: fi.Size(), ModTime: fi.ModTime()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", prefix, err)
	}
	// A walk visits "a/x" before "a-b" ('-' sorts before '/'): sort by key,
	// the order every store lists in.
	slices.SortFunc(out, func(a, b videohost.BlobInfo) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

// DeletePrefix removes the folder prefix and everything in it.
func (d *Disk) DeletePrefix(ctx context.Context, prefix string) error {
	if err := ValidKey(prefix); err != nil {
		return err
	}
	if err := os.RemoveAll(d.Path(prefix)); err != nil {
		return fmt.Errorf("removing %s: %w", prefix, err)
	}
	return nil
}

// Import moves a local file or folder to key with one rename, replacing what
// was there. When the rename crosses file systems it copies into a temporary
// sibling first and renames that, so the switch stays atomic.
func (d *Disk) Import(ctx context.Context, key, localPath string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	dst := d.Path(key)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("creating blob folder: %w", err)
	}
	src, err := os.Stat(localPath)
	if err != nil {
		return fmt.Errorf("importing %s: %w", key, err)
	}
	if src.IsDir() {
		// A folder replaces a folder: move the old one aside first.
		if _, err := os.Stat(dst); err == nil {
			old := dst + ".old-" + videohost.NewID(6)
			if err := os.Rename(dst, old); err != nil {
				return fmt.Errorf("replacing %s: %w", key, err)
			}
			defer os.RemoveAll(old)
		}
	}
	err = os.Rename(localPath, dst)
	if err == nil {
		return nil
	}
	var linkErr *os.LinkError
	if !errors.As(err, &linkErr) {
		return fmt.Errorf("importing %s: %w", key, err)
	}
	// Cross-device: copy, then rename the copy into place.
	tmp := filepath.Join(filepath.Dir(dst), ".import-"+videohost.NewID(8))
	if err := copyTree(ctx, localPath, tmp); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("copying %s: %w", key, err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("importing %s: %w", key, err)
	}
	return os.RemoveAll(localPath)
}

// Link makes key a symbolic link to localPath, atomically: the link is made
// under a temporary name and renamed over key. It is how a folder that is
// still growing (an early, live playlist) is published without copying.
func (d *Disk) Link(ctx context.Context, key, localPath string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	target, err := filepath.Abs(localPath)
	if err != nil {
		return fmt.Errorf("linking %s: %w", key, err)
	}
	dst := d.Path(key)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("creating blob folder: %w", err)
	}
	tmp := filepath.Join(filepath.Dir(dst), ".link-"+videohost.NewID(8))
	if err := os.Symlink(target, tmp); err != nil {
		return fmt.Errorf("linking %s: %w", key, err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("linking %s: %w", key, err)
	}
	return nil
}

func copyTree(ctx context.Context, src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}

func notFound(key string, err error) error {
	// "a/file/deeper" fails with ENOTDIR: no such blob either.
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return videohost.Errorf(videohost.ENotFound, "blob %s not found", key)
	}
	return fmt.Errorf("opening blob %s: %w", key, err)
}
