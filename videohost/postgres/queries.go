package postgres

import (
	"strconv"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// shared is the half of db that sqlstore.Store implements: PostgreSQL's
// connections and SQL text for the logic both stores share.
func (db *DB) shared() sqlstore.Store {
	// The pool serves reads and writes alike.
	s := sqlstore.Store{Read: conn{db.pool}, Write: conn{db.pool}, InTx: db.inWriteTx, ClaimDeliveries: claimDeliveries,
		Now: db.now, Round: us, Limit: limitArg, Q: sqlstore.QueriesOf(dialect{})}
	if err := s.Check(); err != nil {
		panic(err) // SQL left out of dialect, which every test's Open finds
	}
	return s
}

// dialect is sqlstore.SQL: PostgreSQL's SQL text, a method a noun in the
// file of that noun.
type dialect struct{}

func (dialect) Arg(n int) string { return "$" + strconv.Itoa(n) }
