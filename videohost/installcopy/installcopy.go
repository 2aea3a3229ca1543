package installcopy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// ColumnKind is how the values of a column travel between stores.
type ColumnKind int

const (
	KindText  ColumnKind = iota // string
	KindInt                     // int64
	KindFloat                   // float64
	KindBool                    // bool
	KindBytes                   // []byte
	KindTime                    // time.Time, UTC
	KindJSON                    // []byte: JSON text as stored
)

// Column is one column of a Table.
type Column struct {
	Name string
	Kind ColumnKind
}

// Table is one table of an installation. A row travels as a []any in
// the order of Columns, each value of its column's Go type, or nil (NULL).
type Table struct {
	Name    string
	Key     []string // the primary key: what an import upserts on
	Columns []Column
	// Parent names a column that refers to Key[0] of the same table
	// (nested collections): rows are exported parents first.
	Parent string
	// Serial names a column the database numbers itself (an outbox seq):
	// an import keeps the values, and the numbering goes on after them.
	Serial string
	// Seeded tables get their rows from the schema: those rows do not make
	// an installation non-empty.
	Seeded bool
}

// Column returns the position of column name in t.Columns, or -1.
func (t Table) Column(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func cols(kind ColumnKind, names ...string) []Column {
	out := make([]Column, len(names))
	for i, n := range names {
		out[i] = Column{Name: n, Kind: kind}
	}
	return out
}

func concat(parts ...[]Column) []Column {
	var out []Column
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Tables are the tables of an installation, in an order in which every
// row's references are already there.
func Tables() []Table {
	return []Table{
		{Name: "spaces", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "name", "space_url", "image_url", "cdn_url"),
			cols(KindInt, "max_bytes", "max_minutes", "max_videos"),
			cols(KindTime, "created_at", "deleted_at"))},
		{Name: "admin_keys", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "access", "name"),
			cols(KindBytes, "secret_hash", "sealed_secret"),
			cols(KindTime, "created_at", "last_used_at"))},
		{Name: "api_keys", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "space", "access", "name"),
			cols(KindBytes, "secret_hash", "sealed_secret"),
			cols(KindTime, "created_at", "last_used_at"))},
		{Name: "signing_keys", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "space", "algorithm", "public_pem"),
			cols(KindTime, "created_at"))},
		{Name: "collections", Key: []string{"id"}, Parent: "parent", Columns: concat(
			cols(KindText, "id", "space", "name", "parent"),
			cols(KindTime, "created_at", "updated_at"))},
		{Name: "videos", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "embed", "space", "collection", "title", "description"),
			cols(KindJSON, "metadata"),
			cols(KindText, "state"),
			cols(KindBool, "playable", "archived"),
			cols(KindFloat, "duration"),
			cols(KindInt, "width", "height"),
			cols(KindText, "aspect_ratio"),
			cols(KindJSON, "source", "renditions", "audio_tracks", "subtitles", "urls"),
			cols(KindText, "playback_policy"),
			cols(KindFloat, "poster_time"),
			cols(KindText, "input_url"),
			cols(KindJSON, "error"),
			cols(KindTime, "created_at", "updated_at", "ready_at"),
			cols(KindText, "asset_version"),
			cols(KindJSON, "assets"),
			cols(KindTime, "deleted_at"),
			cols(KindBool, "original_access", "poster_image"),
			cols(KindInt, "quota_bytes"),
			cols(KindJSON, "chapters", "poster_error"))},
		{Name: "live_streams", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "space", "title", "collection_id", "playback_policy", "latency_mode"),
			cols(KindBool, "record"),
			cols(KindInt, "reconnect_window", "dvr_window"),
			cols(KindText, "state", "active_video_id", "last_video_id", "key_hash", "key_hint"),
			cols(KindTime, "created_at", "updated_at", "state_changed_at"))},
		{Name: "player_settings", Key: []string{"space", "kind", "id"}, Columns: concat(
			cols(KindText, "space", "kind", "id"),
			cols(KindJSON, "settings"),
			cols(KindTime, "updated_at"))},
		{Name: "codec_policies", Key: []string{"space", "kind", "id"}, Columns: concat(
			cols(KindText, "space", "kind", "id"),
			cols(KindJSON, "rules"),
			cols(KindTime, "updated_at"))},
		{Name: "events", Key: []string{"seq"}, Serial: "seq", Columns: concat(
			cols(KindInt, "seq"),
			cols(KindText, "id", "type", "space", "video_id"),
			cols(KindTime, "created_at"),
			cols(KindJSON, "data"))},
		{Name: "webhook_endpoints", Key: []string{"id"}, Columns: concat(
			cols(KindText, "id", "space", "url", "description"),
			cols(KindJSON, "events"),
			cols(KindBool, "enabled"),
			cols(KindBytes, "sealed_secret", "sealed_previous_secret"),
			cols(KindTime, "previous_secret_until"),
			cols(KindInt, "after_seq"),
			cols(KindTime, "created_at", "updated_at"))},
		{Name: "webhook_deliveries", Key: []string{"seq"}, Serial: "seq", Columns: concat(
			cols(KindInt, "seq"),
			cols(KindText, "id", "endpoint", "event_id", "type"),
			cols(KindTime, "event_at"),
			cols(KindJSON, "data"),
			cols(KindText, "state"),
			cols(KindInt, "attempts"),
			cols(KindTime, "next_attempt_at"),
			cols(KindText, "lease_owner"),
			cols(KindTime, "lease_until", "created_at", "updated_at"))},
		{Name: "webhook_attempts", Key: []string{"id"}, Serial: "id", Columns: concat(
			cols(KindInt, "id", "delivery"),
			cols(KindTime, "at"),
			cols(KindInt, "status", "duration_ms"),
			cols(KindText, "error", "response_excerpt"))},
		{Name: "webhook_outbox_cursor", Key: []string{"id"}, Seeded: true, Columns: cols(KindInt, "id", "seq")},
		{Name: "playback_hourly", Key: []string{"video_id", "hour"}, Columns: concat(
			cols(KindText, "video_id"),
			cols(KindTime, "hour"),
			cols(KindText, "space"),
			cols(KindInt, "sessions", "views", "unique_viewers", "completed", "failed", "watch_ms", "rebuffer_ms"),
			cols(KindBytes, "startup", "retention"))},
		{Name: "playback_hourly_dims", Key: []string{"video_id", "hour", "dim", "value"}, Columns: concat(
			cols(KindText, "video_id"),
			cols(KindTime, "hour"),
			cols(KindText, "dim", "value", "space"),
			cols(KindInt, "views"))},
		{Name: "playback_sessions", Key: []string{"video_id", "session"}, Columns: concat(
			cols(KindText, "video_id", "session", "space"),
			cols(KindTime, "hour"),
			cols(KindText, "viewer", "browser", "os", "device", "referrer"),
			cols(KindTime, "last_seen"),
			cols(KindText, "state"),
			cols(KindTime, "live_at"))},
		{Name: "playback_live_minutes", Key: []string{"video_id", "minute"}, Columns: concat(
			cols(KindText, "video_id"),
			cols(KindTime, "minute"),
			cols(KindText, "space"),
			cols(KindInt, "viewers"),
			cols(KindBytes, "latency"))},
		{Name: "playback_viewers", Key: []string{"video_id", "day", "viewer"}, Columns: concat(
			cols(KindText, "video_id"),
			cols(KindTime, "day"),
			cols(KindText, "viewer"))},
		{Name: "playback_events", Key: []string{"id"}, Serial: "id", Columns: concat(
			cols(KindInt, "id"),
			cols(KindText, "video_id", "session"),
			cols(KindTime, "at"),
			cols(KindText, "kind"),
			cols(KindFloat, "position", "from_s", "to_s", "value"),
			cols(KindText, "text", "message"))},
	}
}

