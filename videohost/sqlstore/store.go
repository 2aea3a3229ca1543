package sqlstore

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Store is the half of a SQL store that does not depend on its database:
// the methods of videohost's store interfaces whose logic is the same in
// both, run on the Conns a store adapts, with the SQL text it gives
// through SQL. A store embeds it and writes only what its database does
// its own way (locking, batching, RETURNING against LastInsertId, …).
type Store struct{ b Backend }

// Backend is what a store gives its Store.
type Backend struct {
	// Read is where reads go, Write where writes of one statement go.
	Read, Write Conn
	// InTx runs fn in a write transaction, committed when fn returns nil.
	InTx func(ctx context.Context, fn func(tx Tx) error) error
	// ClaimDeliveries leases deliveries in tx as c says, the store's way,
	// for ClaimWebhookDeliveries.
	ClaimDeliveries func(ctx context.Context, tx Tx, c Claim) ([]*videohost.ClaimedDelivery, error)
	// Now is the store's clock, in UTC.
	Now func() time.Time
	// Round brings a time to the precision the store keeps.
	Round func(time.Time) time.Time
	// Limit is LIMIT's argument for n, where n <= 0 means no limit.
	Limit func(n int) any
	// Q is the store's SQL, read with QueriesOf.
	Q Queries
}

// NewStore is the Store of b. It fails when b leaves something out: each
// is a method that would fail only when called.
func NewStore(b Backend) (Store, error) {
	if err := b.check(); err != nil {
		return Store{}, err
	}
	return Store{b}, nil
}

// SQL is a store's SQL text for Store, one method a noun, each in the
// store's file of that noun.
type SQL interface {
	// Arg is the placeholder of the nth argument (from 1), for the few
	// conditions the logic here adds to a store's query.
	Arg(n int) string
	Videos() VideoSQL
	Chunks() ChunkSQL
	Collections() CollectionSQL
	Copy() CopySQL
	Playback() PlaybackSQL
	Spaces() SpaceSQL
	SigningKeys() SigningKeySQL
	Webhooks() WebhookSQL
	Progress() ProgressSQL
	PlayerSettings() PlayerSettingsSQL
	CodecPolicies() CodecPolicySQL
	LiveStreams() LiveStreamSQL
}

// Queries is a store's SQL, read once.
type Queries struct {
	Arg            func(n int) string
	Videos         VideoSQL
	Chunks         ChunkSQL
	Collections    CollectionSQL
	Copy           CopySQL
	Playback       PlaybackSQL
	Spaces         SpaceSQL
	SigningKeys    SigningKeySQL
	Webhooks       WebhookSQL
	Progress       ProgressSQL
	PlayerSettings PlayerSettingsSQL
	CodecPolicies  CodecPolicySQL
	LiveStreams    LiveStreamSQL
}

// QueriesOf reads the SQL of a store.
func QueriesOf(q SQL) Queries {
	return Queries{Arg: q.Arg, Videos: q.Videos(), Chunks: q.Chunks(), Collections: q.Collections(), Copy: q.Copy(),
		Playback: q.Playback(), Spaces: q.Spaces(), SigningKeys: q.SigningKeys(), Webhooks: q.Webhooks(),
		Progress: q.Progress(), PlayerSettings: q.PlayerSettings(), CodecPolicies: q.CodecPolicies(), LiveStreams: q.LiveStreams()}
}

// What a store embedding Store implements through it alone.
var (
	_ videohost.ProgressStore       = (*Store)(nil)
	_ videohost.VideoEventStore     = (*Store)(nil)
	_ videohost.PlayerSettingsStore = (*Store)(nil)
	_ videohost.CodecPolicyStore    = (*Store)(nil)
	_ videohost.ViewCounts          = (*Store)(nil)
	_ videohost.SigningKeyStore     = (*Store)(nil)
	_ videohost.LiveStreamStore     = (*Store)(nil)
)

func (s *Store) round(t time.Time) time.Time { return s.b.Round(t) }

// check reports the fields of b, and of its Queries, that the store left
// empty.
func (b *Backend) check() error {
	var missing []string
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		for i := range v.NumField() {
			f, name := v.Field(i), path+v.Type().Field(i).Name
			switch {
			case f.Kind() == reflect.Struct:
				walk(f, name+".")
			case f.IsZero():
				missing = append(missing, name)
			}
		}
	}
	walk(reflect.ValueOf(b).Elem(), "")
	if len(missing) > 0 {
		return fmt.Errorf("sql store: missing %s", strings.Join(missing, ", "))
	}
	return nil
}
