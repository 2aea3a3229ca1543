package videohost

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// NetGuard refuses outbound connections to loopback, private, link-local,
// multicast, unspecified and metadata addresses (SSRF). The check runs on the
// resolved address of every connection, so DNS tricks and redirects to a
// private address are refused too. Allow lifts the guard for listed networks.
type NetGuard struct {
	Allow []netip.Prefix
}

// ParseNetworks parses a comma-separated CIDR list such as "127.0.0.0/8,::1/128".
func ParseNetworks(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range list {
		if s == "" {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			if a, err2 := netip.ParseAddr(s); err2 == nil {
				p = netip.PrefixFrom(a, a.BitLen())
			} else {
				return nil, fmt.Errorf("parsing network %q: %w", s, err)
			}
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

var metadataAddrs = []netip.Addr{
	netip.MustParseAddr("169.254.169.254"),
	netip.MustParseAddr("fd00:ec2::254"),
	netip.MustParseAddr("100.100.100.200"),
}

// AllowedAddr reports whether a connection to addr is permitted.
func (g *NetGuard) AllowedAddr(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range g.allow() {
		if p.Contains(addr) {
			return true
		}
	}
	for _, m := range metadataAddrs {
		if addr == m {
			return false
		}
	}
	if addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() ||
		addr.IsLinkLocalMulticast() || addr.IsInterfaceLocalMulticast() ||
		addr.IsMulticast() || addr.IsUnspecified() {
		return false
	}
	// Carrier-grade NAT and other shared or reserved ranges.
	for _, p := range reservedPrefixes {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

var reservedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
}

func (g *NetGuard) allow() []netip.Prefix {
	if g == nil {
		return nil
	}
	return g.Allow
}

// ErrAddressNotAllowed is returned when a connection would reach a guarded address.
var ErrAddressNotAllowed = errors.New("address not allowed")

// CheckURL validates the scheme and resolves the host, refusing URLs whose
// addresses are not allowed. It is the early check at request time; the dialer
// checks again on every connection.
func (g *NetGuard) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("not an absolute URL")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("scheme %q is not http or https", u.Scheme)
	}
	if u.User != nil {
		return nil, fmt.Errorf("credentials in URLs are not accepted")
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		if !g.AllowedAddr(a) {
			return u, ErrAddressNotAllowed
		}
		return u, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		// Unresolvable now may resolve later; the dialer checks again.
		return u, nil
	}
	for _, a := range addrs {
		if !g.AllowedAddr(a) {
			return u, ErrAddressNotAllowed
		}
	}
	return u, nil
}

// Control is a net.Dialer Control function that refuses guarded addresses
// after DNS resolution, on every connection (redirects included).
func (g *NetGuard) Control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("dialing %s: %w", address, ErrAddressNotAllowed)
	}
	if !g.AllowedAddr(ap.Addr()) {
		return fmt.Errorf("dialing %s: %w", address, ErrAddressNotAllowed)
	}
	return nil
}

// HTTPClient returns a client whose every connection passes the guard and
// which follows at most maxRedirects http(s) redirects (0: none).
func (g *NetGuard) HTTPClient(timeout time.Duration, maxRedirects int) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: g.Control}
	tr := &http.Transport{
		Proxy:                 nil, // a proxy would bypass the address check
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
		MaxIdleConns:          16,
		IdleConnTimeout:       30 * time.Second,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				if maxRedirects == 0 {
					return http.ErrUseLastResponse
				}
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("redirect to scheme %q", req.URL.Scheme)
			}
			return nil
		},
	}
}
