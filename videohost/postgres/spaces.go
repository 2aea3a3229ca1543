package postgres

import "github.com/reelvideo/reel/videohost/sqlstore"

// Spaces is PostgreSQL's SQL text for the space and key methods of
// sqlstore.Store.
func (dialect) Spaces() sqlstore.SpaceSQL {
	return sqlstore.SpaceSQL{
		Insert: `INSERT INTO spaces (` + sqlstore.SpaceColumns + `) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		Space:  spaceQuery,
		// Inserts referencing the space hold a key-share lock, which
		// DeleteSpace's FOR UPDATE waits for.
		Share: spaceQuery + ` FOR KEY SHARE`,
		// Quota checks of one space take turns on its row (FOR NO KEY
		// UPDATE, which the key-share locks of inserts do not wait for),
		// and each counts with a fresh snapshot once it has the turn.
		Quota: spaceQuery + ` FOR NO KEY UPDATE`,
		// A video being created in the space (whose insert holds a
		// key-share lock) finishes first and is counted, and one created
		// after finds the space deleted.
		Delete: spaceQuery + ` FOR UPDATE`,
		All:    `SELECT ` + sqlstore.SpaceColumns + ` FROM spaces WHERE deleted_at IS NULL ORDER BY created_at, id`,
		List:   `SELECT ` + sqlstore.SpaceColumns + ` FROM spaces WHERE deleted_at IS NULL AND id > $1 ORDER BY id LIMIT $2`,
		// The update takes the row lock that quota checks take, so a check
		// sees the quota before or after.
		Update: `UPDATE spaces SET name = $1, max_bytes = $2, max_minutes = $3, max_videos = $4 WHERE id = $5 AND deleted_at IS NULL`,
		Usage: `SELECT count(*), COALESCE(SUM(quota_bytes), 0)::bigint, COALESCE(SUM(duration), 0)::float8
			FROM videos WHERE space = $1 AND deleted_at IS NULL`,
		Videos:      `SELECT count(*) FROM videos WHERE space = $1 AND deleted_at IS NULL`,
		Collections: `SELECT count(*) FROM collections WHERE space = $1`,
		Forget: []string{
			`DELETE FROM collections WHERE space = $1`,
			`DELETE FROM api_keys WHERE space = $1`,
			`DELETE FROM signing_keys WHERE space = $1`,
			`DELETE FROM webhook_endpoints WHERE space = $1`,
			`DELETE FROM player_settings WHERE space = $1`,
			`DELETE FROM codec_policies WHERE space = $1`,
			`DELETE FROM live_streams WHERE space = $1`,
		},
		MarkDeleted: `UPDATE spaces SET deleted_at = $1 WHERE id = $2`,

		InsertKey: `INSERT INTO api_keys (id, space, access, name, secret_hash, sealed_secret, created_at, last_used_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		InsertAdminKey: `INSERT INTO admin_keys (id, access, name, secret_hash, sealed_secret, created_at, last_used_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		KeyByID: `SELECT ` + sqlstore.KeyColumns + `, secret_hash, sealed_secret FROM api_keys WHERE id = $1
			UNION ALL SELECT ` + sqlstore.AdminKeyColumns + `, secret_hash, sealed_secret FROM admin_keys WHERE id = $1`,
		Keys:           `SELECT ` + sqlstore.KeyColumns + ` FROM api_keys WHERE space = $1 ORDER BY created_at, id`,
		AdminKeys:      `SELECT ` + sqlstore.AdminKeyColumns + ` FROM admin_keys WHERE $1 = '' ORDER BY created_at, id`,
		DeleteKey:      `DELETE FROM api_keys WHERE id = $1 AND space = $2`,
		DeleteAdminKey: `DELETE FROM admin_keys WHERE id = $1 AND $2 = ''`,
		TouchKey:       `UPDATE api_keys SET last_used_at = $1 WHERE id = $2`,
		TouchAdminKey:  `UPDATE admin_keys SET last_used_at = $1 WHERE id = $2`,
	}
}

const spaceQuery = `SELECT ` + sqlstore.SpaceColumns + ` FROM spaces WHERE id = $1 AND deleted_at IS NULL`
