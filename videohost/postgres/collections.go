package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

const collectionColumns = `id, space, name, parent, created_at, updated_at`

func scanCollection(row pgx.Row) (*videohost.Collection, error) {
	var c videohost.Collection
	if err := row.Scan(&c.ID, &c.Space, &c.Name, &c.Parent, &c.CreatedAt, &c.UpdatedAt); err != nil {
		return nil, err
	}
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return &c, nil
}

// CreateCollection inserts c. A taken id, or a parent that is not a
// collection of the same space, is EConflict.
func (db *DB) CreateCollection(ctx context.Context, c *videohost.Collection) error {
	c.CreatedAt, c.UpdatedAt = us(c.CreatedAt), us(c.UpdatedAt)
	_, err := db.pool.Exec(ctx, `INSERT INTO collections (`+collectionColumns+`) VALUES ($1, $2, $3, $4, $5, $6)`,
		c.ID, c.Space, c.Name, c.Parent, c.CreatedAt, c.UpdatedAt)
	if err != nil {
		return constraintError(err, "inserting collection %s", c.ID)
	}
	return nil
}

// Collection returns one collection of space.
func (db *DB) Collection(ctx context.Context, space, id string) (*videohost.Collection, error) {
	c, err := scanCollection(db.pool.QueryRow(ctx,
		`SELECT `+collectionColumns+` FROM collections WHERE space = $1 AND id = $2`, space, id))
	if err != nil {
		return nil, notFound(err, "reading collection", "collection %s not found", id)
	}
	return c, nil
}

// Collections lists the collections of space ordered by id, starting after
// the id after. parent nil lists them all; a parent of "" lists the top
// level; otherwise the direct children of *parent. limit <= 0 means all.
func (db *DB) Collections(ctx context.Context, space string, parent *string, after string, limit int) ([]*videohost.Collection, error) {
	where := []string{"space = $1", "id > $2"}
	args := []any{space, after}
	switch {
	case parent == nil:
	case *parent == "":
		where = append(where, "parent IS NULL")
	default:
		args = append(args, *parent)
		where = append(where, "parent = $"+strconv.Itoa(len(args)))
	}
	args = append(args, limitArg(limit))
	rows, err := db.pool.Query(ctx, `SELECT `+collectionColumns+` FROM collections WHERE `+
		strings.Join(where, " AND ")+` ORDER BY id LIMIT $`+strconv.Itoa(len(args))+`::bigint`, args...)
	if err != nil {
		return nil, fmt.Errorf("listing collections: %w", err)
	}
	out, err := collect(rows, scanCollection)
	if err != nil {
		return nil, fmt.Errorf("listing collections: %w", err)
	}
	return out, nil
}

// UpdateCollection saves the name, parent and updated_at of c. A parent that
// is not a collection of the same space is EConflict; cycles are the
// service's business.
func (db *DB) UpdateCollection(ctx context.Context, c *videohost.Collection) error {
	c.UpdatedAt = us(c.UpdatedAt)
	tag, err := db.pool.Exec(ctx, `UPDATE collections SET name = $1, parent = $2, updated_at = $3
		WHERE space = $4 AND id = $5`, c.Name, c.Parent, c.UpdatedAt, c.Space, c.ID)
	if err != nil {
		return constraintError(err, "updating collection %s", c.ID)
	}
	return mustAffect(tag, videohost.Errorf(videohost.ENotFound, "collection %s not found", c.ID))
}

// treeCTE selects id ($2) and every collection nested under it, within a
// space ($1). UNION (not UNION ALL) stops a cycle from recursing forever.
const treeCTE = `WITH RECURSIVE tree(id) AS (
		SELECT id FROM collections WHERE space = $1 AND id = $2
		UNION
		SELECT c.id FROM collections c JOIN tree t ON c.parent = t.id WHERE c.space = $1
	) `

func collectionTree(ctx context.Context, q queryer, space, id string, lock bool) ([]string, error) {
	query := treeCTE + `SELECT id FROM tree`
	if lock {
		query = treeCTE + `SELECT c.id FROM collections c WHERE c.space = $1 AND c.id IN (SELECT id FROM tree)
			ORDER BY c.id = $2 DESC FOR UPDATE OF c`
	}
	rows, err := q.Query(ctx, query, space, id)
	if err != nil {
		return nil, fmt.Errorf("walking collection tree: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("walking collection tree: %w", err)
	}
	if len(ids) == 0 {
		return nil, videohost.Errorf(videohost.ENotFound, "collection %s not found", id)
	}
	return ids, nil
}

// CollectionTree returns id first, then every collection nested under it.
func (db *DB) CollectionTree(ctx context.Context, space, id string) ([]string, error) {
	return collectionTree(ctx, db.pool, space, id, false)
}

// DeleteCollection removes a collection. Without recursive, a collection with
// child collections or videos is EConflict; with recursive the whole subtree
// goes, but only once it holds no video (the service deletes those first, so
// their events are written). Deleted videos do not count.
//
// The subtree's rows are locked first: a video being put into one of them
// holds a key-share lock on it (checkCollection), so either that video is
// committed before the count below sees it, or it waits and then finds its
// collection gone.
func (db *DB) DeleteCollection(ctx context.Context, space, id string, recursive bool) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tree, err := collectionTree(ctx, tx, space, id, true)
		if err != nil {
			return err
		}
		if !recursive && len(tree) > 1 {
			return videohost.Errorf(videohost.EConflict, "collection %s has nested collections", id)
		}
		// Each statement walks the tree again, so that a child added since
		// is counted and deleted too.
		var videos int
		if err := tx.QueryRow(ctx, treeCTE+`SELECT count(*) FROM videos WHERE space = $1
			AND deleted_at IS NULL AND collection IN (SELECT id FROM tree)`, space, id).Scan(&videos); err != nil {
			return fmt.Errorf("counting videos: %w", err)
		}
		if videos > 0 {
			return videohost.Errorf(videohost.EConflict, "collection %s still holds %d videos", id, videos)
		}
		// One statement: foreign keys are checked at its end, when no child
		// is left pointing at a deleted parent.
		if _, err := tx.Exec(ctx, treeCTE+`DELETE FROM collections WHERE space = $1
			AND id IN (SELECT id FROM tree)`, space, id); err != nil {
			return constraintError(err, "deleting collection %s", id)
		}
		return nil
	})
}
