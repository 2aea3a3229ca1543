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
// Open answers with one HEAD and returns a Blob that reads lazily: no byte
// is fetched until the first Read, which issues one GET from the current
// offset ("Range: bytes=N-"); a Seek elsewhere drops the open body and the
// next Read starts another. http.ServeContent's "seek to the end for the
// size, then back to the range" therefore costs one ranged GET, never the
// whole object. The GET carries the ETag of the HEAD (If-Match), so a blob
// replaced between the two is an error, never a mix of two versions.
//
// # Uploads
//
// Uploads (tus) use tusd's s3store in the same bucket under "uploads/"
// (uploads.go): parts go straight to an S3 multipart upload, and a finished
// upload becomes a video's source by a server-side copy (Copy), not by a
// download through the API process.
package s3
