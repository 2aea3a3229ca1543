package httpfast

import (
	"io"
	"net/http"
	"time"
)

// DefaultWriteIdleTimeout is the write idle timeout refserver gives
// WriteIdleTimeout, as nginx's send_timeout: a client that takes nothing
// of a response for a minute is gone, or never meant to read it.
const DefaultWriteIdleTimeout = time.Minute

// writeIdleChunk is the most sent under one deadline: a client must take
// this much per timeout (256 KiB a minute: 4.4 kB/s) to keep its download.
const writeIdleChunk = 256 << 10

// WriteIdleTimeout returns h with an idle write timeout: every write of a
// response (and every writeIdleChunk of a file sent with sendfile) must
// make progress within d, or the connection is closed. A download the
// client never reads then holds a connection, a file and a goroutine for d,
// not for ever; a slow reader that keeps reading keeps its download, which
// http.Server.WriteTimeout (a bound on the whole response) would cut. It
// works on net/http and on the lean loop alike, through
// http.ResponseController; it takes over the write deadline from
// Server.WriteTimeout, so use one or the other. d <= 0 returns h.
func WriteIdleTimeout(h http.Handler, d time.Duration) http.Handler {
	if d <= 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		iw := &idleWriter{ResponseWriter: w, rc: http.NewResponseController(w), d: d}
		// What is still buffered when the handler returns is sent under a
		// fresh deadline too (a keep-alive connection's last one is stale).
		defer iw.refresh()
		h.ServeHTTP(iw, r)
	})
}

type idleWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
	d  time.Duration
}

func (w *idleWriter) refresh() {
	w.rc.SetWriteDeadline(time.Now().Add(w.d)) //nolint:errcheck // not every writer has deadlines (a hijacked or test recorder); then there is none to keep
}

func (w *idleWriter) WriteHeader(code int) {
	w.refresh()
	w.ResponseWriter.WriteHeader(code)
}

func (w *idleWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		w.refresh()
		k, err := w.ResponseWriter.Write(p[:min(len(p), writeIdleChunk)])
		n += k
		if err != nil {
			return n, err
		}
		p = p[k:]
	}
	return n, nil
}

// ReadFrom sends src in pieces of writeIdleChunk, each under a fresh
// deadline, through the underlying ReadFrom (sendfile): a piece of a file
// is an *io.LimitedReader of the *os.File itself, which sendfile takes.
func (w *idleWriter) ReadFrom(src io.Reader) (int64, error) {
	var total int64
	for {
		piece := &io.LimitedReader{R: src, N: writeIdleChunk}
		outer, limited := src.(*io.LimitedReader)
		if limited {
			if outer.N <= 0 {
				return total, nil
			}
			piece = &io.LimitedReader{R: outer.R, N: min(outer.N, writeIdleChunk)}
		}
		want := piece.N
		w.refresh()
		n, err := io.Copy(w.ResponseWriter, piece)
		total += n
		if limited {
			outer.N -= n
		}
		if err != nil || n < want {
			return total, err
		}
	}
}

func (w *idleWriter) Flush() {
	w.refresh()
	w.rc.Flush() //nolint:errcheck // as http.Flusher: the next write fails too
}

func (w *idleWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
