// Package delivery serves the published files and frames of videos to
// players: playlists, DASH manifests, segments, MP4s, pictures and frames
// by URL, through caches that need no invalidation, because a published
// version ("videos/{id}/{version}/") is written once and never rewritten
// (a revision is a new version).
//
// # Rooms
//
//   - delivery.go: Config (cache sizes, redirects), Domain (what it needs
//     of videohost), New, and the open path: OpenAsset, OpenPassedAsset
//     (the version a pass opens, access.AssetPass.Open) and
//     AssetRedirect (presigned URLs of the store, Config.MediaRedirect).
//   - manifest_cache.go: playlists, manifests and WebVTT in memory.
//   - media_cache.go: media files on local disk when Blobs are not (S3).
//   - frames.go, frame_cache.go: frames by URL (ResolveFrame,
//     OpenCachedFrame, MakeFrame), cached in Blobs under
//     videohost.FrameCachePrefix within a byte cap.
//   - renditions.go: local copies of the renditions frames are cut from,
//     when Blobs have no local paths.
//   - lru.go: the byte-capped index the caches share.
//
// # The domain
//
// Delivery depends on videohost through Domain, which *videohost.Service
// implements: the blob store and its capabilities (resolved once by
// videohost.New), the pipeline, the logger, and KeepCopies, with which New
// registers the Delivery to be told (videohost.Copies) of every prefix the
// domain deletes, a video or a replaced version, so that no copy outlives
// its blobs. videohost does not import this package. Authorization is not
// delivery's: callers look the video up and authorize the request
// (videohost/access: Gate.AuthorizeAsset) before they open anything here;
// a redirect URL is the file's bearer credential.
//
// # Wiring
//
// The composer builds one Delivery per Service, after the Service:
//
//	svc, _ := videohost.New(videohost.Config{...})
//	dl, _ := delivery.New(svc, delivery.Config{MediaCacheDir: "data/cache/media"})
//	h, _ := httpapi.New(svc, httpapi.Config{UploadDir: "data/uploads", Delivery: dl})
//
// httpapi builds one with the defaults when Config.Delivery is nil. Its
// HTTP half stays in videohost/httpapi (assets.go, frames.go), which
// rewrites playlists per request and calls this package for the bytes.
package delivery
