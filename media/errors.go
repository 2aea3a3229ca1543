package media

import (
	"context"
	"errors"
	"fmt"
)

// Error codes, shared with the video error codes of the service contract
// (the video error codes of the API), so a worker can copy Code straight into a video's
// error.code.
const (
	CodeNotMedia         = "not_media"
	CodeUnsupportedCodec = "unsupported_codec"
	CodeDurationTooLong  = "duration_too_long"
	CodeTooLarge         = "too_large"
	CodeTranscodeFailed  = "transcode_failed"
	// CodeInvalidArgument is a caller mistake (a malformed option or
	// argument), not a property of the media; it maps to a 400, not to a
	// video error.
	CodeInvalidArgument = "invalid_argument"
)

// Error is the typed error every media operation returns for a problem that
// belongs to the input or to the pipeline. Code is stable and machine-readable;
// Op names the stage ("probe", "plan", "transcode", ...); Err is the cause.
type Error struct {
	Code string
	Op   string
	Err  error
}

func (e *Error) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("media %s: %s", e.Op, e.Code)
	}
	return fmt.Sprintf("media %s: %s: %v", e.Op, e.Code, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Is lets errors.Is(err, ErrNotMedia) match any *Error with the same code,
// whatever its Op and cause.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok {
		return false
	}
	return t.Op == "" && t.Err == nil && t.Code == e.Code
}

// Sentinels for errors.Is. They carry only a code.
var (
	ErrNotMedia         = &Error{Code: CodeNotMedia}
	ErrUnsupportedCodec = &Error{Code: CodeUnsupportedCodec}
	ErrDurationTooLong  = &Error{Code: CodeDurationTooLong}
	ErrTooLarge         = &Error{Code: CodeTooLarge}
	ErrTranscodeFailed  = &Error{Code: CodeTranscodeFailed}
	ErrInvalidArgument  = &Error{Code: CodeInvalidArgument}
)

// Codes of the picture, clip and audio-file stages, on top of the shared
// ones above. Neither is a video error: a source without video gets no
// poster, one without audio no audio file.
const (
	// CodeNoVideo: the source has no video stream to take a picture from.
	CodeNoVideo = "no_video"
	// CodeNoAudio: the source has no audio stream; callers skip the audio file.
	CodeNoAudio = "no_audio"
)

// Sentinels for errors.Is, as above.
var (
	ErrNoVideo = &Error{Code: CodeNoVideo}
	ErrNoAudio = &Error{Code: CodeNoAudio}
)

// IsCode reports whether err wraps a media *Error with the given code.
func IsCode(err error, code string) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// ErrorCode returns the code of the media *Error wrapped in err, or "" when
// err is nil or carries no media error.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// newError builds an *Error; the cause may be nil.
func newError(code, op string, cause error) *Error {
	return &Error{Code: code, Op: op, Err: cause}
}

// stageError is the error a stage returns for err: the context's error when
// it was cancelled, otherwise asMediaError's.
func stageError(ctx context.Context, op string, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return asMediaError(op, err)
}

// asMediaError keeps a media *Error as it is and makes anything else
// transcode_failed of op.
func asMediaError(op string, err error) error {
	var mediaErr *Error
	if errors.As(err, &mediaErr) {
		return err
	}
	return newError(CodeTranscodeFailed, op, err)
}
