package sqlstore

import (
	"context"
	"fmt"

	"github.com/reelvideo/reel/videohost"
)

// CollectionColumns are the columns ScanCollection reads, in order, and
// those of an insert into collections.
const CollectionColumns = `id, space, name, parent, created_at, updated_at`

// CollectionSQL is a store's SQL text for the collection methods of
// Store. Tree, TreeVideos and DeleteTree take (space, id) and walk the
// subtree of id, id included.
type CollectionSQL struct {
	// Insert inserts CollectionColumns.
	Insert string
	// Collection selects CollectionColumns given space and id.
	Collection string
	// List selects CollectionColumns of a space in id order given space,
	// an id to start after and a limit, then cond: "" or a further
	// condition on parent (" AND parent …").
	List func(cond string) string
	// Update saves name, parent and updated_at given them, space and id.
	Update string
	// Tree selects the subtree's ids, id first; lock also locks their
	// rows where the store must.
	Tree func(lock bool) string
	// TreeVideos counts the non-deleted videos of the subtree;
	// DeleteTree deletes it in one statement, so that foreign keys are
	// checked when no child is left pointing at a deleted parent.
	TreeVideos, DeleteTree string
}

// ScanCollection reads CollectionColumns from row.
func ScanCollection(row Row, newTime func() TimeCol) (*videohost.Collection, error) {
	var c videohost.Collection
	created, updated := newTime(), newTime()
	if err := row.Scan(&c.ID, &c.Space, &c.Name, &c.Parent, created.Dest(), updated.Dest()); err != nil {
		return nil, err
	}
	c.CreatedAt, c.UpdatedAt = created.Time(), updated.Time()
	return &c, nil
}

func collectionNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "collection %s not found", id)
}

// CreateCollection inserts c. A taken id, or a parent that is not a
// collection of the same space, is EConflict.
func (s *Store) CreateCollection(ctx context.Context, c *videohost.Collection) error {
	c.CreatedAt, c.UpdatedAt = s.round(c.CreatedAt), s.round(c.UpdatedAt)
	if _, err := s.b.Write.Exec(ctx, s.b.Q.Collections.Insert, c.ID, c.Space, c.Name, c.Parent, c.CreatedAt, c.UpdatedAt); err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "inserting collection %s", c.ID)
	}
	return nil
}

// Collection returns one collection of space.
func (s *Store) Collection(ctx context.Context, space, id string) (*videohost.Collection, error) {
	c, err := ScanCollection(s.b.Read.QueryRow(ctx, s.b.Q.Collections.Collection, space, id), s.b.Read.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading collection", "collection %s not found", id)
	}
	return c, nil
}

// Collections lists the collections of space ordered by id, starting after
// the id after. parent nil lists them all; a parent of "" lists the top
// level; otherwise the direct children of *parent. limit <= 0 means all.
func (s *Store) Collections(ctx context.Context, space string, parent *string, after string, limit int) ([]*videohost.Collection, error) {
	args := []any{space, after, s.b.Limit(limit)}
	cond := ""
	switch {
	case parent == nil:
	case *parent == "":
		cond = " AND parent IS NULL"
	default:
		args = append(args, *parent)
		cond = " AND parent = " + s.b.Q.Arg(len(args))
	}
	return Collect(ctx, s.b.Read, "listing collections", func(row Row) (*videohost.Collection, error) {
		return ScanCollection(row, s.b.Read.NewTime)
	}, s.b.Q.Collections.List(cond), args...)
}

// UpdateCollection saves the name, parent and updated_at of c. A parent that
// is not a collection of the same space is EConflict; cycles are the
// service's business.
func (s *Store) UpdateCollection(ctx context.Context, c *videohost.Collection) error {
	c.UpdatedAt = s.round(c.UpdatedAt)
	n, err := s.b.Write.Exec(ctx, s.b.Q.Collections.Update, c.Name, c.Parent, c.UpdatedAt, c.Space, c.ID)
	if err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "updating collection %s", c.ID)
	}
	if n == 0 {
		return collectionNotFound(c.ID)
	}
	return nil
}

func (s *Store) collectionTree(ctx context.Context, c Conn, space, id string, lock bool) ([]string, error) {
	ids, err := Collect(ctx, c, "walking collection tree", Scalar[string], s.b.Q.Collections.Tree(lock), space, id)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, collectionNotFound(id)
	}
	return ids, nil
}

// CollectionTree returns id first, then every collection nested under it.
func (s *Store) CollectionTree(ctx context.Context, space, id string) ([]string, error) {
	return s.collectionTree(ctx, s.b.Read, space, id, false)
}

// DeleteCollection removes a collection. Without recursive, a collection with
// child collections or videos is EConflict; with recursive the whole subtree
// goes, but only once it holds no video (the service deletes those first, so
// their events are written). Deleted videos do not count.
//
// The subtree's rows are locked first where the store must, so that a
// video being put into one of them either is counted below or finds its
// collection gone. Each statement walks the tree again, so that a child
// added since is counted and deleted too, and so that the subtree never
// travels as a list of arguments.
func (s *Store) DeleteCollection(ctx context.Context, space, id string, recursive bool) error {
	return s.b.InTx(ctx, func(tx Tx) error {
		tree, err := s.collectionTree(ctx, tx, space, id, true)
		if err != nil {
			return err
		}
		if !recursive && len(tree) > 1 {
			return videohost.Errorf(videohost.EConflict, "collection %s has nested collections", id)
		}
		var videos int
		if err := tx.QueryRow(ctx, s.b.Q.Collections.TreeVideos, space, id).Scan(&videos); err != nil {
			return fmt.Errorf("counting videos: %w", err)
		}
		if videos > 0 {
			return videohost.Errorf(videohost.EConflict, "collection %s still holds %d videos", id, videos)
		}
		if _, err := tx.Exec(ctx, s.b.Q.Collections.DeleteTree, space, id); err != nil {
			return ConstraintError(tx.Conflict(err), err, "deleting collection %s", id)
		}
		return nil
	})
}
