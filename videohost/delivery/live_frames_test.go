package delivery_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// TestLiveFrame: time=live cuts the first picture of the newest segment a
// live video's growing set lists, in the smallest rung at least as wide as
// asked, from its init segment and that segment; the key changes with the
// segment. Sets that list nothing yet, or URIs out of the version, and a
// video that is not live, are refused with their own errors.
func TestLiveFrame(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs := openDisk(t)
	cacheDir := filepath.Join(t.TempDir(), "renditions")
	_, d, _, _ := bootstrapped(t, videohost.Config{Store: db, Queue: db, Blobs: blobs, Pipeline: framePipeline{}},
		delivery.Config{RenditionCacheDir: cacheDir})

	const master = "#EXTM3U\n" +
		"#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720,CODECS=\"avc1.64001f\"\nh264_hd/playlist.m3u8\n" +
		"#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=640x360,CODECS=\"avc1.64001e\"\nh264_sd/playlist.m3u8\n"
	media := func(last string) string {
		return "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2.0,\n0.m4s\n#EXTINF:2.0,\n" + last + "\n"
	}
	put := func(version string, files map[string]string) {
		t.Helper()
		for name, data := range files {
			if _, err := blobs.Put(ctx, videohost.AssetKey("video0000001", version, name), strings.NewReader(data)); err != nil {
				t.Fatal(err)
			}
		}
	}
	put("p1", map[string]string{
		"playlist.m3u8": master, "h264_sd/playlist.m3u8": media("1.m4s"), "h264_hd/playlist.m3u8": media("1.m4s"),
		"h264_sd/init.mp4": "SD-INIT|", "h264_sd/1.m4s": "SD-SEG1", "h264_hd/init.mp4": "HD-INIT|", "h264_hd/1.m4s": "HD-SEG1",
	})
	live := func(version string) *videohost.Video {
		return &videohost.Video{ID: "video0000001", Embed: "embed0000000001", State: videohost.StateProcessing,
			AssetVersion: version, Source: &videohost.SourceInfo{Container: "live", LiveStream: "stream000001"}}
	}
	frame := func(v *videohost.Video, width int) (delivery.FrameSpec, string, error) {
		t.Helper()
		spec, err := d.ResolveFrame(ctx, v, delivery.FrameQuery{Live: true, Width: width, Format: "jpg"})
		if err != nil {
			return spec, "", err
		}
		img, err := d.MakeFrame(ctx, spec)
		return spec, string(img), err
	}

	for _, tc := range []struct {
		width     int
		want      string
		wantWidth int
	}{
		{320, "SD-INIT|SD-SEG1", 320},
		{640, "SD-INIT|SD-SEG1", 640},
		{641, "HD-INIT|HD-SEG1", 641},
		{0, "HD-INIT|HD-SEG1", 1280},
		{3840, "HD-INIT|HD-SEG1", 1280},
	} {
		spec, img, err := frame(live("p1"), tc.width)
		if err != nil || img != tc.want || spec.Width != tc.wantWidth || !spec.Live() {
			t.Fatalf("width %d: %q (width %d), %v; want %q at %d", tc.width, img, spec.Width, err, tc.want, tc.wantWidth)
		}
	}
	first, _, _ := frame(live("p1"), 320)
	put("p1", map[string]string{"h264_sd/playlist.m3u8": media("2.m4s"), "h264_sd/2.m4s": "SD-SEG2"})
	// Where the newest picture is, is kept for a second: the same frame
	// at once, the new segment's within the second.
	if again, img, err := frame(live("p1"), 320); err != nil || img != "SD-INIT|SD-SEG1" || again.Key() != first.Key() {
		t.Fatalf("at once after a new segment: %q %v, key %s (was %s)", img, err, again.Key(), first.Key())
	}
	var next delivery.FrameSpec
	var img string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		next, img, err = frame(live("p1"), 320)
		if err != nil || next.Key() != first.Key() || time.Now().After(deadline) {
			break
		}
	}
	if err != nil || img != "SD-INIT|SD-SEG2" || next.Key() == first.Key() {
		t.Fatalf("after a new segment: %q %v, key %s (was %s)", img, err, next.Key(), first.Key())
	}
	if left, _ := os.ReadDir(cacheDir); len(left) != 0 {
		t.Fatalf("the frames' sources were left in %s: %v", cacheDir, left)
	}

	// Refused: a set with no segment yet, URIs that leave the version, a
	// video not live, and one without a version.
	put("p2", map[string]string{"playlist.m3u8": master, "h264_hd/playlist.m3u8": "#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n", "h264_sd/playlist.m3u8": "#EXTM3U\n"})
	put("p3", map[string]string{"playlist.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360\n../../other/playlist.m3u8\n"})
	put("p4", map[string]string{"playlist.m3u8": master, "h264_hd/playlist.m3u8": media("../../other/1.m4s")})
	ready := live("p1")
	ready.State = videohost.StateReady
	for name, tc := range map[string]struct {
		v    *videohost.Video
		code string
	}{
		"no segment yet":        {live("p2"), videohost.ENotFound},
		"a variant out":         {live("p3"), videohost.EInternal},
		"a segment out":         {live("p4"), videohost.EInternal},
		"a ready video":         {ready, videohost.EValidation},
		"no version":            {live(""), videohost.ENotFound},
		"a version not written": {live("p9"), videohost.ENotFound},
	} {
		_, _, err := frame(tc.v, 0)
		if got := videohost.ErrorCode(err); err == nil || got != tc.code {
			t.Errorf("%s: %v (%s), want %s", name, err, got, tc.code)
		}
	}
	var e *videohost.Error
	if _, _, err := frame(ready, 0); !errors.As(err, &e) || !strings.Contains(e.Message, "time=live") {
		t.Errorf("a ready video's live frame: %v", err)
	}
}
