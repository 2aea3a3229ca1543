package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// JSONColumn encodes v for a JSON column (json or jsonb on PostgreSQL,
// TEXT on SQLite) as a string; nil pointers, slices and maps are stored as
// NULL so that they read back as nil. name is the column, for the error.
func JSONColumn(name string, v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", name, err)
	}
	if string(b) == "null" {
		return nil, nil
	}
	return string(b), nil
}

// VideoJSON holds the JSON columns of a videos row as read: raw text, nil
// for NULL. A store scans into its fields and calls Decode.
type VideoJSON struct {
	Metadata, Source, Renditions, AudioTracks, Subtitles, URLs, Error, Assets, Chapters, PosterError []byte
}

// videoJSONFields pairs each JSON column of videos with its field of v.
func videoJSONFields(v *videohost.Video) []struct {
	name  string
	field any
} {
	return []struct {
		name  string
		field any
	}{
		{"metadata", &v.Metadata}, {"source", &v.Source}, {"renditions", &v.Renditions},
		{"audio_tracks", &v.AudioTracks}, {"subtitles", &v.Subtitles}, {"urls", &v.URLs},
		{"error", &v.Error}, {"assets", &v.Assets}, {"chapters", &v.Chapters}, {"poster_error", &v.PosterError},
	}
}

// EncodeVideoJSON returns the JSON columns of v by column name, each a
// string or nil (NULL), as JSONColumn encodes them.
func EncodeVideoJSON(v *videohost.Video) (map[string]any, error) {
	fields := videoJSONFields(v)
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		// The field's value, not its pointer, as the stores always encoded
		// it: a MarshalJSON on a pointer receiver must not start to count.
		col, err := JSONColumn(f.name, reflect.ValueOf(f.field).Elem().Interface())
		if err != nil {
			return nil, err
		}
		out[f.name] = col
	}
	return out, nil
}

// Decode sets v's structured fields from the columns; a NULL column
// leaves its field as it is.
func (j *VideoJSON) Decode(v *videohost.Video) error {
	cols := []([]byte){j.Metadata, j.Source, j.Renditions, j.AudioTracks, j.Subtitles, j.URLs,
		j.Error, j.Assets, j.Chapters, j.PosterError}
	for i, f := range videoJSONFields(v) {
		if cols[i] == nil {
			continue
		}
		if err := json.Unmarshal(cols[i], f.field); err != nil {
			return fmt.Errorf("decoding %s of video %s: %w", f.name, v.ID, err)
		}
	}
	return nil
}

// VideoColumns are the columns of videos in the order of VideoValues and
// VideoRow.Dest: one list, so that writing and reading a row cannot
// disagree on it.
const VideoColumns = `id, embed, space, collection, title, description, metadata, state, playable, archived,
	duration, width, height, aspect_ratio, source, renditions, audio_tracks, subtitles, urls, playback_policy,
	poster_time, input_url, error, created_at, updated_at, ready_at, asset_version, assets, original_access, poster_image, chapters, quota_bytes, poster_error`

// VideoOwn holds the columns of a videos row that each store writes or
// scans its own way: nullable values and times. For VideoValues they are
// values to write; for VideoRow.Dest, scan destinations.
type VideoOwn struct {
	Collection, PosterTime, CreatedAt, UpdatedAt, ReadyAt any
}

// VideoValues returns the values of VideoColumns for v, in order, with
// own's in their places.
func VideoValues(v *videohost.Video, own VideoOwn) ([]any, error) {
	j, err := EncodeVideoJSON(v)
	if err != nil {
		return nil, err
	}
	return []any{
		v.ID, v.Embed, v.Space, own.Collection, v.Title, v.Description, j["metadata"],
		string(v.State), v.Playable, v.Archived, v.Duration, v.Width, v.Height, v.AspectRatio,
		j["source"], j["renditions"], j["audio_tracks"], j["subtitles"], j["urls"],
		string(v.PlaybackPolicy), own.PosterTime, v.InputURL, j["error"],
		own.CreatedAt, own.UpdatedAt, own.ReadyAt, v.AssetVersion, j["assets"],
		v.OriginalAccess, v.PosterImage, j["chapters"], v.QuotaBytes, j["poster_error"],
	}, nil
}

// VideoRow is a videos row being scanned: Dest's destinations fill it,
// Video decodes it.
type VideoRow struct {
	Video         videohost.Video
	JSON          VideoJSON
	State, Policy string
}

// Dest returns the scan destinations of VideoColumns, in order: r's
// fields where every driver scans alike, own's (pointers) for the rest.
func (r *VideoRow) Dest(own VideoOwn) []any {
	v, j := &r.Video, &r.JSON
	return []any{&v.ID, &v.Embed, &v.Space, own.Collection, &v.Title, &v.Description, &j.Metadata,
		&r.State, &v.Playable, &v.Archived, &v.Duration, &v.Width, &v.Height, &v.AspectRatio,
		&j.Source, &j.Renditions, &j.AudioTracks, &j.Subtitles, &j.URLs, &r.Policy,
		own.PosterTime, &v.InputURL, &j.Error, own.CreatedAt, own.UpdatedAt, own.ReadyAt, &v.AssetVersion, &j.Assets,
		&v.OriginalAccess, &v.PosterImage, &j.Chapters, &v.QuotaBytes, &j.PosterError}
}

