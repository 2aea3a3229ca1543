package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Guard refuses outbound connections to loopback, private, link-local,
// multicast, unspecified and metadata addresses (SSRF). The check runs on the
// resolved address of every connection, so DNS tricks and redirects to a
// private address are refused too. Allow lifts the guard for listed networks.
type Guard struct {
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

// AllowedAddr reports whether a connection to addr is permitted. An IPv6
// address that carries an IPv4 address (IPv4-mapped, -translated and
// -compatible, 6to4, NAT64, Teredo) reaches that IPv4 host through a
// translator or a tunnel, so it is refused when the IPv4 address would be.
func (g *Guard) AllowedAddr(addr netip.Addr) bool {
	addr = addr.Unmap()
	if g.allowListed(addr) {
		return true
	}
	if guardedAddr(addr) {
		return false
	}
	for _, v4 := range embeddedIPv4(addr) {
		if !g.allowListed(v4) && guardedAddr(v4) {
			return false
		}
	}
	return true
}

func (g *Guard) allowListed(addr netip.Addr) bool {
	for _, p := range g.allow() {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// guardedAddr reports whether addr itself is in a guarded range.
func guardedAddr(addr netip.Addr) bool {
	for _, m := range metadataAddrs {
		if addr == m {
			return true
		}
	}
	if addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() ||
		addr.IsLinkLocalMulticast() || addr.IsInterfaceLocalMulticast() ||
		addr.IsMulticast() || addr.IsUnspecified() {
		return true
	}
	// Carrier-grade NAT and other shared or reserved ranges.
	for _, p := range reservedPrefixes {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

var reservedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	// Local-use NAT64 (RFC 8215): the operator picks where the IPv4
	// address sits, so it cannot be read out; the translator is local.
	netip.MustParsePrefix("64:ff9b:1::/48"),
}

// Prefixes of IPv6 addresses that carry an IPv4 address.
var (
	ipv4Compatible = netip.MustParsePrefix("::/96")           // RFC 4291, deprecated
	ipv4Translated = netip.MustParsePrefix("::ffff:0:0:0/96") // SIIT, RFC 2765
	nat64WellKnown = netip.MustParsePrefix("64:ff9b::/96")    // RFC 6052
	sixToFour      = netip.MustParsePrefix("2002::/16")       // RFC 3056
	teredo         = netip.MustParsePrefix("2001::/32")       // RFC 4380
)

// embeddedIPv4 returns the IPv4 addresses an IPv6 address carries: for 6to4
// and NAT64 the host behind the translator, for Teredo both the server and
// the client (whose address is stored inverted).
func embeddedIPv4(addr netip.Addr) []netip.Addr {
	if !addr.Is6() {
		return nil
	}
	b := addr.As16()
	v4 := func(p []byte) netip.Addr { return netip.AddrFrom4([4]byte(p)) }
	switch {
	case ipv4Compatible.Contains(addr), ipv4Translated.Contains(addr), nat64WellKnown.Contains(addr):
		return []netip.Addr{v4(b[12:16])}
	case sixToFour.Contains(addr):
		return []netip.Addr{v4(b[2:6])}
	case teredo.Contains(addr):
		client := [4]byte{b[12] ^ 0xff, b[13] ^ 0xff, b[14] ^ 0xff, b[15] ^ 0xff}
		return []netip.Addr{v4(b[4:8]), netip.AddrFrom4(client)}
	}
	return nil
}

func (g *Guard) allow() []netip.Prefix {
	if g == nil {
		return nil
	}
	return g.Allow
}

// ErrAddressNotAllowed is returned when a connection would reach a guarded address.
var ErrAddressNotAllowed = errors.New("address not allowed")

// ErrRedirectRefused marks a redirect the guard's client will not follow
// (another scheme, too many hops): retrying the fetch cannot change it.
var ErrRedirectRefused = errors.New("redirect refused")

// ErrNumericHost is returned for a host written as a number in a form other
// than dotted decimal or IPv6 ("2130706433", "0x7f000001", "0177.0.0.1",
// "127.1"). Browsers, curl and the C resolver read these as addresses while
// Go's parser does not, so two layers would disagree on where the URL goes.
// It matches ErrAddressNotAllowed too.
var ErrNumericHost = fmt.Errorf("numeric shorthand addresses are refused; write the address as four decimal numbers or as IPv6: %w", ErrAddressNotAllowed)

// NumericShorthand reports whether host is an IPv4 address in a form that
// netip does not parse: the URL Standard takes every host whose last label
// is a number (decimal, 0x hex or 0 octal) for an IPv4 address.
func NumericShorthand(host string) bool {
	if _, err := netip.ParseAddr(host); err == nil {
		return false
	}
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	last := strings.ToLower(labels[len(labels)-1])
	if last == "" {
		return false
	}
	if hex, ok := strings.CutPrefix(last, "0x"); ok {
		last = hex
		return strings.Trim(last, "0123456789abcdef") == ""
	}
	return strings.Trim(last, "0123456789") == ""
}

// CheckURL validates the scheme and resolves the host, refusing URLs whose
// addresses are not allowed. It is the early check at request time; the dialer
// checks again on every connection.
func (g *Guard) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		// url.Parse's message quotes the whole URL: it stays out.
		return nil, fmt.Errorf("not an absolute URL")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("scheme %q is not http or https", short(u.Scheme))
	}
	if u.User != nil {
		return nil, fmt.Errorf("credentials in URLs are not accepted")
	}
	host := u.Hostname()
	if NumericShorthand(host) {
		return u, ErrNumericHost
	}
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
func (g *Guard) Control(network, address string, _ syscall.RawConn) error {
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
func (g *Guard) HTTPClient(timeout time.Duration, maxRedirects int) *http.Client {
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
				return fmt.Errorf("%w: more than %d redirects", ErrRedirectRefused, maxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("%w: to scheme %q", ErrRedirectRefused, short(req.URL.Scheme))
			}
			return nil
		},
	}
}

// short cuts what a URL carries to 64 characters for an error message: a
// scheme is the caller's text, of any length.
func short(s string) string {
	n := 0
	for i := range s {
		if n == 64 {
			return strings.ToValidUTF8(s[:i], "\uFFFD") + "…"
		}
		n++
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
