package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"io"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
)

type liveStream struct {
	ID             string `json:"id"`
	Space          string `json:"space"`
	State          string `json:"state"`
	ActiveVideoID  string `json:"active_video_id"`
	LastVideoID    string `json:"last_video_id"`
	StateChangedAt string `json:"state_changed_at"`
	StreamKey      string `json:"stream_key"`
	Ingest         struct {
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
	return publishSize(t, "640x360", seconds, format, url)
}

// publishSize is publish with a picture of size.
func publishSize(t *testing.T, size string, seconds int, format, url string) <-chan error {
	t.Helper()
	args := []string{"-nostdin", "-v", "error", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
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

	// Standard HLS of the same session through the delivery, from any api
	// process: the set copied to the blob store as it grows.
	playing := s.waitFor(t, videoID, func(v video) bool { return v.Playable && v.URLs["hls"] != "" })
	if playing.State != "processing" {
		t.Fatalf("the live video turned %s before the publisher stopped", playing.State)
	}
	walkHLS(t, playing.URLs["hls"], assetGetter(t))

	// The latest keyframe by URL, from any api process: the first picture
	// of the newest segment copied so far; a frame at a time of a live
	// video is refused as such.
	frame := s.URL() + "/images/" + withEmbed.Embed + ".jpg?time=live&width=320"
	resp, err := http.Get(frame)
	if err != nil {
		t.Fatal(err)
	}
	jpg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/jpeg" || resp.Header.Get("Cache-Control") != "public, max-age=2" {
		t.Fatalf("GET %s: %d %q %q %s", frame, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"), jpg)
	}
	if img, err := jpeg.Decode(bytes.NewReader(jpg)); err != nil || img.Bounds().Dx() != 320 || img.Bounds().Dy() != 180 {
		t.Fatalf("the live frame does not decode as 320x180: %v", err)
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
	if status, body := getText(t, frame); status != http.StatusBadRequest || !strings.Contains(body, "time=live is for a video that is live now") {
		t.Errorf("a live frame of the recording: %d %s", status, body)
	}
	if v.URLs["low_latency_hls"] != "" {
		t.Errorf("the recording still lists low-latency HLS: %v", v.URLs)
	}
	idle := s.waitLive(t, ls.ID, "idle", func(l liveStream) bool { return l.State == "idle" })
	if idle.ActiveVideoID != "" || idle.LastVideoID != videoID {
		t.Fatalf("after the session: active %q, last %q", idle.ActiveVideoID, idle.LastVideoID)
	}
}

// TestLiveStreamOverSRT publishes MPEG-TS over SRT and waits for its
// recording. The stream is signed: while it is live its low-latency HLS
// plays with a token, every URI its playlists list carrying a grant.
func TestLiveStreamOverSRT(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes 4 s in real time")
	}
	s := startServer(t, t.TempDir(), "--srt-addr", "127.0.0.1:0")
	ls := s.createLiveStream(t, map[string]any{"title": "Field report", "reconnect_window": 0, "latency_mode": "standard", "playback_policy": "signed"})
	// linger: SRT's shutdown does not wait for data in flight.
	done := publish(t, 4, "mpegts", ls.Ingest.SRTURL+"?streamid="+ls.Ingest.SRTStreamID+"&linger=2")
	active := s.waitLive(t, ls.ID, "active", func(l liveStream) bool { return l.State == "active" && l.ActiveVideoID != "" })

	_, raw := s.do(t, "GET", "/v1/videos/"+active.ActiveVideoID, s.key, nil)
	var live struct {
		Embed          string `json:"embed"`
		PlaybackPolicy string `json:"playback_policy"`
	}
	json.Unmarshal(raw, &live)
	keyID := strings.SplitN(s.key, "_", 3)[1]
	token, err := tokens.SignPlayback(tokens.HMACKey{ID: keyID, Secret: s.key}, live.Embed, time.Hour, nil)
	if err != nil {
		t.Fatal(err)
	}
	var lookup struct {
		URLs struct {
			LowLatencyHLS string `json:"low_latency_hls"`
		} `json:"urls"`
	}
	_, raw = s.do(t, "GET", "/v1/embeds/"+live.Embed+"?token="+token, "", nil)
	json.Unmarshal(raw, &lookup)
	master := lookup.URLs.LowLatencyHLS
	if live.PlaybackPolicy != "signed" || !strings.Contains(master, "/master.m3u8?token=") {
		t.Fatalf("the signed live video (%s) lists low_latency_hls %q: %s", live.PlaybackPolicy, master, raw)
	}
	if status, _ := getText(t, strings.Split(master, "?")[0]); status != http.StatusForbidden && status != http.StatusUnauthorized {
		t.Fatalf("the signed live master without its token: %d", status)
	}
	getSigned := assetGetter(t)
	walkHLS(t, master, func(url, wantType string) []byte {
		t.Helper()
		if url != master && !strings.Contains(url, "g=") {
			t.Errorf("%s is listed without a grant", url)
		}
		if strings.Contains(url, ".m3u8") {
			wantType = "application/vnd.apple.mpegurl" // a rendition report
		}
		return getSigned(url, wantType)
	})

	if err := <-done; err != nil {
		t.Fatalf("publisher: %v", err)
	}
	v := s.waitFor(t, active.ActiveVideoID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" || len(v.Renditions) != 1 || v.Duration < 3 || v.Duration > 5 {
		t.Fatalf("the recording: %+v", v)
	}
}

// liveEvent is the data of a live_stream.* delivery.
type liveEvent struct {
	Data struct {
		liveStream
		VideoID string `json:"video_id"`
	} `json:"data"`
}

// TestLiveStreamWebhooksAndQuota publishes once over RTMP with a webhook
// endpoint subscribed to the live_stream kinds: it receives connected,
// active, disconnected and idle in order, signed, with the stream (never
// its key) and the session's video. The recording's minutes count in the
// space's usage; once the space is at its max_minutes the next publisher
// is refused at the handshake and the stream stays idle.
func TestLiveStreamWebhooksAndQuota(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes 3 s in real time")
	}
	s := startServer(t, t.TempDir(), "--rtmp-addr", "127.0.0.1:0")
	hooks := newReceiver(t)
	resp, b := s.do(t, "POST", "/v1/webhooks", s.key, map[string]any{"url": hooks.URL,
		"events": []string{"live_stream.connected", "live_stream.active", "live_stream.disconnected", "live_stream.idle"}})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", resp.StatusCode, b)
	}
	var endpoint struct{ Secret string }
	json.Unmarshal(b, &endpoint)
	hooks.mu.Lock()
	hooks.verifier.Secrets = []string{endpoint.Secret}
	hooks.mu.Unlock()

	ls := s.createLiveStream(t, map[string]any{"title": "Webinar", "reconnect_window": 0})
	if err := <-publish(t, 3, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey); err != nil {
		t.Fatalf("publisher: %v", err)
	}
	idle := s.waitLive(t, ls.ID, "idle after a session", func(l liveStream) bool { return l.State == "idle" && l.LastVideoID != "" })
	videoID := idle.LastVideoID
	want := []string{"live_stream.connected", "live_stream.active", "live_stream.disconnected", "live_stream.idle"}
	hooks.waitFor(t, want)
	for i, kind := range want {
		body := hooks.body(i)
		if strings.Contains(string(body), ls.StreamKey) || strings.Contains(string(body), `"stream_key"`) {
			t.Fatalf("%s carries the stream key: %s", kind, body)
		}
		var ev liveEvent
		if err := json.Unmarshal(body, &ev); err != nil {
			t.Fatal(err)
		}
		wantVideo := videoID
		if kind == "live_stream.connected" {
			wantVideo = "" // no media yet: the session has no video
		}
		d := ev.Data
		if d.ID != ls.ID || d.Space != ls.Space || d.State != strings.TrimPrefix(kind, "live_stream.") || d.VideoID != wantVideo ||
			d.Ingest.RTMPURL != ls.Ingest.RTMPURL {
			t.Errorf("%s data %s, want the stream in its state with video_id %q and its ingest", kind, body, wantVideo)
		}
	}

	// The recording's minutes count once it is published.
	v := s.waitFor(t, videoID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" || v.Duration < 2 {
		t.Fatalf("the recording: %+v", v)
	}
	var space struct {
		Usage struct{ Minutes float64 } `json:"usage"`
	}
	_, b = s.do(t, "GET", "/v1/space", s.key, nil)
	if err := json.Unmarshal(b, &space); err != nil {
		t.Fatal(err)
	}
	if got, want := space.Usage.Minutes, v.Duration/60; got < want-0.001 || got > want+0.001 {
		t.Fatalf("the space holds %.4f minutes, want the recording's %.4f", got, want)
	}

	// A space at its max_minutes refuses the next publisher at the
	// handshake: no session, no state, no event.
	ctx := context.Background()
	sp, err := s.Service.Store().Space(ctx, ls.Space)
	if err != nil {
		t.Fatal(err)
	}
	zero := int64(0)
	sp.Quotas.MaxMinutes = &zero
	if err := s.Service.Store().UpdateSpace(ctx, sp); err != nil {
		t.Fatal(err)
	}
	err = <-publish(t, 2, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)
	if err == nil {
		t.Fatal("a publisher to a space over its max_minutes was let in")
	}
	if !strings.Contains(err.Error(), "the space is over its quota") {
		t.Fatalf("the publisher was refused for another reason: %v", err)
	}
	after := s.liveStream(t, ls.ID)
	if after.State != "idle" || after.StateChangedAt != idle.StateChangedAt || after.LastVideoID != videoID {
		t.Fatalf("after a refused publisher: %+v, want the stream as it was: %+v", after, idle)
	}
}

