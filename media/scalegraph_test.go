package media_test

import (
	"strings"
	"testing"

	"github.com/reelvideo/reel/media"
)

func TestLadderScaleGraph(t *testing.T) {
	rung := func(name string, w, h int) media.Rendition {
		return media.Rendition{Name: name, Width: w, Height: h, FrameRateNum: 60, FrameRateDen: 1}
	}
	at30 := func(r media.Rendition) media.Rendition { r.FrameRateNum = 30; return r }
	const f = ":flags=bicubic,setsar=1,format=yuv420p"
	cases := []struct {
		name string
		rs   []media.Rendition
		want string
	}{
		{"one rung from the source", []media.Rendition{rung("sd", 640, 360)},
			",split=1[c0];[c0]scale=640:360" + f + "[out0]"},
		{"1080p: sd from hd, hd and fhd from the source",
			[]media.Rendition{rung("sd", 640, 360), rung("hd", 1280, 720), rung("fhd", 1920, 1080)},
			",split=2[c1][c2];[c0]scale=640:360" + f + "[out0];[c1]scale=1280:720" + f + ",split=2[out1][c0];[c2]scale=1920:1080" + f + "[out2]"},
		{"portrait 720p: sd from hd",
			[]media.Rendition{rung("sd", 360, 640), rung("hd", 720, 1280)},
			",split=1[c1];[c0]scale=360:640" + f + "[out0];[c1]scale=720:1280" + f + ",split=2[out1][c0]"},
		{"4K: each rung from the smallest rung twice its size",
			[]media.Rendition{rung("sd", 640, 360), rung("hd", 1280, 720), rung("fhd", 1920, 1080), rung("qhd", 2560, 1440), rung("uhd", 3840, 2160)},
			",split=2[c3][c4]" +
				";[c0]scale=640:360" + f + "[out0]" +
				";[c1]scale=1280:720" + f + ",split=2[out1][c0]" +
				";[c2]scale=1920:1080" + f + "[out2]" +
				";[c3]scale=2560:1440" + f + ",split=2[out3][c1]" +
				";[c4]scale=3840:2160" + f + ",split=2[out4][c2]"},
		{"sd at half the rate drops frames before scaling",
			[]media.Rendition{at30(rung("sd", 640, 360)), rung("hd", 1280, 720)},
			",split=1[c1];[c0]fps=30/1,scale=640:360" + f + "[out0];[c1]scale=1280:720" + f + ",split=2[out1][c0]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := media.LadderScaleGraph(tc.rs, 60, 1)
			if got != tc.want {
				t.Fatalf("graph\n got %s\nwant %s", strings.ReplaceAll(got, ";", "\n     ;"), strings.ReplaceAll(tc.want, ";", "\n     ;"))
			}
		})
	}
}
