package delivery_test

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/internal/testclock"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// TestReplacedVersionGrace publishes an early set, then the ladder over it,
// with a grace for replaced versions: the early set's files stay and a URL
// naming them (?v=) is served from them, the master playlist is the new
// one, a grant of the old version opens the old files alone; once the
// scheduled job has run they are gone, a token or public URL falls back
// to the current files and the old grant finds nothing. A new source's
// publish removes what it replaces at once, grace or not.
func TestReplacedVersionGrace(t *testing.T) {
	for _, tt := range []struct {
		name string
		open func(t *testing.T) videohost.Blobs
	}{
		{"local disk", func(t *testing.T) videohost.Blobs { return openDisk(t) }},
		{"s3", func(t *testing.T) videohost.Blobs { return s3test.Start(t).Open(t) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			clock := testclock.NewStep(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
			db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "reel.db"), sqlite.WithClock(clock))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			blobs := tt.open(t)
			svc, d, p, kid := bootstrapped(t, videohost.Config{Store: db, Queue: db, Blobs: blobs, Clock: clock,
				ReplacedVersionGrace: 10 * time.Minute}, delivery.Config{MediaCacheDir: t.TempDir()})
			v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "t"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.ImportSource(ctx, v.ID, filepath.Join(writeTree(t, map[string]string{"s": "source"}), "s")); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
				t.Fatal(err)
			}
			out := &videohost.ProcessOutput{Duration: 1, Width: 320, Height: 240,
				Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 320, Height: 240}}}
			early := writeTree(t, map[string]string{"playlist.m3u8": "early master", "h264_sd/playlist.m3u8": "early media", "h264_sd/0.m4s": "early segment"})
			if ok, err := svc.Jobs().PublishPlayable(ctx, v.ID, early, out); err != nil || !ok {
				t.Fatalf("early publish: %v %v", ok, err)
			}
			old := video(t, svc, p, v.ID).AssetVersion
			final := writeTree(t, map[string]string{"playlist.m3u8": "final master", "h264_sd/playlist.m3u8": "final media", "h264_sd/0.m4s": "final segment"})
			if v, err = svc.Jobs().PublishReady(ctx, v.ID, final, out); err != nil {
				t.Fatal(err)
			}
			v = video(t, svc, p, v.ID)
			versions(t, blobs, v.ID, 2)

			serve := func(v *videohost.Video, req access.PlaybackRequest, name string) (string, string, error) {
				t.Helper()
				pass, err := access.New(svc).AuthorizeAsset(ctx, v, req)
				if err != nil {
					return "", "", err
				}
				b, _, err := d.OpenPassedAsset(ctx, v, &pass, name)
				if err != nil {
					return "", "", err
				}
				defer b.Close()
				data, _ := io.ReadAll(b)
				return string(data), pass.Version, nil
			}
			check := func(v *videohost.Video, req access.PlaybackRequest, name, want, wantVersion string) {
				t.Helper()
				got, version, err := serve(v, req, name)
				if err != nil || got != want || version != wantVersion {
					t.Errorf("%s at %+v: %q from %s, %v; want %q from %s", name, req, got, version, err, want, wantVersion)
				}
			}

			// During the grace: the old URLs are served from the old files,
			// except the master, which starts a player on the new version.
			check(v, access.PlaybackRequest{Version: old}, "h264_sd/0.m4s", "early segment", old)
			check(v, access.PlaybackRequest{Version: old}, "h264_sd/playlist.m3u8", "early media", old)
			check(v, access.PlaybackRequest{Version: old}, "playlist.m3u8", "final master", v.AssetVersion)
			check(v, access.PlaybackRequest{Version: v.AssetVersion}, "h264_sd/0.m4s", "final segment", v.AssetVersion)
			check(v, access.PlaybackRequest{}, "h264_sd/0.m4s", "final segment", v.AssetVersion)
			// A version spelled wrong never names a blob folder.
			check(v, access.PlaybackRequest{Version: "../" + old}, "h264_sd/0.m4s", "final segment", v.AssetVersion)

			// A signed video: a grant of the old version opens the old
			// files, the master included; a grant of the new one the new.
			signed := *v
			signed.PlaybackPolicy = videohost.PlaybackSigned
			exp := clock.Now().Add(time.Hour)
			oldGrant := access.New(svc).MintGrant(v.Space, v.ID, old, exp, kid)
			check(&signed, access.PlaybackRequest{Version: old, Grant: oldGrant}, "playlist.m3u8", "early master", old)
			check(&signed, access.PlaybackRequest{Version: old, Grant: oldGrant}, "h264_sd/0.m4s", "early segment", old)
			if _, _, err := serve(&signed, access.PlaybackRequest{Version: v.AssetVersion, Grant: oldGrant}, "h264_sd/0.m4s"); videohost.ErrorCode(err) != videohost.ETokenInvalid {
				t.Errorf("a grant of the old version at the new one: %v, want %s", err, videohost.ETokenInvalid)
			}
			if _, _, err := serve(&signed, access.PlaybackRequest{Version: old, Grant: oldGrant}, "h264_sd/9.m4s"); !videohost.IsNotFound(err) {
				t.Errorf("a file the old version lacks: %v, want not found", err)
			}

			// The job that removes the old version waits for the grace.
			q := videohost.LeaseQueue(db)
			kinds := []videohost.JobKind{videohost.JobRemoveVersion}
			if j, err := q.Claim(ctx, "w", kinds, time.Minute); err != nil || j != nil {
				t.Fatalf("claimed %+v, %v before the grace is over", j, err)
			}
			clock.Advance(10*time.Minute + time.Second)
			j, err := q.Claim(ctx, "w", kinds, time.Minute)
			if err != nil || j == nil {
				t.Fatalf("no remove job after the grace: %v", err)
			}
			var payload videohost.RemoveVersionPayload
			if json.Unmarshal(j.Payload, &payload); payload.Version != old || j.VideoID != v.ID {
				t.Fatalf("remove job %+v, want version %s of %s", j, old, v.ID)
			}
			if err := svc.Jobs().RemoveReplacedVersion(ctx, j); err != nil {
				t.Fatal(err)
			}
			versions(t, blobs, v.ID, 1)
			check(v, access.PlaybackRequest{Version: old}, "h264_sd/0.m4s", "final segment", v.AssetVersion)
			oldGrant = access.New(svc).MintGrant(v.Space, v.ID, old, clock.Now().Add(time.Hour), kid)
			if _, _, err := serve(&signed, access.PlaybackRequest{Version: old, Grant: oldGrant}, "h264_sd/0.m4s"); !videohost.IsNotFound(err) {
				t.Errorf("a grant of the removed version: %v, want not found", err)
			}
			// Run again (a retry), it removes nothing more; a bad payload
			// is an error, not a removal.
			if err := svc.Jobs().RemoveReplacedVersion(ctx, j); err != nil {
				t.Fatal(err)
			}
			bad := *j
			bad.Payload = json.RawMessage(`{"version":"../../sources"}`)
			if err := svc.Jobs().RemoveReplacedVersion(ctx, &bad); videohost.ErrorCode(err) != videohost.EValidation {
				t.Errorf("bad payload: %v", err)
			}
			versions(t, blobs, v.ID, 1)

			// A new source: its early set replaces the ready version at once.
			if _, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{ReplaceVideo: v.ID}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.ImportSource(ctx, v.ID, filepath.Join(writeTree(t, map[string]string{"s": "new source"}), "s")); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
				t.Fatal(err)
			}
			if ok, err := svc.Jobs().PublishPlayable(ctx, v.ID, writeTree(t, map[string]string{"playlist.m3u8": "new source"}), out); err != nil || !ok {
				t.Fatalf("early publish of a new source: %v %v", ok, err)
			}
			versions(t, blobs, v.ID, 1)

			// Deleting the video takes a kept version with it, and the job
			// that would have removed it finds nothing to do.
			if _, err := svc.Jobs().PublishReady(ctx, v.ID, writeTree(t, map[string]string{"playlist.m3u8": "new ladder"}), out); err != nil {
				t.Fatal(err)
			}
			versions(t, blobs, v.ID, 2)
			if err := svc.DeleteVideo(ctx, p, v.ID); err != nil {
				t.Fatal(err)
			}
			clock.Advance(11 * time.Minute)
			if j, err = q.Claim(ctx, "w", kinds, time.Minute); err != nil || j == nil {
				t.Fatalf("no remove job for the deleted video: %v", err)
			}
			if err := svc.Jobs().RemoveReplacedVersion(ctx, j); err != nil {
				t.Errorf("remove job of a deleted video: %v", err)
			}
			if left, _ := blobs.List(ctx, ""); len(left) != 0 {
				t.Fatalf("blobs left after delete: %v", left)
			}
		})
	}
}
