package media_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

func ladderTestContext(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// generateSource runs ffmpeg (lavfi sources only) to write name in a
// temporary folder and returns its path.
func generateSource(t testing.TB, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	path := filepath.Join(t.TempDir(), name)
	full := append([]string{"-nostdin", "-v", "error", "-y"}, args...)
	full = append(full, path)
	out, err := exec.Command("ffmpeg", full...).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return path
}

// avSource makes an H.264/AAC MP4 of the given size, rate and length.
func avSource(t *testing.T, size, rate, seconds string) string {
	t.Helper()
	return generateSource(t, "src_"+size+".mp4",
		"-f", "lavfi", "-i", "testsrc2=size="+size+":rate="+rate,
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
		"-t", seconds, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "64k")
}

// concatFiles writes the files one after the other into a new file (an
// init segment and its media segments make a playable fMP4).
func concatFiles(t *testing.T, dst string, srcs ...string) string {
	t.Helper()
	var all []byte
	for _, s := range srcs {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	if err := os.WriteFile(dst, all, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

func requireCode(t *testing.T, err error, code string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want error with code %s, got nil", code)
	}
	if !media.IsCode(err, code) {
		t.Fatalf("want code %s, got %v", code, err)
	}
}
