//go:build bench

// Package codecs_bench measures the presets of two modern encoders against
// Reel's H.264 rung (issue 33), to choose them from numbers:
//
//	make bench BENCH=./bench/codecs/
//
// Every source (lavfi, no downloads: a zooming fractal with grain, animated
// gradients, scrolling credits, a screen recording) is made once as raw
// video (NUT, cached by its ffmpeg arguments), so every encoder reads the
// same pictures and pays nothing to decode them. The reference is x264 as
// Reel encodes the source's rung (newVideoEncoder: veryfast, CRF 23, High,
// a closed 2 s GOP, no scene cut, the rung's maxrate and a bufsize of
// twice that). For each SVT-AV1 preset (libsvtav1) and each x265 preset
// (libx265), a short search over the CRF (at most REEL_BENCH_SEARCH
// encodes, each guess interpolated on SSIM between the nearest passing and
// failing CRFs) finds the largest CRF whose SSIM (ffmpeg's ssim filter,
// "All", against the source) is at least the reference's: the "equal SSIM"
// point. The tables give its bytes against x264's, its SSIM and PSNR, and
// its encode CPU (user+system of the ffmpeg child, from its rusage, not the
// wall time) against x264's (the median of three reference encodes). The
// other codecs get the same GOP (60 frames, closed, no scene-cut
// keyframes) and the same rate cap as the reference. Encoders run with
// their default threads: on a 2-core machine, CPU time and wall time say
// different things, and the CPU time is what a busy server pays.
//
// Environment: REEL_BENCH_CODECS_SOURCES picks sources by name
// (comma-separated; motion, screen, text, gradients by default; motion1080
// adds a 1920x1080 row), REEL_BENCH_SECONDS their length (5),
// REEL_BENCH_AV1_PRESETS the SVT-AV1 presets (6,8,10,12; the build has 13),
// REEL_BENCH_X265_PRESETS the x265 presets (veryfast,faster,fast,medium),
// REEL_BENCH_SEARCH the encodes per preset and source (3; one more for
// the fastest preset of each encoder, searched first), REEL_BENCH_CACHE
// where the sources are kept (os.TempDir()/reel-bench-codecs) and
// REEL_BENCH_OUT the markdown file written for BENCHMARKS.md
// (os.TempDir()/reel-bench-codecs.md).
package codecs_bench

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/media"
)

// source is one kind of picture, made with lavfi as raw video.
type source struct {
	name, what    string
	width, height int
	// args are ffmpeg's arguments making seconds of it, before the output
	// options; font is a TrueType file for drawtext ("" when none).
	args func(seconds int, font, cache string) []string
}

const rate = 30

func sources() []source {
	t := func(s int) string { return strconv.Itoa(s) }
	motion := func(w, h int) func(int, string, string) []string {
		return func(s int, _, _ string) []string {
			return []string{"-f", "lavfi", "-i", fmt.Sprintf("mandelbrot=size=%dx%d:rate=%d:maxiter=256:"+
				"start_x=-0.743643887037151:start_y=0.131825904205330:start_scale=0.05:end_scale=0.01:end_pts=%d:"+
				"outer=normalized_iteration_count,format=yuv420p,noise=alls=4:allf=t", w, h, rate, 30*rate),
				"-t", t(s)}
		}
	}
	return []source{
		{name: "motion", what: "camera-like: a slow, smooth zoom into the Mandelbrot set (smooth colour fields beside fine detail) with mild temporal grain (noise alls=4)",
			width: 1280, height: 720, args: motion(1280, 720)},
		{name: "gradients", what: "animated lavfi gradients (4 colours, speed 0.03): banding-prone, nothing else",
			width: 1280, height: 720, args: func(s int, _, _ string) []string {
				return []string{"-f", "lavfi", "-i", fmt.Sprintf("gradients=size=1280x720:rate=%d:nb_colors=4:speed=0.03:seed=7", rate), "-t", t(s)}
			}},
		{name: "text", what: "scrolling credits (drawtext, DejaVu Sans, 34 px lines at 90 px/s) over a dark gradient, a ticker crawling at the bottom",
			width: 1280, height: 720, args: textSource},
		{name: "screen", what: "screen recording: a static light UI (sidebar, header, lines of 16 px text, table rules) with a 320x180 moving inset, scrolled twice (0.4 s and 0.3 s) in 5 s",
			width: 1280, height: 720, args: screenSource},
		{name: "motion1080", what: "the motion source at 1920x1080 (Reel's fhd rung)",
			width: 1920, height: 1080, args: motion(1920, 1080)},
	}
}

