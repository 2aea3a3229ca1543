package postgres

import (
	"strconv"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// sharedStore is embedded in DB under an unexported name, so that DB
// takes its methods and none of its fields.
type sharedStore = sqlstore.Store

// share sets up the half of db that sqlstore.Store implements: PostgreSQL's
// connections and SQL text for the logic both stores share. The pool
// serves reads and writes alike.
func (db *DB) share() (err error) {
	db.sharedStore, err = sqlstore.NewStore(sqlstore.Backend{Read: conn{db.pool}, Write: conn{db.pool}, InTx: db.inWriteTx,
		ClaimDeliveries: claimDeliveries, Now: db.now, Round: us, Limit: limitArg, Q: sqlstore.QueriesOf(dialect{})})
	return err
}

// dialect is sqlstore.SQL: PostgreSQL's SQL text, a method a noun in the
// file of that noun.
type dialect struct{}

func (dialect) Arg(n int) string { return "$" + strconv.Itoa(n) }
