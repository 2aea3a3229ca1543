package main

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/reelvideo/reel/client"
)

// ---- player settings ----

// playerScope reads --collection and --video: the scope of a player
// command (the space when neither is given).
func playerScope(ctx context.Context, c *client.Client, collection, video string) (string, string, error) {
	switch {
	case collection != "" && video != "":
		return "", "", usageErrorf("give --collection or --video, not both")
	case video != "":
		return client.PlayerScopeVideo, video, nil
	case collection != "":
		id, err := resolveCollection(ctx, c, "collection", collection)
		return client.PlayerScopeCollection, id, err
	}
	return client.PlayerScopeSpace, "", nil
}

func playerTable(v *client.PlayerSettingsView) func() table {
	return func() table {
		t := table{headers: []string{"SETTING", "VALUE", "FROM"}}
		var names []string
		for k := range v.Resolved {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			from := "inherited"
			if _, own := v.Settings[k]; own {
				from = v.Scope
			}
			t.rows = append(t.rows, row{k, fmt.Sprint(v.Resolved[k]), from})
		}
		return t
	}
}

func cmdPlayerGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("player get")
	var collection, video string
	fs.StringVar(&collection, "collection", "", "a collection (id, name or path) instead of the space")
	fs.StringVar(&video, "video", "", "a video id instead of the space")
	if _, err := a.parseArgs(fs, args, "reel player get [--collection REF | --video ID] [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	scope, id, err := playerScope(ctx, c, collection, video)
	if err != nil {
		return err
	}
	v, err := c.PlayerSettings(ctx, scope, id)
	if err != nil {
		return err
	}
	return a.print(v, playerTable(v))
}

// playerValue reads NAME=VALUE: an empty VALUE unsets the setting; the
// boolean and number settings take true/false and seconds.
func playerValue(arg string) (string, any, error) {
	name, value, ok := strings.Cut(arg, "=")
	if !ok || name == "" {
		return "", nil, usageErrorf("%q is not NAME=VALUE (NAME= unsets it)", arg)
	}
	if value == "" {
		return name, nil, nil
	}
	switch name {
	case "autoplay", "muted", "loop":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return "", nil, usageErrorf("%s takes true or false, not %q", name, value)
		}
		return name, b, nil
	case "start", "poster-time":
		f, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return "", nil, usageErrorf("%s takes seconds, not %q", name, value)
		}
		return name, f, nil
	}
	return name, value, nil
}

func cmdPlayerSet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("player set")
	var collection, video string
	fs.StringVar(&collection, "collection", "", "a collection (id, name or path) instead of the space")
	fs.StringVar(&video, "video", "", "a video id instead of the space")
	const usage = "reel player set [--collection REF | --video ID] NAME=VALUE… (NAME= unsets; e.g. color=#ff5a36 autoplay=true controls=\"play seek\")"
	pos, err := a.parseArgs(fs, args, usage, 1, -1)
	if err != nil {
		return err
	}
	patch := client.PlayerSettings{}
	for _, arg := range pos {
		name, value, err := playerValue(arg)
		if err != nil {
			return err
		}
		patch[name] = value
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	scope, id, err := playerScope(ctx, c, collection, video)
	if err != nil {
		return err
	}
	v, err := c.UpdatePlayerSettings(ctx, scope, id, patch)
	if err != nil {
		return err
	}
	return a.print(v, playerTable(v))
}
