package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// roundVideo brings v's times to the stored precision (see us).
func roundVideo(v *videohost.Video) {
	v.CreatedAt, v.UpdatedAt, v.ReadyAt = us(v.CreatedAt), us(v.UpdatedAt), usPtr(v.ReadyAt)
}

// videoValues returns the values of sqlstore.VideoColumns for v, in order.
func videoValues(v *videohost.Video) ([]any, error) {
	return sqlstore.VideoValues(v, sqlstore.VideoOwn{Collection: v.Collection, PosterTime: v.PosterTime,
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt, ReadyAt: tsPtr(v.ReadyAt)})
}

func scanVideo(row pgx.Row) (*videohost.Video, error) {
	var r sqlstore.VideoRow
	var ready *time.Time
	if err := row.Scan(r.Dest(sqlstore.VideoOwn{Collection: &r.Video.Collection, PosterTime: &r.Video.PosterTime,
		CreatedAt: &r.Video.CreatedAt, UpdatedAt: &r.Video.UpdatedAt, ReadyAt: &ready})...); err != nil {
		return nil, err
	}
	v, err := r.Finish()
	if err != nil {
		return nil, err
	}
	v.CreatedAt, v.UpdatedAt, v.ReadyAt = v.CreatedAt.UTC(), v.UpdatedAt.UTC(), fromTSPtr(ready)
	return v, nil
}

// loadVideo reads a non-deleted video; space "" matches any space. lock
// takes the row for update until the transaction ends.
func loadVideo(ctx context.Context, q queryer, space, id string, lock bool) (*videohost.Video, error) {
	query := `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE id = $1 AND deleted_at IS NULL`
	args := []any{id}
	if space != "" {
		query += ` AND space = $2`
		args = append(args, space)
	}
	if lock {
		query += ` FOR UPDATE`
	}
	v, err := scanVideo(q.QueryRow(ctx, query, args...))
	if err != nil {
		return nil, notFound(err, "reading video", "video %s not found", id)
	}
	return v, nil
}

// checkCollection makes sure a video's collection exists in its space, and
// keeps it from being deleted until the transaction ends (a key-share lock,
// which DeleteCollection's FOR UPDATE waits for), so that a collection
// deleted concurrently cannot end up holding a video.
func checkCollection(ctx context.Context, tx pgx.Tx, v *videohost.Video) error {
	if v.Collection == nil {
		return nil
	}
	var one int
	err := tx.QueryRow(ctx, `SELECT 1 FROM collections WHERE space = $1 AND id = $2 FOR KEY SHARE`,
		v.Space, *v.Collection).Scan(&one)
	if err != nil {
		return notFound(err, "checking collection", "collection %s not found", *v.Collection)
	}
	return nil
}

func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}

