//go:build bench

// Package media_bench compares Reel's single-decode ladder with FFmpeg:
//
//	go test -tags bench -run TestLadderBenchmark -v -timeout 90m ./bench/media/
//
// REEL_BENCH_SECONDS sets the source length (default 60), REEL_BENCH_ROUNDS
// the rounds (default 3), REEL_BENCH_SOURCE the sources (default
// "synthetic,camera"). Each source is 1080p30 testsrc2 + sine, H.264/AAC:
//   - synthetic: x264 ultrafast (CAVLC, no B-frames, no deblocking), the
//     cheapest H.264 there is to decode;
//   - camera: how phones and cameras record — High profile, CABAC, 16 Mb/s,
//     1 s GOPs, with light temporal grain, as sensors have.
//
// For each it measures wall time, CPU time and peak RSS of (a) Reel's
// Process (in a child process, cmd/reelprocess, scheduled like the server's
// media child), (b) one ffmpeg command with split + scale into the same
// ladder and x264 settings, writing HLS fMP4, and (c) one ffmpeg process
// per rendition in sequence. The three run in turn, round after round, so a
// slow spell of a shared machine hits all of them; the tables give medians
// and the median of each round's own ratio.
package media_bench

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

type result struct {
	wall     time.Duration
	cpu      time.Duration // user + system
	maxRSSKB int64
	playable time.Duration
}

// runner is one of the compared pipelines.
type runner struct {
	name string
	run  func(t *testing.T, round int) result
}

// sources are the kinds of source the benchmark can use, by name: the
// lavfi video graph and the encoder arguments that make them.
var sources = map[string]struct {
	video   string
	encoder []string
}{
	"synthetic": {"testsrc2=size=1920x1080:rate=30",
		[]string{"-c:v", "libx264", "-preset", "ultrafast", "-g", "60"}},
	"camera": {"testsrc2=size=1920x1080:rate=30,noise=alls=6:allf=t",
		[]string{"-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-g", "30",
			"-b:v", "16M", "-maxrate", "16M", "-bufsize", "16M"}},
}

func TestLadderBenchmark(t *testing.T) {
	names := strings.Split(os.Getenv("REEL_BENCH_SOURCE"), ",")
	if os.Getenv("REEL_BENCH_SOURCE") == "" {
		names = []string{"synthetic", "camera"}
	}
	helper := filepath.Join(t.TempDir(), "reelprocess")
	build := exec.Command("go", "build", "-o", helper, "./cmd/reelprocess")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building reelprocess: %v\n%s", err, out)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src, ok := sources[name]
			if !ok {
				t.Fatalf("REEL_BENCH_SOURCE: no source %q", name)
			}
			benchLadder(t, helper, name, src.video, src.encoder)
		})
	}
}

