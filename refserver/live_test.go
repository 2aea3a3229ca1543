package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

type liveStream struct {
	ID            string `json:"id"`
	Space         string `json:"space"`
	State         string `json:"state"`
	ActiveVideoID string `json:"active_video_id"`
	LastVideoID   string `json:"last_video_id"`
	StreamKey     string `json:"stream_key"`
	Ingest        struct {
		RTMPURL     string `json:"rtmp_url"`
		SRTURL      string `json:"srt_url"`
		SRTStreamID string `json:"srt_stream_id"`
	} `json:"ingest"`
}

func (s *server) createLiveStream(t *testing.T, body map[string]any) liveStream {
	t.Helper()
	resp, b := s.do(t, "POST", "/v1/live-streams", s.key, body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating a live stream: %d %s", resp.StatusCode, b)
	}
	var ls liveStream
	if err := json.Unmarshal(b, &ls); err != nil {
		t.Fatal(err)
	}
	return ls
}

func (s *server) liveStream(t *testing.T, id string) liveStream {
	t.Helper()
	_, b := s.do(t, "GET", "/v1/live-streams/"+id, s.key, nil)
	var ls liveStream
	if err := json.Unmarshal(b, &ls); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
	return ls
}

// waitLive polls the live stream until until holds.
func (s *server) waitLive(t *testing.T, id string, what string, until func(liveStream) bool) liveStream {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		ls := s.liveStream(t, id)
		if until(ls) {
			return ls
		}
		if time.Now().After(deadline) {
			t.Fatalf("live stream %s: %s did not happen (state %s)", id, what, ls.State)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// publish runs ffmpeg publishing seconds of a test pattern in real time to
// url (-re), and returns its exit as a channel.
func publish(t *testing.T, seconds int, format, url string) <-chan error {
	t.Helper()
	args := []string{"-nostdin", "-v", "error", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "30",
		"-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k", "-f", format, url}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second+time.Minute)
	cmd := exec.CommandContext(ctx, "ffmpeg", args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		defer cancel()
		err := cmd.Wait()
		if err != nil {
			err = fmt.Errorf("%w: %s", err, stderr.String())
		}
		done <- err
	}()
	t.Cleanup(func() { cancel() })
	return done
}

// liveEdgeLatency reads a live media playlist and answers how far its live
// edge (the last EXT-X-PROGRAM-DATE-TIME plus what follows it, parts of
// the growing segment included) is behind the wall clock.
func liveEdgeLatency(t *testing.T, playlist string, now time.Time) time.Duration {
	t.Helper()
	var pdt time.Time
	var after float64 // seconds of media after the last PDT
	var parts float64 // of the segment being written
	sc := bufio.NewScanner(strings.NewReader(playlist))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"):
			ts, err := time.Parse(time.RFC3339Nano, strings.TrimPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"))
			if err != nil {
				t.Fatalf("PDT %q: %v", line, err)
			}
			pdt, after, parts = ts, 0, 0
		case strings.HasPrefix(line, "#EXTINF:"):
			d, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(line, "#EXTINF:"), ","), 64)
			after += d
			parts = 0
		case strings.HasPrefix(line, "#EXT-X-PART:"):
			for _, attr := range strings.Split(strings.TrimPrefix(line, "#EXT-X-PART:"), ",") {
				if v, ok := strings.CutPrefix(attr, "DURATION="); ok {
					d, _ := strconv.ParseFloat(v, 64)
					parts += d
				}
			}
		}
	}
	if pdt.IsZero() {
		t.Fatalf("no EXT-X-PROGRAM-DATE-TIME in:\n%s", playlist)
	}
	edge := pdt.Add(time.Duration((after + parts) * float64(time.Second)))
	return now.Sub(edge)
}

