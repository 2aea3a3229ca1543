package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// ProblemTypeBase prefixes the code of an error to form the type URI of its
// problem document (RFC 9457); the URIs are stable identifiers, not links
// anyone has to resolve.
const ProblemTypeBase = "https://reel.dev/problems/"

// codeMethodNotAllowed is a code this package adds to the domain's: a known
// path asked with a method it does not serve.
const codeMethodNotAllowed = "method_not_allowed"

// Codes of the upload protocol (tus) and of file delivery, which only this
// package speaks.
const (
	// CodeUploadNotFound: no upload of that id that these credentials may
	// touch (missing, finished and removed, expired, of another space, or
	// outside an upload token's scope: these are not told apart).
	CodeUploadNotFound = "upload_not_found"
	// CodeUploadOffsetMismatch: Upload-Offset is not the upload's offset;
	// HEAD tells the right one.
	CodeUploadOffsetMismatch = "upload_offset_mismatch"
	// CodeUploadLocked: another request is writing the upload.
	CodeUploadLocked = "upload_locked"
	// CodeUploadInterrupted: the body ended early or the upload was stopped;
	// resume from the offset HEAD tells.
	CodeUploadInterrupted = "upload_interrupted"
	// CodeTusVersionUnsupported: Tus-Resumable is missing or not 1.0.0.
	CodeTusVersionUnsupported = "tus_version_unsupported"
	// CodeNotImplemented: a tus extension the server does not offer
	// (concatenation).
	CodeNotImplemented = "not_implemented"
	// CodeRangeNotSatisfiable: no range of the Range header is within the
	// file; Content-Range: bytes */{size} tells its size.
	CodeRangeNotSatisfiable = "range_not_satisfiable"
	// CodePreconditionFailed: an If-Match or If-Unmodified-Since does not hold.
	CodePreconditionFailed = "precondition_failed"
)

// statusOf is the one table from error codes to HTTP statuses.
var statusOf = map[string]int{
	videohost.EUnauthorized:       http.StatusUnauthorized,
	videohost.EForbidden:          http.StatusForbidden,
	videohost.EReadOnlyKey:        http.StatusForbidden,
	videohost.ENotFound:           http.StatusNotFound,
	videohost.EValidation:         http.StatusBadRequest,
	videohost.ECodecPolicy:        http.StatusBadRequest,
	videohost.EInputURLNotAllowed: http.StatusBadRequest,
	videohost.EConflict:           http.StatusConflict,
	videohost.EInvalidTransition:  http.StatusConflict,
	videohost.EPayloadTooLarge:    http.StatusRequestEntityTooLarge,
	videohost.EQuotaExceeded:      http.StatusRequestEntityTooLarge,
	videohost.ERateLimited:        http.StatusTooManyRequests,
	videohost.ETooManyFetches:     http.StatusTooManyRequests,
	videohost.ETooManyUploads:     http.StatusTooManyRequests,
	videohost.ETokenInvalid:       http.StatusUnauthorized,
	videohost.ETokenExpired:       http.StatusUnauthorized,
	videohost.EUnavailable:        http.StatusServiceUnavailable,
	videohost.EInternal:           http.StatusInternalServerError,
	// A body that is not the media a route takes (an audio track, a
	// poster image): well-formed, but unprocessable.
	videohost.VideoErrNotMedia:         http.StatusUnprocessableEntity,
	videohost.VideoErrUnsupportedCodec: http.StatusUnprocessableEntity,
	videohost.ENoAudio:                 http.StatusUnprocessableEntity,
	codeMethodNotAllowed:               http.StatusMethodNotAllowed,
	CodeUploadNotFound:                 http.StatusNotFound,
	CodeUploadOffsetMismatch:           http.StatusConflict,
	CodeUploadLocked:                   http.StatusLocked,
	CodeUploadInterrupted:              http.StatusBadRequest,
	CodeTusVersionUnsupported:          http.StatusPreconditionFailed,
	CodeNotImplemented:                 http.StatusNotImplemented,
	CodeRangeNotSatisfiable:            http.StatusRequestedRangeNotSatisfiable,
	CodePreconditionFailed:             http.StatusPreconditionFailed,
}

