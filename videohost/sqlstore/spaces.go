package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// SpaceColumns are the columns ScanSpace reads, in order, and those of an
// insert into spaces.
const SpaceColumns = `id, name, space_url, image_url, cdn_url, created_at, max_bytes, max_minutes, max_videos`

// SpaceSQL is a store's SQL text for the space and key methods of Store.
type SpaceSQL struct {
	// Insert inserts SpaceColumns.
	Insert string
	// Space selects SpaceColumns of a space that is not deleted, given its
	// id. The others do too, and take a lock where the store needs one:
	// Share keeps the space from being deleted until the transaction ends,
	// Quota makes the quota checks of the space take turns, Delete holds
	// it for DeleteSpace.
	Space, Share, Quota, Delete string
	// All selects SpaceColumns of every space that is not deleted, oldest
	// first; List a page of them by id, given an id to start after and a
	// limit.
	All, List string
	// Update saves name, max_bytes, max_minutes and max_videos given them
	// and the id.
	Update string
	// Usage selects (videos, bytes, seconds) of the non-deleted videos of
	// a space.
	Usage string
	// Videos and Collections count those of a space; Forget deletes one
	// kind of row of it (collections first); MarkDeleted marks it deleted
	// given now and its id.
	Videos, Collections string
	Forget              []string
	MarkDeleted         string

	// InsertKey inserts an API key (id, space, access, name, secret_hash,
	// sealed_secret, created_at, last_used_at), InsertAdminKey an admin
	// key, the same without space.
	InsertKey, InsertAdminKey string
	// KeyByID selects KeyColumns, secret_hash and sealed_secret of any key
	// given its id.
	KeyByID string
	// Keys and AdminKeys select KeyColumns of a space's keys (given it)
	// and of the admin keys (given ""), oldest first.
	Keys, AdminKeys string
	// DeleteKey and DeleteAdminKey delete a key given its id and its
	// space ("" for an admin key).
	DeleteKey, DeleteAdminKey string
	// TouchKey and TouchAdminKey set last_used_at given it and the id.
	TouchKey, TouchAdminKey string
}

// ScanSpace reads SpaceColumns from row.
func ScanSpace(row Row, newTime func() TimeCol) (*videohost.Space, error) {
	var s videohost.Space
	created := newTime()
	if err := row.Scan(&s.ID, &s.Name, &s.SpaceURL, &s.ImageURL, &s.CDNURL, created.Dest(),
		&s.Quotas.MaxBytes, &s.Quotas.MaxMinutes, &s.Quotas.MaxVideos); err != nil {
		return nil, err
	}
	s.CreatedAt = created.Time()
	return &s, nil
}

// LoadSpace reads a space that is not deleted with query, one of
// SpaceSQL's Space queries.
func LoadSpace(ctx context.Context, c Conn, query, id string) (*videohost.Space, error) {
	s, err := ScanSpace(c.QueryRow(ctx, query, id), c.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading space", "space %s not found", id)
	}
	return s, nil
}

func spaceNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "space %s not found", id)
}

// CreateSpace inserts s; an existing id, even of a deleted space, is
// EConflict.
func (s *Store) CreateSpace(ctx context.Context, sp *videohost.Space) error {
	sp.CreatedAt = s.round(sp.CreatedAt)
	if _, err := s.b.Write.Exec(ctx, s.b.Q.Spaces.Insert, sp.ID, sp.Name, sp.SpaceURL, sp.ImageURL, sp.CDNURL, sp.CreatedAt,
		sp.Quotas.MaxBytes, sp.Quotas.MaxMinutes, sp.Quotas.MaxVideos); err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "inserting space %s", sp.ID)
	}
	return nil
}

// Space returns one space that is not deleted.
func (s *Store) Space(ctx context.Context, id string) (*videohost.Space, error) {
	return LoadSpace(ctx, s.b.Read, s.b.Q.Spaces.Space, id)
}

// Spaces returns every space that is not deleted, oldest first.
func (s *Store) Spaces(ctx context.Context) ([]*videohost.Space, error) {
	return s.listSpaces(ctx, s.b.Q.Spaces.All)
}

