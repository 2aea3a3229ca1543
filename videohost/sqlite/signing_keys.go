package sqlite

import "github.com/reelvideo/reel/videohost/sqlstore"

// SigningKeys is SQLite's SQL text for the signing key methods of
// sqlstore.Store.
func (dialect) SigningKeys() sqlstore.SigningKeySQL {
	return sqlstore.SigningKeySQL{
		Insert:  `INSERT INTO signing_keys (` + sqlstore.SigningKeyColumns + `) VALUES (?, ?, ?, ?, ?)`,
		Get:     `SELECT ` + sqlstore.SigningKeyColumns + ` FROM signing_keys WHERE id = ?`,
		OfSpace: `SELECT ` + sqlstore.SigningKeyColumns + ` FROM signing_keys WHERE space = ? ORDER BY created_at, id`,
		All:     `SELECT ` + sqlstore.SigningKeyColumns + ` FROM signing_keys ORDER BY created_at, id`,
		Delete:  `DELETE FROM signing_keys WHERE id = ? AND space = ?`,
	}
}
