package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

var _ videohost.Copier = (*DB)(nil)

// CopyCheck fails when the database holds a table or column that
// videohost.CopyTables does not copy (River's tables aside).
func (db *DB) CopyCheck(ctx context.Context) error {
	rows, err := db.pool.Query(ctx, `SELECT c.table_name::text, c.column_name::text
		FROM information_schema.columns c JOIN information_schema.tables t
			ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'river\_%'`)
	if err != nil {
		return fmt.Errorf("reading the schema: %w", err)
	}
	schema := map[string][]string{}
	var table, column string
	_, err = pgx.ForEachRow(rows, []any{&table, &column}, func() error {
		schema[table] = append(schema[table], column)
		return nil
	})
	if err != nil {
		return fmt.Errorf("reading the schema: %w", err)
	}
	return videohost.CheckCopyCoverage(schema)
}

// quoted is a quoted SQL identifier.
func quoted(name string) string { return pgx.Identifier{name}.Sanitize() }

func columnList(t videohost.CopyTable, prefix string) string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = prefix + quoted(c.Name)
	}
	return strings.Join(names, ", ")
}

// ExportRows streams every row of t, in key order (parents first when
// t.Parent is set).
func (db *DB) ExportRows(ctx context.Context, t videohost.CopyTable, fn func(row []any) error) error {
	keys := make([]string, len(t.Key))
	for i, k := range t.Key {
		keys[i] = "t." + quoted(k)
	}
	query := `SELECT ` + columnList(t, "t.") + ` FROM ` + quoted(t.Name) + ` t ORDER BY ` + strings.Join(keys, ", ")
	if t.Parent != "" {
		key, parent, table := quoted(t.Key[0]), quoted(t.Parent), quoted(t.Name)
		query = `WITH RECURSIVE tree (k, depth) AS (
			SELECT ` + key + `, 0 FROM ` + table + ` WHERE ` + parent + ` IS NULL
			UNION ALL SELECT c.` + key + `, tree.depth + 1 FROM ` + table + ` c JOIN tree ON c.` + parent + ` = tree.k)
			SELECT ` + columnList(t, "t.") + ` FROM ` + table + ` t JOIN tree ON t.` + key + ` = tree.k
			ORDER BY tree.depth, ` + strings.Join(keys, ", ")
	}
	rows, err := db.pool.Query(ctx, query)
	if err != nil {
		return fmt.Errorf("reading %s: %w", t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		dest := make([]any, len(t.Columns))
		for i, c := range t.Columns {
			switch c.Kind {
			case videohost.KindText:
				dest[i] = new(*string)
			case videohost.KindInt:
				dest[i] = new(*int64)
			case videohost.KindFloat:
				dest[i] = new(*float64)
			case videohost.KindBool:
				dest[i] = new(*bool)
			case videohost.KindTime:
				dest[i] = new(*time.Time)
			case videohost.KindBytes, videohost.KindJSON:
				dest[i] = new([]byte)
			}
		}
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("reading %s: %w", t.Name, err)
		}
		row := make([]any, len(t.Columns))
		for i := range t.Columns {
			row[i] = deref(dest[i])
		}
		if err := fn(row); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", t.Name, err)
	}
	return nil
}

// deref turns a scan destination into its value, nil for NULL.
func deref(v any) any {
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

// ImportRows upserts rows into t in one transaction. Values of a Serial
// column are kept (OVERRIDING SYSTEM VALUE), and its identity goes on
// after the largest.
func (db *DB) ImportRows(ctx context.Context, t videohost.CopyTable, rows [][]any) error {
	marks := make([]string, len(t.Columns))
	var set []string
	for i, c := range t.Columns {
		marks[i] = fmt.Sprintf("$%d", i+1)
		if !slices.Contains(t.Key, c.Name) {
			set = append(set, quoted(c.Name)+" = excluded."+quoted(c.Name))
		}
	}
	keys := make([]string, len(t.Key))
	for i, k := range t.Key {
		keys[i] = quoted(k)
	}
	query := `INSERT INTO ` + quoted(t.Name) + ` (` + columnList(t, "") + `) `
	if t.Serial != "" {
		query += `OVERRIDING SYSTEM VALUE `
	}
	query += `VALUES (` + strings.Join(marks, ", ") + `) ON CONFLICT (` + strings.Join(keys, ", ") + `) DO `
	if len(set) == 0 {
		query += `NOTHING`
	} else {
		query += `UPDATE SET ` + strings.Join(set, ", ")
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		batch := &pgx.Batch{}
		for _, row := range rows {
			if len(row) != len(t.Columns) {
				return fmt.Errorf("writing %s: a row of %d values for %d columns", t.Name, len(row), len(t.Columns))
			}
			args := make([]any, len(row))
			for i, c := range t.Columns {
				v, err := toColumn(c.Kind, row[i])
				if err != nil {
					return fmt.Errorf("writing %s.%s: %w", t.Name, c.Name, err)
				}
				args[i] = v
			}
			batch.Queue(query, args...)
		}
		if t.Serial != "" {
			batch.Queue(`SELECT setval(pg_get_serial_sequence($1, $2), (SELECT COALESCE(MAX(`+quoted(t.Serial)+`), 0) + 1 FROM `+quoted(t.Name)+`), false)`,
				quoted(t.Name), t.Serial)
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("writing %s: %w", t.Name, err)
		}
		return nil
	})
}

// toColumn checks a value against its kind. JSON goes as a string, which
// pgx hands to a json or jsonb column as it is.
func toColumn(kind videohost.ColumnKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	ok := false
	switch kind {
	case videohost.KindText:
		_, ok = v.(string)
	case videohost.KindInt:
		_, ok = v.(int64)
	case videohost.KindFloat:
		_, ok = v.(float64)
	case videohost.KindBool:
		_, ok = v.(bool)
	case videohost.KindTime:
		_, ok = v.(time.Time)
	case videohost.KindBytes:
		_, ok = v.([]byte)
	case videohost.KindJSON:
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

// CopyMarker returns the record of a copy into this database, if any.
func (db *DB) CopyMarker(ctx context.Context) (*videohost.CopyMarker, error) {
	var (
		m        videohost.CopyMarker
		finished *time.Time
	)
	err := db.pool.QueryRow(ctx, `SELECT source, started_at, finished_at FROM copy_marker WHERE id = 1`).
		Scan(&m.Source, &m.StartedAt, &finished)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the copy marker: %w", err)
	}
	m.StartedAt, m.FinishedAt = m.StartedAt.UTC(), fromTS(finished)
	return &m, nil
}

// SetCopyMarker writes the record of a copy into this database.
func (db *DB) SetCopyMarker(ctx context.Context, m videohost.CopyMarker) error {
	_, err := db.pool.Exec(ctx, `INSERT INTO copy_marker (id, source, started_at, finished_at) VALUES (1, $1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET source = excluded.source, started_at = excluded.started_at, finished_at = excluded.finished_at`,
		m.Source, m.StartedAt, ts(m.FinishedAt))
	if err != nil {
		return fmt.Errorf("writing the copy marker: %w", err)
	}
	return nil
}
