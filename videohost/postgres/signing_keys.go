package postgres

import "github.com/reelvideo/reel/videohost/sqlstore"

// SigningKeys is PostgreSQL's SQL text for the signing key methods of
// sqlstore.Store.
func (dialect) SigningKeys() sqlstore.SigningKeySQL {
	return sqlstore.SigningKeySQL{
		Insert:  `INSERT INTO signing_keys (` + sqlstore.SigningKeyColumns + `) VALUES ($1, $2, $3, $4, $5)`,
		Get:     `SELECT ` + sqlstore.SigningKeyColumns + ` FROM signing_keys WHERE id = $1`,
		OfSpace: `SELECT ` + sqlstore.SigningKeyColumns + ` FROM signing_keys WHERE space = $1 ORDER BY created_at, id`,
		All:     `SELECT ` + sqlstore.SigningKeyColumns + ` FROM signing_keys ORDER BY created_at, id`,
		Delete:  `DELETE FROM signing_keys WHERE id = $1 AND space = $2`,
	}
}