var defaultSources = []string{"motion", "screen", "text", "gradients"}

// writeText writes text into the cache under a name made from its content
// and returns its path.
func writeText(cache, name, text string) string {
	key := sha256.Sum256([]byte(text))
	path := filepath.Join(cache, name+"-"+hex.EncodeToString(key[:6])+".txt")
	if _, err := os.Stat(path); err != nil {
		os.WriteFile(path, []byte(text), 0o644)
	}
	return path
}

func textSource(s int, font, cache string) []string {
	if font == "" {
		// Without a font: colour bars and testsrc's own digits, moving.
		return []string{"-f", "lavfi", "-i", fmt.Sprintf("smptehdbars=size=1280x720:rate=%d", rate),
			"-f", "lavfi", "-i", fmt.Sprintf("testsrc=size=480x270:rate=%d", rate),
			"-filter_complex", "[0:v][1:v]overlay=x='40+t*120':y=220,format=yuv420p", "-t", strconv.Itoa(s)}
	}
	roles := []string{"Director", "Producer", "Director of Photography", "Editor", "Sound Design", "Colourist",
		"Gaffer", "Key Grip", "Script Supervisor", "Production Designer", "Costume Design", "Music"}
	names := []string{"Ada Lindqvist", "Tomás Okafor", "Mei Hirano", "Jonas Weber", "Priya Raman", "Luc Moreau",
		"Sara Kowalski", "Diego Álvarez", "Ingrid Nilsen", "Kwame Mensah", "Yuki Tanaka", "Olga Petrova"}
	var credits strings.Builder
	for i := range 40 {
		fmt.Fprintf(&credits, "%s    %s\n", roles[i%len(roles)], names[(i*5)%len(names)])
	}
	creditsFile := writeText(cache, "credits", credits.String())
	ticker := writeText(cache, "ticker", "REEL NEWS  ·  Markets close higher as codecs get cheaper  ·  "+
		"Weather: light rain, 14 °C  ·  Transit: line 3 running every 6 minutes  ·  Scores: 2-1, 0-0, 3-3  ·  ")
	graph := fmt.Sprintf("[0:v]drawtext=fontfile=%[1]s:textfile=%[2]s:fontsize=34:fontcolor=0xf2f2f2:line_spacing=18:"+
		"x=(w-text_w)/2:y=40-90*t,"+
		"drawbox=x=0:y=650:w=1280:h=70:color=0x7a1020:t=fill,"+
		"drawtext=fontfile=%[1]s:textfile=%[3]s:fontsize=28:fontcolor=white:x=w-150*t:y=670,format=yuv420p",
		font, creditsFile, ticker)
	return []string{"-f", "lavfi", "-i", fmt.Sprintf("gradients=size=1280x720:rate=%d:c0=0x0b1020:c1=0x1c2238:nb_colors=2:speed=0.005:seed=3", rate),
		"-filter_complex", graph, "-t", strconv.Itoa(s)}
}

