package videohost_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/sqlite"
)

func TestALiveVideoIsProcessingFromItsStart(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc, p, _ := bootstrapped(t, videohost.Config{Store: db, Queue: db, Blobs: openDisk(t)})
	v, err := svc.Jobs().StartLiveVideo(ctx, videohost.LiveVideoInput{Space: p.Space, StreamID: "stream123456", Title: "Town hall",
		Policy: videohost.PlaybackSigned})
	if err != nil {
		t.Fatal(err)
	}
	if v.State != videohost.StateProcessing || v.Title != "Town hall" || v.PlaybackPolicy != videohost.PlaybackSigned ||
		v.Source == nil || v.Source.LiveStream != "stream123456" || v.Source.Container != "live" {
		t.Fatalf("live video %+v (source %+v)", v, v.Source)
	}
	events, err := svc.VideoEvents(ctx, p, v.ID, 10, "")
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range events.Data {
		types = append(types, e.Type)
	}
	// Newest first.
	if len(types) != 2 || types[1] != string(videohost.EventVideoCreated) || types[0] != string(videohost.EventVideoProcessing) {
		t.Fatalf("events %v, want video.created then video.processing", types)
	}
	// Its recording is published like a ladder, and the stream it came
	// from stays on the video.
	out := &videohost.ProcessOutput{Duration: 4, Width: 640, Height: 360, Source: videohost.SourceInfo{Container: "live"},
		Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 640, Height: 360}}}
	ready, err := svc.Jobs().PublishReady(ctx, v.ID, writeTree(t, map[string]string{"playlist.m3u8": "#EXTM3U\n"}), out)
	if err != nil {
		t.Fatal(err)
	}
	if ready.State != videohost.StateReady || ready.Source.LiveStream != "stream123456" {
		t.Fatalf("recording published: %s, source %+v", ready.State, ready.Source)
	}
}
