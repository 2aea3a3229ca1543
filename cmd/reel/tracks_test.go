package main_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefserverTracks adds, waits for and removes an audio track and sets a
// poster by time and by image with the CLI against a real refserver.
func TestRefserverTracks(t *testing.T) {
	rs := startRefserver(t)
	e := newEnv(t)
	e.ok("login", "--base-url", rs.URL, "--api-key", rs.Key)
	var v struct {
		ID          string
		State       string
		PosterImage bool                                     `json:"poster_image"`
		PosterTime  *float64                                 `json:"poster_time"`
		AudioTracks []struct{ Language, Kind, State string } `json:"audio_tracks"`
	}
	e.ok("videos", "upload", makeTestVideo(t), "--wait").json(t, &v)
	if v.State != "ready" {
		t.Fatalf("video is %s", v.State)
	}
	dir := t.TempDir()
	dub := filepath.Join(dir, "dub.wav")
	cover := filepath.Join(dir, "cover.jpg")
	for _, args := range [][]string{
		{"-f", "lavfi", "-i", "sine=frequency=660", "-t", "1", dub},
		{"-f", "lavfi", "-i", "color=c=green:s=320x240", "-frames:v", "1", cover},
	} {
		if out, err := exec.Command("ffmpeg", append([]string{"-v", "error", "-y"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg: %v\n%s", err, out)
		}
	}
	e.ok("tracks", "add", v.ID, "fr", dub, "--kind", "description", "--label", "Description", "--wait").json(t, &v)
	if len(v.AudioTracks) != 2 || v.AudioTracks[1].Language != "fr" || v.AudioTracks[1].Kind != "description" || v.AudioTracks[1].State != "ready" {
		t.Errorf("tracks after add --wait: %+v", v.AudioTracks)
	}
	if res := e.run("", "tracks", "add", v.ID, "fr", dub, "--kind", "karaoke"); res.code != 1 || !strings.Contains(res.stderr, "validation_failed") {
		t.Errorf("bad kind: exit %d %s", res.code, res.stderr)
	}
	if res := e.run("", "tracks", "add", v.ID, "fr", cover); res.code != 1 || !strings.Contains(res.stderr, "no_audio") && !strings.Contains(res.stderr, "not_media") {
		t.Errorf("an image as a track: exit %d %s", res.code, res.stderr)
	}
	e.ok("tracks", "rm", v.ID, "fr")
	if res := e.run("", "tracks", "rm", v.ID, "fr"); res.code != 1 || !strings.Contains(res.stderr, "not_found") {
		t.Errorf("removing it twice: exit %d %s", res.code, res.stderr)
	}
	e.ok("poster", "set", v.ID, "--time", "1.5").json(t, &v)
	if v.PosterTime == nil || *v.PosterTime != 1.5 || v.PosterImage {
		t.Errorf("poster by time: %+v", v)
	}
	e.ok("poster", "set", v.ID, cover).json(t, &v)
	if !v.PosterImage {
		t.Errorf("poster by image: %+v", v)
	}
	if res := e.run("", "poster", "set", v.ID); res.code != 2 {
		t.Errorf("poster set without image or time: exit %d", res.code)
	}
}
