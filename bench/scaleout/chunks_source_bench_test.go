//go:build bench

package scaleout

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
	"github.com/reelvideo/reel/internal/pgtest"
	"github.com/reelvideo/reel/internal/s3test"
)

// countingProxy forwards TCP connections to upstream and counts what
// comes back (the bytes clients read from the S3 server) and the GETs of
// keys that end with suffix in the requests going up.
type countingProxy struct {
	ln       net.Listener
	upstream string
	suffix   string
	down     atomic.Int64
	gets     atomic.Int64
	wg       sync.WaitGroup
}

func startCountingProxy(t *testing.T, upstream, suffix string) *countingProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &countingProxy{ln: ln, upstream: upstream, suffix: suffix}
	p.wg.Go(p.serve)
	t.Cleanup(func() { ln.Close(); p.wg.Wait() })
	return p
}

func (p *countingProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.wg.Go(func() {
			defer c.Close()
			u, err := net.Dial("tcp", p.upstream)
			if err != nil {
				return
			}
			defer u.Close()
			var both sync.WaitGroup
			both.Go(func() {
				p.scanUp(u, c)
				u.(*net.TCPConn).CloseWrite() //nolint:errcheck // the other side ends the connection too
			})
			n, _ := io.Copy(c, u)
			p.down.Add(n)
			c.Close()
			both.Wait()
		})
	}
}

// scanUp copies the client's bytes to the server, counting request lines
// that GET a key ending with the suffix (a tail is kept so that a line
// split between reads still counts).
func (p *countingProxy) scanUp(dst io.Writer, src io.Reader) {
	buf := make([]byte, 64<<10)
	var tail []byte
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
			window := append(tail, buf[:n]...)
			lines := bytes.Split(window, []byte("\r\n"))
			// The last piece has no line break yet: it is looked at with
			// the next read, so that no line is counted twice.
			for _, line := range lines[:len(lines)-1] {
				f := strings.Fields(string(line))
				if len(f) == 3 && f[0] == "GET" && f[2] == "HTTP/1.1" && strings.HasSuffix(strings.SplitN(f[1], "?", 2)[0], p.suffix) {
					p.gets.Add(1)
				}
			}
			tail = append(tail[:0], lines[len(lines)-1]...)
			if len(tail) > 4096 {
				tail = tail[len(tail)-4096:]
			}
		}
		if err != nil {
			return
		}
	}
}

// TestChunkSourceReads: one REEL_BENCH_CHUNK_SOURCE_SECONDS (default 180)
// 640x360 upload encoded in chunks of 20 s (--chunk-threshold 30s) by two
// `refserver worker` processes over PostgreSQL and versitygw, with a
// counting proxy in front of versitygw: the bytes the workers read from
// the bucket until the video is ready, in units of the source's size, and
// the GETs of the source itself.
func TestChunkSourceReads(t *testing.T) {
	m := startMeasure()
	seconds := benchkit.EnvInt("REEL_BENCH_CHUNK_SOURCE_SECONDS", 180)
	src := makeSource(t, seconds, "640x360")
	info, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	srv := s3test.Start(t)
	dsn := pgtest.New(t)
	data := t.TempDir()
	bucket := srv.Bucket(t)
	proxy := startCountingProxy(t, strings.TrimPrefix(srv.Endpoint, "http://"), "/source")
	var env []string
	for k, v := range srv.Env() {
		env = append(env, k+"="+v)
	}
	blobs := "s3://" + bucket + "?endpoint=http://" + proxy.ln.Addr().String() + "&region=" + s3test.Region + "&path_style=true"
	flags := []string{"--database", dsn, "--blobs", blobs, "--chunk-threshold", "30s", "--chunk-length", "20s"}
	api := startRefserver(t, "api", data, env, flags...)
	admin := api.key(t, "read_write")
	workers := []*proc{startRefserver(t, "worker", data, env, flags...), startRefserver(t, "worker", data, env, flags...)}
	keys := createKeys(t, api.base, admin, 2)

	load := benchkit.LoadAverage()
	start := time.Now()
	ids := uploadAll(t, api.base, keys[0], src, 1, 1)
	down0, gets0 := proxy.down.Load(), proxy.gets.Load()
	uploaded := time.Now()
	end := waitReady(t, api.base, keys[1], ids, 30*time.Minute)
	down, gets := proxy.down.Load()-down0, proxy.gets.Load()-gets0
	for _, w := range workers {
		w.stop()
	}
	chunks, stitches := 0, 0
	perWorker := make([]string, len(workers))
	for i, w := range workers {
		n := 0
		for _, l := range w.logLines() {
			if strings.Contains(l, `msg="job done"`) && strings.Contains(l, "video="+ids[0]) {
				switch {
				case strings.Contains(l, "kind=chunk"):
					chunks++
					n++
				case strings.Contains(l, "kind=stitch"):
					stitches++
				}
			}
		}
		perWorker[i] = fmt.Sprint(n)
	}

	var out strings.Builder
	fmt.Fprintf(&out, "\nOne %d s 640x360 upload (%.1f MB) in chunks of 20 s on two refserver workers; PostgreSQL + versitygw behind a counting proxy (load average %s→%s)\n\n",
		seconds, float64(info.Size())/1e6, load, benchkit.LoadAverage())
	fmt.Fprintln(&out, "| chunk jobs done (per worker) | stitch jobs | GETs of the source | bytes read from the bucket MB | ÷ source size | upload s | processing s |")
	fmt.Fprintln(&out, "|---|---|---|---|---|---|---|")
	fmt.Fprintf(&out, "| %d (%s) | %d | %d | %.1f | %.2f | %.1f | %.1f |\n", chunks, strings.Join(perWorker, ", "), stitches, gets,
		float64(down)/1e6, float64(down)/float64(info.Size()), uploaded.Sub(start).Seconds(), end.Sub(uploaded).Seconds())
	fmt.Fprintf(&out, "\n%s\n", m)
	fmt.Print(out.String())
}
