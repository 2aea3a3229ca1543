package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/tokens"
	"github.com/reelvideo/reel/videohost"
	"github.com/reelvideo/reel/videohost/access"
	"github.com/reelvideo/reel/videohost/blob"
	"github.com/reelvideo/reel/videohost/httpapi"
	"github.com/reelvideo/reel/videohost/sqlite"
)

// The per-request cost of delivery, without the network: ServeHTTP of a
// playlist and of a segment, signed and public, with -benchmem for the
// allocations per request. The log goes where refserver's goes, minus the
// write: a text handler at info into io.Discard.
//
//	go test ./videohost/httpapi/ -run '^$' -bench Delivery -benchmem

// discardWriter is the smallest http.ResponseWriter: what a handler writes
// is counted and dropped. It has no ReadFrom, so a file is read, not
// sent: the segment of the benchmark is small.
type discardWriter struct {
	header http.Header
	status int
	n      int
}

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
}

func (w *discardWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.n += len(b)
	return len(b), nil
}

// deliveryBench is a Handler with a published signed and public video.
type deliveryBench struct {
	h              *httpapi.Handler
	signed, public *videohost.Video
	token          string
	signingToken   string // from a signing key (EdDSA)
}

func newDeliveryBench(b *testing.B, logLevel slog.Level) *deliveryBench {
	b.Helper()
	ctx := context.Background()
	dir := b.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "reel.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	blobs, err := blob.Open(filepath.Join(dir, "blobs"))
	if err != nil {
		b.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: logLevel}))
	svc, err := videohost.New(videohost.Config{Store: db, Queue: db, Blobs: blobs, Logger: logger,
		Secret: bytes.Repeat([]byte("s"), 32), BaseURL: "http://127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	sp, keys, err := svc.Bootstrap(ctx)
	if err != nil {
		b.Fatal(err)
	}
	var rw *videohost.Key
	for _, k := range keys {
		if k.Access == videohost.AccessReadWrite {
			rw = k
		}
	}
	p := &videohost.Principal{Space: sp.ID, KeyID: rw.ID, Access: rw.Access}
	var media strings.Builder
	media.WriteString("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI=\"init.mp4\"\n")
	for i := range 16 {
		fmt.Fprintf(&media, "#EXTINF:4.000000,\n%d.m4s\n", i)
	}
	media.WriteString("#EXT-X-ENDLIST\n")
	publish := func(policy videohost.PlaybackPolicy) *videohost.Video {
		v, err := svc.CreateUploadVideo(ctx, p, videohost.UploadInput{Title: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.UpdateVideo(ctx, p, v.ID, videohost.UpdateVideoInput{PlaybackPolicy: &policy}); err != nil {
			b.Fatal(err)
		}
		folder := filepath.Join(dir, "publish", v.ID)
		files := map[string]string{
			"playlist.m3u8": "#EXTM3U\n#EXT-X-VERSION:7\n" +
				`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="en",DEFAULT=YES,URI="audio/0/playlist.m3u8"` + "\n" +
				`#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aac"` + "\nh264_sd/playlist.m3u8\n",
			"h264_sd/playlist.m3u8": media.String(),
			"h264_sd/0.m4s":         strings.Repeat("s", 1024),
		}
		for name, data := range files {
			path := filepath.Join(folder, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := svc.Jobs().SourceStored(ctx, v.ID, 1); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Jobs().StartProcessing(ctx, v.ID); err != nil {
			b.Fatal(err)
		}
		v, err = svc.Jobs().PublishReady(ctx, v.ID, folder, &videohost.ProcessOutput{Duration: 64, Width: 640, Height: 360,
			Renditions: []videohost.Rendition{{Name: "h264_sd", Width: 640, Height: 360}}})
		if err != nil {
			b.Fatal(err)
		}
		return v
	}
	d := &deliveryBench{signed: publish(videohost.PlaybackSigned), public: publish(videohost.PlaybackPublic)}
	d.token, err = tokens.SignPlayback(tokens.HMACKey{ID: rw.ID, Secret: rw.Secret}, d.signed.Embed, time.Hour, nil)
	if err != nil {
		b.Fatal(err)
	}
	// A token of a signing key, as an application signs them without
	// holding an API key.
	nk, err := access.New(svc).CreateSigningKey(ctx, p, "")
	if err != nil {
		b.Fatal(err)
	}
	priv, err := tokens.ParseSigningKeyPEM(nk.ID, []byte(nk.PrivatePEM))
	if err != nil {
		b.Fatal(err)
	}
	if d.signingToken, err = tokens.SignPlayback(priv, d.signed.Embed, time.Hour, nil); err != nil {
		b.Fatal(err)
	}
	d.h, err = httpapi.New(svc, httpapi.Config{UploadDir: filepath.Join(dir, "uploads"), Logger: logger})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.h.Close() })
	return d
}

// processCPU is the CPU time the process has used (user and system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// grant returns the grant the signed video's media playlist lists.
func (d *deliveryBench) grant(b *testing.B) string {
	b.Helper()
	r := httptest.NewRequest(http.MethodGet, "/media/"+d.signed.Space+"/"+d.signed.ID+"/h264_sd/playlist.m3u8?token="+d.token, nil)
	w := httptest.NewRecorder()
	d.h.ServeHTTP(w, r)
	_, rest, ok := strings.Cut(w.Body.String(), "&g=")
	if !ok {
		b.Fatalf("no grant in\n%s", w.Body)
	}
	if i := strings.IndexAny(rest, "\"\n"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// BenchmarkDelivery serves one asset per iteration through ServeHTTP.
func BenchmarkDelivery(b *testing.B) {
	for _, level := range []slog.Level{slog.LevelInfo, slog.LevelWarn} {
		d := newDeliveryBench(b, level)
		for _, c := range []struct {
			name  string
			v     *videohost.Video
			asset string
			token string
			grant bool // by the grant the signed playlist lists
		}{
			{"playlist/signed", d.signed, "h264_sd/playlist.m3u8", d.token, false},
			{"playlist/public", d.public, "h264_sd/playlist.m3u8", "", false},
			{"master/signed", d.signed, "playlist.m3u8", d.token, false},
			{"segment/signed", d.signed, "h264_sd/0.m4s", d.token, false},
			{"segment/signing-key", d.signed, "h264_sd/0.m4s", d.signingToken, false},
			{"segment/grant", d.signed, "h264_sd/0.m4s", "", true},
			{"segment/public", d.public, "h264_sd/0.m4s", "", false},
		} {
			target := "/media/" + c.v.Space + "/" + c.v.ID + "/" + c.asset + "?v=" + c.v.AssetVersion
			if c.token != "" {
				target += "&token=" + c.token
			}
			if c.grant {
				target += "&g=" + d.grant(b)
			}
			b.Run(fmt.Sprintf("log=%s/%s", level, c.name), func(b *testing.B) {
				r := httptest.NewRequest(http.MethodGet, target, nil)
				b.ReportAllocs()
				cpu := processCPU()
				for b.Loop() {
					w := &discardWriter{header: http.Header{}}
					d.h.ServeHTTP(w, r)
					if w.status != http.StatusOK || w.n == 0 {
						b.Fatalf("status %d, %d bytes", w.status, w.n)
					}
				}
				// CPU time rather than wall time: on a shared machine the
				// wall time says more about the neighbours.
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
