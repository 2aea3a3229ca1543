package videohost

import (
	"errors"
	"fmt"
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
	ETooManyFetches    = "too_many_fetches"
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

// ErrorCode returns the code of err, EInternal for errors that are not *Error,
// and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
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
	return "internal error"
}

// IsNotFound reports whether err carries ENotFound.
func IsNotFound(err error) bool { return ErrorCode(err) == ENotFound }
