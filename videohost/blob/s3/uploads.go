package s3

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	tus "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/s3store"

	"github.com/reelvideo/reel/videohost"
)

// uploadsFolder is where uploads live, under the store's prefix: the data
// of upload ID at uploads/ID (one S3 multipart upload until it completes),
// with tusd's uploads/ID.info and uploads/ID.part (a part shorter than S3's
// least part size, kept until more data comes) and Reel's uploads/ID.active
// (the time of the latest activity, by the service's clock).
const uploadsFolder = "uploads"

// Uploads keeps tus uploads in the store's bucket with tusd's s3store: each
// PATCH becomes parts of an S3 multipart upload, so an upload survives the
// process and any api process over the same bucket can resume it (given a
// shared locker: see httpapi.Config.UploadLocker). It implements
// httpapi.UploadStore.
//
// Upload ids are Reel's (the video id): s3store names an upload
// "ID+MULTIPART-ID", and Uploads maps one to the other through the
// upload's .info, so upload URLs are the same on every store.
type Uploads struct {
	s   *Store
	tus s3store.S3Store
}

// Uploads returns the tus store of s. tempDir, created when missing,
// buffers parts on their way to S3 (s3store writes each PATCH body to a
// file before sending it).
func (s *Store) Uploads(tempDir string) (*Uploads, error) {
	if err := os.MkdirAll(tempDir, 0o750); err != nil {
		return nil, fmt.Errorf("creating the upload scratch folder: %w", err)
	}
	ts := s3store.New(s.cfg.Bucket, s.client)
	ts.ObjectPrefix = s.objectKey(uploadsFolder)
	ts.TemporaryDirectory = tempDir
	return &Uploads{s: s, tus: ts}, nil
}

// Ping reports whether the bucket of the uploads answers (see Store.Ping):
// tusd's s3store flattens the errors it returns to text, so the handler
// asks this to tell an unreachable bucket from a failure of the upload.
func (u *Uploads) Ping(ctx context.Context) error { return u.s.Ping(ctx) }

// key is the blob key of an upload's object with suffix ("", ".info", ...).
func uploadKey(id, suffix string) string { return uploadsFolder + "/" + id + suffix }

// detach returns a context that ends when ctx does but reaches none of
// ctx's values. tusd hands stores (and the request it serves carries) its
// request context, a struct whose fields its handler goroutine keeps
// writing; the SDK's transport goroutines would read that struct (through
// Value) to unlink their own contexts, a data race. Every method of
// Uploads detaches; nothing the SDK needs is among those values.
func detach(ctx context.Context) (context.Context, context.CancelFunc) {
	d, cancel := context.WithCancelCause(context.Background())
	stop := context.AfterFunc(ctx, func() { cancel(context.Cause(ctx)) })
	return d, func() {
		stop()
		cancel(context.Canceled)
	}
}

// NewUpload starts the multipart upload of info.ID.
func (u *Uploads) NewUpload(ctx context.Context, info tus.FileInfo) (tus.Upload, error) {
	if info.ID == "" || strings.ContainsAny(info.ID, "+/") {
		return nil, fmt.Errorf("s3 uploads: invalid upload id %q", info.ID)
	}
	ctx, cancel := detach(ctx)
	defer cancel()
	id := info.ID
	up, err := u.tus.NewUpload(ctx, info)
	if err != nil {
		return nil, err
	}
	return &upload{id: id, u: u, inner: up}, nil
}

// GetUpload finds upload id by its .info, which names its multipart upload.
func (u *Uploads) GetUpload(ctx context.Context, id string) (tus.Upload, error) {
	if id == "" || strings.ContainsAny(id, "+/") {
		return nil, tus.ErrNotFound
	}
	ctx, cancel := detach(ctx)
	defer cancel()
	out, err := u.s.client.GetObject(ctx, &awss3.GetObjectInput{
		Bucket: aws.String(u.s.cfg.Bucket),
		Key:    aws.String(u.s.objectKey(uploadKey(id, ".info"))),
	})
	if err != nil {
		if isNotFound(err) {
			return nil, tus.ErrNotFound
		}
		return nil, fmt.Errorf("reading upload %s: %w", id, wrap(err))
	}
	defer out.Body.Close()
	var info tus.FileInfo
	if err := json.NewDecoder(io.LimitReader(out.Body, 1<<20)).Decode(&info); err != nil {
		return nil, fmt.Errorf("reading upload %s: %w", id, err)
	}
	up, err := u.tus.GetUpload(ctx, info.ID)
	if err != nil {
		return nil, err
	}
	return &upload{id: id, u: u, inner: up}, nil
}

// AsTerminatableUpload is part of tusd's termination extension.
func (u *Uploads) AsTerminatableUpload(up tus.Upload) tus.TerminatableUpload { return up.(*upload) }

// AsLengthDeclarableUpload is part of tusd's deferred-length extension.
func (u *Uploads) AsLengthDeclarableUpload(up tus.Upload) tus.LengthDeclarableUpload {
	return up.(*upload)
}

// Touch writes the time of the latest activity on upload id.
func (u *Uploads) Touch(ctx context.Context, id string, at time.Time) error {
	ctx, cancel := detach(ctx)
	defer cancel()
	if _, err := u.GetUpload(ctx, id); err != nil {
		if errors.Is(err, tus.ErrNotFound) {
			return nil // terminated: no activity to record
		}
		return err
	}
	_, err := u.s.Put(ctx, uploadKey(id, ".active"), strings.NewReader(at.UTC().Format(time.RFC3339Nano)))
	return err
}

