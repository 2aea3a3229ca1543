//go:build !linux

package httpfast

import "net"

// cork does nothing outside Linux: TCP_CORK is Linux's.
func cork(net.Conn) (uncork func()) { return func() {} }
