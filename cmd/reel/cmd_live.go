package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"

	"github.com/reelvideo/reel/client"
)

// ---- live streams ----

func cmdLiveCreate(ctx context.Context, a *app, args []string) error {
	var title, collection, policy, latency string
	var record bool
	var reconnect, dvr int
	fs := a.flagSet("live create")
	fs.StringVar(&title, "title", "", "the title of each session's video")
	fs.StringVar(&collection, "collection", "", "the collection each session's video goes to: "+collectionFlagUsage)
	fs.StringVar(&policy, "playback-policy", "", "public (default) or signed")
	fs.StringVar(&latency, "latency", "", "low (default, LL-HLS) or standard")
	fs.BoolVar(&record, "record", true, "keep each session as an on-demand video")
	fs.IntVar(&reconnect, "reconnect-window", 0, "seconds a session waits for its publisher to come back (0 to 300; default 30)")
	fs.IntVar(&dvr, "dvr-window", 0, "seconds a viewer may seek back (60 to 86400; default 7200)")
	const usage = "reel live create [--title T] [--collection ID|NAME|PATH] [--playback-policy public|signed] [--latency low|standard] [--record=true|false] [--reconnect-window S] [--dvr-window S]"
	if _, err := a.parseArgs(fs, args, usage, 0, 0); err != nil {
		return err
	}
	// Only flags given on the line are sent: the server knows the defaults.
	var in client.LiveStreamInput
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "title":
			in.Title = &title
		case "collection":
			in.CollectionID = &collection
		case "playback-policy":
			in.PlaybackPolicy = &policy
		case "latency":
			in.LatencyMode = &latency
		case "record":
			in.Record = &record
		case "reconnect-window":
			in.ReconnectWindow = &reconnect
		case "dvr-window":
			in.DVRWindow = &dvr
		}
	})
	c, err := a.client()
	if err != nil {
		return err
	}
	if in.CollectionID != nil && *in.CollectionID != "" {
		if collection, err = resolveCollection(ctx, c, "--collection", collection); err != nil {
			return err
		}
	}
	ls, err := c.CreateLiveStream(ctx, in)
	if err != nil {
		return err
	}
	return a.printStreamKey(ls)
}

// printStreamKey prints a stream with its key, always as JSON, whatever
// --format says: the key is shown this once and must reach the caller
// whole. The warning goes to stderr, so that stdout stays one document,
// even with --quiet, which silences progress, not this.
func (a *app) printStreamKey(ls *client.LiveStream) error {
	fmt.Fprintln(a.stderr, "reel: the stream key (stream_key) is shown this once: store it now; \"reel live reset-key "+ls.ID+"\" makes a new one")
	return a.print(ls, nil)
}

func liveTable(list []*client.LiveStream) func() table {
	return func() table {
		t := table{headers: []string{"ID", "TITLE", "STATE", "LATENCY", "RECORD", "KEY", "ACTIVE VIDEO", "CREATED"}}
		for _, ls := range list {
			t.rows = append(t.rows, row{ls.ID, orDefault(truncate(ls.Title, 40), "-"), ls.State, ls.LatencyMode,
				strconv.FormatBool(ls.Record), ls.StreamKeyHint, orDefault(ls.ActiveVideoID, "-"), humanTime(ls.CreatedAt)})
		}
		return t
	}
}

func cmdLiveList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("live list")
	if _, err := a.parseArgs(fs, args, "reel live list [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	page := &client.Page[*client.LiveStream]{Data: []*client.LiveStream{}}
	for ls, err := range c.LiveStreamsIter(ctx, client.ListParams{}) {
		if err != nil {
			return err
		}
		page.Data = append(page.Data, ls)
	}
	return a.print(page, liveTable(page.Data))
}

func cmdLiveGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("live get")
	pos, err := a.parseArgs(fs, args, "reel live get <id> [--format json|table]", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	ls, err := c.LiveStream(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.print(ls, liveTable([]*client.LiveStream{ls}))
}

func cmdLiveStats(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("live stats")
	pos, err := a.parseArgs(fs, args, "reel live stats <id> [--format json|table]", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	st, err := c.LiveStreamStats(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.print(st, func() table {
		peakAt := "-"
		if st.PeakAt != nil {
			peakAt = humanTime(*st.PeakAt)
		}
		return table{
			headers: []string{"VIDEO", "LIVE", "NOW", "PEAK", "PEAK AT", "WATCH TIME", "LATENCY P50", "LATENCY P95"},
			rows: []row{{orDefault(st.VideoID, "-"), fmt.Sprint(st.Live), fmt.Sprint(st.ViewersNow), fmt.Sprint(st.PeakViewers), peakAt,
				humanDuration(st.WatchTimeSeconds), seconds(st.LatencySeconds.P50), seconds(st.LatencySeconds.P95)}},
		}
	})
}

// seconds writes a latency the server may not have ("-" for nil).
func seconds(s *float64) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprintf("%.1f s", *s)
}

func cmdLiveRm(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("live rm")
	pos, err := a.parseArgs(fs, args, "reel live rm <id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteLiveStream(ctx, pos[0]); err != nil {
		return err
	}
	return a.print(map[string]any{"id": pos[0], "deleted": true}, nil)
}

func cmdLiveResetKey(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("live reset-key")
	pos, err := a.parseArgs(fs, args, "reel live reset-key <id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	ls, err := c.ResetLiveStreamKey(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.printStreamKey(ls)
}
