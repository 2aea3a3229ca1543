package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost/installcopy"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

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

// ImportRows is the half of installcopy.Copier that is this store's own;
// sqlstore.Store has the rest.
var _ installcopy.Copier = (*DB)(nil)

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

// Copy is SQLite's SQL text for the copy methods of sqlstore.Store.
func (dialect) Copy() sqlstore.CopySQL {
	return sqlstore.CopySQL{
		// SQLite's own tables aside.
		Schema: `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
			WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\'`,
		Dest:   scanDest,
		Value:  fromColumn,
		Marker: `SELECT source, started_at, finished_at FROM copy_marker WHERE id = 1`,
		SetMarker: `INSERT INTO copy_marker (id, source, started_at, finished_at) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET source = excluded.source, started_at = excluded.started_at, finished_at = excluded.finished_at`,
	}
}