// Skipped names the tables a copy leaves behind on purpose, with why.
// A store's own bookkeeping (sqlite_*, River's river_*) is not listed: the
// store leaves it out of CopyCheck itself.
func Skipped() map[string]string {
	return map[string]string{
		"schema_migrations":  "each store migrates itself",
		"copy_marker":        "the copy's own record in the target",
		"secret_fingerprint": "the target's first process records its own secret's (copy the source's secret.key, as the copy says)",
		"jobs":               "queued work belongs to the processes of the source",
		"job_finished":       "queued work belongs to the processes of the source",
		"queue_spaces":       "queue fairness state, rebuilt by the first claims",
		"video_progress":     "how far encodes in flight have come: their jobs stay behind",
		"chunk_plans":        "chunked encodes in flight: their jobs stay behind",
		"chunks":             "chunked encodes in flight: their jobs stay behind",
	}
}

// CheckCoverage compares what a store holds (table name → column
// names) with Tables and Skipped, and names every table or column
// a copy would lose. Stores implement Copier.CopyCheck with it.
func CheckCoverage(schema map[string][]string) error {
	known := map[string]Table{}
	for _, t := range Tables() {
		known[t.Name] = t
	}
	skipped := Skipped()
	var problems []string
	for table, columns := range schema {
		if _, ok := skipped[table]; ok {
			continue
		}
		t, ok := known[table]
		if !ok {
			problems = append(problems, "table "+table)
			continue
		}
		for _, c := range columns {
			if t.Column(c) < 0 {
				problems = append(problems, "column "+table+"."+c)
			}
		}
	}
	for name := range known {
		if _, ok := schema[name]; !ok {
			problems = append(problems, "missing table "+name)
		}
	}
	if len(problems) == 0 {
		return nil
	}
	slices.Sort(problems)
	return fmt.Errorf("this build cannot copy the database: it does not know %s (installcopy.Tables needs them)", strings.Join(problems, ", "))
}

