package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
)

// TestReplacedVersionPlaysOn follows a player that loaded a signed video's
// early playable set: when the ladder replaces it, the segment URLs its
// media playlist listed (the old version, with a grant of it) go on
// answering the old bytes for the grace, the master it would load now is
// the new version, and once the grace's job has removed the old version the
// old URLs are not found.
func TestReplacedVersionPlaysOn(t *testing.T) {
	const grace = 10 * time.Minute
	e := newEnv(t, func(e *env) {
		e.svcOpts = append(e.svcOpts, func(c *videohost.Config) { c.ReplacedVersionGrace = grace })
	})
	ctx := context.Background()
	v := e.createVideo(e.rw, map[string]any{"title": "lecture", "playback_policy": "signed"})
	if _, err := e.svc.Jobs().SourceStored(ctx, v.ID, 100); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	out := &videohost.ProcessOutput{Duration: 3, Width: 320, Height: 240,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd", Width: 320, Height: 240}}}
	early := fakeAssets()
	early["h264_sd/0.m4s"] = []byte("early segment")
	if ok, err := e.svc.Jobs().PublishPlayable(ctx, v.ID, writeFiles(t, early), out); err != nil || !ok {
		t.Fatalf("early publish: %v %v", ok, err)
	}
	token := playbackToken(t, hmacKey(t, e.rw), v.Embed)

	// What the player loaded: the master, then the rendition's playlist.
	get := func(u string) *response {
		t.Helper()
		if !strings.HasPrefix(u, "http") {
			u = e.mediaURL(v, u)
		}
		return e.req("GET", u, "", nil)
	}
	listed := func(body []byte, suffix string) string {
		t.Helper()
		for _, line := range strings.Split(string(body), "\n") {
			if !strings.HasPrefix(line, "#") && strings.Contains(line, suffix) {
				return line
			}
		}
		t.Fatalf("no URI with %q in:\n%s", suffix, body)
		return ""
	}
	master := get(withQuery(e.mediaURL(v, "playlist.m3u8"), "token", token))
	must(t, master, http.StatusOK, nil)
	mediaPlaylist := listed(master.body, "h264_sd/playlist.m3u8")
	media := get(mediaPlaylist)
	must(t, media, http.StatusOK, nil)
	// A processing video's playlists grow (an early set, a live session):
	// a player reloads them within a second or two, and so may caches.
	for _, r := range []*response{master, media} {
		if cc := r.header.Get("Cache-Control"); cc != "private, max-age=1" {
			t.Errorf("a growing playlist is cached as %q, want private, max-age=1", cc)
		}
	}
	segment := "h264_sd/" + listed(media.body, "0.m4s")
	if r := get(segment); r.status != http.StatusOK || string(r.body) != "early segment" {
		t.Fatalf("early segment: %d %q", r.status, r.body)
	}

	final := fakeAssets()
	final["h264_sd/0.m4s"] = []byte("final segment")
	nv, err := e.svc.Jobs().PublishReady(ctx, v.ID, writeFiles(t, final), out)
	if err != nil {
		t.Fatal(err)
	}

	// During the grace the player plays on from what it loaded.
	r := get(segment)
	if r.status != http.StatusOK || string(r.body) != "early segment" {
		t.Fatalf("the early segment during the grace: %d %q", r.status, r.body)
	}
	if cc := r.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("a kept version's segment is cached as %q; its bytes never change", cc)
	}
	must(t, get(mediaPlaylist), http.StatusOK, nil)
	// A player starting now starts on the ladder.
	now := get(withQuery(e.mediaURL(v, "playlist.m3u8"), "token", token))
	must(t, now, http.StatusOK, nil)
	if cc := now.header.Get("Cache-Control"); cc != "private, max-age=10" {
		t.Errorf("a ready video's master is cached as %q, want private, max-age=10", cc)
	}
	if !strings.Contains(listed(now.body, "h264_sd/playlist.m3u8"), "v="+nv.AssetVersion) {
		t.Fatalf("the master lists another version than %s:\n%s", nv.AssetVersion, now.body)
	}
	nowMedia := get(listed(now.body, "h264_sd/playlist.m3u8"))
	must(t, nowMedia, http.StatusOK, nil)
	if r := get("h264_sd/" + listed(nowMedia.body, "0.m4s")); string(r.body) != "final segment" {
		t.Fatalf("the new version's segment: %d %q", r.status, r.body)
	}

	// The grace over, a worker runs the job and the old URLs are refused.
	e.clock.Advance(grace + time.Second)
	job, err := e.db.Claim(ctx, "test", []videohost.JobKind{videohost.JobRemoveVersion}, time.Minute)
	if err != nil || job == nil {
		t.Fatalf("no remove job after the grace: %v", err)
	}
	if err := e.svc.Jobs().RemoveReplacedVersion(ctx, job); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{segment, mediaPlaylist} {
		// Not found, as a public video's removed file is: Reel's player
		// then looks the video up again.
		problem(t, get(u), http.StatusNotFound, videohost.ENotFound)
	}
}
