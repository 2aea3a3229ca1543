package llhls

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Storage receives the files of a session: init segments and segments as
// soon as they are complete, the VOD playlists at Finish. Names are
// slash-separated and relative ("video/12.m4s"); a Storage scopes them to
// the session. The Muxer never deletes (the recording keeps every
// segment): Delete is for the service discarding a session it does not
// keep.
type Storage interface {
	Put(ctx context.Context, name string, data []byte) error
	Delete(ctx context.Context, name string) error
}

// ReadStorage is a Storage the Handler can read back from: it serves a
// segment that has left the Muxer's memory (an older part of the DVR
// window) from there. Open returns an error wrapping fs.ErrNotExist for a
// name that was never put. Without it, the Handler answers 404 for such a
// segment, and a front (a CDN, Reel's media routes) must serve Storage.
type ReadStorage interface {
	Storage
	Open(ctx context.Context, name string) (io.ReadCloser, error)
}

// DirStorage stores a session's files in a folder. Writes are atomic (a
// temporary file renamed), so a reader of the folder never sees half a
// segment.
type DirStorage struct {
	Dir string
}

var _ ReadStorage = DirStorage{}

func (s DirStorage) path(name string) (string, error) {
	clean := filepath.FromSlash(name)
	if name == "" || filepath.IsAbs(clean) || !filepath.IsLocal(clean) || strings.Contains(name, "\\") {
		return "", fmt.Errorf("storage name %q is not a relative path", name)
	}
	return filepath.Join(s.Dir, clean), nil
}

// Put writes data under name, creating its folder.
func (s DirStorage) Put(ctx context.Context, name string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p, err := s.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("creating folder of %s: %w", name, err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".*.partial")
	if err != nil {
		return fmt.Errorf("creating %s: %w", name, err)
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("renaming %s: %w", name, err)
	}
	return nil
}

// Delete removes name; a name that does not exist is not an error.
func (s DirStorage) Delete(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p, err := s.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("deleting %s: %w", name, err)
	}
	return nil
}

// Open opens name for reading.
func (s DirStorage) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := s.path(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", fs.ErrNotExist, err)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", name, err)
	}
	return f, nil
}

// Size is the size of the file stored under name.
func (s DirStorage) Size(ctx context.Context, name string) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	p, err := s.path(name)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", fs.ErrNotExist, err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		return 0, fmt.Errorf("reading %s: %w", name, err)
	}
	return fi.Size(), nil
}
