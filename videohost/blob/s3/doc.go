// Package s3 stores Reel's files in an S3-compatible bucket (AWS S3,
// MinIO, versitygw, Ceph RGW, R2, ...): the videohost.Blobs port for
// installations that scale out.
//
// # Configuration
//
// A store is named by a URL:
//
//	s3://BUCKET[/PREFIX]?endpoint=URL&region=R&path_style=true
//
// endpoint (default: AWS), region (default: the AWS configuration, else
// us-east-1) and path_style (default false; most self-hosted stores want
// true) are the only parameters. Credentials never appear in the URL: they
// come from the standard AWS chain (AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY, AWS_PROFILE and the shared files, web identity,
// the instance role), and nothing here logs them.
//
// # Keys
//
// Blob keys are the same slash-separated relative paths as on disk
// ("videos/{id}/{version}/playlist.m3u8"); under a PREFIX they become
// "PREFIX/videos/...". Put streams: a blob smaller than Config.PartSize is
// one PUT, a larger one (or one of unknown length) a multipart upload of
// parts of that size, so memory stays bounded. Either way the object
// appears whole or not at all, which is the atomicity the port asks for.
//
// # Reading
//
// Open issues one GET from the start and takes the blob's size, ETag and
// modification time from its answer: serving a file costs one S3 request,
// no HEAD. The returned Blob reads that body; a Seek only moves the read
// offset, and the next Read carries on in the open body when it is at (or
// up to 64 KiB before) that offset, else drops it and issues a ranged GET
// ("Range: bytes=N-") carrying the first answer's ETag (If-Match), so a
// blob replaced meanwhile is an error, never a mix of two versions.
// http.ServeContent's "seek to the end for the size, then back" therefore
// reads the first GET's body; a range far into the blob costs a second,
// ranged GET, and a blob closed unread (HEAD, 304) drops its connection.
//
// The client keeps up to 256 idle connections to the store (the SDK's
// default keeps 10 per host, so a process serving more segments at once
// dialled anew for most of them). Some stores close the connection after
// every object GET anyway (versitygw answers "Connection: close").
//
// # Presigned URLs
//
// PresignGet (videohost.PresignBlobs) signs a GET of one key for a given
// time, with the Content-Type the store is to answer with
// (response-content-type), without a request to the store: the API's
// --media-redirect hands such URLs to players so that segments go from the
// bucket to them rather than through the API process. A URL holds the
// access key's id, the expiry and a signature (with temporary credentials
// also the session token, useless without the secret key), never the
// secret; it is a bearer credential for that one object until it expires,
// and nothing here logs it.
//
// # Uploads
//
// Uploads (tus) use tusd's s3store in the same bucket under "uploads/"
// (uploads.go): parts go straight to an S3 multipart upload, and a finished
// upload becomes a video's source by a server-side copy (Copy), not by a
// download through the API process.
package s3