// ListSpaces returns up to limit spaces that are not deleted, by id, after
// the id after.
func (s *Store) ListSpaces(ctx context.Context, after string, limit int) ([]*videohost.Space, error) {
	return s.listSpaces(ctx, s.b.Q.Spaces.List, after, s.b.Limit(limit))
}

func (s *Store) listSpaces(ctx context.Context, query string, args ...any) ([]*videohost.Space, error) {
	return Collect(ctx, s.b.Read, "listing spaces", func(row Row) (*videohost.Space, error) {
		return ScanSpace(row, s.b.Read.NewTime)
	}, query, args...)
}

// UpdateSpace saves the name and quotas of s.
func (s *Store) UpdateSpace(ctx context.Context, sp *videohost.Space) error {
	n, err := s.b.Write.Exec(ctx, s.b.Q.Spaces.Update, sp.Name, sp.Quotas.MaxBytes, sp.Quotas.MaxMinutes, sp.Quotas.MaxVideos, sp.ID)
	return MustAffect(n, err, "updating space", spaceNotFound(sp.ID))
}

// DeleteSpace removes what belongs to a space that holds no video and
// marks it deleted, in one transaction (see videohost.Store). The space is
// held first (SpaceSQL.Delete), so that a video being created there is
// counted, or finds the space deleted.
func (s *Store) DeleteSpace(ctx context.Context, id string, recursive bool) error {
	return s.b.InTx(ctx, func(tx Tx) error {
		if _, err := LoadSpace(ctx, tx, s.b.Q.Spaces.Delete, id); err != nil {
			return err
		}
		var videos, collections int
		if err := tx.QueryRow(ctx, s.b.Q.Spaces.Videos, id).Scan(&videos); err != nil {
			return fmt.Errorf("counting videos: %w", err)
		}
		if videos > 0 {
			return videohost.Errorf(videohost.EConflict, "space %s still holds %d videos; delete them, or the space with ?recursive=true", id, videos)
		}
		if err := tx.QueryRow(ctx, s.b.Q.Spaces.Collections, id).Scan(&collections); err != nil {
			return fmt.Errorf("counting collections: %w", err)
		}
		if collections > 0 && !recursive {
			return videohost.Errorf(videohost.EConflict, "space %s still holds %d collections; delete them, or the space with ?recursive=true", id, collections)
		}
		for _, stmt := range s.b.Q.Spaces.Forget {
			if _, err := tx.Exec(ctx, stmt, id); err != nil {
				return fmt.Errorf("deleting space %s: %w", id, err)
			}
		}
		if _, err := tx.Exec(ctx, s.b.Q.Spaces.MarkDeleted, s.b.Now(), id); err != nil {
			return fmt.Errorf("deleting space %s: %w", id, err)
		}
		return nil
	})
}

// SpaceUsage counts what a space holds, as its quotas count it.
func (s *Store) SpaceUsage(ctx context.Context, id string) (videohost.Usage, error) {
	return s.spaceUsage(ctx, s.b.Read, id)
}

func (s *Store) spaceUsage(ctx context.Context, c Conn, id string) (videohost.Usage, error) {
	var u videohost.Usage
	var seconds float64
	if err := c.QueryRow(ctx, s.b.Q.Spaces.Usage, id).Scan(&u.Videos, &u.Bytes, &seconds); err != nil {
		return u, fmt.Errorf("counting usage of space %s: %w", id, err)
	}
	u.Minutes = seconds / 60
	return u, nil
}

// checkQuotas checks the quotas of space after a write that grew g, inside
// that write's transaction. A space with limits g meets is read again
// with SpaceSQL.Quota, and the usage is counted once that holds the
// space: of two writes racing at a limit, the second sees the first.
func (s *Store) checkQuotas(ctx context.Context, tx Tx, space string, g videohost.Growth) error {
	if !g.Any() {
		return nil
	}
	sp, err := LoadSpace(ctx, tx, s.b.Q.Spaces.Space, space)
	if err != nil {
		return err
	}
	if !sp.Quotas.Limits(g) {
		return nil
	}
	if sp, err = LoadSpace(ctx, tx, s.b.Q.Spaces.Quota, space); err != nil {
		return err
	}
	u, err := s.spaceUsage(ctx, tx, space)
	if err != nil {
		return err
	}
	return sp.Quotas.Check(u, g)
}

