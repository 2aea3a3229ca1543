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
		{"odd size rounds to even", videoInfo(321, 241, 30), media.LadderOptions{},
			[]string{"h264_sd 322x242 30 1200000"}},
		{"portrait", videoInfo(1080, 1920, 30), media.LadderOptions{},
			[]string{"h264_sd 360x640 30 1200000", "h264_hd 720x1280 30 3000000", "h264_fhd 1080x1920 30 6000000"}},
		{"rotated landscape coded", videoInfo(1920, 1080, 30, func(v *media.VideoStream) { v.Rotation = 90 }), media.LadderOptions{},
			[]string{"h264_sd 360x640 30 1200000", "h264_hd 720x1280 30 3000000", "h264_fhd 1080x1920 30 6000000"}},
		{"anamorphic uses display size", videoInfo(720, 576, 25, func(v *media.VideoStream) { v.SampleAspect = media.Ratio{Num: 16, Den: 15} }), media.LadderOptions{},
			[]string{"h264_sd 640x480 25 1200000"}},
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
