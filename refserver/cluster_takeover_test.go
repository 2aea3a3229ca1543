package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestLiveTakeoverAfterKill9 runs two api processes with an RTMP ingest
// each on one PostgreSQL and one S3 server. While A runs a stream's
// session, a second publisher reaching B is refused; once A is killed
// (SIGKILL), the publisher reconnecting to B continues the same session:
// one video, its live playlists after an EXT-X-DISCONTINUITY, and a
// recording that holds both publishes, every segment A had stored byte
// for byte. A, started again, leaves the video as B made it.
func TestLiveTakeoverAfterKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes in real time")
	}
	started := time.Now()
	st := newSharedStores(t, nil)
	portA, portB, rtmpB := strconv.Itoa(freePort(t)), strconv.Itoa(freePort(t)), strconv.Itoa(freePort(t))
	dataA := st.folder(t)
	argsA := append(append([]string{}, st.args...), "--addr", "127.0.0.1:"+portA, "--advertise-url", "http://127.0.0.1:"+portA,
		"--rtmp-addr", "127.0.0.1:0")
	a := startRole(t, "api", dataA, st.env, &st.keys, argsA...)
	b := st.start(t, "api", "--addr", "127.0.0.1:"+portB, "--advertise-url", "http://127.0.0.1:"+portB, "--rtmp-addr", "127.0.0.1:"+rtmpB)
	key := st.key(t)
	ls := createLiveStream(t, a, key, map[string]any{"title": "Taken over", "reconnect_window": 0})
	urlB := "rtmp://127.0.0.1:" + rtmpB + "/live/" + ls.StreamKey
	stream := func() liveStream {
		r := b.request(t, "GET", "/v1/live-streams/"+ls.ID, key, nil)
		defer r.Body.Close()
		var now liveStream
		json.NewDecoder(r.Body).Decode(&now)
		return now
	}
	text := func(url string) (int, string) {
		r, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		raw, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(raw)
	}

	// A takes the publisher (30 s: it is killed long before).
	publish(t, 30, "flv", ls.Ingest.RTMPURL+"/"+ls.StreamKey)
	var videoID string
	within(t, 30*time.Second, "the stream active on A", func() bool {
		now := stream()
		videoID = now.ActiveVideoID
		return now.State == "active" && videoID != ""
	})

	// A second publisher on B while A is up: refused.
	if err := <-publish(t, 2, "flv", urlB); err == nil {
		t.Fatal("a second publisher on B was taken while A runs the session")
	}
	if now := stream(); now.ActiveVideoID != videoID || now.State != "active" {
		t.Fatalf("after the refused publisher: %s, video %q", now.State, now.ActiveVideoID)
	}

	// Two segments of each track in the blob store, then kill -9.
	var liveHLS string
	within(t, 30*time.Second, "two segments stored", func() bool {
		v := b.videoState(t, key, videoID)
		liveHLS = v.URLs["hls"]
		if !v.Playable || liveHLS == "" {
			return false
		}
		_, list := text(strings.Replace(liveHLS, "playlist.m3u8", "h264_sd/playlist.m3u8", 1))
		return strings.Count(list, "#EXTINF") >= 2
	})
	a.kill()
	killed := time.Now()

	// What A had stored, read through B.
	storedA := map[string][]byte{}
	var storedDur float64
	for _, track := range []string{"h264_sd", "audio/0"} {
		status, list := text(strings.Replace(liveHLS, "playlist.m3u8", track+"/playlist.m3u8", 1))
		if status != http.StatusOK {
			t.Fatalf("%s's stored playlist: %d", track, status)
		}
		for _, l := range strings.Split(list, "\n") {
			if d, ok := strings.CutPrefix(l, "#EXTINF:"); ok && track == "h264_sd" {
				f, _ := strconv.ParseFloat(strings.TrimSuffix(d, ","), 64)
				storedDur += f
			}
			if l, _, _ = strings.Cut(l, "?"); strings.HasSuffix(l, ".m4s") {
				name := track + "/" + l
				storedA[name] = assetGetter(t)(strings.Replace(liveHLS, "playlist.m3u8", name, 1), "video/iso.segment")
			}
		}
	}
	if len(storedA) < 4 {
		_, list := text(strings.Replace(liveHLS, "playlist.m3u8", "h264_sd/playlist.m3u8", 1))
		t.Fatalf("A stored %d segments; its playlist:\n%s", len(storedA), list)
	}

	// The publisher comes back, to B: the session goes on there.
	done := publish(t, 4, "flv", urlB)
	within(t, 30*time.Second, "the session active on B", func() bool {
		now := stream()
		if now.ActiveVideoID != "" && now.ActiveVideoID != videoID {
			t.Fatalf("B started video %s, not the session's %s", now.ActiveVideoID, videoID)
		}
		return now.State == "active"
	})
	t.Logf("publishing again %v after the kill", time.Since(killed).Round(time.Millisecond))
	within(t, 30*time.Second, "the discontinuity in the live playlists", func() bool {
		_, std := text(strings.Replace(liveHLS, "playlist.m3u8", "h264_sd/playlist.m3u8", 1))
		_, ll := text(b.base + "/live/" + ls.Space + "/" + videoID + "/h264_sd/playlist.m3u8")
		return strings.Contains(std, "#EXT-X-DISCONTINUITY\n") && strings.Contains(ll, "#EXT-X-DISCONTINUITY\n")
	})
	if err := <-done; err != nil {
		t.Fatalf("the publisher on B: %v", err)
	}
	var v video
	within(t, time.Minute, "the recording ready", func() bool {
		v = b.videoState(t, key, videoID)
		return v.State == "ready"
	})
	if v.Duration < storedDur+4-2.5 || v.Duration > storedDur+4+2.5 {
		t.Fatalf("the recording lasts %.2f s; A had stored %.2f s, and B's publish was 4 s", v.Duration, storedDur)
	}
	for name, want := range storedA {
		got := assetGetter(t)(strings.Replace(v.URLs["hls"], "playlist.m3u8", name, 1), "video/iso.segment")
		if !bytes.Equal(got, want) {
			t.Errorf("the recording's %s (%d bytes) is not what A stored (%d bytes)", name, len(got), len(want))
		}
	}
	// Idle once the session has finished (just after the recording is
	// published).
	var now liveStream
	within(t, 10*time.Second, "the stream idle", func() bool { now = stream(); return now.State == "idle" })
	if now.LastVideoID != videoID {
		t.Fatalf("the stream after the end: last video %q, want %q", now.LastVideoID, videoID)
	}
	r := b.request(t, "GET", "/v1/videos?limit=100", key, nil)
	var list struct{ Data []video }
	json.NewDecoder(r.Body).Decode(&list)
	r.Body.Close()
	if len(list.Data) != 1 || list.Data[0].ID != videoID {
		t.Fatalf("%d videos, want the session's one", len(list.Data))
	}

	// A comes back: its folder's session is finished, by B.
	a2 := startRole(t, "api", dataA, st.env, nil, argsA...)
	a2.waitLog(t, 30*time.Second, "msg=", "taken over")
	// The same version (each process names its own host in the URLs).
	version := func(v video) string { _, p, _ := strings.Cut(v.URLs["hls"], "/media/"); return p }
	if after := a2.videoState(t, key, videoID); after.State != "ready" || version(after) != version(v) || after.Duration != v.Duration {
		t.Fatalf("the video after A's restart: %+v, want it as B made it: %+v", after, v)
	}
	t.Logf("A stored %d segment files (%.1f s of video); the recording lasts %.1f s; the test took %v", len(storedA), storedDur, v.Duration,
		time.Since(started).Round(time.Millisecond))
}
