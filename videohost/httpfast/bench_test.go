package httpfast_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// BenchmarkPlaylist serves a 1 KiB body for a player-like request over
// loopback, the requests pipelined 16 at a time by a raw client (so that
// the client costs little), on the fast path and on net/http alone.
//
//	go test -run '^$' -bench Playlist -benchmem ./videohost/httpfast/
func BenchmarkPlaylist(b *testing.B) {
	body := make([]byte, 1024)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr := w.Header()
		hdr["Content-Type"] = []string{"application/vnd.apple.mpegurl"}
		hdr["Cache-Control"] = []string{"private, max-age=10"}
		hdr["Access-Control-Allow-Origin"] = []string{"*"}
		hdr["Etag"] = []string{`"abc"`}
		hdr["Content-Length"] = []string{strconv.Itoa(len(body))}
		w.Write(body)
	})
	const req = "GET /f/space/video/h264_sd/playlist.m3u8?v=v123&g=abcdefghijklmnopqrstuvwxyz HTTP/1.1\r\n" +
		"Host: 127.0.0.1:8080\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120\r\n" +
		"Accept: */*\r\nOrigin: https://example.com\r\nReferer: https://example.com/watch\r\n" +
		"Accept-Encoding: gzip, deflate\r\nAccept-Language: en\r\nConnection: keep-alive\r\n\r\n"
	for _, tc := range []struct {
		name string
		fast bool
	}{{"fast", true}, {"net-http", false}} {
		b.Run(tc.name, func(b *testing.B) {
			var addr string
			if tc.fast {
				s, _ := startFast(b, h, nil)
				addr = s.addr
			} else {
				addr = startReference(b, h).addr
			}
			c, err := net.Dial("tcp", addr)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(time.Minute))
			br := bufio.NewReaderSize(c, 64<<10)
			batch := []byte{}
			for range 16 {
				batch = append(batch, req...)
			}
			// One answer's size, from the first.
			io.WriteString(c, req)
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			size := headSize(b, c, br, req) + len(body)
			b.ResetTimer()
			b.ReportAllocs()
			for i := 0; i < b.N; i += 16 {
				if _, err := c.Write(batch); err != nil {
					b.Fatal(err)
				}
				if _, err := br.Discard(16 * size); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// headSize measures the bytes of an answer's head, which stay the same
// from one answer to the next but for the Date, whose length is fixed.
func headSize(b *testing.B, c net.Conn, br *bufio.Reader, req string) int {
	b.Helper()
	io.WriteString(c, req)
	n := 0
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			b.Fatal(err)
		}
		n += len(line)
		if line == "\r\n" {
			break
		}
	}
	if _, err := br.Discard(1024); err != nil {
		b.Fatal(err)
	}
	return n
}
