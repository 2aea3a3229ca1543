package main_test

import (
	"go/parser"
	"go/token"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestTopLevelHelp(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name     string
		args     []string
		wantCode int
		stderr   bool // the usage goes to stderr (a usage error)
	}{
		{name: "--help", args: []string{"--help"}},
		{name: "-h", args: []string{"-h"}},
		{name: "help", args: []string{"help"}},
		{name: "--help after a global flag", args: []string{"--quiet", "--help"}},
		{name: "no command", args: nil, wantCode: 2, stderr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			res := e.run("", tt.args...)
			out := res.stdout
			if tt.stderr {
				out = res.stderr
			}
			if res.code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr %q", res.code, tt.wantCode, res.stderr)
			}
			for _, want := range []string{"usage: reel <command>", "videos upload", "webhooks rotate-secret", "version",
				"--api-key KEY", "--base-url URL", "--profile NAME", "--format FORMAT", "--quiet", "--version"} {
				if !strings.Contains(out, want) {
					t.Errorf("help lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

func TestVersion(t *testing.T) {
	e := newEnv(t)
	var v struct{ Version, Go, Platform string }
	e.ok("version").json(t, &v)
	if v.Version == "" || !strings.HasPrefix(v.Go, "go") || !strings.Contains(v.Platform, "/") {
		t.Errorf("reel version printed %+v", v)
	}
	for _, args := range [][]string{{"--version"}, {"-version"}} {
		res := e.ok(args...)
		if got, want := res.stdout, "reel "+v.Version+"\n"; got != want {
			t.Errorf("reel %s printed %q, want %q", args[0], got, want)
		}
	}
	// --version belongs to reel, not to its commands.
	if res := e.run("", "videos", "list", "--version"); res.code != 2 {
		t.Errorf("videos list --version: exit %d, want 2", res.code)
	}
}

// helpCommands returns the commands "reel --help" lists, as "group" or
// "group sub".
func helpCommands(t *testing.T, e *env) []string {
	t.Helper()
	out := e.ok("--help").stdout
	_, section, ok := strings.Cut(out, "\ncommands:\n")
	if !ok {
		t.Fatalf("no commands section in:\n%s", out)
	}
	section, _, _ = strings.Cut(section, "\n\n")
	line := regexp.MustCompile(`^  (\S+(?: \S+)?)\s{2,}\S`)
	var cmds []string
	for _, l := range strings.Split(section, "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("unexpected commands line %q", l)
		}
		cmds = append(cmds, m[1])
	}
	if len(cmds) < 30 {
		t.Fatalf("only %d commands in reel --help", len(cmds))
	}
	return cmds
}

// flagNames finds the --flags of a text: "--wait[=ready]" and
// "--collection ID" both give their name.
var flagNames = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// helpFlags returns the flags "reel <cmd> --help" shows for the command
// itself, and the global flags it names.
func helpFlags(t *testing.T, e *env, cmd string) (own, global map[string]bool) {
	t.Helper()
	res := e.ok(append(strings.Fields(cmd), "--help")...)
	if !strings.HasPrefix(res.stdout, "usage: reel "+cmd) {
		t.Errorf("reel %s --help does not start with its usage:\n%s", cmd, res.stdout)
	}
	own, global = map[string]bool{}, map[string]bool{}
	if _, section, ok := strings.Cut(res.stdout, "\nflags:\n"); ok {
		section, _, _ = strings.Cut(section, "\n\n")
		for _, l := range strings.Split(section, "\n") {
			m := regexp.MustCompile(`^  --([a-z][a-z0-9-]*)`).FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("reel %s --help: unexpected flags line %q", cmd, l)
			}
			own[m[1]] = true
		}
	}
	_, globals, ok := strings.Cut(res.stdout, "\nglobal flags: ")
	if !ok {
		t.Fatalf("reel %s --help names no global flags:\n%s", cmd, res.stdout)
	}
	for _, m := range flagNames.FindAllStringSubmatch(globals, -1) {
		global[m[1]] = true
	}
	return own, global
}

// docUsage returns the usage lines of the package documentation (what
// "go doc ./cmd/reel" shows), keyed by the command each names.
func docUsage(t *testing.T, cmds []string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	if f.Doc == nil {
		t.Fatal("doc.go has no package documentation")
	}
	known := map[string]bool{}
	for _, c := range cmds {
		known[c] = true
	}
	lines := map[string]string{}
	for _, l := range strings.Split(f.Doc.Text(), "\n") {
		// Usage lines are the indented (code) lines; prose is not.
		rest, ok := strings.CutPrefix(l, "\treel ")
		if !ok {
			continue
		}
		words := strings.Fields(rest)
		// The longest known command the line starts with.
		cmd := ""
		if len(words) > 1 && known[words[0]+" "+words[1]] {
			cmd = words[0] + " " + words[1]
		} else if known[words[0]] {
			cmd = words[0]
		}
		if cmd == "" {
			continue
		}
		if _, dup := lines[cmd]; dup {
			t.Errorf("doc.go has two usage lines for reel %s", cmd)
		}
		lines[cmd] = rest
	}
	return lines
}

// TestHelpMatchesDoc holds three lists to each other: the flags a command
// defines (its --help lists them from its flag set), and the usage line of
// doc.go. A flag defined but not documented, or documented but not
// defined, fails; so does a command missing from either.
func TestHelpMatchesDoc(t *testing.T) {
	e := newEnv(t)
	cmds := helpCommands(t, e)
	doc := docUsage(t, cmds)
	for _, cmd := range cmds {
		t.Run(cmd, func(t *testing.T) {
			e.t = t
			own, global := helpFlags(t, e, cmd)
			line, ok := doc[cmd]
			if !ok {
				t.Fatalf("doc.go has no usage line for reel %s", cmd)
			}
			documented := map[string]bool{}
			for _, m := range flagNames.FindAllStringSubmatch(line, -1) {
				documented[m[1]] = true
			}
			for _, f := range slices.Sorted(maps.Keys(own)) {
				if !documented[f] {
					t.Errorf("reel %s defines --%s, but its doc.go line does not show it: %s", cmd, f, line)
				}
			}
			for _, f := range slices.Sorted(maps.Keys(documented)) {
				if !own[f] && !global[f] {
					t.Errorf("doc.go shows --%s for reel %s, which does not define it", f, cmd)
				}
			}
		})
	}
	for cmd := range doc {
		if !slices.Contains(cmds, cmd) {
			t.Errorf("doc.go documents reel %s, which reel --help does not list", cmd)
		}
	}
}

// TestHelpFlagsOfIssue pins the flags that help once left out.
func TestHelpFlagsOfIssue(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		cmd   string
		flags []string
	}{
		{"videos wait", []string{"state", "timeout"}},
		{"tokens playback", []string{"sub", "embed", "ttl", "origins"}},
		{"videos create", []string{"input-url", "url", "playback-policy", "collection", "wait"}},
		{"videos upload", []string{"collection", "chunk-size", "upload-token"}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			e.t = t
			own, _ := helpFlags(t, e, tt.cmd)
			for _, f := range tt.flags {
				if !own[f] {
					t.Errorf("reel %s --help lacks --%s", tt.cmd, f)
				}
			}
		})
	}
}

func TestGroupHelp(t *testing.T) {
	e := newEnv(t)
	res := e.ok("videos", "--help")
	for _, want := range []string{"usage: reel videos <subcommand>", "upload", "wait"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("videos --help lacks %q:\n%s", want, res.stdout)
		}
	}
	// "reel help <command>" is "reel <command> --help".
	if got, want := e.ok("help", "videos", "wait").stdout, e.ok("videos", "wait", "--help").stdout; got != want {
		t.Errorf("help videos wait printed\n%s\nwant\n%s", got, want)
	}
}
