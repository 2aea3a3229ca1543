package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reelvideo/reel/client"
)

// waitFlag is --wait, --wait=playable or --wait=ready: a boolean flag with
// an optional value.
type waitFlag struct{ target client.State }

func (w *waitFlag) String() string   { return string(w.target) }
func (w *waitFlag) IsBoolFlag() bool { return true }
func (w *waitFlag) Set(s string) error {
	switch s {
	case "true", "ready":
		w.target = client.StateReady
	case "playable":
		w.target = client.WaitPlayable
	case "uploaded":
		w.target = client.StateUploaded
	case "false":
		w.target = ""
	default:
		return fmt.Errorf("must be playable or ready, not %q", s)
	}
	return nil
}

// metadataFlag collects repeated --metadata key=value.
type metadataFlag map[string]string

func (m metadataFlag) String() string { return "" }
func (m metadataFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("must be key=value, not %q", s)
	}
	m[k] = v
	return nil
}

// waitOptions are the flags of every command that can wait for a video.
type waitOptions struct {
	wait    waitFlag
	timeout time.Duration
}

func (w *waitOptions) register(fs *flag.FlagSet) {
	fs.Var(&w.wait, "wait", "wait until the video is ready (--wait) or playable (--wait=playable)")
	fs.DurationVar(&w.timeout, "timeout", 0, "give up waiting after this long (exit status 3); 0 waits forever")
}

func cmdVideosCreate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("videos create")
	var in client.CreateVideoInput
	md := metadataFlag{}
	var w waitOptions
	var alias string
	fs.StringVar(&in.InputURL, "input-url", "", "`URL` the server fetches the video from (or give it as the argument)")
	fs.StringVar(&alias, "url", "", "same as --input-url")
	fs.StringVar(&in.Title, "title", "", "title")
	fs.StringVar(&in.Description, "description", "", "description")
	fs.StringVar(&in.Collection, "collection", "", collectionFlagUsage)
	fs.StringVar(&in.PlaybackPolicy, "playback-policy", "", "public or signed")
	fs.BoolVar(&in.OriginalAccess, "original-access", false, "serve the original at urls.original")
	fs.Var(md, "metadata", "`key=value` (repeatable)")
	w.register(fs)
	const usage = "reel videos create <url> [--title T] [--collection ID|NAME|PATH] [--playback-policy public|signed] [--original-access] [--wait[=playable|ready]]"
	pos, err := a.parseArgs(fs, args, usage, 0, 1)
	if err != nil {
		return err
	}
	// The URL may come as the argument, --input-url (the API's name) or
	// --url; given twice, the values must agree.
	for _, u := range append(pos, alias) {
		switch {
		case u == "":
		case in.InputURL == "":
			in.InputURL = u
		case u != in.InputURL:
			return usageErrorf("two different URLs given: %q and %q", in.InputURL, u)
		}
	}
	if in.InputURL == "" {
		return usageErrorf("a URL is required (usage: %s)", usage)
	}
	if len(md) > 0 {
		in.Metadata = md
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if in.Collection, err = resolveCollection(ctx, c, "--collection", in.Collection); err != nil {
		return err
	}
	v, err := c.CreateVideo(ctx, in)
	if err != nil {
		return err
	}
	if v, err = a.waitIfAsked(ctx, c, v, w); err != nil {
		return err
	}
	return a.print(v, videosTable([]*client.Video{v}))
}

