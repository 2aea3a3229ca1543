package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// CreateSpace inserts s; an existing id, even of a deleted space, is
// EConflict.
func (db *DB) CreateSpace(ctx context.Context, s *videohost.Space) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO spaces (id, name, space_url, image_url, cdn_url, created_at,
		max_bytes, max_minutes, max_videos)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, s.ID, s.Name, s.SpaceURL, s.ImageURL, s.CDNURL, s.CreatedAt.UnixNano(),
		nullInt(s.Quotas.MaxBytes), nullInt(s.Quotas.MaxMinutes), nullInt(s.Quotas.MaxVideos))
	if err != nil {
		return constraintError(err, "inserting space %s", s.ID)
	}
	return nil
}

func nullInt(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func intPtr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}

const spaceColumns = `id, name, space_url, image_url, cdn_url, created_at, max_bytes, max_minutes, max_videos`

func scanSpace(row interface{ Scan(...any) error }) (*videohost.Space, error) {
	var s videohost.Space
	var created int64
	var maxBytes, maxMinutes, maxVideos sql.NullInt64
	if err := row.Scan(&s.ID, &s.Name, &s.SpaceURL, &s.ImageURL, &s.CDNURL, &created, &maxBytes, &maxMinutes, &maxVideos); err != nil {
		return nil, err
	}
	s.CreatedAt = fromNanos(created)
	s.Quotas = videohost.Quotas{MaxBytes: intPtr(maxBytes), MaxMinutes: intPtr(maxMinutes), MaxVideos: intPtr(maxVideos)}
	return &s, nil
}

// Space returns one space that is not deleted.
func (db *DB) Space(ctx context.Context, id string) (*videohost.Space, error) {
	return loadSpace(ctx, db.read, id)
}

func loadSpace(ctx context.Context, q querier, id string) (*videohost.Space, error) {
	s, err := scanSpace(q.QueryRowContext(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE id = ? AND deleted_at IS NULL`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "space %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading space: %w", err)
	}
	return s, nil
}

// Spaces returns every space that is not deleted, oldest first.
func (db *DB) Spaces(ctx context.Context) ([]*videohost.Space, error) {
	return db.querySpaces(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE deleted_at IS NULL ORDER BY created_at, id`)
}

// ListSpaces returns up to limit spaces that are not deleted, by id, after
// the id after.
func (db *DB) ListSpaces(ctx context.Context, after string, limit int) ([]*videohost.Space, error) {
	if limit <= 0 {
		limit = -1
	}
	return db.querySpaces(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE deleted_at IS NULL AND id > ? ORDER BY id LIMIT ?`, after, limit)
}

func (db *DB) querySpaces(ctx context.Context, query string, args ...any) ([]*videohost.Space, error) {
	rows, err := db.read.QueryContext(ctx, query, args...)
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

// UpdateSpace saves the name and quotas of s.
func (db *DB) UpdateSpace(ctx context.Context, s *videohost.Space) error {
	res, err := db.write.ExecContext(ctx, `UPDATE spaces SET name = ?, max_bytes = ?, max_minutes = ?, max_videos = ?
		WHERE id = ? AND deleted_at IS NULL`,
		s.Name, nullInt(s.Quotas.MaxBytes), nullInt(s.Quotas.MaxMinutes), nullInt(s.Quotas.MaxVideos), s.ID)
	if err != nil {
		return fmt.Errorf("updating space: %w", err)
	}
	return mustAffect(res, videohost.Errorf(videohost.ENotFound, "space %s not found", s.ID))
}

// DeleteSpace removes what belongs to a space that holds no video and
// marks it deleted, in one transaction (see videohost.Store).
func (db *DB) DeleteSpace(ctx context.Context, id string, recursive bool) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := loadSpace(ctx, tx, id); err != nil {
			return err
		}
		var videos, collections int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM videos WHERE space = ? AND deleted_at IS NULL`, id).Scan(&videos); err != nil {
			return fmt.Errorf("counting videos: %w", err)
		}
		if videos > 0 {
			return videohost.Errorf(videohost.EConflict, "space %s still holds %d videos; delete them, or the space with ?recursive=true", id, videos)
		}
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM collections WHERE space = ?`, id).Scan(&collections); err != nil {
			return fmt.Errorf("counting collections: %w", err)
		}
		if collections > 0 && !recursive {
			return videohost.Errorf(videohost.EConflict, "space %s still holds %d collections; delete them, or the space with ?recursive=true", id, collections)
		}
		for _, stmt := range []string{
			`DELETE FROM collections WHERE space = ?`,
			`DELETE FROM api_keys WHERE space = ?`,
			`DELETE FROM signing_keys WHERE space = ?`,
			`DELETE FROM webhook_endpoints WHERE space = ?`,
			`DELETE FROM player_settings WHERE space = ?`,
		} {
			if _, err := tx.ExecContext(ctx, stmt, id); err != nil {
				return fmt.Errorf("deleting space %s: %w", id, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE spaces SET deleted_at = ? WHERE id = ?`, db.now().UnixNano(), id); err != nil {
			return fmt.Errorf("deleting space %s: %w", id, err)
		}
		return nil
	})
}

