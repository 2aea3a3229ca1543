package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost/installcopy"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

var _ installcopy.Copier = (*DB)(nil)

// CopyCheck fails when the database holds a table or column that
// installcopy.Tables does not copy (SQLite's own tables aside).
func (db *DB) CopyCheck(ctx context.Context) error {
	rows, err := db.read.QueryContext(ctx, `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\'`)
	if err != nil {
		return fmt.Errorf("reading the schema: %w", err)
	}
	defer rows.Close()
	return sqlstore.CopyCheck(rows)
}

// ExportRows streams every row of t, in key order (parents first when
// t.Parent is set).
func (db *DB) ExportRows(ctx context.Context, t installcopy.Table, fn func(row []any) error) error {
	query := sqlstore.ExportQuery(t)
	rows, err := db.read.QueryContext(ctx, query)
	if err != nil {
		return fmt.Errorf("reading %s: %w", t.Name, err)
	}
	defer rows.Close()
	return sqlstore.ExportRows(rows, t, scanDest, fromColumn, fn)
}

// scanDest is a scan destination for a column of kind.
func scanDest(kind installcopy.ColumnKind) any {
	switch kind {
	case installcopy.KindText, installcopy.KindJSON:
		return new(sql.NullString)
	case installcopy.KindInt, installcopy.KindBool, installcopy.KindTime:
		return new(sql.NullInt64)
	case installcopy.KindFloat:
		return new(sql.NullFloat64)
	case installcopy.KindBytes:
		return new([]byte)
	}
	return nil
}

// fromColumn turns a scanned column into the value of its kind.
func fromColumn(kind installcopy.ColumnKind, v any) any {
	switch v := v.(type) {
	case *sql.NullString:
		if !v.Valid {
			return nil
		}
		if kind == installcopy.KindJSON {
			return []byte(v.String)
		}
		return v.String
	case *sql.NullInt64:
		if !v.Valid {
			return nil
		}
		switch kind {
		case installcopy.KindBool:
			return v.Int64 != 0
		case installcopy.KindTime:
			return fromNanos(v.Int64)
		}
		return v.Int64
	case *sql.NullFloat64:
		if !v.Valid {
			return nil
		}
		return v.Float64
	case *[]byte:
		if *v == nil {
			return nil
		}
		return *v
	}
	return nil
}

// toColumn turns a value of a kind into what its column stores.
func toColumn(kind installcopy.ColumnKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case installcopy.KindTime:
		t, ok := v.(time.Time)
		if !ok {
			return nil, fmt.Errorf("want a time, got %T", v)
		}
		return t.UnixNano(), nil
	case installcopy.KindBool:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("want a bool, got %T", v)
		}
		if b {
			return int64(1), nil
		}
		return int64(0), nil
	case installcopy.KindJSON:
		b, ok := v.([]byte)
		if !ok {
			return nil, fmt.Errorf("want JSON text, got %T", v)
		}
		return string(b), nil
	}
	return v, nil
}

// ImportRows upserts rows into t in one transaction. AUTOINCREMENT
// counters follow explicit values by themselves.
func (db *DB) ImportRows(ctx context.Context, t installcopy.Table, rows [][]any) error {
	marks := make([]string, len(t.Columns))
	for i := range marks {
		marks[i] = "?"
	}
	query := sqlstore.ImportQuery(t, marks, "")
	return db.inTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, query)
		if err != nil {
			return fmt.Errorf("writing %s: %w", t.Name, err)
		}
		defer stmt.Close()
		for _, row := range rows {
			args, err := sqlstore.RowArgs(t, row, toColumn)
			if err != nil {
				return err
			}
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				return fmt.Errorf("writing %s: %w", t.Name, err)
			}
		}
		return nil
	})
}

// CopyMarker returns the record of a copy into this database, if any.
func (db *DB) CopyMarker(ctx context.Context) (*installcopy.Marker, error) {
	var (
		m        installcopy.Marker
		started  int64
		finished sql.NullInt64
	)
	err := db.read.QueryRowContext(ctx, `SELECT source, started_at, finished_at FROM copy_marker WHERE id = 1`).
		Scan(&m.Source, &started, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the copy marker: %w", err)
	}
	m.StartedAt, m.FinishedAt = fromNanos(started), fromNullNanos(finished)
	return &m, nil
}

// SetCopyMarker writes the record of a copy into this database.
func (db *DB) SetCopyMarker(ctx context.Context, m installcopy.Marker) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO copy_marker (id, source, started_at, finished_at) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET source = excluded.source, started_at = excluded.started_at, finished_at = excluded.finished_at`,
			m.Source, m.StartedAt.UnixNano(), nanos(m.FinishedAt))
		if err != nil {
			return fmt.Errorf("writing the copy marker: %w", err)
		}
		return nil
	})
}
