package delivery

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/reelvideo/reel/internal/ttlcache"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
)

// Config sets up a Delivery. Zero values are the defaults.
type Config struct {
	// FrameCacheSize caps the bytes of frames cached in Blobs under
	// videohost.FrameCachePrefix (frames by URL, which anyone may ask
	// for): the least recently used go first. 0 is DefaultFrameCacheSize
	// (1 GiB); negative caches none.
	FrameCacheSize int64
	// RenditionCacheDir holds local copies of the renditions frames by URL
	// are cut from, when Blobs have no local paths (S3). Default: a new
	// folder under os.TempDir(), made on the first frame.
	RenditionCacheDir string
	// RenditionCacheBytes bounds those copies; the least recently used go
	// first. 0 is DefaultRenditionCacheBytes (2 GiB); negative keeps a
	// copy only while a frame is being cut from it.
	RenditionCacheBytes int64
	// ManifestCacheSize caps the bytes of published playlists, manifests
	// and WebVTT files held in memory (they never change under their
	// version). 0 is DefaultManifestCacheSize (16 MiB); negative caches
	// none.
	ManifestCacheSize int64
	// MediaCacheDir is where local copies of published media files
	// (segments, init segments, pictures) are kept when Blobs are not on
	// local disk (S3), so that a repeated request is sent from local disk
	// rather than fetched through this process. Each process makes a
	// folder of its own under it and removes those of processes that are
	// gone. Default: reel-media-cache under os.TempDir().
	MediaCacheDir string
	// MediaCacheBytes bounds those copies; the least recently used go
	// first. 0 is DefaultMediaCacheBytes (1 GiB); negative keeps none.
	MediaCacheBytes int64
	// MediaRedirect, when positive and Blobs can presign
	// (videohost.PresignBlobs), makes AssetRedirect hand out presigned
	// URLs of the store valid this long: an authorized request for a media
	// file is answered with a redirect, and the bytes go from the store to
	// the client, not through this process. 0: off.
	MediaRedirect time.Duration
	// Logger defaults to the domain's logger.
	Logger *slog.Logger
}

// Domain is what delivery needs of the domain: its blob store and what
// that store can do, the pipeline frames are cut with, and a place to
// register for the deletions it must forget. *videohost.Service is one.
type Domain interface {
	Blobs() videohost.Blobs
	BlobCapabilities() videohost.BlobCapabilities
	// Pipeline extracts frames; nil when frames are not served.
	Pipeline() videohost.Pipeline
	Logger() *slog.Logger
	KeepCopies(videohost.Copies)
}

// Delivery serves the published files and frames of videos through its
// caches. Authorization is the caller's: it hands Delivery a video it has
// looked up and, for signed videos, a pass (access.Gate's
// AuthorizeAsset).
type Delivery struct {
	cfg      Config
	blobs    videohost.Blobs
	caps     videohost.BlobCapabilities
	pipeline videohost.Pipeline
	log      *slog.Logger

	frames *frameCache
	// manifests holds published playlists in memory.
	manifests *manifestCache
	// renditions is nil when blobs are local (frames read them in place).
	renditions *renditionCache
	// media is nil when blobs are local (files are sent from where they
	// lie) or the media cache is off.
	media *mediaCache
	// redirects keeps the presigned URLs of media files for half their
	// life (MediaRedirect): signing one costs more than the rest of a
	// request.
	redirects *ttlcache.Cache[string]
	// liveFrames keeps where a live video's newest picture is for a
	// second: a page of thumbnails of one stream asks for it many times a
	// segment, and each resolve reads two playlists from the blobs.
	liveFrames *ttlcache.Cache[FrameSpec]
}

