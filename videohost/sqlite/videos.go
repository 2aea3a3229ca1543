package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// querier is what reads need; both the reader pool and a write transaction
// provide it, so a read-modify-write reads inside its own transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// videoValues returns the values of sqlstore.VideoColumns for v, in order.
func videoValues(v *videohost.Video) ([]any, error) {
	var posterTime any
	if v.PosterTime != nil {
		posterTime = *v.PosterTime
	}
	return sqlstore.VideoValues(v, sqlstore.VideoOwn{Collection: nullString(v.Collection), PosterTime: posterTime,
		CreatedAt: v.CreatedAt.UnixNano(), UpdatedAt: v.UpdatedAt.UnixNano(), ReadyAt: nanosPtr(v.ReadyAt)})
}

func scanVideo(row interface{ Scan(...any) error }) (*videohost.Video, error) {
	var (
		r                sqlstore.VideoRow
		collection       sql.NullString
		posterTime       sql.NullFloat64
		created, updated int64
		ready            sql.NullInt64
	)
	if err := row.Scan(r.Dest(sqlstore.VideoOwn{Collection: &collection, PosterTime: &posterTime,
		CreatedAt: &created, UpdatedAt: &updated, ReadyAt: &ready})...); err != nil {
		return nil, err
	}
	v, err := r.Finish()
	if err != nil {
		return nil, err
	}
	v.Collection = stringPtr(collection)
	if posterTime.Valid {
		t := posterTime.Float64
		v.PosterTime = &t
	}
	v.CreatedAt, v.UpdatedAt, v.ReadyAt = fromNanos(created), fromNanos(updated), fromNullNanosPtr(ready)
	return v, nil
}

// loadVideo reads a non-deleted video; space "" matches any space.
func loadVideo(ctx context.Context, q querier, space, id string) (*videohost.Video, error) {
	query := `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE id = ? AND deleted_at IS NULL`
	args := []any{id}
	if space != "" {
		query += ` AND space = ?`
		args = append(args, space)
	}
	v, err := scanVideo(q.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "video %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading video: %w", err)
	}
	return v, nil
}