func screenSource(s int, font, cache string) []string {
	// The page is 1280x1440; the 720-line window scrolls by 360 lines at
	// 2 s (0.4 s) and again at 4 s (0.3 s).
	var page strings.Builder
	page.WriteString("[0:v]drawbox=x=0:y=0:w=220:h=1440:color=0x2b2f36:t=fill," +
		"drawbox=x=220:y=0:w=1060:h=56:color=0xffffff:t=fill," +
		"drawbox=x=220:y=56:w=1060:h=1:color=0xc8ccd2:t=fill," +
		"drawbox=x=250:y=90:w=600:h=1330:color=0xffffff:t=fill," +
		"drawbox=x=870:y=340:w=380:h=1080:color=0xffffff:t=fill," +
		"drawbox=x=20:y=90:w=180:h=32:color=0x3d6fd6:t=fill")
	for y := 372; y < 1420; y += 32 { // the table's rules
		fmt.Fprintf(&page, ",drawbox=x=870:y=%d:w=380:h=1:color=0xdde1e6:t=fill", y)
	}
	if font != "" {
		var body, side strings.Builder
		words := strings.Fields("the encoder keeps every rung on the same keyframes so a player can switch between them " +
			"at any segment boundary without a stall and the ladder is planned from the source size and frame rate")
		for i := range 60 {
			for j := range 9 {
				body.WriteString(words[(i*7+j*3)%len(words)] + " ")
			}
			body.WriteString("\n")
		}
		for _, item := range []string{"Library", "Uploads", "Playlists", "Analytics", "Comments", "Settings", "Members", "Billing", "Help"} {
			side.WriteString(item + "\n")
		}
		fmt.Fprintf(&page, ",drawtext=fontfile=%s:textfile=%s:fontsize=16:fontcolor=0x30343a:line_spacing=6:x=270:y=110", font, writeText(cache, "page", body.String()))
		fmt.Fprintf(&page, ",drawtext=fontfile=%s:textfile=%s:fontsize=17:fontcolor=0xe8eaee:line_spacing=20:x=36:y=97", font, writeText(cache, "side", side.String()))
		fmt.Fprintf(&page, ",drawtext=fontfile=%s:text='Reel  —  Studio':fontsize=22:fontcolor=0x202428:x=250:y=16", font)
	} else {
		for y := 110; y < 1400; y += 22 { // lines of "text"
			fmt.Fprintf(&page, ",drawbox=x=270:y=%d:w=%d:h=10:color=0x9aa0a8:t=fill", y, 300+(y*37)%260)
		}
	}
	page.WriteString("[bg];[1:v]format=yuv420p[inset];[bg][inset]overlay=x=900:y=120," +
		"crop=w=1280:h=720:x=0:y='if(lt(t,2),0,if(lt(t,2.4),(t-2)/0.4*360,if(lt(t,4),360,min(720,360+(t-4)/0.3*360))))',format=yuv420p")
	return []string{"-f", "lavfi", "-i", fmt.Sprintf("color=c=0xeef0f3:size=1280x1440:rate=%d", rate),
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=320x180:rate=%d", rate),
		"-filter_complex", page.String(), "-t", strconv.Itoa(s)}
}

