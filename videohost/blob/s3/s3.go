package s3

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/logging"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
)

// Store is a videohost.Blobs in an S3 bucket.
type Store struct {
	cfg     Config
	client  *awss3.Client
	presign *awss3.PresignClient
}

var (
	_ videohost.Blobs        = (*Store)(nil)
	_ videohost.CopyBlobs    = (*Store)(nil)
	_ videohost.PresignBlobs = (*Store)(nil)
)

// openTimeout bounds the reachability check of Open.
const openTimeout = 15 * time.Second

// Open returns a Store over cfg's bucket after checking that it answers:
// an unreachable endpoint, refused credentials or a missing bucket is one
// error that starts "blobs unreachable:" and says which.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	cfg = cfg.withDefaults()
	if cfg.Bucket == "" {
		return nil, errors.New("s3: a bucket is required")
	}
	client, err := newClient(ctx, cfg)
	if err != nil {
		return nil, err
	}
	s := &Store{cfg: cfg, client: client, presign: awss3.NewPresignClient(client)}
	ctx, cancel := context.WithTimeout(ctx, openTimeout)
	defer cancel()
	// Credentials first: without any, the chain's last resort (the
	// instance role) fails with an error about EC2 that names no cause.
	if _, err := client.Options().Credentials.Retrieve(ctx); err != nil {
		return nil, fmt.Errorf("blobs unreachable: %s: no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, web identity, an instance role)", cfg)
	}
	if err := s.Ping(ctx); err != nil {
		return nil, fmt.Errorf("blobs unreachable: %s: %w", cfg, err)
	}
	return s, nil
}

// Ping reports whether the bucket answers with these credentials (the
// readiness of a server on S3): one listing of at most one key. A listing
// rather than HeadBucket, because its error body tells a refused key from
// a missing bucket, and listing is a right the store needs anyway.
func (s *Store) Ping(ctx context.Context) error {
	_, err := s.client.ListObjectsV2(ctx, &awss3.ListObjectsV2Input{
		Bucket: aws.String(s.cfg.Bucket), Prefix: aws.String(s.objectKey("")), MaxKeys: aws.Int32(1),
	}, func(o *awss3.Options) { o.RetryMaxAttempts = 2 })
	if err != nil {
		return wrap(err)
	}
	return nil
}

// OpenURL is Open on a ParseURL'd s3:// URL.
func OpenURL(ctx context.Context, rawURL string) (*Store, error) {
	cfg, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	return Open(ctx, cfg)
}

// newClient builds an SDK client: credentials and (when cfg names none)
// the region from the AWS chain; checksums only where S3 requires them,
// which is what S3-compatible stores accept.
func newClient(ctx context.Context, cfg Config) (*awss3.Client, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	opts := []func(*awsconfig.LoadOptions) error{
		awsconfig.WithRequestChecksumCalculation(aws.RequestChecksumCalculationWhenRequired),
		awsconfig.WithResponseChecksumValidation(aws.ResponseChecksumValidationWhenRequired),
		awsconfig.WithLogger(sdkLogger{log}),
	}
	if cfg.Region != "" {
		opts = append(opts, awsconfig.WithRegion(cfg.Region))
	}
	if cfg.Credentials != nil {
		opts = append(opts, awsconfig.WithCredentialsProvider(cfg.Credentials))
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("blobs unreachable: %s: reading the AWS configuration: %w", cfg, err)
	}
	if awsCfg.Region == "" {
		awsCfg.Region = DefaultRegion
	}
	return awss3.NewFromConfig(awsCfg, func(o *awss3.Options) {
		if cfg.Endpoint != "" {
			o.BaseEndpoint = aws.String(cfg.Endpoint)
		}
		o.UsePathStyle = cfg.PathStyle
		o.HTTPClient = awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) {
			t.MaxIdleConns = maxIdleConns
			t.MaxIdleConnsPerHost = maxIdleConns
		})
	}), nil
}