// CreateVideo inserts v with the events and jobs of change. A taken id or
// embed is EConflict. v's times are rounded to microseconds.
func (db *DB) CreateVideo(ctx context.Context, v *videohost.Video, change videohost.Change, eventData func(*videohost.Video) ([]byte, error)) error {
	roundVideo(v)
	values, err := videoValues(v)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		// A deleted space takes no new video; the key-share lock keeps it
		// from being deleted until this insert is done (DeleteSpace).
		if _, err := loadSpace(ctx, tx, v.Space, "FOR KEY SHARE"); err != nil {
			return err
		}
		if err := checkCollection(ctx, tx, v); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO videos (`+sqlstore.VideoColumns+`) VALUES (`+placeholders(1, len(values))+`)`, values...); err != nil {
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
	return loadVideo(ctx, db.pool, space, id, false)
}

// VideoByEmbed returns the non-deleted video with that embed id.
func (db *DB) VideoByEmbed(ctx context.Context, embed string) (*videohost.Video, error) {
	v, err := scanVideo(db.pool.QueryRow(ctx,
		`SELECT `+sqlstore.VideoColumns+` FROM videos WHERE embed = $1 AND deleted_at IS NULL`, embed))
	if err != nil {
		return nil, notFound(err, "reading video", "video %s not found", embed)
	}
	return v, nil
}

// UpdateVideo loads the video (SELECT … FOR UPDATE), applies fn and saves
// the result with fn's change in one transaction: two updates of the same
// video run one after the other. When fn fails nothing is written and its
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
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		v, err := loadVideo(ctx, tx, space, id, true)
		if err != nil {
			return err
		}
		before := *v
		change, err := fn(v)
		if err != nil {
			return err
		}
		collectionChanged := sqlstore.KeepImmutable(v, &before)
		roundVideo(v)
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
			deletedAt = db.now()
		}
		_, err = tx.Exec(ctx, `UPDATE videos SET
			collection = $1, title = $2, description = $3, metadata = $4, state = $5, playable = $6, archived = $7,
			duration = $8, width = $9, height = $10, aspect_ratio = $11, source = $12, renditions = $13, audio_tracks = $14,
			subtitles = $15, urls = $16, playback_policy = $17, poster_time = $18, input_url = $19, error = $20,
			updated_at = $21, ready_at = $22, asset_version = $23, assets = $24, original_access = $25, poster_image = $26, chapters = $27, quota_bytes = $28,
			poster_error = $29, deleted_at = $30
			WHERE id = $31`,
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
//
// The outbox lock, held until the transaction ends, makes events take their
// seq in commit order: a sequence alone hands numbers out when rows are
// inserted, and a transaction that commits after a later-numbered one would
// slip behind a reader's "after seq" cursor and never be seen.
func (db *DB) writeChange(ctx context.Context, tx pgx.Tx, v *videohost.Video, change videohost.Change, eventData func(*videohost.Video) ([]byte, error)) error {
	now := db.now()
	if len(change.Events) > 0 {
		data, err := sqlstore.EventData(v, eventData)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, outboxLock); err != nil {
			return fmt.Errorf("waiting for the outbox: %w", err)
		}
		for _, typ := range change.Events {
			if _, err := tx.Exec(ctx, `INSERT INTO events (id, type, space, video_id, created_at, data)
				VALUES ($1, $2, $3, $4, $5, $6)`, "evt_"+videohost.NewID(24), string(typ), v.Space, v.ID, now, string(data)); err != nil {
				return fmt.Errorf("inserting event: %w", err)
			}
		}
	}
	for _, j := range sqlstore.ChangeJobs(v, change) {
		if err := db.insertJob(ctx, tx, &j, now); err != nil {
			return err
		}
	}
	return nil
}

// videoConditions is the WHERE of f, but for its keyset position; arg
// numbers each argument.
func videoConditions(f videohost.VideoFilter, arg func(any) string) []string {
	where := []string{"deleted_at IS NULL"}
	if f.Space != "" {
		where = append(where, "space = "+arg(f.Space))
	}
	if f.Collection != "" {
		where = append(where, "collection = "+arg(f.Collection))
	}
	if len(f.Collections) > 0 {
		where = append(where, "collection = ANY("+arg(f.Collections)+")")
	}
	if f.State != "" {
		where = append(where, "state = "+arg(string(f.State)))
	}
	if f.Archived != nil {
		where = append(where, "archived = "+arg(*f.Archived))
	}
	if f.Playable != nil {
		where = append(where, "playable = "+arg(*f.Playable))
	}
	if f.Fetching {
		where = append(where, "state = 'created' AND input_url <> ''")
	}
	if f.Uploading {
		where = append(where, "state = 'created' AND input_url = ''")
	}
	if f.Query != "" {
		where = append(where, `title ILIKE `+arg("%"+sqlstore.EscapeLike(f.Query)+"%")+` ESCAPE '\'`)
	}
	return where
}

// CountVideos counts the non-deleted videos matching f (f.After and order
// aside), stopping at f.Limit when it is positive.
func (db *DB) CountVideos(ctx context.Context, f videohost.VideoFilter) (int, error) {
	if f.Collections != nil && len(f.Collections) == 0 {
		return 0, nil
	}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	where := videoConditions(f, arg)
	query := `SELECT count(*) FROM (SELECT 1 FROM videos WHERE ` + strings.Join(where, " AND ") +
		` LIMIT ` + arg(limitArg(f.Limit)) + `::bigint) AS matching`
	var n int
	if err := db.pool.QueryRow(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting videos: %w", err)
	}
	return n, nil
}

// Videos lists non-deleted videos matching f, ordered by (created_at, id),
// newest first unless f.Ascending, starting strictly after f.After. An empty
// but non-nil f.Collections matches nothing. Space "" matches any space.
// Title search is case-insensitive (ILIKE).
func (db *DB) Videos(ctx context.Context, f videohost.VideoFilter) ([]*videohost.Video, error) {
	if f.Collections != nil && len(f.Collections) == 0 {
		return nil, nil
	}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	where := videoConditions(f, arg)
	order, cmp := "DESC", "<"
	if f.Ascending {
		order, cmp = "ASC", ">"
	}
	if f.After != nil {
		where = append(where, "(created_at, id) "+cmp+" ("+arg(f.After.CreatedAt)+"::timestamptz, "+arg(f.After.ID)+"::text)")
	}
	query := `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY created_at ` + order + `, id ` + order + ` LIMIT ` + arg(limitArg(f.Limit)) + `::bigint`
	rows, err := db.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("listing videos: %w", err)
	}
	out, err := collect(rows, scanVideo)
	if err != nil {
		return nil, fmt.Errorf("listing videos: %w", err)
	}
	return out, nil
}
