package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/webhooks"
)

// server runs a whole refserver, as the binary does, on a free port.
type server struct {
	*Main
	key    string
	roKey  string
	stdout *bytes.Buffer
}

// startServer starts a server keeping its files in data; args add flags.
func startServer(t *testing.T, data string, args ...string) *server {
	t.Helper()
	out := &bytes.Buffer{}
	m := NewMain()
	m.Stdout, m.Stderr = out, io.Discard
	m.Getenv = func(string) string { return "" }
	_, err := m.Config.parseFlags("refserver", append([]string{
		"--addr", "127.0.0.1:0", "--data", data, "--allow-networks", "127.0.0.0/8", "--log-level", "error",
	}, args...), io.Discard, m.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Open(context.Background(), "all"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	s := &server{Main: m, stdout: out}
	for _, line := range strings.Split(out.String(), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "read_write" {
			s.key = f[1]
		}
		if len(f) == 2 && f[0] == "read_only" {
			s.roKey = f[1]
		}
	}
	return s
}

func (s *server) do(t *testing.T, method, path, key string, body any) (*http.Response, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.URL()+path, r)
	req.Header.Set("Authorization", "Bearer "+key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if c := resp.Header.Get("Set-Cookie"); c != "" {
		t.Errorf("%s %s set a cookie: %s", method, path, c)
	}
	return resp, b
}

type video struct {
	ID         string `json:"id"`
	State      string `json:"state"`
	Playable   bool   `json:"playable"`
	Duration   float64
	Width      int `json:"width"`
	Height     int `json:"height"`
	Renditions []struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"renditions"`
	AudioTracks []struct {
		URL string `json:"url"`
	} `json:"audio_tracks"`
	Error *struct{ Code string } `json:"error"`
	URLs  map[string]string      `json:"urls"`
}

func (s *server) waitFor(t *testing.T, id string, until func(video) bool) video {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		_, b := s.do(t, "GET", "/v1/videos/"+id, s.key, nil)
		var v video
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("decoding %s: %v", b, err)
		}
		if until(v) || v.State == "errored" {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("video %s still %s", id, v.State)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// makeSource encodes a small H.264/AAC file with the ffmpeg CLI.
func makeSource(t *testing.T, dir string, seconds int, size string) string {
	t.Helper()
	p := filepath.Join(dir, "source.mp4")
	cmd := exec.Command("ffmpeg", "-v", "error", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%s:rate=25:duration=%d", size, seconds),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:duration=%d", seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", p)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	return p
}

func TestURLVideoBecomesReady(t *testing.T) {
	src := makeSource(t, t.TempDir(), 3, "640x360")
	origin := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(src))))
	defer origin.Close()
	s := startServer(t, t.TempDir())
	if s.key == "" || s.roKey == "" {
		t.Fatalf("first start printed no keys:\n%s", s.stdout)
	}

	hooks := newReceiver(t)
	resp, b := s.do(t, "POST", "/v1/webhooks", s.key, map[string]any{"url": hooks.URL})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", resp.StatusCode, b)
	}
	var endpoint struct{ Secret string }
	json.Unmarshal(b, &endpoint)
	hooks.verifier.Secrets = []string{endpoint.Secret}

	resp, b = s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/source.mp4", "title": "first"})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	var v video
	json.Unmarshal(b, &v)
	v = s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" || !v.Playable {
		t.Fatalf("video ended %s (error %+v)", v.State, v.Error)
	}
	if v.Width != 640 || v.Height != 360 || v.Duration < 2.9 || v.Duration > 3.1 {
		t.Errorf("video is %dx%d, %.2f s; want 640x360, 3 s", v.Width, v.Height, v.Duration)
	}
	if len(v.Renditions) != 1 || v.Renditions[0].Name != "h264_sd" {
		t.Errorf("renditions %+v, want h264_sd only", v.Renditions)
	}
	for _, k := range []string{"hls", "dash", "poster", "clip", "audio", "storyboard", "frame"} {
		if v.URLs[k] == "" {
			t.Errorf("urls.%s is empty", k)
		}
	}
	fetchEveryAsset(t, v)
	hooks.waitFor(t, []string{"video.created", "video.uploaded", "video.processing", "video.ready"})
	checkSubtitles(t, s, v.ID)
	// A read-only key reads but cannot write.
	if resp, _ := s.do(t, "GET", "/v1/videos/"+v.ID, s.roKey, nil); resp.StatusCode != 200 {
		t.Errorf("read-only GET: %d", resp.StatusCode)
	}
	if resp, _ := s.do(t, "DELETE", "/v1/videos/"+v.ID, s.roKey, nil); resp.StatusCode != 403 {
		t.Errorf("read-only DELETE: %d", resp.StatusCode)
	}
}

// TestUploadSurvivesRestartAndBecomesPlayable uploads in two PATCHes,
// restarting the server in between, with blobs on disk and on S3.
func TestUploadSurvivesRestartAndBecomesPlayable(t *testing.T) {
	t.Run("disk", func(t *testing.T) { testUploadSurvivesRestart(t) })
	t.Run("s3", func(t *testing.T) {
		srv := s3test.Start(t)
		for k, v := range srv.Env() {
			t.Setenv(k, v)
		}
		bucket := srv.Bucket(t)
		v, data := testUploadSurvivesRestart(t, "--blobs", srv.URL(bucket))
		// Everything the video has lies in the bucket.
		out, err := srv.Client().ListObjectsV2(context.Background(), &awss3.ListObjectsV2Input{Bucket: &bucket})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, o := range out.Contents {
			keys = append(keys, *o.Key)
		}
		joined := strings.Join(keys, "\n")
		// The source, the published assets and the frame fetchEveryAsset
		// asked for (the service owns the key layout; these are its ends).
		for _, want := range []string{v.ID + "/source\n", "/h264_sd.mp4\n", "/playlist.m3u8\n", "/frames/"} {
			if !strings.Contains(joined+"\n", want) {
				t.Errorf("no %q in the bucket:\n%s", want, joined)
			}
		}
		if _, err := os.Stat(filepath.Join(data, "blobs")); err == nil {
			t.Error("a local blob folder was made")
		}
	})
}

func testUploadSurvivesRestart(t *testing.T, flags ...string) (video, string) {
	data := t.TempDir()
	src, err := os.ReadFile(makeSource(t, t.TempDir(), 4, "320x240"))
	if err != nil {
		t.Fatal(err)
	}
	s := startServer(t, data, flags...)
	key := s.key
	req, _ := http.NewRequest("POST", s.URL()+"/v1/uploads", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Length", fmt.Sprint(len(src)))
	req.Header.Set("Upload-Metadata", "title "+base64.StdEncoding.EncodeToString([]byte("upload")))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("tus create: %d", resp.StatusCode)
	}
	location, id := resp.Header.Get("Location"), resp.Header.Get("Reel-Video-Id")
	path := strings.TrimPrefix(location, s.URL())
	patch := func(s *server, offset int, chunk []byte) *http.Response {
		req, _ := http.NewRequest("PATCH", s.URL()+path, bytes.NewReader(chunk))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Tus-Resumable", "1.0.0")
		req.Header.Set("Upload-Offset", fmt.Sprint(offset))
		req.Header.Set("Content-Type", "application/offset+octet-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	half := len(src) / 2
	if r := patch(s, 0, src[:half]); r.StatusCode != http.StatusNoContent {
		t.Fatalf("first PATCH: %d", r.StatusCode)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = startServer(t, data, flags...)
	s.key = key
	head, _ := http.NewRequest("HEAD", s.URL()+path, nil)
	head.Header.Set("Authorization", "Bearer "+key)
	head.Header.Set("Tus-Resumable", "1.0.0")
	hr, err := http.DefaultClient.Do(head)
	if err != nil {
		t.Fatal(err)
	}
	if got := hr.Header.Get("Upload-Offset"); got != fmt.Sprint(half) {
		t.Fatalf("offset after restart %q, want %d", got, half)
	}
	if r := patch(s, half, src[half:]); r.StatusCode != http.StatusNoContent || r.Header.Get("Reel-Video-Id") != id {
		t.Fatalf("final PATCH: %d video %q", r.StatusCode, r.Header.Get("Reel-Video-Id"))
	}
	v := s.waitFor(t, id, func(v video) bool { return v.State == "ready" })
	if v.State != "ready" {
		t.Fatalf("uploaded video ended %s (%+v)", v.State, v.Error)
	}
	fetchEveryAsset(t, v)
	return v, data
}

// TestS3Unreachable: a server whose S3 blobs cannot be used does not start,
// and says why in one line.
func TestS3Unreachable(t *testing.T) {
	srv := s3test.Start(t)
	for k, v := range srv.Env() {
		t.Setenv(k, v)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	for _, tt := range []struct{ blobs, want string }{
		{"s3://media?endpoint=http://" + closed + "&path_style=true", "connection refused"},
		{srv.URL("reel-no-such-bucket"), "the bucket does not exist"},
	} {
		m := NewMain()
		m.Stdout, m.Stderr = io.Discard, io.Discard
		m.Getenv = func(string) string { return "" }
		if _, err := m.Config.parseFlags("refserver", []string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--blobs", tt.blobs}, io.Discard, m.Getenv); err != nil {
			t.Fatal(err)
		}
		err := m.Open(context.Background(), "all")
		m.Close()
		if err == nil {
			t.Fatalf("%s: the server started", tt.blobs)
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "blobs unreachable: s3://") || !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line: blobs unreachable: s3://... %s", tt.blobs, msg, tt.want)
		}
		if strings.Contains(msg, s3test.SecretKey) {
			t.Errorf("the error shows the secret key: %s", msg)
		}
	}
}

func TestBadSourceEndsErrored(t *testing.T) {
	dir := t.TempDir()
	noise := make([]byte, 64<<10)
	rand.Read(noise)
	os.WriteFile(filepath.Join(dir, "noise.mp4"), noise, 0o644)
	origin := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer origin.Close()
	s := startServer(t, t.TempDir())
	// One endpoint asks for video.errored, one names no kinds (the seven).
	optIn, plain := newReceiver(t), newReceiver(t)
	for _, r := range []struct {
		hooks *receiver
		body  map[string]any
	}{
		{optIn, map[string]any{"url": optIn.URL, "events": []string{"video.created", "video.errored"}}},
		{plain, map[string]any{"url": plain.URL}},
	} {
		resp, b := s.do(t, "POST", "/v1/webhooks", s.key, r.body)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("create webhook: %d %s", resp.StatusCode, b)
		}
		var endpoint struct{ Secret string }
		json.Unmarshal(b, &endpoint)
		r.hooks.verifier.Secrets = []string{endpoint.Secret}
	}
	_, b := s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/noise.mp4"})
	var v video
	json.Unmarshal(b, &v)
	v = s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" })
	if v.State != "errored" || v.Error == nil || v.Error.Code != "not_media" {
		t.Fatalf("random bytes ended %s %+v, want errored not_media", v.State, v.Error)
	}
	optIn.waitFor(t, []string{"video.created", "video.errored"})
	plain.waitFor(t, []string{"video.created", "video.uploaded"})
	time.Sleep(500 * time.Millisecond) // room for a stray delivery
	if got := optIn.received(); len(got) != 2 {
		t.Errorf("the opt-in endpoint got %v, want one video.created and one video.errored", got)
	}
	if got := plain.received(); slices.Contains(got, "video.errored") {
		t.Errorf("the endpoint that named no kinds got %v, with video.errored", got)
	}
	var errored struct {
		Data struct {
			ID    string
			State string
			Error struct{ Code, Message string }
		}
	}
	json.Unmarshal(optIn.body(1), &errored)
	if errored.Data.ID != v.ID || errored.Data.State != "errored" || errored.Data.Error.Code != "not_media" || errored.Data.Error.Message == "" {
		t.Errorf("video.errored carries %+v, want the video with its not_media error", errored.Data)
	}
}

func TestKeysCreatePrintsJSON(t *testing.T) {
	data := t.TempDir()
	for _, access := range []string{"read_write", "read_only"} {
		out := &bytes.Buffer{}
		m := NewMain()
		m.Stdout, m.Stderr = out, io.Discard
		m.Getenv = func(string) string { return "" }
		if err := m.Execute(context.Background(), []string{"keys", "create", "--access", access, "--data", data}); err != nil {
			t.Fatal(err)
		}
		var k map[string]string
		if err := json.Unmarshal(out.Bytes(), &k); err != nil {
			t.Fatalf("output %q is not JSON: %v", out, err)
		}
		if k["access"] != access || !strings.HasPrefix(k["key"], "rk_") || k["id"] == "" || len(k["space"]) != 5 {
			t.Errorf("key %v", k)
		}
	}
	m := NewMain()
	m.Stdout, m.Stderr = io.Discard, io.Discard
	if err := m.Execute(context.Background(), []string{"keys", "create", "--access", "admin", "--data", data}); err == nil {
		t.Error("an unknown access level was accepted")
	}
	// --admin: a key of no space, read-write unless --access says otherwise.
	for _, tc := range []struct {
		args   []string
		access string
	}{
		{[]string{"--admin"}, "read_write"}, {[]string{"--admin", "--access", "read_only"}, "read_only"},
	} {
		out := &bytes.Buffer{}
		m := NewMain()
		m.Stdout, m.Stderr = out, io.Discard
		m.Getenv = func(string) string { return "" }
		if err := m.Execute(context.Background(), append([]string{"keys", "create", "--data", data}, tc.args...)); err != nil {
			t.Fatal(err)
		}
		var k map[string]any
		if err := json.Unmarshal(out.Bytes(), &k); err != nil {
			t.Fatalf("output %q is not JSON: %v", out, err)
		}
		if k["admin"] != true || k["access"] != tc.access || k["space"] != nil || !strings.HasPrefix(k["key"].(string), "rk_") {
			t.Errorf("admin key %v", k)
		}
	}
}

func TestConfigFromEnvironment(t *testing.T) {
	env := map[string]string{"REEL_ADDR": "127.0.0.1:9999", "REEL_WORKERS": "3", "REEL_ALLOW_NETWORKS": "10.0.0.0/8, 127.0.0.1/32",
		"REEL_MEDIA_PROCESS": "inline", "REEL_FRAME_CACHE_SIZE": "256MiB",
		"REEL_METRICS_LISTEN": "127.0.0.1:9090"}
	var c Config
	if _, err := c.parseFlags("t", []string{"--data", "/tmp/x"}, io.Discard, func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9999" || c.Workers != 3 || c.BaseURL != "http://127.0.0.1:9999" ||
		c.Database != "sqlite:///tmp/x/reel.db" || c.Blobs != "file:///tmp/x/blobs" || c.MediaProcess != "inline" ||
		c.FrameCacheSize != 256<<20 || c.MetricsListen != "127.0.0.1:9090" {
		t.Errorf("config %+v", c)
	}
	if got := c.allowNetworks(); len(got) != 2 || got[1] != "127.0.0.1/32" {
		t.Errorf("allow networks %v", got)
	}
	for _, bad := range [][]string{{"--base-url", "ftp://x"}, {"--workers", "-1"}, {"--nope"}, {"--media-process", "thread"},
		{"--frame-cache-size", "lots"}, {"--frame-cache-size", "1PB"}, {"--frame-cache-size", "-1"}} {
		var c Config
		if _, err := c.parseFlags("t", bad, io.Discard, func(string) string { return "" }); err == nil {
			t.Errorf("flags %v accepted", bad)
		}
	}
	for in, want := range map[string]ByteSize{"0": 0, "1073741824": 1 << 30, "512MiB": 512 << 20, "2GiB": 2 << 30, "64 KiB": 64 << 10, "1TiB": 1 << 40} {
		var c Config
		if _, err := c.parseFlags("t", []string{"--frame-cache-size", in}, io.Discard, func(string) string { return "" }); err != nil || c.FrameCacheSize != want {
			t.Errorf("--frame-cache-size %s: %d %v, want %d", in, c.FrameCacheSize, err, want)
		}
	}
	for _, tt := range []struct{ database, kind, target, err string }{
		{"sqlite:///tmp/x/reel.db", "sqlite", "/tmp/x/reel.db", ""},
		{"postgres://reel@db/reel", "postgres", "postgres://reel@db/reel", ""},
		{"postgresql://reel@db/reel", "postgres", "postgresql://reel@db/reel", ""},
		{"mysql://reel:pw@db/reel", "", "", `scheme "mysql"`},
		{"host=db password=pw", "", "", "want sqlite://PATH or postgres://"},
		{"sqlite://", "", "", "want sqlite://PATH"},
	} {
		c := Config{Database: tt.database}
		kind, target, err := c.database()
		if kind != tt.kind || target != tt.target || (err == nil) != (tt.err == "") ||
			err != nil && (!strings.Contains(err.Error(), tt.err) || strings.Contains(err.Error(), "pw")) {
			t.Errorf("--database %s: %q, %q, %v", tt.database, kind, target, err)
		}
	}
}

func TestBlobsFlag(t *testing.T) {
	tests := []struct {
		blobs   string
		dir     string
		bucket  string
		wantErr string
	}{
		{blobs: "", dir: "/tmp/x/blobs"},
		{blobs: "file:///srv/blobs", dir: "/srv/blobs"},
		{blobs: "s3://media/reel?endpoint=http://127.0.0.1:7070&region=us-east-1&path_style=true", bucket: "media"},
		{blobs: "s3://Media", wantErr: `--blobs: s3 URL: bucket "Media" is not a valid bucket name`},
		{blobs: "s3://media?endpoint=localhost:7070", wantErr: `--blobs: s3 URL: endpoint "localhost:7070"`},
		{blobs: "s3://media?pathstyle=true", wantErr: `unknown parameter "pathstyle"`},
		{blobs: "s3://KEY:hunter2@media", wantErr: "credentials do not belong in the URL"},
		{blobs: "gs://media", wantErr: "want file://PATH or s3://BUCKET"},
	}
	for _, tt := range tests {
		t.Run(tt.blobs, func(t *testing.T) {
			var c Config
			env := map[string]string{"REEL_BLOBS": tt.blobs}
			_, err := c.parseFlags("t", []string{"--data", "/tmp/x"}, io.Discard, func(k string) string { return env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "hunter2") {
					t.Fatalf("err = %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			dir, s3cfg, err := c.blobsTarget()
			if err != nil || dir != tt.dir || (s3cfg == nil) != (tt.bucket == "") || (s3cfg != nil && s3cfg.Bucket != tt.bucket) {
				t.Errorf("blobsTarget = %q, %+v, %v", dir, s3cfg, err)
			}
		})
	}
}

func TestRenditionCacheSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want ByteSize
	}{
		{"", 2 << 30}, {"512MiB", 512 << 20}, {"1.5GiB", 3 << 29}, {"2GB", 2e9}, {"100", 100}, {"0", 0}, {"64 KiB", 64 << 10},
	} {
		var c Config
		env := map[string]string{"REEL_RENDITION_CACHE_SIZE": tt.in}
		if _, err := c.parseFlags("t", nil, io.Discard, func(k string) string { return env[k] }); err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if c.RenditionCacheSize != tt.want {
			t.Errorf("%q: %d, want %d", tt.in, c.RenditionCacheSize, tt.want)
		}
	}
	for _, bad := range []string{"lots", "-1GiB", "2XB"} {
		var c Config
		if _, err := c.parseFlags("t", []string{"--rendition-cache-size", bad}, io.Discard, func(string) string { return "" }); err == nil {
			t.Errorf("--rendition-cache-size %s accepted", bad)
		}
	}
	if s := ByteSize(2 << 30).String(); s != "2GiB" {
		t.Errorf("String = %s", s)
	}
}

func TestMediaCacheAndRedirectFlags(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		env      map[string]string
		size     ByteSize
		redirect time.Duration
	}{
		{nil, nil, 1 << 30, 0},
		{[]string{"--media-cache-size", "256MiB", "--media-redirect", "90s"}, nil, 256 << 20, 90 * time.Second},
		{nil, map[string]string{"REEL_MEDIA_CACHE_SIZE": "0", "REEL_MEDIA_REDIRECT": "1m"}, 0, time.Minute},
	} {
		var c Config
		if _, err := c.parseFlags("t", tt.args, io.Discard, func(k string) string { return tt.env[k] }); err != nil {
			t.Fatalf("%v %v: %v", tt.args, tt.env, err)
		}
		if c.MediaCacheSize != tt.size || c.MediaRedirect != tt.redirect {
			t.Errorf("%v %v: size %d, redirect %s", tt.args, tt.env, c.MediaCacheSize, c.MediaRedirect)
		}
	}
	for _, bad := range [][]string{{"--media-cache-size", "lots"}, {"--media-redirect", "soon"}} {
		var c Config
		if _, err := c.parseFlags("t", bad, io.Discard, func(string) string { return "" }); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	// Redirects need a store that presigns.
	m := NewMain()
	m.Stdout, m.Stderr = io.Discard, io.Discard
	m.Getenv = func(string) string { return "" }
	if _, err := m.Config.parseFlags("refserver", []string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--media-redirect", "1m"}, io.Discard, m.Getenv); err != nil {
		t.Fatal(err)
	}
	err := m.Open(context.Background(), "api")
	m.Close()
	if err == nil || !strings.Contains(err.Error(), "--media-redirect needs s3:// blobs") {
		t.Errorf("--media-redirect on local disk: %v", err)
	}
}

// checkSubtitles adds SRT subtitles to a ready video and waits until they are
// republished (master playlist, WebVTT, transcript) without a re-encode.
func checkSubtitles(t *testing.T, s *server, id string) {
	t.Helper()
	srt := "\ufeff1\r\n00:00:00,500 --> 00:00:01,500\r\n<i>Hello</i> world\r\n\r\n2\r\n00:00:01,600 --> 00:00:02,900\r\nSecond line\r\n"
	put := func(lang, body string) (*http.Response, []byte) {
		req, _ := http.NewRequest("PUT", s.URL()+"/v1/videos/"+id+"/subtitles/"+lang+"?label=English", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+s.key)
		req.Header.Set("Content-Type", "application/x-subrip")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	if resp, b := put("en", "not subtitles at all"); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("garbage subtitles: %d %s", resp.StatusCode, b)
	}
	if resp, b := put("EN!", srt); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("bad language: %d %s", resp.StatusCode, b)
	}
	resp, b := put("en", srt)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("PUT subtitles: %d %s", resp.StatusCode, b)
	}
	ctx := context.Background()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v, err := s.Service.VideoByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		asset := func(name string) string {
			b, _, err := s.Service.OpenAsset(ctx, v, name)
			if err != nil {
				return ""
			}
			defer b.Close()
			data, _ := io.ReadAll(b)
			return string(data)
		}
		master := asset("playlist.m3u8")
		if strings.Contains(master, "TYPE=SUBTITLES") {
			vtt, transcript := asset("subtitles/en.vtt"), asset("transcript.json")
			if !strings.HasPrefix(vtt, "WEBVTT") || !strings.Contains(vtt, "00:00:00.500 --> 00:00:01.500") {
				t.Errorf("stored WebVTT:\n%s", vtt)
			}
			if !strings.Contains(transcript, `"Hello world"`) {
				t.Errorf("transcript: %s", transcript)
			}
			if asset("h264_sd.mp4") == "" {
				t.Error("the republished version lost its renditions")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("subtitles never published; master:\n%s", master)
		}
		time.Sleep(50 * time.Millisecond)
	}
	_, b = s.do(t, "GET", "/v1/videos/"+id+"/subtitles", s.key, nil)
	if !strings.Contains(string(b), `"language":"en"`) || !strings.Contains(string(b), `"label":"English"`) {
		t.Errorf("subtitle list: %s", b)
	}
	if resp, _ := s.do(t, "DELETE", "/v1/videos/"+id+"/subtitles/fr", s.key, nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("deleting missing subtitles: %d", resp.StatusCode)
	}
}

// fetchEveryAsset GETs every URL the video lists, and walks the HLS master
// down to every segment, checking status and content type.
func fetchEveryAsset(t *testing.T, v video) {
	t.Helper()
	get := assetGetter(t)
	frame := strings.NewReplacer("{time}", "1.5", "{width}", "320").Replace(v.URLs["frame"])
	for url, typ := range map[string]string{
		v.URLs["dash"]: "application/dash+xml", v.URLs["poster"]: "image/jpeg", v.URLs["clip"]: "video/mp4",
		v.URLs["audio"]: "audio/mp4", v.URLs["storyboard"]: "image/jpeg", frame: "image/jpeg",
		strings.TrimSuffix(v.URLs["poster"], ".jpg") + ".webp":    "image/webp",
		strings.TrimSuffix(v.URLs["storyboard"], ".jpg") + ".vtt": "text/vtt",
	} {
		get(url, typ)
	}
	for _, r := range v.Renditions {
		get(r.URL, "video/mp4")
	}
	for _, a := range v.AudioTracks {
		get(a.URL, "application/vnd.apple.mpegurl")
	}
	walkHLS(t, v.URLs["hls"], get)
}

// assetGetter returns a GET that fails t unless the answer is a 200 of
// wantType with a body, and returns the body.
func assetGetter(t *testing.T) func(url, wantType string) []byte {
	return func(url, wantType string) []byte {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d %s", url, resp.StatusCode, b)
			return nil
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, wantType) {
			t.Errorf("GET %s: Content-Type %q, want %s", url, ct, wantType)
		}
		if len(b) == 0 {
			t.Errorf("GET %s: empty body", url)
		}
		return b
	}
}

// walkHLS gets the master at hlsURL, each media playlist it lists and each
// init and media segment those list, with get, and returns the master.
func walkHLS(t *testing.T, hlsURL string, get func(url, wantType string) []byte) string {
	t.Helper()
	master := string(get(hlsURL, "application/vnd.apple.mpegurl"))
	base := hlsURL[:strings.LastIndex(hlsURL, "/")+1]
	segments := 0
	for _, child := range playlistURIs(master) {
		childURL := base + child
		playlist := string(get(childURL, "application/vnd.apple.mpegurl"))
		childBase := childURL[:strings.LastIndex(childURL, "/")+1]
		for _, u := range playlistURIs(playlist) {
			want := "video/iso.segment"
			if strings.Contains(u, "init.mp4") {
				want = "video/mp4"
			}
			get(childBase+u, want)
			segments++
		}
	}
	if segments < 3 {
		t.Errorf("walked only %d init and media segments from the master", segments)
	}
	return master
}

// playlistURIs returns the URI lines and URI="..." attributes of a playlist.
func playlistURIs(playlist string) []string {
	var out []string
	for _, line := range strings.Split(playlist, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			out = append(out, line)
			continue
		}
		if i := strings.Index(line, `URI="`); i >= 0 {
			rest := line[i+5:]
			out = append(out, rest[:strings.IndexByte(rest, '"')])
		}
	}
	return out
}