// maxIdleConns is how many idle connections to the store are kept for
// reuse. The SDK's default keeps 10 per host: an API process serving more
// segments at once than that closed the surplus after every answer and
// dialled anew for the next (a twentieth of its CPU per segment, and the
// store's accepts), so it keeps as many as a busy process has in flight.
const maxIdleConns = 256

// Config is the store's configuration, defaults applied.
func (s *Store) Config() Config { return s.cfg }

// sdkLogger hands the SDK's own messages (retries, fallbacks) to slog.
type sdkLogger struct{ log *slog.Logger }

func (l sdkLogger) Logf(c logging.Classification, format string, v ...any) {
	level := slog.LevelDebug
	if c == logging.Warn {
		level = slog.LevelWarn
	}
	l.log.Log(context.Background(), level, "s3: "+fmt.Sprintf(format, v...))
}

// objectKey is the S3 key of a blob key.
func (s *Store) objectKey(key string) string {
	if s.cfg.Prefix == "" {
		return key
	}
	return s.cfg.Prefix + "/" + key
}

// blobKey is the blob key of an S3 key under the prefix.
func (s *Store) blobKey(objectKey string) (string, bool) {
	if s.cfg.Prefix == "" {
		return objectKey, true
	}
	return strings.CutPrefix(objectKey, s.cfg.Prefix+"/")
}

// Put streams r to key. A blob shorter than a part is one PUT; a longer
// one is a multipart upload, aborted when anything fails. Memory is what
// the blob needs up to one part: a small blob never costs a whole part.
func (s *Store) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if err := blob.ValidKey(key); err != nil {
		return 0, err
	}
	var first bytes.Buffer
	n, err := io.CopyN(&first, r, s.cfg.PartSize)
	if err != nil && err != io.EOF {
		return 0, fmt.Errorf("writing blob %s: %w", key, err)
	}
	if n < s.cfg.PartSize {
		_, err = s.client.PutObject(ctx, &awss3.PutObjectInput{
			Bucket:        aws.String(s.cfg.Bucket),
			Key:           aws.String(s.objectKey(key)),
			Body:          bytes.NewReader(first.Bytes()),
			ContentLength: aws.Int64(n),
		})
		if err != nil {
			return 0, fmt.Errorf("writing blob %s: %w", key, wrap(err))
		}
		return n, nil
	}
	return s.putMultipart(ctx, key, first.Bytes(), r)
}

// putMultipart uploads buf (a full first part) and the rest of r in parts.
func (s *Store) putMultipart(ctx context.Context, key string, buf []byte, r io.Reader) (int64, error) {
	up, err := s.client.CreateMultipartUpload(ctx, &awss3.CreateMultipartUploadInput{
		Bucket: aws.String(s.cfg.Bucket),
		Key:    aws.String(s.objectKey(key)),
	})
	if err != nil {
		return 0, fmt.Errorf("writing blob %s: %w", key, wrap(err))
	}
	total, err := s.uploadParts(ctx, key, *up.UploadId, buf, r)
	if err != nil {
		s.abort(ctx, key, *up.UploadId)
		return 0, fmt.Errorf("writing blob %s: %w", key, err)
	}
	return total, nil
}

func (s *Store) uploadParts(ctx context.Context, key, uploadID string, buf []byte, r io.Reader) (int64, error) {
	var (
		parts []types.CompletedPart
		total int64
		n     = len(buf)
		done  bool
	)
	for number := int32(1); ; number++ {
		if number > 10000 {
			return 0, errors.New("more than 10000 parts: raise the part size")
		}
		out, err := s.client.UploadPart(ctx, &awss3.UploadPartInput{
			Bucket:        aws.String(s.cfg.Bucket),
			Key:           aws.String(s.objectKey(key)),
			UploadId:      aws.String(uploadID),
			PartNumber:    aws.Int32(number),
			Body:          bytes.NewReader(buf[:n]),
			ContentLength: aws.Int64(int64(n)),
		})
		if err != nil {
			return 0, fmt.Errorf("part %d: %w", number, wrap(err))
		}
		parts = append(parts, types.CompletedPart{ETag: out.ETag, PartNumber: aws.Int32(number)})
		total += int64(n)
		if done {
			break
		}
		n, err = io.ReadFull(r, buf)
		if err == io.EOF {
			break
		}
		if err == io.ErrUnexpectedEOF {
			done = true
		} else if err != nil {
			return 0, err
		}
	}
	_, err := s.client.CompleteMultipartUpload(ctx, &awss3.CompleteMultipartUploadInput{
		Bucket:          aws.String(s.cfg.Bucket),
		Key:             aws.String(s.objectKey(key)),
		UploadId:        aws.String(uploadID),
		MultipartUpload: &types.CompletedMultipartUpload{Parts: parts},
	})
	if err != nil {
		return 0, fmt.Errorf("completing: %w", wrap(err))
	}
	return total, nil
}