func cmdVideosList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("videos list")
	var p client.ListVideosParams
	var all bool
	var archived string
	fs.StringVar(&p.Collection, "collection", "", "only videos of this collection: "+collectionFlagUsage)
	fs.StringVar(&p.State, "state", "", "only videos in this state")
	fs.StringVar(&p.Query, "query", "", "title search")
	fs.StringVar(&p.Order, "order", "", "created_desc or created_asc")
	fs.StringVar(&p.Cursor, "cursor", "", "start at this cursor")
	fs.StringVar(&archived, "archived", "", "true or false: only archived or only live videos")
	fs.IntVar(&p.Limit, "limit", 0, "page size (1-100)")
	fs.BoolVar(&all, "all", false, "follow next_cursor to the end")
	const usage = "reel videos list [--collection ID|NAME|PATH] [--state S] [--query Q] [--archived true|false] [--order O] [--limit N] [--cursor C] [--all] [--format json|table]"
	if _, err := a.parseArgs(fs, args, usage, 0, 0); err != nil {
		return err
	}
	if archived != "" {
		b, err := strconv.ParseBool(archived)
		if err != nil {
			return usageErrorf("--archived must be true or false")
		}
		p.Archived = &b
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if p.Collection, err = resolveCollection(ctx, c, "--collection", p.Collection); err != nil {
		return err
	}
	var page *client.Page[*client.Video]
	if all {
		page = &client.Page[*client.Video]{Data: []*client.Video{}}
		for v, err := range c.VideosIter(ctx, p) {
			if err != nil {
				return err
			}
			page.Data = append(page.Data, v)
		}
	} else if page, err = c.ListVideos(ctx, p); err != nil {
		return err
	}
	if page.Data == nil {
		page.Data = []*client.Video{}
	}
	return a.print(page, videosTable(page.Data))
}

// videoCommand parses the flags of a command that takes one video id.
// flagsUsage, when not "", follows the id in the usage line.
func (a *app) videoCommand(name string, args []string, flagsUsage string, extra func(*flag.FlagSet)) (string, *client.Client, error) {
	fs := a.flagSet(name)
	if extra != nil {
		extra(fs)
	}
	pos, err := a.parseArgs(fs, args, strings.TrimSpace("reel "+name+" <video-id> "+flagsUsage), 1, 1)
	if err != nil {
		return "", nil, err
	}
	c, err := a.client()
	return pos[0], c, err
}

func cmdVideosGet(ctx context.Context, a *app, args []string) error {
	id, c, err := a.videoCommand("videos get", args, "", nil)
	if err != nil {
		return err
	}
	v, err := c.Video(ctx, id)
	if err != nil {
		return err
	}
	return a.print(v, videosTable([]*client.Video{v}))
}

func cmdVideosUpdate(ctx context.Context, a *app, args []string) error {
	var title, description, collection, policy string
	var posterTime float64
	var originalAccess bool
	md := metadataFlag{}
	fs := a.flagSet("videos update")
	fs.StringVar(&title, "title", "", "new title")
	fs.StringVar(&description, "description", "", "new description")
	fs.StringVar(&collection, "collection", "", "move to this collection (\"\" for none): "+collectionFlagUsage)
	fs.StringVar(&policy, "playback-policy", "", "public or signed")
	fs.Float64Var(&posterTime, "poster-time", 0, "poster frame time in seconds")
	fs.BoolVar(&originalAccess, "original-access", false, "serve the original at urls.original (true) or stop (false)")
	fs.Var(md, "metadata", "key=value (repeatable; replaces the metadata)")
	const usage = "reel videos update <video-id> [--title T] [--description D] [--collection ID|NAME|PATH] [--metadata k=v ...] [--playback-policy public|signed] [--poster-time S] [--original-access=true|false]"
	pos, err := a.parseArgs(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	// Only flags given on the line change anything: --title "" clears the
	// title, a missing --title keeps it.
	var in client.UpdateVideoInput
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "title":
			in.Title = &title
		case "description":
			in.Description = &description
		case "collection":
			in.Collection = &collection
		case "playback-policy":
			in.PlaybackPolicy = &policy
		case "poster-time":
			in.PosterTime = &posterTime
		case "original-access":
			in.OriginalAccess = &originalAccess
		case "metadata":
			in.Metadata = md
		}
	})
	c, err := a.client()
	if err != nil {
		return err
	}
	if in.Collection != nil && *in.Collection != "" {
		if collection, err = resolveCollection(ctx, c, "--collection", collection); err != nil {
			return err
		}
	}
	v, err := c.UpdateVideo(ctx, pos[0], in)
	if err != nil {
		return err
	}
	return a.print(v, videosTable([]*client.Video{v}))
}

func cmdVideosDelete(ctx context.Context, a *app, args []string) error {
	id, c, err := a.videoCommand("videos delete", args, "", nil)
	if err != nil {
		return err
	}
	if err := c.DeleteVideo(ctx, id); err != nil {
		return err
	}
	return a.print(map[string]any{"id": id, "deleted": true}, nil)
}

