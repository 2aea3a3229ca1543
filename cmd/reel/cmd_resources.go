package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/reelvideo/reel/client"
)

func cmdCollectionsCreate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("collections create")
	var name, parent string
	fs.StringVar(&name, "name", "", "name")
	fs.StringVar(&parent, "parent", "", "parent collection: "+collectionFlagUsage)
	const usage = "reel collections create --name NAME [--parent ID|NAME|PATH]"
	if _, err := a.parseArgs(fs, args, usage, 0, 0); err != nil {
		return err
	}
	if name == "" {
		return usageErrorf("--name is required (usage: %s)", usage)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	in := client.CollectionInput{Name: &name}
	if parent != "" {
		if parent, err = resolveCollection(ctx, c, "--parent", parent); err != nil {
			return err
		}
		in.Parent = &parent
	}
	col, err := c.CreateCollection(ctx, in)
	if err != nil {
		return err
	}
	return a.print(col, collectionsTable([]*client.Collection{col}))
}

func cmdCollectionsList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("collections list")
	var parent string
	fs.StringVar(&parent, "parent", "", "only the children of this collection (\"top\" for the top level): "+collectionFlagUsage)
	if _, err := a.parseArgs(fs, args, "reel collections list [--parent ID|NAME|PATH|top] [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	var p client.ListCollectionsParams
	switch parent {
	case "":
	case "top":
		p.Parent = new(string)
	default:
		if parent, err = resolveCollection(ctx, c, "--parent", parent); err != nil {
			return err
		}
		p.Parent = &parent
	}
	page := &client.Page[*client.Collection]{Data: []*client.Collection{}}
	for col, err := range c.CollectionsIter(ctx, p) {
		if err != nil {
			return err
		}
		page.Data = append(page.Data, col)
	}
	return a.print(page, collectionsTable(page.Data))
}

func cmdCollectionsGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("collections get")
	pos, err := a.parseArgs(fs, args, "reel collections get <id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	col, err := c.Collection(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.print(col, collectionsTable([]*client.Collection{col}))
}

func cmdCollectionsDelete(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("collections delete")
	var recursive bool
	fs.BoolVar(&recursive, "recursive", false, "delete the whole tree and every video in it")
	pos, err := a.parseArgs(fs, args, "reel collections delete <id> [--recursive]", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteCollection(ctx, pos[0], recursive); err != nil {
		return err
	}
	return a.print(map[string]any{"id": pos[0], "deleted": true}, nil)
}

func cmdSubtitlesAdd(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("subtitles add")
	var language, label string
	fs.StringVar(&language, "language", "", "BCP 47 language tag, e.g. en or pt-BR")
	fs.StringVar(&label, "label", "", "name shown by players")
	const usage = "reel subtitles add <video-id> <file.vtt|file.srt> --language LANG [--label LABEL]"
	pos, err := a.parseArgs(fs, args, usage, 2, 2)
	if err != nil {
		return err
	}
	if language == "" {
		return usageErrorf("--language is required (usage: %s)", usage)
	}
	f, err := openRegular(pos[1])
	if err != nil {
		return err
	}
	defer f.Close()
	c, err := a.client()
	if err != nil {
		return err
	}
	v, err := c.PutSubtitles(ctx, pos[0], language, label, f)
	if err != nil {
		return err
	}
	return a.print(v, subtitlesTable(v.Subtitles))
}

func cmdSubtitlesList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("subtitles list")
	pos, err := a.parseArgs(fs, args, "reel subtitles list <video-id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	subs, err := c.Subtitles(ctx, pos[0])
	if err != nil {
		return err
	}
	if subs == nil {
		subs = []client.Subtitle{}
	}
	return a.print(client.Page[client.Subtitle]{Data: subs}, subtitlesTable(subs))
}

func subtitlesTable(subs []client.Subtitle) func() table {
	return func() table {
		t := table{headers: []string{"LANGUAGE", "LABEL", "URL"}}
		for _, s := range subs {
			t.rows = append(t.rows, row{s.Language, s.Label, s.URL})
		}
		return t
	}
}

func cmdSubtitlesDelete(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("subtitles delete")
	var language string
	fs.StringVar(&language, "language", "", "language to remove")
	pos, err := a.parseArgs(fs, args, "reel subtitles delete <video-id> --language LANG", 1, 1)
	if err != nil {
		return err
	}
	if language == "" {
		return usageErrorf("--language is required")
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteSubtitles(ctx, pos[0], language); err != nil {
		return err
	}
	return a.print(map[string]any{"video": pos[0], "language": language, "deleted": true}, nil)
}

// openRegular opens a file for reading, refusing folders and missing files
// with a usage error.
func openRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, usageErrorf("no such file: %s", path)
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return nil, usageErrorf("%s is not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	return f, nil
}

func cmdStats(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("stats")
	var from, to, interval string
	fs.StringVar(&from, "from", "", "start (RFC 3339)")
	fs.StringVar(&to, "to", "", "end (RFC 3339)")
	fs.StringVar(&interval, "interval", "", "series interval: hour or day")
	pos, err := a.parseArgs(fs, args, "reel stats [<video-id>] [--from T] [--to T] [--interval hour|day] [--format json|table]", 0, 1)
	if err != nil {
		return err
	}
	p := client.StatsParams{Interval: interval}
	for _, tf := range []struct {
		name string
		raw  string
		dst  *time.Time
	}{{"--from", from, &p.From}, {"--to", to, &p.To}} {
		if tf.raw == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, tf.raw)
		if err != nil {
			return usageErrorf("%s must be an RFC 3339 time, e.g. 2026-01-02T15:04:05Z", tf.name)
		}
		*tf.dst = t
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	var s *client.Stats
	if len(pos) == 1 {
		s, err = c.VideoStats(ctx, pos[0], p)
	} else {
		s, err = c.SpaceStats(ctx, p)
	}
	if err != nil {
		return err
	}
	return a.print(s, statsTable(s))
}

// statsTable shows the totals in one row, then the space's most viewed
// videos when there are any.
func statsTable(s *client.Stats) func() table {
	return func() table {
		t := table{
			headers: []string{"FROM", "TO", "VIEWS", "UNIQUE", "WATCH TIME", "AVG VIEW", "COMPLETION", "STARTUP P50", "STARTUP P95", "REBUFFER", "FAILURES"},
			rows: []row{{humanTime(s.From), humanTime(s.To), fmt.Sprint(s.Views), fmt.Sprint(s.UniqueViewers), humanDuration(s.WatchTimeSeconds),
				humanDuration(s.AverageViewSeconds), percent(s.CompletionRate, 0), milliseconds(s.StartupTimeMS.P50),
				milliseconds(s.StartupTimeMS.P95), percent(s.RebufferRatio, 2), percent(s.FailureRate, 2)}},
		}
		if len(s.TopVideos) > 0 {
			t.rows = append(t.rows, row{}, row{"TOP VIDEO", "TITLE", "VIEWS", "", "WATCH TIME"})
			for _, v := range s.TopVideos {
				t.rows = append(t.rows, row{v.ID, orDefault(truncate(v.Title, 30), "-"), fmt.Sprint(v.Views), "", humanDuration(v.WatchTimeSeconds)})
			}
		}
		return t
	}
}

func percent(ratio float64, decimals int) string {
	return fmt.Sprintf("%.*f%%", decimals, ratio*100)
}

// milliseconds writes a measure the server may not have ("-" for nil).
func milliseconds(ms *float64) string {
	if ms == nil {
		return "-"
	}
	return fmt.Sprintf("%.0f ms", *ms)
}
