package main

import (
	"context"
	"strconv"

	"github.com/reelvideo/reel/client"
)

func cmdTracksAdd(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("tracks add")
	var label, kind string
	var wait bool
	fs.StringVar(&label, "label", "", "name shown by players (default: the language)")
	fs.StringVar(&kind, "kind", "dub", "main, dub or description (audio description)")
	fs.BoolVar(&wait, "wait", false, "wait until the track is encoded and published")
	const usage = "reel tracks add <video-id> <language> <media-file> [--label LABEL] [--kind dub|description|main] [--wait]"
	pos, err := a.parseArgs(fs, args, usage, 3, 3)
	if err != nil {
		return err
	}
	f, err := openRegular(pos[2])
	if err != nil {
		return err
	}
	f.Close()
	c, err := a.client()
	if err != nil {
		return err
	}
	v, err := c.PutAudioTrack(ctx, pos[0], pos[1], pos[2], client.AudioTrackInput{Label: label, Kind: kind})
	if err != nil {
		return err
	}
	if wait {
		if v, err = c.WaitForAudioTrack(ctx, pos[0], pos[1]); err != nil {
			return err
		}
	}
	return a.print(v, tracksTable(v.AudioTracks))
}

func cmdTracksRemove(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("tracks rm")
	pos, err := a.parseArgs(fs, args, "reel tracks rm <video-id> <language>", 2, 2)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteAudioTrack(ctx, pos[0], pos[1]); err != nil {
		return err
	}
	return a.print(map[string]any{"video": pos[0], "language": pos[1], "deleted": true}, nil)
}

func tracksTable(tracks []client.AudioTrack) func() table {
	return func() table {
		t := table{headers: []string{"ID", "LANGUAGE", "LABEL", "KIND", "STATE", "URL"}}
		for _, a := range tracks {
			t.rows = append(t.rows, row{a.ID, a.Language, a.Label, a.Kind, a.State, a.URL})
		}
		return t
	}
}

func cmdPosterSet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("poster set")
	var at string
	fs.StringVar(&at, "time", "", "seconds: make the poster from the frame at this time instead of an image")
	const usage = "reel poster set <video-id> <image.jpg|.png|.webp> | reel poster set <video-id> --time SECONDS"
	pos, err := a.parseArgs(fs, args, usage, 1, 2)
	if err != nil {
		return err
	}
	if (at == "") == (len(pos) == 1) {
		return usageErrorf("give an image or --time, not both (usage: %s)", usage)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	var v *client.Video
	if at != "" {
		seconds, perr := strconv.ParseFloat(at, 64)
		if perr != nil {
			return usageErrorf("--time must be a number of seconds")
		}
		v, err = c.SetPosterTime(ctx, pos[0], seconds)
	} else {
		f, ferr := openRegular(pos[1])
		if ferr != nil {
			return ferr
		}
		f.Close()
		v, err = c.SetPosterImage(ctx, pos[0], pos[1], "")
	}
	if err != nil {
		return err
	}
	return a.print(v, nil)
}
