package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/reelvideo/reel/client"
)

// ---- spaces, with an admin key (refserver keys create --admin) ----

// quotaFlags are --max-bytes, --max-minutes and --max-videos: a whole
// number sets a quota, "none" lifts it, an absent flag leaves it alone.
type quotaFlags map[string]*string

func addQuotaFlags(fs *flag.FlagSet) quotaFlags {
	q := quotaFlags{}
	for _, name := range []string{"max_bytes", "max_minutes", "max_videos"} {
		flagName := map[string]string{"max_bytes": "max-bytes", "max_minutes": "max-minutes", "max_videos": "max-videos"}[name]
		q[name] = fs.String(flagName, "", "quota "+name+": a whole number, or none for no limit")
	}
	return q
}

// quotas returns the quotas the flags name (nil when none is set).
func (q quotaFlags) quotas() (map[string]*int64, error) {
	out := map[string]*int64{}
	for name, v := range q {
		switch *v {
		case "":
		case "none":
			out[name] = nil
		default:
			n, err := strconv.ParseInt(*v, 10, 64)
			if err != nil || n < 0 {
				return nil, usageErrorf("--%s must be a whole number ≥ 0 or none, not %q", name, *v)
			}
			out[name] = &n
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

func spacesTable(spaces []*client.Space) func() table {
	quota := func(p *int64) string {
		if p == nil {
			return "-"
		}
		return strconv.FormatInt(*p, 10)
	}
	return func() table {
		t := table{headers: []string{"ID", "NAME", "MAX BYTES", "MAX MINUTES", "MAX VIDEOS", "VIDEOS", "CREATED"}}
		for _, s := range spaces {
			videos := "-"
			if s.Usage != nil {
				videos = strconv.FormatInt(s.Usage.Videos, 10)
			}
			t.rows = append(t.rows, row{s.ID, truncate(s.Name, 40), quota(s.Quotas.MaxBytes), quota(s.Quotas.MaxMinutes),
				quota(s.Quotas.MaxVideos), videos, humanTime(s.CreatedAt)})
		}
		return t
	}
}

func cmdSpacesCreate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("spaces create")
	var name string
	fs.StringVar(&name, "name", "", "name of the space (a customer, a tenant)")
	q := addQuotaFlags(fs)
	const usage = "reel spaces create --name NAME [--max-bytes N] [--max-minutes N] [--max-videos N]"
	if _, err := a.parseArgs(fs, args, usage, 0, 0); err != nil {
		return err
	}
	if name == "" {
		return usageErrorf("--name is required (usage: %s)", usage)
	}
	quotas, err := q.quotas()
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	sp, err := c.CreateSpace(ctx, client.SpaceInput{Name: &name, Quotas: quotas})
	if err != nil {
		return err
	}
	return a.print(sp, spacesTable([]*client.Space{sp}))
}

func cmdSpacesList(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("spaces list")
	if _, err := a.parseArgs(fs, args, "reel spaces list [--format json|table]", 0, 0); err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	page := &client.Page[*client.Space]{Data: []*client.Space{}}
	for sp, err := range c.SpacesIter(ctx, client.ListParams{}) {
		if err != nil {
			return err
		}
		page.Data = append(page.Data, sp)
	}
	return a.print(page, spacesTable(page.Data))
}

func cmdSpacesGet(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("spaces get")
	pos, err := a.parseArgs(fs, args, "reel spaces get <id>", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	sp, err := c.AdminSpace(ctx, pos[0])
	if err != nil {
		return err
	}
	return a.print(sp, spacesTable([]*client.Space{sp}))
}

func cmdSpacesUpdate(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("spaces update")
	var name string
	fs.StringVar(&name, "name", "", "new name")
	q := addQuotaFlags(fs)
	const usage = "reel spaces update <id> [--name NAME] [--max-bytes N|none] [--max-minutes N|none] [--max-videos N|none]"
	pos, err := a.parseArgs(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	quotas, err := q.quotas()
	if err != nil {
		return err
	}
	in := client.SpaceInput{Quotas: quotas}
	if name != "" {
		in.Name = &name
	}
	if in.Name == nil && in.Quotas == nil {
		return usageErrorf("nothing to change (usage: %s)", usage)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	sp, err := c.UpdateSpace(ctx, pos[0], in)
	if err != nil {
		return err
	}
	return a.print(sp, spacesTable([]*client.Space{sp}))
}

func cmdSpacesDelete(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("spaces delete")
	var recursive bool
	fs.BoolVar(&recursive, "recursive", false, "delete every video and collection of the space first")
	pos, err := a.parseArgs(fs, args, "reel spaces delete <id> [--recursive]", 1, 1)
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	if err := c.DeleteSpace(ctx, pos[0], recursive); err != nil {
		return err
	}
	return a.print(map[string]any{"id": pos[0], "deleted": true}, nil)
}

// cmdSpacesKeys is "reel spaces keys create <space-id> --access ...".
func cmdSpacesKeys(ctx context.Context, a *app, args []string) error {
	const usage = "reel spaces keys create <space-id> --access read_write|read_only [--name NAME]"
	switch {
	case len(args) > 0 && args[0] == "create":
		args = args[1:]
	case len(args) > 0 && strings.HasPrefix(args[0], "-"): // --help
	default:
		return usageErrorf("usage: %s", usage)
	}
	fs := a.flagSet("spaces keys create")
	var access, name string
	fs.StringVar(&access, "access", "", "read_write or read_only")
	fs.StringVar(&name, "name", "", "a name to tell the key apart")
	pos, err := a.parseArgs(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	switch access {
	case "read_write", "read_only":
	case "":
		return usageErrorf("--access is required (usage: %s)", usage)
	default:
		return usageErrorf("--access must be read_write or read_only, not %q", access)
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	k, err := c.CreateSpaceKey(ctx, pos[0], access, name)
	if err != nil {
		return fmt.Errorf("creating a key in space %s: %w", pos[0], err)
	}
	// Always JSON: the secret is shown this once and must reach the caller whole.
	return a.print(k, nil)
}
