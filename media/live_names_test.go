package media_test

import (
	"testing"

	"github.com/reelvideo/reel/media"
	"github.com/reelvideo/reel/videohost/live"
)

// TestLiveRenditionNamesAgreeWithTheLadder: a live session names its
// passed-through picture as the ladder names its top rung, without FFmpeg
// (live.RenditionName is pure Go); the two rules must not drift apart.
func TestLiveRenditionNamesAgreeWithTheLadder(t *testing.T) {
	for _, size := range [][2]int{{320, 240}, {640, 360}, {1000, 560}, {1280, 720}, {720, 1280}, {1279, 719}, {1920, 1080},
		{1920, 1200}, {1080, 1080}, {1440, 1080}, {2560, 1440}, {3840, 2160}, {2160, 3840}, {4096, 2160}, {1920, 800}} {
		info := &media.Info{Duration: 10, Video: &media.VideoStream{Codec: "h264", Width: size[0], Height: size[1], FrameRate: 30, FrameRateNum: 30, FrameRateDen: 1}}
		rs, err := media.PlanLadder(info, media.LadderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := live.RenditionName(live.CodecH264, size[0], size[1]), rs[len(rs)-1].Name; got != want {
			t.Errorf("%dx%d: live names it %s, the ladder %s", size[0], size[1], got, want)
		}
	}
}