// checkCollection makes sure a video's collection exists in its space. It
// runs inside the write transaction, so a collection deleted concurrently
// cannot end up holding a video.
func checkCollection(ctx context.Context, tx *sql.Tx, v *videohost.Video) error {
	if v.Collection == nil {
		return nil
	}
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM collections WHERE space = ? AND id = ?`, v.Space, *v.Collection).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return videohost.Errorf(videohost.ENotFound, "collection %s not found", *v.Collection)
	}
	if err != nil {
		return fmt.Errorf("checking collection: %w", err)
	}
	return nil
}

// CreateVideo inserts v with the events and jobs of change. A taken id or
// embed is EConflict.
func (db *DB) CreateVideo(ctx context.Context, v *videohost.Video, change videohost.Change, eventData func(*videohost.Video) ([]byte, error)) error {
	values, err := videoValues(v)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := loadSpace(ctx, tx, v.Space); err != nil {
			return err // a deleted space takes no new video
		}
		if err := checkCollection(ctx, tx, v); err != nil {
			return err
		}
		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
		if _, err := tx.ExecContext(ctx, `INSERT INTO videos (`+sqlstore.VideoColumns+`) VALUES (`+placeholders+`)`, values...); err != nil {
			return constraintError(err, "inserting video %s", v.ID)
		}
		if err := checkQuotas(ctx, tx, v.Space, videohost.VideoGrowth(nil, v)); err != nil {
			return err
		}
		return db.writeChange(ctx, tx, v, change, eventData)
	})
}

// Video returns a non-deleted video; space "" matches any space, and a video
// of another space is not found.
func (db *DB) Video(ctx context.Context, space, id string) (*videohost.Video, error) {
	return loadVideo(ctx, db.read, space, id)
}

// VideoByEmbed returns the non-deleted video with that embed id.
func (db *DB) VideoByEmbed(ctx context.Context, embed string) (*videohost.Video, error) {
	v, err := scanVideo(db.read.QueryRowContext(ctx,
		`SELECT `+sqlstore.VideoColumns+` FROM videos WHERE embed = ? AND deleted_at IS NULL`, embed))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, videohost.Errorf(videohost.ENotFound, "video %s not found", embed)
	}
	if err != nil {
		return nil, fmt.Errorf("reading video: %w", err)
	}
	return v, nil
}

// UpdateVideo loads the video, applies fn and saves the result with fn's
// change in one write transaction. When fn fails nothing is written and its
// error is returned as is. id, embed, space and created_at are immutable:
// changes fn makes to them are not saved.
func (db *DB) UpdateVideo(ctx context.Context, space, id string, fn func(v *videohost.Video) (videohost.Change, error), eventData func(*videohost.Video) ([]byte, error)) (*videohost.Video, error) {
	return db.mutateVideo(ctx, space, id, false, fn, eventData)
}

// DeleteVideo marks the video deleted, after fn, with fn's change. The row
// stays so that the id and embed are never handed out again.
func (db *DB) DeleteVideo(ctx context.Context, space, id string, fn func(v *videohost.Video) (videohost.Change, error), eventData func(*videohost.Video) ([]byte, error)) (*videohost.Video, error) {
	return db.mutateVideo(ctx, space, id, true, fn, eventData)
}

func (db *DB) mutateVideo(ctx context.Context, space, id string, deleting bool, fn func(v *videohost.Video) (videohost.Change, error), eventData func(*videohost.Video) ([]byte, error)) (*videohost.Video, error) {
	var saved *videohost.Video
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		v, err := loadVideo(ctx, tx, space, id)
		if err != nil {
			return err
		}
		before := *v
		change, err := fn(v)
		if err != nil {
			return err
		}
		collectionChanged := sqlstore.KeepImmutable(v, &before)
		if collectionChanged {
			if err := checkCollection(ctx, tx, v); err != nil {
				return err
			}
		}
		values, err := videoValues(v)
		if err != nil {
			return err
		}
		var deletedAt any
		if deleting {
			deletedAt = db.now().UnixNano()
		}
		_, err = tx.ExecContext(ctx, `UPDATE videos SET
			collection = ?, title = ?, description = ?, metadata = ?, state = ?, playable = ?, archived = ?,
			duration = ?, width = ?, height = ?, aspect_ratio = ?, source = ?, renditions = ?, audio_tracks = ?,
			subtitles = ?, urls = ?, playback_policy = ?, poster_time = ?, input_url = ?, error = ?,
			updated_at = ?, ready_at = ?, asset_version = ?, assets = ?, original_access = ?, poster_image = ?, chapters = ?, quota_bytes = ?, poster_error = ?, deleted_at = ?
			WHERE id = ?`,
			sqlstore.VideoUpdateValues(values, deletedAt, v.ID)...)
		if err != nil {
			return constraintError(err, "updating video %s", v.ID)
		}
		if !deleting {
			if err := checkQuotas(ctx, tx, v.Space, videohost.VideoGrowth(&before, v)); err != nil {
				return err
			}
		}
		if err := db.writeChange(ctx, tx, v, change, eventData); err != nil {
			return err
		}
		saved = v
		return nil
	})
	if err != nil {
		return nil, err
	}
	return saved, nil
}

// writeChange inserts one outbox row per event, all carrying eventData(v),
// and every job of change. Jobs without a space or video get v's.
func (db *DB) writeChange(ctx context.Context, tx *sql.Tx, v *videohost.Video, change videohost.Change, eventData func(*videohost.Video) ([]byte, error)) error {
	now := db.now()
	if len(change.Events) > 0 {
		data, err := sqlstore.EventData(v, eventData)
		if err != nil {
			return err
		}
		for _, typ := range change.Events {
			if _, err := tx.ExecContext(ctx, `INSERT INTO events (id, type, space, video_id, created_at, data)
				VALUES (?, ?, ?, ?, ?, ?)`, "evt_"+videohost.NewID(24), string(typ), v.Space, v.ID, now.UnixNano(), string(data)); err != nil {
				return fmt.Errorf("inserting event: %w", err)
			}
		}
	}
	for _, j := range sqlstore.ChangeJobs(v, change) {
		if err := insertJob(ctx, tx, &j, now); err != nil {
			return err
		}
	}
	return nil
}

// videoConditions is the WHERE of f, but for its keyset position, with its
// arguments.
func videoConditions(f videohost.VideoFilter) ([]string, []any) {
	where := []string{"deleted_at IS NULL"}
	var args []any
	if f.Space != "" {
		where = append(where, "space = ?")
		args = append(args, f.Space)
	}
	if f.Collection != "" {
		where = append(where, "collection = ?")
		args = append(args, f.Collection)
	}
	if len(f.Collections) > 0 {
		where = append(where, "collection IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(f.Collections)), ", ")+")")
		for _, c := range f.Collections {
			args = append(args, c)
		}
	}
	if f.State != "" {
		where = append(where, "state = ?")
		args = append(args, string(f.State))
	}
	if f.Archived != nil {
		where = append(where, "archived = ?")
		args = append(args, *f.Archived)
	}
	if f.Playable != nil {
		where = append(where, "playable = ?")
		args = append(args, *f.Playable)
	}
	if f.Fetching {
		where = append(where, "state = 'created' AND input_url <> ''")
	}
	if f.Uploading {
		where = append(where, "state = 'created' AND input_url = ''")
	}
	if f.Query != "" {
		where = append(where, `title LIKE ? ESCAPE '\'`)
		args = append(args, "%"+sqlstore.EscapeLike(f.Query)+"%")
	}
	return where, args
}

