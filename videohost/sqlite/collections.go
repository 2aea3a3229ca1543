package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/reelvideo/reel/videohost"
)

const collectionColumns = `id, space, name, parent, created_at, updated_at`

func scanCollection(row interface{ Scan(...any) error }) (*videohost.Collection, error) {
	var c videohost.Collection
	var parent sql.NullString
	var created, updated int64
	if err := row.Scan(&c.ID, &c.Space, &c.Name, &parent, &created, &updated); err != nil {
		return nil, err
	}
	c.Parent = stringPtr(parent)
	c.CreatedAt = fromNanos(created)
	c.UpdatedAt = fromNanos(updated)
	return &c, nil
}

// CreateCollection inserts c. A taken id, or a parent that is not a
// collection of the same space, is EConflict.
func (db *DB) CreateCollection(ctx context.Context, c *videohost.Collection) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO collections (`+collectionColumns+`) VALUES (?, ?, ?, ?, ?, ?)`,
		c.ID, c.Space, c.Name, nullString(c.Parent), c.CreatedAt.UnixNano(), c.UpdatedAt.UnixNano())
	if err != nil {
		return constraintError(err, "inserting collection %s", c.ID)
	}
	return nil
}

// Collection returns one collection of space.
func (db *DB) Collection(ctx context.Context, space, id string) (*videohost.Collection, error) {
	c, err := scanCollection(db.read.QueryRowContext(ctx,
		`SELECT `+collectionColumns+` FROM collections WHERE space = ? AND id = ?`, space, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "collection %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading collection: %w", err)
	}
	return c, nil
}

// Collections lists the collections of space ordered by id, starting after
// the id after. parent nil lists them all; a parent of "" lists the top
// level; otherwise the direct children of *parent. limit <= 0 means all.
func (db *DB) Collections(ctx context.Context, space string, parent *string, after string, limit int) ([]*videohost.Collection, error) {
	where := []string{"space = ?", "id > ?"}
	args := []any{space, after}
	switch {
	case parent == nil:
	case *parent == "":
		where = append(where, "parent IS NULL")
	default:
		where = append(where, "parent = ?")
		args = append(args, *parent)
	}
	if limit <= 0 {
		limit = -1
	}
	args = append(args, limit)
	rows, err := db.read.QueryContext(ctx, `SELECT `+collectionColumns+` FROM collections WHERE `+
		strings.Join(where, " AND ")+` ORDER BY id LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("listing collections: %w", err)
	}
	defer rows.Close()
	var out []*videohost.Collection
	for rows.Next() {
		c, err := scanCollection(rows)
		if err != nil {
			return nil, fmt.Errorf("listing collections: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing collections: %w", err)
	}
	return out, nil
}

// UpdateCollection saves the name, parent and updated_at of c. A parent that
// is not a collection of the same space is EConflict; cycles are the
// service's business.
func (db *DB) UpdateCollection(ctx context.Context, c *videohost.Collection) error {
	res, err := db.write.ExecContext(ctx, `UPDATE collections SET name = ?, parent = ?, updated_at = ?
		WHERE space = ? AND id = ?`, c.Name, nullString(c.Parent), c.UpdatedAt.UnixNano(), c.Space, c.ID)
	if err != nil {
		return constraintError(err, "updating collection %s", c.ID)
	}
	return mustAffect(res, videohost.Errorf(videohost.ENotFound, "collection %s not found", c.ID))
}

// treeQuery selects id and every collection nested under it, within a space.
// UNION (not UNION ALL) stops a cycle from recursing forever.
const treeCTE = `WITH RECURSIVE tree(id) AS (
		SELECT id FROM collections WHERE space = ?1 AND id = ?2
		UNION
		SELECT c.id FROM collections c JOIN tree t ON c.parent = t.id WHERE c.space = ?1
	) `

func collectionTree(ctx context.Context, q querier, space, id string) ([]string, error) {
	rows, err := q.QueryContext(ctx, treeCTE+`SELECT id FROM tree`, space, id)
	if err != nil {
		return nil, fmt.Errorf("walking collection tree: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("walking collection tree: %w", err)
		}
		ids = append(ids, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("walking collection tree: %w", err)
	}
	if len(ids) == 0 {
		return nil, videohost.Errorf(videohost.ENotFound, "collection %s not found", id)
	}
	return ids, nil
}

// CollectionTree returns id first, then every collection nested under it.
func (db *DB) CollectionTree(ctx context.Context, space, id string) ([]string, error) {
	return collectionTree(ctx, db.read, space, id)
}

// DeleteCollection removes a collection. Without recursive, a collection with
// child collections or videos is EConflict; with recursive the whole subtree
// goes, but only once it holds no video (the service deletes those first, so
// their events are written). Deleted videos do not count.
func (db *DB) DeleteCollection(ctx context.Context, space, id string, recursive bool) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		tree, err := collectionTree(ctx, tx, space, id)
		if err != nil {
			return err
		}
		if !recursive && len(tree) > 1 {
			return videohost.Errorf(videohost.EConflict, "collection %s has nested collections", id)
		}
		// The subtree is recomputed in each statement rather than passed as a
		// list, so its size never meets SQLite's limit on bound parameters.
		var videos int
		if err := tx.QueryRowContext(ctx, treeCTE+`SELECT count(*) FROM videos WHERE space = ?1
			AND deleted_at IS NULL AND collection IN (SELECT id FROM tree)`, space, id).Scan(&videos); err != nil {
			return fmt.Errorf("counting videos: %w", err)
		}
		if videos > 0 {
			return videohost.Errorf(videohost.EConflict, "collection %s still holds %d videos", id, videos)
		}
		// One statement: foreign keys are checked at its end, when no child
		// is left pointing at a deleted parent.
		if _, err := tx.ExecContext(ctx, treeCTE+`DELETE FROM collections WHERE space = ?1
			AND id IN (SELECT id FROM tree)`, space, id); err != nil {
			return constraintError(err, "deleting collection %s", id)
		}
		return nil
	})
}
