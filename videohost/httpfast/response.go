package httpfast

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxBuffered is the most of a body the fast path holds back to send with
// the head in one write, and to measure when the handler set no
// Content-Length. A longer body of unknown length is sent as it comes and
// ended by closing the connection.
const maxBuffered = 64 << 10

// sniffLen is how much of a body net/http reads before it sends the head
// (to sniff a Content-Type, and so that a failing source fails before
// anything was sent); ReadFrom does the same.
const sniffLen = 512

// response is the fast path's http.ResponseWriter, one per connection,
// reset for each request.
type response struct {
	c           *conn
	req         *http.Request
	header      http.Header
	status      int
	wroteHeader bool
	sent        bool  // the head is on the wire
	declared    int64 // the handler's Content-Length, or -1
	written     int64 // body bytes the handler wrote, refused ones too (as net/http counts)
	accepted    int64 // body bytes taken to send
	body        []byte
	out         []byte // the head (and body) being written
	closeAfter  bool   // the connection cannot serve another request
	broken      bool   // a write to the connection failed
}

func (w *response) reset(c *conn, r *http.Request) {
	if w.header == nil {
		w.header = make(http.Header, 12)
	}
	clear(w.header)
	*w = response{c: c, req: r, header: w.header, declared: -1,
		body: w.body[:0], out: w.out[:0]}
	if cap(w.body) > maxBuffered {
		w.body = nil
	}
	if cap(w.out) > maxBuffered {
		w.out = nil
	}
}

func (w *response) Header() http.Header { return w.header }

func bodyAllowed(status int) bool {
	return status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified
}

func (w *response) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if code < 200 {
		return // informational responses are not sent (doc.go)
	}
	w.wroteHeader, w.status = true, code
	if cl := w.header["Content-Length"]; len(cl) > 0 {
		n, err := strconv.ParseInt(cl[0], 10, 64)
		if err == nil && n >= 0 && len(cl) == 1 {
			w.declared = n
		} else {
			w.c.s.logf("http: invalid Content-Length of %q", cl)
			delete(w.header, "Content-Length")
		}
	}
}

func (w *response) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if len(p) == 0 {
		return 0, nil
	}
	if !bodyAllowed(w.status) {
		return 0, http.ErrBodyNotAllowed
	}
	w.written += int64(len(p))
	if w.declared >= 0 && w.written > w.declared {
		return 0, http.ErrContentLength
	}
	w.accepted += int64(len(p))
	if w.req.Method == http.MethodHead {
		if !w.sent && len(w.body) < sniffLen {
			w.body = append(w.body, p[:min(len(p), sniffLen-len(w.body))]...)
		}
		return len(p), nil
	}
	if !w.sent {
		if len(w.body)+len(p) <= maxBuffered {
			w.body = append(w.body, p...)
			return len(p), nil
		}
		if err := w.sendHead(false, p); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return w.write(p)
}

func (w *response) write(p []byte) (int, error) {
	if w.broken {
		return 0, io.ErrClosedPipe
	}
	n, err := w.c.nc.Write(p)
	if err != nil {
		w.broken = true
	}
	return n, err
}

// ReadFrom sends a file with sendfile, as net/http does: the first
// sniffLen bytes go through Write, then the head, then the rest straight
// from src to the connection.
func (w *response) ReadFrom(src io.Reader) (int64, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	var n int64
	if !w.sent {
		n0, err := io.Copy(writerOnly{w}, io.LimitReader(src, sniffLen))
		n += n0
		if err != nil || n0 < sniffLen {
			return n, err
		}
	}
	if w.req.Method == http.MethodHead || !bodyAllowed(w.status) {
		n0, err := io.Copy(writerOnly{w}, src)
		return n + n0, err
	}
	// As nginx's tcp_nopush: the head and the file leave in full
	// frames, rather than the head in a frame of its own and the file in
	// as many as the socket's buffer happened to take at each push.
	// Measured with wrk on 1 MiB segments (BENCHMARKS.md, session 14).
	defer cork(w.c.nc)()
	if !w.sent {
		if err := w.sendHead(false, nil); err != nil {
			return n, err
		}
	}
	if w.declared >= 0 {
		left := w.declared - w.accepted
		if lr, ok := src.(*io.LimitedReader); !ok || lr.N > left {
			src = io.LimitReader(src, left)
		}
	}
	if w.broken {
		return n, io.ErrClosedPipe
	}
	rf, ok := w.c.nc.(io.ReaderFrom)
	if !ok {
		n0, err := io.Copy(writerOnly{w}, src)
		return n + n0, err
	}
	n0, err := rf.ReadFrom(src)
	n += n0
	w.written += n0
	w.accepted += n0
	if err != nil {
		w.broken = true
	}
	return n, err
}