// abort gives up a multipart upload, also when ctx has ended (its parts
// would be kept, and billed, until a lifecycle rule removed them).
func (s *Store) abort(ctx context.Context, key, uploadID string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	s.client.AbortMultipartUpload(ctx, &awss3.AbortMultipartUploadInput{
		Bucket:   aws.String(s.cfg.Bucket),
		Key:      aws.String(s.objectKey(key)),
		UploadId: aws.String(uploadID),
	})
}

// Open describes key with one GET from the start and returns a Blob that
// reads that GET's body; size, ETag and modification time come from its
// answer, so a read costs one S3 request, not a HEAD and a GET. Reads
// after a Seek away from the body's position issue a ranged GET under
// ctx that carries the first answer's ETag (If-Match).
func (s *Store) Open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if err := blob.ValidKey(key); err != nil {
		return nil, videohost.BlobInfo{}, err
	}
	out, err := s.client.GetObject(ctx, &awss3.GetObjectInput{
		Bucket: aws.String(s.cfg.Bucket),
		Key:    aws.String(s.objectKey(key)),
	})
	if err != nil {
		if isNotFound(err) {
			return nil, videohost.BlobInfo{}, videohost.Errorf(videohost.ENotFound, "blob %s not found", key)
		}
		return nil, videohost.BlobInfo{}, fmt.Errorf("reading blob %s: %w", key, wrap(err))
	}
	info := videohost.BlobInfo{Key: key, Size: aws.ToInt64(out.ContentLength), ModTime: modTime(out.LastModified)}
	return &reader{ctx: ctx, s: s, key: key, etag: aws.ToString(out.ETag), size: info.Size, body: out.Body}, info, nil
}

// PresignGet returns a URL that GETs key without credentials until ttl
// has passed (a presigned GET, signed here with SigV4: no request is
// made). The store answers it with contentType when it is not "" (S3's
// response-content-type), whatever type the object was stored with. The
// URL carries the access key's id and a signature, never the secret; it
// is for the client that asked, not for logs.
func (s *Store) PresignGet(ctx context.Context, key string, ttl time.Duration, contentType string) (string, error) {
	if err := blob.ValidKey(key); err != nil {
		return "", err
	}
	in := &awss3.GetObjectInput{Bucket: aws.String(s.cfg.Bucket), Key: aws.String(s.objectKey(key))}
	if contentType != "" {
		in.ResponseContentType = aws.String(contentType)
	}
	req, err := s.presign.PresignGetObject(ctx, in, awss3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("presigning blob %s: %w", key, wrap(err))
	}
	return req.URL, nil
}

// Stat describes key.
func (s *Store) Stat(ctx context.Context, key string) (videohost.BlobInfo, error) {
	info, _, err := s.head(ctx, key)
	return info, err
}

func (s *Store) head(ctx context.Context, key string) (videohost.BlobInfo, string, error) {
	if err := blob.ValidKey(key); err != nil {
		return videohost.BlobInfo{}, "", err
	}
	out, err := s.client.HeadObject(ctx, &awss3.HeadObjectInput{
		Bucket: aws.String(s.cfg.Bucket),
		Key:    aws.String(s.objectKey(key)),
	})
	if err != nil {
		if isNotFound(err) {
			return videohost.BlobInfo{}, "", videohost.Errorf(videohost.ENotFound, "blob %s not found", key)
		}
		return videohost.BlobInfo{}, "", fmt.Errorf("reading blob %s: %w", key, wrap(err))
	}
	info := videohost.BlobInfo{Key: key, Size: aws.ToInt64(out.ContentLength), ModTime: modTime(out.LastModified)}
	return info, aws.ToString(out.ETag), nil
}

