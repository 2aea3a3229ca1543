package postgres

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// conn is sqlstore.Conn on the pool or a transaction.
type conn struct{ q queryer }

func (db *DB) reader() conn            { return conn{db.pool} }
func (conn) NewTime() sqlstore.TimeCol { return newTSCol() }
func (conn) Conflict(err error) bool   { return isConstraint(err) }

func (c conn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.q.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

func (c conn) Query(ctx context.Context, query string, args ...any) (sqlstore.Result, error) {
	return c.q.Query(ctx, query, args...)
}

func (c conn) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return row{c.q.QueryRow(ctx, query, args...)}
}

type row struct{ pgx.Row }

func (r row) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sqlstore.ErrNoRows
	}
	return err
}

func isConstraint(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && strings.HasPrefix(pe.Code, integrityConstraintViolation)
}

// anyOf is "column = ANY($n)" over values, with them as its one argument.
func anyOf[T any](column string, n int, values []T) (string, []any) {
	return column + " = ANY($" + strconv.Itoa(n) + ")", []any{values}
}
