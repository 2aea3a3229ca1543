package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"text/tabwriter"
)

// commandPaths lists every command as "group" or "group sub", sorted.
func commandPaths(tree map[string]map[string]command) []string {
	var paths []string
	for g, subs := range tree {
		for s := range subs {
			paths = append(paths, strings.TrimSpace(g+" "+s))
		}
	}
	sort.Strings(paths)
	return paths
}

// usage is the top-level help: every command and the flags every command
// takes. The flags come from the real flag set so that they cannot drift.
func (a *app) usage(w io.Writer, tree map[string]map[string]command) {
	fmt.Fprintln(w, "usage: reel <command> [subcommand] [arguments] [flags]")
	fmt.Fprintln(w, "\ncommands:")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, p := range commandPaths(tree) {
		g, s, _ := strings.Cut(p, " ")
		fmt.Fprintf(tw, "  %s\t%s\n", p, tree[g][s].summary)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nflags of every command, before or after its arguments:")
	global := map[string]bool{}
	every := a.flagSet("reel")
	every.VisitAll(func(f *flag.Flag) { global[f.Name] = true })
	printFlags(w, every, nil)
	fmt.Fprintln(w, "\nflags before the command:")
	printFlags(w, a.topFlagSet(new(bool)), global, [2]string{"--help", "show this help"})
	fmt.Fprintln(w, "\nRun \"reel <command> [subcommand] --help\" for the flags of one command.")
}

func (a *app) groupUsage(w io.Writer, group string, cmds map[string]command) {
	fmt.Fprintf(w, "usage: reel %s <subcommand> [arguments] [flags]\n\nsubcommands:\n", group)
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, n := range names {
		fmt.Fprintf(tw, "  %s\t%s\n", n, cmds[n].summary)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nRun \"reel %s <subcommand> --help\" for the flags of one subcommand.\n", group)
}

// commandHelp prints the usage line, summary and flags of the command whose
// flag set is fs, on stdout: help was asked for.
func (a *app) commandHelp(fs *flag.FlagSet, usage string) {
	w := a.stdout
	fmt.Fprintln(w, "usage:", usage)
	g, s, _ := strings.Cut(fs.Name(), " ")
	if cmd, ok := commands()[g][s]; ok {
		fmt.Fprintf(w, "\n%s\n", cmd.summary)
	}
	global := map[string]bool{}
	var names []string
	a.flagSet("").VisitAll(func(f *flag.Flag) {
		global[f.Name] = true
		names = append(names, "--"+f.Name)
	})
	own := false
	fs.VisitAll(func(f *flag.Flag) { own = own || !global[f.Name] })
	if own {
		fmt.Fprintln(w, "\nflags:")
		printFlags(w, fs, global)
	}
	fmt.Fprintf(w, "\nglobal flags: %s (see reel --help)\n", strings.Join(names, ", "))
}

// printFlags writes one line per flag of fs that skip does not name, then
// the extra lines (name, text).
func printFlags(w io.Writer, fs *flag.FlagSet, skip map[string]bool, extra ...[2]string) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fs.VisitAll(func(f *flag.Flag) {
		if skip[f.Name] {
			return
		}
		arg, text := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if arg != "" {
			name += " " + arg
		}
		switch f.DefValue {
		case "", "0", "false", "0s":
		default:
			text += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, text)
	})
	for _, e := range extra {
		fmt.Fprintf(tw, "  %s\t%s\n", e[0], e[1])
	}
	tw.Flush()
}

// topFlagSet is the flag set of the line before the command name: the
// global flags and --version.
func (a *app) topFlagSet(version *bool) *flag.FlagSet {
	fs := a.flagSet("reel")
	fs.BoolVar(version, "version", false, "print the version of reel and exit")
	return fs
}

// buildVersion is the version of the main module as the Go toolchain
// recorded it: a tag for "go install ...@v1.2.3", a pseudo-version for a
// build in a repository, "(devel)" when nothing better is known.
func buildVersion() (version, revision string) {
	version = "(devel)"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return version, ""
	}
	if bi.Main.Version != "" {
		version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			revision = s.Value
		}
	}
	return version, revision
}

// versionInfo is what "reel version" prints.
type versionInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

func cmdVersion(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("version")
	if _, err := a.parseArgs(fs, args, "reel version", 0, 0); err != nil {
		return err
	}
	v, rev := buildVersion()
	info := versionInfo{Version: v, Revision: rev, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	return a.print(info, func() table {
		return table{headers: []string{"VERSION", "REVISION", "GO", "PLATFORM"},
			rows: []row{{info.Version, orDefault(info.Revision, "-"), info.Go, info.Platform}}}
	})
}

// unknownCommand is the usage error for a command name that is not one,
// with the nearest known name when one is near enough to be a typo.
func unknownCommand(prefix, name string, known []string) error {
	full := strings.TrimSpace(prefix + " " + name)
	if s := nearest(name, known); s != "" {
		return usageErrorf("unknown command %q; did you mean %q?", full, strings.TrimSpace(prefix+" "+s))
	}
	if prefix == "" {
		return usageErrorf("unknown command %q (see reel --help)", full)
	}
	return usageErrorf("unknown command %q (see reel %s --help)", full, prefix)
}

// nearest returns the candidate closest to name when it is close enough to
// be a typo of it: at most one edit for short names, two for longer ones
// (a swap of two neighbouring letters counts as one), or the only
// candidate that name is the start of.
func nearest(name string, candidates []string) string {
	sort.Strings(candidates)
	maxDist := 1
	if len([]rune(name)) > 4 {
		maxDist = 2
	}
	best, bestDist := "", maxDist+1
	var prefixed []string
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if d := editDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
		if len(name) >= 3 && strings.HasPrefix(c, name) {
			prefixed = append(prefixed, c)
		}
	}
	if best == "" && len(prefixed) == 1 {
		return prefixed[0]
	}
	return best
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and swaps of neighbours, each costing one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
