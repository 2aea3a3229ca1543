package netguard_test

import (
	"net/netip"
	"testing"

	"github.com/reelvideo/reel/videohost/netguard"
)

// TestGuardEmbeddedIPv4 covers every IPv6 form that carries an IPv4
// address: each is judged by the address it carries.
func TestGuardEmbeddedIPv4(t *testing.T) {
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
	g := &netguard.Guard{}
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

// TestGuardAllowListEmbedded: an allow-listed IPv4 network covers the IPv6
// forms that carry it, and nothing else.
func TestGuardAllowListEmbedded(t *testing.T) {
	allow, err := netguard.ParseNetworks([]string{"127.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	g := &netguard.Guard{Allow: allow}
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "::ffff:127.0.0.1": true, "::127.0.0.1": true, "2002:7f00:1::": true,
		"10.0.0.1": false, "::10.0.0.1": false, "2002:a00:1::1": false,
	} {
		if got := g.AllowedAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("AllowedAddr(%s) = %v, want %v", addr, got, want)
		}
	}
}
