//go:build bench

// Package sources_bench runs the source zoo (media/zoo_test.go, issue 34)
// at realistic sizes and times Reel against ffmpeg on each source:
//
//	make bench BENCH=./bench/sources/
//
// For each source it measures, in a child process (cmd/reelprocess of
// bench/media, scheduled like the server's media child), Reel's time to
// playable (media.Process's OnPlayable) and to ready (the ladder packaged,
// without the pictures: LadderOnly, as the reference makes no pictures),
// and beside them two ffmpeg commands written for the same source:
//   - first segment: one rung at the size of Reel's smallest, x264
//     ultrafast, scaled before anything else costly (tone-mapping a 360p
//     picture costs 1/36 of a 4K one), 2 s segments: its time until its
//     playlist lists a segment (then it is stopped);
//   - ladder: one command making the ladder Reel plans for the source
//     (media.PlanLadder: same rungs, frame rates, x264 settings and GOP as
//     newVideoEncoder, every audio stream as AAC), HLS fMP4, each filter
//     where it costs least: deinterlacing first, the frame rate set before
//     anything else, the picture scaled to the top rung, tone-mapped (with
//     Reel's chain, toneMapFilters) and turned upright at that size, then
//     scaled to the other rungs.
//
// The rounds are interleaved (round 1 of every source, then round 2, each
// source's three runs in a rotating order) and the tables give medians,
// and for the ratios the median of each round's own ratio.
//
// Environment: REEL_BENCH_SOURCES picks sources by name (comma-separated;
// all by default), REEL_BENCH_ROUNDS the rounds (3), REEL_BENCH_SECONDS the
// length of every source (6), REEL_BENCH_CACHE where generated sources are
// kept between runs, keyed by their ffmpeg arguments (os.TempDir()/
// reel-bench-sources: the 4K HEVC source takes x265 minutes to make), and
// REEL_BENCH_OUT the markdown file written for BENCHMARKS.md
// (os.TempDir()/reel-bench-sources.md), and REEL_BENCH_SHARED_DECODE_BYTES
// media.ProcessOptions.SharedDecodeBytes of Reel's runs (its default
// unset).
package sources_bench

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/media"
)

// source is one kind of upload of the zoo, made with lavfi.
type source struct {
	name, what string
	ext        string
	// args are ffmpeg's arguments making seconds of it, before the output.
	args   func(seconds int) []string
	piped  bool // written to a pipe (args end with -f): no duration in the header
	rotate int  // then tagged rotate=N by a stream copy
}

