package delivery_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reelvideo/reel/internal/s3test"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/delivery"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// countingBlobs counts the opens of rendition MP4s (fetches into the
// rendition cache) of the store it wraps.
type countingBlobs struct {
	videohost.Blobs
	fetches atomic.Int32
}

func (c *countingBlobs) Open(ctx context.Context, key string) (videohost.Blob, videohost.BlobInfo, error) {
	if strings.HasSuffix(key, ".mp4") {
		c.fetches.Add(1)
	}
	return c.Blobs.Open(ctx, key)
}

// framePipeline answers a frame with the bytes of the one source it is
// handed, read from local disk.
type framePipeline struct{ wait chan struct{} }

func (framePipeline) Process(context.Context, videohost.ProcessInput) (*videohost.ProcessOutput, error) {
	return nil, errors.New("not in these tests")
}

func (p framePipeline) Frame(_ context.Context, req videohost.FrameRequest) ([]byte, error) {
	if p.wait != nil {
		<-p.wait
	}
	if len(req.Sources) != 1 {
		return nil, fmt.Errorf("%d sources", len(req.Sources))
	}
	return os.ReadFile(req.Sources[0].Path)
}

// TestRenditionCache: with blobs in S3, frames are cut from local copies of
// renditions, fetched once however many frames ask at once, kept within
// the cache's bound, and found again by a new service over the folder.
func TestRenditionCache(t *testing.T) {
	ctx := context.Background()
	srv := s3test.Start(t)
	blobs := &countingBlobs{Blobs: srv.Open(t)}
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "reel.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	cacheDir := filepath.Join(t.TempDir(), "renditions")
	release := make(chan struct{})
	newService := func(pipe videohost.Pipeline) (*videohost.Service, *delivery.Delivery) {
		svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Pipeline: pipe,
			Secret: bytes.Repeat([]byte("k"), 32), BaseURL: "https://reel.example"})
		if err != nil {
			t.Fatal(err)
		}
		d, err := delivery.New(svc, delivery.Config{RenditionCacheDir: cacheDir, RenditionCacheBytes: 2500})
		if err != nil {
			t.Fatal(err)
		}
		return svc, d
	}
	svc, d := newService(framePipeline{wait: release})
	sp, _, err := svc.Bootstrap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := &videohost.Principal{Space: sp.ID, Access: videohost.AccessReadWrite}
	// Two videos with an sd (1000 bytes) and an hd (2000 bytes) rendition.
	publish := func(fill byte) *videohost.Video {
		t.Helper()
		v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "t"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Jobs().SourceStored(ctx, v.ID, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		dir := writeTree(t, map[string]string{
			"h264_sd.mp4": strings.Repeat(string(fill), 1000),
			"h264_hd.mp4": strings.Repeat(string(fill+1), 2000),
		})
		out := &videohost.ProcessOutput{Duration: 10, Width: 1280, Height: 720, Renditions: []videohost.Rendition{
			{Name: "h264_sd", Width: 640, Height: 360}, {Name: "h264_hd", Width: 1280, Height: 720}}}
		v, err = svc.Jobs().PublishReady(ctx, v.ID, dir, out)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	a, b := publish('a'), publish('c')
	frame := func(d *delivery.Delivery, v *videohost.Video, at float64, width int) string {
		t.Helper()
		spec, err := d.ResolveFrame(context.Background(), v, delivery.FrameQuery{Time: &at, Width: width, Format: "jpg"})
		if err != nil {
			t.Fatal(err)
		}
		img, err := d.MakeFrame(ctx, spec)
		if err != nil {
			t.Fatal(err)
		}
		return string(img[:1]) + fmt.Sprint(len(img))
	}

	// Eight frames of one rendition at once: one fetch.
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = frame(d, a, float64(i), 320)
		}()
	}
	for blobs.fetches.Load() == 0 {
		time.Sleep(time.Millisecond) // until the first fetch started
	}
	close(release)
	wg.Wait()
	for i, g := range got {
		if g != "a1000" {
			t.Fatalf("frame %d was cut from %q, want the sd rendition of a", i, g)
		}
	}
	if n := blobs.fetches.Load(); n != 1 {
		t.Fatalf("%d fetches for eight frames of one rendition", n)
	}
	// The widest rendition for a wide frame; then b's sd pushes the least
	// recently used copy (a's sd) out of the 2500-byte cache.
	if g := frame(d, a, 1, 1920); g != "b2000" {
		t.Fatalf("wide frame cut from %q", g)
	}
	if g := frame(d, b, 1, 320); g != "c1000" {
		t.Fatalf("frame of b cut from %q", g)
	}
	entries, _ := os.ReadDir(cacheDir)
	if n := blobs.fetches.Load(); n != 3 || len(entries) != 1 {
		t.Fatalf("%d fetches, %d copies kept, want 3 and 1 (the bound holds 2500 bytes)", n, len(entries))
	}
	// A new process over the same folder uses what is there.
	_, d2 := newService(framePipeline{})
	if g := frame(d2, b, 2, 320); g != "c1000" || blobs.fetches.Load() != 3 {
		t.Fatalf("after a restart: %q, %d fetches", g, blobs.fetches.Load())
	}
}
