// Command reelprocess runs media.Process on one source, for benchmarks and
// manual checks, scheduled like the server's media child process (-batch); it prints the manifest and, on stderr, the time to
// playable, the wall time and the peak RSS of this process.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"syscall"
	"time"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost/transcode"
)

func main() {
	source := flag.String("source", "", "source file")
	out := flag.String("out", "", "output folder")
	preset := flag.String("preset", "", "x264 preset (default veryfast)")
	verbose := flag.Bool("v", false, "log progress")
	batch := flag.Bool("batch", true, "SCHED_BATCH for every thread, as the server's media child process does")
	early := flag.Bool("playable", true, "publish early (OnPlayable): a source that cannot be remuxed is encoded in two passes")
	shared := flag.Int64("shared-decode-bytes", 0, "bound of the pictures the early pass hands the ladder pass (media.ProcessOptions.SharedDecodeBytes; 0: each pass decodes the source)")
	flag.Parse()
	if *source == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	logger := slog.New(slog.DiscardHandler)
	if *verbose {
		logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if *batch {
		if err := transcode.BatchScheduling(); err != nil {
			fmt.Fprintln(os.Stderr, "reelprocess:", err)
			os.Exit(1)
		}
	}
	start := time.Now()
	var playable time.Duration
	opts := media.ProcessOptions{
		Source: *source, OutDir: *out, Logger: logger,
		Ladder: media.LadderOptions{Preset: *preset}, LadderOnly: true, SharedDecodeBytes: *shared,
	}
	if *early {
		opts.OnPlayable = func(ctx context.Context, _ media.Playable) error {
			playable = time.Since(start)
			return nil
		}
	}
	m, err := media.Process(context.Background(), opts)
	wall := time.Since(start)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reelprocess:", err)
		os.Exit(1)
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Fprintf(os.Stderr, "playable_s=%.3f wall_s=%.3f maxrss_kb=%d\n", playable.Seconds(), wall.Seconds(), ru.Maxrss)
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(m)
}
