package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost/installcopy"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// scanDest is a scan destination for a column of kind.
func scanDest(kind installcopy.ColumnKind) any {
	switch kind {
	case installcopy.KindText:
		return new(*string)
	case installcopy.KindInt:
		return new(*int64)
	case installcopy.KindFloat:
		return new(*float64)
	case installcopy.KindBool:
		return new(*bool)
	case installcopy.KindTime:
		return new(*time.Time)
	case installcopy.KindBytes, installcopy.KindJSON:
		return new([]byte)
	}
	return nil
}

// deref turns a scan destination into its value, nil for NULL.
func deref(_ installcopy.ColumnKind, v any) any {
	switch v := v.(type) {
	case **string:
		if *v == nil {
			return nil
		}
		return **v
	case **int64:
		if *v == nil {
			return nil
		}
		return **v
	case **float64:
		if *v == nil {
			return nil
		}
		return **v
	case **bool:
		if *v == nil {
			return nil
		}
		return **v
	case **time.Time:
		if *v == nil {
			return nil
		}
		return (*v).UTC()
	case *[]byte:
		if *v == nil {
			return nil
		}
		return *v
	}
	return nil
}

// ImportRows is the half of installcopy.Copier that is this store's own;
// sqlstore.Store has the rest.
var _ installcopy.Copier = (*DB)(nil)

// ImportRows upserts rows into t in one transaction. Values of a Serial
// column are kept (OVERRIDING SYSTEM VALUE), and its identity goes on
// after the largest.
func (db *DB) ImportRows(ctx context.Context, t installcopy.Table, rows [][]any) error {
	marks := make([]string, len(t.Columns))
	for i := range marks {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	overriding := ""
	if t.Serial != "" {
		overriding = "OVERRIDING SYSTEM VALUE "
	}
	query := sqlstore.ImportQuery(t, marks, overriding)
	return db.inTx(ctx, func(tx pgx.Tx) error {
		batch := &pgx.Batch{}
		for _, row := range rows {
			args, err := sqlstore.RowArgs(t, row, toColumn)
			if err != nil {
				return err
			}
			batch.Queue(query, args...)
		}
		if t.Serial != "" {
			batch.Queue(`SELECT setval(pg_get_serial_sequence($1, $2), (SELECT COALESCE(MAX(`+sqlstore.Quoted(t.Serial)+`), 0) + 1 FROM `+sqlstore.Quoted(t.Name)+`), false)`,
				sqlstore.Quoted(t.Name), t.Serial)
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("writing %s: %w", t.Name, err)
		}
		return nil
	})
}

// toColumn checks a value against its kind. JSON goes as a string, which
// pgx hands to a json or jsonb column as it is.
func toColumn(kind installcopy.ColumnKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	ok := false
	switch kind {
	case installcopy.KindText:
		_, ok = v.(string)
	case installcopy.KindInt:
		_, ok = v.(int64)
	case installcopy.KindFloat:
		_, ok = v.(float64)
	case installcopy.KindBool:
		_, ok = v.(bool)
	case installcopy.KindTime:
		_, ok = v.(time.Time)
	case installcopy.KindBytes:
		_, ok = v.([]byte)
	case installcopy.KindJSON:
		var b []byte
		if b, ok = v.([]byte); ok {
			return string(b), nil
		}
	}
	if !ok {
		return nil, fmt.Errorf("a %T where the column wants another kind", v)
	}
	return v, nil
}

// Copy is PostgreSQL's SQL text for the copy methods of sqlstore.Store.
func (dialect) Copy() sqlstore.CopySQL {
	return sqlstore.CopySQL{
		// River's tables aside.
		Schema: `SELECT c.table_name::text, c.column_name::text
			FROM information_schema.columns c JOIN information_schema.tables t
				ON t.table_schema = c.table_schema AND t.table_name = c.table_name
			WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'river\_%'`,
		Dest:   scanDest,
		Value:  deref,
		Marker: `SELECT source, started_at, finished_at FROM copy_marker WHERE id = 1`,
		SetMarker: `INSERT INTO copy_marker (id, source, started_at, finished_at) VALUES (1, $1, $2, $3)
			ON CONFLICT (id) DO UPDATE SET source = excluded.source, started_at = excluded.started_at, finished_at = excluded.finished_at`,
	}
}
