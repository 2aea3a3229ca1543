package media_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	_ "image/jpeg"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reelvideo/reel/media"
)

// hashTree hashes every file of dir whose name passes keep, by path.
func hashTree(t *testing.T, dir string, keep func(rel string) bool) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if !keep(filepath.ToSlash(rel)) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// probeSeconds asks ffprobe for the duration of a file.
func probeSeconds(t *testing.T, path string) float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	d, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		t.Fatalf("ffprobe %s: %q", path, out)
	}
	return d
}

func TestAddAudioTrack(t *testing.T) {
	ctx := ladderTestContext(t)
	src := avSource(t, "320x180", "30", "9")
	dir := filepath.Join(t.TempDir(), "out")
	m, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	isVideo := func(rel string) bool {
		return !strings.HasPrefix(rel, "audio/") && strings.HasSuffix(rel, ".m4s") || strings.HasSuffix(rel, "/init.mp4") && !strings.HasPrefix(rel, "audio/")
	}
	before := hashTree(t, dir, isVideo)
	if len(before) < 4 {
		t.Fatalf("only %d video files hashed", len(before))
	}

	short := generateSource(t, "dub.m4a", "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=22050", "-t", "3", "-c:a", "aac")
	long := generateSource(t, "ad.wav", "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=44100", "-t", "14")
	cases := []struct {
		id, lang, kind, source string
	}{
		{"fr", "fr", media.AudioKindDub, short},        // padded with silence
		{"en", "en", media.AudioKindDescription, long}, // cut at the video's end
	}
	for _, c := range cases {
		got, err := media.AddAudioTrack(ctx, media.AddAudioOptions{Dir: dir, Source: c.source, ID: c.id, Language: c.lang, Label: c.lang + " " + c.kind, Kind: c.kind})
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		m = got
		track := filepath.Join(dir, "audio", c.id)
		joined := concatFiles(t, filepath.Join(t.TempDir(), c.id+".mp4"), append([]string{filepath.Join(track, "init.mp4")}, segmentFiles(t, track)...)...)
		if d := probeSeconds(t, joined); math.Abs(d-m.Duration) > m.SegmentTime {
			t.Errorf("%s: track lasts %.3f s, the video %.3f s", c.id, d, m.Duration)
		}
	}
	if after := hashTree(t, dir, isVideo); len(after) != len(before) {
		t.Fatalf("video files: %d before, %d after", len(before), len(after))
	} else {
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s changed", k)
			}
		}
	}
	master, _ := os.ReadFile(filepath.Join(dir, "playlist.m3u8"))
	for _, want := range []string{`NAME="fr dub",LANGUAGE="fr",DEFAULT=NO`, `URI="audio/fr/playlist.m3u8"`, `CHARACTERISTICS="public.accessibility.describes-video"`} {
		if !strings.Contains(string(master), want) {
			t.Errorf("master lacks %s:\n%s", want, master)
		}
	}
	mpd, _ := os.ReadFile(filepath.Join(dir, "manifest.mpd"))
	for _, want := range []string{`value="dub"`, `value="description"`, `urn:tva:metadata:cs:AudioPurposeCS:2007`, `audio/fr/$Number$.m4s`} {
		if !strings.Contains(string(mpd), want) {
			t.Errorf("DASH manifest lacks %s", want)
		}
	}

	// Removing one leaves the other and the source's track.
	m, err = media.RemoveAudioTrack(dir, "fr")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.AudioTracks) != 2 || m.AudioTracks[1].ID != "en" {
		t.Fatalf("tracks after removal: %+v", m.AudioTracks)
	}
	if _, err := os.Stat(filepath.Join(dir, "audio", "fr")); !os.IsNotExist(err) {
		t.Errorf("audio/fr is still there: %v", err)
	}
	if _, err := media.RemoveAudioTrack(dir, "0"); err != nil {
		t.Fatal(err)
	}
	if m, _ := media.ReadManifest(dir); len(m.AudioTracks) != 2 {
		t.Errorf("the source's track was removed")
	}
}

func TestAddAudioTrackRefuses(t *testing.T) {
	ctx := ladderTestContext(t)
	src := avSource(t, "320x180", "30", "3")
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: dir, LadderOnly: true}); err != nil {
		t.Fatal(err)
	}
	silent := generateSource(t, "silent.mp4", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-t", "1", "-c:v", "libx264", "-preset", "ultrafast")
	bad := notMediaFiles(t)
	cases := []struct {
		name, source, id, code string
	}{
		{"random bytes", bad["random"], "fr", media.CodeNotMedia},
		{"text", bad["text"], "fr", media.CodeNotMedia},
		{"empty", bad["empty"], "fr", media.CodeNotMedia},
		{"no audio stream", silent, "fr", media.CodeNoAudio},
		{"a track of the source", src, "0", media.CodeInvalidArgument},
		{"a path for an id", src, "../x", media.CodeInvalidArgument},
	}
	for _, c := range cases {
		_, err := media.AddAudioTrack(ctx, media.AddAudioOptions{Dir: dir, Source: c.source, ID: c.id, Kind: media.AudioKindDub})
		if !media.IsCode(err, c.code) {
			t.Errorf("%s: want %s, got %v", c.name, c.code, err)
		}
	}
}

