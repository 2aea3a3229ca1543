package media_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// logBuffer collects a job's log lines, written from any goroutine.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// record is the first log line whose message starts with msg, decoded;
// nil when there is none.
func (b *logBuffer) record(msg string) map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, line := range strings.Split(b.buf.String(), "\n") {
		var r map[string]any
		if json.Unmarshal([]byte(line), &r) == nil && strings.HasPrefix(r["msg"].(string), msg) {
			return r
		}
	}
	return nil
}

// sharedRun is one early-first Process of a source.
type sharedRun struct {
	out  string
	m    *media.Manifest
	logs *logBuffer
}

func processShared(t *testing.T, src string, sharedBytes int64) sharedRun {
	t.Helper()
	run := sharedRun{out: t.TempDir(), logs: &logBuffer{}}
	var err error
	run.m, err = media.Process(ladderTestContext(t), media.ProcessOptions{
		Source: src, OutDir: run.out, LadderOnly: true, SharedDecodeBytes: sharedBytes,
		// The encoder's settings do not matter here: the fastest keeps the
		// test short.
		Ladder:     media.LadderOptions{Preset: "ultrafast"},
		Logger:     slog.New(slog.NewJSONHandler(run.logs, nil)),
		OnPlayable: func(context.Context, media.Playable) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.m.Renditions) < 2 {
		t.Fatalf("%d renditions: not an early-first encode", len(run.m.Renditions))
	}
	return run
}

// packets is how many video packets ffprobe counts in path.
func packets(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets",
		"-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("ffprobe %s: %q", path, out)
	}
	return n
}

// sameLadder fails t unless got has want's renditions with the same
// segments, byte for byte, and MP4s of the same number of frames.
func sameLadder(t *testing.T, name string, want, got sharedRun) {
	t.Helper()
	if len(got.m.Renditions) != len(want.m.Renditions) {
		t.Fatalf("%s: %d renditions, want %d", name, len(got.m.Renditions), len(want.m.Renditions))
	}
	for i, w := range want.m.Renditions {
		g := got.m.Renditions[i]
		if len(g.Segments) != len(w.Segments) {
			t.Errorf("%s: %s has %d segments, want %d", name, g.Name, len(g.Segments), len(w.Segments))
			continue
		}
		for j, ws := range w.Segments {
			gs := g.Segments[j]
			a, errA := os.ReadFile(filepath.Join(want.out, ws.URI))
			b, errB := os.ReadFile(filepath.Join(got.out, gs.URI))
			if err := errors.Join(errA, errB); err != nil {
				t.Fatal(err)
			}
			if gs.Duration != ws.Duration || !bytes.Equal(a, b) {
				t.Errorf("%s: %s segment %d: %.3f s, %d bytes; want %.3f s, %d bytes, the same bytes",
					name, g.Name, j, gs.Duration, len(b), ws.Duration, len(a))
			}
		}
		if gn, wn := packets(t, filepath.Join(got.out, g.MP4)), packets(t, filepath.Join(want.out, w.MP4)); gn != wn {
			t.Errorf("%s: %s has %d frames, want %d", name, g.Name, gn, wn)
		}
	}
}

// TestSharedDecodeKeepsTheLadder encodes a source that cannot be remuxed
// (4:2:2) three ways: the early pass handing every picture to the ladder
// pass, each pass decoding the source, and the early pass stopping
// mid-way (a bound of 22 pictures, full before the ladder pass starts),
// the ladder pass then decoding the source itself and dropping the
// pictures it received. The renditions are the same to the byte.
func TestSharedDecodeKeepsTheLadder(t *testing.T) {
	t.Parallel()
	src := generateSource(t, "src.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "3",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv422p", "-c:a", "aac")
	const picture = 1280 * 720 * 2 // yuv422p
	separate := processShared(t, src, 0)
	shared := processShared(t, src, media.RecommendedSharedDecodeBytes)
	detached := processShared(t, src, 22*picture)

	if r := shared.logs.record("media: shared decode over"); r == nil || r["detached"] != false || r["frames_taken"] != float64(30) {
		t.Errorf("sharing: %v, want every one of the 30 pictures taken, never detached", r)
	}
	if r := detached.logs.record("media: the ladder pass decodes the source itself"); r == nil || r["skipping_frames"].(float64) < 1 {
		t.Errorf("a bound of 22 pictures: %v, want the ladder pass to decode, dropping what it received", r)
	}
	if n := packets(t, filepath.Join(separate.out, separate.m.Renditions[1].MP4)); n != 30 {
		t.Errorf("without sharing, %d frames, want the source's 30", n)
	}
	sameLadder(t, "sharing", separate, shared)
	sameLadder(t, "detached", separate, detached)
}

// TestSharedDecodeDetachesOnBrokenTimestamps: two MPEG-TS captures one
// after the other, each starting at 0, so that the timestamps go back 2 s
// in the middle (a seek to where the early pass stopped would land in the
// wrong half); the ladder pass that takes over from the early pass finds
// where to resume by counting pictures, and encodes what it would have
// encoded alone.
func TestSharedDecodeDetachesOnBrokenTimestamps(t *testing.T) {
	t.Parallel()
	part := func(name string) string {
		return generateSource(t, name, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10", "-frames:v", "20",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv422p", "-f", "mpegts")
	}
	src := concatFiles(t, filepath.Join(t.TempDir(), "src.ts"), part("a.ts"), part("b.ts"))
	separate := processShared(t, src, 0)
	detached := processShared(t, src, 22*1280*720*2)
	if r := detached.logs.record("media: the ladder pass decodes the source itself"); r == nil || r["skipping_frames"].(float64) < 1 {
		t.Errorf("a bound of 22 pictures: %v, want the ladder pass to decode, dropping what it received", r)
	}
	sameLadder(t, "detached", separate, detached)
}

// TestSharedDecodeCancel cancels an early-first encode as soon as it is
// playable, with the ladder pass starting on the shared pictures: Process
// returns promptly and leaves no goroutine behind.
func TestSharedDecodeCancel(t *testing.T) {
	src := generateSource(t, "src.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "4",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv422p", "-c:a", "aac")
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(ladderTestContext(t))
	defer cancel()
	var cancelled time.Time
	_, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: t.TempDir(), LadderOnly: true,
		SharedDecodeBytes: media.RecommendedSharedDecodeBytes,
		OnPlayable: func(context.Context, media.Playable) error {
			cancelled = time.Now()
			cancel()
			return nil
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Process returned %v, want context.Canceled", err)
	}
	if cancelled.IsZero() {
		t.Fatal("never playable")
	}
	if d := time.Since(cancelled); d > 5*time.Second {
		t.Errorf("Process returned %v after the cancel", d)
	}
	noLeak(t, before)
	t.Logf("Process and its goroutines done %v after the cancel", time.Since(cancelled))
}
