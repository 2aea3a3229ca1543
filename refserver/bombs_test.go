package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDecompressionBombEndsErrored hands the server a source whose header
// says 320x240 and whose pictures then grow to 16384x16 (a new H.264 SPS
// mid-stream, MPEG-TS): the video ends errored with too_large, the code
// media gives the decode bound, through the path duration_too_long takes.
func TestDecompressionBombEndsErrored(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	part := func(name, size string, offset string) []byte {
		return ffmpegFile(t, name, "-f", "lavfi", "-i", "testsrc2=size="+size+":rate=25", "-frames:v", "25",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-output_ts_offset", offset, "-f", "mpegts")
	}
	dir := t.TempDir()
	bomb := append(part("a.ts", "320x240", "0"), part("b.ts", "16384x16", "1")...)
	if err := os.WriteFile(filepath.Join(dir, "bomb.ts"), bomb, 0o644); err != nil {
		t.Fatal(err)
	}
	origin := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer origin.Close()
	s := startServer(t, t.TempDir())
	resp, b := s.do(t, "POST", "/v1/videos", s.key, map[string]any{"input_url": origin.URL + "/bomb.ts"})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	var v video
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	v = s.waitFor(t, v.ID, func(v video) bool { return v.State == "ready" })
	if v.State != "errored" || v.Error == nil || v.Error.Code != "too_large" {
		t.Fatalf("the bomb ended %s %+v, want errored too_large", v.State, v.Error)
	}
}
