//go:build bench

// Package chunks_bench measures split-and-stitch encoding of a long source:
//
//	make bench BENCH=./bench/chunks/
//	(go test -tags bench -run TestChunkBenchmark -v -timeout 90m ./bench/chunks/)
//
// REEL_BENCH_SECONDS sets the source length (default 600, the ten
// minutes), REEL_BENCH_CHUNK the chunk length in seconds (default 60),
// REEL_BENCH_ROUNDS the rounds (default 1). The source is camera-like
// 1080p30 (High profile, CABAC, 16 Mb/s, 1 s GOPs, temporal grain) with a
// sine tone, as bench/media makes it.
//
// Each round runs, every process pinned to one core with taskset to stand
// in for a machine of its own: (a) one ffmpeg command doing the same ladder
// on core 0; (b) Reel's single job (media.Process) on core 0; (c) the
// chunked encode on one worker: every chunk, the audio and the stitch in
// turn on core 0; (d) the chunked encode on two workers, on cores 0 and 1,
// each taking the next step from a shared list, then the stitch. It prints
// wall and CPU time (user + system of the step processes) and, because the
// machine is shared, the ready time as CPU on the critical path: for (d)
// the busier worker's CPU plus the stitch's. Then the PSNR of each stitched
// rendition against the single job's, with both bitrates, and of both fhd
// renditions against the source.
package chunks_bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/media"
)

type result struct {
	wall, cpu time.Duration
}

func (r *result) add(o result) { r.wall += o.wall; r.cpu += o.cpu }

