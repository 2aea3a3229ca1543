package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Conn is what the logic here asks of a store: run its SQL on a pool or
// inside a transaction. Each store adapts its driver to it and passes its
// own SQL text, so that the order of the statements, the checks between
// them and what their rows mean are written once.
type Conn interface {
	// Exec runs a statement and returns how many rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Query runs a query; the caller closes its result.
	Query(ctx context.Context, query string, args ...any) (Result, error)
	// QueryRow runs a query for one row, whose Scan returns ErrNoRows
	// when there is none.
	QueryRow(ctx context.Context, query string, args ...any) Row
	// NewTime reads a time column the store's way.
	NewTime() TimeCol
	// Conflict reports whether err is a constraint violation.
	Conflict(err error) bool
}

// Result is a query's rows, which the caller closes.
type Result interface {
	Rows
	Close()
}

// ErrNoRows is what a Conn's Row.Scan returns when the query found no row,
// whatever its driver says.
var ErrNoRows = errors.New("no rows in result set")

// NotFound is the ENotFound of format and args when err is ErrNoRows, and
// err wrapped with doing otherwise.
func NotFound(err error, doing, format string, args ...any) error {
	if errors.Is(err, ErrNoRows) {
		return videohost.Errorf(videohost.ENotFound, format, args...)
	}
	return fmt.Errorf("%s: %w", doing, err)
}

// ConstraintError turns a constraint violation (conflict) into EConflict
// and wraps anything else with what.
func ConstraintError(conflict bool, err error, what string, args ...any) error {
	if conflict {
		return &videohost.Error{Code: videohost.EConflict, Message: fmt.Sprintf(what, args...) + ": conflicts with existing data", Err: err}
	}
	return fmt.Errorf(what+": %w", append(args, err)...)
}

// MustAffect is notFound when a statement changed no row, and err wrapped
// with doing when it failed.
func MustAffect(n int64, err error, doing string, notFound error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", doing, err)
	}
	if n == 0 {
		return notFound
	}
	return nil
}

// Collect runs query on c and scans each row with scan; a failure is
// wrapped with doing.
func Collect[T any](ctx context.Context, c Conn, doing string, scan func(Row) (T, error), query string, args ...any) ([]T, error) {
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", doing, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", doing, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", doing, err)
	}
	return out, nil
}

// Read runs query on c and hands its rows to read, which is one of the
// mappers here; a failed query is wrapped with doing.
func Read[T any](ctx context.Context, c Conn, doing string, read func(Rows) (T, error), query string, args ...any) (T, error) {
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s: %w", doing, err)
	}
	defer rows.Close()
	return read(rows)
}

// Scalar scans a row of one column, for Collect.
func Scalar[T any](row Row) (T, error) {
	var v T
	err := row.Scan(&v)
	return v, err
}

// Exec runs a statement on c, wrapping a failure with doing.
func Exec(ctx context.Context, c Conn, doing string, query string, args ...any) error {
	if _, err := c.Exec(ctx, query, args...); err != nil {
		return fmt.Errorf("%s: %w", doing, err)
	}
	return nil
}

// NullTime is t for a nullable time column: NULL (a nil *time.Time, which
// both stores' Conns write as NULL) for the zero time.
func NullTime(t time.Time) *time.Time {
	return timePtr(t)
}