// A source plays, every file of its early set from the master down, while
// its ladder still encodes:
//   - a standard one (H.264/AAC, a keyframe every 2 s) as the prepare job's
//     remux (the delivery layer once refused the remux's folder, source/,
//     so the commonest upload answered 404 until the ladder was ready);
//   - one that cannot be remuxed (MPEG-4 Part 2, Opus) as its growing first
//     rendition, served in place on local disk and copied a segment at a
//     time to S3.
func TestSourcePlaysBeforeReady(t *testing.T) {
	dir := t.TempDir()
	for name, codecs := range map[string][]string{
		"source.mp4": {"-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac"},
		"source.mkv": {"-c:v", "mpeg4", "-q:v", "5", "-c:a", "libopus"},
	} {
		args := append([]string{"-v", "error", "-y",
			"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=20",
			"-f", "lavfi", "-i", "sine=frequency=440:duration=20"}, codecs...)
		if out, err := exec.Command("ffmpeg", append(args, "-shortest", filepath.Join(dir, name))...).CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg: %v\n%s", err, out)
		}
	}
	origin := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer origin.Close()
	for _, tt := range []struct {
		name, source, blobs, early string // early: what the early master lists
	}{
		{"remuxed", "source.mp4", "disk", "source/playlist.m3u8"},
		{"encoded", "source.mkv", "disk", "h264_sd/playlist.m3u8"},
		{"encoded on S3", "source.mkv", "s3", "h264_sd/playlist.m3u8"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var flags []string
			if tt.blobs == "s3" {
				srv := s3test.Start(t)
				for k, v := range srv.Env() {
					t.Setenv(k, v)
				}
				flags = []string{"--blobs", srv.URL(srv.Bucket(t))}
			}
			s := startServer(t, t.TempDir(), flags...)
			_, b := s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/" + tt.source})
			var v video
			json.Unmarshal(b, &v)
			early := s.waitFor(t, v.ID, func(v video) bool { return v.Playable })
			if early.State != "processing" {
				t.Fatalf("first seen playable in state %s, want processing (early playback)", early.State)
			}
			// The early set is kept for a grace once the ladder replaces
			// it, and its listed URIs name its version: the walk holds
			// even if the ladder is done meanwhile.
			if master := walkHLS(t, early.URLs["hls"], assetGetter(t)); !strings.Contains(master, tt.early) {
				t.Fatalf("the early master lists no %s:\n%s", tt.early, master)
			}
			ready := s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" })
			if ready.State != "ready" {
				t.Fatalf("ended %s %+v", ready.State, ready.Error)
			}
			fetchEveryAsset(t, ready)
		})
	}
}

