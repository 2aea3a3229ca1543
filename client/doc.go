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
// Upload sends a file with the tus 1.0.0 protocol in chunks read straight
// from an io.ReaderAt, so memory stays flat whatever the size, and resumes
// from the server's offset after a dropped connection or from a saved upload
// URL after the process was stopped.
//
// An upload token (aud "upload", minted by an integrator's server) stands in
// for the API key of a client that only uploads: New(baseURL, token) can
// Upload, and every other call answers 401.
package client
