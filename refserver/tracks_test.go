package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// trackVideo is the part of a video's JSON this test reads.
type trackVideo struct {
	ID          string   `json:"id"`
	State       string   `json:"state"`
	Duration    float64  `json:"duration"`
	PosterTime  *float64 `json:"poster_time"`
	PosterImage bool     `json:"poster_image"`
	AudioTracks []struct {
		ID, Language, Label, Kind, State, URL string
		Added                                 bool
		Error                                 *struct{ Code string }
	} `json:"audio_tracks"`
	URLs map[string]string `json:"urls"`
}

func (s *server) put(t *testing.T, path, contentType string, body []byte, hdr ...string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("PUT", s.URL()+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("Content-Type", contentType)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func ffmpegFile(t *testing.T, name string, args ...string) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	out, err := exec.Command("ffmpeg", append(append([]string{"-v", "error", "-y"}, args...), p)...).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// videoSegmentHashes hashes every init and media segment of every video
// rendition the master playlist lists, by URI.
func videoSegmentHashes(t *testing.T, hls string) map[string]string {
	t.Helper()
	get := func(u string) []byte {
		t.Helper()
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", u, resp.StatusCode)
		}
		return b
	}
	base := hls[:strings.LastIndex(hls, "/")+1]
	out := map[string]string{}
	for _, line := range strings.Split(string(get(hls)), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue // variants only: the video renditions
		}
		playlist := base + line
		child := playlist[:strings.LastIndex(playlist, "/")+1]
		for _, u := range playlistURIs(string(get(playlist))) {
			name := u
			if i := strings.IndexByte(name, '?'); i >= 0 {
				name = name[:i]
			}
			sum := sha256.Sum256(get(child + u))
			out[child[len(base):]+name] = hex.EncodeToString(sum[:])
		}
	}
	if len(out) < 3 {
		t.Fatalf("hashed only %d video files", len(out))
	}
	return out
}

