package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/reelvideo/reel/client"
)

// ---- codec policies ----

func codecsTable(v *client.CodecPolicyView) func() table {
	return func() table {
		t := table{headers: []string{"CODEC", "RULE", "FROM"}}
		if v.Video != nil {
			t.headers = append(t.headers, "STATE")
		}
		for _, c := range []string{"h264", "hevc", "av1"} {
			rule, ok := v.Resolved[c]
			if !ok {
				continue
			}
			from := "default"
			if _, own := v.Rules[c]; own {
				from = v.Scope
			} else if _, up := v.Inherited[c]; up {
				from = "inherited"
			}
			r := row{c, rule, from}
			if s := v.Video; s != nil {
				state := "-"
				switch {
				case slices.Contains(s.Missing, c):
					state = "queued"
				case slices.Contains(s.Waiting, c):
					state = "waiting"
				case slices.Contains(s.Encoded, c):
					state = "encoded"
				}
				r = append(r, state)
			}
			t.rows = append(t.rows, r)
		}
		return t
	}
}

func cmdCodecsGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("codecs get")
	var collection, video string
	fs.StringVar(&collection, "collection", "", "a collection (id, name or path) instead of the space")
	fs.StringVar(&video, "video", "", "a video id instead of the space")
	if _, err := a.parseArgs(fs, args, "reel codecs get [--collection REF | --video ID] [--format json|table]", 0, 0); err != nil {
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
	v, err := c.CodecPolicy(ctx, scope, id)
	if err != nil {
		return err
	}
	return a.print(v, codecsTable(v))
}

func cmdCodecsSet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("codecs set")
	var collection, video, raw string
	fs.StringVar(&collection, "collection", "", "a collection (id, name or path) instead of the space")
	fs.StringVar(&video, "video", "", "a video id instead of the space")
	fs.StringVar(&raw, "json", "", `the rules as a JSON object, e.g. '{"av1": ">=720p", "hevc": null}' (null unsets)`)
	const usage = "reel codecs set [--collection REF | --video ID] CODEC=RULE… | --json OBJECT (CODEC= unsets; e.g. h264=all av1='>=720p after 100 views')"
	pos, err := a.parseArgs(fs, args, usage, 0, -1)
	if err != nil {
		return err
	}
	patch := client.CodecRules{}
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &patch); err != nil {
			return usageErrorf("--json: want an object of codec → rule or null: %v", err)
		}
	}
	for _, arg := range pos {
		codec, rule, ok := strings.Cut(arg, "=")
		if !ok || codec == "" {
			return usageErrorf("%q is not CODEC=RULE (CODEC= unsets it)", arg)
		}
		if rule == "" {
			patch[codec] = nil
		} else {
			patch[codec] = &rule
		}
	}
	if len(patch) == 0 {
		return usageErrorf("nothing to set: give CODEC=RULE or --json\nusage: %s", usage)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	scope, id, err := playerScope(ctx, c, collection, video)
	if err != nil {
		return err
	}
	v, err := c.UpdateCodecPolicy(ctx, scope, id, patch)
	if err != nil {
		return err
	}
	return a.print(v, codecsTable(v))
}
