package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// Tx is a store's write transaction as the logic here uses it: its Conn,
// and what the store does its own way inside it.
type Tx interface {
	Conn
	// CheckSpace fails unless space exists and is not deleted, and keeps
	// it from being deleted until the transaction ends.
	CheckSpace(ctx context.Context, space string) error
	// CheckQuotas checks the quotas of space after a write that grew g.
	CheckQuotas(ctx context.Context, space string, g videohost.Growth) error
	// LockOutbox is taken before events are written, so that they take
	// their seq in commit order where the store needs a lock for that.
	LockOutbox(ctx context.Context) error
	// InsertJob queues j and sets what the store's queue sets of it.
	InsertJob(ctx context.Context, j *videohost.Job, now time.Time) error
}

// VideoSQL is a store's SQL text for the video methods of Store.
type VideoSQL struct {
	// Video selects VideoColumns of a non-deleted video given its id and,
	// withSpace, its space; forUpdate locks the row where the store must.
	Video func(withSpace, forUpdate bool) string
	// ByEmbed selects VideoColumns of a non-deleted video given its embed.
	ByEmbed string
	// Collection selects 1 of a collection given space and id, keeping
	// it where the store must until the transaction ends.
	Collection string
	// Insert inserts VideoColumns given VideoArgs; Update saves
	// VideoUpdateValues.
	Insert, Update string
	// Event inserts an outbox row: id, type, space, video_id, created_at,
	// data.
	Event string
	// List selects VideoColumns of the videos f matches, in f's order
	// and page; Count counts them up to f.Limit. Both with their
	// arguments.
	List, Count func(f videohost.VideoFilter) (string, []any)
}

// VideoArgs are the values of VideoColumns for v, in order, as a Conn
// takes them: a missing collection or poster time a nil pointer, times as
// times (a zero ready_at NULL).
func VideoArgs(v *videohost.Video) ([]any, error) {
	var ready *time.Time
	if v.ReadyAt != nil {
		ready = timePtr(*v.ReadyAt)
	}
	return VideoValues(v, VideoOwn{Collection: v.Collection, PosterTime: v.PosterTime,
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt, ReadyAt: ready})
}

// ScanVideo reads VideoColumns from row.
func ScanVideo(row Row, newTime func() TimeCol) (*videohost.Video, error) {
	var r VideoRow
	created, updated, ready := newTime(), newTime(), newTime()
	if err := row.Scan(r.Dest(VideoOwn{Collection: &r.Video.Collection, PosterTime: &r.Video.PosterTime,
		CreatedAt: created.Dest(), UpdatedAt: updated.Dest(), ReadyAt: ready.Dest()})...); err != nil {
		return nil, err
	}
	v, err := r.Finish()
	if err != nil {
		return nil, err
	}
	v.CreatedAt, v.UpdatedAt, v.ReadyAt = created.Time(), updated.Time(), timePtr(ready.Time())
	return v, nil
}

func (s *Store) roundVideo(v *videohost.Video) {
	v.CreatedAt, v.UpdatedAt = s.round(v.CreatedAt), s.round(v.UpdatedAt)
	if v.ReadyAt != nil {
		t := s.round(*v.ReadyAt)
		v.ReadyAt = &t
	}
}

// loadVideo reads a non-deleted video; space "" matches any space.
func (s *Store) loadVideo(ctx context.Context, c Conn, space, id string, forUpdate bool) (*videohost.Video, error) {
	args := []any{id}
	if space != "" {
		args = append(args, space)
	}
	v, err := ScanVideo(c.QueryRow(ctx, s.Q.Videos.Video(space != "", forUpdate), args...), c.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading video", "video %s not found", id)
	}
	return v, nil
}

// checkCollection makes sure a video's collection exists in its space,
// inside the write transaction, so that a collection deleted concurrently
// cannot end up holding a video.
func (s *Store) checkCollection(ctx context.Context, tx Conn, v *videohost.Video) error {
	if v.Collection == nil {
		return nil
	}
	var one int
	if err := tx.QueryRow(ctx, s.Q.Videos.Collection, v.Space, *v.Collection).Scan(&one); err != nil {
		return NotFound(err, "checking collection", "collection %s not found", *v.Collection)
	}
	return nil
}

// CreateVideo inserts v with the events and jobs of change. A taken id or
// embed is EConflict. v's times are brought to the store's precision.
func (s *Store) CreateVideo(ctx context.Context, v *videohost.Video, change videohost.Change, eventData func(*videohost.Video) ([]byte, error)) error {
	s.roundVideo(v)
	values, err := VideoArgs(v)
	if err != nil {
		return err
	}
	return s.InTx(ctx, func(tx Tx) error {
		// A deleted space takes no new video.
		if err := tx.CheckSpace(ctx, v.Space); err != nil {
			return err
		}
		if err := s.checkCollection(ctx, tx, v); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, s.Q.Videos.Insert, values...); err != nil {
			return ConstraintError(tx.Conflict(err), err, "inserting video %s", v.ID)
		}
		if err := tx.CheckQuotas(ctx, v.Space, videohost.VideoGrowth(nil, v)); err != nil {
			return err
		}
		return s.writeChange(ctx, tx, v, change, eventData)
	})
}

