package sqlite

import (
	"strconv"
	"time"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// shared is the half of db that sqlstore.Store implements: SQLite's
// connections and SQL text for the logic both stores share.
func (db *DB) shared() sqlstore.Store {
	s := sqlstore.Store{Read: db.reader(), Write: db.writer(), InTx: db.inWriteTx, ClaimDeliveries: claimDeliveries,
		Now: db.now, Round: keepTime, Limit: limitArg, Q: sqlstore.QueriesOf(dialect{})}
	if err := s.Check(); err != nil {
		panic(err) // SQL left out of dialect, which every test's Open finds
	}
	return s
}

// keepTime is sqlstore.Store's Round: SQLite keeps nanoseconds, all a
// time.Time has.
func keepTime(t time.Time) time.Time { return t }

// dialect is sqlstore.SQL: SQLite's SQL text, a method a noun in the file
// of that noun.
type dialect struct{}

func (dialect) Arg(n int) string { return "?" + strconv.Itoa(n) }
