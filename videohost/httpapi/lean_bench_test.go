package httpapi_test

import (
	"bufio"
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/httpfast"
)

// BenchmarkDeliveryLoopback serves playlists through httpfast and the real
// handler to one keep-alive connection, a request at a time, as a player
// does: the server's whole path per request (parse, handler, response),
// with a raw client that allocates nothing, so allocs/op are the server's.
// BenchmarkDelivery is the handler alone.
func BenchmarkDeliveryLoopback(b *testing.B) {
	d := newDeliveryBench(b, slog.LevelInfo)
	for _, c := range []struct{ name, target string }{
		{"playlist/signed", "/media/" + d.signed.Space + "/" + d.signed.ID + "/h264_sd/playlist.m3u8?v=" + d.signed.AssetVersion + "&token=" + d.token},
		{"playlist/public", "/media/" + d.public.Space + "/" + d.public.ID + "/h264_sd/playlist.m3u8?v=" + d.public.AssetVersion},
	} {
		b.Run(c.name, func(b *testing.B) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			s := &httpfast.Server{HTTP: &http.Server{Handler: d.h}, Fast: httpapi.IsDeliveryPath}
			go s.Serve(ln)
			defer s.Close()
			conn, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(5 * time.Minute))
			req := []byte("GET " + c.target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: bench\r\nAccept: */*\r\n\r\n")
			br := bufio.NewReaderSize(conn, 64<<10)
			// One answer's size, from the first.
			conn.Write(req)
			res, err := http.ReadResponse(br, nil)
			if err != nil || res.StatusCode != 200 {
				b.Fatalf("first answer: %v %v", err, res)
			}
			body, _ := io.ReadAll(res.Body)
			n := len(body)
			// Read the head up to the blank line, then n bytes.
			buf := make([]byte, 64<<10)
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				if _, err := conn.Write(req); err != nil {
					b.Fatal(err)
				}
				got := 0
				for {
					line, err := br.ReadSlice('\n')
					if err != nil {
						b.Fatal(err)
					}
					if len(line) == 2 {
						break
					}
					if bytes.HasPrefix(line, []byte("Content-Length: ")) {
						got, _ = strconv.Atoi(string(bytes.TrimSpace(line[16:])))
					}
				}
				if got != n {
					b.Fatalf("Content-Length %d, want %d", got, n)
				}
				if _, err := io.ReadFull(br, buf[:n]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
