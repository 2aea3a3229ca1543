package sqlstore

import (
	"context"

	"github.com/reelvideo/reel/videohost"
)

// SigningKeyColumns are the columns ScanSigningKey reads, in order, and
// those of an insert into signing_keys.
const SigningKeyColumns = `id, space, algorithm, public_pem, created_at`

// SigningKeySQL is a store's SQL text for the signing key methods of
// Store.
type SigningKeySQL struct {
	// Insert inserts SigningKeyColumns; Get selects them given an id;
	// OfSpace selects those of a space, given it, and All those of every
	// space, oldest first; Delete deletes one given its id and space.
	Insert, Get, OfSpace, All, Delete string
}

// ScanSigningKey reads SigningKeyColumns from row.
func ScanSigningKey(row Row, newTime func() TimeCol) (*videohost.SigningKey, error) {
	var k videohost.SigningKey
	created := newTime()
	if err := row.Scan(&k.ID, &k.Space, &k.Algorithm, &k.PublicPEM, created.Dest()); err != nil {
		return nil, err
	}
	k.CreatedAt = created.Time()
	return &k, nil
}

// CreateSigningKey stores the public half of a signing key.
func (s *Store) CreateSigningKey(ctx context.Context, k *videohost.SigningKey) error {
	k.CreatedAt = s.round(k.CreatedAt)
	if _, err := s.b.Write.Exec(ctx, s.b.Q.SigningKeys.Insert, k.ID, k.Space, k.Algorithm, k.PublicPEM, k.CreatedAt); err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "inserting signing key %s", k.ID)
	}
	return nil
}

// SigningKey returns a signing key of any space.
func (s *Store) SigningKey(ctx context.Context, id string) (*videohost.SigningKey, error) {
	k, err := ScanSigningKey(s.b.Read.QueryRow(ctx, s.b.Q.SigningKeys.Get, id), s.b.Read.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading signing key", "signing key %s not found", id)
	}
	return k, nil
}

// SigningKeys lists the signing keys of space, oldest first; space "" lists
// the keys of every space (for the JWKS).
func (s *Store) SigningKeys(ctx context.Context, space string) ([]*videohost.SigningKey, error) {
	query, args := s.b.Q.SigningKeys.OfSpace, []any{space}
	if space == "" {
		query, args = s.b.Q.SigningKeys.All, nil
	}
	return Collect(ctx, s.b.Read, "listing signing keys", func(row Row) (*videohost.SigningKey, error) {
		return ScanSigningKey(row, s.b.Read.NewTime)
	}, query, args...)
}

// DeleteSigningKey removes a signing key of space; another space's key is
// not found.
func (s *Store) DeleteSigningKey(ctx context.Context, space, id string) error {
	n, err := s.b.Write.Exec(ctx, s.b.Q.SigningKeys.Delete, id, space)
	return MustAffect(n, err, "deleting signing key", videohost.Errorf(videohost.ENotFound, "signing key %s not found", id))
}
