package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/reelvideo/reel/client"
	"golang.org/x/term"
)

// Exit statuses.
const (
	exitOK        = 0
	exitFailure   = 1
	exitUsage     = 2
	exitTimeout   = 3
	exitInterrupt = 130
)

// app is one invocation of the tool: its streams, environment and the
// flags every command shares.
type app struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
	global globalFlags
	// interrupted is set when SIGINT or SIGTERM ended the context.
	interrupted *atomic.Bool
}

// globalFlags are accepted by every command, anywhere on the line.
type globalFlags struct {
	profile string
	apiKey  string
	baseURL string
	format  string
	quiet   bool
}

// command is one leaf of the command tree.
type command struct {
	summary string
	run     func(ctx context.Context, a *app, args []string) error
}

// commands is the command tree: group → name → command. A group with a
// single "" entry is a command without subcommands.
func commands() map[string]map[string]command {
	return map[string]map[string]command{
		"login":  {"": {"store an API key for a server", cmdLogin}},
		"logout": {"": {"forget the stored API key", cmdLogout}},
		"videos": {
			"upload":    {"upload a local file (resumable)", cmdVideosUpload},
			"create":    {"create a video from a URL", cmdVideosCreate},
			"list":      {"list videos", cmdVideosList},
			"get":       {"show one video", cmdVideosGet},
			"update":    {"change a video's fields", cmdVideosUpdate},
			"delete":    {"delete a video", cmdVideosDelete},
			"archive":   {"archive a video", cmdVideosArchive(true)},
			"unarchive": {"unarchive a video", cmdVideosArchive(false)},
			"wait":      {"wait until a video is playable or ready", cmdVideosWait},
			"events":    {"show a video's events and their webhook deliveries", cmdVideosEvents},
		},
		"collections": {
			"create": {"create a collection", cmdCollectionsCreate},
			"list":   {"list collections", cmdCollectionsList},
			"get":    {"show one collection", cmdCollectionsGet},
			"delete": {"delete a collection", cmdCollectionsDelete},
		},
		"live": {
			"create":    {"create a live stream (its stream key is shown once)", cmdLiveCreate},
			"list":      {"list the live streams of the space", cmdLiveList},
			"get":       {"show one live stream", cmdLiveGet},
			"rm":        {"delete a live stream that is not live", cmdLiveRm},
			"reset-key": {"give a live stream a new key (shown once; the old one stops at once)", cmdLiveResetKey},
			"stats":     {"show who watches a live stream's session: now, peak, latency p50/p95", cmdLiveStats},
		},
		"subtitles": {
			"add":    {"add or replace a subtitle language", cmdSubtitlesAdd},
			"list":   {"list a video's subtitles", cmdSubtitlesList},
			"delete": {"remove a subtitle language", cmdSubtitlesDelete},
		},
		"tracks": {
			"add": {"add or replace an audio track (dub, audio description) of a ready video", cmdTracksAdd},
			"rm":  {"remove an added audio track", cmdTracksRemove},
		},
		"poster": {
			"set": {"set a ready video's poster from an image or a time", cmdPosterSet},
		},
		"chapters": {
			"set": {"replace a video's chapters from a WebVTT or JSON file", cmdChaptersSet},
			"get": {"list a video's chapters", cmdChaptersGet},
			"rm":  {"remove a video's chapters", cmdChaptersRm},
		},
		"tokens": {
			"upload":   {"mint an upload token", cmdTokensUpload},
			"playback": {"mint a playback token", cmdTokensPlayback},
		},
		"webhooks": {
			"create":        {"register a webhook endpoint", cmdWebhooksCreate},
			"list":          {"list webhook endpoints", cmdWebhooksList},
			"get":           {"show one webhook endpoint", cmdWebhooksGet},
			"update":        {"change a webhook endpoint", cmdWebhooksUpdate},
			"delete":        {"delete a webhook endpoint", cmdWebhooksDelete},
			"deliveries":    {"show an endpoint's delivery log", cmdWebhooksDeliveries},
			"retry":         {"redeliver one delivery", cmdWebhooksRetry},
			"test":          {"send a signed test event", cmdWebhooksTest},
			"rotate-secret": {"give an endpoint a new secret", cmdWebhooksRotate},
			"verify":        {"verify a delivery read from stdin", cmdWebhooksVerify},
		},
		"import": {
			"dir":   {"import a folder tree of video files", cmdImportDir},
			"vimeo": {"import from Vimeo", cmdImportVimeo},
			"mux":   {"import from Mux", cmdImportMux},
			"reel":  {"import from another Reel server", cmdImportReel},
		},
		"keys": {
			"create": {"create an API key (the secret is shown once)", cmdKeysCreate},
			"list":   {"list the API keys of the space", cmdKeysList},
			"delete": {"revoke an API key", cmdKeysDelete},
		},
		"spaces": {
			"create": {"create a space, with quotas (admin key)", cmdSpacesCreate},
			"list":   {"list the installation's spaces (admin key)", cmdSpacesList},
			"get":    {"show a space with its quotas and usage (admin key)", cmdSpacesGet},
			"update": {"rename a space or change its quotas (admin key)", cmdSpacesUpdate},
			"delete": {"delete a space (admin key)", cmdSpacesDelete},
			"keys":   {"keys create <space-id>: create an API key in a space (admin key)", cmdSpacesKeys},
		},
		"signing-keys": {
			"create": {"create a token-signing key (the private half is shown once)", cmdSigningKeysCreate},
			"list":   {"list the token-signing keys of the space", cmdSigningKeysList},
			"delete": {"delete a token-signing key", cmdSigningKeysDelete},
		},
		"player": {
			"get": {"show the player settings of the space, a collection or a video", cmdPlayerGet},
			"set": {"change player settings (every embed of the scope picks them up)", cmdPlayerSet},
		},
		"codecs": {
			"get": {"show the codec policy of the space, a collection or a video", cmdCodecsGet},
			"set": {"change the codec policy (ready videos that lack a codec get it added)", cmdCodecsSet},
		},
		"stats":   {"": {"show analytics of a video or the space", cmdStats}},
		"help":    {"": {"show the commands, or the flags of one", cmdHelp}},
		"version": {"": {"print the version of reel", cmdVersion}},
	}
}

