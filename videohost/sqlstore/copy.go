package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/reelvideo/reel/videohost/installcopy"
)

// The queries of installcopy.Copier, built from a CopyTable the same way for
// both stores: the names come from installcopy.Tables, and what differs
// (placeholders, PostgreSQL's identity columns) is passed in.

// Quoted is name as a quoted SQL identifier, in the syntax both databases
// share.
func Quoted(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// ColumnList is t's columns, quoted, each after prefix, comma-separated.
func ColumnList(t installcopy.Table, prefix string) string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = prefix + Quoted(c.Name)
	}
	return strings.Join(names, ", ")
}

// ExportQuery selects every row of t in key order; when t.Parent is set,
// parents first (by depth in the tree, then key).
func ExportQuery(t installcopy.Table) string {
	keys := make([]string, len(t.Key))
	for i, k := range t.Key {
		keys[i] = "t." + Quoted(k)
	}
	if t.Parent == "" {
		return `SELECT ` + ColumnList(t, "t.") + ` FROM ` + Quoted(t.Name) + ` t ORDER BY ` + strings.Join(keys, ", ")
	}
	key, parent, table := Quoted(t.Key[0]), Quoted(t.Parent), Quoted(t.Name)
	return `WITH RECURSIVE tree (k, depth) AS (
			SELECT ` + key + `, 0 FROM ` + table + ` WHERE ` + parent + ` IS NULL
			UNION ALL SELECT c.` + key + `, tree.depth + 1 FROM ` + table + ` c JOIN tree ON c.` + parent + ` = tree.k)
			SELECT ` + ColumnList(t, "t.") + ` FROM ` + table + ` t JOIN tree ON t.` + key + ` = tree.k
			ORDER BY tree.depth, ` + strings.Join(keys, ", ")
}

// ImportQuery upserts one row of t on its key: marks are the placeholders
// of its columns, in order, and overriding goes between the column list and
// VALUES (PostgreSQL's "OVERRIDING SYSTEM VALUE ", or "").
func ImportQuery(t installcopy.Table, marks []string, overriding string) string {
	var set []string
	for _, c := range t.Columns {
		if !slices.Contains(t.Key, c.Name) {
			set = append(set, Quoted(c.Name)+" = excluded."+Quoted(c.Name))
		}
	}
	keys := make([]string, len(t.Key))
	for i, k := range t.Key {
		keys[i] = Quoted(k)
	}
	query := `INSERT INTO ` + Quoted(t.Name) + ` (` + ColumnList(t, "") + `) ` + overriding +
		`VALUES (` + strings.Join(marks, ", ") + `) ON CONFLICT (` + strings.Join(keys, ", ") + `) DO `
	if len(set) == 0 {
		return query + `NOTHING`
	}
	return query + `UPDATE SET ` + strings.Join(set, ", ")
}

// RowArgs turns row, a row of t as installcopy.Copier carries it, into the
// arguments of ImportQuery, converting each value with toColumn.
func RowArgs(t installcopy.Table, row []any, toColumn func(installcopy.ColumnKind, any) (any, error)) ([]any, error) {
	if len(row) != len(t.Columns) {
		return nil, fmt.Errorf("writing %s: a row of %d values for %d columns", t.Name, len(row), len(t.Columns))
	}
	args := make([]any, len(row))
	for i, c := range t.Columns {
		v, err := toColumn(c.Kind, row[i])
		if err != nil {
			return nil, fmt.Errorf("writing %s.%s: %w", t.Name, c.Name, err)
		}
		args[i] = v
	}
	return args, nil
}

// Rows is what both drivers' result sets offer (*sql.Rows, pgx.Rows);
// closing them stays with the caller.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ExportRows calls fn with each row of rows, the result of t's
// ExportQuery, as installcopy.Copier carries it. dest makes a scan
// destination for a column of a kind; value turns what was scanned into
// the kind's value, nil for NULL. fn's error is returned as it is.
func ExportRows(rows Rows, t installcopy.Table, dest func(installcopy.ColumnKind) any,
	value func(installcopy.ColumnKind, any) any, fn func(row []any) error) error {
	for rows.Next() {
		dests := make([]any, len(t.Columns))
		for i, c := range t.Columns {
			dests[i] = dest(c.Kind)
		}
		if err := rows.Scan(dests...); err != nil {
			return fmt.Errorf("reading %s: %w", t.Name, err)
		}
		row := make([]any, len(t.Columns))
		for i, c := range t.Columns {
			row[i] = value(c.Kind, dests[i])
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

// CopyCheck reads rows (table, column) of a store's schema and checks
// them with installcopy.CheckCoverage.
func CopyCheck(rows Rows) error {
	schema := map[string][]string{}
	var table, column string
	err := Each(rows, "reading the schema", func() error {
		schema[table] = append(schema[table], column)
		return nil
	}, &table, &column)
	if err != nil {
		return err
	}
	return installcopy.CheckCoverage(schema)
}

// CopySQL is a store's SQL text and column conversions for the copy
// methods of Store; ImportRows, which writes many rows its store's best
// way, stays with the store.
type CopySQL struct {
	// Schema selects (table, column) of every table of the store but
	// its own bookkeeping, for CopyCheck.
	Schema string
	// Dest and Value are ExportRows' dest and value.
	Dest  func(installcopy.ColumnKind) any
	Value func(installcopy.ColumnKind, any) any
	// Marker selects (source, started_at, finished_at) of the copy
	// marker; SetMarker upserts them.
	Marker, SetMarker string
}

// CopyCheck fails when the database holds a table or column that
// installcopy.Tables does not copy.
func (s *Store) CopyCheck(ctx context.Context) error {
	rows, err := s.b.Read.Query(ctx, s.b.Q.Copy.Schema)
	if err != nil {
		return fmt.Errorf("reading the schema: %w", err)
	}
	defer rows.Close()
	return CopyCheck(rows)
}

// ExportRows streams every row of t, in key order (parents first when
// t.Parent is set).
func (s *Store) ExportRows(ctx context.Context, t installcopy.Table, fn func(row []any) error) error {
	rows, err := s.b.Read.Query(ctx, ExportQuery(t))
	if err != nil {
		return fmt.Errorf("reading %s: %w", t.Name, err)
	}
	defer rows.Close()
	return ExportRows(rows, t, s.b.Q.Copy.Dest, s.b.Q.Copy.Value, fn)
}

// CopyMarker returns the record of a copy into this database, if any.
func (s *Store) CopyMarker(ctx context.Context) (*installcopy.Marker, error) {
	var m installcopy.Marker
	started, finished := s.b.Read.NewTime(), s.b.Read.NewTime()
	err := s.b.Read.QueryRow(ctx, s.b.Q.Copy.Marker).Scan(&m.Source, started.Dest(), finished.Dest())
	if errors.Is(err, ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the copy marker: %w", err)
	}
	m.StartedAt, m.FinishedAt = started.Time(), finished.Time()
	return &m, nil
}

// SetCopyMarker writes the record of a copy into this database.
func (s *Store) SetCopyMarker(ctx context.Context, m installcopy.Marker) error {
	return Exec(ctx, s.b.Write, "writing the copy marker", s.b.Q.Copy.SetMarker, m.Source, m.StartedAt, NullTime(m.FinishedAt))
}