// Marker records a copy into a store: written before the first row,
// finished when the last blob is in.
type Marker struct {
	Source     string // the source, as Config.Source names it
	StartedAt  time.Time
	FinishedAt time.Time // zero while unfinished
}

// Config is one copy of an installation.
type Config struct {
	From      videohost.Store // must be a Copier
	To        videohost.Store // must be a Copier
	FromBlobs videohost.Blobs
	ToBlobs   videohost.Blobs
	// Source names the source without secrets (database and blobs); the
	// target records it, so that a rerun of the same copy is recognised.
	Source string
	// Progress receives a line per step; nil is silent.
	Progress io.Writer
	Clock    videohost.Clock
	// BatchSize is the number of rows per import transaction (default 500).
	BatchSize int
	// BlobConcurrency is the number of blobs copied at once (default 4).
	BlobConcurrency int
}

// Count is what a copy did with one kind of thing.
type Count struct {
	Name  string
	Rows  int64 // rows, or blobs
	Bytes int64 // blobs only
	// Skipped counts blobs already in the target (a resumed copy).
	Skipped      int64
	SkippedBytes int64
}

// Report is what a copy did.
type Report struct {
	Resumed bool
	Tables  []Count
	Blobs   Count
	// Unfinished lists videos that were not ready or errored in the
	// source: their jobs stay behind, so they stay as they are.
	Unfinished []string
	// Warnings are blobs of unfinished videos that could not be copied.
	Warnings []string
}

// errStop ends an export early.
var errStop = errors.New("stop")