// New returns a Delivery over d and registers it with d (KeepCopies), so
// that the caches forget what the domain deletes.
func New(d Domain, cfg Config) (*Delivery, error) {
	if d == nil {
		return nil, errors.New("delivery: a domain is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = d.Logger()
	}
	blobs, caps := d.Blobs(), d.BlobCapabilities()
	dl := &Delivery{
		cfg: cfg, blobs: blobs, caps: caps, pipeline: d.Pipeline(), log: cfg.Logger,
		frames:     newFrameCache(blobs, cfg.FrameCacheSize, cfg.Logger),
		manifests:  newManifestCache(blobs, cfg.ManifestCacheSize),
		redirects:  ttlcache.New[string](cfg.MediaRedirect/2, 10_000),
		liveFrames: ttlcache.New[FrameSpec](liveFrameTTL, 10_000),
	}
	if caps.Local == nil {
		dl.renditions = newRenditionCache(blobs, cfg.RenditionCacheDir, cfg.RenditionCacheBytes)
		dl.media = newMediaCache(blobs, cfg.MediaCacheDir, cfg.MediaCacheBytes, cfg.Logger)
	}
	d.KeepCopies(dl)
	return dl, nil
}

// Forget drops what this process keeps of the blobs under prefix (frames,
// playlists in memory, media copies on local disk) once the domain has
// deleted the prefix (videohost.Copies).
func (d *Delivery) Forget(prefix string) {
	d.frames.forget(prefix)
	d.manifests.forget(prefix)
	d.media.forget(prefix)
}

// OpenAsset opens a file of the video's published version ("playlist.m3u8",
// "h264_sd/3.m4s").
func (d *Delivery) OpenAsset(ctx context.Context, v *videohost.Video, name string) (videohost.Blob, videohost.BlobInfo, error) {
	return videohost.OpenCurrent(ctx, v, name, d.openVersion)
}

// OpenPassedAsset opens a file for a request let in by pass
// (access.Gate.AuthorizeAsset), from the version pass serves, and
// sets pass.Version to the version it opened (access.AssetPass.Open).
func (d *Delivery) OpenPassedAsset(ctx context.Context, v *videohost.Video, pass *access.AssetPass, name string) (videohost.Blob, videohost.BlobInfo, error) {
	return pass.Open(ctx, v, name, d.openVersion)
}

// openVersion opens a file of one asset version of a video.
func (d *Delivery) openVersion(ctx context.Context, videoID, version, name string) (videohost.Blob, videohost.BlobInfo, error) {
	key := videohost.AssetKey(videoID, version, name)
	if d.media != nil && isMediaFile(name) {
		return d.media.open(ctx, key)
	}
	return d.manifests.open(ctx, version, name, key)
}

// AssetRedirect returns a short-lived URL of the blob store for a media
// file of the video's published version (a segment, an init segment, an
// MP4, a picture), to answer with a redirect instead of serving the file,
// when Config.MediaRedirect is on and Blobs can presign; otherwise "". The
// caller has authorized the request (AuthorizePlayback): the URL is the
// file's bearer credential. Text files (playlists, manifests, WebVTT) are
// never redirected: they are rewritten per request. contentType is what
// the store is to answer with. A URL is handed out for the first half of
// its life: every request of that time gets the same one, so it is valid
// for at least MediaRedirect/2 when it is handed out. A file the version
// does not hold is ENotFound.
func (d *Delivery) AssetRedirect(ctx context.Context, v *videohost.Video, name, contentType string) (string, error) {
	if d.cfg.MediaRedirect <= 0 || v.AssetVersion == "" || !isMediaFile(name) {
		return "", nil
	}
	pb := d.caps.Presign
	if pb == nil {
		return "", nil
	}
	key := videohost.AssetKey(v.ID, v.AssetVersion, name)
	if u, ok := d.redirects.Get(key + "\x00" + contentType); ok {
		return u, nil
	}
	// A name the version does not hold (a rendition the video lacks, a
	// segment past its end) is refused here, as it is when Reel serves
	// the bytes: the bucket would answer the player with its own XML 404.
	// One HEAD per file per half life of a URL, as URLs are reused.
	if _, err := d.blobs.Stat(ctx, key); err != nil {
		return "", err
	}
	u, err := pb.PresignGet(ctx, key, d.cfg.MediaRedirect, contentType)
	if err != nil {
		return "", err
	}
	d.redirects.Put(key+"\x00"+contentType, u)
	return u, nil
}

// FrameCacheStats reports the frame cache, reading the blob store the
// first time (so that it counts what an earlier run left).
func (d *Delivery) FrameCacheStats(ctx context.Context) FrameCacheStats {
	return d.frames.stats(ctx)
}
