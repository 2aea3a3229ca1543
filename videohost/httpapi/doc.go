// Package httpapi serves the REST API of Reel (/v1) and
// its tus 1.0.0 resumable uploads as one embeddable http.Handler.
//
// Mount it at the root of the API:
//
//	h, err := httpapi.New(svc, httpapi.Config{UploadDir: "data/uploads"})
//	if err != nil { ... }
//	defer h.Close()
//	mux.Handle("/video/", http.StripPrefix("/video", h))
//
// The handler only looks at the path below its mount point (/v1/...), so it
// works behind http.StripPrefix. Absolute URLs it hands out (the tus Location
// header) are built from the service's BaseURL, which must therefore name the
// mount point (http://example.com/video in the example above).
//
// New builds over svc the rooms beside the domain whose use cases the
// routes serve: videohost/access (tokens, grants, signing keys, embeds,
// the public list), webhookadmin, playeradmin, codecadmin, collectionadmin,
// spaceadmin, trackadmin and analytics, and delivery unless
// Config.Delivery hands it one (a composer shares one Delivery's caches
// between Handlers).
//
// Uploads are kept by Config.Uploads (an UploadStore: tusd's file store in
// UploadDir by default, or videohost/blob/s3's store in the bucket) and
// locked by Config.UploadLocker; a complete upload becomes its video's
// source by a move (disk) or a copy inside the blob store (S3).
//
// Every /v1 route but /v1/openapi.json takes an API key as a Bearer token.
// Uploads (/v1/uploads) also take an upload token, which reaches only the
// uploads it could have created: a token for a collection those of new
// videos in that collection's subtree, a token for a video those replacing
// its source. Any other upload answers 404 upload_not_found, as if it did
// not exist; API keys and tokens for the whole space reach every upload of
// the space.
// Errors are RFC 9457 problem documents whose code field is one of the
// videohost error codes; the status of each code lives in one table
// (see StatusOf). The handler never sets a cookie.
//
// Delivery: /media/{space}/{video}/{asset} serves the files of a video's
// current asset version (Range, ETag, Last-Modified, open CORS; sendfile on disk, ranged GETs on S3;
// a rewritten playlist has no Last-Modified, its ETag covering the credential),
// /images/{embed}.{jpg|png|webp} serves frames by URL from a disk cache, and
// /v1/embeds, /v1/list and /.well-known/jwks.json answer without an API key.
// Asset URLs outlive an asset version (a replaced source or a new subtitle
// track republishes under the same paths), so a URL is only immutable when
// it names its version: every playlist and DASH manifest served lists its
// URIs with ?v={version}, and so do the API's MP4 URLs. A segment or MP4
// requested with its current version is cached for a year as immutable;
// without it (a hand-built URL) for five minutes. Playlists live 10 s,
// posters and storyboards an hour, frames a day, and every ETag names the
// asset version, so a revalidation never confirms an old file. Signed
// videos are "private" (no CDN may keep them), and every URI their
// playlists, manifest and storyboard cues list carries a compact grant
// (?g=, access.AssetPass; bound to the video, its version, the token's
// exp and key) in place of the token, or the token itself when it names
// origins. Rewritten playlists are kept in memory
// (Config.PlaylistCacheSize, keyed by asset version, file and the token or
// grant presented); authorization runs on every request all the same. Delivery
// requests skip the router, and those that succeed are logged at debug
// (counted by the Observer): see logRequest. A plain GET (no Range, no
// precondition) of a rewritten body skips ServeContent, and header values
// are built once per Handler (deliveryfast.go): net/http's own cost is most
// of what a playlist costs.
package httpapi