func cmdVideosArchive(archive bool) func(ctx context.Context, a *app, args []string) error {
	return func(ctx context.Context, a *app, args []string) error {
		name := "videos unarchive"
		if archive {
			name = "videos archive"
		}
		id, c, err := a.videoCommand(name, args, "", nil)
		if err != nil {
			return err
		}
		var v *client.Video
		if archive {
			v, err = c.ArchiveVideo(ctx, id)
		} else {
			v, err = c.UnarchiveVideo(ctx, id)
		}
		if err != nil {
			return err
		}
		return a.print(v, videosTable([]*client.Video{v}))
	}
}

func cmdVideosWait(ctx context.Context, a *app, args []string) error {
	var w waitOptions
	var state string
	id, c, err := a.videoCommand("videos wait", args, "[--state playable|ready] [--timeout D]", func(fs *flag.FlagSet) {
		fs.StringVar(&state, "state", "ready", "playable, ready or another state")
		fs.DurationVar(&w.timeout, "timeout", 0, "give up after this long (exit status 3)")
	})
	if err != nil {
		return err
	}
	if err := w.wait.Set(state); err != nil {
		return usageErrorf("--state %v", err)
	}
	v, err := a.waitIfAsked(ctx, c, &client.Video{ID: id, State: "unknown"}, w)
	if err != nil {
		return err
	}
	return a.print(v, videosTable([]*client.Video{v}))
}

// waitIfAsked polls v until the --wait target, with a spinner on a
// terminal; a --timeout that runs out is a *waitTimeoutError.
func (a *app) waitIfAsked(ctx context.Context, c *client.Client, v *client.Video, w waitOptions) (*client.Video, error) {
	if w.wait.target == "" {
		return v, nil
	}
	waitCtx := ctx
	if w.timeout > 0 {
		var cancel context.CancelFunc
		waitCtx, cancel = context.WithTimeout(ctx, w.timeout)
		defer cancel()
	}
	spin := a.newSpinner("waiting for " + string(w.wait.target))
	defer spin.stop()
	last := v
	got, err := c.Watch(waitCtx, v.ID, w.wait.target, func(polled *client.Video) {
		last = polled
		spin.describe(fmt.Sprintf("%s: %s", polled.ID, stateLabel(polled)))
	})
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return last, &waitTimeoutError{videoID: v.ID, state: last.State}
		}
		return got, err
	}
	return got, nil
}

func stateLabel(v *client.Video) string {
	s := string(v.State)
	if v.Progress != nil {
		s += fmt.Sprintf(" %.0f%%", *v.Progress)
	}
	if v.Playable && v.State != client.StateReady {
		s += ", playable"
	}
	return s
}

// cmdVideosEvents shows a video's events, oldest first, and what became of
// each at every webhook endpoint.
func cmdVideosEvents(ctx context.Context, a *app, args []string) error {
	id, c, err := a.videoCommand("videos events", args, "[--format json|table]", nil)
	if err != nil {
		return err
	}
	page := client.Page[*client.VideoEvent]{Data: []*client.VideoEvent{}}
	for e, err := range c.VideoEventsIter(ctx, id) {
		if err != nil {
			return err
		}
		page.Data = append(page.Data, e)
	}
	slices.Reverse(page.Data)
	return a.print(page, func() table {
		t := table{headers: []string{"EVENT", "TYPE", "AT", "ENDPOINT", "DELIVERY", "STATE", "ATTEMPTS", "LAST STATUS"}}
		for _, e := range page.Data {
			if len(e.Deliveries) == 0 {
				t.rows = append(t.rows, row{e.ID, e.Type, humanTime(e.CreatedAt), "-", "-", "no endpoint listens", "-", "-"})
			}
			for _, d := range e.Deliveries {
				t.rows = append(t.rows, row{e.ID, e.Type, humanTime(e.CreatedAt), d.Endpoint, d.ID, d.State, fmt.Sprint(len(d.Attempts)), lastStatus(d)})
			}
		}
		return t
	})
}
