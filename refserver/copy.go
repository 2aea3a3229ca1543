package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/blob/s3"
	"github.com/reelvideo/reel/videohost/installcopy"
	"github.com/reelvideo/reel/videohost/postgres"
	"github.com/reelvideo/reel/videohost/sqlite"
)

const copyUsage = `usage: refserver copy --to-database URL --to-blobs URL [--from-database URL] [--from-blobs URL] [--data DIR]

Copies a whole installation (spaces, API keys, signing keys, collections,
videos and their files, player settings, webhook endpoints and their
delivery log, analytics) from one database and blob store into another,
e.g. from SQLite and local disk to PostgreSQL and S3. Ids do not change.
Stop the servers of the source first. The target must be empty; a copy
that was interrupted goes on when the same command runs again.
`

// copyConfig is the command line of refserver copy.
type copyConfig struct {
	Data, FromDatabase, ToDatabase, FromBlobs, ToBlobs string
}

// copyCommand runs "refserver copy": progress and the summary go to
// stderr.
func (m *Main) copyCommand(ctx context.Context, args []string) error {
	if m.Getenv == nil {
		m.Getenv = osGetenv
	}
	var c copyConfig
	fs := flag.NewFlagSet("refserver copy", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	str := func(p *string, name, def, usage string) {
		if v := m.Getenv(envName(name)); v != "" {
			def = v
		}
		fs.StringVar(p, name, def, usage)
	}
	str(&c.Data, "data", "./data", "data folder of the source (where the default --from-database and --from-blobs live)")
	str(&c.FromDatabase, "from-database", "", "the source database: sqlite://PATH or postgres://… (default sqlite://{data}/reel.db)")
	str(&c.FromBlobs, "from-blobs", "", "the source blobs: file://PATH or s3://BUCKET[/PREFIX]?… (default file://{data}/blobs)")
	str(&c.ToDatabase, "to-database", "", "the target database: sqlite://PATH or postgres://… (required)")
	str(&c.ToBlobs, "to-blobs", "", "the target blobs: file://PATH or s3://BUCKET[/PREFIX]?… (required)")
	fs.Usage = func() {
		fmt.Fprint(m.Stderr, copyUsage+"\nflags (each also read from its REEL_* variable; S3 credentials come from\nAWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or the AWS config chain):\n")
		printFlags(m.Stderr, fs)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("refserver copy: unexpected argument %q", fs.Arg(0))
	}
	if c.FromDatabase == "" {
		c.FromDatabase = "sqlite://" + filepath.Join(c.Data, "reel.db")
	}
	if c.FromBlobs == "" {
		c.FromBlobs = "file://" + filepath.Join(c.Data, "blobs")
	}
	for _, f := range []struct{ name, value string }{{"--to-database", c.ToDatabase}, {"--to-blobs", c.ToBlobs}} {
		if f.value == "" {
			fmt.Fprintf(m.Stderr, "refserver copy: %s is required\n%s", f.name, copyUsage)
			return errUsage
		}
	}
	// Every flag is checked before anything is opened (and created).
	for _, f := range []struct{ name, value string }{{"--from-database", c.FromDatabase}, {"--to-database", c.ToDatabase}} {
		if _, _, err := parseDatabase(f.name, f.value); err != nil {
			return err
		}
	}
	for _, f := range []struct{ name, value string }{{"--from-blobs", c.FromBlobs}, {"--to-blobs", c.ToBlobs}} {
		if _, _, err := parseBlobs(f.name, f.value); err != nil {
			return err
		}
	}
	logger := slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	from, fromName, err := openCopyDatabase(ctx, "--from-database", c.FromDatabase, true, logger)
	if err != nil {
		return err
	}
	defer from.Close()
	to, toName, err := openCopyDatabase(ctx, "--to-database", c.ToDatabase, false, logger)
	if err != nil {
		return err
	}
	defer to.Close()
	if fromName == toName {
		return fmt.Errorf("refserver copy: --from-database and --to-database are the same database (%s)", fromName)
	}
	fromBlobs, fromBlobsName, err := openCopyBlobs(ctx, "--from-blobs", c.FromBlobs, true, logger)
	if err != nil {
		return err
	}
	toBlobs, toBlobsName, err := openCopyBlobs(ctx, "--to-blobs", c.ToBlobs, false, logger)
	if err != nil {
		return err
	}
	if fromBlobsName == toBlobsName {
		return fmt.Errorf("refserver copy: --from-blobs and --to-blobs are the same store (%s)", fromBlobsName)
	}

	fmt.Fprintf(m.Stderr, "copy: from %s and %s\ncopy: to %s and %s\n", fromName, fromBlobsName, toName, toBlobsName)
	start := time.Now()
	report, err := installcopy.Run(ctx, installcopy.Config{
		From: from, To: to, FromBlobs: fromBlobs, ToBlobs: toBlobs,
		Source:   fromName + " " + fromBlobsName,
		Progress: m.Stderr,
	})
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("copy interrupted (%w): run the same command again to go on", context.Cause(ctx))
		}
		return fmt.Errorf("copy: %w", err)
	}
	printCopyReport(m.Stderr, report, time.Since(start), filepath.Join(c.Data, "secret.key"))
	return nil
}