// Video returns a non-deleted video; space "" matches any space, and a video
// of another space is not found.
func (s *Store) Video(ctx context.Context, space, id string) (*videohost.Video, error) {
	return s.loadVideo(ctx, s.Read, space, id, false)
}

// VideoByEmbed returns the non-deleted video with that embed id.
func (s *Store) VideoByEmbed(ctx context.Context, embed string) (*videohost.Video, error) {
	v, err := ScanVideo(s.Read.QueryRow(ctx, s.Q.Videos.ByEmbed, embed), s.Read.NewTime)
	if err != nil {
		return nil, NotFound(err, "reading video", "video %s not found", embed)
	}
	return v, nil
}

// UpdateVideo loads the video for update, applies fn and saves the result
// with fn's change in one transaction: two updates of the same video run
// one after the other. When fn fails nothing is written and its error is
// returned as is. id, embed, space and created_at are immutable: changes
// fn makes to them are not saved.
func (s *Store) UpdateVideo(ctx context.Context, space, id string, fn func(v *videohost.Video) (videohost.Change, error), eventData func(*videohost.Video) ([]byte, error)) (*videohost.Video, error) {
	return s.mutateVideo(ctx, space, id, false, fn, eventData)
}

// DeleteVideo marks the video deleted, after fn, with fn's change. The row
// stays so that the id and embed are never handed out again.
func (s *Store) DeleteVideo(ctx context.Context, space, id string, fn func(v *videohost.Video) (videohost.Change, error), eventData func(*videohost.Video) ([]byte, error)) (*videohost.Video, error) {
	return s.mutateVideo(ctx, space, id, true, fn, eventData)
}

func (s *Store) mutateVideo(ctx context.Context, space, id string, deleting bool, fn func(v *videohost.Video) (videohost.Change, error), eventData func(*videohost.Video) ([]byte, error)) (*videohost.Video, error) {
	var saved *videohost.Video
	err := s.InTx(ctx, func(tx Tx) error {
		v, err := s.loadVideo(ctx, tx, space, id, true)
		if err != nil {
			return err
		}
		before := *v
		change, err := fn(v)
		if err != nil {
			return err
		}
		collectionChanged := KeepImmutable(v, &before)
		s.roundVideo(v)
		if collectionChanged {
			if err := s.checkCollection(ctx, tx, v); err != nil {
				return err
			}
		}
		values, err := VideoArgs(v)
		if err != nil {
			return err
		}
		var deletedAt *time.Time
		if deleting {
			now := s.Now()
			deletedAt = &now
		}
		if _, err := tx.Exec(ctx, s.Q.Videos.Update, VideoUpdateValues(values, deletedAt, v.ID)...); err != nil {
			return ConstraintError(tx.Conflict(err), err, "updating video %s", v.ID)
		}
		if !deleting {
			if err := tx.CheckQuotas(ctx, v.Space, videohost.VideoGrowth(&before, v)); err != nil {
				return err
			}
		}
		if err := s.writeChange(ctx, tx, v, change, eventData); err != nil {
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
func (s *Store) writeChange(ctx context.Context, tx Tx, v *videohost.Video, change videohost.Change, eventData func(*videohost.Video) ([]byte, error)) error {
	now := s.Now()
	if len(change.Events) > 0 {
		data, err := EventData(v, eventData)
		if err != nil {
			return err
		}
		if err := tx.LockOutbox(ctx); err != nil {
			return err
		}
		for _, typ := range change.Events {
			if err := Exec(ctx, tx, "inserting event", s.Q.Videos.Event,
				"evt_"+videohost.NewID(24), string(typ), v.Space, v.ID, now, string(data)); err != nil {
				return err
			}
		}
	}
	for _, j := range ChangeJobs(v, change) {
		if err := tx.InsertJob(ctx, &j, now); err != nil {
			return err
		}
	}
	return nil
}

// CountVideos counts the non-deleted videos matching f (f.After and order
// aside), stopping at f.Limit when it is positive.
func (s *Store) CountVideos(ctx context.Context, f videohost.VideoFilter) (int, error) {
	if f.Collections != nil && len(f.Collections) == 0 {
		return 0, nil
	}
	query, args := s.Q.Videos.Count(f)
	var n int
	if err := s.Read.QueryRow(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting videos: %w", err)
	}
	return n, nil
}

// Videos lists non-deleted videos matching f, ordered by (created_at, id),
// newest first unless f.Ascending, starting strictly after f.After. An
// empty but non-nil f.Collections matches nothing. Space "" matches any
// space. Title search is case-insensitive, as far as the store's LIKE is.
func (s *Store) Videos(ctx context.Context, f videohost.VideoFilter) ([]*videohost.Video, error) {
	if f.Collections != nil && len(f.Collections) == 0 {
		return nil, nil
	}
	query, args := s.Q.Videos.List(f)
	return Collect(ctx, s.Read, "listing videos", func(row Row) (*videohost.Video, error) {
		return ScanVideo(row, s.Read.NewTime)
	}, query, args...)
}
