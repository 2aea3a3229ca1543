//go:build bench

// Package media_bench compares Reel's single-decode ladder with FFmpeg:
//
//	go test -tags bench -run TestLadderBenchmark -v -timeout 30m ./bench/media/
//
// REEL_BENCH_SECONDS sets the source length (default 60). It generates a
// 1080p30 testsrc2 + sine H.264/AAC source, then measures wall time and
// peak RSS of (a) Reel's Process (in a child process, cmd/reelprocess),
// (b) one ffmpeg command with split + scale into the same ladder and x264
// settings, writing HLS fMP4, and (c) one ffmpeg process per rendition in
// sequence. It prints the commands and a markdown table.
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
)

type rung struct {
	name          string
	width, height int
	maxrate       int // kb/s
}

// The ladder Reel plans for a 1080p30 source, with its x264 settings.
var ladder = []rung{{"h264_sd", 640, 360, 1200}, {"h264_hd", 1280, 720, 3000}, {"h264_fhd", 1920, 1080, 6000}}

const x264Params = "keyint=60:min-keyint=60:scenecut=0:open-gop=0"

type result struct {
	name     string
	wall     time.Duration
	maxRSSKB int64
	playable time.Duration
}

func TestLadderBenchmark(t *testing.T) {
	seconds := 60
	if s := os.Getenv("REEL_BENCH_SECONDS"); s != "" {
		seconds, _ = strconv.Atoi(s)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "source.mp4")
	run(t, nil, "ffmpeg", "-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "60", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", src)

	helper := filepath.Join(dir, "reelprocess")
	build := exec.Command("go", "build", "-o", helper, "./cmd/reelprocess")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building reelprocess: %v\n%s", err, out)
	}

	var results []result

	// (a) Reel.
	reelOut := filepath.Join(dir, "reel")
	var stderr bytes.Buffer
	r := run(t, &stderr, helper, "-source", src, "-out", reelOut)
	r.name = "Reel Process (decode once, parallel encoders, + MP4s + DASH)"
	if m := regexp.MustCompile(`playable_s=([0-9.]+)`).FindStringSubmatch(stderr.String()); m != nil {
		f, _ := strconv.ParseFloat(m[1], 64)
		r.playable = time.Duration(f * float64(time.Second))
	}
	results = append(results, r)

	// (b) One ffmpeg command: split + scale, HLS fMP4.
	single := singleFFmpegArgs(src, filepath.Join(dir, "ffmpeg_single"))
	fmt.Printf("reference (b):\nffmpeg %s\n\n", strings.Join(single, " "))
	r = run(t, nil, "ffmpeg", single...)
	r.name = "ffmpeg, one command (split + scale), HLS fMP4"
	results = append(results, r)

	// (c) One ffmpeg per rendition, in sequence.
	seq := result{name: "ffmpeg, one process per rendition, in sequence"}
	for i, l := range ladder {
		outDir := filepath.Join(dir, "ffmpeg_seq", l.name)
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			t.Fatal(err)
		}
		args := perRenditionArgs(src, outDir, l, i == 0)
		fmt.Printf("reference (c%d):\nffmpeg %s\n\n", i+1, strings.Join(args, " "))
		r := run(t, nil, "ffmpeg", args...)
		seq.wall += r.wall
		seq.maxRSSKB = max(seq.maxRSSKB, r.maxRSSKB)
	}
	results = append(results, seq)

	ref := results[1]
	fmt.Printf("source: %d s 1080p30 H.264/AAC, %d CPU cores\n\n", seconds, numCPU())
	fmt.Println("| run | wall s | × one-command ffmpeg | peak RSS MiB | × ffmpeg RSS | time to playable s |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, r := range results {
		playable := "—"
		if r.playable > 0 {
			playable = fmt.Sprintf("%.2f", r.playable.Seconds())
		}
		fmt.Printf("| %s | %.1f | %.2f | %.0f | %.2f | %s |\n", r.name, r.wall.Seconds(),
			r.wall.Seconds()/ref.wall.Seconds(), float64(r.maxRSSKB)/1024,
			float64(r.maxRSSKB)/float64(ref.maxRSSKB), playable)
	}
	fmt.Printf("\nReel / sequential processes: %.2f\n", results[0].wall.Seconds()/results[2].wall.Seconds())
}

func x264Args(prefix string, l rung) []string {
	return []string{
		"-c" + prefix, "libx264", "-preset" + prefix, "veryfast", "-crf" + prefix, "23", "-profile" + prefix, "high",
		"-g" + prefix, "60", "-keyint_min" + prefix, "60", "-sc_threshold" + prefix, "0", "-x264-params" + prefix, x264Params,
		"-maxrate" + prefix, fmt.Sprintf("%dk", l.maxrate), "-bufsize" + prefix, fmt.Sprintf("%dk", 2*l.maxrate),
	}
}

var audioArgs = []string{"-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"}

func singleFFmpegArgs(src, out string) []string {
	var graph strings.Builder
	fmt.Fprintf(&graph, "[0:v]fps=30,split=%d", len(ladder))
	for i := range ladder {
		fmt.Fprintf(&graph, "[s%d]", i)
	}
	for i, l := range ladder {
		fmt.Fprintf(&graph, ";[s%d]scale=%d:%d:flags=bicubic,setsar=1,format=yuv420p[v%d]", i, l.width, l.height, i)
	}
	args := []string{"-nostdin", "-v", "error", "-y", "-i", src, "-filter_complex", graph.String()}
	var streamMap []string
	for i, l := range ladder {
		args = append(args, "-map", fmt.Sprintf("[v%d]", i))
		args = append(args, x264Args(fmt.Sprintf(":v:%d", i), l)...)
		streamMap = append(streamMap, fmt.Sprintf("v:%d,agroup:aud,name:%s", i, l.name))
	}
	args = append(args, "-map", "0:a")
	args = append(args, audioArgs...)
	streamMap = append(streamMap, "a:0,agroup:aud,name:audio")
	args = append(args, "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
		"-hls_segment_filename", filepath.Join(out, "%v", "%d.m4s"), "-master_pl_name", "playlist.m3u8",
		"-var_stream_map", strings.Join(streamMap, " "), filepath.Join(out, "%v", "playlist.m3u8"))
	return args
}

func perRenditionArgs(src, out string, l rung, withAudio bool) []string {
	args := []string{"-nostdin", "-v", "error", "-y", "-i", src,
		"-vf", fmt.Sprintf("fps=30,scale=%d:%d:flags=bicubic,setsar=1,format=yuv420p", l.width, l.height),
		"-map", "0:v"}
	args = append(args, x264Args(":v", l)...)
	if withAudio {
		args = append(args, "-map", "0:a")
		args = append(args, audioArgs...)
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
		t.Fatalf("%s: %v\n%s", name, err, tail(errBuf.String()))
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	var rss int64
	if ru != nil {
		rss = ru.Maxrss
	}
	return result{wall: wall, maxRSSKB: rss}
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

func numCPU() int {
	out, err := exec.Command("nproc").Output()
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	return n
}
