//go:build linux

package liveladder_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/components"
	"github.com/reelvideo/reel/videohost/live/livetest"
	"github.com/reelvideo/reel/videohost/live/llhls"
	"github.com/reelvideo/reel/videohost/transcode/liveladder"
)

// switchPage plays /live/master.m3u8 with Reel's bundled hls.js in
// low-latency mode, starting on the 720p rung (hls.js sorts the levels by
// bandwidth); once it plays, it asks for the 360p rung and reports the
// picture it then shows.
const switchPage = `<!doctype html><video muted autoplay playsinline></video><script type="module">
import Hls from "/js/hls.js";
const video = document.querySelector("video");
const hls = new Hls({lowLatencyMode: true});
const errors = [], levels = [], switched = [];
hls.on(Hls.Events.ERROR, (e, d) => errors.push(d.type + "/" + d.details + (d.fatal ? " fatal" : "")));
hls.on(Hls.Events.MANIFEST_PARSED, (e, d) => {
  d.levels.forEach(l => levels.push(l.width + "x" + l.height));
  hls.startLevel = hls.levels.findIndex(l => l.height === 720);
});
hls.on(Hls.Events.LEVEL_SWITCHED, (e, d) => switched.push(hls.levels[d.level].height));
hls.loadSource("/live/master.m3u8");
hls.attachMedia(video);
video.play().catch(e => errors.push("play: " + e));
const started = Date.now();
let asked = 0, firstHeight = 0, askedAt = 0;
const report = (done) => {
  clearInterval(t);
  fetch("/report", {method: "POST", body: JSON.stringify({levels, switched, errors, done, firstHeight,
    height: video.videoHeight, time: video.currentTime, switchSeconds: askedAt ? (Date.now() - askedAt) / 1000 : 0})});
};
const t = setInterval(() => {
  if (!asked && !video.paused && video.currentTime > 0.5) {
    firstHeight = video.videoHeight;
    asked = video.currentTime;
    askedAt = Date.now();
    hls.currentLevel = hls.levels.findIndex(l => l.height === 360);
  }
  if (asked && video.videoHeight === 360 && video.currentTime > asked + 0.5) report(true);
  if (Date.now() - started > 45000 || errors.some(e => e.endsWith(" fatal"))) report(false);
}, 100);
</script>`

type switchReport struct {
	Levels        []string `json:"levels"`
	Switched      []int    `json:"switched"`
	Errors        []string `json:"errors"`
	Done          bool     `json:"done"`
	FirstHeight   int      `json:"firstHeight"`
	Height        int      `json:"height"`
	Time          float64  `json:"time"`
	SwitchSeconds float64  `json:"switchSeconds"`
}

// TestHlsJsSwitchesToTheLowerRung has Reel's hls.js, in Chromium, play a
// 720p publish with the ladder from its top rung, then switch to the sd
// rung the ladder encodes, and show its 640x360 pictures.
func TestHlsJsSwitchesToTheLowerRung(t *testing.T) {
	if testing.Short() {
		t.Skip("real time")
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium")
	}
	tracks, units := livetest.Source(t, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "4",
		"-c:v", "libx264", "-preset", "ultrafast", "-x264-params", "keyint=30:min-keyint=30:scenecut=0",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts", "src.ts")
	m, err := llhls.NewMuxer(llhls.Config{Storage: llhls.DirStorage{Dir: t.TempDir()}, ReelLayout: true, Logger: logger()})
	if err != nil {
		t.Fatal(err)
	}
	// At the ingest's priority: the browser decoding beside it at normal
	// priority would otherwise starve the rungs on a busy test machine.
	pub := liveladder.New(m, liveladder.Config{Logger: logger(), NormalPriority: true})
	reports := make(chan switchReport, 1)
	mux := http.NewServeMux()
	mux.Handle("/js/", http.StripPrefix("/js", components.Handler()))
	mux.Handle("/live/", m.Handler())
	mux.HandleFunc("/report", func(w http.ResponseWriter, r *http.Request) {
		var rep switchReport
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Errorf("report %s: %v", b, err)
		}
		select {
		case reports <- rep:
		default:
		}
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, switchPage)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	if err := pub.Start(tracks); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() {
		// Loop the 4 s source as one publish, in real time, until the
		// browser has reported.
		defer pub.End(nil)
		start := time.Now()
		first := units[0].DTS
		for loop := time.Duration(0); ctx.Err() == nil; loop += 4 * time.Second {
			for _, u := range units {
				u.DTS += loop
				u.PTS += loop
				if d := time.Until(start.Add(u.DTS - first)); d > 0 {
					select {
					case <-time.After(d): // the publisher's pace
					case <-ctx.Done():
						return
					}
				}
				u.Received = time.Now()
				if err := pub.WriteUnit(u); err != nil {
					t.Error(err)
					return
				}
			}
		}
	})
	profile, err := os.MkdirTemp("", "ladder-chromium")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(profile)
	cmd := exec.Command(chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--mute-audio",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
		"--autoplay-policy=no-user-gesture-required", "--user-data-dir="+profile, srv.URL+"/")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	}()
	var rep switchReport
	select {
	case rep = <-reports:
	case <-time.After(60 * time.Second):
		t.Fatal("no report from the browser within 60 s")
	}
	cancel()
	wg.Wait()
	t.Logf("hls.js: %+v", rep)
	if got := strings.Join(rep.Levels, " "); got != "640x360 1280x720" {
		t.Errorf("hls.js levels %s, want 640x360 1280x720", got)
	}
	if !rep.Done || rep.FirstHeight != 720 || rep.Height != 360 {
		t.Errorf("hls.js did not go from the 720p rung to the 360p one: %+v", rep)
	}
	for _, e := range rep.Errors {
		if strings.HasSuffix(e, " fatal") {
			t.Errorf("hls.js error %s", e)
		}
	}
}
