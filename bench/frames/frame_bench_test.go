//go:build bench

// Package frames compares media.Frame with the ffmpeg command line on the
// same frames. Run it with
//
//	go test -tags bench ./bench/frames/ -run FrameVersusCLI -v -timeout 20m
//
// It makes its own 30 s 1080p30 H.264 sources with the ffmpeg CLI.
package frames

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// Frame times, chosen to fall at different places in their groups of
// pictures, and the width asked for.
var (
	benchTimes = []time.Duration{3700 * time.Millisecond, 11300 * time.Millisecond, 19900 * time.Millisecond, 27450 * time.Millisecond}
	benchWidth = 640
	benchRuns  = 5
)

func TestFrameVersusCLI(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg CLI not installed")
	}
	dir := t.TempDir()
	sources := []struct {
		name string
		gop  string
	}{
		// Frames are served from renditions, which have a keyframe every 2 s.
		{name: "rendition-like, keyframe every 2 s", gop: "60"},
		// A raw upload as x264 makes it by default (keyint 250, ~8 s).
		{name: "x264 default GOP (keyint 250)", gop: "250"},
	}
	var table strings.Builder
	table.WriteString("| source | time | media.Frame wall (ms) | ffmpeg CLI wall (ms) | wall ratio | media.Frame CPU (ms) | ffmpeg CLI CPU (ms) | CPU ratio |\n|---|---|---|---|---|---|---|---|\n")
	var allOurs, allCLI, allOursCPU, allCLICPU []time.Duration
	var renditions []media.FrameSource // the 2 s GOP source and its sd rendition
	for i, source := range sources {
		path := filepath.Join(dir, "source"+strconv.Itoa(i)+".mp4")
		run(t, "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1920x1080:r=30:d=30",
			"-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", source.gop, path)
		if i == 0 {
			sd := filepath.Join(dir, "sd.mp4")
			run(t, "ffmpeg", "-v", "error", "-y", "-i", path, "-vf", "scale=640:360",
				"-c:v", "libx264", "-preset", "veryfast", "-g", "60", sd)
			renditions = []media.FrameSource{{Path: path, Width: 1920, Height: 1080}, {Path: sd, Width: 640, Height: 360}}
		}
		for _, at := range benchTimes {
			var ours, cli, oursCPU, cliCPU []time.Duration
			out := filepath.Join(dir, "cli.jpg")
			seconds := strconv.FormatFloat(at.Seconds(), 'f', -1, 64)
			// Interleaved, so that load from elsewhere hits both alike.
			for range benchRuns {
				cpuBefore := processCPU()
				start := time.Now()
				if _, err := media.Frame(context.Background(), path, at, benchWidth, media.JPEG); err != nil {
					t.Fatalf("Frame: %v", err)
				}
				ours = append(ours, time.Since(start))
				oursCPU = append(oursCPU, processCPU()-cpuBefore)

				start = time.Now()
				state := run(t, "ffmpeg", "-v", "error", "-y", "-ss", seconds, "-i", path, "-frames:v", "1",
					"-vf", "scale="+strconv.Itoa(benchWidth)+":-1", out)
				cli = append(cli, time.Since(start))
				cliCPU = append(cliCPU, state.UserTime()+state.SystemTime())
			}
			allOurs, allCLI = append(allOurs, ours...), append(allCLI, cli...)
			allOursCPU, allCLICPU = append(allOursCPU, oursCPU...), append(allCLICPU, cliCPU...)
			writeRow(&table, source.name, seconds+" s", ours, cli, oursCPU, cliCPU)
		}
	}
	writeRow(&table, "all", "", allOurs, allCLI, allOursCPU, allCLICPU)

	// The production path: the server asks FrameFromSources, which decodes
	// the smallest rendition at least as wide as asked.
	var ours, cli, oursCPU, cliCPU []time.Duration
	for _, at := range benchTimes {
		seconds := strconv.FormatFloat(at.Seconds(), 'f', -1, 64)
		for range benchRuns {
			cpuBefore := processCPU()
			start := time.Now()
			if _, err := media.FrameFromSources(context.Background(), renditions, at, benchWidth, media.JPEG); err != nil {
				t.Fatalf("FrameFromSources: %v", err)
			}
			ours = append(ours, time.Since(start))
			oursCPU = append(oursCPU, processCPU()-cpuBefore)
			start = time.Now()
			state := run(t, "ffmpeg", "-v", "error", "-y", "-ss", seconds, "-i", renditions[0].Path, "-frames:v", "1",
				"-vf", "scale="+strconv.Itoa(benchWidth)+":-1", filepath.Join(dir, "cli.jpg"))
			cli = append(cli, time.Since(start))
			cliCPU = append(cliCPU, state.UserTime()+state.SystemTime())
		}
	}
	writeRow(&table, "FrameFromSources picks the 640x360 rendition (2 s GOP); CLI on the 1080p source", "all 4", ours, cli, oursCPU, cliCPU)
	fmt.Fprintf(&table, "\nEach cell is the median of %d cold calls, interleaved; CPU is user+system time of all threads. Commands:\n\n", benchRuns)
	fmt.Fprintf(&table, "- ours: `media.Frame(ctx, SRC, T, %d, media.JPEG)` (a fresh open, seek and decode per call, in process)\n", benchWidth)
	fmt.Fprintf(&table, "- CLI: `ffmpeg -v error -y -ss T -i SRC -frames:v 1 -vf scale=%d:-1 out.jpg`\n", benchWidth)
	fmt.Fprintf(&table, "- sources: `ffmpeg -f lavfi -i testsrc2=s=1920x1080:r=30:d=30 -c:v libx264 -preset veryfast -pix_fmt yuv420p -g GOP SRC`\n")
	fmt.Print(table.String())
	if name := os.Getenv("BENCH_TABLE"); name != "" {
		if err := os.WriteFile(name, []byte(table.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func writeRow(table *strings.Builder, source, at string, ours, cli, oursCPU, cliCPU []time.Duration) {
	fmt.Fprintf(table, "| %s | %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |\n", source, at,
		ms(median(ours)), ms(median(cli)), ms(median(ours))/ms(median(cli)),
		ms(median(oursCPU)), ms(median(cliCPU)), ms(median(oursCPU))/ms(median(cliCPU)))
}

func run(t *testing.T, name string, args ...string) *os.ProcessState {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return cmd.ProcessState
}

// processCPU is the CPU time this process has used so far, all threads.
func processCPU() time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

func median(samples []time.Duration) time.Duration {
	sorted := slices.Clone(samples)
	slices.Sort(sorted)
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