func benchLadder(t *testing.T, helper, name, video string, encoder []string) {
	seconds, rounds := benchkit.EnvInt("REEL_BENCH_SECONDS", 60), benchkit.EnvInt("REEL_BENCH_ROUNDS", 3)
	dir := t.TempDir()
	src := filepath.Join(dir, "source.mp4")
	args := []string{"-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", video,
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-pix_fmt", "yuv420p"}
	args = append(args, encoder...)
	run(t, nil, "ffmpeg", append(args, "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", src)...)
	if fi, err := os.Stat(src); err == nil {
		fmt.Printf("source %q: ffmpeg %s (%.1f Mb/s)\n\n", name, strings.Join(args[4:], " "),
			float64(fi.Size())*8/float64(seconds)/1e6)
	}

	single := benchkit.SingleFFmpegArgs(src, filepath.Join(dir, "ffmpeg_single"))
	fmt.Printf("reference (b):\nffmpeg %s\n\n", strings.Join(single, " "))
	for i, l := range benchkit.Ladder {
		args := perRenditionArgs(src, filepath.Join(dir, "ffmpeg_seq", l.Name), l, i == 0)
		fmt.Printf("reference (c%d):\nffmpeg %s\n\n", i+1, strings.Join(args, " "))
	}

	runners := []runner{
		{"Reel Process (decode once, parallel encoders, + MP4s + DASH)", func(t *testing.T, round int) result {
			out := filepath.Join(dir, "reel")
			os.RemoveAll(out)
			var stderr bytes.Buffer
			r := run(t, &stderr, helper, "-source", src, "-out", out)
			if m := regexp.MustCompile(`playable_s=([0-9.]+)`).FindStringSubmatch(stderr.String()); m != nil {
				f, _ := strconv.ParseFloat(m[1], 64)
				r.playable = time.Duration(f * float64(time.Second))
			}
			return r
		}},
		{"ffmpeg, one command (split + scale), HLS fMP4", func(t *testing.T, round int) result {
			os.RemoveAll(filepath.Join(dir, "ffmpeg_single"))
			return run(t, nil, "ffmpeg", single...)
		}},
		{"ffmpeg, one process per rendition, in sequence", func(t *testing.T, round int) result {
			var seq result
			for i, l := range benchkit.Ladder {
				outDir := filepath.Join(dir, "ffmpeg_seq", l.Name)
				os.RemoveAll(outDir)
				if err := os.MkdirAll(outDir, 0o755); err != nil {
					t.Fatal(err)
				}
				r := run(t, nil, "ffmpeg", perRenditionArgs(src, outDir, l, i == 0)...)
				seq.wall += r.wall
				seq.cpu += r.cpu
				seq.maxRSSKB = max(seq.maxRSSKB, r.maxRSSKB)
			}
			return seq
		}},
	}

	results := make([][]result, len(runners)) // [runner][round]
	fmt.Printf("source %q: %d s 1080p30 H.264/AAC, %d CPU cores, %d rounds\n\n", name, seconds, benchkit.NumCPU(), rounds)
	fmt.Println("| round | run | wall s | CPU s | peak RSS MiB | load average (1 min) before |")
	fmt.Println("|---|---|---|---|---|---|")
	for round := range rounds {
		// Each round starts with a different pipeline, so none is always the
		// one that runs first, right after the source was generated.
		for k := range runners {
			i := (round + k) % len(runners)
			rn := runners[i]
			load := benchkit.LoadAverage()
			r := rn.run(t, round)
			results[i] = append(results[i], r)
			fmt.Printf("| %d | %s | %.1f | %.1f | %.0f | %s |\n", round+1, rn.name, r.wall.Seconds(), r.cpu.Seconds(),
				float64(r.maxRSSKB)/1024, load)
		}
	}

	ref := results[1]
	fmt.Println()
	fmt.Println("| run (median of rounds) | wall s | × one-command ffmpeg (median of round ratios) | CPU s | peak RSS MiB | × ffmpeg RSS | time to playable s |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for i, rn := range runners {
		rs := results[i]
		playable := "—"
		if p := benchkit.MedianOf(rs, func(r result) float64 { return r.playable.Seconds() }); p > 0 {
			playable = fmt.Sprintf("%.2f", p)
		}
		fmt.Printf("| %s | %.1f | %.2f | %.1f | %.0f | %.2f | %s |\n", rn.name,
			benchkit.MedianOf(rs, func(r result) float64 { return r.wall.Seconds() }),
			benchkit.MedianRatio(rs, ref, func(r result) float64 { return r.wall.Seconds() }),
			benchkit.MedianOf(rs, func(r result) float64 { return r.cpu.Seconds() }),
			benchkit.MedianOf(rs, func(r result) float64 { return float64(r.maxRSSKB) / 1024 }),
			benchkit.MedianRatio(rs, ref, func(r result) float64 { return float64(r.maxRSSKB) }),
			playable)
	}
	fmt.Printf("\n%s: Reel / sequential processes (median of round ratios): %.2f\n\n", name,
		benchkit.MedianRatio(results[0], results[2], func(r result) float64 { return r.wall.Seconds() }))
}

func perRenditionArgs(src, out string, l benchkit.Rung, withAudio bool) []string {
	args := []string{"-nostdin", "-v", "error", "-y", "-i", src,
		"-vf", fmt.Sprintf("fps=30,scale=%d:%d:flags=bicubic,setsar=1,format=yuv420p", l.Width, l.Height),
		"-map", "0:v"}
	args = append(args, benchkit.X264Args(":v", l)...)
	if withAudio {
		args = append(args, "-map", "0:a")
		args = append(args, benchkit.AudioArgs...)
	}
	return append(args, "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
		"-hls_segment_filename", filepath.Join(out, "%d.m4s"), filepath.Join(out, "playlist.m3u8"))
}

// run executes a command and answers its wall time and peak RSS (wait4
// rusage of the child).
func run(t *testing.T, stderr *bytes.Buffer, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if stderr != nil {
		stderr.Write(errBuf.Bytes())
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, benchkit.Tail(errBuf.String()))
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	var rss int64
	if ru != nil {
		rss = ru.Maxrss
	}
	return result{wall: wall, maxRSSKB: rss, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}
