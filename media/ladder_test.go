package media_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

func videoInfo(w, h int, fps float64, mutate ...func(*media.VideoStream)) *media.Info {
	v := &media.VideoStream{Codec: "h264", Width: w, Height: h, FrameRate: fps,
		FrameRateNum: int(fps * 1000), FrameRateDen: 1000, SampleAspect: media.Ratio{Num: 1, Den: 1}}
	for _, m := range mutate {
		m(v)
	}
	return &media.Info{Duration: 60, Video: v}
}

func TestPlanLadder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		info *media.Info
		opts media.LadderOptions
		want []string // "name WxH fps maxrate"
	}{
		{"1080p", videoInfo(1920, 1080, 30), media.LadderOptions{},
			[]string{"h264_sd 640x360 30 1200000", "h264_hd 1280x720 30 3000000", "h264_fhd 1920x1080 30 6000000"}},
		{"720p", videoInfo(1280, 720, 25), media.LadderOptions{},
			[]string{"h264_sd 640x360 25 1200000", "h264_hd 1280x720 25 3000000"}},
		{"small source keeps its size", videoInfo(320, 240, 30), media.LadderOptions{},
			[]string{"h264_sd 320x240 30 1200000"}},
		{"small portrait keeps its size", videoInfo(240, 320, 60), media.LadderOptions{},
			[]string{"h264_sd 240x320 30 1200000"}},
		{"odd size rounds to even", videoInfo(321, 241, 30), media.LadderOptions{},
			[]string{"h264_sd 322x242 30 1200000"}},
		{"portrait", videoInfo(1080, 1920, 30), media.LadderOptions{},
			[]string{"h264_sd 360x640 30 1200000", "h264_hd 720x1280 30 3000000", "h264_fhd 1080x1920 30 6000000"}},
		{"rotated landscape coded", videoInfo(1920, 1080, 30, func(v *media.VideoStream) { v.Rotation = 90 }), media.LadderOptions{},
			[]string{"h264_sd 360x640 30 1200000", "h264_hd 720x1280 30 3000000", "h264_fhd 1080x1920 30 6000000"}},
		{"anamorphic 4:3 uses display size", videoInfo(720, 576, 25, func(v *media.VideoStream) { v.SampleAspect = media.Ratio{Num: 16, Den: 15} }), media.LadderOptions{},
			[]string{"h264_sd 480x360 25 1200000"}},
		{"anamorphic PAL 16:9 (1024x576 display)", videoInfo(720, 576, 25, func(v *media.VideoStream) { v.SampleAspect = media.Ratio{Num: 64, Den: 45} }), media.LadderOptions{},
			[]string{"h264_sd 640x360 25 1200000"}},
		// Boxes, not long edges: a source narrower than 16:9 is sized by its
		// short edge, one wider by its long edge.
		{"square 1:1", videoInfo(1080, 1080, 30), media.LadderOptions{},
			[]string{"h264_sd 360x360 30 1200000", "h264_hd 720x720 30 3000000", "h264_fhd 1080x1080 30 6000000"}},
		{"square 60 fps keeps 60 from hd up", videoInfo(720, 720, 60), media.LadderOptions{},
			[]string{"h264_sd 360x360 30 1200000", "h264_hd 720x720 60 3000000"}},
		{"square just under hd", videoInfo(718, 718, 30), media.LadderOptions{},
			[]string{"h264_sd 360x360 30 1200000"}},
		{"4:3", videoInfo(1440, 1080, 30), media.LadderOptions{},
			[]string{"h264_sd 480x360 30 1200000", "h264_hd 960x720 30 3000000", "h264_fhd 1440x1080 30 6000000"}},
		{"4:3 VGA", videoInfo(640, 480, 30), media.LadderOptions{},
			[]string{"h264_sd 480x360 30 1200000"}},
		{"16:10 screen", videoInfo(2560, 1600, 60), media.LadderOptions{},
			[]string{"h264_sd 576x360 30 1200000", "h264_hd 1152x720 60 3000000", "h264_fhd 1728x1080 60 6000000",
				"h264_qhd 2304x1440 60 10000000"}},
		{"16:10 portrait", videoInfo(1200, 1920, 30), media.LadderOptions{},
			[]string{"h264_sd 360x576 30 1200000", "h264_hd 720x1152 30 3000000", "h264_fhd 1080x1728 30 6000000"}},
		{"3:4 portrait", videoInfo(1080, 1440, 30), media.LadderOptions{},
			[]string{"h264_sd 360x480 30 1200000", "h264_hd 720x960 30 3000000", "h264_fhd 1080x1440 30 6000000"}},
		{"cinema 2.39:1 by its long edge", videoInfo(1920, 804, 24), media.LadderOptions{},
			[]string{"h264_sd 640x268 24 1200000", "h264_hd 1280x536 24 3000000", "h264_fhd 1920x804 24 6000000"}},
		{"short edge reaches the box, long edge does not", videoInfo(1918, 1080, 30), media.LadderOptions{},
			[]string{"h264_sd 640x360 30 1200000", "h264_hd 1278x720 30 3000000", "h264_fhd 1918x1080 30 6000000"}},
		{"square 8000 stops at the uhd box", videoInfo(8000, 8000, 30), media.LadderOptions{},
			[]string{"h264_sd 360x360 30 1200000", "h264_hd 720x720 30 3000000", "h264_fhd 1080x1080 30 6000000",
				"h264_qhd 1440x1440 30 10000000", "h264_uhd 2160x2160 30 16000000"}},
		{"rotated 4:3", videoInfo(1440, 1080, 30, func(v *media.VideoStream) { v.Rotation = 270 }), media.LadderOptions{},
			[]string{"h264_sd 360x480 30 1200000", "h264_hd 720x960 30 3000000", "h264_fhd 1080x1440 30 6000000"}},
		{"4k", videoInfo(3840, 2160, 30), media.LadderOptions{},
			[]string{"h264_sd 640x360 30 1200000", "h264_hd 1280x720 30 3000000", "h264_fhd 1920x1080 30 6000000",
				"h264_qhd 2560x1440 30 10000000", "h264_uhd 3840x2160 30 16000000"}},
		{"120 fps halves to 60, sd to 30", videoInfo(1280, 720, 120), media.LadderOptions{},
			[]string{"h264_sd 640x360 30 1200000", "h264_hd 1280x720 60 3000000"}},
		{"50 fps stays at 720p, halves below", videoInfo(1280, 720, 50), media.LadderOptions{},
			[]string{"h264_sd 640x360 25 1200000", "h264_hd 1280x720 50 3000000"}},
		{"small 60 fps source halves", videoInfo(640, 360, 60), media.LadderOptions{},
			[]string{"h264_sd 640x360 30 1200000"}},
		{"phone 4k60 portrait", videoInfo(3840, 2160, 60, func(v *media.VideoStream) { v.Rotation = 90 }), media.LadderOptions{},
			[]string{"h264_sd 360x640 30 1200000", "h264_hd 720x1280 60 3000000", "h264_fhd 1080x1920 60 6000000",
				"h264_qhd 1440x2560 60 10000000", "h264_uhd 2160x3840 60 16000000"}},
		{"29.97 stays", videoInfo(1280, 720, 29.97), media.LadderOptions{},
			[]string{"h264_sd 640x360 29.97 1200000", "h264_hd 1280x720 29.97 3000000"}},
		{"custom cap and bitrates", videoInfo(1280, 720, 60), media.LadderOptions{MaxFrameRate: 30, MaxBitrates: map[string]int{"hd": 2_000_000}},
			[]string{"h264_sd 640x360 30 1200000", "h264_hd 1280x720 30 2000000"}},
		{"max quality", videoInfo(1920, 1080, 30), media.LadderOptions{MaxQuality: "hd"},
			[]string{"h264_sd 640x360 30 1200000", "h264_hd 1280x720 30 3000000"}},
		{"audio only", &media.Info{Duration: 10, Audio: []media.AudioStream{{Codec: "aac"}}}, media.LadderOptions{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := media.PlanLadder(tt.info, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range got {
				names = append(names, fmt.Sprintf("%s %dx%d %g %d", r.Name, r.Width, r.Height, r.FrameRate, r.MaxBitrate))
				if r.Width%2 != 0 || r.Height%2 != 0 {
					t.Errorf("%s has odd size %dx%d", r.Name, r.Width, r.Height)
				}
			}
			if fmt.Sprint(names) != fmt.Sprint(tt.want) {
				t.Fatalf("got  %q\nwant %q", names, tt.want)
			}
		})
	}
}

func TestPlanLadderRefuses(t *testing.T) {
	t.Parallel()
	long := videoInfo(1280, 720, 30)
	long.Duration = (13 * time.Hour).Seconds()
	tests := []struct {
		name string
		info *media.Info
		opts media.LadderOptions
		code string
	}{
		{"edge over 8192", videoInfo(9000, 100, 30), media.LadderOptions{}, media.CodeTooLarge},
		{"tall over 8192", videoInfo(100, 8200, 30), media.LadderOptions{}, media.CodeTooLarge},
		{"over 12 hours", long, media.LadderOptions{}, media.CodeDurationTooLong},
		{"over a custom maximum", videoInfo(1280, 720, 30), media.LadderOptions{MaxDuration: time.Minute / 2}, media.CodeDurationTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := media.PlanLadder(tt.info, tt.opts)
			requireCode(t, err, tt.code)
		})
	}
}
