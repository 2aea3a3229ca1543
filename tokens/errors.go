package tokens

import "errors"

// Stable error codes. HTTP handlers put them in API error bodies, so they
// never change once published.
const (
	// CodeTokenInvalid: the token is malformed, badly signed, signed by an
	// unknown or unsuitable key, meant for another audience, or otherwise
	// unacceptable. Retrying with the same token never helps.
	CodeTokenInvalid = "token_invalid"
	// CodeTokenExpired: the token was valid once but its exp (plus leeway)
	// has passed. The client should fetch a fresh token.
	CodeTokenExpired = "token_expired"
)

// Error is the error returned for every token that is refused.
//
// Code is one of the Code* constants; Reason is a short, human-readable
// explanation that is safe to show to the client (it never contains key
// material). Err, when set, is the underlying cause, for logs.
//
// Match with errors.Is(err, ErrTokenInvalid) or errors.Is(err, ErrTokenExpired),
// or errors.As(err, &tokErr) to read Code and Reason.
type Error struct {
	Code   string
	Reason string
	Err    error
}

// Sentinels for errors.Is: they match any *Error with the same Code.
var (
	ErrTokenInvalid = &Error{Code: CodeTokenInvalid}
	ErrTokenExpired = &Error{Code: CodeTokenExpired}
)

// ErrKeyNotFound is what a KeyResolver returns (possibly wrapped) when it
// does not know a kid. Verify turns it into a token_invalid error; any other
// resolver error is returned as is, so that a broken database is reported as
// a server fault rather than as the client's bad token.
var ErrKeyNotFound = errors.New("tokens: key not found")

func (e *Error) Error() string {
	msg := "tokens: " + e.Code
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Is makes errors.Is(err, ErrTokenInvalid) work for any reason.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok {
		return false
	}
	return t.Code == e.Code && (t.Reason == "" || t.Reason == e.Reason)
}

// Unwrap returns the underlying cause, if any.
func (e *Error) Unwrap() error { return e.Err }

func invalid(reason string, cause error) *Error {
	return &Error{Code: CodeTokenInvalid, Reason: reason, Err: cause}
}