// run is the whole program; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv, interrupted: &atomic.Bool{}}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		select {
		case <-signals:
			a.interrupted.Store(true)
			cancel()
		case <-ctx.Done():
		}
	}()
	return a.exitStatus(a.dispatch(ctx, args))
}

func (a *app) dispatch(ctx context.Context, args []string) error {
	// Global flags may come before the command name.
	var version bool
	fs := a.topFlagSet(&version)
	tree := commands()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			a.usage(a.stdout, tree)
			return nil
		}
		return a.flagError(err, "")
	}
	if version {
		v, _ := buildVersion()
		fmt.Fprintln(a.stdout, "reel", v)
		return nil
	}
	args = fs.Args()
	if len(args) == 0 {
		a.usage(a.stderr, tree)
		return usageErrorf("a command is required")
	}
	group, ok := tree[args[0]]
	if !ok {
		return unknownCommand("", args[0], slices.Collect(maps.Keys(tree)))
	}
	if cmd, ok := group[""]; ok {
		return cmd.run(ctx, a, args[1:])
	}
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		if len(args) >= 2 && (args[1] == "-h" || args[1] == "--help" || args[1] == "-help") {
			a.groupUsage(a.stdout, args[0], group)
			return nil
		}
		a.groupUsage(a.stderr, args[0], group)
		return usageErrorf("reel %s needs a subcommand", args[0])
	}
	cmd, ok := group[args[1]]
	if !ok {
		return unknownCommand(args[0], args[1], slices.Collect(maps.Keys(group)))
	}
	return cmd.run(ctx, a, args[2:])
}

// cmdHelp is "reel help [command [subcommand]]".
func cmdHelp(ctx context.Context, a *app, args []string) error {
	fs := a.flagSet("help")
	pos, err := a.parseArgs(fs, args, "reel help [<command> [<subcommand>]]", 0, 2)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		a.usage(a.stdout, commands())
		return nil
	}
	return a.dispatch(ctx, append(pos, "--help"))
}

// flagSet returns a flag set that already holds the global flags.
func (a *app) flagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&a.global.profile, "profile", a.global.profile, "configuration profile `NAME` (env REEL_PROFILE)")
	fs.StringVar(&a.global.apiKey, "api-key", a.global.apiKey, "API `KEY` to authenticate with (env REEL_API_KEY)")
	fs.StringVar(&a.global.baseURL, "base-url", a.global.baseURL, "`URL` of the server (env REEL_BASE_URL)")
	fs.StringVar(&a.global.format, "format", a.global.format, "output `FORMAT`: json or table")
	fs.BoolVar(&a.global.quiet, "quiet", a.global.quiet, "no progress output")
	return fs
}

