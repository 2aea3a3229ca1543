// Package liveadmin is the management of a space's live streams through
// the API: creating, reading, listing, changing and deleting them, and
// giving one a new stream key (the /v1/live-streams routes), and the
// check an ingest makes at a publisher's handshake (Authorize).
//
// # Why a room of its own
//
// A live stream is a stream key and the settings of the sessions
// published with it: its use cases are checks and calls to the store over
// a principal. What stays in videohost is what the stores and the ingest
// share: the LiveStream type, its states, the defaults and bounds of its
// settings, and the LiveStreamStore port, resolved once by videohost.New
// as a capability (without one every operation answers EUnavailable
// naming live streams).
//
// # The stream key
//
// A key is "rsk_" and 32 random characters (videohost.NewID). It is a
// secret shown once, in the answer to Create and to ResetKey (the view's
// StreamKey and the SRT stream id that carries it); the store keeps only
// its SHA-256, which Authorize looks the key up by, and its last four
// characters as a hint. A key is never logged. ResetKey replaces the hash
// in one statement, so the old key stops working at once; a session
// already published with it goes on (the ingest's business).
//
// # Ingest URLs
//
// Config.Ingest says where publishers connect (an RTMP URL, an SRT URL;
// empty: that ingest is off). It is this room's configuration, not the
// Service's: only the views of a stream show it. videohost/httpapi takes
// it as Config.LiveIngest.
//
// # The domain
//
// Streams depends on videohost through Domain, which *videohost.Service
// implements; videohost does not import this package. videohost/httpapi
// builds one Streams per Handler and serves the routes.
package liveadmin
