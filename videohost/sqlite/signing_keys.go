package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/reelvideo/reel/videohost"
)

var _ videohost.SigningKeyStore = (*DB)(nil)

// CreateSigningKey stores the public half of a signing key.
func (db *DB) CreateSigningKey(ctx context.Context, k *videohost.SigningKey) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO signing_keys (id, space, algorithm, public_pem, created_at)
		VALUES (?, ?, ?, ?, ?)`, k.ID, k.Space, k.Algorithm, k.PublicPEM, k.CreatedAt.UnixNano())
	if err != nil {
		return constraintError(err, "inserting signing key %s", k.ID)
	}
	return nil
}

const signingKeyColumns = `id, space, algorithm, public_pem, created_at`

func scanSigningKey(row interface{ Scan(...any) error }) (*videohost.SigningKey, error) {
	var k videohost.SigningKey
	var created int64
	if err := row.Scan(&k.ID, &k.Space, &k.Algorithm, &k.PublicPEM, &created); err != nil {
		return nil, err
	}
	k.CreatedAt = fromNanos(created)
	return &k, nil
}

// SigningKey returns a signing key of any space.
func (db *DB) SigningKey(ctx context.Context, id string) (*videohost.SigningKey, error) {
	k, err := scanSigningKey(db.read.QueryRowContext(ctx,
		`SELECT `+signingKeyColumns+` FROM signing_keys WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "signing key %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading signing key: %w", err)
	}
	return k, nil
}

// SigningKeys lists the signing keys of space, oldest first; space "" lists
// the keys of every space (for the JWKS).
func (db *DB) SigningKeys(ctx context.Context, space string) ([]*videohost.SigningKey, error) {
	query := `SELECT ` + signingKeyColumns + ` FROM signing_keys WHERE space = ? ORDER BY created_at, id`
	args := []any{space}
	if space == "" {
		query = `SELECT ` + signingKeyColumns + ` FROM signing_keys ORDER BY created_at, id`
		args = nil
	}
	rows, err := db.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("listing signing keys: %w", err)
	}
	defer rows.Close()
	var out []*videohost.SigningKey
	for rows.Next() {
		k, err := scanSigningKey(rows)
		if err != nil {
			return nil, fmt.Errorf("listing signing keys: %w", err)
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing signing keys: %w", err)
	}
	return out, nil
}

// DeleteSigningKey removes a signing key of space; another space's key is
// not found.
func (db *DB) DeleteSigningKey(ctx context.Context, space, id string) error {
	res, err := db.write.ExecContext(ctx, `DELETE FROM signing_keys WHERE id = ? AND space = ?`, id, space)
	if err != nil {
		return fmt.Errorf("deleting signing key: %w", err)
	}
	return mustAffect(res, videohost.Errorf(videohost.ENotFound, "signing key %s not found", id))
}
