package sqlite

import "github.com/reelvideo/reel/videohost/sqlstore"

// Collections is SQLite's SQL text for the collection methods of
// sqlstore.Store. The write transaction holds what DeleteCollection reads.
func (dialect) Collections() sqlstore.CollectionSQL {
	return sqlstore.CollectionSQL{
		Insert:     `INSERT INTO collections (` + sqlstore.CollectionColumns + `) VALUES (?, ?, ?, ?, ?, ?)`,
		Collection: `SELECT ` + sqlstore.CollectionColumns + ` FROM collections WHERE space = ? AND id = ?`,
		List: func(cond string) string {
			return `SELECT ` + sqlstore.CollectionColumns + ` FROM collections WHERE space = ?1 AND id > ?2` + cond +
				` ORDER BY id LIMIT ?3`
		},
		Update: `UPDATE collections SET name = ?, parent = ?, updated_at = ? WHERE space = ? AND id = ?`,
		Tree:   func(bool) string { return treeCTE + `SELECT id FROM tree` },
		TreeVideos: treeCTE + `SELECT count(*) FROM videos WHERE space = ?1
			AND deleted_at IS NULL AND collection IN (SELECT id FROM tree)`,
		DeleteTree: treeCTE + `DELETE FROM collections WHERE space = ?1 AND id IN (SELECT id FROM tree)`,
	}
}

// treeCTE selects id (?2) and every collection nested under it, within a
// space (?1). UNION (not UNION ALL) stops a cycle from recursing forever.
const treeCTE = `WITH RECURSIVE tree(id) AS (
		SELECT id FROM collections WHERE space = ?1 AND id = ?2
		UNION
		SELECT c.id FROM collections c JOIN tree t ON c.parent = t.id WHERE c.space = ?1
	) `
