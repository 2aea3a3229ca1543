package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// CreateSpace inserts s; an existing id is EConflict.
func (db *DB) CreateSpace(ctx context.Context, s *videohost.Space) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO spaces (id, name, space_url, image_url, cdn_url, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, s.ID, s.Name, s.SpaceURL, s.ImageURL, s.CDNURL, s.CreatedAt.UnixNano())
	if err != nil {
		return constraintError(err, "inserting space %s", s.ID)
	}
	return nil
}

const spaceColumns = `id, name, space_url, image_url, cdn_url, created_at`

func scanSpace(row interface{ Scan(...any) error }) (*videohost.Space, error) {
	var s videohost.Space
	var created int64
	if err := row.Scan(&s.ID, &s.Name, &s.SpaceURL, &s.ImageURL, &s.CDNURL, &created); err != nil {
		return nil, err
	}
	s.CreatedAt = fromNanos(created)
	return &s, nil
}

// Space returns one space.
func (db *DB) Space(ctx context.Context, id string) (*videohost.Space, error) {
	s, err := scanSpace(db.read.QueryRowContext(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "space %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading space: %w", err)
	}
	return s, nil
}

// Spaces returns every space, oldest first.
func (db *DB) Spaces(ctx context.Context) ([]*videohost.Space, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+spaceColumns+` FROM spaces ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("listing spaces: %w", err)
	}
	defer rows.Close()
	var out []*videohost.Space
	for rows.Next() {
		s, err := scanSpace(rows)
		if err != nil {
			return nil, fmt.Errorf("listing spaces: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing spaces: %w", err)
	}
	return out, nil
}

// CreateKey inserts k with the hash that authenticates it and its sealed
// secret. The plain secret in k.Secret is never stored.
func (db *DB) CreateKey(ctx context.Context, k *videohost.Key, secretHash []byte, sealedSecret []byte) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO api_keys
		(id, space, access, name, secret_hash, sealed_secret, created_at, last_used_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		k.ID, k.Space, string(k.Access), k.Name, secretHash, sealedSecret, k.CreatedAt.UnixNano(), nanosPtr(k.LastUsedAt))
	if err != nil {
		return constraintError(err, "inserting key %s", k.ID)
	}
	return nil
}

const keyColumns = `id, space, access, name, created_at, last_used_at`

func scanKey(row interface{ Scan(...any) error }, extra ...any) (*videohost.Key, error) {
	var k videohost.Key
	var access string
	var created int64
	var lastUsed sql.NullInt64
	dest := append([]any{&k.ID, &k.Space, &access, &k.Name, &created, &lastUsed}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	k.Access = videohost.Access(access)
	k.CreatedAt = fromNanos(created)
	k.LastUsedAt = fromNullNanosPtr(lastUsed)
	return &k, nil
}

// KeyByID returns the key with its secret hash and sealed secret, whatever
// its space: authentication starts from the key id alone.
func (db *DB) KeyByID(ctx context.Context, id string) (*videohost.Key, []byte, []byte, error) {
	var hash, sealed []byte
	k, err := scanKey(db.read.QueryRowContext(ctx,
		`SELECT `+keyColumns+`, secret_hash, sealed_secret FROM api_keys WHERE id = ?`, id), &hash, &sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil, videohost.Errorf(videohost.ENotFound, "key %s not found", id)
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("reading key: %w", err)
	}
	return k, hash, sealed, nil
}

// Keys lists the keys of space, oldest first, without secrets.
func (db *DB) Keys(ctx context.Context, space string) ([]*videohost.Key, error) {
	rows, err := db.read.QueryContext(ctx,
		`SELECT `+keyColumns+` FROM api_keys WHERE space = ? ORDER BY created_at, id`, space)
	if err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	defer rows.Close()
	var out []*videohost.Key
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, fmt.Errorf("listing keys: %w", err)
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	return out, nil
}

// DeleteKey removes a key of space; a key of another space is not found.
func (db *DB) DeleteKey(ctx context.Context, space, id string) error {
	res, err := db.write.ExecContext(ctx, `DELETE FROM api_keys WHERE id = ? AND space = ?`, id, space)
	if err != nil {
		return fmt.Errorf("deleting key: %w", err)
	}
	return mustAffect(res, videohost.Errorf(videohost.ENotFound, "key %s not found", id))
}

// TouchKey records when a key was last used.
func (db *DB) TouchKey(ctx context.Context, id string, at time.Time) error {
	res, err := db.write.ExecContext(ctx, `UPDATE api_keys SET last_used_at = ? WHERE id = ?`, nanos(at), id)
	if err != nil {
		return fmt.Errorf("touching key: %w", err)
	}
	return mustAffect(res, videohost.Errorf(videohost.ENotFound, "key %s not found", id))
}

// mustAffect returns notFound when res changed no row.
func mustAffect(res sql.Result, notFound error) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("counting rows: %w", err)
	}
	if n == 0 {
		return notFound
	}
	return nil
}
