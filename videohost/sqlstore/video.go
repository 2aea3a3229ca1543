package sqlstore

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

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
