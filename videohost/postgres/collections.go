package postgres

import "github.com/reelvideo/reel/videohost/sqlstore"

// Collections is PostgreSQL's SQL text for the collection methods of
// sqlstore.Store.
func (dialect) Collections() sqlstore.CollectionSQL {
	return sqlstore.CollectionSQL{
		Insert:     `INSERT INTO collections (` + sqlstore.CollectionColumns + `) VALUES ($1, $2, $3, $4, $5, $6)`,
		Collection: `SELECT ` + sqlstore.CollectionColumns + ` FROM collections WHERE space = $1 AND id = $2`,
		List: func(cond string) string {
			return `SELECT ` + sqlstore.CollectionColumns + ` FROM collections WHERE space = $1 AND id > $2` + cond +
				` ORDER BY id LIMIT $3::bigint`
		},
		Update: `UPDATE collections SET name = $1, parent = $2, updated_at = $3 WHERE space = $4 AND id = $5`,
		// DeleteCollection locks the subtree's rows first: a video being put
		// into one of them holds a key-share lock on it (VideoSQL.Collection),
		// so either that video is committed before the count sees it, or it
		// waits and then finds its collection gone.
		Tree: func(lock bool) string {
			if lock {
				return treeCTE + `SELECT c.id FROM collections c WHERE c.space = $1 AND c.id IN (SELECT id FROM tree)
					ORDER BY c.id = $2 DESC FOR UPDATE OF c`
			}
			return treeCTE + `SELECT id FROM tree`
		},
		TreeVideos: treeCTE + `SELECT count(*) FROM videos WHERE space = $1
			AND deleted_at IS NULL AND collection IN (SELECT id FROM tree)`,
		DeleteTree: treeCTE + `DELETE FROM collections WHERE space = $1 AND id IN (SELECT id FROM tree)`,
	}
}

// treeCTE selects id ($2) and every collection nested under it, within a
// space ($1). UNION (not UNION ALL) stops a cycle from recursing forever.
const treeCTE = `WITH RECURSIVE tree(id) AS (
		SELECT id FROM collections WHERE space = $1 AND id = $2
		UNION
		SELECT c.id FROM collections c JOIN tree t ON c.parent = t.id WHERE c.space = $1
	) `