// findFont is a TrueType font for drawtext, "" when the machine has none.
func findFont() string {
	for _, p := range []string{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if out, err := exec.Command("fc-match", "-f", "%{file}", "sans").Output(); err == nil {
		if p := strings.TrimSpace(string(out)); strings.HasSuffix(p, ".ttf") && !strings.ContainsAny(p, ":',\\ ") {
			return p
		}
	}
	return ""
}

// generate makes the source as raw video in a NUT file in the cache, named
// by a hash of its arguments, unless it is there already.
func generate(t *testing.T, s source, cache string, seconds int, font string) (string, []string) {
	t.Helper()
	args := slices.Concat([]string{"-nostdin", "-v", "error", "-y"}, s.args(seconds, font, cache),
		[]string{"-an", "-c:v", "rawvideo", "-pix_fmt", "yuv420p", "-f", "nut"})
	key := sha256.Sum256([]byte(fmt.Sprintf("%q", args)))
	path := filepath.Join(cache, s.name+"-"+hex.EncodeToString(key[:6])+".nut")
	if _, err := os.Stat(path); err == nil {
		return path, args
	}
	start := time.Now()
	tmp := path + ".part"
	defer os.Remove(tmp)
	if out, err := exec.Command("ffmpeg", append(args, tmp)...).CombinedOutput(); err != nil {
		t.Fatalf("making %s: ffmpeg %s: %v\n%s", s.name, strings.Join(args, " "), err, benchkit.Tail(string(out)))
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("made %s in %.0f s\n", filepath.Base(path), time.Since(start).Seconds())
	return path, args
}

// encoding is one encode of a source, measured.
type encoding struct {
	crf         int
	bytes       int64
	ssim, psnr  float64
	cpu         time.Duration
	wall        time.Duration
	encoderArgs []string
}

// rung is Reel's rung for the source: its maxrate (bits per second) and GOP.
type rung struct {
	name    string
	maxrate int
	gop     int
}

func planRung(t *testing.T, s source) rung {
	t.Helper()
	info := &media.Info{Duration: 5, Video: &media.VideoStream{Width: s.width, Height: s.height,
		FrameRate: rate, FrameRateNum: rate, FrameRateDen: 1}}
	plan, err := media.PlanLadder(info, media.LadderOptions{})
	if err != nil || len(plan) == 0 {
		t.Fatalf("planning %s: %v", s.name, err)
	}
	top := plan[len(plan)-1]
	if top.Width != s.width || top.Height != s.height {
		t.Fatalf("%s: Reel's top rung is %dx%d, not the source's size", s.name, top.Width, top.Height)
	}
	return rung{name: top.Name, maxrate: top.MaxBitrate, gop: max(1, int(rate*media.DefaultGOPTime.Seconds()+0.5))}
}

// codec is an encoder under test: its arguments for a preset and a CRF,
// the CRFs searched and where the search starts.
type codec struct {
	name           string
	args           func(r rung, preset string, crf int) []string
	minCRF, maxCRF int
	startCRF       int
	speed          func(preset string) int // higher is faster
}

var av1 = codec{name: "SVT-AV1", minCRF: 15, maxCRF: 63, startCRF: 30,
	speed: func(p string) int { n, _ := strconv.Atoi(p); return n },
	args: func(r rung, preset string, crf int) []string {
		g := strconv.Itoa(r.gop)
		// -g 60: a keyframe every 60 frames; irefresh-type=2: each a
		// closed-GOP key frame; scd=0: no scene-cut keyframes. The rate cap
		// is the reference's (capped CRF).
		return []string{"-c:v", "libsvtav1", "-preset", preset, "-crf", strconv.Itoa(crf), "-g", g,
			"-svtav1-params", "irefresh-type=2:scd=0",
			"-maxrate", fmt.Sprintf("%dk", r.maxrate/1000), "-bufsize", fmt.Sprintf("%dk", 2*r.maxrate/1000)}
	}}

var x265 = codec{name: "x265", minCRF: 12, maxCRF: 40, startCRF: 25,
	speed: func(p string) int {
		return -slices.Index([]string{"ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"}, p)
	},
	args: func(r rung, preset string, crf int) []string {
		g := strconv.Itoa(r.gop)
		return []string{"-c:v", "libx265", "-preset", preset, "-crf", strconv.Itoa(crf), "-tag:v", "hvc1",
			"-x265-params", fmt.Sprintf("keyint=%s:min-keyint=%s:scenecut=0:open-gop=0:vbv-maxrate=%d:vbv-bufsize=%d:log-level=error",
				g, g, r.maxrate/1000, 2*r.maxrate/1000)}
	}}

func x264Args(r rung) []string {
	return benchkit.X264ArgsGOP(":v", r.maxrate/1000, r.gop)
}

// encode encodes src with the encoder's arguments into an MP4 in work and
// measures it against src.
func encode(t *testing.T, src, work string, encoderArgs []string) encoding {
	t.Helper()
	out := filepath.Join(work, "out.mp4")
	os.Remove(out)
	args := slices.Concat([]string{"-nostdin", "-v", "error", "-y", "-i", src, "-an", "-pix_fmt", "yuv420p"}, encoderArgs, []string{out})
	cmd := exec.Command("ffmpeg", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, benchkit.Tail(stderr.String()))
	}
	e := encoding{wall: time.Since(start), cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), encoderArgs: encoderArgs}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	e.bytes = st.Size()
	e.ssim, e.psnr = compare(t, out, src)
	return e
}

