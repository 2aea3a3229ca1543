//go:build linux

package llhls_test

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
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/components"
	"github.com/reelvideo/reel/videohost/live/llhls"
)

// page plays /live/master.m3u8 with Reel's bundled hls.js in low-latency
// mode and posts what it measured to /report.
const page = `<!doctype html><video muted autoplay playsinline></video><script type="module">
import Hls from "/js/hls.js";
const video = document.querySelector("video");
const hls = new Hls({lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5});
const errors = [];
hls.on(Hls.Events.ERROR, (e, d) => errors.push(d.type + "/" + d.details + (d.fatal ? " fatal" : "")));
hls.loadSource("/live/master.m3u8");
hls.attachMedia(video);
video.play().catch(e => errors.push("play: " + e));
const samples = [];
const started = Date.now();
const report = () => {
  clearInterval(t);
  const d = hls.levels[0] && hls.levels[0].details;
  fetch("/report", {method: "POST", body: JSON.stringify({samples, errors,
    partTarget: d ? d.partTarget : 0, canBlockReload: d ? d.canBlockReload : false, lowLatency: hls.lowLatencyMode,
    playing: !video.paused, currentTime: video.currentTime})});
};
const t = setInterval(() => {
  if (hls.latency > 0 && !video.paused) samples.push({latency: hls.latency, target: hls.targetLatency, time: video.currentTime});
  // 16 samples (8 s of playback), or what there is after 60 s: a player
  // that never plays says why rather than nothing.
  if (samples.length >= 16 || Date.now() - started > 60000 || errors.some(e => e.endsWith(" fatal"))) report();
}, 500);
</script>`

type browserReport struct {
	Samples []struct {
		Latency float64 `json:"latency"`
		Target  float64 `json:"target"`
		Time    float64 `json:"time"`
	} `json:"samples"`
	Errors         []string `json:"errors"`
	PartTarget     float64  `json:"partTarget"`
	CanBlockReload bool     `json:"canBlockReload"`
	LowLatency     bool     `json:"lowLatency"`
	Playing        bool     `json:"playing"`
	CurrentTime    float64  `json:"currentTime"`
}

// TestHlsJsPlaysLowLatency has Reel's hls.js, in Chromium, play the live
// stream in low-latency mode while it is fed in real time.
func TestHlsJsPlaysLowLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("real time")
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium")
	}
	e := newMuxer(t, llhls.Config{})
	var blocking, parts atomic.Int64
	reports := make(chan browserReport, 1)
	mux := http.NewServeMux()
	mux.Handle("/js/", http.StripPrefix("/js", components.Handler()))
	live := e.m.Handler()
	mux.Handle("/live/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("_HLS_msn") {
			blocking.Add(1)
		}
		if strings.Count(r.URL.Path, ".") == 2 {
			parts.Add(1)
		}
		live.ServeHTTP(w, r)
	}))
	mux.HandleFunc("/report", func(w http.ResponseWriter, r *http.Request) {
		var rep browserReport
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
		io.WriteString(w, page)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	tracks, units := h264Source(t)
	if err := e.m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() {
		// Loop the 6 s source as one publish, in real time, until the
		// browser has reported.
		start := time.Now()
		first := units[0].DTS
		for loop := time.Duration(0); ctx.Err() == nil; loop += 6 * time.Second {
			for _, u := range units {
				u.DTS += loop
				u.PTS += loop
				u.Received = u.Received.Add(loop)
				if d := time.Until(start.Add(u.DTS - first)); d > 0 {
					select {
					case <-time.After(d): // the publisher's pace
					case <-ctx.Done():
						return
					}
				}
				if err := e.m.WriteUnit(u); err != nil {
					t.Error(err)
					return
				}
			}
		}
	})
	profile, err := os.MkdirTemp("", "llhls-chromium")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(profile)
	// Without the background-networking flags Chromium spends its start
	// on connections a closed network refuses.
	cmd := exec.Command(chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--mute-audio",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
		"--autoplay-policy=no-user-gesture-required", "--user-data-dir="+profile, srv.URL+"/")
	// Chromium's own processes go with it: kill its process group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	}()
	var rep browserReport
	select {
	case rep = <-reports:
	case <-time.After(90 * time.Second):
		t.Fatal("no report from the browser within 90 s")
	}
	cancel()
	wg.Wait()
	t.Logf("hls.js: %+v; %d blocking playlist requests, %d part requests", rep, blocking.Load(), parts.Load())
	if len(rep.Samples) == 0 {
		t.Fatalf("hls.js never played: %+v", rep)
	}
	if !rep.Playing || !rep.CanBlockReload || rep.PartTarget != 0.5 {
		t.Errorf("hls.js did not play in low-latency mode: %+v", rep)
	}
	for _, e := range rep.Errors {
		// hls.js aborts a preload hint's request when a playlist lists
		// the part first, and steps over the start's composition offset.
		if strings.Contains(e, "fatal") || strings.Contains(e, "levelEmpty") {
			t.Errorf("hls.js error %s", e)
		}
	}
	if blocking.Load() == 0 || parts.Load() == 0 {
		t.Errorf("hls.js made %d blocking playlist requests and %d part requests", blocking.Load(), parts.Load())
	}
	// hls.js starts behind the live edge and catches up by playing
	// faster; PART-HOLD-BACK (1.5 s) is where it aims, unless playback
	// stalled (a machine too busy to decode in time), after which it aims
	// further back.
	last := rep.Samples[len(rep.Samples)-1]
	if last.Latency > 3 && !strings.Contains(strings.Join(rep.Errors, " "), "Stalled") {
		t.Errorf("latency %.2f s after %.1f s of playback, want under 3 s", last.Latency, last.Time)
	}
}
