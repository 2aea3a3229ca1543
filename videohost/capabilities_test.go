package videohost_test

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/liveadmin"
	"github.com/reelvideo/reel/videohost/playeradmin"
	"github.com/reelvideo/reel/videohost/sqlite"
	"github.com/reelvideo/reel/videohost/webhookadmin"
)

// TestMissingCapabilityIsUnavailable: over ports that implement only the
// required interfaces, every operation that needs a feature the ports lack
// fails the same way: EUnavailable, naming the feature and the port.
func TestMissingCapabilityIsUnavailable(t *testing.T) {
	ctx := context.Background()
	db, disk := openLocal(t)
	var logs bytes.Buffer
	svc, err := videohost.New(videohost.Config{
		Store: struct{ videohost.Store }{db}, Queue: struct{ videohost.Queue }{db}, Blobs: struct{ videohost.Blobs }{disk},
		Secret: bytes.Repeat([]byte("k"), 32), BaseURL: "https://reel.example",
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "store=none queue=none blobs=none pipeline=none"; !strings.Contains(logs.String(), want) {
		t.Errorf("the start log does not say %q:\n%s", want, logs.String())
	}
	sp, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}
	v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "v"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, mentions string
		call           func() error
	}{
		{"signing keys", "signing keys", func() error { _, err := access.New(svc).CreateSigningKey(ctx, p, ""); return err }},
		{"webhooks", "webhooks", func() error {
			_, err := webhookadmin.New(svc).CreateWebhook(ctx, p, webhookadmin.CreateWebhookInput{URL: "https://hooks.example/x"})
			return err
		}},
		{"player settings", "player settings", func() error { _, err := playeradmin.New(svc).PlayerSettingsOf(ctx, p, "space", sp.ID); return err }},
		{"live streams", "live streams", func() error {
			_, err := liveadmin.New(svc, liveadmin.Config{}).Create(ctx, p, liveadmin.LiveStreamInput{})
			return err
		}},
		{"live stream keys", "live streams", func() error { _, err := liveadmin.New(svc, liveadmin.Config{}).Authorize(ctx, "rsk_x"); return err }},
		{"a video's events", "a video's events", func() error { _, err := svc.VideoEvents(ctx, p, v.ID, 10, ""); return err }},
		{"subtitles", "subtitles", func() error {
			_, err := svc.PutSubtitles(ctx, p, v.ID, "en", "English", []byte("WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n"))
			return err
		}},
		{"chunked encoding", "chunked encoding", func() error { _, err := svc.Jobs().Chunks(ctx, v.ID); return err }},
	}
	for _, tt := range tests {
		err := tt.call()
		if videohost.ErrorCode(err) != videohost.EUnavailable || !strings.Contains(videohost.ErrorMessage(err), tt.mentions) {
			t.Errorf("%s: %v, want unavailable naming %q", tt.name, err, tt.mentions)
		}
	}
}

// openLocal opens the embedded defaults, SQLite and a blob folder on local
// disk, in a temporary folder t removes.
func openLocal(t testing.TB) (*sqlite.DB, *blob.Disk) {
	t.Helper()
	dir := t.TempDir()
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	disk, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return db, disk
}
