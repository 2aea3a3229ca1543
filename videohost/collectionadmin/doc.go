// Package collectionadmin is the management of a space's collections
// through the API: creating, reading, listing, renaming, moving and
// deleting them, a whole tree and its videos with recursive (the
// /v1/collections routes).
//
// # Why a room of its own
//
// A collection is a folder of a space: its use cases are checks and calls
// to the store over a principal. What stays in videohost is what the
// stores and the other rooms share: the Collection type, the store's
// collection methods, the collection tree's walks (MaxCollectionDepth;
// Service.CollectionChain for player settings; a token's scope in
// videohost/access) and the deletion of a video (Service.DeleteVideo),
// which a recursive delete makes once per video.
//
// # The domain
//
// Collections depends on videohost through Domain, which
// *videohost.Service implements; videohost does not import this package.
// videohost/httpapi builds one Collections per Handler and serves the
// routes.
package collectionadmin
