package videohost_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/sqlite"
)

func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }

// TestPublishing runs the publishing flow on local disk with its fast paths
// (LocalBlobs: renames and hard links), on the same disk store with those
// capabilities hidden (copies in, downloads out), and on S3, which takes
// that path for real.
func TestPublishing(t *testing.T) {
	for _, tt := range []struct {
		name  string
		local bool // the store serves a growing folder (LinkBlobs)
		open  func(t *testing.T) videohost.Blobs
	}{
		{"local disk", true, func(t *testing.T) videohost.Blobs { return openDisk(t) }},
		{"plain blobs", false, func(t *testing.T) videohost.Blobs { return struct{ videohost.Blobs }{openDisk(t)} }},
		{"s3", false, func(t *testing.T) videohost.Blobs { return s3test.Start(t).Open(t) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			blobs := tt.open(t)
			svc, p, _ := bootstrapped(t, videohost.Config{Store: db, Queue: db, Blobs: blobs})
			v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "t"})
			if err != nil {
				t.Fatal(err)
			}

			if _, ok := blobs.(videohost.CopyBlobs); ok {
				// An upload that lies in the store already (tus on S3) is
				// copied there; the upload itself is left to its owner.
				if _, err := blobs.Put(ctx, "uploads/"+v.ID, strings.NewReader("source bytes")); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.ImportSourceBlob(ctx, v.ID, "uploads/"+v.ID); err != nil {
					t.Fatal(err)
				}
				if err := blobs.DeletePrefix(ctx, "uploads/"+v.ID); err != nil {
					t.Fatal(err)
				}
			} else {
				upload := writeTree(t, map[string]string{"upload": "source bytes"})
				if _, err := svc.ImportSource(ctx, v.ID, filepath.Join(upload, "upload")); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.ImportSourceBlob(ctx, v.ID, "uploads/x"); videohost.ErrorCode(err) != videohost.EUnavailable {
					t.Fatalf("ImportSourceBlob on a store that cannot copy: %v", err)
				}
			}
			src, err := svc.Jobs().LocalSource(ctx, v.ID, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(src); string(b) != "source bytes" {
				t.Fatalf("source %q", b)
			}
			if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
				t.Fatal(err)
			}
			out := &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240,
				Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 320, Height: 240}}}
			early := writeTree(t, map[string]string{"playlist.m3u8": "early"})
			if ok, err := svc.Jobs().PublishPlayable(ctx, v.ID, early, out); err != nil || !ok {
				t.Fatalf("early publish: %v %v", ok, err)
			}
			v = video(t, svc, p, v.ID)
			if !v.Playable || asset(t, svc, v, "playlist.m3u8") != "early" {
				t.Fatalf("early set not served: %+v", v)
			}
			// A set the early pass still writes: served in place on local
			// disk, copied elsewhere, a segment at a time (SyncPlayable).
			// What the playlists do not list yet (a segment being written,
			// the ladder's other renditions) is not copied.
			liveDir := writeTree(t, map[string]string{
				"playlist.m3u8":         "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nh264_sd/playlist.m3u8\n",
				"h264_sd/playlist.m3u8": "#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\n0.m4s\n",
				"h264_sd/init.mp4":      "init", "h264_sd/0.m4s": "first", "h264_sd/1.m4s": "being written",
				"h264_hd/0.m4s": "the ladder's",
			})
			live := &videohost.ProcessOutput{Live: true, Duration: 1}
			if ok, err := svc.Jobs().PublishPlayable(ctx, v.ID, liveDir, live); err != nil || !ok {
				t.Fatalf("live publish: published=%v err=%v", ok, err)
			}
			v = video(t, svc, p, v.ID)
			if got := asset(t, svc, v, "h264_sd/0.m4s"); got != "first" {
				t.Fatalf("live set's first segment: %q", got)
			}
			if !tt.local {
				for _, name := range []string{"h264_sd/1.m4s", "h264_hd/0.m4s"} {
					if _, _, err := svc.OpenAsset(ctx, v, name); !videohost.IsNotFound(err) {
						t.Fatalf("%s copied before a playlist listed it: %v", name, err)
					}
				}
			}
			if err := os.WriteFile(filepath.Join(liveDir, "h264_sd", "playlist.m3u8"),
				[]byte("#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\n0.m4s\n#EXTINF:4,\n1.m4s\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var memo videohost.PlayableCopy // what the syncs stored, listed once
			if err := svc.Jobs().SyncPlayable(ctx, v.ID, liveDir, &memo); err != nil {
				t.Fatal(err)
			}
			if got := asset(t, svc, v, "h264_sd/1.m4s"); got != "being written" || !strings.Contains(asset(t, svc, v, "h264_sd/playlist.m3u8"), "1.m4s") {
				t.Fatalf("live set after a new segment: %q", got)
			}
			if err := os.WriteFile(filepath.Join(liveDir, "h264_sd", "2.m4s"), []byte("third"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(liveDir, "h264_sd", "playlist.m3u8"),
				[]byte("#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\n0.m4s\n#EXTINF:4,\n1.m4s\n#EXTINF:4,\n2.m4s\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := svc.Jobs().SyncPlayable(ctx, v.ID, liveDir, &memo); err != nil {
				t.Fatal(err)
			}
			if got := asset(t, svc, v, "h264_sd/2.m4s"); got != "third" {
				t.Fatalf("live set after a second sync with the memo: %q", got)
			}

			final := writeTree(t, map[string]string{"playlist.m3u8": "final", "h264_sd/0.m4s": "segment", "subtitles/en.vtt": "WEBVTT"})
			if v, err = svc.Jobs().PublishReady(ctx, v.ID, final, out); err != nil {
				t.Fatal(err)
			}
			if v.State != videohost.StateReady || asset(t, svc, v, "h264_sd/0.m4s") != "segment" {
				t.Fatalf("ready publish: %s", v.State)
			}
			versions(t, blobs, v.ID, 1)
			// A copy that comes late, after the ladder replaced the set,
			// writes nothing.
			if err := svc.Jobs().SyncPlayable(ctx, v.ID, liveDir, nil); err != nil {
				t.Fatal(err)
			}
			versions(t, blobs, v.ID, 1)

			// A revision: check out, change a file, publish.
			work := filepath.Join(t.TempDir(), "checkout")
			if err := svc.Jobs().CheckoutAssets(ctx, v, work); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, "subtitles", "en.vtt"), []byte("WEBVTT\n\nrevised"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := svc.Jobs().PublishRevision(ctx, v.ID, v.AssetVersion, work); err != nil {
				t.Fatal(err)
			}
			revised := video(t, svc, p, v.ID)
			if revised.AssetVersion == v.AssetVersion || !strings.HasSuffix(asset(t, svc, revised, "subtitles/en.vtt"), "revised") ||
				asset(t, svc, revised, "h264_sd/0.m4s") != "segment" {
				t.Fatalf("revision not published: %s", revised.AssetVersion)
			}
			versions(t, blobs, v.ID, 1)
			// A revision of a version that is no longer current is refused.
			if err := svc.Jobs().PublishRevision(ctx, v.ID, v.AssetVersion, writeTree(t, map[string]string{"x": "y"})); videohost.ErrorCode(err) != videohost.EConflict {
				t.Fatalf("stale revision: %v", err)
			}
			versions(t, blobs, v.ID, 1)

			if err := svc.DeleteVideo(ctx, p, v.ID); err != nil {
				t.Fatal(err)
			}
			if left, _ := blobs.List(ctx, ""); len(left) != 0 {
				t.Fatalf("blobs left after delete: %v", left)
			}
		})
	}
}

// bootstrapped is a service made from cfg (its secret and base URL filled
// in) with its first space made: it returns the service, a principal that
// may write in the space, and the id of the space's first key.
func bootstrapped(t *testing.T, cfg videohost.Config) (*videohost.Service, *videohost.Principal, string) {
	t.Helper()
	cfg.Secret, cfg.BaseURL = bytes.Repeat([]byte("k"), 32), "https://reel.example"
	svc, err := videohost.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sp, keys, err := svc.Bootstrap(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return svc, &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}, keys[0].ID
}

func openDisk(t *testing.T) *blob.Disk {
	t.Helper()
	d, err := blob.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return d
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
func versions(t *testing.T, blobs videohost.Blobs, videoID string, want int) {
	t.Helper()
	seen := map[string]bool{}
	all, err := blobs.List(context.Background(), "")
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