// Run copies a whole installation from cfg.From and cfg.FromBlobs into
// cfg.To and cfg.ToBlobs. The target must be empty, or hold an unfinished
// copy of the same source (a rerun after an interruption goes on: rows are
// upserted, blobs already there with the same size are skipped). The
// source should not be in use meanwhile.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	from, ok := cfg.From.(Copier)
	if !ok {
		return nil, videohost.Errorf(videohost.EUnavailable, "copying an installation: the source database cannot be copied (its store has no Copier)")
	}
	to, ok := cfg.To.(Copier)
	if !ok {
		return nil, videohost.Errorf(videohost.EUnavailable, "copying an installation: the target database cannot be copied into (its store has no Copier)")
	}
	if cfg.Clock == nil {
		cfg.Clock = videohost.SystemClock{}
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 500
	}
	if cfg.BlobConcurrency <= 0 {
		cfg.BlobConcurrency = 4
	}
	progress := func(format string, args ...any) {
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "copy: "+format+"\n", args...)
		}
	}
	if err := from.CopyCheck(ctx); err != nil {
		return nil, fmt.Errorf("source: %w", err)
	}
	if err := to.CopyCheck(ctx); err != nil {
		return nil, fmt.Errorf("target: %w", err)
	}
	report := &Report{Blobs: Count{Name: "blobs"}}
	marker, err := to.CopyMarker(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the target's copy marker: %w", err)
	}
	switch {
	case marker != nil && !marker.FinishedAt.IsZero():
		return nil, videohost.Errorf(videohost.EConflict, "the target already holds a finished copy of %s (finished %s); refusing to write into it",
			marker.Source, marker.FinishedAt.Format(time.RFC3339))
	case marker != nil && marker.Source != cfg.Source:
		return nil, videohost.Errorf(videohost.EConflict, "the target holds an unfinished copy of another source (%s), not of %s; refusing to write into it",
			marker.Source, cfg.Source)
	case marker != nil:
		report.Resumed = true
		progress("resuming the unfinished copy started %s", marker.StartedAt.Format(time.RFC3339))
	default:
		if err := checkEmpty(ctx, to, cfg.ToBlobs); err != nil {
			return nil, err
		}
		marker = &Marker{Source: cfg.Source, StartedAt: cfg.Clock.Now().UTC()}
		if err := to.SetCopyMarker(ctx, *marker); err != nil {
			return nil, fmt.Errorf("writing the copy marker: %w", err)
		}
	}
	for _, t := range Tables() {
		n, err := copyTable(ctx, from, to, t, cfg.BatchSize)
		report.Tables = append(report.Tables, Count{Name: t.Name, Rows: n})
		if err != nil {
			return report, fmt.Errorf("copying table %s: %w", t.Name, err)
		}
		progress("table %s: %d rows", t.Name, n)
	}
	progress("blobs: copying the files of every video")
	if err := copyBlobs(ctx, cfg, from, report, progress); err != nil {
		return report, err
	}
	marker.FinishedAt = cfg.Clock.Now().UTC()
	if err := to.SetCopyMarker(ctx, *marker); err != nil {
		return report, fmt.Errorf("writing the copy marker: %w", err)
	}
	return report, nil
}

// checkEmpty refuses a target that holds any row or any video blob.
func checkEmpty(ctx context.Context, to Copier, blobs videohost.Blobs) error {
	for _, t := range Tables() {
		if t.Seeded {
			continue
		}
		err := to.ExportRows(ctx, t, func([]any) error { return errStop })
		if errors.Is(err, errStop) {
			return videohost.Errorf(videohost.EConflict, "the target database is not empty (table %s has rows) and is not an unfinished copy; refserver copy only writes into an empty installation", t.Name)
		}
		if err != nil {
			return fmt.Errorf("reading the target: %w", err)
		}
	}
	for _, prefix := range videohost.InstallationRoots() {
		list, err := blobs.List(ctx, prefix)
		if err != nil {
			return fmt.Errorf("listing the target blobs: %w", err)
		}
		if len(list) > 0 {
			return videohost.Errorf(videohost.EConflict, "the target blob store is not empty (it holds %s) and the target database is not an unfinished copy; refserver copy only writes into an empty installation", list[0].Key)
		}
	}
	return nil
}

