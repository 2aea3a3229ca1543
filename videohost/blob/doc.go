// Package blob stores Reel's files (sources, published assets, caches) on
// local disk: the embedded default behind the videohost.Blobs port.
//
// Keys are slash-separated relative paths such as
// "videos/abc123def456/v1/playlist.m3u8". Writes are atomic: Put writes a
// temporary file in the destination folder and renames it into place, so a
// reader sees the whole blob or none, and a crash leaves no half-written blob
// under its key. Import moves a finished local file or folder into the store
// with one rename, which is how a worker publishes a whole asset version at once.
//
// Open returns an *os.File, so http.ServeContent can answer Range requests
// with sendfile. List answers in key order, as every Blobs does. ValidKey
// is the rule of valid keys every store applies (videohost/blob/s3 too);
// videohost/blob/blobtest is the contract both stores' tests run.
package blob