func TestPosterFromImageAndTime(t *testing.T) {
	ctx := ladderTestContext(t)
	src := avSource(t, "640x360", "30", "4")
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := media.Process(ctx, media.ProcessOptions{Source: src, OutDir: dir}); err != nil {
		t.Fatal(err)
	}
	img := generateSource(t, "cover.png", "-f", "lavfi", "-i", "color=c=red:s=2400x1000", "-frames:v", "1")
	res, err := media.PosterFromImage(ctx, img, dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Width != 1920 || res.Height != 800 {
		t.Errorf("poster from a 2400x1000 image is %dx%d, want 1920x800", res.Width, res.Height)
	}
	f, err := os.Open(filepath.Join(dir, "poster.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	pic, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if r, g, _, _ := pic.At(100, 100).RGBA(); r>>8 < 200 || g>>8 > 60 {
		t.Errorf("poster is not the red image")
	}
	if _, err := os.Stat(filepath.Join(dir, "poster.webp")); err != nil {
		t.Error(err)
	}
	res, err = media.PosterAt(ctx, dir, 2500*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Time.Seconds()-2.5) > 0.1 {
		t.Errorf("poster at %v, want 2.5 s", res.Time)
	}
	m, _ := media.ReadManifest(dir)
	if m.Poster == nil || math.Abs(m.Poster.Time-2.5) > 0.1 {
		t.Errorf("media.json poster: %+v", m.Poster)
	}
	bad := notMediaFiles(t)
	if _, err := media.PosterFromImage(ctx, bad["random"], dir); !media.IsCode(err, media.CodeNotMedia) {
		t.Errorf("random bytes as a poster: %v", err)
	}
}

func segmentFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for i := 0; ; i++ {
		p := filepath.Join(dir, strconv.Itoa(i)+".m4s")
		if _, err := os.Stat(p); err != nil {
			break
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		t.Fatalf("no segments in %s", dir)
	}
	return out
}

// TestProbeImage decodes images as a poster upload is checked: JPEG, PNG
// and WebP (lossy and lossless) pass; a WebP cut in half, one whose RIFF
// and VP8 headers are right and whose picture is garbage, random bytes and
// text are not_media. PosterFromImage says the same of them (it said
// no_video of both WebPs before, as FFmpeg finds a stream of no size).
func TestProbeImage(t *testing.T) {
	ctx := ladderTestContext(t)
	webp := generateSource(t, "x.webp", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1")
	good := map[string]string{
		"jpeg":          generateSource(t, "x.jpg", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1"),
		"png":           generateSource(t, "x.png", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1"),
		"lossy webp":    webp,
		"lossless webp": generateSource(t, "l.webp", "-f", "lavfi", "-i", "testsrc2=size=64x64", "-frames:v", "1", "-lossless", "1"),
	}
	for name, path := range good {
		// Uploads are spooled to files without an extension (FFmpeg then
		// finds the format from the bytes; a ".jpg" name picks its image2
		// demuxer, which does not seek back to a single JPEG's picture).
		path = withoutExtension(t, path)
		if err := media.ProbeImage(ctx, path); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := notMediaFiles(t)
	delete(bad, "missing")
	for name, b := range badWebPs(t, webp) {
		bad[name] = b
	}
	// What a Go decode refused before this one did (the API reads only
	// the header now): a PNG cut in half. (A baseline JPEG's headers with
	// garbage after them decodes here, to a garbage picture: FFmpeg's
	// decoder conceals damage, and the poster job uses the same one.)
	png, err := os.ReadFile(good["png"])
	if err != nil {
		t.Fatal(err)
	}
	bad["truncated png"] = filepath.Join(t.TempDir(), "upload")
	if err := os.WriteFile(bad["truncated png"], png[:len(png)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	for name, path := range bad {
		if err := media.ProbeImage(ctx, path); !media.IsCode(err, media.CodeNotMedia) {
			t.Errorf("%s: %v, want not_media", name, err)
		}
		if strings.Contains(name, "webp") {
			if _, err := media.PosterFromImage(ctx, path, t.TempDir()); !media.IsCode(err, media.CodeNotMedia) {
				t.Errorf("PosterFromImage of %s: %v, want not_media", name, err)
			}
		}
	}
}

// badWebPs are two WebP files made from a good one that no decoder takes,
// whose headers still say WebP: cut in half, and the RIFF and VP8 headers
// kept (30 bytes: size, start code, picture size) with 0xff after them.
func badWebPs(t *testing.T, good string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := map[string]string{}
	for name, data := range map[string][]byte{
		"truncated webp":                b[:len(b)/2],
		"garbage after the header webp": append(append([]byte(nil), b[:30]...), bytes.Repeat([]byte{0xff}, len(b)-30)...),
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		out[name] = p
	}
	return out
}

// withoutExtension copies path to a file named without an extension.
func withoutExtension(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "body")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