// TestKillDuringALiveSession kills the process a publisher streams to with
// SIGKILL mid-stream: the next process on the same data folder makes what
// was recorded into the video, and nothing recorded is lost.
func TestKillDuringALiveSession(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes in real time")
	}
	data := t.TempDir()
	p, keys := startProc(t, data, "--rtmp-addr", "127.0.0.1:0")
	key := keys["read_write"]
	resp := p.request(t, "POST", "/v1/live-streams", key, strings.NewReader(`{"title":"Kept","reconnect_window":0}`), "Content-Type", "application/json")
	var ls liveStream
	if err := json.NewDecoder(resp.Body).Decode(&ls); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating a live stream: %d %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	// The stream's live_stream.idle comes from the next process.
	hooks := newReceiver(t)
	resp = p.request(t, "POST", "/v1/webhooks", key, strings.NewReader(`{"url":"`+hooks.URL+`","events":["live_stream.idle"]}`), "Content-Type", "application/json")
	var endpoint struct{ Secret string }
	if err := json.NewDecoder(resp.Body).Decode(&endpoint); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating a webhook: %d %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	hooks.mu.Lock()
	hooks.verifier.Secrets = []string{endpoint.Secret}
	hooks.mu.Unlock()
	publish(t, 30, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)

	// Live, and playable through the delivery: segments are recorded.
	var videoID string
	deadline := time.Now().Add(time.Minute)
	for {
		resp := p.request(t, "GET", "/v1/live-streams/"+ls.ID, key, nil)
		var cur liveStream
		json.NewDecoder(resp.Body).Decode(&cur)
		resp.Body.Close()
		if cur.ActiveVideoID != "" {
			if v := p.videoState(t, key, cur.ActiveVideoID); v.Playable {
				videoID = cur.ActiveVideoID
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the live video never became playable")
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.kill()

	p2, _ := startProc(t, data, "--rtmp-addr", "127.0.0.1:0")
	p2.waitReady(t, key, videoID)
	v := p2.videoState(t, key, videoID)
	if len(v.Renditions) != 1 || v.Duration < 1.5 {
		t.Fatalf("the recording after the crash: %+v", v)
	}
	resp = p2.request(t, "GET", "/v1/live-streams/"+ls.ID, key, nil)
	var after liveStream
	json.NewDecoder(resp.Body).Decode(&after)
	resp.Body.Close()
	if after.State != "idle" || after.LastVideoID != videoID {
		t.Fatalf("the stream after the crash: %s, last video %q", after.State, after.LastVideoID)
	}
	hooks.waitFor(t, []string{"live_stream.idle"})
	var idle liveEvent
	if err := json.Unmarshal(hooks.body(0), &idle); err != nil || idle.Data.ID != ls.ID || idle.Data.State != "idle" || idle.Data.VideoID != videoID {
		t.Fatalf("live_stream.idle after the crash: %s (%v), want the stream idle with video_id %s", hooks.body(0), err, videoID)
	}
	t.Logf("recorded %.1f s before the kill", v.Duration)
}

// TestLivePublisherComesBack: a publisher that stops and comes back within
// the reconnect window continues the same session: one video, one
// recording of both publishes, and the recording's segments are the bytes
// viewers were served while it was live.
func TestLivePublisherComesBack(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes in real time")
	}
	s := startServer(t, t.TempDir(), "--rtmp-addr", "127.0.0.1:0")
	// Room for ffmpeg to start again on a busy machine (CI): at 3 s, a
	// second publish that took longer to connect began a new session.
	ls := s.createLiveStream(t, map[string]any{"title": "Two halves", "reconnect_window": 8})
	url := ls.Ingest.RTMPURL + "/" + ls.StreamKey
	if err := <-publish(t, 4, "flv", url); err != nil {
		t.Fatalf("first publish: %v", err)
	}
	first := s.waitLive(t, ls.ID, "disconnected", func(l liveStream) bool { return l.State == "disconnected" })
	videoID := first.ActiveVideoID
	if videoID == "" {
		t.Fatal("no session video after the first publish")
	}
	// What a viewer was served of the first publish, from the ingest.
	status, served := getText(t, s.URL()+"/live/"+ls.Space+"/"+videoID+"/h264_sd/0.m4s")
	if status != http.StatusOK || len(served) == 0 {
		t.Fatalf("the first segment while live: %d", status)
	}

	done := publish(t, 4, "flv", url)
	again := s.waitLive(t, ls.ID, "active again", func(l liveStream) bool { return l.State == "active" })
	if again.ActiveVideoID != videoID {
		t.Fatalf("the publisher came back into video %s, not %s", again.ActiveVideoID, videoID)
	}
	if err := <-done; err != nil {
		t.Fatalf("second publish: %v", err)
	}
	v := s.waitFor(t, videoID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" || v.Duration < 7 || v.Duration > 9.5 {
		t.Fatalf("the recording of both publishes: %+v", v)
	}
	recorded := assetGetter(t)(strings.Replace(v.URLs["hls"], "playlist.m3u8", "h264_sd/0.m4s", 1), "video/iso.segment")
	if string(recorded) != served {
		t.Fatalf("the recording's first segment (%d bytes) differs from the one served live (%d bytes)", len(recorded), len(served))
	}
	idle := s.waitLive(t, ls.ID, "idle", func(l liveStream) bool { return l.State == "idle" })
	if idle.LastVideoID != videoID {
		t.Fatalf("last video %q, want %q", idle.LastVideoID, videoID)
	}
}

// TestLiveStreamNotRecorded: with record off, the session's video plays
// while it is live and is deleted when the stream ends.
func TestLiveStreamNotRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes in real time")
	}
	s := startServer(t, t.TempDir(), "--rtmp-addr", "127.0.0.1:0")
	ls := s.createLiveStream(t, map[string]any{"title": "Off the record", "reconnect_window": 0, "record": false})
	done := publish(t, 3, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)
	active := s.waitLive(t, ls.ID, "active", func(l liveStream) bool { return l.State == "active" && l.ActiveVideoID != "" })
	if err := <-done; err != nil {
		t.Fatalf("publisher: %v", err)
	}
	s.waitLive(t, ls.ID, "idle", func(l liveStream) bool { return l.State == "idle" })
	resp, _ := s.do(t, "GET", "/v1/videos/"+active.ActiveVideoID, s.key, nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("the session's video after a stream not recorded: %d, want 404", resp.StatusCode)
	}
}

