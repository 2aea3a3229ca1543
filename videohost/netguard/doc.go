// Package netguard keeps Reel's outbound connections (URL imports, webhook
// deliveries) off loopback, private, link-local, multicast, unspecified and
// cloud metadata addresses (SSRF). The check runs on the resolved address
// of every connection (Guard.Control, Guard.HTTPClient), so DNS rebinding
// and redirects to a private address are refused too; Guard.CheckURL is
// the early check at request time. Guard.Allow lifts it for listed
// networks (tests, an intranet origin).
package netguard
