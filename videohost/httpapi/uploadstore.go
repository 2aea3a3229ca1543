package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tus/tusd/v2/pkg/filestore"
	tus "github.com/tus/tusd/v2/pkg/handler"

	"github.com/reelvideo/reel/videohost"
)

// UploadStore keeps tus uploads while they arrive: tusd's data store (with
// termination and deferred lengths) and what the Handler needs around it,
// namely activity times for expiry, a listing for the janitor, and where a
// complete upload's data is for the service to import. The default keeps
// them in Config.UploadDir on local disk; videohost/blob/s3 keeps them in
// the bucket (S3 multipart uploads), so that any api process can resume
// them.
type UploadStore interface {
	tus.DataStore
	tus.TerminaterDataStore
	tus.LengthDeferrerDataStore

	// Touch records activity on upload id at a time of the service clock:
	// uploads expire by it.
	Touch(ctx context.Context, id string, at time.Time) error
	// LastActivity is the time of the latest Touch of upload id, or the
	// zero time when nothing is known of it.
	LastActivity(ctx context.Context, id string) (time.Time, error)
	// List returns the ids of every upload in the store, leftovers whose
	// data is gone included.
	List(ctx context.Context) ([]string, error)
	// Source says where the data of a complete upload lies: a local file
	// (path), imported by a move or a hard link, or a blob of the service's
	// own store (key), imported by a copy inside the store.
	Source(info tus.FileInfo) (path, key string)
	// Imported is called once the service has its own copy of a complete
	// upload's data; the store may free the data, but GetUpload must keep
	// reporting the upload complete until it is terminated.
	Imported(ctx context.Context, id string) error
	// Forget removes what is left of upload id once it is terminated or
	// its data is gone: activity marks, lock files, a stray .info.
	Forget(ctx context.Context, id string) error
}

// diskUploads is the default UploadStore: tusd's filestore in a folder,
// activity in the files' times.
type diskUploads struct {
	filestore.FileStore
	dir string
}

func newDiskUploads(dir string) *diskUploads {
	return &diskUploads{FileStore: filestore.New(dir), dir: dir}
}

// Touch sets the times of the upload's files (a missing file, a terminated
// upload, has no activity to record).
func (d *diskUploads) Touch(_ context.Context, id string, at time.Time) error {
	for _, p := range []string{filepath.Join(d.dir, id), filepath.Join(d.dir, id+".info")} {
		os.Chtimes(p, at, at)
	}
	return nil
}

func (d *diskUploads) LastActivity(_ context.Context, id string) (time.Time, error) {
	var last time.Time
	for _, p := range []string{filepath.Join(d.dir, id+".info"), filepath.Join(d.dir, id)} {
		if fi, err := os.Stat(p); err == nil && fi.ModTime().After(last) {
			last = fi.ModTime()
		}
	}
	return last, nil
}

func (d *diskUploads) List(context.Context) ([]string, error) {
	entries, err := os.ReadDir(d.dir)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".info"); ok && !e.IsDir() {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

func (d *diskUploads) Source(info tus.FileInfo) (string, string) { return info.Storage["Path"], "" }

// Imported keeps the data: the service imported a hard link of it, so it
// costs no space, and the janitor removes it with the upload.
func (d *diskUploads) Imported(context.Context, string) error { return nil }

// Forget removes a stray .info and the lock files filelocker leaves.
func (d *diskUploads) Forget(_ context.Context, id string) error {
	var errs []error
	for _, suffix := range []string{".info", ".lock", ".stop"} {
		if err := os.Remove(filepath.Join(d.dir, id+suffix)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// reachableStore is the UploadStore as tusd sees it: where the store behind
// the uploads (a bucket, a disk) cannot be reached, tusd answers 503
// unavailable with Retry-After, as every other route does, rather than its
// own 500; the client resumes the upload once it is back.
type reachableStore struct {
	UploadStore
	pinger videohost.Pinger // the store's, or nil
	mapErr func(ctx context.Context, err error) error
	// abandon undoes what the creation hook did for an upload the store
	// then failed to create: its client got an error, not a video id.
	abandon func(ctx context.Context, info tus.FileInfo)
}

// unavailable answers err as 503 unavailable when it comes of an
// unreachable store. Some stores' errors (tusd's s3store) keep only the
// text of their cause; for an error that does not say, a store that can be
// pinged is asked whether it answers at all.
func (s reachableStore) unavailable(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if videohost.ErrorCode(err) == videohost.EUnavailable {
		return s.mapErr(ctx, err)
	}
	var tusErr tus.Error
	if s.pinger != nil && !errors.As(err, &tusErr) && !errors.Is(err, context.Canceled) {
		if perr := s.pinger.Ping(ctx); perr != nil && videohost.ErrorCode(perr) == videohost.EUnavailable {
			return s.mapErr(ctx, fmt.Errorf("%w (%v)", perr, err))
		}
	}
	return err
}

func (s reachableStore) NewUpload(ctx context.Context, info tus.FileInfo) (tus.Upload, error) {
	up, err := s.UploadStore.NewUpload(ctx, info)
	if err != nil {
		if s.abandon != nil {
			s.abandon(ctx, info)
		}
		return nil, s.unavailable(ctx, err)
	}
	return reachableUpload{up, s}, nil
}

func (s reachableStore) GetUpload(ctx context.Context, id string) (tus.Upload, error) {
	up, err := s.UploadStore.GetUpload(ctx, id)
	if err != nil {
		return nil, s.unavailable(ctx, err)
	}
	return reachableUpload{up, s}, nil
}

func (s reachableStore) AsTerminatableUpload(up tus.Upload) tus.TerminatableUpload {
	return reachableTerminate{s.UploadStore.AsTerminatableUpload(unwrapUpload(up)), s}
}

func (s reachableStore) AsLengthDeclarableUpload(up tus.Upload) tus.LengthDeclarableUpload {
	return reachableDeclare{s.UploadStore.AsLengthDeclarableUpload(unwrapUpload(up)), s}
}

// unwrapUpload hands the store its own upload type back.
func unwrapUpload(up tus.Upload) tus.Upload {
	if r, ok := up.(reachableUpload); ok {
		return r.Upload
	}
	return up
}

type reachableUpload struct {
	tus.Upload
	s reachableStore
}

func (u reachableUpload) WriteChunk(ctx context.Context, offset int64, src io.Reader) (int64, error) {
	n, err := u.Upload.WriteChunk(ctx, offset, src)
	return n, u.s.unavailable(ctx, err)
}

func (u reachableUpload) GetInfo(ctx context.Context) (tus.FileInfo, error) {
	info, err := u.Upload.GetInfo(ctx)
	return info, u.s.unavailable(ctx, err)
}

func (u reachableUpload) GetReader(ctx context.Context) (io.ReadCloser, error) {
	rc, err := u.Upload.GetReader(ctx)
	return rc, u.s.unavailable(ctx, err)
}

func (u reachableUpload) FinishUpload(ctx context.Context) error {
	return u.s.unavailable(ctx, u.Upload.FinishUpload(ctx))
}

type reachableTerminate struct {
	tus.TerminatableUpload
	s reachableStore
}

func (u reachableTerminate) Terminate(ctx context.Context) error {
	return u.s.unavailable(ctx, u.TerminatableUpload.Terminate(ctx))
}

type reachableDeclare struct {
	tus.LengthDeclarableUpload
	s reachableStore
}

func (u reachableDeclare) DeclareLength(ctx context.Context, length int64) error {
	return u.s.unavailable(ctx, u.LengthDeclarableUpload.DeclareLength(ctx, length))
}