func (s *server) trackVideo(t *testing.T, id string) trackVideo {
	t.Helper()
	_, b := s.do(t, "GET", "/v1/videos/"+id, s.key, nil)
	var v trackVideo
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestAddedTracksAndPosterKeepVideoSegments adds a dub and an audio
// description and sets a poster (an image, then a time) on a ready video:
// the tracks are in the HLS master and the DASH manifest, decode and last
// as long as the video, and every video segment is byte-identical.
func TestAddedTracksAndPosterKeepVideoSegments(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "source.mp4")
	if out, err := exec.Command("ffmpeg", "-v", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=9",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=9",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
		"-metadata:s:a:0", "language=ger", "-shortest", src).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	origin := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer origin.Close()
	s := startServer(t, t.TempDir())
	_, b := s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/source.mp4"})
	var created video
	json.Unmarshal(b, &created)
	if v := s.waitFor(t, created.ID, func(v video) bool { return v.State == "ready" }); v.State != "ready" {
		t.Fatalf("video ended %s", v.State)
	}
	v := s.trackVideo(t, created.ID)
	id := v.ID
	before := videoSegmentHashes(t, v.URLs["hls"])
	posterBefore := s.assetBytes(t, id, "poster.jpg")

	dub := ffmpegFile(t, "dub.m4a", "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=22050", "-t", "4", "-c:a", "aac")
	description := ffmpegFile(t, "ad.wav", "-f", "lavfi", "-i", "sine=frequency=880", "-t", "15")
	silent := ffmpegFile(t, "silent.mp4", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-t", "1", "-c:v", "libx264", "-preset", "ultrafast")
	random := bytes.Repeat([]byte{0x13, 0x37, 0xc0, 0xde}, 4096)
	webp := ffmpegFile(t, "x.webp", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1")

	// Bad input first: each answers a problem, nothing changes.
	for _, c := range []struct {
		name, path string
		body       []byte
		status     int
		code       string
	}{
		{"random bytes", "/audio-tracks/fr", random, 422, "not_media"},
		{"no audio stream", "/audio-tracks/fr", silent, 422, "no_audio"},
		{"bad language", "/audio-tracks/FR!", dub, 400, "validation_failed"},
		{"bad kind", "/audio-tracks/fr?kind=karaoke", dub, 400, "validation_failed"},
		{"empty body", "/audio-tracks/fr", nil, 400, "validation_failed"},
		// A label once wrote a tag and a URI of its own into the master (issue 35).
		{"label with a tag line", "/audio-tracks/it?label=x%22%0A%23EXT-X-INJECTED:1%0A", dub, 400, "validation_failed"},
		{"label with a foreign URI", "/audio-tracks/it?label=q%22,URI=%22http://evil.example/a.m3u8", dub, 400, "validation_failed"},
	} {
		status, b := s.put(t, "/v1/videos/"+id+c.path, "application/octet-stream", c.body)
		if status != c.status || !strings.Contains(string(b), `"code":"`+c.code+`"`) {
			t.Errorf("%s: %d %s, want %d %s", c.name, status, b, c.status, c.code)
		}
	}
	if status, b := s.put(t, "/v1/videos/nosuchvideo0/audio-tracks/fr", "audio/mp4", dub); status != 404 {
		t.Errorf("unknown video: %d %s", status, b)
	}

	status, b := s.put(t, "/v1/videos/"+id+"/audio-tracks/fr?label=Fran%C3%A7ais", "audio/mp4", dub)
	if status != http.StatusAccepted {
		t.Fatalf("PUT dub: %d %s", status, b)
	}
	var accepted trackVideo
	json.Unmarshal(b, &accepted)
	if n := len(accepted.AudioTracks); n != 2 || accepted.AudioTracks[1].State != "processing" || accepted.AudioTracks[1].Kind != "dub" || !accepted.AudioTracks[1].Added {
		t.Errorf("the answer's tracks: %+v", accepted.AudioTracks)
	}
	status, b = s.put(t, "/v1/videos/"+id+"/audio-tracks/en", "audio/wav", description, "Reel-Kind", "description")
	if status != http.StatusAccepted {
		t.Fatalf("PUT description: %d %s", status, b)
	}
	png := ffmpegFile(t, "cover.png", "-f", "lavfi", "-i", "color=c=red:s=800x450", "-frames:v", "1")
	if status, b := s.put(t, "/v1/videos/"+id+"/poster", "image/png", png); status != http.StatusAccepted || !strings.Contains(string(b), `"poster_image":true`) {
		t.Fatalf("PUT poster image: %d %s", status, b)
	}

	v = s.waitTracks(t, id, func(v trackVideo) bool {
		return len(v.AudioTracks) == 3 && v.AudioTracks[1].State == "ready" && v.AudioTracks[2].State == "ready"
	})
	waitUntil(t, "the image poster", func() bool { return !bytes.Equal(s.assetBytes(t, id, "poster.jpg"), posterBefore) })
	imagePoster := s.assetBytes(t, id, "poster.jpg")

	// A poster at a time, after the image.
	if status, b := s.put(t, "/v1/videos/"+id+"/poster", "application/json", []byte(`{"time": 2.5}`)); status != http.StatusAccepted ||
		!strings.Contains(string(b), `"poster_time":2.5`) || !strings.Contains(string(b), `"poster_image":false`) {
		t.Fatalf("PUT poster time: %d %s", status, b)
	}
	waitUntil(t, "the poster at 2.5 s", func() bool { return !bytes.Equal(s.assetBytes(t, id, "poster.jpg"), imagePoster) })
	for _, c := range []struct {
		name, ct string
		body     []byte
		status   int
		code     string
	}{
		{"time beyond the duration", "application/json", []byte(`{"time": 100}`), 400, "validation_failed"},
		{"no time", "application/json", []byte(`{}`), 400, "validation_failed"},
		{"undecodable image", "image/jpeg", append([]byte("\xff\xd8\xff\xe0"), random...), 422, "not_media"},
		{"not an image", "image/png", random, 422, "not_media"},
		{"image too large", "image/png", ffmpegFile(t, "wide.png", "-f", "lavfi", "-i", "color=c=blue:s=5000x16", "-frames:v", "1"), 400, "validation_failed"},
		// WebPs whose headers are right and whose pictures do not decode:
		// once 202, then a job failing with no_video (issue 35).
		{"truncated webp", "image/webp", webp[:len(webp)/2], 422, "not_media"},
		{"webp, garbage after its header", "image/webp", append(append([]byte(nil), webp[:30]...), bytes.Repeat([]byte{0xff}, len(webp)-30)...), 422, "not_media"},
	} {
		status, b := s.put(t, "/v1/videos/"+id+"/poster", c.ct, c.body)
		if status != c.status || !strings.Contains(string(b), `"code":"`+c.code+`"`) {
			t.Errorf("poster, %s: %d %s, want %d %s", c.name, status, b, c.status, c.code)
		}
	}
	if v := s.trackVideo(t, id); v.PosterImage || v.PosterTime == nil || *v.PosterTime != 2.5 {
		t.Errorf("after the refused posters: poster_image %v, poster_time %v; want false, 2.5", v.PosterImage, v.PosterTime)
	}

	// The video's segments are the same bytes; the master and DASH list the tracks.
	after := videoSegmentHashes(t, v.URLs["hls"])
	if len(after) != len(before) {
		t.Errorf("%d video files before, %d after", len(before), len(after))
	}
	for k, h := range before {
		if after[k] != h {
			t.Errorf("%s changed", k)
		}
	}
	master := string(s.assetBytes(t, id, "playlist.m3u8"))
	for _, want := range []string{`NAME="Français",LANGUAGE="fr",DEFAULT=NO`, `URI="audio/fr/playlist.m3u8`,
		`LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.describes-video"`} {
		if !strings.Contains(master, want) {
			t.Errorf("master lacks %s:\n%s", want, master)
		}
	}
	mpd := string(s.assetBytes(t, id, "manifest.mpd"))
	for _, want := range []string{`value="dub"`, `value="description"`, `audio/fr/$Number$.m4s`, `audio/en/init.mp4`} {
		if !strings.Contains(mpd, want) {
			t.Errorf("DASH manifest lacks %s", want)
		}
	}
	// The new tracks decode and last as long as the video, within a segment.
	for _, lang := range []string{"fr", "en"} {
		joined := filepath.Join(t.TempDir(), lang+".mp4")
		all := s.assetBytes(t, id, "audio/"+lang+"/init.mp4")
		for _, u := range playlistURIs(string(s.assetBytes(t, id, "audio/"+lang+"/playlist.m3u8"))) {
			if strings.HasSuffix(strings.SplitN(u, "?", 2)[0], ".m4s") {
				all = append(all, s.assetBytes(t, id, "audio/"+lang+"/"+strings.SplitN(u, "?", 2)[0])...)
			}
		}
		os.WriteFile(joined, all, 0o644)
		out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", joined).Output()
		if err != nil {
			t.Fatalf("ffprobe %s: %v", lang, err)
		}
		d, _ := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
		if math.Abs(d-v.Duration) > 4 {
			t.Errorf("%s track lasts %.2f s, the video %.2f s", lang, d, v.Duration)
		}
	}

	// Replacing one re-encodes it; removing it takes it out; the source's
	// own track stays.
	orig := v.AudioTracks[0].Language
	if orig == "" {
		t.Fatal("the source's track has no language")
	}
	if resp, b := s.do(t, "DELETE", "/v1/videos/"+id+"/audio-tracks/it", s.key, nil); resp.StatusCode != 404 {
		t.Errorf("DELETE a missing track: %d %s", resp.StatusCode, b)
	}
	if resp, b := s.do(t, "DELETE", "/v1/videos/"+id+"/audio-tracks/"+orig, s.key, nil); resp.StatusCode != 409 || !strings.Contains(string(b), `"code":"conflict"`) {
		t.Errorf("DELETE the source's %s track: %d %s", orig, resp.StatusCode, b)
	}
	if resp, b := s.do(t, "DELETE", "/v1/videos/"+id+"/audio-tracks/fr", s.key, nil); resp.StatusCode != 204 {
		t.Fatalf("DELETE fr: %d %s", resp.StatusCode, b)
	}
	waitUntil(t, "fr leaving the master", func() bool { return !strings.Contains(string(s.assetBytes(t, id, "playlist.m3u8")), "audio/fr/") })
	if got := videoSegmentHashes(t, v.URLs["hls"]); len(got) != len(before) {
		t.Errorf("video files after removal: %d", len(got))
	}

	// Archived and unready videos take no tracks or posters.
	if resp, _ := s.do(t, "POST", "/v1/videos/"+id+"/archive", s.key, nil); resp.StatusCode != 200 {
		t.Fatal("archive")
	}
	if status, b := s.put(t, "/v1/videos/"+id+"/audio-tracks/it", "audio/mp4", dub); status != 409 {
		t.Errorf("archived video: %d %s", status, b)
	}
	if status, b := s.put(t, "/v1/videos/"+id+"/poster", "application/json", []byte(`{"time":1}`)); status != 409 {
		t.Errorf("archived video poster: %d %s", status, b)
	}
	req, _ := http.NewRequest("POST", s.URL()+"/v1/uploads", nil)
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Length", "1000")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	pending := resp.Header.Get("Reel-Video-Id")
	if status, b := s.put(t, "/v1/videos/"+pending+"/audio-tracks/it", "audio/mp4", dub); status != 409 || !strings.Contains(string(b), `"code":"conflict"`) {
		t.Errorf("video not ready: %d %s", status, b)
	}
	ro := s.key
	s.key = s.roKey
	if status, _ := s.put(t, "/v1/videos/"+id+"/audio-tracks/de", "audio/mp4", dub); status != 403 {
		t.Errorf("read-only key: %d", status)
	}
	s.key = ro
}

func (s *server) waitTracks(t *testing.T, id string, until func(trackVideo) bool) trackVideo {
	t.Helper()
	var v trackVideo
	waitUntil(t, "the added tracks", func() bool {
		v = s.trackVideo(t, id)
		for _, a := range v.AudioTracks {
			if a.State == "errored" {
				t.Fatalf("track %s errored: %+v", a.Language, a.Error)
			}
		}
		return until(v)
	})
	return v
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// assetBytes reads a file of the video's published version.
func (s *server) assetBytes(t *testing.T, id, name string) []byte {
	t.Helper()
	ctx := context.Background()
	v, err := s.Service.VideoByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := s.Service.OpenAsset(ctx, v, name)
	if err != nil {
		return nil
	}
	defer b.Close()
	data, _ := io.ReadAll(b)
	return data
}
