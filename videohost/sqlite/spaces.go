package sqlite

import "github.com/reelvideo/reel/videohost/sqlstore"

// Spaces is SQLite's SQL text for the space and key methods of
// sqlstore.Store. Its one writer holds what a write transaction reads until
// the commit: no query takes a lock.
func (dialect) Spaces() sqlstore.SpaceSQL {
	return sqlstore.SpaceSQL{
		Insert: `INSERT INTO spaces (` + sqlstore.SpaceColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		Space:  spaceQuery, Share: spaceQuery, Quota: spaceQuery, Delete: spaceQuery,
		All:    `SELECT ` + sqlstore.SpaceColumns + ` FROM spaces WHERE deleted_at IS NULL ORDER BY created_at, id`,
		List:   `SELECT ` + sqlstore.SpaceColumns + ` FROM spaces WHERE deleted_at IS NULL AND id > ? ORDER BY id LIMIT ?`,
		Update: `UPDATE spaces SET name = ?, max_bytes = ?, max_minutes = ?, max_videos = ? WHERE id = ? AND deleted_at IS NULL`,
		Usage: `SELECT count(*), COALESCE(SUM(quota_bytes), 0), COALESCE(SUM(duration), 0)
			FROM videos WHERE space = ? AND deleted_at IS NULL`,
		Videos:      `SELECT count(*) FROM videos WHERE space = ? AND deleted_at IS NULL`,
		Collections: `SELECT count(*) FROM collections WHERE space = ?`,
		Forget: []string{
			`DELETE FROM collections WHERE space = ?`,
			`DELETE FROM api_keys WHERE space = ?`,
			`DELETE FROM signing_keys WHERE space = ?`,
			`DELETE FROM webhook_endpoints WHERE space = ?`,
			`DELETE FROM player_settings WHERE space = ?`,
			`DELETE FROM codec_policies WHERE space = ?`,
			`DELETE FROM live_streams WHERE space = ?`,
		},
		MarkDeleted: `UPDATE spaces SET deleted_at = ? WHERE id = ?`,

		InsertKey: `INSERT INTO api_keys (id, space, access, name, secret_hash, sealed_secret, created_at, last_used_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		InsertAdminKey: `INSERT INTO admin_keys (id, access, name, secret_hash, sealed_secret, created_at, last_used_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
		KeyByID: `SELECT ` + sqlstore.KeyColumns + `, secret_hash, sealed_secret FROM api_keys WHERE id = ?1
			UNION ALL SELECT ` + sqlstore.AdminKeyColumns + `, secret_hash, sealed_secret FROM admin_keys WHERE id = ?1`,
		Keys:           `SELECT ` + sqlstore.KeyColumns + ` FROM api_keys WHERE space = ? ORDER BY created_at, id`,
		AdminKeys:      `SELECT ` + sqlstore.AdminKeyColumns + ` FROM admin_keys WHERE ? = '' ORDER BY created_at, id`,
		DeleteKey:      `DELETE FROM api_keys WHERE id = ? AND space = ?`,
		DeleteAdminKey: `DELETE FROM admin_keys WHERE id = ? AND ? = ''`,
		TouchKey:       `UPDATE api_keys SET last_used_at = ? WHERE id = ?`,
		TouchAdminKey:  `UPDATE admin_keys SET last_used_at = ? WHERE id = ?`,
	}
}

const spaceQuery = `SELECT ` + sqlstore.SpaceColumns + ` FROM spaces WHERE id = ? AND deleted_at IS NULL`
