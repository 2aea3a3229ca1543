// Package playeradmin is the management of player settings through the
// API: reading the settings of a scope (the space, a collection or a
// video) with what it inherits from the scopes above it, and changing
// them with a JSON merge patch (the /v1/.../player routes).
//
// # Why a room of its own
//
// Reading and patching a scope's settings is a principal's use case over
// the player settings store; the video lifecycle needs none of it. What
// stays in videohost is what the stores and the embeds share: the
// PlayerSettings type and how scopes combine (Over), PlayerScope and
// the PlayerSettingsStore port, the chain of a video's collections
// (Service.CollectionChain) and the settings an embed resolves
// (Service.ResolvedPlayer, read by videohost/access).
//
// # The domain
//
// Settings depends on videohost through Domain, which *videohost.Service
// implements: the player settings store, resolved once by videohost.New
// as a capability (without one every operation answers EUnavailable
// naming player settings), the store for the scopes themselves, the
// clock. videohost does not import this package; videohost/httpapi builds
// one Settings per Handler and serves the routes.
package playeradmin
