package videohost_test

import (
	"errors"
	"fmt"
	"net"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// TestUnreachableIsUnavailable: an untyped error whose chain says a
// server did not answer is EUnavailable with a Retry-After; any other
// untyped error stays internal, and typed errors keep their code.
func TestUnreachableIsUnavailable(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, tt := range []struct {
		name  string
		err   error
		code  string
		retry time.Duration
	}{
		{"dial refused, wrapped", fmt.Errorf("beginning transaction: %w", refused), videohost.EUnavailable, videohost.UnreachableRetryAfter},
		{"reset", fmt.Errorf("reading: %w", syscall.ECONNRESET), videohost.EUnavailable, videohost.UnreachableRetryAfter},
		{"database shutting down", fmt.Errorf("listing videos: %w", sqlError("57P01")), videohost.EUnavailable, videohost.UnreachableRetryAfter},
		{"connection exception", sqlError("08006"), videohost.EUnavailable, videohost.UnreachableRetryAfter},
		{"a constraint is no outage", sqlError("23505"), videohost.EInternal, 0},
		{"other", errors.New("boom"), videohost.EInternal, 0},
		{"typed keeps its code", &videohost.Error{Code: videohost.ENotFound, Err: refused}, videohost.ENotFound, 0},
		{"typed unavailable", &videohost.Error{Code: videohost.EUnavailable, Err: refused}, videohost.EUnavailable, videohost.UnreachableRetryAfter},
		{"typed with its own wait", &videohost.Error{Code: videohost.ERateLimited, RetryAfter: time.Minute}, videohost.ERateLimited, time.Minute},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := videohost.ErrorCode(tt.err); got != tt.code {
				t.Errorf("ErrorCode = %q, want %q", got, tt.code)
			}
			if got := videohost.RetryAfterOf(tt.err); got != tt.retry {
				t.Errorf("RetryAfterOf = %s, want %s", got, tt.retry)
			}
		})
	}
	if msg := videohost.ErrorMessage(refused); msg == "internal error" {
		t.Errorf("an unreachable dependency is described as %q", msg)
	}
}

// sqlError is a database error with a SQLSTATE, as pgx's PgError is.
type sqlError string

func (e sqlError) Error() string    { return "SQLSTATE " + string(e) }
func (e sqlError) SQLState() string { return string(e) }