func sources() []source {
	sine := func(rate int) []string {
		return []string{"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:sample_rate=%d", rate)}
	}
	video := func(size string, rate int, seconds int, extra string) []string {
		return []string{"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%s:rate=%d:duration=%d%s", size, rate, seconds, extra)}
	}
	av := func(v, a []string, rest ...string) []string { return slices.Concat(v, a, rest) }
	t := func(seconds int) string { return strconv.Itoa(seconds) }
	x264 := []string{"-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p", "-g", "30", "-b:v", "12M"}
	aac := []string{"-c:a", "aac", "-b:a", "128k"}
	x265 := func(transfer string) []string {
		return []string{"-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1",
			"-x265-params", "colorprim=bt2020:transfer=" + transfer + ":colormatrix=bt2020nc:log-level=error",
			"-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc"}
	}
	return []source{
		{name: "phone-pq-4k", what: "iPhone default: HEVC Main10 PQ 3840x2160 60 fps, rotate=90, AAC", ext: ".mov", rotate: 90,
			args: func(s int) []string {
				return av(video("3840x2160", 60, s, ",format=yuv420p10le"), sine(48000), slices.Concat(x265("smpte2084"), aac, []string{"-t", t(s)})...)
			}},
		{name: "phone-hlg", what: "HEVC Main10 HLG 1920x1080 30 fps, AAC", ext: ".mp4",
			args: func(s int) []string {
				return av(video("1920x1080", 30, s, ",format=yuv420p10le"), sine(48000), slices.Concat(x265("arib-std-b67"), aac, []string{"-t", t(s)})...)
			}},
		{name: "android-vfr", what: "H.264 1920x1080, 30 fps with a 15 fps middle third (VFR), AAC", ext: ".mp4",
			args: func(s int) []string {
				sel := fmt.Sprintf(",select='not(between(t\\,%g\\,%g)*mod(n\\,2))'", float64(s)/3, 2*float64(s)/3)
				return av(video("1920x1080", 30, s, sel), sine(48000), slices.Concat([]string{"-fps_mode", "vfr"}, x264, aac, []string{"-t", t(s)})...)
			}},
		{name: "screen", what: "screen recording: H.264 1920x1200 (16:10), 60 fps and a static stretch at 1 fps (VFR), AAC", ext: ".mp4",
			args: func(s int) []string {
				sel := fmt.Sprintf(",select='not(between(t\\,%g\\,%g))+not(mod(n\\,60))'", 0.4*float64(s), 0.8*float64(s))
				return av(video("1920x1200", 60, s, sel), sine(48000),
					slices.Concat([]string{"-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"}, aac, []string{"-t", t(s)})...)
			}},
		{name: "prores", what: "camera: ProRes 422 HQ 10-bit 4:2:2 1920x1080 25 fps, PCM, MOV", ext: ".mov",
			args: func(s int) []string {
				return av(video("1920x1080", 25, s, ""), sine(48000), "-c:v", "prores_ks", "-profile:v", "3", "-pix_fmt", "yuv422p10le",
					"-c:a", "pcm_s24le", "-t", t(s))
			}},
		{name: "mpeg2-1080i", what: "camera: MPEG-2 1920x1080 25i (top field first) in MPEG-TS, 5.1 AC-3", ext: ".ts",
			args: func(s int) []string {
				return av(video("1920x1080", 50, s, ",tinterlace=mode=interleave_top"), sine(48000), "-c:v", "mpeg2video",
					"-flags", "+ildct+ilme", "-top", "1", "-b:v", "15M", "-c:a", "ac3", "-ac", "6", "-b:a", "448k", "-t", t(s), "-f", "mpegts")
			}},
		{name: "vp9-webm", what: "browser recorder: VP9 + Opus 1920x1080 30 fps WebM written to a pipe (no duration)", ext: ".webm", piped: true,
			args: func(s int) []string {
				return av(video("1920x1080", 30, s, ""), sine(48000), "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8",
					"-row-mt", "1", "-b:v", "4M", "-c:a", "libopus", "-t", t(s), "-f", "webm")
			}},
		{name: "av1-mp4", what: "browser recorder: AV1 (SVT-AV1) + Opus 1920x1080 30 fps MP4", ext: ".mp4",
			args: func(s int) []string {
				return av(video("1920x1080", 30, s, ""), sine(48000), "-c:v", "libsvtav1", "-preset", "12", "-c:a", "libopus", "-t", t(s))
			}},
		{name: "no-audio", what: "H.264 1920x1080 30 fps, no audio", ext: ".mp4",
			args: func(s int) []string { return slices.Concat(video("1920x1080", 30, s, ""), x264) }},
		{name: "mono-96k", what: "H.264 1920x1080 30 fps, PCM 96 kHz mono, MOV", ext: ".mov",
			args: func(s int) []string {
				return av(video("1920x1080", 30, s, ""), sine(96000), slices.Concat(x264, []string{"-c:a", "pcm_s24le", "-t", t(s)})...)
			}},
		{name: "two-audio", what: "H.264 1920x1080 30 fps, two AAC streams (eng, fra)", ext: ".mp4",
			args: func(s int) []string {
				return av(video("1920x1080", 30, s, ""), sine(48000), slices.Concat(sine(44100), []string{"-map", "0", "-map", "1", "-map", "2"},
					x264, aac, []string{"-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra", "-t", t(s)})...)
			}},
		{name: "mjpeg-avi", what: "MJPEG 1920x1080 25 fps, PCM, AVI", ext: ".avi",
			args: func(s int) []string {
				return av(video("1920x1080", 25, s, ""), sine(44100), "-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj420p",
					"-c:a", "pcm_s16le", "-t", t(s))
			}},
		{name: "anamorphic-pal", what: "H.264 720x576 25 fps, SAR 64:45 (16:9 PAL), AAC", ext: ".mp4",
			args: func(s int) []string {
				return av(video("720x576", 25, s, ",setsar=64/45"), sine(48000), slices.Concat(x264, aac, []string{"-t", t(s)})...)
			}},
		{name: "portrait", what: "H.264 1080x1920 (9:16) 30 fps, AAC", ext: ".mp4",
			args: func(s int) []string {
				return av(video("1080x1920", 30, s, ""), sine(48000), slices.Concat(x264, aac, []string{"-t", t(s)})...)
			}},
		{name: "square", what: "H.264 1080x1080 (1:1) 30 fps, AAC", ext: ".mp4",
			args: func(s int) []string {
				return av(video("1080x1080", 30, s, ""), sine(48000), slices.Concat(x264, aac, []string{"-t", t(s)})...)
			}},
		{name: "mp3", what: "audio only: MP3 44.1 kHz stereo", ext: ".mp3",
			args: func(s int) []string {
				return slices.Concat(sine(44100), []string{"-ac", "2", "-c:a", "libmp3lame", "-b:a", "192k", "-t", t(s)})
			}},
		{name: "flac", what: "audio only: FLAC 48 kHz stereo", ext: ".flac",
			args: func(s int) []string {
				return slices.Concat(sine(48000), []string{"-ac", "2", "-c:a", "flac", "-t", t(s)})
			}},
		{name: "wav", what: "audio only: WAV 44.1 kHz stereo", ext: ".wav",
			args: func(s int) []string {
				return slices.Concat(sine(44100), []string{"-ac", "2", "-c:a", "pcm_s16le", "-t", t(s)})
			}},
	}
}