func TestChunkBenchmark(t *testing.T) {
	seconds, chunk, rounds := benchkit.EnvInt("REEL_BENCH_SECONDS", 600), benchkit.EnvInt("REEL_BENCH_CHUNK", 60), benchkit.EnvInt("REEL_BENCH_ROUNDS", 1)
	dir := t.TempDir()
	helper := filepath.Join(dir, "reelchunk")
	if out, err := exec.Command("go", "build", "-o", helper, "./cmd/reelchunk").CombinedOutput(); err != nil {
		t.Fatalf("building reelchunk: %v\n%s", err, out)
	}
	src := filepath.Join(dir, "source.mp4")
	gen := []string{"-nostdin", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30,noise=alls=6:allf=t",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-pix_fmt", "yuv420p",
		"-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-g", "30",
		"-b:v", "16M", "-maxrate", "16M", "-bufsize", "16M", "-c:a", "aac", "-b:a", "128k", src}
	run(t, "", "ffmpeg", gen...)
	fmt.Printf("source: %d s camera-like 1080p30: ffmpeg %s\n", seconds, strings.Join(gen[4:], " "))
	fmt.Printf("chunks of %d s; %d CPU cores; load average before: %s\n\n", chunk, benchkit.NumCPU(), benchkit.LoadAverage())

	var spans []media.ChunkSpan
	planOut := runOutput(t, helper, "-op", "plan", "-source", src, "-length", fmt.Sprintf("%ds", chunk))
	if err := json.Unmarshal(planOut, &spans); err != nil || len(spans) < 2 {
		t.Fatalf("plan: %v (%s)", err, planOut)
	}

	ff := benchkit.SingleFFmpegArgs(src, filepath.Join(dir, "ffmpeg"))
	fmt.Printf("reference (a): taskset -c 0 ffmpeg %s\n\n", strings.Join(ff, " "))
	fmt.Println("| round | run | wall s | CPU s | ready, CPU on the critical path s | load average (1 min) before |")
	fmt.Println("|---|---|---|---|---|---|")
	type row struct {
		name  string
		r     result
		ready time.Duration
	}
	var all [][]row
	for round := range rounds {
		var rows []row
		report := func(name string, r result, ready time.Duration, load string) {
			rows = append(rows, row{name, r, ready})
			fmt.Printf("| %d | %s | %.1f | %.1f | %.1f | %s |\n", round+1, name, r.wall.Seconds(), r.cpu.Seconds(), ready.Seconds(), load)
		}
		// (a) and (b) run at the same time, on cores 0 and 1: two
		// one-core machines side by side, which halves this step's wall
		// time on a 2-core box; each is measured by its own CPU time.
		load := benchkit.LoadAverage()
		os.RemoveAll(filepath.Join(dir, "ffmpeg"))
		whole := filepath.Join(dir, "whole")
		os.RemoveAll(whole)
		var ra, rb result
		var wgAB sync.WaitGroup
		wgAB.Go(func() { ra = run(t, "0", "ffmpeg", ff...) })
		wgAB.Go(func() { rb = run(t, "1", helper, "-op", "whole", "-source", src, "-out", whole) })
		wgAB.Wait()
		report("(a) ffmpeg, one command, one core", ra, ra.cpu, load)
		report("(b) Reel, single job, one core", rb, rb.cpu, load)

		var steps []time.Duration
		var stitch time.Duration
		for _, workers := range []int{1, 2} {
			load = benchkit.LoadAverage()
			out := filepath.Join(dir, fmt.Sprintf("chunked%d", workers))
			os.RemoveAll(out)
			total, ready, stepCPU, stitchCPU := chunked(t, helper, src, out, spans, workers)
			report(fmt.Sprintf("(%c) Reel, %d chunks + audio + stitch, %d worker(s) of one core", 'b'+workers, len(spans), workers), total, ready, load)
			if workers == 1 {
				steps, stitch = stepCPU, stitchCPU
			}
		}
		// Four workers on two cores cannot be run; their ready time is
		// modelled from (c)'s measured step costs: each of four workers
		// takes the next step from the shared list when it is free (what
		// River does with four worker processes), then the stitch.
		modelled := listSchedule(steps, 4) + stitch
		rows = append(rows, row{"(g) 4 workers, modelled from (c)'s step CPU", result{}, modelled})
		fmt.Printf("| %d | (g) Reel, %d chunks + audio + stitch, 4 workers (modelled from (c)'s step CPU times) | — | — | %.1f | — |\n", round+1, len(spans), modelled.Seconds())
		fmt.Printf("| %d | (d') 2 workers, modelled the same way, to check the model against (d) | — | — | %.1f | — |\n", round+1, (listSchedule(steps, 2) + stitch).Seconds())
		if os.Getenv("REEL_BENCH_EVERY_CORE") != "" {
			// One machine, every core: the single job against two chunk
			// jobs at once (a worker with --workers 2), neither pinned.
			load = benchkit.LoadAverage()
			os.RemoveAll(whole)
			r := run(t, "", helper, "-op", "whole", "-source", src, "-out", whole)
			report("(e) Reel, single job, every core", r, r.wall, load)
			load = benchkit.LoadAverage()
			out := filepath.Join(dir, "chunked-all")
			os.RemoveAll(out)
			total, _, _, _ := chunkedOn(t, helper, src, out, spans, []string{"", ""})
			report("(f) Reel, chunks two at a time + stitch, every core", total, total.wall, load)
		}
		all = append(all, rows)
	}
	last := all[len(all)-1]
	fmt.Println()
	fmt.Printf("ready time, 2 workers / 1 worker (CPU critical path): %.2f; (wall): %.2f\n",
		last[3].ready.Seconds()/last[2].ready.Seconds(), last[3].r.wall.Seconds()/last[2].r.wall.Seconds())
	fmt.Printf("chunking overhead on one worker / single job (CPU): %.3f; (wall): %.3f\n",
		last[2].r.cpu.Seconds()/last[1].r.cpu.Seconds(), last[2].r.wall.Seconds()/last[1].r.wall.Seconds())
	fmt.Printf("single job / ffmpeg one command (CPU): %.3f\n", last[1].r.cpu.Seconds()/last[0].r.cpu.Seconds())
	fmt.Printf("ready time, 4 workers (modelled) / 1 worker (CPU critical path): %.2f\n", last[4].ready.Seconds()/last[2].ready.Seconds())
	if len(last) > 6 {
		fmt.Printf("one machine, every core: chunked / single job (wall): %.2f\n", last[6].r.wall.Seconds()/last[5].r.wall.Seconds())
	}
	fmt.Println()

	// Quality: the stitched fhd rendition against the single job's.
	stitched := filepath.Join(dir, "chunked1", "out")
	for _, name := range []string{"h264_fhd", "h264_hd", "h264_sd"} {
		a, b := filepath.Join(stitched, name+".mp4"), filepath.Join(dir, "whole", name+".mp4")
		if _, err := os.Stat(a); err != nil {
			continue
		}
		psnr := psnrOf(t, a, b)
		fmt.Printf("%s: PSNR stitched vs single job %s dB; bitrate stitched %.0f kb/s, single job %.0f kb/s\n",
			name, psnr, bitrate(t, stitched, name), bitrate(t, filepath.Join(dir, "whole"), name))
		if name == "h264_fhd" {
			// At the source's size: each against the source itself.
			fmt.Printf("%s against the source: stitched %s dB, single job %s dB\n", name, psnrOf(t, a, src), psnrOf(t, b, src))
		}
	}
}

