package httpapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
)

// flatImage is a picture of one colour that holds no pixels: png.Encode
// reads it through At, so a 4096×4096 16-bit picture costs the test no
// 128 MiB to make.
type flatImage struct {
	model  color.Model
	c      color.Color
	bounds image.Rectangle
}

func (f flatImage) ColorModel() color.Model { return f.model }
func (f flatImage) Bounds() image.Rectangle { return f.bounds }
func (f flatImage) At(_, _ int) color.Color { return f.c }

// pngBytes encodes a w×h picture of one colour in model (color.RGBA64Model:
// 16 bits a channel; color.GrayModel: 8-bit grey).
// pngBytes is a PNG whose header says w×h pixels of model, encoded from
// one pixel: only the header is read before a budget refuses or takes it,
// so the picture data need not match, and making it costs nothing (the
// whole picture was a minute of flate under the race detector).
func pngBytes(t *testing.T, w, h int, model color.Model) []byte {
	t.Helper()
	var buf bytes.Buffer
	img := flatImage{model: model, c: model.Convert(color.RGBA64{0x1234, 0x5678, 0x9abc, 0xffff}), bounds: image.Rect(0, 0, 1, 1)}
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	// The IHDR chunk: length at 8, type at 12, width at 16, height at 20,
	// its CRC over type and data at 29.
	binary.BigEndian.PutUint32(b[16:20], uint32(w))
	binary.BigEndian.PutUint32(b[20:24], uint32(h))
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// allocatedDuring is how many bytes the process allocated while fn ran
// (runtime.MemStats.TotalAlloc: freed or not, every decode counts).
func allocatedDuring(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestPosterDecodeBudget sends PNG posters whose headers promise pictures
// around trackadmin.MaxImageDecodeBytes (64 MiB once decoded). The
// decompression bomb of issue 35 (a ~130 kB PNG of 4096×4096 pixels of one
// colour at 16 bits a channel: 128 MiB decoded) is 413 payload_too_large
// from its header, while the process allocates a few MiB at most for the
// whole request (it was 202 after a 128 MiB decode); the same size in
// 8-bit grey, and 16 bits at half the height (exactly the budget), are
// taken. The edge limit (4096) lets every one of them through: only the
// budget can refuse.
func TestPosterDecodeBudget(t *testing.T) {
	e := newEnv(t)
	e.usePipeline(&trackPipeline{})
	v := e.publish(publishOptions{})
	const maxAllocRefused = 8 << 20
	for _, c := range []struct {
		name   string
		w, h   int
		model  color.Model
		status int
		code   string
	}{
		{"16-bit 4096x4096: 128 MiB", 4096, 4096, color.RGBA64Model, http.StatusRequestEntityTooLarge, videohost.EPayloadTooLarge},
		{"16-bit 4096x2048: 64 MiB", 4096, 2048, color.RGBA64Model, http.StatusAccepted, ""},
		{"8-bit grey 4096x4096: 16 MiB", 4096, 4096, color.GrayModel, http.StatusAccepted, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := pngBytes(t, c.w, c.h, c.model)
			var r *response
			alloc := allocatedDuring(func() {
				r = e.req("PUT", "/v1/videos/"+v.ID+"/poster", e.rw, body, "Content-Type", "image/png")
			})
			t.Logf("%d bytes of PNG, %d MiB allocated while answering %d", len(body), alloc>>20, r.status)
			if c.code != "" {
				problem(t, r, c.status, c.code)
				if alloc > maxAllocRefused {
					t.Errorf("refusing it allocated %d MiB, want under %d MiB: the picture was decoded", alloc>>20, maxAllocRefused>>20)
				}
				return
			}
			must(t, r, c.status, nil)
		})
	}
}

// blockingChecks is a track pipeline whose probes wait for release, and
// count how many run at once.
type blockingChecks struct {
	trackPipeline
	started chan string // the kind of each probe as it starts
	release chan struct{}
	active  atomic.Int32
	most    atomic.Int32
}

func (p *blockingChecks) probe(kind string) error {
	n := p.active.Add(1)
	for m := p.most.Load(); n > m && !p.most.CompareAndSwap(m, n); m = p.most.Load() {
	}
	p.started <- kind
	<-p.release
	p.active.Add(-1)
	return nil
}

func (p *blockingChecks) ProbeAudio(context.Context, string) error { return p.probe("audio") }
func (p *blockingChecks) ProbeImage(context.Context, string) error { return p.probe("image") }

// TestMediaChecksBound sends poster and audio-track PUTs at once, more
// than videohost.Config.MediaChecks, while the pipeline's probes block:
// exactly MediaChecks probes start (every one of them started before:
// there was no bound), each request past them is 503 unavailable with
// Retry-After: 1 once the wait (250 ms) is over, and those that held a
// check answer 202 once their probe ends. Poster and audio-track checks
// share the one bound.
func TestMediaChecksBound(t *testing.T) {
	poster := pngBytes(t, 64, 36, color.GrayModel)
	for _, c := range []struct {
		name   string
		checks int // videohost.Config.MediaChecks
		want   int
	}{
		{"default", 0, videohost.DefaultMediaChecks},
		{"three", 3, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			p := &blockingChecks{started: make(chan string, 32), release: make(chan struct{})}
			var once sync.Once
			release := func() { once.Do(func() { close(p.release) }) }
			t.Cleanup(release)
			e.usePipeline(p, func(cfg *videohost.Config, _ *delivery.Config) { cfg.MediaChecks = c.checks })
			v := e.publish(publishOptions{})

			n := c.want + 4
			results := make(chan *response, n)
			for i := range n {
				go func() {
					if i%2 == 0 {
						results <- e.req("PUT", "/v1/videos/"+v.ID+"/poster", e.rw, poster, "Content-Type", "image/png")
					} else {
						results <- e.req("PUT", "/v1/videos/"+v.ID+"/audio-tracks/fr", e.rw, "any media", "Content-Type", "audio/mp4")
					}
				}()
			}
			started, refused := 0, 0
			for started < c.want || refused < n-c.want {
				select {
				case <-p.started:
					if started++; started > c.want {
						t.Fatalf("%d probes started at once, want at most %d", started, c.want)
					}
				case r := <-results:
					problem(t, r, http.StatusServiceUnavailable, videohost.EUnavailable)
					if got := r.header.Get("Retry-After"); got != "1" {
						t.Errorf("Retry-After %q, want 1", got)
					}
					refused++
				}
			}
			release()
			for range c.want {
				must(t, <-results, http.StatusAccepted, nil)
			}
			if most := p.most.Load(); int(most) != c.want {
				t.Errorf("%d probes ran at once, want %d", most, c.want)
			}
		})
	}
}