// toneMap is Reel's tone-mapping chain (media/transcode.go, toneMapFilters)
// for a transfer ("smpte2084", "arib-std-b67"); keep the two in step.
func toneMap(transfer string) string {
	return "zscale=tin=" + transfer + ":pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le," +
		"zscale=p=bt709,tonemap=tonemap=mobius:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
}

// measured is one run of one of the three.
type measured struct {
	first time.Duration // playable (Reel), first segment listed (ffmpeg one rung)
	wall  time.Duration // ready (Reel), the whole command (ffmpeg ladder)
	cpu   time.Duration
	err   string // Reel failed on the source: the table says so
}

// job is a source made and planned, with its reference commands.
type job struct {
	src                    source
	path                   string
	plan                   []media.Rendition
	firstArgs              func(out string) []string
	ladderArgs             func(out string) []string
	reel, firstSeg, ladder []measured
}

func TestSourcesBenchmark(t *testing.T) {
	seconds, rounds := benchkit.EnvInt("REEL_BENCH_SECONDS", 6), benchkit.EnvInt("REEL_BENCH_ROUNDS", 3)
	cache := os.Getenv("REEL_BENCH_CACHE")
	if cache == "" {
		cache = filepath.Join(os.TempDir(), "reel-bench-sources")
	}
	outFile := os.Getenv("REEL_BENCH_OUT")
	if outFile == "" {
		outFile = filepath.Join(os.TempDir(), "reel-bench-sources.md")
	}
	var picked []source
	all := sources()
	if names := os.Getenv("REEL_BENCH_SOURCES"); names != "" {
		for _, name := range strings.Split(names, ",") {
			i := slices.IndexFunc(all, func(s source) bool { return s.name == strings.TrimSpace(name) })
			if i < 0 {
				t.Fatalf("REEL_BENCH_SOURCES: no source %q (have %s)", name, sourceNames(all))
			}
			picked = append(picked, all[i])
		}
	} else {
		picked = all
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	helper := filepath.Join(t.TempDir(), "reelprocess")
	if out, err := exec.Command("go", "build", "-o", helper, "github.com/reelvideo/reel/bench/media/cmd/reelprocess").CombinedOutput(); err != nil {
		t.Fatalf("building reelprocess: %v\n%s", err, out)
	}
	work := t.TempDir()
	started, loadBefore := time.Now(), benchkit.LoadAverage()

	var jobs []*job
	for _, s := range picked {
		jobs = append(jobs, prepare(t, s, cache, seconds))
	}
	for round := range rounds {
		for _, j := range jobs {
			runners := []func(){
				func() { j.reel = append(j.reel, runReel(t, helper, j.path, filepath.Join(work, "reel"))) },
				func() { j.firstSeg = append(j.firstSeg, runFirstSegment(t, j.firstArgs, filepath.Join(work, "first"))) },
				func() { j.ladder = append(j.ladder, runLadder(t, j.ladderArgs, filepath.Join(work, "ladder"))) },
			}
			for k := range runners {
				runners[(round+k)%len(runners)]()
			}
			fmt.Printf("round %d %-15s Reel playable %5.2f s ready %6.1f s | ffmpeg first segment %5.2f s ladder %6.1f s (load %s)%s\n",
				round+1, j.src.name, j.reel[round].first.Seconds(), j.reel[round].wall.Seconds(),
				j.firstSeg[round].first.Seconds(), j.ladder[round].wall.Seconds(), benchkit.LoadAverage(),
				map[bool]string{true: " Reel failed: " + j.reel[round].err}[j.reel[round].err != ""])
		}
	}

	var md strings.Builder
	command := fmt.Sprintf("REEL_BENCH_SOURCES=%s REEL_BENCH_ROUNDS=%d REEL_BENCH_SECONDS=%d make bench BENCH=./bench/sources/",
		strings.Join(sourceNamesOf(picked), ","), rounds, seconds)
	fmt.Fprintf(&md, "`%s`\n\n", command)
	fmt.Fprintf(&md, "%d s sources, %d CPU cores, %d interleaved rounds, medians (ratios: median of the rounds' own ratios); load average %s before, %s after; %s in all.\n\n",
		seconds, benchkit.NumCPU(), rounds, loadBefore, benchkit.LoadAverage(), time.Since(started).Round(time.Second))
	md.WriteString("| source | Reel's ladder | Reel playable s | ffmpeg first segment s | × | Reel ready s | ffmpeg ladder s | × | Reel CPU s | ffmpeg ladder CPU s |\n")
	md.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, j := range jobs {
		if i := slices.IndexFunc(j.reel, func(m measured) bool { return m.err != "" }); i >= 0 {
			fmt.Fprintf(&md, "| %s | %s | fails: %s | %.2f | | | %.1f | | | %.1f |\n", j.src.name, planText(j.plan),
				strings.ReplaceAll(j.reel[i].err, "\n", " "),
				benchkit.MedianOf(j.firstSeg, func(m measured) float64 { return m.first.Seconds() }),
				benchkit.MedianOf(j.ladder, func(m measured) float64 { return m.wall.Seconds() }),
				benchkit.MedianOf(j.ladder, func(m measured) float64 { return m.cpu.Seconds() }))
			continue
		}
		fmt.Fprintf(&md, "| %s | %s | %.2f | %.2f | %.2f | %.1f | %.1f | %.2f | %.1f | %.1f |\n", j.src.name, planText(j.plan),
			benchkit.MedianOf(j.reel, func(m measured) float64 { return m.first.Seconds() }),
			benchkit.MedianOf(j.firstSeg, func(m measured) float64 { return m.first.Seconds() }),
			benchkit.MedianRatio(j.reel, j.firstSeg, func(m measured) float64 { return m.first.Seconds() }),
			benchkit.MedianOf(j.reel, func(m measured) float64 { return m.wall.Seconds() }),
			benchkit.MedianOf(j.ladder, func(m measured) float64 { return m.wall.Seconds() }),
			benchkit.MedianRatio(j.reel, j.ladder, func(m measured) float64 { return m.wall.Seconds() }),
			benchkit.MedianOf(j.reel, func(m measured) float64 { return m.cpu.Seconds() }),
			benchkit.MedianOf(j.ladder, func(m measured) float64 { return m.cpu.Seconds() }))
	}
	md.WriteString("\nSources (lavfi `testsrc2` + `sine`, cached by their arguments):\n\n")
	for _, j := range jobs {
		fmt.Fprintf(&md, "- %s: %s\n", j.src.name, j.src.what)
	}
	md.WriteString("\nReference commands (SRC the source, OUT a fresh folder):\n\n")
	for _, j := range jobs {
		fmt.Fprintf(&md, "- %s, first segment: `ffmpeg %s`\n", j.src.name, shellText(j.firstArgs("OUT"), j.path))
		fmt.Fprintf(&md, "- %s, ladder: `ffmpeg %s`\n", j.src.name, shellText(j.ladderArgs("OUT"), j.path))
	}
	fmt.Printf("\n%s\n", md.String())
	if err := os.WriteFile(outFile, []byte(md.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("written to %s\n", outFile)
}

func sourceNames(all []source) string { return strings.Join(sourceNamesOf(all), ", ") }

func sourceNamesOf(ss []source) []string {
	var names []string
	for _, s := range ss {
		names = append(names, s.name)
	}
	return names
}

// prepare makes (or finds in the cache) the source, asks Reel's planner for
// its ladder and writes the two reference commands.
func prepare(t *testing.T, s source, cache string, seconds int) *job {
	t.Helper()
	path := generate(t, s, cache, seconds)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	j := &job{src: s, path: path}
	// Reel's Probe may not read every source (a piped WebM, until it reads
	// durations from packets): the plan then comes from ffprobe's reading.
	info, err := media.Probe(ctx, path)
	meta := ffprobe(t, path)
	if err != nil {
		t.Logf("%s: Reel's Probe: %v; planning from ffprobe's reading", s.name, err)
		info = meta.info()
	}
	if j.plan, err = media.PlanLadder(info, media.LadderOptions{}); err != nil {
		t.Fatalf("%s: planning: %v", s.name, err)
	}
	j.firstArgs = func(out string) []string { return firstSegmentArgs(path, out, meta, j.plan) }
	j.ladderArgs = func(out string) []string { return ladderArgs(path, out, meta, j.plan) }
	return j
}

// generate makes the source with ffmpeg into the cache, named by a hash of
// its arguments, unless it is there already.
func generate(t *testing.T, s source, cache string, seconds int) string {
	t.Helper()
	args := s.args(seconds)
	key := sha256.Sum256([]byte(fmt.Sprintf("%q piped=%v rotate=%d", args, s.piped, s.rotate)))
	path := filepath.Join(cache, s.name+"-"+hex.EncodeToString(key[:6])+s.ext)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	start := time.Now()
	tmp := path + ".part" + s.ext
	defer os.Remove(tmp)
	full := slices.Concat([]string{"-nostdin", "-v", "error", "-y"}, args)
	var stderr bytes.Buffer
	cmd := exec.Command("ffmpeg", append(full, tmp)...)
	if s.piped {
		f, err := os.Create(tmp)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd = exec.Command("ffmpeg", append(full, "pipe:1")...)
		cmd.Stdout = f
	}
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("making %s: ffmpeg %s: %v\n%s", s.name, strings.Join(full, " "), err, benchkit.Tail(stderr.String()))
	}
	if s.rotate != 0 {
		rotated := path + ".rot" + s.ext
		defer os.Remove(rotated)
		out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-y", "-i", tmp, "-map", "0", "-c", "copy",
			"-metadata:s:v:0", "rotate="+strconv.Itoa(s.rotate), rotated).CombinedOutput()
		if err != nil {
			t.Fatalf("tagging %s: %v\n%s", s.name, err, out)
		}
		tmp = rotated
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("made %s in %.0f s: ffmpeg %s\n", filepath.Base(path), time.Since(start).Seconds(), strings.Join(full, " "))
	return path
}

// probed is what ffprobe reads of a source: the outside reading the
// reference commands are written from.
type probed struct {
	Streams []probedStream `json:"streams"`
	Format  struct {
		Duration string `json:"duration"`
	} `json:"format"`
}

type probedStream struct {
	Type       string `json:"codec_type"`
	Width      int    `json:"width"`
	Height     int    `json:"height"`
	RFrameRate string `json:"r_frame_rate"`
	FieldOrder string `json:"field_order"`
	Transfer   string `json:"color_transfer"`
	SideData   []struct {
		Rotation int `json:"rotation"`
	} `json:"side_data_list"`
}

func ffprobe(t *testing.T, path string) probed {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var p probed
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// video is the first video stream's index in p.Streams, -1 without one.
func (p probed) video() int {
	return slices.IndexFunc(p.Streams, func(s probedStream) bool { return s.Type == "video" })
}

func (p probed) audioStreams() int {
	n := 0
	for _, s := range p.Streams {
		if s.Type == "audio" {
			n++
		}
	}
	return n
}

// rotation is the display matrix's angle as ffprobe prints it
// (counter-clockwise: rotate=90 reads 90).
func (p probed) rotation() int {
	if v := p.video(); v >= 0 {
		for _, d := range p.Streams[v].SideData {
			if d.Rotation != 0 {
				return d.Rotation
			}
		}
	}
	return 0
}

// info is a media.Info from ffprobe's reading, for PlanLadder when Reel's
// Probe refuses a source.
func (p probed) info() *media.Info {
	info := &media.Info{}
	info.Duration, _ = strconv.ParseFloat(p.Format.Duration, 64)
	if v := p.video(); v >= 0 {
		s := p.Streams[v]
		num, den, _ := strings.Cut(s.RFrameRate, "/")
		n, _ := strconv.Atoi(num)
		d, _ := strconv.Atoi(den)
		rot := ((-p.rotation() % 360) + 360) % 360
		info.Video = &media.VideoStream{Width: s.Width, Height: s.Height, FrameRateNum: n, FrameRateDen: max(d, 1), Rotation: rot}
	}
	if info.Duration <= 0 {
		info.Duration = 1
	}
	return info
}

// uprightFilters are the filters ending a reference chain: the picture
// turned the way ffmpeg's autorotation turns it (the commands read with
// -noautorotate, so that a small picture is turned, not the source).
func uprightFilters(rotation int) []string {
	switch ((rotation % 360) + 360) % 360 {
	case 90:
		return []string{"transpose=cclock"}
	case 180:
		return []string{"hflip", "vflip"}
	case 270:
		return []string{"transpose=clock"}
	}
	return nil
}

// coded is a rendition's size in the source's coded orientation.
func coded(r media.Rendition, rotation int) (int, int) {
	if rotation%180 != 0 {
		return r.Height, r.Width
	}
	return r.Width, r.Height
}

// sourceChain are the reference's filters up to a picture of w×h (coded
// orientation) at the rung's rate, 8-bit BT.709, upright: deinterlace, set
// the frame rate, scale (flags), tone-map, turn.
func sourceChain(meta probed, r media.Rendition, flags string) []string {
	s := meta.Streams[meta.video()]
	var chain []string
	switch s.FieldOrder {
	case "tt", "bb", "tb", "bt":
		chain = append(chain, "bwdif=mode=send_frame:parity=auto:deint=interlaced")
	}
	chain = append(chain, fmt.Sprintf("fps=%d/%d", r.FrameRateNum, r.FrameRateDen))
	w, h := coded(r, meta.rotation())
	chain = append(chain, fmt.Sprintf("scale=%d:%d:flags=%s", w, h, flags))
	switch s.Transfer {
	case "smpte2084", "arib-std-b67":
		chain = append(chain, toneMap(s.Transfer))
	default:
		chain = append(chain, "format=yuv420p")
	}
	chain = append(chain, uprightFilters(meta.rotation())...)
	return append(chain, "setsar=1")
}

func gop(r media.Rendition) int {
	return max(1, int(float64(r.FrameRateNum)/float64(r.FrameRateDen)*media.DefaultGOPTime.Seconds()+0.5))
}

// hdrTags say BT.709 on a tone-mapped rung, as Reel's encoder does.
func hdrTags(meta probed, suffix string) []string {
	if v := meta.video(); v >= 0 && (meta.Streams[v].Transfer == "smpte2084" || meta.Streams[v].Transfer == "arib-std-b67") {
		return []string{"-color_primaries" + suffix, "bt709", "-color_trc" + suffix, "bt709", "-colorspace" + suffix, "bt709"}
	}
	return nil
}

var hlsEvent = []string{"-f", "hls", "-hls_time", "2", "-hls_playlist_type", "event", "-hls_segment_type", "fmp4"}

// firstSegmentArgs: one rung at the size and rate of Reel's smallest,
// x264 ultrafast, the first audio stream, 2 s segments (the issue's
// one-rung command, written for every kind of source).
func firstSegmentArgs(src, out string, meta probed, plan []media.Rendition) []string {
	args := []string{"-nostdin", "-v", "error", "-y", "-noautorotate", "-i", src}
	if len(plan) > 0 {
		r := plan[0]
		g := strconv.Itoa(gop(r))
		args = append(args, "-map", fmt.Sprintf("0:%d", meta.video()), "-vf", strings.Join(sourceChain(meta, r, "bilinear"), ","),
			"-c:v", "libx264", "-preset", "ultrafast", "-crf", "26", "-g", g, "-keyint_min", g, "-sc_threshold", "0",
			"-x264-params", "keyint="+g+":min-keyint="+g+":scenecut=0:open-gop=0")
		args = append(args, hdrTags(meta, ":v")...)
	}
	if meta.audioStreams() > 0 {
		args = append(args, "-map", "0:a:0", "-c:a", "aac", "-b:a", "96k", "-ac", "2", "-ar", "48000")
	}
	return append(append(args, hlsEvent...), "-hls_segment_filename", filepath.Join(out, "%d.m4s"), filepath.Join(out, "playlist.m3u8"))
}

// ladderArgs: Reel's ladder in one command: the top rung made once
// (deinterlaced, at its frame rate, scaled, tone-mapped, upright), split,
// the other rungs scaled from it; every audio stream as Reel encodes it.
func ladderArgs(src, out string, meta probed, plan []media.Rendition) []string {
	args := []string{"-nostdin", "-v", "error", "-y", "-noautorotate", "-i", src}
	var streamMap []string
	if len(plan) > 0 {
		top := plan[len(plan)-1]
		var graph strings.Builder
		fmt.Fprintf(&graph, "[0:%d]%s,split=%d", meta.video(), strings.Join(sourceChain(meta, top, "bicubic"), ","), len(plan))
		for i := range plan {
			fmt.Fprintf(&graph, "[s%d]", i)
		}
		for i, r := range plan {
			fmt.Fprintf(&graph, ";[s%d]", i)
			var f []string
			if r.FrameRateNum*top.FrameRateDen != top.FrameRateNum*r.FrameRateDen {
				f = append(f, fmt.Sprintf("fps=%d/%d", r.FrameRateNum, r.FrameRateDen))
			}
			if r.Width != top.Width || r.Height != top.Height {
				f = append(f, fmt.Sprintf("scale=%d:%d:flags=bicubic", r.Width, r.Height))
			}
			if len(f) == 0 {
				f = append(f, "null")
			}
			fmt.Fprintf(&graph, "%s[v%d]", strings.Join(f, ","), i)
		}
		args = append(args, "-filter_complex", graph.String())
		for i, r := range plan {
			suffix := fmt.Sprintf(":v:%d", i)
			args = append(args, "-map", fmt.Sprintf("[v%d]", i))
			args = append(args, benchkit.X264ArgsGOP(suffix, r.MaxBitrate/1000, gop(r))...)
			args = append(args, hdrTags(meta, suffix)...)
			streamMap = append(streamMap, fmt.Sprintf("v:%d,agroup:aud,name:%s", i, r.Name))
		}
	}
	for i := range meta.audioStreams() {
		args = append(args, "-map", fmt.Sprintf("0:a:%d", i))
		group := ""
		if len(plan) > 0 {
			group = ",agroup:aud"
		}
		streamMap = append(streamMap, fmt.Sprintf("a:%d%s,name:audio%d", i, group, i))
	}
	if meta.audioStreams() > 0 {
		args = append(args, benchkit.AudioArgs...)
	}
	return append(args, "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
		"-hls_segment_filename", filepath.Join(out, "%v", "%d.m4s"), "-master_pl_name", "playlist.m3u8",
		"-var_stream_map", strings.Join(streamMap, " "), filepath.Join(out, "%v", "playlist.m3u8"))
}

var playableRE = regexp.MustCompile(`playable_s=([0-9.]+)`)

// runReel runs reelprocess on src: its time to playable as it reports it,
// its wall and CPU time as the parent sees them.
func runReel(t *testing.T, helper, src, out string) measured {
	t.Helper()
	os.RemoveAll(out)
	args := []string{"-source", src, "-out", out}
	if b := os.Getenv("REEL_BENCH_SHARED_DECODE_BYTES"); b != "" {
		args = append(args, "-shared-decode-bytes", b)
	}
	cmd := exec.Command(helper, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	m := measured{wall: time.Since(start)}
	if err != nil {
		// Reel failing on a kind of source is a result, not the end of the
		// bench.
		msg := strings.TrimSpace(benchkit.Tail(stderr.String()))
		t.Logf("reelprocess %s: %v: %s", src, err, msg)
		return measured{err: msg}
	}
	if p := playableRE.FindStringSubmatch(stderr.String()); p != nil {
		f, _ := strconv.ParseFloat(p[1], 64)
		m.first = time.Duration(f * float64(time.Second))
	}
	m.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return m
}

// runFirstSegment runs the one-rung command until its playlist lists a
// segment, then stops it.
func runFirstSegment(t *testing.T, args func(out string) []string, out string) measured {
	t.Helper()
	os.RemoveAll(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ffmpeg", args(out)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	playlist := filepath.Join(out, "playlist.m3u8")
	for {
		select {
		case err := <-done:
			if err != nil || !listsSegment(playlist) {
				t.Fatalf("ffmpeg %s: %v, no segment\n%s", strings.Join(args(out), " "), err, benchkit.Tail(stderr.String()))
			}
			return measured{first: time.Since(start), cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
		case <-time.After(10 * time.Millisecond):
		}
		if listsSegment(playlist) {
			m := measured{first: time.Since(start)}
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
			return m
		}
	}
}

func listsSegment(playlist string) bool {
	b, err := os.ReadFile(playlist)
	return err == nil && bytes.Contains(b, []byte(".m4s"))
}

// runLadder runs the ladder command to its end.
func runLadder(t *testing.T, args func(out string) []string, out string) measured {
	t.Helper()
	os.RemoveAll(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ffmpeg", args(out)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(args(out), " "), err, benchkit.Tail(stderr.String()))
	}
	return measured{wall: time.Since(start), cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

func planText(plan []media.Rendition) string {
	if len(plan) == 0 {
		return "audio only"
	}
	var rungs []string
	for _, r := range plan {
		rungs = append(rungs, fmt.Sprintf("%dx%d@%.4g", r.Width, r.Height, r.FrameRate))
	}
	return strings.Join(rungs, ", ")
}

// shellText is a command line with the source's path as SRC, quoted for a
// shell where needed.
func shellText(args []string, src string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		a = strings.ReplaceAll(a, src, "SRC")
		if strings.ContainsAny(a, " ;,[]'*|()") {
			a = "'" + a + "'"
		}
		quoted[i] = a
	}
	return strings.Join(quoted, " ")
}
