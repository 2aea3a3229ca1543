package videohost_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// TestPublishing runs the publishing flow on local disk with its fast paths
// (LocalBlobs: renames and hard links) and on the same disk store with those
// capabilities hidden, which takes the path every other store (S3) takes:
// copies in, downloads out.
func TestPublishing(t *testing.T) {
	for _, tt := range []struct {
		name  string
		local bool
	}{{"local disk", true}, {"plain blobs", false}} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			disk, err := blob.Open(filepath.Join(dir, "blobs"))
			if err != nil {
				t.Fatal(err)
			}
			var blobs videohost.Blobs = disk
			if !tt.local {
				blobs = struct{ videohost.Blobs }{disk}
			}
			svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Secret: bytes.Repeat([]byte("k"), 32), BaseURL: "https://reel.example"})
			if err != nil {
				t.Fatal(err)
			}
			sp, _, err := svc.Bootstrap(ctx)
			if err != nil {
				t.Fatal(err)
			}
			p := &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}
			v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "t"})
			if err != nil {
				t.Fatal(err)
			}

			upload := writeTree(t, map[string]string{"upload": "source bytes"})
			if _, err := svc.ImportSource(ctx, v.ID, filepath.Join(upload, "upload")); err != nil {
				t.Fatal(err)
			}
			src, err := svc.LocalSource(ctx, v.ID, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(src); string(b) != "source bytes" {
				t.Fatalf("source %q", b)
			}
			if _, err := svc.StartProcessing(ctx, v.ID); err != nil {
				t.Fatal(err)
			}
			out := &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240,
				Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 320, Height: 240}}}
			early := writeTree(t, map[string]string{"playlist.m3u8": "early"})
			if ok, err := svc.PublishPlayable(ctx, v.ID, early, out); err != nil || !ok {
				t.Fatalf("early publish: %v %v", ok, err)
			}
			v = video(t, svc, p, v.ID)
			if !v.Playable || asset(t, svc, v, "playlist.m3u8") != "early" {
				t.Fatalf("early set not served: %+v", v)
			}
			live := &videohost.ProcessOutput{Live: true, Duration: 1}
			ok, err := svc.PublishPlayable(ctx, v.ID, writeTree(t, map[string]string{"playlist.m3u8": "live"}), live)
			if err != nil || ok != tt.local {
				t.Fatalf("live publish: published=%v err=%v; only local disk serves a growing folder", ok, err)
			}

			final := writeTree(t, map[string]string{"playlist.m3u8": "final", "h264_sd/0.m4s": "segment", "subtitles/en.vtt": "WEBVTT"})
			if v, err = svc.PublishReady(ctx, v.ID, final, out); err != nil {
				t.Fatal(err)
			}
			if v.State != videohost.StateReady || asset(t, svc, v, "h264_sd/0.m4s") != "segment" {
				t.Fatalf("ready publish: %s", v.State)
			}
			versions(t, disk, v.ID, 1)

			// A revision: check out, change a file, publish.
			work := filepath.Join(t.TempDir(), "checkout")
			if err := svc.CheckoutAssets(ctx, v, work); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, "subtitles", "en.vtt"), []byte("WEBVTT\n\nrevised"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := svc.PublishRevision(ctx, v.ID, v.AssetVersion, work); err != nil {
				t.Fatal(err)
			}
			revised := video(t, svc, p, v.ID)
			if revised.AssetVersion == v.AssetVersion || !strings.HasSuffix(asset(t, svc, revised, "subtitles/en.vtt"), "revised") ||
				asset(t, svc, revised, "h264_sd/0.m4s") != "segment" {
				t.Fatalf("revision not published: %s", revised.AssetVersion)
			}
			versions(t, disk, v.ID, 1)
			// A revision of a version that is no longer current is refused.
			if err := svc.PublishRevision(ctx, v.ID, v.AssetVersion, writeTree(t, map[string]string{"x": "y"})); videohost.ErrorCode(err) != videohost.EConflict {
				t.Fatalf("stale revision: %v", err)
			}
			versions(t, disk, v.ID, 1)

			if err := svc.DeleteVideo(ctx, p, v.ID); err != nil {
				t.Fatal(err)
			}
			if left, _ := disk.List(ctx, ""); len(left) != 0 {
				t.Fatalf("blobs left after delete: %v", left)
			}
		})
	}
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tree")
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func video(t *testing.T, svc *videohost.Service, p *videohost.Principal, id string) *videohost.Video {
	t.Helper()
	v, err := svc.Video(context.Background(), p, id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func asset(t *testing.T, svc *videohost.Service, v *videohost.Video, name string) string {
	t.Helper()
	b, _, err := svc.OpenAsset(context.Background(), v, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer b.Close()
	data, _ := io.ReadAll(b)
	return string(data)
}

// versions checks how many asset versions of a video are stored: replaced
// versions must not pile up.
func versions(t *testing.T, disk *blob.Disk, videoID string, want int) {
	t.Helper()
	seen := map[string]bool{}
	all, err := disk.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all {
		parts := strings.Split(b.Key, "/")
		if parts[0] == "videos" && parts[1] == videoID {
			seen[parts[2]] = true
		}
	}
	if len(seen) != want {
		t.Fatalf("%d stored versions %v, want %d", len(seen), seen, want)
	}
}
