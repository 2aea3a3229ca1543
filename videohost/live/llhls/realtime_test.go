package llhls_test

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/live/llhls"
)

// TestFFmpegPlaysTheGrowingPlaylist has FFmpeg, which knows nothing of
// LL-HLS, play the live playlist while the publish is fed in real time.
func TestFFmpegPlaysTheGrowingPlaylist(t *testing.T) {
	if testing.Short() {
		t.Skip("real time")
	}
	bin, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("no ffmpeg")
	}
	tracks, units := h264Source(t)
	e := newMuxer(t, llhls.Config{})
	if err := e.m.Start(tracks); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	first := units[0].DTS
	i := 0
	write := func(upTo time.Duration) {
		for ; i < len(units) && units[i].DTS-first <= upTo; i++ {
			if d := time.Until(start.Add(units[i].DTS - first)); d > 0 {
				time.Sleep(d) // the publisher's pace, not a wait for a condition
			}
			if err := e.m.WriteUnit(units[i]); err != nil {
				t.Error(err)
				return
			}
		}
	}
	write(2500 * time.Millisecond)
	done := make(chan []byte, 1)
	go func() {
		out, err := exec.CommandContext(ctx, bin, "-hide_banner", "-loglevel", "error",
			"-i", e.srv.URL+"/live/master.m3u8", "-t", "2", "-f", "null", "-progress", "pipe:1", "-nostats", "-").CombinedOutput()
		if err != nil {
			out = append(out, []byte("\n"+err.Error())...)
		}
		done <- out
	}()
	write(time.Hour)
	e.m.End(nil)
	out := string(<-done)
	frames := 0
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(l, "frame="); ok {
			frames, _ = strconv.Atoi(strings.TrimSpace(v))
		}
		if strings.Contains(l, "rror") {
			t.Errorf("ffmpeg: %s", l)
		}
	}
	if frames < 55 {
		t.Errorf("ffmpeg decoded %d frames of the live stream, want 2 s:\n%s", frames, out)
	}
	t.Logf("ffmpeg decoded %d frames of the live playlist", frames)
	e.finish(t)
}