// chunked runs the chunked encode with workers processes at a time, worker
// i pinned to core i; it answers the total wall and CPU time and the ready
// time as CPU on the critical path.
func chunked(t *testing.T, helper, src, out string, spans []media.ChunkSpan, workers int) (result, time.Duration, []time.Duration, time.Duration) {
	t.Helper()
	cores := make([]string, workers)
	for i := range cores {
		cores[i] = strconv.Itoa(i)
	}
	return chunkedOn(t, helper, src, out, spans, cores)
}

// chunkedOn runs the chunked encode with one worker per entry of cores, the
// worker pinned to that core ("": not pinned); the stitch runs on the first.
// Besides the totals it answers each step's CPU time, in list order, and the
// stitch's.
func chunkedOn(t *testing.T, helper, src, out string, spans []media.ChunkSpan, cores []string) (result, time.Duration, []time.Duration, time.Duration) {
	t.Helper()
	workers := len(cores)
	type step struct{ args []string }
	var steps []step
	var dirs []string
	for _, s := range spans {
		b, _ := json.Marshal(s)
		d := filepath.Join(out, "chunk"+strconv.Itoa(s.Index))
		dirs = append(dirs, d)
		steps = append(steps, step{[]string{"-op", "chunk", "-source", src, "-span", string(b), "-out", d}})
	}
	audio := filepath.Join(out, "audio")
	steps = append(steps, step{[]string{"-op", "audio", "-source", src, "-out", audio}})
	start := time.Now()
	var mu sync.Mutex
	next := 0
	perWorker := make([]result, workers)
	stepCPU := make([]time.Duration, len(steps))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				mu.Lock()
				if next == len(steps) {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				r := run(t, cores[w], helper, steps[i].args...)
				perWorker[w].add(r)
				stepCPU[i] = r.cpu
			}
		})
	}
	wg.Wait()
	st := run(t, cores[0], helper, "-op", "stitch", "-source", src, "-chunks", strings.Join(dirs, ","), "-audio", audio, "-out", filepath.Join(out, "out"))
	total := result{wall: time.Since(start)}
	var busiest time.Duration
	for _, r := range perWorker {
		total.cpu += r.cpu
		busiest = max(busiest, r.cpu)
	}
	total.cpu += st.cpu
	return total, busiest + st.cpu, stepCPU, st.cpu
}

// listSchedule answers when the last of steps ends if workers take them in
// order, each step going to the worker that is free first.
func listSchedule(steps []time.Duration, workers int) time.Duration {
	free := make([]time.Duration, workers)
	for _, s := range steps {
		i := 0
		for j := range free {
			if free[j] < free[i] {
				i = j
			}
		}
		free[i] += s
	}
	var end time.Duration
	for _, f := range free {
		end = max(end, f)
	}
	return end
}

func bitrate(t *testing.T, dir, name string) float64 {
	t.Helper()
	m, err := media.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Renditions {
		if r.Name == name {
			return float64(r.Bitrate) / 1000
		}
	}
	return 0
}

func psnrOf(t *testing.T, a, b string) string {
	t.Helper()
	cmd := exec.Command("ffmpeg", "-nostdin", "-i", a, "-i", b, "-lavfi", "[0:v][1:v]psnr", "-f", "null", "-")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("psnr: %v\n%s", err, benchkit.Tail(string(out)))
	}
	m := regexp.MustCompile(`average:([0-9.]+|inf)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("psnr: no average in\n%s", benchkit.Tail(string(out)))
	}
	return string(m[1])
}

// run executes a command, pinned to core when it is not empty, and answers
// its wall and CPU time.
func run(t *testing.T, core, name string, args ...string) result {
	t.Helper()
	if core != "" {
		args = append([]string{"-c", core, name}, args...)
		name = "taskset"
	}
	cmd := exec.Command(name, args...)
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, benchkit.Tail(errBuf.String()))
	}
	wall := time.Since(start)
	return result{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

func runOutput(t *testing.T, name string, args ...string) []byte {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}