// TestLiveLadderRecording: with --live-ladder, a 720p publish plays as
// 720p and 360p while it is live, and its recording is both renditions,
// neither encoded again.
func TestLiveLadderRecording(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes 5 s in real time")
	}
	s := startServer(t, t.TempDir(), "--rtmp-addr", "127.0.0.1:0", "--live-ladder")
	ls := s.createLiveStream(t, map[string]any{"title": "Ladder", "reconnect_window": 0})
	done := publishSize(t, "1280x720", 5, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)
	active := s.waitLive(t, ls.ID, "active", func(l liveStream) bool { return l.State == "active" && l.ActiveVideoID != "" })
	videoID := active.ActiveVideoID
	base := s.URL() + "/live/" + ls.Space + "/" + videoID + "/"
	var master string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		status, body := getText(t, base+"master.m3u8")
		if master = body; status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("live master: %d %s", status, body)
		}
	}
	if !strings.Contains(master, "RESOLUTION=1280x720") || !strings.Contains(master, "RESOLUTION=640x360") {
		t.Errorf("live master:\n%s", master)
	}
	// The standard HLS of the session, from the blob store, lists the
	// rung once it has a segment.
	playing := s.waitFor(t, videoID, func(v video) bool { return v.Playable && v.URLs["hls"] != "" })
	sawRung := false
	for deadline := time.Now().Add(10 * time.Second); playing.State == "processing"; time.Sleep(200 * time.Millisecond) {
		if std := walkHLS(t, playing.URLs["hls"], assetGetter(t)); strings.Contains(std, "640x360") {
			sawRung = true
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the standard master of the live session never listed the 360p rung")
		}
		playing = s.waitFor(t, videoID, func(v video) bool { return true })
	}
	t.Logf("the standard master listed the 360p rung while live: %v", sawRung)
	if err := <-done; err != nil {
		t.Fatalf("publisher: %v", err)
	}
	v := s.waitFor(t, videoID, func(v video) bool { return v.State == "ready" || v.State == "errored" })
	var names []string
	for _, r := range v.Renditions {
		names = append(names, r.Name)
	}
	if v.State != "ready" || strings.Join(names, " ") != "h264_sd h264_hd" || v.Width != 1280 {
		t.Fatalf("the recording: %s, renditions %v, width %d", v.State, names, v.Width)
	}
	fetchEveryAsset(t, v)
}
