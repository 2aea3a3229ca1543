package webhooks

// Stable error codes, for logs and for delivery records.
const (
	CodeMissingHeaders   = "missing_headers"
	CodeMalformedHeaders = "malformed_headers"
	CodeInvalidSignature = "invalid_signature"
	CodeTimestampTooOld  = "timestamp_too_old"
	CodeTimestampTooNew  = "timestamp_too_new"
	CodeInvalidSecret    = "invalid_secret"
)

// Error is returned by every refusal in this package. Code is one of the
// Code* constants; Reason adds detail. Match with errors.Is against the
// sentinels below, or errors.As to read Code.
type Error struct {
	Code   string
	Reason string
	Err    error
}

// Sentinels for errors.Is: each matches any *Error with the same Code.
var (
	// ErrMissingHeaders: webhook-id, webhook-timestamp or webhook-signature is absent.
	ErrMissingHeaders = &Error{Code: CodeMissingHeaders}
	// ErrMalformedHeaders: webhook-timestamp is not a unix time in seconds.
	ErrMalformedHeaders = &Error{Code: CodeMalformedHeaders}
	// ErrInvalidSignature: no v1 signature matches any of the secrets.
	ErrInvalidSignature = &Error{Code: CodeInvalidSignature}
	// ErrTimestampTooOld: the message is older than the tolerance (a replay?).
	ErrTimestampTooOld = &Error{Code: CodeTimestampTooOld}
	// ErrTimestampTooNew: the message is dated further ahead than the tolerance.
	ErrTimestampTooNew = &Error{Code: CodeTimestampTooNew}
	// ErrInvalidSecret: a secret is not whsec_ + base64 of 24 to 64 bytes.
	ErrInvalidSecret = &Error{Code: CodeInvalidSecret}
)

func (e *Error) Error() string {
	msg := "webhooks: " + e.Code
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Is makes errors.Is(err, ErrInvalidSignature) work whatever the reason.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && (t.Reason == "" || t.Reason == e.Reason)
}

// Unwrap returns the underlying cause, if any.
func (e *Error) Unwrap() error { return e.Err }