// copyTable streams t from one store into the other in batches.
func copyTable(ctx context.Context, from, to Copier, t Table, batch int) (int64, error) {
	var (
		rows [][]any
		n    int64
	)
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		if err := to.ImportRows(ctx, t, rows); err != nil {
			return err
		}
		n += int64(len(rows))
		rows = rows[:0]
		return nil
	}
	err := from.ExportRows(ctx, t, func(row []any) error {
		rows = append(rows, row)
		if len(rows) >= batch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return n, err
}

// copyBlobs copies the blobs of every video that is not deleted: its
// source and stored subtitles, and its current published version. Frames
// made on demand and versions no longer current stay behind.
func copyBlobs(ctx context.Context, cfg Config, from Copier, report *Report, progress func(string, ...any)) error {
	var videos Table
	for _, t := range Tables() {
		if t.Name == "videos" {
			videos = t
		}
	}
	idCol, verCol, stateCol, delCol := videos.Column("id"), videos.Column("asset_version"), videos.Column("state"), videos.Column("deleted_at")
	var (
		mu      sync.Mutex
		count   = &report.Blobs
		done    int
		lastLog = time.Now()
	)
	return from.ExportRows(ctx, videos, func(row []any) error {
		id, _ := row[idCol].(string)
		version, _ := row[verCol].(string)
		state, _ := row[stateCol].(string)
		if row[delCol] != nil || id == "" {
			return nil
		}
		finished := videohost.State(state) == videohost.StateReady || videohost.State(state) == videohost.StateErrored
		if !finished {
			report.Unfinished = append(report.Unfinished, id)
		}
		prefixes := videohost.CopiedPrefixes(id, version)
		for _, prefix := range prefixes {
			err := copyPrefix(ctx, cfg, prefix, func(c Count) {
				mu.Lock()
				defer mu.Unlock()
				count.Rows += c.Rows
				count.Bytes += c.Bytes
				count.Skipped += c.Skipped
				count.SkippedBytes += c.SkippedBytes
			})
			if err != nil && ctx.Err() == nil && !finished {
				report.Warnings = append(report.Warnings, fmt.Sprintf("video %s (%s): %v", id, state, err))
				continue
			}
			if err != nil {
				return fmt.Errorf("copying the blobs of video %s: %w", id, err)
			}
		}
		done++
		if time.Since(lastLog) >= time.Second {
			lastLog = time.Now()
			progress("blobs: %d videos, %d files (%s) copied, %d already there", done, count.Rows, FormatBytes(count.Bytes), count.Skipped)
		}
		return nil
	})
}

// copyPrefix copies every blob under prefix that the target lacks (or has
// with another size), cfg.BlobConcurrency at a time.
func copyPrefix(ctx context.Context, cfg Config, prefix string, add func(Count)) error {
	src, err := cfg.FromBlobs.List(ctx, prefix)
	if err != nil {
		return fmt.Errorf("listing the source: %w", err)
	}
	if len(src) == 0 {
		return nil
	}
	dst, err := cfg.ToBlobs.List(ctx, prefix)
	if err != nil {
		return fmt.Errorf("listing the target: %w", err)
	}
	have := make(map[string]int64, len(dst))
	for _, b := range dst {
		have[b.Key] = b.Size
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	work := make(chan videohost.BlobInfo)
	for range min(cfg.BlobConcurrency, len(src)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				n, err := copyBlob(ctx, cfg, b.Key)
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
					continue
				}
				add(Count{Rows: 1, Bytes: n})
			}
		}()
	}
	for _, b := range src {
		if size, ok := have[b.Key]; ok && size == b.Size {
			add(Count{Skipped: 1, SkippedBytes: b.Size})
			continue
		}
		select {
		case work <- b:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(work)
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}

// copyBlob streams one blob across.
func copyBlob(ctx context.Context, cfg Config, key string) (int64, error) {
	r, info, err := cfg.FromBlobs.Open(ctx, key)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	n, err := cfg.ToBlobs.Put(ctx, key, r)
	if err != nil {
		return n, err
	}
	if n != info.Size {
		return n, fmt.Errorf("blob %s: copied %d bytes of %d", key, n, info.Size)
	}
	return n, nil
}

// FormatBytes writes n in binary units (1.5 MiB).
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// Copier is an optional capability of a Store: its tables read and written
// as Tables describes them, for moving an installation between stores.
type Copier interface {
	// CopyCheck fails, naming them, when the store holds tables or columns
	// that neither Tables nor Skipped names: data a copy would lose.
	CopyCheck(ctx context.Context) error
	// ExportRows calls fn with every row of t in key order (parents first
	// when t.Parent is set), streaming; fn may keep the row.
	ExportRows(ctx context.Context, t Table, fn func(row []any) error) error
	// ImportRows upserts rows into t in one transaction.
	ImportRows(ctx context.Context, t Table, rows [][]any) error
	// CopyMarker returns the store's copy marker, nil when it has none.
	CopyMarker(ctx context.Context) (*Marker, error)
	// SetCopyMarker writes the copy marker.
	SetCopyMarker(ctx context.Context, m Marker) error
}
