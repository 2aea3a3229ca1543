// Package access decides what a request that carries no API key may
// reach: a playback token, an upload token, a grant, or nothing at all
// (a public video). It holds token verification, the authorization of
// uploads, of playback and of each asset a player fetches, the compact
// grants that signed playlists list instead of the token, the management
// of a space's signing keys and the server's JWKS, and the public lookups
// the web components make with a token: an embed's view and the public
// list.
//
// # Rooms
//
//   - access.go: Domain, Gate, New; VerifyToken, AuthorizeUpload,
//     AuthorizePlayback, InCollection.
//   - grants.go: AuthorizeAsset, the AssetPass it returns (and
//     AssetPass.Open, which picks the version a request is served from),
//     and the grants: their format, minting and checking.
//   - signing_keys.go: CreateSigningKey, SigningKeys, DeleteSigningKey,
//     JWKS.
//   - embeds.go: Embed and PublicList, for <reel-player> and <reel-list>.
//
// # The domain
//
// Gate depends on videohost through Domain, which *videohost.Service
// implements; videohost does not import this package. The keys stay the
// service's: a kid is resolved to its key by Domain.TokenKey, from the
// service's caches, which the deletion of a key or a space empties at
// once; the grant key is derived from the service's secret
// (Domain.GrantKey), so every process sharing the secret verifies the
// grants of every other. Gate keeps only what spares work: the
// signatures it has checked (a player sends the same token with every
// segment) and the keyed hashes of grants.
//
// # Wiring
//
// httpapi builds one Gate per Handler over its Service (or takes
// Config.Access); videohost/delivery opens the files a pass lets in
// (AssetPass.Open).
package access