// SetWriteDeadline sets the connection's write deadline, for
// http.ResponseController (WriteIdleTimeout).
func (w *response) SetWriteDeadline(t time.Time) error { return w.c.nc.SetWriteDeadline(t) }

// writerOnly hides ReadFrom, so that io.Copy calls Write.
type writerOnly struct{ io.Writer }

// Flush sends the head and what is buffered of the body.
func (w *response) Flush() {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if !w.sent {
		w.sendHead(false, nil) //nolint:errcheck // the next write fails too
	}
}

// finish ends the response once the handler returned, and reports
// whether the connection can serve another request.
func (w *response) finish() bool {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if !w.sent {
		if err := w.sendHead(true, nil); err != nil {
			return false
		}
	}
	if w.declared >= 0 && w.accepted != w.declared && w.req.Method != http.MethodHead && bodyAllowed(w.status) {
		// The client waits for bytes that will never come.
		w.closeAfter = true
	}
	return !w.closeAfter && !w.broken
}

// sendHead writes the head, then the buffered body, then extra, in one
// write. done says the handler has returned, so that a body of unknown
// length has the length of what is buffered.
func (w *response) sendHead(done bool, extra []byte) error {
	w.sent = true
	h := w.header
	delete(h, "Transfer-Encoding") // the framing is this writer's
	var length string
	switch {
	case !bodyAllowed(w.status):
		if w.status == http.StatusNotModified {
			delete(h, "Content-Type")
		}
		delete(h, "Content-Length")
	case w.declared >= 0:
	case done && (w.req.Method != http.MethodHead || len(w.body) > 0):
		length = strconv.Itoa(len(w.body))
		if w.req.Method == http.MethodHead {
			length = strconv.FormatInt(w.written, 10)
		}
	case w.req.Method != http.MethodHead:
		w.closeAfter = true // the end of the body is the end of the connection
	}
	var contentType string
	if _, ok := h["Content-Type"]; !ok && bodyAllowed(w.status) && len(w.body)+len(extra) > 0 && h.Get("Content-Encoding") == "" {
		sniff := w.body
		if len(sniff) == 0 {
			sniff = extra
		}
		contentType = http.DetectContentType(sniff[:min(len(sniff), sniffLen)])
	}
	// As net/http: the client asked (any of its Connection values, or a
	// looser reading of the first), or the handler set exactly "close".
	if w.req.Close || hasToken(w.req.Header.Get("Connection"), "close") || h.Get("Connection") == "close" || w.c.s.closing.Load() {
		w.closeAfter = true
	}
	if w.closeAfter && !hasToken(h.Get("Connection"), "close") {
		delete(h, "Connection")
		h["Connection"] = []string{"close"}
	}

	b := append(w.out[:0], "HTTP/1.1 "...)
	b = strconv.AppendInt(b, int64(w.status), 10)
	b = append(b, ' ')
	b = append(b, http.StatusText(w.status)...)
	b = append(b, "\r\n"...)
	// In the map's order: unlike net/http, no sort; order carries no
	// meaning between header fields of different names.
	for k, vs := range h {
		if !validHeaderName(k) {
			continue
		}
		for _, v := range vs {
			b = appendHeader(b, k, v)
		}
	}
	if length != "" {
		b = appendHeader(b, "Content-Length", length)
	}
	if contentType != "" {
		b = appendHeader(b, "Content-Type", contentType)
	}
	if _, ok := h["Date"]; !ok {
		b = appendHeader(b, "Date", w.c.s.date.get(time.Now()))
	}
	b = append(b, "\r\n"...)
	if w.req.Method == http.MethodHead || !bodyAllowed(w.status) {
		extra = nil
	} else {
		b = append(b, w.body...)
		if len(b)+len(extra) <= maxBuffered {
			b, extra = append(b, extra...), nil
		}
	}
	w.out = b
	if _, err := w.write(b); err != nil {
		return err
	}
	if len(extra) > 0 {
		// A large write is not copied: it follows the head on its own.
		_, err := w.write(extra)
		return err
	}
	return nil
}

// appendHeader appends one header line; as net/http does, a line break in
// a value becomes a space, so that no value can start another header.
func appendHeader(b []byte, key, value string) []byte {
	b = append(b, key...)
	b = append(b, ": "...)
	if strings.ContainsAny(value, "\r\n") || value != "" && (isSpace(value[0]) || isSpace(value[len(value)-1])) {
		value = strings.Trim(value, " \t\r\n")
		start := len(b)
		b = append(b, value...)
		for i := start; i < len(b); i++ {
			if b[i] == '\r' || b[i] == '\n' {
				b[i] = ' '
			}
		}
		return append(b, "\r\n"...)
	}
	b = append(b, value...)
	return append(b, "\r\n"...)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

func validHeaderName(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isTokenByte(k[i]) {
			return false
		}
	}
	return true
}
