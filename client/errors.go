package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
)

// Error is an error answer of the API, parsed from its RFC 9457 problem
// document. When the body is not a problem document (a proxy's HTML page,
// an empty body), Code is derived from the status and Detail holds the start
// of the body.
type Error struct {
	Status int
	Type   string
	Code   string
	Title  string
	Detail string
	Fields []FieldError
}

// FieldError names one invalid field of a request.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	msg := e.Detail
	if msg == "" {
		msg = e.Title
	}
	return fmt.Sprintf("reel api: %d %s: %s", e.Status, e.Code, msg)
}

// ErrorCode returns the API error code of err (e.g. "not_found"), or "" when
// err is not an *Error.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// IsNotFound reports whether err is the API's 404.
func IsNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == http.StatusNotFound
}

// maxErrorBody bounds how much of an error body is read: problem documents
// are small, and a misconfigured proxy may answer with megabytes of HTML.
const maxErrorBody = 64 << 10

// problemDocument is an RFC 9457 problem document as the server writes it.
type problemDocument struct {
	Type   string       `json:"type"`
	Title  string       `json:"title"`
	Status int          `json:"status"`
	Detail string       `json:"detail"`
	Code   string       `json:"code"`
	Errors []FieldError `json:"errors"`
}

// parseError builds an *Error from an answer with a status of 400 or more.
func parseError(status int, header http.Header, body []byte) *Error {
	e := &Error{Status: status}
	mediaType, _, _ := mime.ParseMediaType(header.Get("Content-Type"))
	if mediaType == "application/problem+json" || mediaType == "application/json" {
		var p problemDocument
		if json.Unmarshal(body, &p) == nil && (p.Code != "" || p.Title != "" || p.Detail != "") {
			e.Type, e.Code, e.Title, e.Detail, e.Fields = p.Type, p.Code, p.Title, p.Detail, p.Errors
		}
	}
	if e.Code == "" {
		e.Code = codeOfStatus(status)
	}
	if e.Title == "" {
		e.Title = http.StatusText(status)
	}
	if e.Detail == "" {
		e.Detail = excerpt(body)
		if e.Detail == "" {
			e.Detail = strings.ToLower(http.StatusText(status))
		}
	}
	return e
}

// codeOfStatus gives a code to an answer that carries none, using the
// API's own codes where the status says which one it would have been.
func codeOfStatus(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "validation_failed"
	case http.StatusUnauthorized:
		return "unauthorized"
	case http.StatusForbidden:
		return "forbidden"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusConflict:
		return "conflict"
	case http.StatusRequestEntityTooLarge:
		return "payload_too_large"
	case http.StatusTooManyRequests:
		return "rate_limited"
	}
	if status >= 500 {
		return "internal"
	}
	return fmt.Sprintf("http_%d", status)
}

// excerpt returns the first line of a non-problem body, trimmed to a length
// fit for a one-line error message.
func excerpt(body []byte) string {
	s := strings.TrimSpace(string(body))
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// VideoFailedError is returned by WaitFor when the video ends in the
// errored state; Code is the video's error.code (e.g. "not_media").
type VideoFailedError struct {
	Video   *Video
	Code    string
	Message string
}

func (e *VideoFailedError) Error() string {
	return fmt.Sprintf("video %s errored: %s: %s", e.Video.ID, e.Code, e.Message)
}

// UploadError is returned by Upload when the server refuses the upload in a
// way that retrying cannot fix, or when the bounded retries are used up.
type UploadError struct {
	URL    string // the upload URL, when the upload was created
	Offset int64  // bytes the server holds
	Err    error
}

func (e *UploadError) Error() string {
	if e.URL == "" {
		return "upload: " + e.Err.Error()
	}
	return fmt.Sprintf("upload %s at offset %d: %v", e.URL, e.Offset, e.Err)
}

func (e *UploadError) Unwrap() error { return e.Err }