func getText(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestLiveStreamBecomesAVideo publishes over RTMP with ffmpeg in real time,
// reads the low-latency playlists while it is live, and waits for the
// recording to become a ready video when the stream ends.
func TestLiveStreamBecomesAVideo(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes 6 s in real time")
	}
	s := startServer(t, t.TempDir(), "--rtmp-addr", "127.0.0.1:0", "--srt-addr", "127.0.0.1:0")
	ls := s.createLiveStream(t, map[string]any{"title": "Town hall", "reconnect_window": 0})
	if !strings.HasPrefix(ls.Ingest.RTMPURL, "rtmp://127.0.0.1:") || !strings.HasPrefix(ls.Ingest.SRTURL, "srt://127.0.0.1:") || ls.StreamKey == "" {
		t.Fatalf("ingest %+v, key %q", ls.Ingest, ls.StreamKey)
	}

	// A wrong key is refused at the handshake.
	if err := <-publish(t, 1, "flv", ls.Ingest.RTMPURL+"/rsk_"+strings.Repeat("x", 32)); err == nil {
		t.Fatal("a publisher with a wrong key was let in")
	}

	done := publish(t, 6, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)
	active := s.waitLive(t, ls.ID, "active", func(l liveStream) bool { return l.State == "active" && l.ActiveVideoID != "" })
	videoID := active.ActiveVideoID
	liveVideo := s.waitFor(t, videoID, func(v video) bool { return true })
	base := s.URL() + "/live/" + ls.Space + "/" + videoID + "/"
	if liveVideo.State != "processing" || liveVideo.URLs["low_latency_hls"] != base+"master.m3u8" {
		t.Fatalf("the live video is %s with urls %v, want processing with low_latency_hls %smaster.m3u8", liveVideo.State, liveVideo.URLs, base)
	}

	// The public embed lookup (what <reel-player> reads) lists it too.
	_, raw := s.do(t, "GET", "/v1/videos/"+videoID, s.key, nil)
	var withEmbed struct{ Embed string }
	json.Unmarshal(raw, &withEmbed)
	if status, body := getText(t, s.URL()+"/v1/embeds/"+withEmbed.Embed); status != http.StatusOK || !strings.Contains(body, `"low_latency_hls":"`+base+`master.m3u8"`) {
		t.Fatalf("the embed lookup of the live video: %d %s", status, body)
	}

	// Low-latency HLS from this process while it is live.
	status, master := getText(t, base+"master.m3u8")
	if status != http.StatusOK || !strings.Contains(master, "#EXT-X-STREAM-INF") {
		t.Fatalf("live master: %d\n%s", status, master)
	}
	var mediaURI string
	for _, line := range strings.Split(master, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			mediaURI = line
		}
	}
	status, playlist := getText(t, base+mediaURI)
	if status != http.StatusOK || !strings.Contains(playlist, "#EXT-X-PART:") || !strings.Contains(playlist, "CAN-BLOCK-RELOAD=YES") {
		t.Fatalf("live media playlist %s: %d\n%s", mediaURI, status, playlist)
	}
	latency := liveEdgeLatency(t, playlist, time.Now())
	t.Logf("live edge %.2f s behind the wall clock (PDT of the ingest's arrival)", latency.Seconds())
	if latency > 3*time.Second {
		t.Errorf("the live edge is %v behind", latency)
	}

	if err := <-done; err != nil {
		t.Fatalf("publisher: %v", err)
	}
	v := s.waitFor(t, videoID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" || len(v.Renditions) != 1 || v.Renditions[0].Name != "h264_sd" || v.Width != 640 ||
		v.Duration < 5 || v.Duration > 7 || len(v.AudioTracks) != 1 {
		t.Fatalf("the recording: %+v", v)
	}
	fetchEveryAsset(t, v)
	if v.URLs["low_latency_hls"] != "" {
		t.Errorf("the recording still lists low-latency HLS: %v", v.URLs)
	}
	idle := s.waitLive(t, ls.ID, "idle", func(l liveStream) bool { return l.State == "idle" })
	if idle.ActiveVideoID != "" || idle.LastVideoID != videoID {
		t.Fatalf("after the session: active %q, last %q", idle.ActiveVideoID, idle.LastVideoID)
	}
}

// TestLiveStreamOverSRT publishes MPEG-TS over SRT and waits for its
// recording.
func TestLiveStreamOverSRT(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes 4 s in real time")
	}
	s := startServer(t, t.TempDir(), "--srt-addr", "127.0.0.1:0")
	ls := s.createLiveStream(t, map[string]any{"title": "Field report", "reconnect_window": 0, "latency_mode": "standard"})
	// linger: SRT's shutdown does not wait for data in flight.
	done := publish(t, 4, "mpegts", ls.Ingest.SRTURL+"?streamid="+ls.Ingest.SRTStreamID+"&linger=2")
	active := s.waitLive(t, ls.ID, "active", func(l liveStream) bool { return l.State == "active" && l.ActiveVideoID != "" })
	if err := <-done; err != nil {
		t.Fatalf("publisher: %v", err)
	}
	v := s.waitFor(t, active.ActiveVideoID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" || len(v.Renditions) != 1 || v.Duration < 3 || v.Duration > 5 {
		t.Fatalf("the recording: %+v", v)
	}
}
