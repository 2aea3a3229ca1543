// Package client is the Go client for Reel's REST API (/v1).
//
// It speaks the API through JSON only: the types here mirror the documents
// the server returns, so the package builds without cgo and without the
// server's packages. Every call takes a context first.
//
//	c := client.New("http://127.0.0.1:8080", os.Getenv("REEL_API_KEY"))
//	v, err := c.CreateVideo(ctx, client.CreateVideoInput{InputURL: "https://example.com/a.mp4"})
//	v, err = c.WaitFor(ctx, v.ID, client.WaitPlayable) // *VideoFailedError at once if it ends errored
//	for v, err := range c.VideosIter(ctx, client.ListVideosParams{State: "ready"}) { ... }
//
// Errors from the server are *Error values parsed from RFC 9457 problem
// documents. Requests are retried with exponential backoff on 429 (honouring
// Retry-After) and, for idempotent methods only, on 5xx answers and
// connection failures.
//
// The types (types.go) are written by hand, not generated: the OpenAPI
// document is 3.1 (nullable fields are type arrays such as ["string",
// "null"]), which oapi-codegen v2 does not support (it targets 3.0; 3.1 is
// its open issue 373), and the hand-written types are the client's API:
// named for Go (SourceInfo, a Webhook's Secret), with pointers only where
// absent and empty differ, and a PlayerSettings map that passes through
// settings the server adds; generated ones would rename and re-type them. What
// keeps them from drifting is TestClientTypesMatchOpenAPI: every property of
// every schema of the reviewed document (videohost/httpapi/testdata/
// openapi.json, equal to /v1/openapi.json) must be a field of the client
// type that reads or sends it, with that json name, and every field a
// property; a new schema needs a type or a stated reason for none.
//
// Upload sends a file with the tus 1.0.0 protocol in chunks read straight
// from an io.ReaderAt, so memory stays flat whatever the size, and resumes
// from the server's offset after a dropped connection or from a saved upload
// URL after the process was stopped.
//
// An upload token (aud "upload", minted by an integrator's server) stands in
// for the API key of a client that only uploads: New(baseURL, token) can
// Upload, and every other call answers 401.
package client
