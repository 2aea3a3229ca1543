// Package httpfast serves the plain GET and HEAD requests of keep-alive
// HTTP/1.1 connections (a player fetching playlists and segments, one
// after another on the same connection) with less work per request than
// net/http, and hands every other request, with the rest of its
// connection, to a net/http Server.
//
// Why: a player's requests are small and many, and for a playlist held in
// memory net/http's own per-request work (a goroutine parked on a
// background read of the connection, a context, a copied header map, a
// buffered writer per request) costs more CPU than nginx serving the same
// bytes. The handler is the same http.Handler either way: the fast path
// builds an *http.Request and calls it, so every rule of the handler
// (tokens, caching headers, logging, metrics) holds on both paths.
//
// What takes the fast path: a request whose head fits in 4 KiB, whose
// request line is exactly "GET" or "HEAD", an origin-form target and
// "HTTP/1.1", whose header lines are well formed (CRLF endings, token
// names, no control characters, no folding), with exactly one Host, no
// body (no Transfer-Encoding, no Content-Length but "0"), no Expect,
// Upgrade, Trailer or Pragma, and whose path Server.Fast accepts.
// Anything else, well formed or not, is net/http's: the connection, with
// the bytes already read, is handed to Server.HTTP, which answers it
// (a 400 for a malformed request, as before) and keeps the connection
// from then on. So what the fast path parses it only ever parses
// conservatively; a differential fuzz test holds it to net/http's reading
// of the same bytes.
//
// What the fast path does not do, compared to net/http: it does not
// notice a client hanging up while the handler runs (the request's
// context is cancelled when the handler returns),
// it calls no ConnState hook, it does not support Hijack, and it sends no
// 1xx informational responses. It keeps Server.HTTP's ReadHeaderTimeout
// (or ReadTimeout), IdleTimeout and WriteTimeout, BaseContext,
// ConnContext and ErrorLog. TLS is not its business: serve plain TCP.
package httpfast