// modTime is S3's Last-Modified at the precision every call reports it
// (HEAD and GET have seconds, a listing may have milliseconds), so that
// validators built on it agree whichever call produced it.
func modTime(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Second)
}

// List describes every blob whose key starts with prefix, in key order
// (S3 lists in UTF-8 byte order, which is Go's string order).
func (s *Store) List(ctx context.Context, prefix string) ([]videohost.BlobInfo, error) {
	if strings.HasPrefix(prefix, "/") || strings.Contains(prefix, "..") {
		return nil, videohost.Errorf(videohost.EValidation, "invalid blob prefix %q", prefix)
	}
	var out []videohost.BlobInfo
	err := s.list(ctx, s.objectKey(prefix), func(o types.Object) error {
		key, ok := s.blobKey(aws.ToString(o.Key))
		if !ok || strings.HasSuffix(key, "/") {
			return nil // a folder marker some stores list
		}
		out = append(out, videohost.BlobInfo{Key: key, Size: aws.ToInt64(o.Size), ModTime: modTime(o.LastModified)})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", prefix, err)
	}
	return out, nil
}

// list calls fn on every object under the S3 key prefix, in order.
func (s *Store) list(ctx context.Context, objectPrefix string, fn func(types.Object) error) error {
	p := awss3.NewListObjectsV2Paginator(s.client, &awss3.ListObjectsV2Input{
		Bucket: aws.String(s.cfg.Bucket),
		Prefix: aws.String(objectPrefix),
	})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return wrap(err)
		}
		for _, o := range page.Contents {
			if err := fn(o); err != nil {
				return err
			}
		}
	}
	return nil
}

// deleteBatch is the most keys one DeleteObjects takes.
const deleteBatch = 1000

// DeletePrefix removes the blob prefix and every blob under the folder
// prefix, in batches of 1000 keys.
func (s *Store) DeletePrefix(ctx context.Context, prefix string) error {
	if err := blob.ValidKey(prefix); err != nil {
		return err
	}
	batch := []types.ObjectIdentifier{{Key: aws.String(s.objectKey(prefix))}}
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		out, err := s.client.DeleteObjects(ctx, &awss3.DeleteObjectsInput{
			Bucket: aws.String(s.cfg.Bucket),
			Delete: &types.Delete{Objects: batch, Quiet: aws.Bool(true)},
		})
		batch = batch[:0]
		if err != nil {
			return wrap(err)
		}
		for _, e := range out.Errors {
			if aws.ToString(e.Code) == "NoSuchKey" {
				continue
			}
			return fmt.Errorf("%s: %s: %s", aws.ToString(e.Key), aws.ToString(e.Code), aws.ToString(e.Message))
		}
		return nil
	}
	err := s.list(ctx, s.objectKey(prefix)+"/", func(o types.Object) error {
		batch = append(batch, types.ObjectIdentifier{Key: o.Key})
		if len(batch) == deleteBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return fmt.Errorf("removing %s: %w", prefix, err)
	}
	return nil
}