// SpaceUsage counts what a space holds, as its quotas count it.
func (db *DB) SpaceUsage(ctx context.Context, id string) (videohost.Usage, error) {
	return spaceUsage(ctx, db.read, id)
}

func spaceUsage(ctx context.Context, q querier, id string) (videohost.Usage, error) {
	var u videohost.Usage
	var seconds float64
	err := q.QueryRowContext(ctx, `SELECT count(*), COALESCE(SUM(quota_bytes), 0), COALESCE(SUM(duration), 0)
		FROM videos WHERE space = ? AND deleted_at IS NULL`, id).Scan(&u.Videos, &u.Bytes, &seconds)
	if err != nil {
		return u, fmt.Errorf("counting usage of space %s: %w", id, err)
	}
	u.Minutes = seconds / 60
	return u, nil
}

// checkQuotas checks the quotas of space after a write that grew g,
// inside that write's transaction: SQLite has one writer, so the usage it
// counts is the usage the write commits.
func checkQuotas(ctx context.Context, tx *sql.Tx, space string, g videohost.Growth) error {
	if !g.Any() {
		return nil
	}
	sp, err := loadSpace(ctx, tx, space)
	if err != nil {
		return err
	}
	if !sp.Quotas.Limits(g) {
		return nil
	}
	u, err := spaceUsage(ctx, tx, space)
	if err != nil {
		return err
	}
	return sp.Quotas.Check(u, g)
}

// CreateKey inserts k with the hash that authenticates it and its sealed
// secret. The plain secret in k.Secret is never stored.
func (db *DB) CreateKey(ctx context.Context, k *videohost.Key, secretHash []byte, sealedSecret []byte) error {
	if k.Space == "" {
		_, err := db.write.ExecContext(ctx, `INSERT INTO admin_keys
			(id, access, name, secret_hash, sealed_secret, created_at, last_used_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			k.ID, string(k.Access), k.Name, secretHash, sealedSecret, k.CreatedAt.UnixNano(), nanosPtr(k.LastUsedAt))
		if err != nil {
			return constraintError(err, "inserting admin key %s", k.ID)
		}
		return nil
	}
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

// adminKeyColumns reads an admin key as keyColumns read a key: its space is "".
const adminKeyColumns = `id, '', access, name, created_at, last_used_at`

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
		`SELECT `+keyColumns+`, secret_hash, sealed_secret FROM api_keys WHERE id = ?
		UNION ALL SELECT `+adminKeyColumns+`, secret_hash, sealed_secret FROM admin_keys WHERE id = ?`, id, id), &hash, &sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil, videohost.Errorf(videohost.ENotFound, "key %s not found", id)
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("reading key: %w", err)
	}
	return k, hash, sealed, nil
}

// Keys lists the keys of space (space "": the admin keys), oldest first,
// without secrets.
func (db *DB) Keys(ctx context.Context, space string) ([]*videohost.Key, error) {
	query := `SELECT ` + keyColumns + ` FROM api_keys WHERE space = ? ORDER BY created_at, id`
	if space == "" {
		query = `SELECT ` + adminKeyColumns + ` FROM admin_keys WHERE ? = '' ORDER BY created_at, id`
	}
	rows, err := db.read.QueryContext(ctx, query, space)
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

// DeleteKey removes a key of space (space "": an admin key); a key of
// another space is not found.
func (db *DB) DeleteKey(ctx context.Context, space, id string) error {
	query := `DELETE FROM api_keys WHERE id = ? AND space = ?`
	if space == "" {
		query = `DELETE FROM admin_keys WHERE id = ? AND ? = ''`
	}
	res, err := db.write.ExecContext(ctx, query, id, space)
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
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		res, err = db.write.ExecContext(ctx, `UPDATE admin_keys SET last_used_at = ? WHERE id = ?`, nanos(at), id)
		if err != nil {
			return fmt.Errorf("touching key: %w", err)
		}
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
