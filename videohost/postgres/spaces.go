package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

// CreateSpace inserts s; an existing id is EConflict.
func (db *DB) CreateSpace(ctx context.Context, s *videohost.Space) error {
	s.CreatedAt = us(s.CreatedAt)
	_, err := db.pool.Exec(ctx, `INSERT INTO spaces (id, name, space_url, image_url, cdn_url, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, s.ID, s.Name, s.SpaceURL, s.ImageURL, s.CDNURL, s.CreatedAt)
	if err != nil {
		return constraintError(err, "inserting space %s", s.ID)
	}
	return nil
}

const spaceColumns = `id, name, space_url, image_url, cdn_url, created_at`

func scanSpace(row pgx.Row) (*videohost.Space, error) {
	var s videohost.Space
	if err := row.Scan(&s.ID, &s.Name, &s.SpaceURL, &s.ImageURL, &s.CDNURL, &s.CreatedAt); err != nil {
		return nil, err
	}
	s.CreatedAt = s.CreatedAt.UTC()
	return &s, nil
}

// Space returns one space.
func (db *DB) Space(ctx context.Context, id string) (*videohost.Space, error) {
	s, err := scanSpace(db.pool.QueryRow(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE id = $1`, id))
	if err != nil {
		return nil, notFound(err, "reading space", "space %s not found", id)
	}
	return s, nil
}

// Spaces returns every space, oldest first.
func (db *DB) Spaces(ctx context.Context) ([]*videohost.Space, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+spaceColumns+` FROM spaces ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("listing spaces: %w", err)
	}
	out, err := collect(rows, scanSpace)
	if err != nil {
		return nil, fmt.Errorf("listing spaces: %w", err)
	}
	return out, nil
}

// CreateKey inserts k with the hash that authenticates it and its sealed
// secret. The plain secret in k.Secret is never stored.
func (db *DB) CreateKey(ctx context.Context, k *videohost.Key, secretHash []byte, sealedSecret []byte) error {
	k.CreatedAt, k.LastUsedAt = us(k.CreatedAt), usPtr(k.LastUsedAt)
	_, err := db.pool.Exec(ctx, `INSERT INTO api_keys
		(id, space, access, name, secret_hash, sealed_secret, created_at, last_used_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		k.ID, k.Space, string(k.Access), k.Name, secretHash, sealedSecret, k.CreatedAt, tsPtr(k.LastUsedAt))
	if err != nil {
		return constraintError(err, "inserting key %s", k.ID)
	}
	return nil
}

const keyColumns = `id, space, access, name, created_at, last_used_at`

func scanKey(row pgx.Row, extra ...any) (*videohost.Key, error) {
	var k videohost.Key
	var access string
	var lastUsed *time.Time
	dest := append([]any{&k.ID, &k.Space, &access, &k.Name, &k.CreatedAt, &lastUsed}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	k.Access = videohost.Access(access)
	k.CreatedAt = k.CreatedAt.UTC()
	k.LastUsedAt = fromTSPtr(lastUsed)
	return &k, nil
}

// KeyByID returns the key with its secret hash and sealed secret, whatever
// its space: authentication starts from the key id alone.
func (db *DB) KeyByID(ctx context.Context, id string) (*videohost.Key, []byte, []byte, error) {
	var hash, sealed []byte
	k, err := scanKey(db.pool.QueryRow(ctx,
		`SELECT `+keyColumns+`, secret_hash, sealed_secret FROM api_keys WHERE id = $1`, id), &hash, &sealed)
	if err != nil {
		return nil, nil, nil, notFound(err, "reading key", "key %s not found", id)
	}
	return k, hash, sealed, nil
}

// Keys lists the keys of space, oldest first, without secrets.
func (db *DB) Keys(ctx context.Context, space string) ([]*videohost.Key, error) {
	rows, err := db.pool.Query(ctx,
		`SELECT `+keyColumns+` FROM api_keys WHERE space = $1 ORDER BY created_at, id`, space)
	if err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	out, err := collect(rows, func(r pgx.Row) (*videohost.Key, error) { return scanKey(r) })
	if err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	return out, nil
}

// DeleteKey removes a key of space; a key of another space is not found.
func (db *DB) DeleteKey(ctx context.Context, space, id string) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM api_keys WHERE id = $1 AND space = $2`, id, space)
	if err != nil {
		return fmt.Errorf("deleting key: %w", err)
	}
	return mustAffect(tag, videohost.Errorf(videohost.ENotFound, "key %s not found", id))
}

// TouchKey records when a key was last used.
func (db *DB) TouchKey(ctx context.Context, id string, at time.Time) error {
	tag, err := db.pool.Exec(ctx, `UPDATE api_keys SET last_used_at = $1 WHERE id = $2`, ts(at), id)
	if err != nil {
		return fmt.Errorf("touching key: %w", err)
	}
	return mustAffect(tag, videohost.Errorf(videohost.ENotFound, "key %s not found", id))
}

// collect scans every row with scan.
func collect[T any](rows pgx.Rows, scan func(pgx.Row) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