// StatusOf returns the HTTP status of an error code; unknown codes are 500.
func StatusOf(code string) int {
	if s, ok := statusOf[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Problem is an RFC 9457 problem document with Reel's extension members.
type Problem struct {
	Type   string                 `json:"type"`
	Title  string                 `json:"title"`
	Status int                    `json:"status"`
	Detail string                 `json:"detail"`
	Code   string                 `json:"code"`
	Errors []videohost.FieldError `json:"errors,omitempty"`

	retryAfter time.Duration // from videohost.Error.RetryAfter
}

// problemOf renders err as a problem. Internal errors keep their cause to
// themselves: the detail is generic and the caller logs the cause.
func problemOf(err error) Problem {
	code := videohost.ErrorCode(err)
	if _, known := statusOf[code]; !known {
		code = videohost.EInternal
	}
	status := StatusOf(code)
	p := Problem{
		Type:   ProblemTypeBase + code,
		Title:  http.StatusText(status),
		Status: status,
		Detail: videohost.ErrorMessage(err),
		Code:   code,
	}
	if code == videohost.EInternal {
		p.Detail = "internal error"
		return p
	}
	p.Detail = clipDetail(p.Detail)
	p.retryAfter = videohost.RetryAfterOf(err)
	var e *videohost.Error
	if errors.As(err, &e) {
		for _, f := range e.Fields {
			p.Errors = append(p.Errors, videohost.FieldError{Field: videohost.Excerpt(f.Field), Message: clipDetail(f.Message)})
		}
	}
	return p
}

// maxDetail bounds a problem's detail and field messages. Messages quote
// user input through videohost.Excerpt; this is the backstop for one that
// does not, so that no input is ever echoed at length.
const maxDetail = 200

func clipDetail(s string) string {
	n := 0
	for i := range s {
		if n == maxDetail {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

func (h *Handler) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, videohost.ErrMediaBusy) {
		// Every media check of the process is taken (a poster or an audio
		// track being checked): 503 with Retry-After, logged as a refusal
		// under load like a busy frame extraction.
		h.refuse(w, r, "media checks", err)
		return
	}
	p := problemOf(err)
	if p.Status >= 500 {
		h.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "route", routeOf(r), "err", err)
	}
	writeProblem(w, p)
}

func writeProblem(w http.ResponseWriter, p Problem) {
	body, _ := json.Marshal(p)
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	if p.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="reel"`)
	}
	if p.retryAfter > 0 && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(p.retryAfter.Seconds()))))
	}
	w.WriteHeader(p.Status)
	w.Write(append(body, '\n'))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		writeProblem(w, problemOf(err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// decodeJSON reads a JSON object into dst. Unknown fields are ignored (clients
// may be newer than the server); an empty body is the empty object. Errors
// name the offending field so that a client can point at it.
func (h *Handler) decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.cfg.MaxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return videohost.Errorf(videohost.EPayloadTooLarge, "the request body is larger than %d bytes", tooLarge.Limit)
		}
		return videohost.Errorf(videohost.EValidation, "reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return videohost.Invalid("body", "must hold one JSON object")
	}
	return nil
}

func jsonError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return videohost.Invalid("body", "must be a JSON object")
		}
		// The top-level field names the input member; a nested path
		// (metadata.key) is kept whole so that the client sees which entry.
		return videohost.Invalid(videohost.Excerpt(field), "must be %s, not %s", jsonTypeName(typeErr.Type.Kind().String()), videohost.Excerpt(typeErr.Value))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return videohost.Invalid("body", "is not valid JSON: %v", err) // names one character, not the input
	default:
		return videohost.Invalid("body", "is not valid JSON: %v", videohost.Excerpt(strings.TrimPrefix(err.Error(), "json: ")))
	}
}

func jsonTypeName(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "map", "struct":
		return "an object"
	case "slice", "array":
		return "an array"
	case "int", "int64", "int32", "float64", "float32", "uint", "uint64":
		return "a number"
	case "ptr":
		return "a value of another type"
	}
	return "of another type"
}
