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

// writeTx is sqlstore.Tx on a transaction of db.
type writeTx struct {
	conn
	tx pgx.Tx
	db *DB
}

// inWriteTx is inTx for the shared logic.
func (db *DB) inWriteTx(ctx context.Context, fn func(sqlstore.Tx) error) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return fn(writeTx{conn{tx}, tx, db}) })
}

// LockOutbox, held until the transaction ends, makes events take their
// seq in commit order: a sequence alone hands numbers out when rows are
// inserted, and a transaction that commits after a later-numbered one would
// slip behind a reader's "after seq" cursor and never be seen.
func (t writeTx) LockOutbox(ctx context.Context) error {
	if _, err := t.tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, outboxLock); err != nil {
		return fmt.Errorf("waiting for the outbox: %w", err)
	}
	return nil
}

func (t writeTx) InsertJob(ctx context.Context, j *videohost.Job, now time.Time) error {
	return t.db.insertJob(ctx, t.tx, j, now)
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

// numbered returns a function that appends an argument to args and
// returns its placeholder.
func numbered(args *[]any) func(any) string {
	return func(v any) string {
		*args = append(*args, v)
		return "$" + strconv.Itoa(len(*args))
	}
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

// Videos is PostgreSQL's SQL text for the video methods of sqlstore.Store.
func (dialect) Videos() sqlstore.VideoSQL {
	return sqlstore.VideoSQL{
		Video: func(withSpace, forUpdate bool) string {
			query := `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE id = $1 AND deleted_at IS NULL`
			if withSpace {
				query += ` AND space = $2`
			}
			if forUpdate {
				query += ` FOR UPDATE`
			}
			return query
		},
		ByEmbed: `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE embed = $1 AND deleted_at IS NULL`,
		// A key-share lock, which DeleteCollection's FOR UPDATE waits for,
		// so that a collection deleted concurrently cannot end up holding
		// a video.
		Collection: `SELECT 1 FROM collections WHERE space = $1 AND id = $2 FOR KEY SHARE`,
		Insert: `INSERT INTO videos (` + sqlstore.VideoColumns + `) VALUES (` +
			placeholders(1, strings.Count(sqlstore.VideoColumns, ",")+1) + `)`,
		Update: `UPDATE videos SET
			collection = $1, title = $2, description = $3, metadata = $4, state = $5, playable = $6, archived = $7,
			duration = $8, width = $9, height = $10, aspect_ratio = $11, source = $12, renditions = $13, audio_tracks = $14,
			subtitles = $15, urls = $16, playback_policy = $17, poster_time = $18, input_url = $19, error = $20,
			updated_at = $21, ready_at = $22, asset_version = $23, assets = $24, original_access = $25, poster_image = $26, chapters = $27, quota_bytes = $28,
			poster_error = $29, deleted_at = $30
			WHERE id = $31`,
		Event: `INSERT INTO events (id, type, space, video_id, created_at, data) VALUES ($1, $2, $3, $4, $5, $6)`,
		Count: func(f videohost.VideoFilter) (string, []any) {
			var args []any
			arg := numbered(&args)
			where := videoConditions(f, arg)
			return `SELECT count(*) FROM (SELECT 1 FROM videos WHERE ` + strings.Join(where, " AND ") +
				` LIMIT ` + arg(limitArg(f.Limit)) + `::bigint) AS matching`, args
		},
		// Title search is case-insensitive (ILIKE).
		List: func(f videohost.VideoFilter) (string, []any) {
			var args []any
			arg := numbered(&args)
			where := videoConditions(f, arg)
			order, cmp := "DESC", "<"
			if f.Ascending {
				order, cmp = "ASC", ">"
			}
			if f.After != nil {
				where = append(where, "(created_at, id) "+cmp+" ("+arg(f.After.CreatedAt)+"::timestamptz, "+arg(f.After.ID)+"::text)")
			}
			return `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE ` + strings.Join(where, " AND ") +
				` ORDER BY created_at ` + order + `, id ` + order + ` LIMIT ` + arg(limitArg(f.Limit)) + `::bigint`, args
		},
	}
}
