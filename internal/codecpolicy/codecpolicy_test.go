package codecpolicy_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/reelvideo/reel/internal/codecpolicy"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in      map[string]string
		want    map[string]string
		sd, uhd []string // codecs for sd and uhd at 0 views
		at1000  []string // codecs for hd at 1000 views
	}{
		{nil, map[string]string{"h264": "all", "hevc": "none", "av1": "none"}, []string{"h264"}, []string{"h264"}, []string{"h264"}},
		{map[string]string{"av1": ">=720p"}, map[string]string{"h264": "all", "hevc": "none", "av1": ">=720p"}, []string{"h264"}, []string{"h264", "av1"}, []string{"h264", "av1"}},
		{map[string]string{"h264": "<=480p", "av1": ">=720p", "hevc": "all"}, map[string]string{"h264": "<=480p", "hevc": "all", "av1": ">=720p"}, []string{"h264", "hevc"}, []string{"hevc", "av1"}, []string{"hevc", "av1"}},
		{map[string]string{"av1": ">=720P after 100 views"}, map[string]string{"h264": "all", "hevc": "none", "av1": ">=720p after 100 views"}, []string{"h264"}, []string{"h264"}, []string{"h264", "av1"}},
		{map[string]string{"av1": ">=360p"}, map[string]string{"h264": "all", "hevc": "none", "av1": "all"}, []string{"h264", "av1"}, []string{"h264", "av1"}, []string{"h264", "av1"}},
	}
	for _, tt := range tests {
		p, err := codecpolicy.Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%v): %v", tt.in, err)
		}
		if got := p.Strings(); !maps(got, tt.want) {
			t.Errorf("Parse(%v) = %v, want %v", tt.in, got, tt.want)
		}
		if got := p.CodecsFor(360, 0); !slices.Equal(got, tt.sd) {
			t.Errorf("%v: sd codecs %v, want %v", tt.in, got, tt.sd)
		}
		if got := p.CodecsFor(2160, 0); !slices.Equal(got, tt.uhd) {
			t.Errorf("%v: uhd codecs %v, want %v", tt.in, got, tt.uhd)
		}
		if got := p.CodecsFor(720, 1000); !slices.Equal(got, tt.at1000) {
			t.Errorf("%v: hd codecs at 1000 views %v, want %v", tt.in, got, tt.at1000)
		}
		// What Strings gives parses back to the same policy.
		again, err := codecpolicy.Parse(p.Strings())
		if err != nil || !maps(again.Strings(), p.Strings()) {
			t.Errorf("round trip of %v: %v, %v", p.Strings(), again.Strings(), err)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, in := range []map[string]string{
		{"vp9": "all"},
		{"av1": ""},
		{"av1": "most"},
		{"av1": ">=720"},
		{"av1": ">=99999p"},
		{"av1": "=>720p"},
		{"av1": "all after -3 views"},
		{"av1": "all after many views"},
		{"av1": "none after 3 views"},
		{"av1": "all please"},
		{"h264": "none"},
		{"h264": ">=720p"},
		{"h264": "all after 10 views"},
	} {
		_, err := codecpolicy.Parse(in)
		var perr *codecpolicy.Error
		if !errors.As(err, &perr) {
			t.Errorf("Parse(%v): %v, want a *codecpolicy.Error", in, err)
			continue
		}
		if perr.Codec == "" {
			t.Errorf("Parse(%v): the error names no codec: %v", in, err)
		}
	}
}

func TestDefaultAndWaiting(t *testing.T) {
	if !codecpolicy.Default().IsDefault() {
		t.Error("Default is not IsDefault")
	}
	p, err := codecpolicy.Parse(map[string]string{"hevc": "all after 500 views", "av1": ">=720p after 100 views"})
	if err != nil {
		t.Fatal(err)
	}
	if p.IsDefault() {
		t.Error("a policy with AV1 is IsDefault")
	}
	codecs, next := p.Waiting(0)
	if !slices.Equal(codecs, []string{"hevc", "av1"}) || next != 100 {
		t.Errorf("Waiting(0) = %v, %d", codecs, next)
	}
	codecs, next = p.Waiting(100)
	if !slices.Equal(codecs, []string{"hevc"}) || next != 500 {
		t.Errorf("Waiting(100) = %v, %d", codecs, next)
	}
	if codecs, next = p.Waiting(500); codecs != nil || next != 0 {
		t.Errorf("Waiting(500) = %v, %d", codecs, next)
	}
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
