package codecadmin_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/reelvideo/reel/internal/codecpolicy"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/codecadmin"
)

func TestMergeEncodeMissing(t *testing.T) {
	sd := videohost.Rendition{Name: "h264_sd", Codec: "h264", Quality: "sd"}
	hd := videohost.Rendition{Name: "h264_hd", Codec: "h264", Quality: "hd"}
	av1hd := videohost.Rendition{Name: "av1_hd", Codec: "av1", Quality: "hd"}
	for _, c := range []struct {
		name       string
		layers     []map[string]string // space, collections, video
		views      int64
		renditions []videohost.Rendition
		encode     map[string]string
		missing    []string
	}{
		{"nothing set", nil, 0, []videohost.Rendition{sd, hd}, nil, nil},
		{"the nearest wins, codec by codec",
			[]map[string]string{{"av1": "all", "hevc": "all"}, {"av1": ">=720p"}, {"hevc": "none"}}, 0,
			[]videohost.Rendition{sd, hd}, map[string]string{"h264": "all", "av1": ">=720p"}, []string{"av1"}},
		{"already encoded", []map[string]string{{"av1": ">=720p"}}, 0, []videohost.Rendition{sd, hd, av1hd},
			map[string]string{"h264": "all", "av1": ">=720p"}, nil},
		{"a rung the video lacks", []map[string]string{{"av1": ">=1080p"}}, 0, []videohost.Rendition{sd, hd},
			map[string]string{"h264": "all", "av1": ">=1080p"}, nil},
		{"waiting for views", []map[string]string{{"av1": "all after 100 views"}}, 99, []videohost.Rendition{sd, hd}, nil, nil},
		{"past the threshold", []map[string]string{{"av1": "all after 100 views"}}, 100, []videohost.Rendition{sd, hd},
			map[string]string{"h264": "all", "av1": "all after 100 views"}, []string{"av1"}},
		{"hevc and av1", []map[string]string{{"av1": "all", "hevc": "<=480p"}}, 0, []videohost.Rendition{sd, hd},
			map[string]string{"h264": "all", "hevc": "<=480p", "av1": "all"}, []string{"hevc", "av1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := codecpolicy.Parse(codecadmin.MergeRules(c.layers...))
			if err != nil {
				t.Fatal(err)
			}
			if got := codecadmin.Encode(p, c.views); !maps.Equal(got, c.encode) || (got == nil) != (c.encode == nil) {
				t.Errorf("Encode = %v, want %v", got, c.encode)
			}
			v := &videohost.Video{State: videohost.StateReady, Renditions: c.renditions}
			if got := codecadmin.Missing(v, p, c.views); !slices.Equal(got, c.missing) {
				t.Errorf("Missing = %v, want %v", got, c.missing)
			}
		})
	}
}

func TestCodecError(t *testing.T) {
	_, err := codecpolicy.Parse(map[string]string{"av1": "most"})
	e, ok := codecadmin.CodecError(err).(*videohost.Error)
	if !ok || e.Code != videohost.ECodecPolicy || len(e.Fields) != 1 || e.Fields[0].Field != "av1" {
		t.Fatalf("CodecError = %#v", codecadmin.CodecError(err))
	}
}

func TestStateOf(t *testing.T) {
	p, err := codecpolicy.Parse(map[string]string{"av1": ">=720p after 100 views", "hevc": "all after 500 views"})
	if err != nil {
		t.Fatal(err)
	}
	sdOnly := &videohost.Video{State: videohost.StateReady, Renditions: []videohost.Rendition{{Name: "h264_sd", Codec: "h264", Quality: "sd"}}}
	st := codecadmin.StateOf(sdOnly, p, 10)
	// AV1 waits for hd and up, which this video does not have.
	if !slices.Equal(st.Waiting, []string{"hevc"}) || st.NextThreshold != 500 || !slices.Equal(st.Encoded, []string{"h264"}) || len(st.Missing) != 0 {
		t.Fatalf("sd-only video: %+v", st)
	}
	st = codecadmin.StateOf(sdOnly, p, 600)
	if len(st.Waiting) != 0 || st.NextThreshold != 0 || !slices.Equal(st.Missing, []string{"hevc"}) {
		t.Fatalf("past the thresholds: %+v", st)
	}
	st = codecadmin.StateOf(&videohost.Video{State: videohost.StateProcessing}, p, 0)
	if !slices.Equal(st.Waiting, []string{"hevc", "av1"}) || st.NextThreshold != 100 {
		t.Fatalf("a video without renditions yet: %+v", st)
	}
}

// The savings compare each codec with H.264 on the rungs both have, by size.
func TestStateOfSavings(t *testing.T) {
	v := &videohost.Video{State: videohost.StateReady, Renditions: []videohost.Rendition{
		{Name: "h264_sd", Codec: "h264", Quality: "sd", Size: 1000},
		{Name: "h264_hd", Codec: "h264", Quality: "hd", Size: 3000},
		{Name: "av1_hd", Codec: "av1", Quality: "hd", Size: 2100},
		{Name: "hevc_sd", Codec: "hevc", Quality: "sd", Size: 1100},
		{Name: "hevc_hd", Codec: "hevc", Quality: "hd", Size: 3300},
	}}
	st := codecadmin.StateOf(v, codecpolicy.Default(), 0)
	if len(st.Savings) != 2 || st.Savings["av1"] != 0.3 || st.Savings["hevc"] != -0.1 {
		t.Fatalf("savings %v, want av1 0.3 (hd alone), hevc -0.1", st.Savings)
	}
	if st = codecadmin.StateOf(&videohost.Video{Renditions: v.Renditions[:2]}, codecpolicy.Default(), 0); st.Savings != nil {
		t.Fatalf("H.264 alone: savings %v", st.Savings)
	}
}
