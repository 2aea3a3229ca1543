package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
)

// CreateSpace inserts s; an existing id, even of a deleted space, is
// EConflict.
func (db *DB) CreateSpace(ctx context.Context, s *videohost.Space) error {
	s.CreatedAt = us(s.CreatedAt)
	_, err := db.pool.Exec(ctx, `INSERT INTO spaces (id, name, space_url, image_url, cdn_url, created_at,
		max_bytes, max_minutes, max_videos)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, s.ID, s.Name, s.SpaceURL, s.ImageURL, s.CDNURL, s.CreatedAt,
		s.Quotas.MaxBytes, s.Quotas.MaxMinutes, s.Quotas.MaxVideos)
	if err != nil {
		return constraintError(err, "inserting space %s", s.ID)
	}
	return nil
}

const spaceColumns = `id, name, space_url, image_url, cdn_url, created_at, max_bytes, max_minutes, max_videos`

func scanSpace(row pgx.Row) (*videohost.Space, error) {
	var s videohost.Space
	if err := row.Scan(&s.ID, &s.Name, &s.SpaceURL, &s.ImageURL, &s.CDNURL, &s.CreatedAt,
		&s.Quotas.MaxBytes, &s.Quotas.MaxMinutes, &s.Quotas.MaxVideos); err != nil {
		return nil, err
	}
	s.CreatedAt = s.CreatedAt.UTC()
	return &s, nil
}

// Space returns one space that is not deleted.
func (db *DB) Space(ctx context.Context, id string) (*videohost.Space, error) {
	return loadSpace(ctx, db.pool, id, "")
}

// loadSpace reads a space that is not deleted; lock, when set, is the row
// lock to take ("FOR KEY SHARE", "FOR NO KEY UPDATE", "FOR UPDATE").
func loadSpace(ctx context.Context, q queryer, id, lock string) (*videohost.Space, error) {
	s, err := scanSpace(q.QueryRow(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE id = $1 AND deleted_at IS NULL `+lock, id))
	if err != nil {
		return nil, notFound(err, "reading space", "space %s not found", id)
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
	var lim any
	if limit > 0 {
		lim = limit
	}
	return db.querySpaces(ctx, `SELECT `+spaceColumns+` FROM spaces WHERE deleted_at IS NULL AND id > $1
		ORDER BY id LIMIT $2`, after, lim)
}

func (db *DB) querySpaces(ctx context.Context, query string, args ...any) ([]*videohost.Space, error) {
	rows, err := db.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("listing spaces: %w", err)
	}
	out, err := collect(rows, scanSpace)
	if err != nil {
		return nil, fmt.Errorf("listing spaces: %w", err)
	}
	return out, nil
}

// UpdateSpace saves the name and quotas of s. The update takes the row
// lock that quota checks take, so a check sees the quota before or after.
func (db *DB) UpdateSpace(ctx context.Context, s *videohost.Space) error {
	tag, err := db.pool.Exec(ctx, `UPDATE spaces SET name = $1, max_bytes = $2, max_minutes = $3, max_videos = $4
		WHERE id = $5 AND deleted_at IS NULL`, s.Name, s.Quotas.MaxBytes, s.Quotas.MaxMinutes, s.Quotas.MaxVideos, s.ID)
	if err != nil {
		return fmt.Errorf("updating space: %w", err)
	}
	return mustAffect(tag, videohost.Errorf(videohost.ENotFound, "space %s not found", s.ID))
}

