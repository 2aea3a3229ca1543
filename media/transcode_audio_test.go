package media_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/reelvideo/reel/media"
)

// TestAudioTrackStartsOnTime checks that each sound plays with its picture:
// a beep made at the instant of a white frame is heard within 2 ms of it,
// in the HLS audio track (as MSE players play it, ignoring edit lists) and
// in the MP4 rendition, as in the source; and the track lasts as long as
// the source's audio, within an AAC frame. The AAC encoder's first packet
// decodes to 1024 samples of priming: played, it delayed every sound by
// 21.3 ms, more than a frame at 60 fps.
func TestAudioTrackStartsOnTime(t *testing.T) {
	t.Parallel()
	src := generateSource(t, "source.mp4", join(lavfi(zooVideo("160x90", 30, 30), zooBeeps(44100, 1000, "stereo")),
		[]string{"-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"})...)
	out := t.TempDir()
	m, err := media.Process(ladderTestContext(t), media.ProcessOptions{Source: src, OutDir: out, LadderOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	srcBeeps, srcFlashes := beepTimes(t, src, "a:0"), flashTimes(t, src)
	if len(srcBeeps) != 2 || len(srcFlashes) != 2 {
		t.Fatalf("source: beeps %v, flashes %v", srcBeeps, srcFlashes)
	}
	a := m.AudioTracks[0]
	track := concatFiles(t, filepath.Join(t.TempDir(), "audio.mp4"), trackFiles(out, a.Init, a.Segments)...)
	mp4 := filepath.Join(out, m.Renditions[0].MP4)
	for _, f := range []struct {
		name    string
		beeps   []float64
		flashes []float64
	}{
		// The HLS tracks start at 0 together: the beeps are due at the
		// source's flashes.
		{"HLS audio track", beepTimes(t, track, "a:0"), []float64{0, 0}},
		{m.Renditions[0].MP4, beepTimes(t, mp4, "a:0"), flashTimes(t, mp4)},
	} {
		if len(f.beeps) != 2 || len(f.flashes) != 2 {
			t.Fatalf("%s: beeps %v, flashes %v", f.name, f.beeps, f.flashes)
		}
		for k := range 2 {
			want := srcBeeps[k] - srcFlashes[k]
			got := f.beeps[k] - f.flashes[k]
			if f.name == "HLS audio track" {
				want, got = srcBeeps[k], f.beeps[k]
			}
			if math.Abs(got-want) > 0.002 {
				t.Errorf("%s: beep %d at %+.1f ms, want %+.1f ms as in the source", f.name, k+1, got*1000, want*1000)
			}
		}
	}
	got, want := decodedSeconds(t, track, "a:0"), decodedSeconds(t, src, "a:0")
	if d := got - want; d < 0 || d > 1024.0/48000 {
		t.Errorf("audio track plays %.4f s, the source's audio %.4f s: want up to an AAC frame more", got, want)
	}
}
