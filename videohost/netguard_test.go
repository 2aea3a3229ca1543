package videohost_test

import (
	"context"
	"errors"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/netguard"
)

func TestNetGuardCheckURLForms(t *testing.T) {
	allow, err := netguard.ParseNetworks([]string{"127.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		url     string
		guard   *netguard.Guard
		numeric bool // refused as a numeric shorthand
		refused bool
	}{
		{"http://[::127.0.0.1]/", &netguard.Guard{}, false, true},
		{"http://[::ffff:127.0.0.1]/", &netguard.Guard{}, false, true},
		{"http://[2002:7f00:1::]/", &netguard.Guard{}, false, true},
		{"http://[64:ff9b::7f00:1]/", &netguard.Guard{}, false, true},
		{"http://[64:ff9b:1::a00:1]/", &netguard.Guard{}, false, true},
		{"http://[2001:0:808:808::80ff:fffe]/", &netguard.Guard{}, false, true},
		{"http://2130706433/", &netguard.Guard{}, true, true},
		{"http://0x7f000001/", &netguard.Guard{}, true, true},
		{"http://0X7F000001/", &netguard.Guard{}, true, true},
		{"http://0177.0.0.1/", &netguard.Guard{}, true, true},
		{"http://127.1/", &netguard.Guard{}, true, true},
		{"http://127.0.1/", &netguard.Guard{}, true, true},
		{"http://127.0.0.1./", &netguard.Guard{}, true, true},
		{"http://0x7f.0.0.1/", &netguard.Guard{}, true, true},
		{"http://8.8.8.010/", &netguard.Guard{}, true, true},
		{"http://134744072/", &netguard.Guard{}, true, true}, // 8.8.8.8: refused all the same
		// The allow-list lifts the guard for canonical forms only.
		{"http://127.0.0.1/", &netguard.Guard{Allow: allow}, false, false},
		{"http://[::ffff:127.0.0.1]/", &netguard.Guard{Allow: allow}, false, false},
		{"http://2130706433/", &netguard.Guard{Allow: allow}, true, true},
		{"http://127.1/", &netguard.Guard{Allow: allow}, true, true},
		{"https://93.184.215.14/video.mp4", &netguard.Guard{}, false, false},
		{"https://[2606:4700::1111]/video.mp4", &netguard.Guard{}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			_, err := tt.guard.CheckURL(context.Background(), tt.url)
			if (err != nil) != tt.refused {
				t.Fatalf("CheckURL(%s) = %v, refused want %v", tt.url, err, tt.refused)
			}
			if tt.refused && !errors.Is(err, netguard.ErrAddressNotAllowed) {
				t.Errorf("CheckURL(%s) = %v, not netguard.ErrAddressNotAllowed", tt.url, err)
			}
			if got := errors.Is(err, netguard.ErrNumericHost); got != tt.numeric {
				t.Errorf("CheckURL(%s) = %v, numeric %v want %v", tt.url, err, got, tt.numeric)
			}
			nerr := videohost.RefuseNumericHost("input_url", tt.url)
			if (nerr != nil) != tt.numeric {
				t.Errorf("RefuseNumericHost(%s) = %v", tt.url, nerr)
			}
			if nerr != nil && videohost.ErrorCode(nerr) != videohost.EInputURLNotAllowed {
				t.Errorf("RefuseNumericHost(%s) code %s", tt.url, videohost.ErrorCode(nerr))
			}
		})
	}
}

func TestExcerpt(t *testing.T) {
	long := make([]byte, 100_000)
	for i := range long {
		long[i] = 'a'
	}
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{string(long[:32]), string(long[:32])},
		{string(long[:33]), string(long[:32]) + "…"},
		{string(long), string(long[:32]) + "…"},
		{"é" + string(long[:40]), "é" + string(long[:31]) + "…"},
		{"\xff\xfe", "\uFFFD"},
	}
	for _, tt := range tests {
		if got := videohost.Excerpt(tt.in); got != tt.want {
			t.Errorf("Excerpt(%.40q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