// Finish decodes what Dest scanned into r.Video; the store then sets the
// fields of its own columns.
func (r *VideoRow) Finish() (*videohost.Video, error) {
	r.Video.State = videohost.State(r.State)
	r.Video.PlaybackPolicy = videohost.PlaybackPolicy(r.Policy)
	if err := r.JSON.Decode(&r.Video); err != nil {
		return nil, err
	}
	return &r.Video, nil
}

// VideoUpdateValues are the arguments of a store's UPDATE videos: values
// (VideoValues') without the columns that never change (id, embed, space,
// created_at), then deletedAt and the id for its WHERE.
func VideoUpdateValues(values []any, deletedAt any, id string) []any {
	// values[0:3] are id, embed, space; [23] is created_at.
	return append(append(append([]any{}, values[3:23]...), values[24:]...), deletedAt, id)
}

// KeepImmutable undoes the changes an update made to what never changes
// (id, embed, space, created_at), and reports whether it moved the video
// into another collection, which the store then checks.
func KeepImmutable(v, before *videohost.Video) (collectionChanged bool) {
	v.ID, v.Embed, v.Space, v.CreatedAt = before.ID, before.Embed, before.Space, before.CreatedAt
	return v.Collection != nil && (before.Collection == nil || *before.Collection != *v.Collection)
}

// EventData renders the data of a change's outbox events: render(v), or
// v's JSON when render is nil.
func EventData(v *videohost.Video, render func(*videohost.Video) ([]byte, error)) ([]byte, error) {
	if render == nil {
		render = func(v *videohost.Video) ([]byte, error) { return json.Marshal(v) }
	}
	data, err := render(v)
	if err != nil {
		return nil, fmt.Errorf("rendering event data: %w", err)
	}
	return data, nil
}

// ChangeJobs returns the jobs of change, those without a space or video
// given v's.
func ChangeJobs(v *videohost.Video, change videohost.Change) []videohost.Job {
	jobs := slices.Clone(change.Jobs)
	for i := range jobs {
		if jobs[i].Space == "" {
			jobs[i].Space = v.Space
		}
		if jobs[i].VideoID == "" {
			jobs[i].VideoID = v.ID
		}
	}
	return jobs
}

// EscapeLike escapes the LIKE wildcards of s, for a pattern with
// ESCAPE '\'.
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Tx is a store's write transaction as the logic here uses it: its Conn,
// and what the store does its own way inside it.
type Tx interface {
	Conn
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
	v, err := ScanVideo(c.QueryRow(ctx, s.b.Q.Videos.Video(space != "", forUpdate), args...), c.NewTime)
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
	if err := tx.QueryRow(ctx, s.b.Q.Videos.Collection, v.Space, *v.Collection).Scan(&one); err != nil {
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
	return s.b.InTx(ctx, func(tx Tx) error {
		// A deleted space takes no new video.
		if _, err := LoadSpace(ctx, tx, s.b.Q.Spaces.Share, v.Space); err != nil {
			return err
		}
		if err := s.checkCollection(ctx, tx, v); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, s.b.Q.Videos.Insert, values...); err != nil {
			return ConstraintError(tx.Conflict(err), err, "inserting video %s", v.ID)
		}
		if err := s.checkQuotas(ctx, tx, v.Space, videohost.VideoGrowth(nil, v)); err != nil {
			return err
		}
		return s.writeChange(ctx, tx, v, change, eventData)
	})
}

// Video returns a non-deleted video; space "" matches any space, and a video
// of another space is not found.
func (s *Store) Video(ctx context.Context, space, id string) (*videohost.Video, error) {
	return s.loadVideo(ctx, s.b.Read, space, id, false)
}

// VideoByEmbed returns the non-deleted video with that embed id.
func (s *Store) VideoByEmbed(ctx context.Context, embed string) (*videohost.Video, error) {
	v, err := ScanVideo(s.b.Read.QueryRow(ctx, s.b.Q.Videos.ByEmbed, embed), s.b.Read.NewTime)
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
	err := s.b.InTx(ctx, func(tx Tx) error {
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
			now := s.b.Now()
			deletedAt = &now
		}
		if _, err := tx.Exec(ctx, s.b.Q.Videos.Update, VideoUpdateValues(values, deletedAt, v.ID)...); err != nil {
			return ConstraintError(tx.Conflict(err), err, "updating video %s", v.ID)
		}
		if !deleting {
			if err := s.checkQuotas(ctx, tx, v.Space, videohost.VideoGrowth(&before, v)); err != nil {
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
	now := s.b.Now()
	if len(change.Events) > 0 {
		data, err := EventData(v, eventData)
		if err != nil {
			return err
		}
		if err := tx.LockOutbox(ctx); err != nil {
			return err
		}
		for _, typ := range change.Events {
			if err := Exec(ctx, tx, "inserting event", s.b.Q.Videos.Event,
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
	query, args := s.b.Q.Videos.Count(f)
	var n int
	if err := s.b.Read.QueryRow(ctx, query, args...).Scan(&n); err != nil {
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
	query, args := s.b.Q.Videos.List(f)
	return Collect(ctx, s.b.Read, "listing videos", func(row Row) (*videohost.Video, error) {
		return ScanVideo(row, s.b.Read.NewTime)
	}, query, args...)
}