// KeyColumns are the columns ScanKey reads before its extra ones.
const KeyColumns = `id, space, access, name, created_at, last_used_at`

// AdminKeyColumns reads an admin key as KeyColumns read a key: its space
// is "".
const AdminKeyColumns = `id, '', access, name, created_at, last_used_at`

// ScanKey reads KeyColumns from row, then extra columns into extra.
func ScanKey(row Row, newTime func() TimeCol, extra ...any) (*videohost.Key, error) {
	var k videohost.Key
	var access string
	created, lastUsed := newTime(), newTime()
	if err := row.Scan(append([]any{&k.ID, &k.Space, &access, &k.Name, created.Dest(), lastUsed.Dest()}, extra...)...); err != nil {
		return nil, err
	}
	k.Access = videohost.Access(access)
	k.CreatedAt, k.LastUsedAt = created.Time(), timePtr(lastUsed.Time())
	return &k, nil
}

func keyNotFound(id string) error {
	return videohost.Errorf(videohost.ENotFound, "key %s not found", id)
}

// CreateKey inserts k with the hash that authenticates it and its sealed
// secret. The plain secret in k.Secret is never stored.
func (s *Store) CreateKey(ctx context.Context, k *videohost.Key, secretHash []byte, sealedSecret []byte) error {
	k.CreatedAt = s.round(k.CreatedAt)
	var lastUsed *time.Time
	if k.LastUsedAt != nil {
		t := s.round(*k.LastUsedAt)
		k.LastUsedAt, lastUsed = &t, timePtr(t)
	}
	if k.Space == "" {
		if _, err := s.b.Write.Exec(ctx, s.b.Q.Spaces.InsertAdminKey,
			k.ID, string(k.Access), k.Name, secretHash, sealedSecret, k.CreatedAt, lastUsed); err != nil {
			return ConstraintError(s.b.Write.Conflict(err), err, "inserting admin key %s", k.ID)
		}
		return nil
	}
	if _, err := s.b.Write.Exec(ctx, s.b.Q.Spaces.InsertKey,
		k.ID, k.Space, string(k.Access), k.Name, secretHash, sealedSecret, k.CreatedAt, lastUsed); err != nil {
		return ConstraintError(s.b.Write.Conflict(err), err, "inserting key %s", k.ID)
	}
	return nil
}

// KeyByID returns the key with its secret hash and sealed secret, whatever
// its space: authentication starts from the key id alone.
func (s *Store) KeyByID(ctx context.Context, id string) (*videohost.Key, []byte, []byte, error) {
	var hash, sealed []byte
	k, err := ScanKey(s.b.Read.QueryRow(ctx, s.b.Q.Spaces.KeyByID, id), s.b.Read.NewTime, &hash, &sealed)
	if err != nil {
		return nil, nil, nil, NotFound(err, "reading key", "key %s not found", id)
	}
	return k, hash, sealed, nil
}

// Keys lists the keys of space (space "": the admin keys), oldest first,
// without secrets.
func (s *Store) Keys(ctx context.Context, space string) ([]*videohost.Key, error) {
	query := s.b.Q.Spaces.Keys
	if space == "" {
		query = s.b.Q.Spaces.AdminKeys
	}
	return Collect(ctx, s.b.Read, "listing keys", func(row Row) (*videohost.Key, error) {
		return ScanKey(row, s.b.Read.NewTime)
	}, query, space)
}

// DeleteKey removes a key of space (space "": an admin key); a key of
// another space is not found.
func (s *Store) DeleteKey(ctx context.Context, space, id string) error {
	query := s.b.Q.Spaces.DeleteKey
	if space == "" {
		query = s.b.Q.Spaces.DeleteAdminKey
	}
	n, err := s.b.Write.Exec(ctx, query, id, space)
	return MustAffect(n, err, "deleting key", keyNotFound(id))
}

// TouchKey records when a key was last used.
func (s *Store) TouchKey(ctx context.Context, id string, at time.Time) error {
	n, err := s.b.Write.Exec(ctx, s.b.Q.Spaces.TouchKey, NullTime(at), id)
	if err == nil && n == 0 {
		n, err = s.b.Write.Exec(ctx, s.b.Q.Spaces.TouchAdminKey, NullTime(at), id)
	}
	return MustAffect(n, err, "touching key", keyNotFound(id))
}
