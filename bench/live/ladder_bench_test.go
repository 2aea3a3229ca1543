//go:build bench

package live

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost/live/livetest"
)

// ladderFeed is what the publisher sends in the ladder bench: a test
// pattern of the given size at 30 fps, a keyframe a second, x264 superfast
// zerolatency at a bit rate a streamer would use, and AAC.
func ladderFeed(size string, seconds int) []string {
	rate := "3M"
	if strings.HasPrefix(size, "1920") {
		rate = "5M"
	}
	return []string{"-nostdin", "-v", "error", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "superfast", "-tune", "zerolatency", "-g", "30",
		"-b:v", rate, "-maxrate", rate, "-bufsize", rate, "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k"}
}

// ladderRun is one measured publish.
type ladderRun struct {
	cpu     float64 // share of a core over the window
	capture float64 // p50 seconds behind the capture of the top rung's newest part
	ingest  float64 // p50 seconds behind its EXT-X-PROGRAM-DATE-TIME (the ingest's reading)
	parts   int
	rungs   string // the variants of the live master
}

// publishTo publishes a feed of size to a refserver's new live stream for
// seconds, and measures the server's CPU and one follower of the top rung
// over window seconds once the session settled.
func publishTo(t *testing.T, srv *benchkit.Refserver, size string, seconds, window int) ladderRun {
	a := api{t: t, srv: srv}
	var ls stream
	a.call("POST", "/v1/live-streams", map[string]any{"title": "ladder bench", "reconnect_window": 0, "record": false}, &ls)
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second+2*time.Minute)
	defer cancel()
	pub := exec.CommandContext(ctx, "ffmpeg", append(ladderFeed(size, seconds), "-f", "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)...)
	var pubErr bytes.Buffer
	pub.Stderr = &pubErr
	published := time.Now()
	if err := pub.Start(); err != nil {
		t.Fatal(err)
	}
	defer pub.Wait()
	var videoID string
	for deadline := time.Now().Add(time.Minute); videoID == ""; time.Sleep(100 * time.Millisecond) {
		var cur stream
		a.call("GET", "/v1/live-streams/"+ls.ID, nil, &cur)
		if cur.State == "active" {
			videoID = cur.ActiveVideoID
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stream never turned active\n%s\n%s", pubErr.String(), srv.Logs.String())
		}
	}
	base := srv.Base + "/live/" + ls.Space + "/" + videoID + "/"
	top := waitMediaPlaylist(t, base)
	var run ladderRun
	if resp, err := httpGet(base + "master.m3u8"); err == nil {
		for _, l := range strings.Split(resp, "\n") {
			if _, res, ok := strings.Cut(l, "RESOLUTION="); ok {
				res, _, _ = strings.Cut(res, ",")
				run.rungs += res + " "
			}
		}
	}
	time.Sleep(4 * time.Second) // the session settles after its start
	var capture, behind []float64
	cpu, wall := cpuOver(srv.PID, time.Duration(window)*time.Second, func(stop <-chan struct{}) {
		behind, capture, _, _, _ = follow(base+top, published, stop)
	})
	slices.Sort(capture)
	slices.Sort(behind)
	run.cpu = cpu.Seconds() / wall.Seconds()
	run.parts = len(capture)
	if len(capture) > 0 {
		run.capture = capture[len(capture)/2]
		run.ingest = behind[len(behind)/2]
	}
	if err := pub.Wait(); err != nil {
		t.Fatalf("publisher: %v\n%s", err, pubErr.String())
	}
	return run
}

func httpGet(u string) (string, error) {
	resp, err := http.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// referenceLadder has FFmpeg take the same feed over RTMP (ffmpeg -listen)
// and encode the same lower rungs as Reel's live ladder, x264 with the
// same settings, a keyframe on each of the feed's, to nowhere: its CPU
// over the same window.
func referenceLadder(t *testing.T, size string, rungs []string, seconds, window int) float64 {
	addr := benchkit.FreeAddr(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second+2*time.Minute)
	defer cancel()
	args := []string{"-nostdin", "-v", "error", "-listen", "1", "-i", "rtmp://" + addr + "/live/ref"}
	var graph []string
	split := fmt.Sprintf("[0:v]split=%d", len(rungs))
	for i := range rungs {
		split += fmt.Sprintf("[s%d]", i)
	}
	graph = append(graph, split)
	for i, r := range rungs {
		w, h, _ := strings.Cut(r, "x")
		graph = append(graph, fmt.Sprintf("[s%d]scale=%s:%s:flags=bicubic,setsar=1,format=yuv420p[o%d]", i, w, h, i))
	}
	args = append(args, "-filter_complex", strings.Join(graph, ";"))
	maxrates := map[string]string{"640x360": "1200k", "1280x720": "3000k"}
	for i, r := range rungs {
		args = append(args, "-map", fmt.Sprintf("[o%d]", i), "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency",
			"-crf", "23", "-maxrate", maxrates[r], "-bufsize", maxrates[r], "-profile:v", "high",
			"-force_key_frames", "source", "-f", "null", "-")
	}
	ref := exec.CommandContext(ctx, "ffmpeg", args...)
	var refErr bytes.Buffer
	ref.Stderr = &refErr
	if err := ref.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // ffmpeg -listen binds its port
	pub := exec.CommandContext(ctx, "ffmpeg", append(ladderFeed(size, seconds), "-f", "flv", "rtmp://"+addr+"/live/ref")...)
	var pubErr bytes.Buffer
	pub.Stderr = &pubErr
	if err := pub.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(6 * time.Second) // as long as Reel's run waits before its window
	cpu, wall := cpuOver(ref.Process.Pid, time.Duration(window)*time.Second, nil)
	if err := pub.Wait(); err != nil {
		t.Fatalf("publisher: %v\n%s", err, pubErr.String())
	}
	if err := ref.Wait(); err != nil {
		t.Fatalf("reference ffmpeg: %v\n%s", err, refErr.String())
	}
	return cpu.Seconds() / wall.Seconds()
}

// TestLiveLadderBenchmark measures what the live ladder (--live-ladder)
// costs the ingest process: its CPU with and without the ladder while a
// 720p30 and a 1080p30 feed are published over RTMP in real time, against
// ffmpeg encoding the same lower rungs from the same feed; and how far
// behind the capture the passed-through rung's newest part reaches a
// client, with and without the ladder.
//
//	REEL_BENCH_LADDER_SECONDS=30 go test -tags bench -count=1 -v -timeout 30m -run TestLiveLadderBenchmark ./bench/live/
func TestLiveLadderBenchmark(t *testing.T) {
	window := benchkit.EnvInt("REEL_BENCH_LADDER_SECONDS", 30)
	seconds := window + 12
	load := benchkit.LoadAverage()
	plain := benchkit.StartRefserver(t, t.TempDir(), "--rtmp-addr", benchkit.FreeAddr(t))
	withLadder := benchkit.StartRefserver(t, t.TempDir(), "--rtmp-addr", benchkit.FreeAddr(t), "--live-ladder")
	var out strings.Builder
	fmt.Fprintf(&out, "`REEL_BENCH_LADDER_SECONDS=%d go test -tags bench -count=1 -v -timeout 30m -run TestLiveLadderBenchmark ./bench/live/`\n\n", window)
	fmt.Fprintf(&out, "| feed | rungs (live master) | ingest CPU, passthrough only | ingest CPU, --live-ladder | ladder's share | reference: ffmpeg, same rungs | top rung's newest part at the client, p50 behind the ingest's reading (PDT) / behind capture, without ladder → with |\n|---|---|---|---|---|---|---|\n")
	for _, f := range []struct {
		size  string
		rungs []string
	}{
		{"1280x720", []string{"640x360"}},
		{"1920x1080", []string{"640x360", "1280x720"}},
	} {
		p := publishTo(t, plain, f.size, seconds, window)
		l := publishTo(t, withLadder, f.size, seconds, window)
		ref := referenceLadder(t, f.size, f.rungs, seconds, window)
		fmt.Fprintf(&out, "| %s 30 fps | %s| %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.2f / %.2f s → %.2f / %.2f s (%d, %d parts) |\n",
			f.size, l.rungs, 100*p.cpu, 100*l.cpu, 100*(l.cpu-p.cpu), 100*ref, p.ingest, p.capture, l.ingest, l.capture, p.parts, l.parts)
	}
	fmt.Fprintf(&out, "\n%d CPU cores; load average %s before, %s after.\n", benchkit.NumCPU(), load, benchkit.LoadAverage())
	t.Log("\n" + out.String())
	if p := os.Getenv("REEL_BENCH_OUT"); p != "" {
		if err := os.WriteFile(p, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLiveLadderCPU measures the live ladder's work alone, not in real
// time: the same 30 s feed (a file) through media.LiveLadder in this
// process and through one `ffmpeg` command encoding the same rungs with
// the same x264 settings; processor time of each, median of rounds.
//
//	go test -tags bench -count=1 -v -run TestLiveLadderCPU ./bench/live/
func TestLiveLadderCPU(t *testing.T) {
	rounds := benchkit.EnvInt("REEL_BENCH_ROUNDS", 3)
	var out strings.Builder
	fmt.Fprintf(&out, "| feed (30 s) | rungs | Reel media.LiveLadder CPU s, median | reference `ffmpeg` CPU s, median | Reel / ffmpeg |\n|---|---|---|---|---|\n")
	load := benchkit.LoadAverage()
	for _, size := range []string{"1280x720", "1920x1080"} {
		feed := filepath.Join(t.TempDir(), "feed.ts")
		gen := exec.Command("ffmpeg", append(slices.DeleteFunc(ladderFeed(size, 30), func(s string) bool { return s == "-re" }), "-f", "mpegts", feed)...)
		if b, err := gen.CombinedOutput(); err != nil {
			t.Fatalf("making the feed: %v: %s", err, b)
		}
		f, err := os.Open(feed)
		if err != nil {
			t.Fatal(err)
		}
		tracks, units, err := livetest.ReadTS(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		v := tracks[0]
		var sps h264.SPS
		if err := sps.Unmarshal(v.SPS); err != nil {
			t.Fatal(err)
		}
		_, lower, err := media.PlanLiveLadder(sps.Width(), sps.Height(), 30, 1, media.LadderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		var frames int
		for _, u := range units {
			if u.Track == v.ID {
				frames++
			}
		}
		var reel, ref []float64
		for range rounds {
			c0 := processCPU()
			var got sync.Map
			l, err := media.NewLiveLadder(context.Background(), media.LiveLadderOptions{Codec: "h264", SPS: v.SPS, PPS: v.PPS,
				Rungs: lower, QueueDepth: frames + 1, OnUnit: func(i int, u media.LiveUnit) error {
					n, _ := got.LoadOrStore(i, new(int))
					*n.(*int)++
					return nil
				}})
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range units {
				if u.Track == v.ID {
					if err := l.Write(media.LiveUnit{PTS: u.PTS, DTS: u.DTS, Key: u.Key, NALUs: u.Payload}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := l.Close(context.Background(), true); err != nil {
				t.Fatal(err)
			}
			reel = append(reel, (processCPU() - c0).Seconds())
			n, _ := got.Load(0)
			if n == nil || *n.(*int) != frames {
				t.Fatalf("the ladder encoded %v pictures of %d", n, frames)
			}

			args := []string{"-nostdin", "-v", "error", "-i", feed}
			graph := fmt.Sprintf("[0:v]split=%d", len(lower))
			for i := range lower {
				graph += fmt.Sprintf("[s%d]", i)
			}
			for i, r := range lower {
				graph += fmt.Sprintf(";[s%d]scale=%d:%d:flags=bicubic,setsar=1,format=yuv420p[o%d]", i, r.Width, r.Height, i)
			}
			args = append(args, "-filter_complex", graph)
			for i, r := range lower {
				args = append(args, "-map", fmt.Sprintf("[o%d]", i), "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency",
					"-crf", "23", "-maxrate", strconv.Itoa(r.MaxBitrate), "-bufsize", strconv.Itoa(r.MaxBitrate), "-profile:v", "high",
					"-force_key_frames", "source", "-f", "null", "-")
			}
			cmd := exec.Command("ffmpeg", args...)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("reference: %v: %s", err, b)
			}
			ref = append(ref, (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds())
		}
		names = names[:0]
		for _, r := range lower {
			names = append(names, fmt.Sprintf("%dx%d", r.Width, r.Height))
		}
		fmt.Fprintf(&out, "| %s 30 fps, %d pictures | %s | %.1f (%s) | %.1f (%s) | %.2f |\n", size, frames, strings.Join(names, " + "),
			benchkit.Median(reel), fmtAll(reel), benchkit.Median(ref), fmtAll(ref), benchkit.Median(reel)/benchkit.Median(ref))
	}
	fmt.Fprintf(&out, "\n%d CPU cores; load average %s before, %s after.\n", benchkit.NumCPU(), load, benchkit.LoadAverage())
	t.Log("\n" + out.String())
}

func fmtAll(xs []float64) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.FormatFloat(x, 'f', 1, 64))
	}
	return strings.Join(s, ", ")
}

// processCPU is this process's processor time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