// DeleteSpace removes what belongs to a space that holds no video and
// marks it deleted, in one transaction (see videohost.Store). It holds the
// space's row FOR UPDATE: a video being created there (whose insert holds
// a key-share lock) finishes first and is counted, and one created after
// finds the space deleted.
func (db *DB) DeleteSpace(ctx context.Context, id string, recursive bool) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := loadSpace(ctx, tx, id, "FOR UPDATE"); err != nil {
			return err
		}
		var videos, collections int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM videos WHERE space = $1 AND deleted_at IS NULL`, id).Scan(&videos); err != nil {
			return fmt.Errorf("counting videos: %w", err)
		}
		if videos > 0 {
			return videohost.Errorf(videohost.EConflict, "space %s still holds %d videos; delete them, or the space with ?recursive=true", id, videos)
		}
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM collections WHERE space = $1`, id).Scan(&collections); err != nil {
			return fmt.Errorf("counting collections: %w", err)
		}
		if collections > 0 && !recursive {
			return videohost.Errorf(videohost.EConflict, "space %s still holds %d collections; delete them, or the space with ?recursive=true", id, collections)
		}
		for _, stmt := range []string{
			`DELETE FROM collections WHERE space = $1`,
			`DELETE FROM api_keys WHERE space = $1`,
			`DELETE FROM signing_keys WHERE space = $1`,
			`DELETE FROM webhook_endpoints WHERE space = $1`,
			`DELETE FROM player_settings WHERE space = $1`,
		} {
			if _, err := tx.Exec(ctx, stmt, id); err != nil {
				return fmt.Errorf("deleting space %s: %w", id, err)
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE spaces SET deleted_at = $1 WHERE id = $2`, db.now(), id); err != nil {
			return fmt.Errorf("deleting space %s: %w", id, err)
		}
		return nil
	})
}

// SpaceUsage counts what a space holds, as its quotas count it.
func (db *DB) SpaceUsage(ctx context.Context, id string) (videohost.Usage, error) {
	return spaceUsage(ctx, db.pool, id)
}

func spaceUsage(ctx context.Context, q queryer, id string) (videohost.Usage, error) {
	var u videohost.Usage
	var seconds float64
	err := q.QueryRow(ctx, `SELECT count(*), COALESCE(SUM(quota_bytes), 0)::bigint, COALESCE(SUM(duration), 0)::float8
		FROM videos WHERE space = $1 AND deleted_at IS NULL`, id).Scan(&u.Videos, &u.Bytes, &seconds)
	if err != nil {
		return u, fmt.Errorf("counting usage of space %s: %w", id, err)
	}
	u.Minutes = seconds / 60
	return u, nil
}

// checkQuotas checks the quotas of space after a write that grew g, inside
// that write's transaction. Checks of one space take turns on its row
// (FOR NO KEY UPDATE, which the key-share locks of inserts referencing the
// space do not wait for), and each counts with a fresh snapshot once it
// has the turn: of two writes racing at a limit, the second sees the
// first.
func checkQuotas(ctx context.Context, tx pgx.Tx, space string, g videohost.Growth) error {
	if !g.Any() {
		return nil
	}
	sp, err := loadSpace(ctx, tx, space, "")
	if err != nil {
		return err
	}
	if !sp.Quotas.Limits(g) {
		return nil
	}
	if sp, err = loadSpace(ctx, tx, space, "FOR NO KEY UPDATE"); err != nil {
		return err
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
	k.CreatedAt, k.LastUsedAt = us(k.CreatedAt), usPtr(k.LastUsedAt)
	if k.Space == "" {
		_, err := db.pool.Exec(ctx, `INSERT INTO admin_keys
			(id, access, name, secret_hash, sealed_secret, created_at, last_used_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			k.ID, string(k.Access), k.Name, secretHash, sealedSecret, k.CreatedAt, tsPtr(k.LastUsedAt))
		if err != nil {
			return constraintError(err, "inserting admin key %s", k.ID)
		}
		return nil
	}
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

// adminKeyColumns reads an admin key as keyColumns read a key: its space is "".
const adminKeyColumns = `id, '', access, name, created_at, last_used_at`

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
		`SELECT `+keyColumns+`, secret_hash, sealed_secret FROM api_keys WHERE id = $1
		UNION ALL SELECT `+adminKeyColumns+`, secret_hash, sealed_secret FROM admin_keys WHERE id = $1`, id), &hash, &sealed)
	if err != nil {
		return nil, nil, nil, notFound(err, "reading key", "key %s not found", id)
	}
	return k, hash, sealed, nil
}

// Keys lists the keys of space (space "": the admin keys), oldest first,
// without secrets.
func (db *DB) Keys(ctx context.Context, space string) ([]*videohost.Key, error) {
	query := `SELECT ` + keyColumns + ` FROM api_keys WHERE space = $1 ORDER BY created_at, id`
	if space == "" {
		query = `SELECT ` + adminKeyColumns + ` FROM admin_keys WHERE $1 = '' ORDER BY created_at, id`
	}
	rows, err := db.pool.Query(ctx, query, space)
	if err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	out, err := collect(rows, func(r pgx.Row) (*videohost.Key, error) { return scanKey(r) })
	if err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	return out, nil
}

// DeleteKey removes a key of space (space "": an admin key); a key of
// another space is not found.
func (db *DB) DeleteKey(ctx context.Context, space, id string) error {
	query := `DELETE FROM api_keys WHERE id = $1 AND space = $2`
	if space == "" {
		query = `DELETE FROM admin_keys WHERE id = $1 AND $2 = ''`
	}
	tag, err := db.pool.Exec(ctx, query, id, space)
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
	if tag.RowsAffected() == 0 {
		if tag, err = db.pool.Exec(ctx, `UPDATE admin_keys SET last_used_at = $1 WHERE id = $2`, ts(at), id); err != nil {
			return fmt.Errorf("touching key: %w", err)
		}
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