// Copy makes dst a copy of src inside the bucket: one CopyObject up to
// Config.CopyPartSize, a multipart copy of parts of that size beyond.
func (s *Store) Copy(ctx context.Context, dst, src string) (videohost.BlobInfo, error) {
	if err := blob.ValidKey(dst); err != nil {
		return videohost.BlobInfo{}, err
	}
	info, etag, err := s.head(ctx, src)
	if err != nil {
		return videohost.BlobInfo{}, err
	}
	source := s.copySource(src)
	if info.Size <= s.cfg.CopyPartSize {
		_, err = s.client.CopyObject(ctx, &awss3.CopyObjectInput{
			Bucket:            aws.String(s.cfg.Bucket),
			Key:               aws.String(s.objectKey(dst)),
			CopySource:        aws.String(source),
			CopySourceIfMatch: aws.String(etag),
		})
		if err != nil {
			return videohost.BlobInfo{}, fmt.Errorf("copying %s to %s: %w", src, dst, wrap(err))
		}
	} else if err := s.copyMultipart(ctx, dst, source, etag, info.Size); err != nil {
		return videohost.BlobInfo{}, fmt.Errorf("copying %s to %s: %w", src, dst, err)
	}
	return s.Stat(ctx, dst)
}

func (s *Store) copyMultipart(ctx context.Context, dst, source, etag string, size int64) error {
	up, err := s.client.CreateMultipartUpload(ctx, &awss3.CreateMultipartUploadInput{
		Bucket: aws.String(s.cfg.Bucket),
		Key:    aws.String(s.objectKey(dst)),
	})
	if err != nil {
		return wrap(err)
	}
	var parts []types.CompletedPart
	for off, number := int64(0), int32(1); off < size; off, number = off+s.cfg.CopyPartSize, number+1 {
		end := min(off+s.cfg.CopyPartSize, size) - 1
		out, err := s.client.UploadPartCopy(ctx, &awss3.UploadPartCopyInput{
			Bucket:            aws.String(s.cfg.Bucket),
			Key:               aws.String(s.objectKey(dst)),
			UploadId:          up.UploadId,
			PartNumber:        aws.Int32(number),
			CopySource:        aws.String(source),
			CopySourceIfMatch: aws.String(etag),
			CopySourceRange:   aws.String(fmt.Sprintf("bytes=%d-%d", off, end)),
		})
		if err != nil {
			s.abort(ctx, dst, *up.UploadId)
			return fmt.Errorf("part %d: %w", number, wrap(err))
		}
		parts = append(parts, types.CompletedPart{ETag: out.CopyPartResult.ETag, PartNumber: aws.Int32(number)})
	}
	_, err = s.client.CompleteMultipartUpload(ctx, &awss3.CompleteMultipartUploadInput{
		Bucket:          aws.String(s.cfg.Bucket),
		Key:             aws.String(s.objectKey(dst)),
		UploadId:        up.UploadId,
		MultipartUpload: &types.CompletedMultipartUpload{Parts: parts},
	})
	if err != nil {
		s.abort(ctx, dst, *up.UploadId)
		return fmt.Errorf("completing: %w", wrap(err))
	}
	return nil
}