var (
	ssimRE = regexp.MustCompile(`SSIM Y:.* All:([0-9.]+)`)
	psnrRE = regexp.MustCompile(`PSNR y:.* average:([0-9.]+|inf)`)
)

// compare is the SSIM ("All") and the PSNR ("average", dB) of the encode
// against the source, with ffmpeg's filters.
func compare(t *testing.T, encoded, src string) (float64, float64) {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostdin", "-hide_banner", "-i", encoded, "-i", src, "-lavfi",
		"[0:v]split[a0][a1];[1:v]split[b0][b1];[a0][b0]ssim;[a1][b1]psnr", "-f", "null", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("measuring %s: %v\n%s", encoded, err, benchkit.Tail(string(out)))
	}
	s, p := ssimRE.FindSubmatch(out), psnrRE.FindSubmatch(out)
	if s == nil || p == nil {
		t.Fatalf("measuring %s: no SSIM or PSNR in\n%s", encoded, benchkit.Tail(string(out)))
	}
	ssim, _ := strconv.ParseFloat(string(s[1]), 64)
	psnr, _ := strconv.ParseFloat(string(p[1]), 64)
	return ssim, psnr
}

// result is one preset on one source: the encodes of its search and the
// one at the equal-SSIM point (nil when none reached the target).
type result struct {
	codec, preset string
	tried         []encoding
	best          *encoding
}

// search looks for the largest CRF whose SSIM is at least target, in at
// most budget encodes, starting at start: with the target on one side of
// every CRF tried, the next is extrapolated on SSIM from the last two (the
// first step is step), between 2 and 10 CRF further; once there is a
// passing and a failing CRF, it is interpolated between the nearest ones.
func search(t *testing.T, c codec, preset string, r rung, src, work string, target float64, start, step, budget int) result {
	t.Helper()
	res := result{codec: c.name, preset: preset}
	pass, fail := -1, -1 // the largest passing and smallest failing CRFs
	ssimAt := map[int]float64{}
	crf := min(max(start, c.minCRF), c.maxCRF)
	prev := -1
	for range budget {
		e := encode(t, src, work, c.args(r, preset, crf))
		e.crf = crf
		res.tried = append(res.tried, e)
		ssimAt[crf] = e.ssim
		if e.ssim >= target {
			if pass < 0 || crf > pass {
				pass = crf
			}
			if res.best == nil || e.bytes < res.best.bytes {
				best := e
				res.best = &best
			}
		} else if fail < 0 || crf < fail {
			fail = crf
		}
		fmt.Printf("  %-7s %-8s crf %2d: %8d bytes SSIM %.5f (target %.5f) PSNR %.2f CPU %5.1f s wall %5.1f s (load %s)\n",
			c.name, preset, crf, e.bytes, e.ssim, target, e.psnr, e.cpu.Seconds(), e.wall.Seconds(), benchkit.LoadAverage())
		// Extrapolated distance to the target from the last two points.
		dist := step
		if prev >= 0 && ssimAt[prev] != e.ssim {
			slope := (e.ssim - ssimAt[prev]) / float64(crf-prev) // negative: SSIM falls as the CRF rises
			if slope < 0 {
				d := math.Abs((e.ssim - target) / slope)
				dist = min(max(int(math.Round(d)), 2), 10)
			}
		}
		prev = crf
		switch {
		case pass >= 0 && fail >= 0:
			if fail-pass <= 1 {
				return res
			}
			sp, sf := ssimAt[pass], ssimAt[fail]
			next := pass + 1
			if sp > sf {
				next = pass + int(math.Round((sp-target)/(sp-sf)*float64(fail-pass)))
			}
			crf = min(max(next, pass+1), fail-1)
		case pass >= 0:
			if pass >= c.maxCRF {
				return res
			}
			crf = min(pass+dist, c.maxCRF)
		default:
			if fail <= c.minCRF {
				return res
			}
			crf = max(fail-dist, c.minCRF)
		}
	}
	return res
}

