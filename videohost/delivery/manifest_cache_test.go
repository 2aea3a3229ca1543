package delivery_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// countingDisk is a disk store (with all its capabilities) that counts the
// Opens of each key.
type countingDisk struct {
	*blob.Disk
	mu    sync.Mutex
	opens map[string]int
}

func (c *countingDisk) Open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	c.mu.Lock()
	c.opens[key]++
	c.mu.Unlock()
	return c.Disk.Open(ctx, key)
}

// opened is how many times a key ending in suffix was opened.
func (c *countingDisk) opened(suffix string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, v := range c.opens {
		if len(k) >= len(suffix) && k[len(k)-len(suffix):] == suffix {
			n += v
		}
	}
	return n
}

// TestManifestCache: published playlists are read from Blobs once and then
// served from memory, within a byte cap; a new version is served at once
// after it is published; media files and a set still being written (live,
// by reference) are always read from Blobs.
func TestManifestCache(t *testing.T) {
	out := &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240,
		Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 320, Height: 240}}}
	setup := func(t *testing.T, cacheSize int64) (*videohost.Service, *delivery.Delivery, *countingDisk, *videohost.Principal, *videohost.Video) {
		t.Helper()
		ctx := context.Background()
		db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "reel.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		blobs := &countingDisk{Disk: openDisk(t), opens: map[string]int{}}
		svc, d, p, _ := bootstrapped(t, videohost.Config{Store: db, Queue: db, Blobs: blobs}, delivery.Config{ManifestCacheSize: cacheSize})
		v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "t"})
		if err != nil {
			t.Fatal(err)
		}
		upload := writeTree(t, map[string]string{"upload": "source bytes"})
		if _, err := svc.ImportSource(ctx, v.ID, filepath.Join(upload, "upload")); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		return svc, d, blobs, p, v
	}

	t.Run("served from memory, new version at once", func(t *testing.T) {
		ctx := context.Background()
		svc, d, blobs, p, v := setup(t, 0)
		v, err := svc.Jobs().PublishReady(ctx, v.ID, writeTree(t, map[string]string{
			"playlist.m3u8": "one", "h264_sd/0.m4s": "segment", "storyboard.vtt": "WEBVTT"}), out)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if got := asset(t, d, v, "playlist.m3u8"); got != "one" {
				t.Fatalf("playlist %q", got)
			}
			if got := asset(t, d, v, "storyboard.vtt"); got != "WEBVTT" {
				t.Fatalf("vtt %q", got)
			}
			if got := asset(t, d, v, "h264_sd/0.m4s"); got != "segment" {
				t.Fatalf("segment %q", got)
			}
		}
		if n, m, s := blobs.opened("/playlist.m3u8"), blobs.opened("/storyboard.vtt"), blobs.opened("/0.m4s"); n != 1 || m != 1 || s != 3 {
			t.Errorf("opens: playlist %d, vtt %d (want 1 each), segment %d (want 3)", n, m, s)
		}

		// A new version: its playlist is served at once.
		if err := svc.Jobs().PublishRevision(ctx, v.ID, v.AssetVersion, writeTree(t, map[string]string{"playlist.m3u8": "two"})); err != nil {
			t.Fatal(err)
		}
		v = video(t, svc, p, v.ID)
		if got := asset(t, d, v, "playlist.m3u8"); got != "two" {
			t.Fatalf("after a new publish the playlist is %q", got)
		}
		if _, _, err := d.OpenAsset(ctx, v, "h264_sd/0.m4s"); videohost.ErrorCode(err) != videohost.ENotFound {
			t.Fatalf("a file only the old version had: %v", err)
		}
	})

	t.Run("bounded", func(t *testing.T) {
		ctx := context.Background()
		// Room for one 8-byte playlist, not two.
		svc, d, blobs, _, v := setup(t, 12)
		v, err := svc.Jobs().PublishReady(ctx, v.ID, writeTree(t, map[string]string{
			"a.m3u8": "aaaaaaaa", "b.m3u8": "bbbbbbbb", "big.m3u8": "0123456789abcdef"}), out)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a.m3u8", "a.m3u8", "b.m3u8", "a.m3u8", "big.m3u8", "big.m3u8"} {
			asset(t, d, v, name)
		}
		// a (cached), a (hit), b (evicts a), a (evicts b): 2 opens of a;
		// big is larger than the cap and never held.
		if a, b, big := blobs.opened("/a.m3u8"), blobs.opened("/b.m3u8"), blobs.opened("/big.m3u8"); a != 2 || b != 1 || big != 2 {
			t.Errorf("opens: a %d (want 2), b %d (want 1), big %d (want 2)", a, b, big)
		}
	})

	t.Run("live set is read every time", func(t *testing.T) {
		ctx := context.Background()
		svc, d, _, p, v := setup(t, 0)
		dir := writeTree(t, map[string]string{"playlist.m3u8": "#EXTM3U\n"})
		if ok, err := svc.Jobs().PublishPlayable(ctx, v.ID, dir, &videohost.ProcessOutput{Live: true, Duration: 1}); err != nil || !ok {
			t.Fatalf("live publish: %v %v", ok, err)
		}
		v = video(t, svc, p, v.ID)
		if got := asset(t, d, v, "playlist.m3u8"); got != "#EXTM3U\n" {
			t.Fatalf("playlist %q", got)
		}
		if err := os.WriteFile(filepath.Join(dir, "playlist.m3u8"), []byte("#EXTM3U\n0.m4s\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := asset(t, d, v, "playlist.m3u8"); got != "#EXTM3U\n0.m4s\n" {
			t.Fatalf("the growing playlist was served stale: %q", got)
		}
	})
}