// receiver is a webhook endpoint that verifies every delivery.
type receiver struct {
	*httptest.Server
	verifier webhooks.Verifier
	mu       sync.Mutex
	types    []string
	bodies   [][]byte
	bad      int
}

// received returns the kinds delivered so far, in order.
func (r *receiver) received() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.types...)
}

// body returns the i-th verified delivery's body.
func (r *receiver) body(i int) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bodies[i]
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		ev, err := r.verifier.VerifyEvent(req.Header, body)
		if err != nil {
			r.bad++
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.types = append(r.types, ev.Type)
		r.bodies = append(r.bodies, body)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) waitFor(t *testing.T, want []string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		r.mu.Lock()
		got, bad := append([]string(nil), r.types...), r.bad
		r.mu.Unlock()
		if bad > 0 {
			t.Fatalf("%d deliveries failed verification", bad)
		}
		if len(got) >= len(want) {
			if strings.Join(got[:len(want)], ",") != strings.Join(want, ",") {
				t.Fatalf("events %v, want %v first", got, want)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("received %v, want %v", got, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestChunkFlags(t *testing.T) {
	var c Config
	if _, err := c.parseFlags("t", nil, io.Discard, func(string) string { return "" }); err != nil {
		t.Fatal(err)
	}
	if c.ChunkThreshold != 2*time.Minute || c.ChunkLength != time.Minute {
		t.Errorf("defaults %s and %s, want 2m0s and 1m0s", c.ChunkThreshold, c.ChunkLength)
	}
	env := map[string]string{"REEL_CHUNK_LENGTH": "20s"}
	if _, err := c.parseFlags("t", []string{"--chunk-threshold", "-1s"}, io.Discard, func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	if c.ChunkThreshold != -time.Second || c.ChunkLength != 20*time.Second {
		t.Errorf("got %s and %s", c.ChunkThreshold, c.ChunkLength)
	}
	if _, err := c.parseFlags("t", []string{"--chunk-length", "soon"}, io.Discard, func(string) string { return "" }); err == nil {
		t.Error("--chunk-length soon accepted")
	}
}

func TestNetHTTPOnlyFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		env  string
		want bool
	}{
		{nil, "", false},
		{[]string{"--net-http-only"}, "", true},
		{nil, "true", true},
		{[]string{"--net-http-only=false"}, "1", false},
	} {
		var c Config
		if _, err := c.parseFlags("t", tt.args, io.Discard, func(k string) string {
			if k == "REEL_NET_HTTP_ONLY" {
				return tt.env
			}
			return ""
		}); err != nil {
			t.Fatalf("%v, env %q: %v", tt.args, tt.env, err)
		}
		if c.NetHTTPOnly != tt.want {
			t.Errorf("%v, env %q: NetHTTPOnly %v, want %v", tt.args, tt.env, c.NetHTTPOnly, tt.want)
		}
	}
	var c Config
	if _, err := c.parseFlags("t", nil, io.Discard, func(k string) string { return map[string]string{"REEL_NET_HTTP_ONLY": "maybe"}[k] }); err == nil {
		t.Error("REEL_NET_HTTP_ONLY=maybe accepted")
	}
}

// TestBothServingLoops: by default and with --net-http-only, one
// keep-alive connection carries a player's request for media (the lean
// loop's, by default) and then an API call (net/http's), with the same
// answers.
func TestBothServingLoops(t *testing.T) {
	type answer struct {
		status            int
		contentType, cors string
		code              string
	}
	var answers [][]answer
	for _, args := range [][]string{nil, {"--net-http-only"}} {
		s := startServer(t, t.TempDir(), args...)
		tr := &http.Transport{MaxConnsPerHost: 1}
		defer tr.CloseIdleConnections()
		client := &http.Client{Transport: tr}
		var got []answer
		conns := map[string]bool{}
		for _, path := range []string{"/media/aaaaa/bbbbbbbbbbbb/playlist.m3u8?v=x", "/v1/videos", "/media/aaaaa/bbbbbbbbbbbb/h264_sd/0.m4s"} {
			req, _ := http.NewRequest(http.MethodGet, s.URL()+path, nil)
			req.Header.Set("Authorization", "Bearer "+s.key)
			trace := &httptrace.ClientTrace{GotConn: func(ci httptrace.GotConnInfo) { conns[ci.Conn.LocalAddr().String()] = true }}
			res, err := client.Do(req.WithContext(httptrace.WithClientTrace(req.Context(), trace)))
			if err != nil {
				t.Fatalf("%v: GET %s: %v", args, path, err)
			}
			var p struct{ Code string }
			json.NewDecoder(res.Body).Decode(&p)
			res.Body.Close()
			got = append(got, answer{res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Access-Control-Allow-Origin"), p.Code})
		}
		if len(conns) != 1 {
			t.Errorf("%v: %d connections, want the one kept alive", args, len(conns))
		}
		answers = append(answers, got)
	}
	want := []answer{
		{404, "application/problem+json", "*", "not_found"},
		{200, "application/json", "", ""},
		{404, "application/problem+json", "*", "not_found"},
	}
	for i, got := range answers {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("run %d:\ngot  %v\nwant %v", i, got, want)
		}
	}
}

// TestProcs: the roles that serve the API set GOMAXPROCS to --procs, or to
// httpfast.Procs of the CPUs when it is 0 and GOMAXPROCS is not in the
// environment; a worker leaves it alone, and so does a Main without
// SetProcs (tests).
func TestProcs(t *testing.T) {
	for _, tt := range []struct {
		name, role string
		args       []string
		env        map[string]string
		want       []int // the calls of SetProcs
	}{
		{"default", "all", nil, nil, []int{0, 8}},
		{"api", "api", nil, nil, []int{0, 8}},
		{"flag", "all", []string{"--procs", "3"}, nil, []int{3}},
		{"env", "api", nil, map[string]string{"REEL_PROCS": "5"}, []int{5}},
		{"GOMAXPROCS set", "all", nil, map[string]string{"GOMAXPROCS": "2"}, nil},
		{"flag over GOMAXPROCS", "all", []string{"--procs", "6"}, map[string]string{"GOMAXPROCS": "2"}, []int{6}},
		{"worker", "worker", nil, nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMain()
			m.Stdout, m.Stderr = io.Discard, io.Discard
			m.Getenv = func(k string) string { return tt.env[k] }
			var calls []int
			m.SetProcs = func(n int) int {
				calls = append(calls, n)
				return 2 // two CPUs
			}
			args := append([]string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--log-level", "error", "--workers", "0"}, tt.args...)
			if _, err := m.Config.parseFlags("refserver", args, io.Discard, m.Getenv); err != nil {
				t.Fatal(err)
			}
			err := m.Open(context.Background(), tt.role)
			m.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(calls, tt.want) {
				t.Errorf("SetProcs called with %v, want %v", calls, tt.want)
			}
		})
	}
	for _, bad := range []string{"-1", "many"} {
		var c Config
		if _, err := c.parseFlags("t", []string{"--procs", bad}, io.Discard, func(string) string { return "" }); err == nil {
			t.Errorf("--procs %s accepted", bad)
		}
	}
}

// TestSecretMustMatchTheInstallation: processes sharing a database with
// their own --data folders: the first records its secret's fingerprint; one
// with another secret.key refuses to start with one line that says so and
// what to do (before, it started and answered every authenticated request
// 500: "unsealing key …: cipher: message authentication failed"); one
// given a copy of the first's secret.key starts.
func TestSecretMustMatchTheInstallation(t *testing.T) {
	dir := t.TempDir()
	database := "sqlite://" + filepath.Join(dir, "reel.db")
	first, other, copied := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")
	for _, d := range []string{first, other, copied} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	keysCreate := func(data string) error {
		m := NewMain()
		m.Stdout, m.Stderr = io.Discard, io.Discard
		m.Getenv = func(string) string { return "" }
		return m.Execute(context.Background(), []string{"keys", "create", "--access", "read_only", "--data", data, "--database", database})
	}
	for _, tc := range []struct {
		name, data string
		prepare    func()
		refused    bool
	}{
		{"the first process", first, nil, false},
		{"another secret.key", other, nil, true},
		{"the first again", first, nil, false},
		{"a copy of the first's secret.key", copied, func() {
			b, err := os.ReadFile(filepath.Join(first, "secret.key"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(copied, "secret.key"), b, 0o600); err != nil {
				t.Fatal(err)
			}
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.prepare != nil {
				tc.prepare()
			}
			err := keysCreate(tc.data)
			if !tc.refused {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, videohost.ErrSecretMismatch) {
				t.Fatalf("started with another secret.key: %v", err)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, filepath.Join(tc.data, "secret.key")) || !strings.Contains(msg, "copy") {
				t.Fatalf("the refusal is not one line naming the file and what to do: %q", msg)
			}
		})
	}
}
