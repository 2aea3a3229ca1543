package videohost

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"time"
)

// Error codes are stable: clients branch on them, so they never change meaning.
const (
	EUnauthorized       = "unauthorized"
	EForbidden          = "forbidden"
	EReadOnlyKey        = "read_only_key"
	ENotFound           = "not_found"
	EValidation         = "validation_failed"
	EInputURLNotAllowed = "input_url_not_allowed"
	EConflict           = "conflict"
	EPayloadTooLarge    = "payload_too_large"
	ERateLimited        = "rate_limited"
	// ETooManyFetches: the space already has Config.MaxWaitingFetches
	// videos waiting for their input_url to be fetched.
	ETooManyFetches = "too_many_fetches"
	// ETooManyUploads: the space already has Config.MaxOpenUploads
	// uploads that have not finished.
	ETooManyUploads    = "too_many_uploads"
	ETokenInvalid      = "token_invalid"
	ETokenExpired      = "token_expired"
	EInternal          = "internal"
	EInvalidTransition = "invalid_transition"
	EUnavailable       = "unavailable"
	// EQuotaExceeded: the write would take a space past one of its quotas
	// (Quotas); the error's Fields name the quota (max_bytes, max_minutes,
	// max_videos).
	EQuotaExceeded = "quota_exceeded"
)

// Video error codes, carried in Video.Error when a video ends in StateErrored.
const (
	VideoErrFetchFailed      = "fetch_failed"
	VideoErrNotMedia         = "not_media"
	VideoErrUnsupportedCodec = "unsupported_codec"
	VideoErrDurationTooLong  = "duration_too_long"
	VideoErrTooLarge         = "too_large"
	VideoErrTranscodeFailed  = "transcode_failed"
	VideoErrUploadExpired    = "upload_expired"
	// VideoErrQuotaExceeded: what the video turned out to hold (a fetched
	// source's size, its duration) would take its space past a quota.
	VideoErrQuotaExceeded = "quota_exceeded"
)

// FieldError names one invalid field of a request.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is the typed error of the domain. Code is one of the E* constants; the
// HTTP layer maps codes to statuses in one table.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
	Err     error
	// RetryAfter, when set, tells the client when trying again may work
	// (HTTP: Retry-After).
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns a validation error naming one field.
func Invalid(field, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Code: EValidation, Message: field + ": " + msg, Fields: []FieldError{{Field: field, Message: msg}}}
}

// ErrorCode returns the code of err: its *Error's, else EUnavailable for a
// dependency that did not answer (Unreachable), else EInternal; "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	if Unreachable(err) {
		return EUnavailable
	}
	return EInternal
}

// ErrorMessage returns the human message of err; internal errors are not
// exposed, so their message is generic.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	if Unreachable(err) {
		return "a server this one depends on (database or storage) is not reachable; retry later"
	}
	return "internal error"
}

// UnreachableRetryAfter is what a client is told to wait (Retry-After)
// when the database or the blob store does not answer.
const UnreachableRetryAfter = 5 * time.Second

// Unreachable reports whether err says that a server this one depends on
// did not answer: its connection was refused, reset or cut (a *net.OpError
// in its chain), or the database server said it is shutting down or not
// accepting connections yet (an error with a SQLSTATE of class 08,
// connection exception, or 57P01-57P03, as pgx's and lib/pq's errors
// carry). Adapters keep the cause in the chain (%w) of what they return,
// so that a database or object store going away is EUnavailable, answered
// 503 with Retry-After, wherever it shows, and never an internal error;
// this is the one place that decides it.
func Unreachable(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	var sql interface{ SQLState() string }
	if errors.As(err, &sql) {
		switch state := sql.SQLState(); {
		case strings.HasPrefix(state, "08"), state == "57P01", state == "57P02", state == "57P03":
			return true
		}
	}
	return false
}

// RetryAfterOf is when trying again may work: the *Error's RetryAfter, or
// UnreachableRetryAfter for an unreachable dependency; 0 when unknown.
func RetryAfterOf(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		if e.RetryAfter == 0 && e.Code == EUnavailable && Unreachable(e.Err) {
			return UnreachableRetryAfter
		}
		return e.RetryAfter
	}
	if Unreachable(err) {
		return UnreachableRetryAfter
	}
	return 0
}

// IsNotFound reports whether err carries ENotFound.
func IsNotFound(err error) bool { return ErrorCode(err) == ENotFound }