// CountVideos counts the non-deleted videos matching f (f.After and order
// aside), stopping at f.Limit when it is positive.
func (db *DB) CountVideos(ctx context.Context, f videohost.VideoFilter) (int, error) {
	if f.Collections != nil && len(f.Collections) == 0 {
		return 0, nil
	}
	where, args := videoConditions(f)
	limit := f.Limit
	if limit <= 0 {
		limit = -1
	}
	var n int
	err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM videos WHERE `+strings.Join(where, " AND ")+
		` LIMIT ?)`, append(args, limit)...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("counting videos: %w", err)
	}
	return n, nil
}

// Videos lists non-deleted videos matching f, ordered by (created_at, id),
// newest first unless f.Ascending, starting strictly after f.After. An empty
// but non-nil f.Collections matches nothing. Space "" matches any space.
// Title search is case-insensitive for ASCII letters (SQLite's LIKE).
func (db *DB) Videos(ctx context.Context, f videohost.VideoFilter) ([]*videohost.Video, error) {
	if f.Collections != nil && len(f.Collections) == 0 {
		return nil, nil
	}
	where, args := videoConditions(f)
	order, cmp := "DESC", "<"
	if f.Ascending {
		order, cmp = "ASC", ">"
	}
	if f.After != nil {
		where = append(where, "(created_at, id) "+cmp+" (?, ?)")
		args = append(args, f.After.CreatedAt.UnixNano(), f.After.ID)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	args = append(args, limit)
	rows, err := db.read.QueryContext(ctx, `SELECT `+sqlstore.VideoColumns+` FROM videos WHERE `+strings.Join(where, " AND ")+
		` ORDER BY created_at `+order+`, id `+order+` LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("listing videos: %w", err)
	}
	defer rows.Close()
	var out []*videohost.Video
	for rows.Next() {
		v, err := scanVideo(rows)
		if err != nil {
			return nil, fmt.Errorf("listing videos: %w", err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing videos: %w", err)
	}
	return out, nil
}
