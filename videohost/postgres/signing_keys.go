package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

// CreateSigningKey stores the public half of a signing key.
func (db *DB) CreateSigningKey(ctx context.Context, k *videohost.SigningKey) error {
	k.CreatedAt = us(k.CreatedAt)
	_, err := db.pool.Exec(ctx, `INSERT INTO signing_keys (id, space, algorithm, public_pem, created_at)
		VALUES ($1, $2, $3, $4, $5)`, k.ID, k.Space, k.Algorithm, k.PublicPEM, k.CreatedAt)
	if err != nil {
		return constraintError(err, "inserting signing key %s", k.ID)
	}
	return nil
}

const signingKeyColumns = `id, space, algorithm, public_pem, created_at`

func scanSigningKey(row pgx.Row) (*videohost.SigningKey, error) {
	var k videohost.SigningKey
	if err := row.Scan(&k.ID, &k.Space, &k.Algorithm, &k.PublicPEM, &k.CreatedAt); err != nil {
		return nil, err
	}
	k.CreatedAt = k.CreatedAt.UTC()
	return &k, nil
}

// SigningKey returns a signing key of any space.
func (db *DB) SigningKey(ctx context.Context, id string) (*videohost.SigningKey, error) {
	k, err := scanSigningKey(db.pool.QueryRow(ctx,
		`SELECT `+signingKeyColumns+` FROM signing_keys WHERE id = $1`, id))
	if err != nil {
		return nil, notFound(err, "reading signing key", "signing key %s not found", id)
	}
	return k, nil
}

// SigningKeys lists the signing keys of space, oldest first; space "" lists
// the keys of every space (for the JWKS).
func (db *DB) SigningKeys(ctx context.Context, space string) ([]*videohost.SigningKey, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+signingKeyColumns+` FROM signing_keys
		WHERE $1 = '' OR space = $1 ORDER BY created_at, id`, space)
	if err != nil {
		return nil, fmt.Errorf("listing signing keys: %w", err)
	}
	out, err := collect(rows, scanSigningKey)
	if err != nil {
		return nil, fmt.Errorf("listing signing keys: %w", err)
	}
	return out, nil
}

// DeleteSigningKey removes a signing key of space; another space's key is
// not found.
func (db *DB) DeleteSigningKey(ctx context.Context, space, id string) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM signing_keys WHERE id = $1 AND space = $2`, id, space)
	if err != nil {
		return fmt.Errorf("deleting signing key: %w", err)
	}
	return mustAffect(tag, videohost.Errorf(videohost.ENotFound, "signing key %s not found", id))
}