// copyDatabase is a store refserver copy reads or writes.
type copyDatabase interface {
	videohost.Store
	Close() error
}

// openCopyDatabase opens the database of a copy flag. A source must exist
// (SQLite would make an empty one).
func openCopyDatabase(ctx context.Context, flagName, value string, source bool, logger *slog.Logger) (copyDatabase, string, error) {
	kind, target, err := parseDatabase(flagName, value)
	if err != nil {
		return nil, "", err
	}
	if kind == "postgres" {
		db, err := postgres.Open(ctx, target, postgres.WithLogger(logger))
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", flagName, err)
		}
		return db, db.Name(), nil
	}
	abs, err := filepath.Abs(target)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", flagName, err)
	}
	if source {
		if _, err := os.Stat(abs); err != nil {
			return nil, "", fmt.Errorf("%s: no database at %s", flagName, abs)
		}
	} else if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return nil, "", fmt.Errorf("%s: %w", flagName, err)
	}
	db, err := sqlite.Open(ctx, abs)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", flagName, err)
	}
	return db, "sqlite://" + abs, nil
}

// openCopyBlobs opens the blob store of a copy flag. A source folder must
// exist.
func openCopyBlobs(ctx context.Context, flagName, value string, source bool, logger *slog.Logger) (videohost.Blobs, string, error) {
	dir, s3cfg, err := parseBlobs(flagName, value)
	if err != nil {
		return nil, "", err
	}
	if s3cfg != nil {
		s3cfg.Logger = logger
		st, err := s3.Open(ctx, *s3cfg)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", flagName, err)
		}
		return st, s3cfg.String(), nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", flagName, err)
	}
	if source {
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			return nil, "", fmt.Errorf("%s: no blob folder at %s", flagName, abs)
		}
	}
	d, err := blob.Open(abs)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", flagName, err)
	}
	return d, "file://" + abs, nil
}

// printCopyReport writes the summary of a finished copy.
func printCopyReport(w io.Writer, r *installcopy.Report, took time.Duration, secret string) {
	resumed := ""
	if r.Resumed {
		resumed = " (resumed)"
	}
	fmt.Fprintf(w, "copy: done in %s%s\n  %-22s %10s\n", took.Round(time.Millisecond), resumed, "table", "rows")
	var rows int64
	for _, t := range r.Tables {
		fmt.Fprintf(w, "  %-22s %10d\n", t.Name, t.Rows)
		rows += t.Rows
	}
	fmt.Fprintf(w, "  %-22s %10d\n", "all tables", rows)
	fmt.Fprintf(w, "  %-22s %10d files  %s\n", "blobs copied", r.Blobs.Rows, installcopy.FormatBytes(r.Blobs.Bytes))
	fmt.Fprintf(w, "  %-22s %10d files  %s\n", "blobs already there", r.Blobs.Skipped, installcopy.FormatBytes(r.Blobs.SkippedBytes))
	if n := len(r.Unfinished); n > 0 {
		list := r.Unfinished[:min(n, 10)]
		more := ""
		if n > 10 {
			more = fmt.Sprintf(" and %d more", n-10)
		}
		fmt.Fprintf(w, "copy: warning: %d videos were not finished in the source (%s%s): their queued jobs stay behind, so they stay as they are; upload them again\n",
			n, strings.Join(list, ", "), more)
	}
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "copy: warning: %s\n", warning)
	}
	fmt.Fprintf(w, "copy: API keys and webhook secrets are sealed with the source's %s: copy that file into the --data folder of every process that serves the target\n", secret)
}
