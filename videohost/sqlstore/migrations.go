package sqlstore

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Migration is one file of a store's migrations directory.
type Migration struct {
	// Version is the file's name without ".sql" ("0009_chapters"): what
	// schema_migrations records once the file is applied.
	Version string
	SQL     string
}

// Migrations reads the *.sql files of dir in fsys (a store's embedded
// migrations), in file-name order: the order they are applied in.
func Migrations(fsys fs.FS, dir string) ([]Migration, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.sql"))
	if err != nil {
		return nil, fmt.Errorf("listing migrations: %w", err)
	}
	slices.Sort(names)
	out := make([]Migration, 0, len(names))
	for _, name := range names {
		version := strings.TrimSuffix(path.Base(name), ".sql")
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("reading migration %s: %w", version, err)
		}
		out = append(out, Migration{Version: version, SQL: string(body)})
	}
	return out, nil
}
