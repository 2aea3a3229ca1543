package analytics_test

import (
	"context"
	"strings"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/analytics"
)

// noVideos is a domain with no videos at all.
type noVideos struct{}

func (noVideos) PlayableVideoByEmbed(context.Context, string) (*videohost.Video, error) {
	return nil, videohost.Errorf(videohost.ENotFound, "not found")
}

func (noVideos) Video(context.Context, *videohost.Principal, string) (*videohost.Video, error) {
	return nil, videohost.Errorf(videohost.ENotFound, "not found")
}

// TestMissingStoreIsUnavailable: a store without the analytics tables is
// a feature that is off, and every operation says so alike.
func TestMissingStoreIsUnavailable(t *testing.T) {
	type bareStore struct{ videohost.Store }
	a, err := analytics.New(analytics.Config{Videos: noVideos{}, Store: bareStore{}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p := &videohost.Principal{Space: "space", Access: videohost.AccessReadOnly}
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"ingest", func() error { _, err := a.StartIngest(analytics.IngestConfig{}); return err }},
		{"video stats", func() error { _, err := a.VideoStats(ctx, p, "video", analytics.StatsQuery{}); return err }},
		{"space stats", func() error { _, err := a.SpaceStats(ctx, p, analytics.StatsQuery{}); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if videohost.ErrorCode(err) != videohost.EUnavailable || !strings.HasPrefix(videohost.ErrorMessage(err), "analytics: ") {
				t.Errorf("err = %v, want unavailable naming analytics", err)
			}
		})
	}
}

func TestNewNeedsVideos(t *testing.T) {
	if _, err := analytics.New(analytics.Config{}); err == nil {
		t.Error("New without Videos succeeded")
	}
}