// parseArgs parses flags anywhere among the positional arguments and
// checks the number of positional arguments; "--" ends the flags.
func (a *app) parseArgs(fs *flag.FlagSet, args []string, usage string, minArgs, maxArgs int) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				a.commandHelp(fs, usage)
				return nil, errHelp
			}
			return nil, a.flagError(err, usage)
		}
		consumed := len(args) - fs.NArg()
		rest := fs.Args()
		if consumed > 0 && args[consumed-1] == "--" {
			positional = append(positional, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	if len(positional) < minArgs || (maxArgs >= 0 && len(positional) > maxArgs) {
		return nil, usageErrorf("usage: %s", usage)
	}
	switch a.global.format {
	case "", "json", "table":
	default:
		return nil, usageErrorf("--format must be json or table, not %q", a.global.format)
	}
	return positional, nil
}

func (a *app) flagError(err error, usage string) error {
	if usage != "" {
		return usageErrorf("%v (usage: %s)", err, usage)
	}
	return usageErrorf("%v", err)
}

// errHelp ends a command that printed its usage because it was asked to.
var errHelp = errors.New("help shown")

// usageError is a mistake on the command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// waitTimeoutError is a --wait or videos wait that ran past --timeout.
type waitTimeoutError struct {
	videoID string
	state   client.State
}

func (e *waitTimeoutError) Error() string {
	return fmt.Sprintf("timed out waiting for video %s (last state %s)", e.videoID, e.state)
}

// codedError is a local failure with an error code, printed like an API
// error.
type codedError struct {
	code, detail string
}

func (e *codedError) Error() string { return e.code + ": " + e.detail }

// exitStatus prints err as one line on stderr and maps it to an exit status.
func (a *app) exitStatus(err error) int {
	if err == nil || errors.Is(err, errHelp) {
		return exitOK
	}
	var (
		usage   *usageError
		apiErr  *client.Error
		timeout *waitTimeoutError
		failed  *client.VideoFailedError
		coded   *codedError
		netErr  net.Error
	)
	switch {
	case a.interrupted.Load() || errors.Is(err, context.Canceled):
		fmt.Fprintln(a.stderr, "reel: interrupted")
		return exitInterrupt
	case errors.As(err, &usage):
		fmt.Fprintln(a.stderr, "reel:", usage.msg)
		return exitUsage
	case errors.As(err, &timeout):
		fmt.Fprintln(a.stderr, "reel: timeout:", timeout.Error())
		return exitTimeout
	case errors.As(err, &failed):
		fmt.Fprintf(a.stderr, "reel: %s: %s\n", orDefault(failed.Code, "errored"), orDefault(failed.Message, "the video errored"))
	case errors.As(err, &apiErr):
		fmt.Fprintf(a.stderr, "reel: %s: %s%s\n", apiErr.Code, oneLine(humanSizes(apiErr.Code, apiErr.Detail)), apiHint(apiErr.Code))
	case errors.As(err, &coded):
		fmt.Fprintf(a.stderr, "reel: %s: %s%s\n", coded.code, oneLine(humanSizes(coded.code, coded.detail)), apiHint(coded.code))
	case errors.As(err, &netErr):
		fmt.Fprintf(a.stderr, "reel: unreachable: %s\n", oneLine(err.Error()))
	default:
		fmt.Fprintln(a.stderr, "reel:", oneLine(err.Error()))
	}
	return exitFailure
}

// apiHint is what a person needs to know beyond the server's words to get
// past an error code, or "".
func apiHint(code string) string {
	switch code {
	case "input_url_not_allowed":
		return " (the server refuses private, loopback and link-local addresses; to fetch from one, start it with --allow-networks CIDR, e.g. --allow-networks 127.0.0.0/8)"
	}
	return ""
}

// byteCounts finds the sizes servers write in limits: "1048576 bytes".
var byteCounts = regexp.MustCompile(`\b(\d{4,}) bytes\b`)

// humanSizes rewrites the byte counts of a payload_too_large detail in
// binary units ("20 GiB"), which is how people think of limits.
func humanSizes(code, detail string) string {
	if code != "payload_too_large" {
		return detail
	}
	return byteCounts.ReplaceAllStringFunc(detail, func(m string) string {
		n, err := strconv.ParseInt(strings.TrimSuffix(m, " bytes"), 10, 64)
		if err != nil {
			return m
		}
		return humanBytes(n)
	})
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// stderrIsTerminal decides whether progress is drawn.
func (a *app) stderrIsTerminal() bool {
	f, ok := a.stderr.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// showProgress reports whether progress output is wanted and possible.
func (a *app) showProgress() bool { return !a.global.quiet && a.stderrIsTerminal() }