// job is one source with its reference and its results.
type job struct {
	src     source
	path    string
	genArgs []string
	rung    rung
	ref     encoding
	refCPU  time.Duration // the median of the reference's encodes
	results []result
}

func envList(name string, def []string) []string {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func svtVersion() string {
	out, _ := exec.Command("ffmpeg", "-hide_banner", "-f", "lavfi", "-i", "testsrc2=size=64x64:duration=0.1",
		"-c:v", "libsvtav1", "-f", "null", "-").CombinedOutput()
	if m := regexp.MustCompile(`SVT-AV1 Encoder Lib (v[0-9.]+)`).FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return "?"
}

func x265Version() string {
	out, _ := exec.Command("ffmpeg", "-hide_banner", "-f", "lavfi", "-i", "testsrc2=size=64x64:duration=0.1",
		"-c:v", "libx265", "-f", "null", "-").CombinedOutput()
	if m := regexp.MustCompile(`HEVC encoder version ([0-9.+]+)`).FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return "?"
}

func ffmpegVersion() string {
	out, _ := exec.Command("ffmpeg", "-version").Output()
	line, _, _ := strings.Cut(string(out), "\n")
	if f := strings.Fields(line); len(f) >= 3 {
		return f[2]
	}
	return "?"
}

func TestCodecsBenchmark(t *testing.T) {
	seconds, budget := benchkit.EnvInt("REEL_BENCH_SECONDS", 5), benchkit.EnvInt("REEL_BENCH_SEARCH", 3)
	av1Presets := envList("REEL_BENCH_AV1_PRESETS", []string{"6", "8", "10", "12"})
	x265Presets := envList("REEL_BENCH_X265_PRESETS", []string{"veryfast", "faster", "fast", "medium"})
	cache := os.Getenv("REEL_BENCH_CACHE")
	if cache == "" {
		cache = filepath.Join(os.TempDir(), "reel-bench-codecs")
	}
	outFile := os.Getenv("REEL_BENCH_OUT")
	if outFile == "" {
		outFile = filepath.Join(os.TempDir(), "reel-bench-codecs.md")
	}
	all := sources()
	var picked []source
	for _, name := range envList("REEL_BENCH_CODECS_SOURCES", defaultSources) {
		i := slices.IndexFunc(all, func(s source) bool { return s.name == name })
		if i < 0 {
			var names []string
			for _, s := range all {
				names = append(names, s.name)
			}
			t.Fatalf("REEL_BENCH_CODECS_SOURCES: no source %q (have %s)", name, strings.Join(names, ", "))
		}
		picked = append(picked, all[i])
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	font := findFont()
	work := t.TempDir()
	var jobs []*job
	for _, s := range picked {
		path, args := generate(t, s, cache, seconds, font)
		jobs = append(jobs, &job{src: s, path: path, genArgs: args, rung: planRung(t, s)})
	}
	started, loadBefore := time.Now(), benchkit.LoadAverage()
	versions := fmt.Sprintf("ffmpeg %s, SVT-AV1 %s, x265 %s", ffmpegVersion(), svtVersion(), x265Version())
	fmt.Println(versions)

	// render writes the tables of the sources done so far (all of them at
	// the end), so that a run cut short still leaves its numbers.
	command := fmt.Sprintf("REEL_BENCH_CODECS_SOURCES=%s REEL_BENCH_SECONDS=%d REEL_BENCH_AV1_PRESETS=%s REEL_BENCH_X265_PRESETS=%s REEL_BENCH_SEARCH=%d make bench BENCH=./bench/codecs/",
		strings.Join(sourceNames(jobs), ","), seconds, strings.Join(av1Presets, ","), strings.Join(x265Presets, ","), budget)
	fmt.Printf("%s\n", command)
	total := len(jobs)
	render := func(jobs []*job) string {
		var md strings.Builder
		fmt.Fprintf(&md, "`%s`\n\n", command)
		if len(jobs) < total {
			fmt.Fprintf(&md, "**Partial: %d of %d sources done.**\n\n", len(jobs), total)
		}
		fmt.Fprintf(&md, "%s; %d s sources at 30 fps, %d CPU cores, encoders with their default threads; load average %s before, %s after; %s in all.\n\n",
			versions, seconds, benchkit.NumCPU(), loadBefore, benchkit.LoadAverage(), time.Since(started).Round(time.Second))
		md.WriteString("Each row is a preset at its equal-SSIM point: the largest CRF (of at most " + strconv.Itoa(budget) +
			" tried, " + strconv.Itoa(budget+1) + " for the fastest preset of each encoder, searched first) whose SSIM is at least x264's. Bytes and CPU (user+sys of the encoder process) are against x264's " +
			"(CPU: the median of 3 reference encodes); \"meets\" is ≥ 25 % fewer bytes with CPU ≤ 2.5×.\n\n")
		for _, j := range jobs {
			fmt.Fprintf(&md, "**%s** (%dx%d, Reel's %s rung: maxrate %d kb/s; x264 %.0f kb/s)\n\n", j.src.name, j.src.width, j.src.height,
				j.rung.name, j.rung.maxrate/1000, float64(j.ref.bytes)*8/float64(seconds)/1000)
			md.WriteString("| encoder | preset | CRF | encodes | bytes | bytes vs x264 | SSIM | PSNR dB | CPU s | CPU × | meets |\n")
			md.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
			fmt.Fprintf(&md, "| x264 (Reel) | veryfast | 23 | 3 | %d | — | %.5f | %.2f | %.1f | 1.00 | |\n", j.ref.bytes, j.ref.ssim, j.ref.psnr, j.refCPU.Seconds())
			for _, r := range j.results {
				if r.best == nil {
					lowest := slices.MinFunc(r.tried, func(a, b encoding) int { return a.crf - b.crf })
					fmt.Fprintf(&md, "| %s | %s | — | %d | — | SSIM not reached (CRF %d: %.5f) | | | | | no |\n", r.codec, r.preset, len(r.tried), lowest.crf, lowest.ssim)
					continue
				}
				b := r.best
				saved, cpuX := savedPct(b, j), float64(b.cpu)/float64(j.refCPU)
				fmt.Fprintf(&md, "| %s | %s | %d | %d | %d | %+.1f %% | %.5f | %.2f | %.1f | %.2f | %s |\n", r.codec, r.preset, b.crf, len(r.tried),
					b.bytes, -saved, b.ssim, b.psnr, b.cpu.Seconds(), cpuX, map[bool]string{true: "yes", false: "no"}[saved >= 25 && cpuX <= 2.5])
			}
			md.WriteString("\n")
		}
		md.WriteString("**Summary** (per preset, over the sources: the median bytes saved at equal SSIM and the median CPU ×)\n\n")
		md.WriteString("| encoder | preset | median bytes saved | min–max saved | median CPU × | max CPU × | sources meeting ≥ 25 % at ≤ 2.5× |\n")
		md.WriteString("|---|---|---|---|---|---|---|\n")
		for i, r0 := range jobs[0].results {
			var saved, cpu []float64
			meets, reached := 0, 0
			for _, j := range jobs {
				r := j.results[i]
				if r.best == nil {
					continue
				}
				reached++
				s, c := savedPct(r.best, j), float64(r.best.cpu)/float64(j.refCPU)
				saved, cpu = append(saved, s), append(cpu, c)
				if s >= 25 && c <= 2.5 {
					meets++
				}
			}
			if reached == 0 {
				fmt.Fprintf(&md, "| %s | %s | — | — | — | — | 0 of %d |\n", r0.codec, r0.preset, len(jobs))
				continue
			}
			fmt.Fprintf(&md, "| %s | %s | %.1f %% | %.1f – %.1f %% | %.2f | %.2f | %d of %d%s |\n", r0.codec, r0.preset, benchkit.Median(saved),
				slices.Min(saved), slices.Max(saved), benchkit.Median(cpu), slices.Max(cpu), meets, len(jobs),
				map[bool]string{true: fmt.Sprintf(" (%d without an equal-SSIM point)", len(jobs)-reached)}[reached < len(jobs)])
		}
		md.WriteString("\nSources (lavfi, raw video in NUT, cached by their arguments):\n\n")
		for _, j := range jobs {
			fmt.Fprintf(&md, "- %s: %s\n", j.src.name, j.src.what)
		}
		md.WriteString("\nEncoder arguments (after `ffmpeg -i SRC -an -pix_fmt yuv420p`, before OUT.mp4; CRF and preset as in the tables):\n\n")
		r := jobs[0].rung
		fmt.Fprintf(&md, "- x264 (Reel's %s rung): `%s`\n", r.name, strings.Join(x264Args(r), " "))
		fmt.Fprintf(&md, "- SVT-AV1: `%s`\n", strings.Replace(strings.Join(av1.args(r, "P", 0), " "), "-crf 0", "-crf CRF", 1))
		fmt.Fprintf(&md, "- x265: `%s`\n", strings.Replace(strings.Join(x265.args(r, "P", 0), " "), "-crf 0", "-crf CRF", 1))
		return md.String()
	}

	for k, j := range jobs {
		var refs []encoding
		for range 3 {
			refs = append(refs, encode(t, j.path, work, x264Args(j.rung)))
		}
		j.ref = refs[0]
		j.refCPU = time.Duration(benchkit.MedianOf(refs, func(e encoding) float64 { return float64(e.cpu) }))
		fmt.Printf("%s: x264 %d bytes SSIM %.5f PSNR %.2f CPU %.1f s (%s) (load %s)\n", j.src.name, j.ref.bytes, j.ref.ssim,
			j.ref.psnr, j.refCPU.Seconds(), cpuList(refs), benchkit.LoadAverage())
		for _, set := range []struct {
			c       codec
			presets []string
		}{{av1, av1Presets}, {x265, x265Presets}} {
			// Fastest first: the cheap presets find the CRF region (with
			// one more encode), the slow ones start at the point found by
			// the preset before them, a few CRF from theirs.
			start, step, extra := set.c.startCRF, 6, 1
			results := make([]result, len(set.presets))
			order := make([]int, len(set.presets))
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(a, b int) int { return set.c.speed(set.presets[b]) - set.c.speed(set.presets[a]) })
			for _, i := range order {
				results[i] = search(t, set.c, set.presets[i], j.rung, j.path, work, j.ref.ssim, start, step, budget+extra)
				if b := results[i].best; b != nil {
					start, step, extra = b.crf, 3, 0
				}
			}
			j.results = append(j.results, results...)
		}
		if err := os.WriteFile(outFile, []byte(render(jobs[:k+1])), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	md := render(jobs)
	fmt.Printf("\n%s\n", md)
	if err := os.WriteFile(outFile, []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("written to %s\n", outFile)
}

// savedPct is the share of x264's bytes the encode saves, in per cent.
func savedPct(e *encoding, j *job) float64 {
	return 100 * (1 - float64(e.bytes)/float64(j.ref.bytes))
}

func cpuList(es []encoding) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = fmt.Sprintf("%.1f", e.cpu.Seconds())
	}
	return strings.Join(s, ", ")
}

func sourceNames(jobs []*job) []string {
	var names []string
	for _, j := range jobs {
		names = append(names, j.src.name)
	}
	return names
}
