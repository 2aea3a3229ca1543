package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlstore"
)

// querier is what reads need; both the reader pool and a write transaction
// provide it, so a read-modify-write reads inside its own transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// writeTx is sqlstore.Tx on the write transaction. SQLite has one
// writer, so what it reads there holds until the commit without locks.
type writeTx struct {
	conn
	tx *sql.Tx
}

// inWriteTx is inTx for the shared logic.
func (db *DB) inWriteTx(ctx context.Context, fn func(sqlstore.Tx) error) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return fn(writeTx{txConn(tx), tx}) })
}

// LockOutbox takes nothing: with one writer, events take their seq in
// commit order.
func (writeTx) LockOutbox(context.Context) error { return nil }

func (t writeTx) InsertJob(ctx context.Context, j *videohost.Job, now time.Time) error {
	return insertJob(ctx, t.tx, j, now)
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
		in, inArgs := in("collection", f.Collections)
		where = append(where, in)
		args = append(args, inArgs...)
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

// Videos is SQLite's SQL text for the video methods of sqlstore.Store.
func (dialect) Videos() sqlstore.VideoSQL {
	return sqlstore.VideoSQL{
		Video: func(withSpace, _ bool) string {
			query := `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE id = ? AND deleted_at IS NULL`
			if withSpace {
				query += ` AND space = ?`
			}
			return query
		},
		ByEmbed:    `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE embed = ? AND deleted_at IS NULL`,
		Collection: `SELECT 1 FROM collections WHERE space = ? AND id = ?`,
		Insert: `INSERT INTO videos (` + sqlstore.VideoColumns + `) VALUES (` +
			strings.TrimSuffix(strings.Repeat("?, ", strings.Count(sqlstore.VideoColumns, ",")+1), ", ") + `)`,
		Update: `UPDATE videos SET
			collection = ?, title = ?, description = ?, metadata = ?, state = ?, playable = ?, archived = ?,
			duration = ?, width = ?, height = ?, aspect_ratio = ?, source = ?, renditions = ?, audio_tracks = ?,
			subtitles = ?, urls = ?, playback_policy = ?, poster_time = ?, input_url = ?, error = ?,
			updated_at = ?, ready_at = ?, asset_version = ?, assets = ?, original_access = ?, poster_image = ?, chapters = ?, quota_bytes = ?, poster_error = ?, deleted_at = ?
			WHERE id = ?`,
		Event: `INSERT INTO events (id, type, space, video_id, created_at, data) VALUES (?, ?, ?, ?, ?, ?)`,
		Count: func(f videohost.VideoFilter) (string, []any) {
			where, args := videoConditions(f)
			return `SELECT count(*) FROM (SELECT 1 FROM videos WHERE ` + strings.Join(where, " AND ") + ` LIMIT ?)`,
				append(args, limitArg(f.Limit))
		},
		// Title search is case-insensitive for ASCII letters (SQLite's LIKE).
		List: func(f videohost.VideoFilter) (string, []any) {
			where, args := videoConditions(f)
			order, cmp := "DESC", "<"
			if f.Ascending {
				order, cmp = "ASC", ">"
			}
			if f.After != nil {
				where = append(where, "(created_at, id) "+cmp+" (?, ?)")
				args = append(args, f.After.CreatedAt.UnixNano(), f.After.ID)
			}
			return `SELECT ` + sqlstore.VideoColumns + ` FROM videos WHERE ` + strings.Join(where, " AND ") +
				` ORDER BY created_at ` + order + `, id ` + order + ` LIMIT ?`, append(args, limitArg(f.Limit))
		},
	}
}
