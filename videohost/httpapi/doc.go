// Package httpapi serves the REST API of Reel (/v1, DESIGN.md section 4) and
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
// Every /v1 route but /v1/openapi.json takes an API key as a Bearer token.
// Errors are RFC 9457 problem documents whose code field is one of the
// videohost error codes; the status of each code lives in one table
// (see StatusOf). The handler never sets a cookie.
package httpapi
