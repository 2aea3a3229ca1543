package videohost_test

import (
	"context"
	"errors"
	"net/netip"
	"testing"

	"github.com/reelvideo/reel/videohost"
)

// TestNetGuardEmbeddedIPv4 covers every IPv6 form that carries an IPv4
// address: each is judged by the address it carries.
func TestNetGuardEmbeddedIPv4(t *testing.T) {
	tests := []struct {
		addr    string
		allowed bool
	}{
		{"::ffff:127.0.0.1", false},          // IPv4-mapped
		{"::ffff:8.8.8.8", true},             // IPv4-mapped, public
		{"::127.0.0.1", false},               // IPv4-compatible
		{"::10.0.0.1", false},                // IPv4-compatible
		{"::169.254.169.254", false},         // IPv4-compatible, metadata
		{"::8.8.8.8", true},                  // IPv4-compatible, public
		{"::ffff:0:127.0.0.1", false},        // IPv4-translated (SIIT)
		{"::ffff:0:8.8.8.8", true},           // IPv4-translated, public
		{"2002:7f00:1::", false},             // 6to4 of 127.0.0.1
		{"2002:a00:1::1", false},             // 6to4 of 10.0.0.1
		{"2002:a9fe:a9fe::", false},          // 6to4 of 169.254.169.254
		{"2002:c0a8:101:1::5", false},        // 6to4 of 192.168.1.1
		{"2002:808:808::1", true},            // 6to4 of 8.8.8.8
		{"64:ff9b::7f00:1", false},           // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", false},        // NAT64 of 169.254.169.254
		{"64:ff9b::808:808", true},           // NAT64 of 8.8.8.8
		{"64:ff9b:1::7f00:1", false},         // local-use NAT64
		{"64:ff9b:1::808:808", false},        // local-use NAT64: translator is local
		{"2001:0:808:808::80ff:fffe", false}, // Teredo, client 127.0.0.1
		{"2001:0:808:808::f5ff:fffe", false}, // Teredo, client 10.0.0.1
		{"2001:0:7f00:1::f7f7:f7f7", false},  // Teredo, server 127.0.0.1
		{"2001:0:808:808::f7f7:f7f7", true},  // Teredo, both 8.8.8.8
		{"::", false},
		{"::1", false},
		{"2606:4700::1111", true},
	}
	g := &videohost.NetGuard{}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			if got := g.AllowedAddr(netip.MustParseAddr(tt.addr)); got != tt.allowed {
				t.Errorf("AllowedAddr(%s) = %v, want %v", tt.addr, got, tt.allowed)
			}
			// The dialer's check is the same one.
			err := g.Control("tcp", netip.AddrPortFrom(netip.MustParseAddr(tt.addr), 80).String(), nil)
			if (err == nil) != tt.allowed {
				t.Errorf("Control(%s) = %v", tt.addr, err)
			}
		})
	}
}

// TestNetGuardAllowListEmbedded: an allow-listed IPv4 network covers the IPv6
// forms that carry it, and nothing else.
func TestNetGuardAllowListEmbedded(t *testing.T) {
	allow, err := videohost.ParseNetworks([]string{"127.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	g := &videohost.NetGuard{Allow: allow}
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "::ffff:127.0.0.1": true, "::127.0.0.1": true, "2002:7f00:1::": true,
		"10.0.0.1": false, "::10.0.0.1": false, "2002:a00:1::1": false,
	} {
		if got := g.AllowedAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("AllowedAddr(%s) = %v, want %v", addr, got, want)
		}
	}
}

func TestNetGuardCheckURLForms(t *testing.T) {
	allow, err := videohost.ParseNetworks([]string{"127.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		url     string
		guard   *videohost.NetGuard
		numeric bool // refused as a numeric shorthand
		refused bool
	}{
		{"http://[::127.0.0.1]/", &videohost.NetGuard{}, false, true},
		{"http://[::ffff:127.0.0.1]/", &videohost.NetGuard{}, false, true},
		{"http://[2002:7f00:1::]/", &videohost.NetGuard{}, false, true},
		{"http://[64:ff9b::7f00:1]/", &videohost.NetGuard{}, false, true},
		{"http://[64:ff9b:1::a00:1]/", &videohost.NetGuard{}, false, true},
		{"http://[2001:0:808:808::80ff:fffe]/", &videohost.NetGuard{}, false, true},
		{"http://2130706433/", &videohost.NetGuard{}, true, true},
		{"http://0x7f000001/", &videohost.NetGuard{}, true, true},
		{"http://0X7F000001/", &videohost.NetGuard{}, true, true},
		{"http://0177.0.0.1/", &videohost.NetGuard{}, true, true},
		{"http://127.1/", &videohost.NetGuard{}, true, true},
		{"http://127.0.1/", &videohost.NetGuard{}, true, true},
		{"http://127.0.0.1./", &videohost.NetGuard{}, true, true},
		{"http://0x7f.0.0.1/", &videohost.NetGuard{}, true, true},
		{"http://8.8.8.010/", &videohost.NetGuard{}, true, true},
		{"http://134744072/", &videohost.NetGuard{}, true, true}, // 8.8.8.8: refused all the same
		// The allow-list lifts the guard for canonical forms only.
		{"http://127.0.0.1/", &videohost.NetGuard{Allow: allow}, false, false},
		{"http://[::ffff:127.0.0.1]/", &videohost.NetGuard{Allow: allow}, false, false},
		{"http://2130706433/", &videohost.NetGuard{Allow: allow}, true, true},
		{"http://127.1/", &videohost.NetGuard{Allow: allow}, true, true},
		{"https://93.184.215.14/video.mp4", &videohost.NetGuard{}, false, false},
		{"https://[2606:4700::1111]/video.mp4", &videohost.NetGuard{}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			_, err := tt.guard.CheckURL(context.Background(), tt.url)
			if (err != nil) != tt.refused {
				t.Fatalf("CheckURL(%s) = %v, refused want %v", tt.url, err, tt.refused)
			}
			if tt.refused && !errors.Is(err, videohost.ErrAddressNotAllowed) {
				t.Errorf("CheckURL(%s) = %v, not ErrAddressNotAllowed", tt.url, err)
			}
			if got := errors.Is(err, videohost.ErrNumericHost); got != tt.numeric {
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
