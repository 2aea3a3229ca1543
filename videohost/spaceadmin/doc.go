// Package spaceadmin is the installation's side of spaces: the admin key
// (an installation-wide key that speaks for no space), and the spaces an
// admin creates, lists, renames, bounds with quotas and deletes, with
// their first keys (the /v1/spaces routes).
//
// # Why a room of its own
//
// A space's own routes act for a Principal of that space; these act for
// an Admin, over every space, and check the admin's input (names,
// quotas). What stays in videohost is what the stores share and the
// service's caches need: the Space, Quotas, Usage and Growth types and
// the quota check the stores run in their transactions; Bootstrap (the
// first space of an installation); and the removal of a space
// (Service.RemoveSpace), which forgets the keys it held from the
// service's key caches, so that their tokens stop verifying at once.
//
// # The domain
//
// Spaces depends on videohost through Domain, which *videohost.Service
// implements; videohost does not import this package. videohost/httpapi
// builds one Spaces per Handler and serves the routes; refserver's
// "keys create --admin" creates admin keys with CreateAdminKey.
package spaceadmin
