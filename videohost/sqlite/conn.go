package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// execQuerier is a pool or a transaction.
type execQuerier interface {
	querier
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// conn is sqlstore.Conn on a pool or a transaction. It writes every time
// argument as unix nanoseconds, SQLite's one way of storing times, so that
// the shared logic passes times as times.
type conn struct{ q execQuerier }

func (db *DB) reader() conn            { return conn{db.read} }
func (db *DB) writer() conn            { return conn{db.write} }
func txConn(tx *sql.Tx) conn           { return conn{tx} }
func (conn) NewTime() sqlstore.TimeCol { return newNanoCol() }
func (conn) Conflict(err error) bool   { return isConstraint(err) }

func (c conn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := c.q.ExecContext(ctx, query, nanoArgs(args)...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c conn) Query(ctx context.Context, query string, args ...any) (sqlstore.Result, error) {
	rows, err := c.q.QueryContext(ctx, query, nanoArgs(args)...)
	if err != nil {
		return nil, err
	}
	return result{rows}, nil
}

func (c conn) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return row{c.q.QueryRowContext(ctx, query, nanoArgs(args)...)}
}

// result drops what Close returns: the rows were read to their end, or
// their error is what counts.
type result struct{ *sql.Rows }

func (r result) Close() { r.Rows.Close() }

type row struct{ *sql.Row }

func (r row) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return sqlstore.ErrNoRows
	}
	return err
}

// nanoArgs is args with its times (time.Time, *time.Time: nil is NULL)
// as unix nanoseconds, the zero time included.
func nanoArgs(args []any) []any {
	out, copied := args, false
	for i, a := range args {
		var v any
		switch t := a.(type) {
		case time.Time:
			v = t.UnixNano()
		case *time.Time:
			if t != nil {
				v = t.UnixNano()
			}
		default:
			continue
		}
		if !copied {
			out, copied = append([]any(nil), args...), true
		}
		out[i] = v
	}
	return out
}

func isConstraint(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CONSTRAINT
}

// in is "column IN (?, …)" over values, with them as its arguments.
func in[T any](column string, values []T) (string, []any) {
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	return column + " IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ") + ")", args
}

// limitArg is limit as LIMIT's argument: -1, no limit, for limit <= 0.
func limitArg(limit int) any {
	if limit <= 0 {
		return -1
	}
	return limit
}
