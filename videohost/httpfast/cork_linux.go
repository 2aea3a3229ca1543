package httpfast

import (
	"net"
	"syscall"
)

// cork sets TCP_CORK on nc, so that the kernel sends only full frames,
// and returns the func that clears it, which sends what is held. On
// anything but a TCP connection both do nothing.
func cork(nc net.Conn) (uncork func()) {
	tc, ok := nc.(*net.TCPConn)
	if !ok {
		return func() {}
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return func() {}
	}
	set := func(on int) {
		// A failure leaves the connection as it was: frames go out as
		// they always did, and a closed connection fails the write.
		raw.Control(func(fd uintptr) { //nolint:errcheck // see above
			syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, on) //nolint:errcheck // see above
		})
	}
	set(1)
	return func() { set(0) }
}
