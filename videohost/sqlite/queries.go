package sqlite

import (
	"strconv"
	"time"

	"github.com/reelvideo/reel/videohost/sqlstore"
)

// sharedStore is embedded in DB under an unexported name, so that DB
// takes its methods and none of its fields.
type sharedStore = sqlstore.Store

// share sets up the half of db that sqlstore.Store implements, once its
// pools are open: SQLite's connections and SQL text for the logic both
// stores share.
func (db *DB) share() (err error) {
	db.sharedStore, err = sqlstore.NewStore(sqlstore.Backend{Read: db.reader(), Write: db.writer(), InTx: db.inWriteTx,
		ClaimDeliveries: claimDeliveries, Now: db.now, Round: keepTime, Limit: limitArg, Q: sqlstore.QueriesOf(dialect{})})
	return err
}

// keepTime is sqlstore.Store's Round: SQLite keeps nanoseconds, all a
// time.Time has.
func keepTime(t time.Time) time.Time { return t }

// dialect is sqlstore.SQL: SQLite's SQL text, a method a noun in the file
// of that noun.
type dialect struct{}

func (dialect) Arg(n int) string { return "?" + strconv.Itoa(n) }