// LastActivity reads the time Touch wrote; without one, the time the
// upload's .info was written (by the store's clock).
func (u *Uploads) LastActivity(ctx context.Context, id string) (time.Time, error) {
	ctx, cancel := detach(ctx)
	defer cancel()
	b, _, err := u.s.Open(ctx, uploadKey(id, ".active"))
	if err == nil {
		defer b.Close()
		data, err := io.ReadAll(io.LimitReader(b, 100))
		if err != nil {
			return time.Time{}, err
		}
		return time.Parse(time.RFC3339Nano, string(data))
	}
	if !videohost.IsNotFound(err) {
		return time.Time{}, err
	}
	info, err := u.s.Stat(ctx, uploadKey(id, ".info"))
	if videohost.IsNotFound(err) {
		return time.Time{}, nil
	}
	return info.ModTime, err
}

// List returns the ids of the uploads with an .info or an activity mark.
func (u *Uploads) List(ctx context.Context) ([]string, error) {
	ctx, cancel := detach(ctx)
	defer cancel()
	blobs, err := u.s.List(ctx, uploadsFolder+"/")
	if err != nil {
		return nil, err
	}
	var ids []string
	seen := map[string]bool{}
	for _, b := range blobs {
		name := strings.TrimPrefix(b.Key, uploadsFolder+"/")
		for _, suffix := range []string{".info", ".active"} {
			if id, ok := strings.CutSuffix(name, suffix); ok && !seen[id] && !strings.Contains(id, "/") {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids, nil
}

// Source is the blob key of a complete upload's data, for a copy inside
// the bucket.
func (u *Uploads) Source(info tus.FileInfo) (string, string) {
	return "", uploadKey(info.ID, "")
}

// Imported deletes the upload's data (the service has its copy); the .info
// stays, so a HEAD still finds the upload complete until it expires.
func (u *Uploads) Imported(ctx context.Context, id string) error {
	ctx, cancel := detach(ctx)
	defer cancel()
	return u.s.DeletePrefix(ctx, uploadKey(id, ""))
}

// Forget deletes the objects of upload id that termination leaves.
func (u *Uploads) Forget(ctx context.Context, id string) error {
	ctx, cancel := detach(ctx)
	defer cancel()
	batch := []types.ObjectIdentifier{}
	for _, suffix := range []string{".active", ".info", ".part", ""} {
		batch = append(batch, types.ObjectIdentifier{Key: aws.String(u.s.objectKey(uploadKey(id, suffix)))})
	}
	out, err := u.s.client.DeleteObjects(ctx, &awss3.DeleteObjectsInput{
		Bucket: aws.String(u.s.cfg.Bucket),
		Delete: &types.Delete{Objects: batch, Quiet: aws.Bool(true)},
	})
	if err != nil {
		return fmt.Errorf("removing upload %s: %w", id, wrap(err))
	}
	for _, e := range out.Errors {
		if aws.ToString(e.Code) != "NoSuchKey" {
			return fmt.Errorf("removing upload %s: %s: %s", id, aws.ToString(e.Code), aws.ToString(e.Message))
		}
	}
	return nil
}

// upload is an s3store upload under Reel's id.
type upload struct {
	id    string
	u     *Uploads
	inner tus.Upload
}

func (up *upload) WriteChunk(ctx context.Context, offset int64, src io.Reader) (int64, error) {
	ctx, cancel := detach(ctx)
	defer cancel()
	return up.inner.WriteChunk(ctx, offset, src)
}

// GetInfo is s3store's info with Reel's id.
func (up *upload) GetInfo(ctx context.Context) (tus.FileInfo, error) {
	ctx, cancel := detach(ctx)
	defer cancel()
	info, err := up.inner.GetInfo(ctx)
	info.ID = up.id
	return info, err
}

// GetReader serves downloads of an upload, which Reel's handler disables.
func (up *upload) GetReader(ctx context.Context) (io.ReadCloser, error) {
	ctx, _ = detach(ctx) // ends with ctx: the body is read after this returns
	return up.inner.GetReader(ctx)
}

func (up *upload) FinishUpload(ctx context.Context) error {
	ctx, cancel := detach(ctx)
	defer cancel()
	return up.inner.FinishUpload(ctx)
}

// Terminate aborts the multipart upload and deletes every object of the
// upload; an upload already completed (no multipart upload left) is not
// an error.
func (up *upload) Terminate(ctx context.Context) error {
	ctx, cancel := detach(ctx)
	defer cancel()
	err := up.u.tus.AsTerminatableUpload(up.inner).Terminate(ctx)
	if err != nil && !isCode(err, "NoSuchUpload") {
		return err
	}
	return up.u.Forget(ctx, up.id)
}

func (up *upload) DeclareLength(ctx context.Context, length int64) error {
	ctx, cancel := detach(ctx)
	defer cancel()
	return up.u.tus.AsLengthDeclarableUpload(up.inner).DeclareLength(ctx, length)
}

// ensure Uploads has what tusd's composer takes.
var (
	_ tus.DataStore               = (*Uploads)(nil)
	_ tus.TerminaterDataStore     = (*Uploads)(nil)
	_ tus.LengthDeferrerDataStore = (*Uploads)(nil)
)
