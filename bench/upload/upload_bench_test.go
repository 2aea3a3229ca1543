//go:build bench

// Package upload measures "reel videos upload" end to end over loopback:
// the throughput of the tus client against a real refserver, and the peak
// resident memory of the reel process, which must stay flat whatever the
// file size (chunks are streamed from disk, never held whole).
//
//	go test -tags bench -bench . -benchtime 1x ./bench/upload
//	REEL_BENCH_UPLOAD_MIB=4096 go test -tags bench -bench . -benchtime 1x ./bench/upload
package upload

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/reelvideo/reel/bench/internal/benchkit"
)

// maxRSS is the target for the client's peak resident memory.
const maxRSS = 64 << 20

func BenchmarkUpload(b *testing.B) {
	size := int64(1 << 30)
	if s := os.Getenv("REEL_BENCH_UPLOAD_MIB"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			b.Fatalf("REEL_BENCH_UPLOAD_MIB: %v", err)
		}
		size = n << 20
	}
	dir := b.TempDir()
	reel := benchkit.Build(b, dir, "reel", "../../cmd/reel", false)
	srv := benchkit.StartRefserver(b, dir)
	env, base, key, logs := srv.Env, srv.Base, srv.Key, srv.Logs

	// A sparse file: the bytes are zeros read from the page cache, so the
	// measure is the client and the server, not the disk.
	src := filepath.Join(dir, "big.bin")
	f, err := os.Create(src)
	if err != nil {
		b.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		b.Fatal(err)
	}
	f.Close()

	var peak int64
	b.SetBytes(size)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Each run uploads anew: a fresh config folder has no saved upload.
		cfg := filepath.Join(dir, "config"+strconv.Itoa(i))
		cmd := exec.Command(reel, "videos", "upload", src, "--quiet", "--base-url", base, "--api-key", key)
		cmd.Env = append(env, "XDG_CONFIG_HOME="+cfg)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("reel videos upload: %v\n%s\nserver:\n%s", err, stderr.String(), logs.String())
		}
		elapsed := time.Since(start)
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		rss := ru.Maxrss * 1024 // kilobytes on Linux
		peak = max(peak, rss)
		b.Logf("%d MiB in %v: %.0f MB/s, reel peak RSS %.1f MiB", size>>20, elapsed.Round(time.Millisecond),
			float64(size)/elapsed.Seconds()/1e6, float64(rss)/(1<<20))
	}
	b.StopTimer()
	b.ReportMetric(float64(peak)/(1<<20), "peak-rss-MiB")
	if peak > maxRSS {
		b.Errorf("reel peak RSS %.1f MiB, want under %d MiB", float64(peak)/(1<<20), maxRSS>>20)
	}
}