// copySource is the x-amz-copy-source of key: bucket/key, URL-escaped.
func (s *Store) copySource(key string) string {
	parts := strings.Split(s.cfg.Bucket+"/"+s.objectKey(key), "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// reader is an open blob: a body being read at bodyOff, and the offset
// the next Read starts from (a Seek only moves off).
type reader struct {
	ctx     context.Context
	s       *Store
	key     string
	etag    string
	size    int64
	off     int64
	body    io.ReadCloser
	bodyOff int64
}

// maxSkip is how far ahead of the open body a Read may start and still
// read on in it (discarding the gap) rather than start a ranged GET.
const maxSkip = 64 << 10

func (r *reader) Read(p []byte) (int, error) {
	if r.off >= r.size {
		return 0, io.EOF
	}
	if r.body != nil && r.bodyOff != r.off {
		gap := r.off - r.bodyOff
		if gap < 0 || gap > maxSkip {
			r.closeBody()
		} else if n, err := io.CopyN(io.Discard, r.body, gap); err != nil {
			r.bodyOff += n
			r.closeBody()
		} else {
			r.bodyOff += n
		}
	}
	if r.body == nil {
		in := &awss3.GetObjectInput{
			Bucket:  aws.String(r.s.cfg.Bucket),
			Key:     aws.String(r.s.objectKey(r.key)),
			IfMatch: aws.String(r.etag),
		}
		if r.off > 0 {
			in.Range = aws.String(fmt.Sprintf("bytes=%d-", r.off))
		}
		out, err := r.s.client.GetObject(r.ctx, in)
		if err != nil {
			if isNotFound(err) {
				return 0, videohost.Errorf(videohost.ENotFound, "blob %s not found", r.key)
			}
			return 0, fmt.Errorf("reading blob %s: %w", r.key, wrap(err))
		}
		r.body, r.bodyOff = out.Body, r.off
	}
	n, err := r.body.Read(p)
	r.off += int64(n)
	r.bodyOff = r.off
	if err == io.EOF && r.off < r.size {
		err = fmt.Errorf("reading blob %s: %w", r.key, io.ErrUnexpectedEOF)
	} else if err != nil && err != io.EOF {
		err = fmt.Errorf("reading blob %s: %w", r.key, err)
	}
	return n, err
}

func (r *reader) Seek(offset int64, whence int) (int64, error) {
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = offset
	case io.SeekCurrent:
		abs = r.off + offset
	case io.SeekEnd:
		abs = r.size + offset
	default:
		return r.off, errors.New("seek: invalid whence")
	}
	if abs < 0 {
		return r.off, errors.New("seek: negative position")
	}
	r.off = abs
	return abs, nil
}

func (r *reader) Close() error {
	r.closeBody()
	return nil
}

func (r *reader) closeBody() {
	if r.body != nil {
		r.body.Close()
		r.body = nil
	}
}

// isNotFound reports whether err says the key (not the bucket) is missing.
func isNotFound(err error) bool {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode() {
		case "NoSuchKey", "NotFound":
			return true
		case "NoSuchBucket":
			return false
		}
	}
	var re *awshttp.ResponseError
	return errors.As(err, &re) && re.HTTPStatusCode() == 404 && !isCode(err, "NoSuchBucket")
}

func isCode(err error, code string) bool {
	var apiErr smithy.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode() == code
}

// wrap keeps an SDK error (for errors.As) behind a short message.
func wrap(err error) error {
	return &sdkError{err}
}

type sdkError struct{ err error }

func (e *sdkError) Error() string { return describe(e.err) }
func (e *sdkError) Unwrap() error { return e.err }

// credentialCodes are the error codes of refused credentials, whatever
// the status (versitygw answers an unknown key with 404 XAdminUserNotFound).
var credentialCodes = map[string]bool{
	"InvalidAccessKeyId": true, "SignatureDoesNotMatch": true, "AccessDenied": true,
	"InvalidToken": true, "ExpiredToken": true, "XAdminUserNotFound": true,
}

// describe says what went wrong in one line: the S3 error code and
// message, or the network failure, without the SDK's operation trail
// (and never a credential: the SDK's errors carry none).
func describe(err error) string {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		msg := apiErr.ErrorCode()
		if m := apiErr.ErrorMessage(); m != "" && m != msg {
			msg += ": " + m
		}
		status := 0
		var re *awshttp.ResponseError
		if errors.As(err, &re) {
			status = re.HTTPStatusCode()
		}
		switch {
		case apiErr.ErrorCode() == "NoSuchBucket" || (status == 404 && apiErr.ErrorCode() == "NotFound"):
			return "the bucket does not exist (" + msg + ")"
		case status == 403 || status == 401 || credentialCodes[apiErr.ErrorCode()]:
			return "the credentials were refused (" + msg + ")"
		}
		return msg
	}
	var ne *net.OpError
	if errors.As(err, &ne) {
		return "cannot connect: " + ne.Error()
	}
	var re *awshttp.ResponseError
	if errors.As(err, &re) && re.HTTPStatusCode() != 0 {
		switch re.HTTPStatusCode() {
		case 404:
			return "the bucket does not exist (HTTP 404)"
		case 403:
			return "the credentials were refused (HTTP 403)"
		}
		return fmt.Sprintf("HTTP %d", re.HTTPStatusCode())
	}
	var oe *smithy.OperationError
	if errors.As(err, &oe) {
		return describe(oe.Err)
	}
	return err.Error()
}
